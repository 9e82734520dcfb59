//! docs/operations.md "Tracing": with `otlp_endpoint` set, `telemetry::init` exports the host's
//! tracing spans over OTLP/HTTP (protobuf). A real HTTP listener on 127.0.0.1 stands in for the
//! collector; requests go through the real router on a real SQLite file, and the receiver
//! decodes what arrives (opentelemetry-proto) and finds each request's span with its fields.
//!
//! One test in this binary: it installs the process's global subscriber.

mod common;

use std::sync::{Arc, Mutex};

use axum::{
    body::{Body, Bytes},
    http::{HeaderMap, Request, StatusCode, header},
    routing::post,
};
use forecourt_host::config::Settings;
use opentelemetry_proto::tonic::{
    collector::trace::v1::ExportTraceServiceRequest,
    common::v1::{AnyValue, KeyValue, any_value},
};
use prost::Message;

type Received = Arc<Mutex<Vec<(HeaderMap, Bytes)>>>;

/// An OTLP/HTTP receiver: `POST /v1/traces` is recorded and answered with an empty
/// `ExportTraceServiceResponse`. Returns its traces URL and what it received.
async fn collector() -> (String, Received) {
    let got: Received = Arc::default();
    let rec = got.clone();
    let app = axum::Router::new().route(
        "/v1/traces",
        post(move |headers: HeaderMap, body: Bytes| {
            let rec = rec.clone();
            async move {
                rec.lock().unwrap().push((headers, body));
                (StatusCode::OK, [(header::CONTENT_TYPE, "application/x-protobuf")], Vec::<u8>::new())
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1/traces", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, got)
}

fn string(v: &Option<AnyValue>) -> Option<&str> {
    match v.as_ref()?.value.as_ref()? {
        any_value::Value::StringValue(s) => Some(s),
        _ => None,
    }
}

fn attr<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a str> {
    attrs.iter().find(|kv| kv.key == key).and_then(|kv| string(&kv.value))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_spans_reach_the_otlp_endpoint_with_their_fields() {
    let (endpoint, got) = collector().await;
    let settings = Settings {
        otlp_endpoint: Some(endpoint),
        otlp_service_name: "forecourt-under-test".into(),
        ..Settings::default()
    };
    let telemetry = forecourt_host::telemetry::init(&settings).expect("telemetry");
    assert!(telemetry.exports());

    let tdb = common::test_db().await;
    let (dir, reg) = common::write_tenants(&[("alpha", common::tenant_toml("alpha"))]);
    let app = common::app(common::state(&tdb.db, reg, dir.path(), None).await);
    let ids = ["otlp-req-1", "otlp-req-2", "otlp-req-3"];
    for id in ids {
        let req = Request::get("/api/v1/tenant")
            .header("host", "alpha.localhost")
            .header("x-request-id", id)
            .body(Body::empty())
            .unwrap();
        let (s, _, b) = common::call(&app, req).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // Sends what is batched and stops the exporter (it blocks: off the async workers).
    tokio::task::spawn_blocking(move || telemetry.shutdown()).await.unwrap();

    let received = got.lock().unwrap().clone();
    assert!(!received.is_empty(), "the collector received no export");
    let mut found = Vec::new();
    for (headers, body) in &received {
        assert_eq!(headers[header::CONTENT_TYPE], "application/x-protobuf");
        let export = ExportTraceServiceRequest::decode(body.as_ref()).expect("an OTLP protobuf body");
        for rs in &export.resource_spans {
            let resource = rs.resource.as_ref().expect("a resource");
            assert_eq!(attr(&resource.attributes, "service.name"), Some("forecourt-under-test"));
            for span in rs.scope_spans.iter().flat_map(|s| &s.spans) {
                if span.name == "request"
                    && let Some(id) = attr(&span.attributes, "request_id")
                    && ids.contains(&id)
                {
                    assert_eq!(attr(&span.attributes, "tenant"), Some("alpha"), "{span:?}");
                    assert_eq!(attr(&span.attributes, "path"), Some("/api/v1/tenant"), "{span:?}");
                    assert_eq!(attr(&span.attributes, "method"), Some("GET"), "{span:?}");
                    assert!(span.end_time_unix_nano >= span.start_time_unix_nano);
                    found.push(id.to_string());
                }
            }
        }
    }
    found.sort();
    assert_eq!(found, ids, "one request span per request");
}
