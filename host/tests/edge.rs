//! The HTTP edge over real HTTP on 127.0.0.1 (docs/features/platform.md "Foundation"): every
//! rejection in the error envelope with its field, Host and URI checks, the client IP behind a
//! trusted proxy (and only then), HSTS, the header read timeout, graceful shutdown (`/readyz` 503,
//! then the drain deadline), and the OpenAPI document's request schemas.

mod common;

use std::{sync::Arc, time::Duration};

use common::{tenant_toml, test_db, write_tenants};
use forecourt_host::{
    config::Settings,
    http::{serve::serve_on, server, state::AppState},
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

/// A served host on an ephemeral port: its address, the shutdown trigger and the serve task.
struct Served {
    addr: std::net::SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<forecourt_host::http::serve::ServeReport>,
    _db: common::TestDb,
    _dir: tempfile::TempDir,
}

/// Starts the real router for tenant `edge` with `tune` applied to its settings.
async fn serve(tune: impl FnOnce(&mut Settings)) -> Served {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("edge", tenant_toml("edge"))]);
    let mut state: AppState = common::state(&tdb.db, reg, dir.path(), Some("s3cret")).await;
    let mut settings = (*state.settings).clone();
    settings.max_body_bytes = 4096;
    tune(&mut settings);
    state.settings = Arc::new(settings);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let settings = state.settings.clone();
    let task = tokio::spawn(async move {
        serve_on(listener, server::edge(state), &settings, async {
            stopped.await.ok();
        })
        .await
    });
    Served {
        addr,
        stop: Some(stop),
        task,
        _db: tdb,
        _dir: dir,
    }
}

/// A parsed HTTP/1.1 answer.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> serde_json::Value {
        common::json(&self.body)
    }
}

/// Sends `raw` bytes as they are (the request must say `Connection: close`) and reads the answer
/// to the end. Bounded by 30 s so a server that never answers fails the test instead of hanging.
async fn raw(addr: std::net::SocketAddr, raw: &[u8]) -> Answer {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(raw).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut buf))
        .await
        .expect("the server answers")
        .ok();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':').map(|(n, v)| (n.trim().to_string(), v.trim().to_string())))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// A request with `Host: edge.localhost`, `Connection: close`, the extra header lines and a body
/// (with its Content-Length when not empty).
fn request(method: &str, target: &str, extra: &str, body: &str) -> Vec<u8> {
    let length = if body.is_empty() && method == "GET" {
        String::new()
    } else {
        format!("Content-Length: {}\r\n", body.len())
    };
    format!("{method} {target} HTTP/1.1\r\nHost: edge.localhost\r\nConnection: close\r\n{extra}{length}\r\n{body}").into_bytes()
}

/// (what, the raw request, status, `code`, `field`).
type BadRequest = (&'static str, Vec<u8>, u16, &'static str, Option<&'static str>);

#[tokio::test]
async fn every_bad_request_is_answered_in_the_envelope_naming_the_field() {
    let s = serve(|_| {}).await;
    let json = "Content-Type: application/json\r\n";
    let long_query = format!("/api/v1/search?q={}", "a".repeat(9000));
    let big_body = format!("{{\"amount\":{}1}}", "0".repeat(5000));
    let table: Vec<BadRequest> = vec![
        (
            "wrong content type",
            request(
                "POST",
                "/api/v1/finance/repayment",
                "Content-Type: text/plain\r\n",
                r#"{"amount":1}"#,
            ),
            415,
            "unsupported_media_type",
            Some("content-type"),
        ),
        (
            "no content type",
            request("POST", "/api/v1/finance/repayment", "", r#"{"amount":1}"#),
            415,
            "unsupported_media_type",
            Some("content-type"),
        ),
        (
            "malformed JSON",
            request("POST", "/api/v1/finance/repayment", json, r#"{"amount":"#),
            400,
            "malformed_json",
            Some("body"),
        ),
        (
            "wrong type",
            request("POST", "/api/v1/finance/repayment", json, r#"{"amount":"lots"}"#),
            400,
            "invalid_field",
            Some("amount"),
        ),
        (
            "not an object",
            request("POST", "/api/v1/finance/repayment", json, "\"text\""),
            400,
            "invalid_field",
            Some("body"),
        ),
        (
            "body over max_body_bytes",
            request("POST", "/api/v1/finance/repayment", json, &big_body),
            413,
            "payload_too_large",
            Some("body"),
        ),
        (
            "raw body over max_body_bytes",
            request("POST", "/api/v1/admin/import", "Content-Type: text/csv\r\n", &"x".repeat(5000)),
            413,
            "payload_too_large",
            Some("body"),
        ),
        (
            "URI too long",
            request("GET", &long_query, "", ""),
            414,
            "uri_too_long",
            Some("uri"),
        ),
        (
            "query parameter of the wrong type",
            request("GET", "/api/v1/locations/edge-sales/appointments?days=many", "", ""),
            400,
            "invalid_field",
            Some("days"),
        ),
        (
            "path parameter of the wrong type",
            request("POST", "/api/v1/admin/leads/deliveries/abc/retry", "", ""),
            400,
            "invalid_field",
            Some("id"),
        ),
        (
            "path parameter not UTF-8",
            request("GET", "/api/v1/cars/%FF%FE", "", ""),
            400,
            "invalid_field",
            Some("slug"),
        ),
        (
            "method not allowed",
            request("DELETE", "/api/v1/tenant", "", ""),
            405,
            "method_not_allowed",
            Some("method"),
        ),
        ("unknown API path", request("GET", "/api/v1/nope", "", ""), 404, "not_found", None),
        (
            "two Host headers",
            b"GET /api/v1/tenant HTTP/1.1\r\nHost: edge.localhost\r\nHost: other.localhost\r\nConnection: close\r\n\r\n".to_vec(),
            400,
            "bad_host",
            Some("host"),
        ),
        (
            "Host conflicting with the request target",
            b"GET http://edge.localhost/api/v1/tenant HTTP/1.1\r\nHost: other.localhost\r\nConnection: close\r\n\r\n".to_vec(),
            400,
            "bad_host",
            Some("host"),
        ),
    ];
    for (what, req, status, code, field) in table {
        let a = raw(s.addr, &req).await;
        assert_eq!(a.status, status, "{what}: {a:?}");
        assert!(
            a.header("content-type").is_some_and(|c| c.starts_with("application/json")),
            "{what}: {a:?}"
        );
        let v = a.json();
        assert_eq!(v["error"]["code"], code, "{what}: {v}");
        assert!(v["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{what}: {v}");
        assert_eq!(v["error"]["field"].as_str(), field, "{what}: {v}");
        // Answers made before the router (413, 414, bad_host) carry the security headers too.
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"), "{what}: {a:?}");
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{what}: {a:?}");
        if status == 405 {
            assert!(a.header("allow").is_some_and(|m| m.contains("GET")), "{what}: Allow kept: {a:?}");
        }
    }
    // The same Host twice in one header line's value is still one header: served.
    let a = raw(s.addr, &request("GET", "/api/v1/tenant", "", "")).await;
    assert_eq!(a.status, 200, "{a:?}");
}

/// Issue 20 item 6: the admin import honours the configured `max_body_bytes`, not axum's 2 MiB
/// default for buffered bodies. With a limit of 3 MiB, a JSON feed of exactly 3 MiB (one car
/// padded with whitespace) imports; one byte more is a 413 in the envelope on `body`.
#[tokio::test]
async fn admin_import_takes_bodies_up_to_max_body_bytes_and_refuses_longer_ones() {
    const LIMIT: usize = 3 * 1024 * 1024;
    let s = serve(|settings| settings.max_body_bytes = LIMIT).await;
    let feed = |stocknum: &str, len: usize| {
        let car = format!(r#"[{{"stocknum":"{stocknum}","year":2022,"make":"Kia","model":"Sportage","price":38990,"car_type":"used"}}]"#);
        assert!(car.len() <= len);
        format!("{car}{}", " ".repeat(len - car.len()))
    };
    let headers = "Content-Type: application/json\r\nAuthorization: Bearer s3cret\r\nPrefer: wait=120\r\n";
    let target = "/api/v1/admin/import?format=json&mode=delta";
    let a = raw(s.addr, &request("POST", target, headers, &feed("BIG1", LIMIT))).await;
    assert_eq!(
        a.status, 200,
        "a body of exactly max_body_bytes ({LIMIT} bytes) imports: {}",
        a.body
    );
    assert_eq!(a.json()["inserted"], 1, "{}", a.body);
    let car = raw(s.addr, &request("GET", "/api/v1/cars/2022-kia-sportage-big1", "", "")).await;
    assert_eq!(car.status, 200, "{}", car.body);

    // One byte more, announced by its Content-Length, is refused before any of it is read (only
    // the head is sent: the server answers and closes without waiting for the body).
    let head = format!(
        "POST {target} HTTP/1.1\r\nHost: edge.localhost\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n",
        LIMIT + 1
    );
    let a = raw(s.addr, head.as_bytes()).await;
    assert_eq!(a.status, 413, "{}", a.body);
    assert_eq!(a.json()["error"]["code"], "payload_too_large", "{}", a.body);
    assert_eq!(a.json()["error"]["field"], "body", "{}", a.body);
}

#[tokio::test]
async fn forwarded_client_ip_is_read_only_from_trusted_proxies() {
    use forecourt_host::http::session::forwarded_client;
    let h = |pairs: &[(&str, &str)]| {
        let mut m = axum::http::HeaderMap::new();
        for (n, v) in pairs {
            m.append(axum::http::HeaderName::from_bytes(n.as_bytes()).unwrap(), v.parse().unwrap());
        }
        m
    };
    let proxy: std::net::IpAddr = "10.0.0.5".parse().unwrap();
    let trusted: Vec<ipnet::IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
    let xff = h(&[("x-forwarded-for", "198.51.100.7, 203.0.113.9")]);
    assert_eq!(forwarded_client(proxy, &xff, &trusted).to_string(), "203.0.113.9", "rightmost");
    assert_eq!(forwarded_client(proxy, &xff, &[]).to_string(), "10.0.0.5", "untrusted peer");
    let other: std::net::IpAddr = "192.0.2.1".parse().unwrap();
    assert_eq!(
        forwarded_client(other, &xff, &trusted).to_string(),
        "192.0.2.1",
        "peer outside the CIDR"
    );
    let fwd = h(&[("forwarded", "for=198.51.100.7, for=\"[2001:db8::1]:4711\"")]);
    assert_eq!(forwarded_client(proxy, &fwd, &trusted).to_string(), "2001:db8::1");
    assert_eq!(
        forwarded_client(proxy, &h(&[]), &trusted).to_string(),
        "10.0.0.5",
        "no header: the peer"
    );
    let mapped: std::net::IpAddr = "::ffff:10.0.0.5".parse().unwrap();
    assert_eq!(
        forwarded_client(mapped, &xff, &trusted).to_string(),
        "203.0.113.9",
        "IPv4-mapped peer"
    );
}

/// Posts an (invalid) lead with `X-Forwarded-For: client`: the limit is checked before the body,
/// so each answer is 400 while the client's budget lasts and 429 after.
async fn lead_from(addr: std::net::SocketAddr, client: &str) -> u16 {
    let extra = format!("Content-Type: application/json\r\nX-Forwarded-For: {client}\r\n");
    raw(addr, &request("POST", "/api/v1/leads", &extra, "{}")).await.status
}

#[tokio::test]
async fn per_ip_lead_limit_counts_forwarded_clients_behind_a_trusted_proxy() {
    // Not trusted: X-Forwarded-For is the client's say; every request is 127.0.0.1's budget.
    let s = serve(|s| s.lead_submissions_per_minute = 2).await;
    let got = [
        lead_from(s.addr, "203.0.113.1").await,
        lead_from(s.addr, "203.0.113.2").await,
        lead_from(s.addr, "203.0.113.3").await,
    ];
    assert_eq!(got, [400, 400, 429], "one budget for the peer");
    drop(s);
    // 127.0.0.1 trusted: each forwarded client has its own budget.
    let s = serve(|s| {
        s.lead_submissions_per_minute = 2;
        s.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    let got = [
        lead_from(s.addr, "198.51.100.1").await,
        lead_from(s.addr, "198.51.100.1").await,
        lead_from(s.addr, "198.51.100.1").await,
        lead_from(s.addr, "198.51.100.2").await,
        lead_from(s.addr, "198.51.100.2").await,
        lead_from(s.addr, "198.51.100.2").await,
    ];
    assert_eq!(got, [400, 400, 429, 400, 400, 429], "a budget per forwarded client");
}

#[tokio::test]
async fn hsts_is_sent_only_when_cookies_are_secure() {
    let s = serve(|s| s.secure_cookies = Some(true)).await;
    let a = raw(s.addr, &request("GET", "/api/v1/tenant", "", "")).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.header("strict-transport-security"), Some(server::HSTS));
    let a = raw(s.addr, &request("GET", "/api/v1/nope", "", "")).await;
    assert_eq!(a.header("strict-transport-security"), Some(server::HSTS), "error answers too");
    // The test settings bind 127.0.0.1: plain-http development, no HSTS.
    let s = serve(|_| {}).await;
    let a = raw(s.addr, &request("GET", "/api/v1/tenant", "", "")).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.header("strict-transport-security"), None);
}

/// Reads from `s` until the server closes it (0 bytes or an error), bounded by `polls` reads of
/// at most 1 s each. Returns whether it closed.
async fn closed_by_server(s: &mut TcpStream, polls: usize) -> bool {
    let mut buf = [0u8; 1024];
    for _ in 0..polls {
        match tokio::time::timeout(Duration::from_secs(1), s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
            Err(_) => {}
        }
    }
    false
}

#[tokio::test]
async fn a_connection_that_never_finishes_its_headers_is_closed() {
    let s = serve(|s| s.header_read_timeout_ms = 200).await;
    let mut stalled = TcpStream::connect(s.addr).await.unwrap();
    stalled
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: edge.localhost\r\nX-Slow: ")
        .await
        .unwrap();
    assert!(closed_by_server(&mut stalled, 60).await, "the stalled connection is closed");
    // A complete request on a new connection is still served.
    let a = raw(s.addr, &request("GET", "/healthz", "", "")).await;
    assert_eq!((a.status, a.body.as_str()), (200, "ok"));
}

/// A connection that sends no byte, and one that sends its headers and then no body, are closed
/// after `header_read_timeout_ms` (each once stayed open 300 s: 3,000 of them from one address);
/// the body-less request is answered 408 first. Counted in polls of the socket, not timed.
#[tokio::test]
async fn silent_and_body_less_connections_are_closed() {
    let s = serve(|s| s.header_read_timeout_ms = 200).await;
    let mut silent = TcpStream::connect(s.addr).await.unwrap();
    assert!(closed_by_server(&mut silent, 60).await, "the silent connection is closed");
    let mut bodyless = TcpStream::connect(s.addr).await.unwrap();
    bodyless
        .write_all(
            b"POST /api/v1/finance/repayment HTTP/1.1\r\nHost: edge.localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        )
        .await
        .unwrap();
    assert!(closed_by_server(&mut bodyless, 60).await, "the body-less connection is closed");
    let a = raw(s.addr, &request("GET", "/healthz", "", "")).await;
    assert_eq!((a.status, a.body.as_str()), (200, "ok"));
}

#[tokio::test]
async fn shutdown_answers_readyz_503_first_then_closes_stalled_requests_at_the_drain_deadline() {
    let mut s = serve(|s| {
        s.shutdown_ready_grace_ms = Some(3000);
        s.shutdown_drain_ms = 300;
    })
    .await;
    let a = raw(s.addr, &request("GET", "/readyz", "", "")).await;
    assert_eq!((a.status, a.body.as_str()), (200, "ready"));
    // A client that sends its headers and promises a body it never sends.
    let mut stalled = TcpStream::connect(s.addr).await.unwrap();
    stalled
        .write_all(
            b"POST /api/v1/finance/repayment HTTP/1.1\r\nHost: edge.localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        )
        .await
        .unwrap();
    s.stop.take().unwrap().send(()).unwrap();
    // While the grace lasts the host still serves, and /readyz says it is going away.
    let mut answer = None;
    for _ in 0..200 {
        let a = raw(s.addr, &request("GET", "/readyz", "", "")).await;
        if a.status == 503 {
            answer = Some(a);
            break;
        }
        assert_eq!(a.status, 200, "{a:?}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let a = answer.expect("/readyz answers 503 after the signal");
    assert_eq!(a.json()["error"]["code"], "draining", "{a:?}");
    let a = raw(s.addr, &request("GET", "/healthz", "", "")).await;
    assert_eq!(a.status, 200, "still serving during the grace: {a:?}");
    // Then the listener closes and the stalled request is cut at the drain deadline.
    let report = tokio::time::timeout(Duration::from_secs(60), &mut s.task)
        .await
        .expect("serve returns: nothing keeps it alive past the drain")
        .unwrap();
    assert!(report.cut_at_deadline >= 1, "{report:?}");
    assert!(
        closed_by_server(&mut stalled, 10).await,
        "the stalled client's connection is closed"
    );
    assert!(TcpStream::connect(s.addr).await.is_err(), "the listener is closed");
}

/// Every `$ref` under `v`.
fn refs(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            if let Some(r) = m.get("$ref").and_then(|r| r.as_str()) {
                out.push(r.to_string());
            }
            m.values().for_each(|x| refs(x, out));
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

/// The properties of a schema (following `$ref` and `allOf`) with their required flags.
fn properties(doc: &serde_json::Value, schema: &serde_json::Value, out: &mut Vec<(String, bool)>) {
    if schema["$ref"].is_string() {
        return properties(doc, resolve(doc, schema), out);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        properties(doc, part, out);
    }
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r.as_str())
        .collect();
    for (name, _) in schema["properties"].as_object().into_iter().flatten() {
        out.push((name.clone(), required.contains(&name.as_str())));
    }
}

/// `schema` itself, or the component its `$ref` names.
fn resolve<'a>(doc: &'a serde_json::Value, schema: &'a serde_json::Value) -> &'a serde_json::Value {
    match schema["$ref"].as_str() {
        Some(r) => &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
        None => schema,
    }
}

/// The schema of property `name` of a schema (following `$ref` and `allOf`).
fn property(doc: &serde_json::Value, schema: &serde_json::Value, name: &str) -> Option<serde_json::Value> {
    let schema = resolve(doc, schema);
    if let Some(p) = schema["properties"].get(name) {
        return Some(p.clone());
    }
    schema["allOf"].as_array()?.iter().find_map(|part| property(doc, part, name))
}

#[test]
fn openapi_refs_resolve_and_every_request_body_is_typed() {
    use utoipa::OpenApi;
    let doc = serde_json::to_value(forecourt_host::http::api::ApiDoc::openapi()).unwrap();
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(!all.is_empty());
    for r in &all {
        let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{r}"));
        assert!(doc["components"]["schemas"][name].is_object(), "{r} does not resolve");
    }
    let mut bodies = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Some(content) = op["requestBody"]["content"].as_object() else {
                continue;
            };
            for (media, c) in content {
                bodies += 1;
                let schema = &c["schema"];
                let bare = schema
                    .as_object()
                    .is_some_and(|o| o.len() == 1 && o.get("type") == Some(&"object".into()));
                assert!(
                    !bare && !schema.is_null(),
                    "{method} {path} ({media}) has an untyped body: {schema}"
                );
            }
        }
    }
    assert!(bodies >= 10, "{bodies} request bodies");
    let leads = &doc["paths"]["/api/v1/leads"]["post"]["requestBody"]["content"]["application/json"]["schema"];
    assert_eq!(leads["$ref"], "#/components/schemas/LeadSubmission", "{leads}");
    let sub = &doc["components"]["schemas"]["LeadSubmission"];
    assert_eq!(sub["discriminator"]["propertyName"], "form", "{sub}");
    assert_eq!(
        sub["oneOf"].as_array().map(Vec::len),
        Some(forecourt_host::leads::FORMS.len()),
        "{sub}"
    );
}

#[test]
fn lead_schemas_document_exactly_intakes_field_table() {
    use utoipa::OpenApi;
    let doc = serde_json::to_value(forecourt_host::http::api::ApiDoc::openapi()).unwrap();
    let sub = &doc["components"]["schemas"]["LeadSubmission"];
    for form in forecourt_host::leads::FORMS {
        let schema = sub["discriminator"]["mapping"][form].clone();
        assert!(schema.is_string(), "{form} is mapped: {sub}");
        let mut documented = Vec::new();
        properties(&doc, &serde_json::json!({ "$ref": schema }), &mut documented);
        let form_prop = documented.iter().position(|(n, _)| n == "form").expect("form documented");
        assert!(documented[form_prop].1, "form is required");
        let mut documented: Vec<(String, bool)> = documented
            .into_iter()
            .filter(|(n, _)| n != "form" && n != "idempotency_key")
            .collect();
        let mut table: Vec<(String, bool)> = forecourt_host::leads::intake::form_field_table(form)
            .into_iter()
            .map(|(n, r)| (n.to_string(), r))
            .collect();
        documented.sort();
        table.sort();
        assert_eq!(documented, table, "{form}: the documented fields (name, required) are intake's");
        // The form's value is the one the schema documents.
        let form_schema = property(&doc, &serde_json::json!({ "$ref": schema }), "form").expect("form property");
        let values = resolve(&doc, &form_schema)["enum"].clone();
        assert_eq!(values, serde_json::json!([form]), "{form}: {form_schema}");
    }
}

/// SECURITY.md "API conformance": the edge's standard rejections are declared on every operation
/// that can give them (400 with parameters or a body, 413 with a body, 415 with a JSON body), each
/// with the error envelope, and the parameters carry the host's own constraints.
#[test]
fn every_operation_declares_the_edges_standard_error_answers() {
    use utoipa::OpenApi;
    let doc = serde_json::to_value(forecourt_host::http::api::ApiDoc::openapi()).unwrap();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let params = op["parameters"].as_array().is_some_and(|p| !p.is_empty());
            let body = op.get("requestBody");
            let json_body = body.is_some_and(|b| b["content"].get("application/json").is_some());
            let mut expected = Vec::new();
            if params || body.is_some() {
                expected.push("400");
            }
            if body.is_some() {
                expected.push("413");
            }
            if json_body {
                expected.push("415");
            }
            for status in expected {
                let answer = &op["responses"][status];
                assert!(answer.is_object(), "{method} {path} does not declare {status}");
                let mut r = Vec::new();
                refs(&answer["content"]["application/json"]["schema"], &mut r);
                assert_eq!(r, ["#/components/schemas/ErrorEnvelope"], "{method} {path} {status}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} answers checked");
    let leads = &doc["paths"]["/api/v1/admin/leads"]["get"]["parameters"];
    let limit = leads.as_array().unwrap().iter().find(|p| p["name"] == "limit").unwrap();
    assert_eq!(
        (limit["schema"]["minimum"].as_f64(), limit["schema"]["maximum"].as_f64()),
        (Some(1.0), Some(500.0))
    );
    let delivery = &doc["paths"]["/api/v1/cars/{slug}/delivery"]["get"]["parameters"];
    let postcode = delivery.as_array().unwrap().iter().find(|p| p["name"] == "postcode").unwrap();
    assert_eq!(postcode["required"], true);
    assert_eq!(postcode["schema"]["pattern"], "^[0-9]{4}$");
}

/// Lead form schema `name` of a served document: one object, no other field.
fn own_part<'a>(doc: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    let s = &doc["components"]["schemas"][name];
    assert_eq!(s["additionalProperties"], false, "{name}: {s}");
    assert!(s["properties"]["name"].is_object(), "{name} has the common fields: {s}");
    s
}

/// SECURITY.md "API conformance": the served document states the host's rules the derive cannot
/// (a car or an amount, a car or a price, the trade-in year window, `leads.csv` without paging,
/// an unknown postcode's 404), and a site's own document its required lead fields and values.
#[test]
fn the_served_document_states_the_hosts_rules_and_each_sites_own() {
    use forecourt_host::http::api::contract::document;
    let doc = document(None, true);
    let schemas = &doc["components"]["schemas"];
    let branches = |name: &str| -> Vec<serde_json::Value> {
        schemas[name]["oneOf"]
            .as_array()
            .unwrap_or_else(|| panic!("{name} is oneOf"))
            .iter()
            .map(|b| b["required"].clone())
            .collect()
    };
    assert_eq!(
        branches("RepaymentBody"),
        vec![serde_json::json!(["car"]), serde_json::json!(["amount"])]
    );
    assert_eq!(
        branches("QuoteBody"),
        vec![serde_json::json!(["car"]), serde_json::json!(["purchasePrice"])]
    );
    let for_amount = &schemas["RepaymentBody"]["oneOf"][1]["properties"];
    assert_eq!(for_amount["term_years"]["minimum"], 0.25);
    assert_eq!(for_amount["car"]["type"], "null", "without a car: no car");
    assert!(
        schemas["RepaymentBody"]["oneOf"][0]["properties"]["establishment_fee"].is_null(),
        "with a car the calculator's fee is used"
    );
    let next_year = i64::from(jiff::Zoned::now().year()) + 1;
    assert_eq!(schemas["EstimateBody"]["properties"]["year"]["maximum"], next_year);
    assert_eq!(schemas["EstimateBody"]["properties"]["year"]["minimum"], 1950);
    assert!(schemas["RegoBody"]["properties"]["rego"]["pattern"].is_string());
    let csv_params: Vec<&str> = doc["paths"]["/api/v1/admin/leads.csv"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(csv_params, ["form", "from", "to", "delivery"], "what the export honours");
    assert!(doc["paths"]["/api/v1/locations"]["get"]["responses"]["404"].is_object());
    let import = &doc["paths"]["/api/v1/admin/import"]["post"]["requestBody"]["content"];
    assert!(import["text/csv"]["schema"]["pattern"].is_string());
    assert!(import["application/json"]["schema"]["oneOf"].is_array());
    // Every lead form: intake's rules on its fields, email or phone, a car where one is needed.
    let enquiry = own_part(&doc, "EnquiryLead");
    assert_eq!(enquiry["anyOf"][0]["required"], serde_json::json!(["email"]), "{enquiry}");
    assert!(
        !enquiry["required"].as_array().unwrap().contains(&"message".into()),
        "no site: its rule"
    );
    let test_drive = own_part(&doc, "TestDriveLead");
    assert!(test_drive["required"].as_array().unwrap().contains(&"car_id".into()));
    let common = &schemas["LeadCommon"]["properties"];
    let phone = forecourt_host::leads::intake::PHONE_PATTERN;
    assert!(
        common["phone"]["pattern"]
            .as_str()
            .is_some_and(|p| p.contains(phone.trim_start_matches('^').trim_end_matches('$'))),
        "an optional phone: the pattern or blank: {}",
        common["phone"]
    );
    assert_eq!(common["name"]["pattern"], forecourt_host::leads::intake::REQUIRED_TEXT_PATTERN);
    assert_eq!(common["visited_pages"]["items"]["maxLength"], 500);

    // Two sites: one with the defaults, one with a required postcode, an optional message, two
    // dealerships, service types and an adjustment question.
    let strict = tenant_toml("strict").replace(
        "[[dealerships]]",
        "[leads]\npostcode_required = true\nmessage_optional = true\nservice_types = [\"Logbook\", \"Tyres\"]\n\
         [[trade_in.adjustments]]\nid = \"keys\"\nquestion = \"How many keys?\"\n\
         answers = [{ value = \"one\", label = \"One\", percent = -2.0 }, { value = \"two\", label = \"Two\", percent = 0.0 }]\n\
         [[dealerships]]\nslug = \"strict-second\"\nname = \"Strict Second\"\nstate = \"QLD\"\n[[dealerships]]",
    );
    let (_dir, reg) = write_tenants(&[("plain", tenant_toml("plain")), ("strict", strict)]);
    let plain = document(Some(&reg.by_slug("plain").unwrap()), false);
    let enquiry = own_part(&plain, "EnquiryLead");
    assert!(enquiry["required"].as_array().unwrap().contains(&"message".into()), "{enquiry}");
    assert_eq!(
        plain["components"]["schemas"]["LeadCommon"]["properties"]["location"]["enum"],
        serde_json::json!(["plain-sales", "", null]),
        "visible locations only"
    );
    let strict = document(Some(&reg.by_slug("strict").unwrap()), false);
    let enquiry = own_part(&strict, "EnquiryLead");
    assert!(!enquiry["required"].as_array().unwrap().contains(&"message".into()), "{enquiry}");
    let common = &strict["components"]["schemas"]["LeadCommon"];
    let required = common["required"].as_array().unwrap();
    assert!(
        required.contains(&"postcode".into()) && required.contains(&"dealership_slug".into()),
        "{common}"
    );
    assert_eq!(
        common["properties"]["dealership_slug"]["enum"],
        serde_json::json!(["strict-second", "strict-dealer"])
    );
    let service = own_part(&strict, "ServiceLead");
    assert!(service["required"].as_array().unwrap().contains(&"Service Type".into()));
    assert_eq!(
        service["properties"]["Service Type"]["enum"],
        serde_json::json!(["Logbook", "Tyres"])
    );
    let answers = &strict["components"]["schemas"]["EstimateBody"]["properties"]["adjustmentAnswers"];
    assert_eq!(answers["properties"]["keys"]["enum"], serde_json::json!(["one", "two"]));
    assert_eq!(answers["additionalProperties"], false);
}
