//! What the leads test binaries share (docs/features/platform.md "Leads"): a site with one car
//! on real storage and the real router, form submissions, a local webhook receiver, a real local
//! SMTP server and an XML reader for the ADF documents.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use forecourt_host::{repo::TenantRepo, stock::import_feed};
use serde_json::{Value, json};
use sqlx::Row;

use crate::common::{self, call, tenant_toml, test_db, write_tenants};

pub const ADMIN: &str = "leads-admin-token";
pub const FEED: &str = "stocknum,vin,year,make,model,badge,price,km,car_type,status,created_at\n\
A1,JTNKU3JE60J021675,2021,Toyota,Corolla,Ascent,24990,45000,used,in_stock,2026-10-01T00:00:00Z\n";

pub fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

pub struct App {
    pub tdb: common::TestDb,
    pub _dir: tempfile::TempDir,
    pub state: forecourt_host::http::state::AppState,
    pub router: axum::Router,
    pub car_id: i64,
}

/// Site `alpha` with `extra` appended to its `tenant.toml`, its car A1 imported; SMTP at
/// 127.0.0.1:`smtp_port` when given.
pub async fn app(extra: &str, smtp_port: Option<u16>) -> App {
    app_with(&[("alpha", extra)], smtp_port).await
}

/// Sites (slug, extra `tenant.toml` text), each with the car A1; `car_id` is the first site's.
pub async fn app_with(sites: &[(&str, &str)], smtp_port: Option<u16>) -> App {
    let files: Vec<(&str, String)> = sites
        .iter()
        .map(|(slug, extra)| (*slug, format!("{}\n{extra}\n", tenant_toml(slug))))
        .collect();
    app_from(&files, smtp_port).await
}

/// Sites (slug, whole `tenant.toml`), each with the car A1; `car_id` is the first site's; SMTP at
/// 127.0.0.1:`smtp_port` when given.
pub async fn app_from(files: &[(&str, String)], smtp_port: Option<u16>) -> App {
    let tdb = test_db().await;
    let sites: Vec<(&str, ())> = files.iter().map(|(slug, _)| (*slug, ())).collect();
    let (dir, reg) = write_tenants(files);
    let mut state = common::state(&tdb.db, reg, dir.path(), Some(ADMIN)).await;
    let mut settings = (*state.settings).clone();
    settings.smtp_host = smtp_port.map(|_| "127.0.0.1".to_string());
    settings.smtp_port = smtp_port;
    settings.smtp_tls = forecourt_host::config::SmtpTls::None;
    settings.lead_submissions_per_minute = 1000;
    state.settings = Arc::new(settings);
    for (slug, _) in &sites {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        import_feed(&tdb.db, &t, FEED.as_bytes(), common::csv_opts("feed.csv"))
            .await
            .unwrap();
    }
    let car_id = TenantRepo::new(&tdb.db, sites[0].0)
        .car_by_stocknum("A1")
        .await
        .unwrap()
        .unwrap()
        .id;
    App {
        router: common::app(state.clone()),
        state,
        tdb,
        _dir: dir,
        car_id,
    }
}

/// Submits `body` to site `alpha`: the status and the JSON answer.
pub async fn submit(app: &App, body: Value) -> (StatusCode, Value) {
    submit_to(app, "alpha", body).await
}

/// Submits `body` to site `slug`: the status and the JSON answer.
pub async fn submit_to(app: &App, slug: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post("/api/v1/leads")
        .header("host", format!("{slug}.localhost"))
        .header("content-type", "application/json")
        .header(header::USER_AGENT, "leads-test/1.0")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (s, _, b) = call(&app.router, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

pub async fn count(app: &App, sql: &str) -> i64 {
    sqlx::query(sql).fetch_one(&app.tdb.db.pool).await.unwrap().get(0)
}

pub fn enquiry(app: &App, k: &str) -> Value {
    json!({
        "form": "enquiry", "idempotency_key": k, "name": "Sam", "last_name": "O'Neil & Co <x>",
        "email": "sam@example.com", "phone": "+61 412 345 678", "postcode": "4000",
        "message": "Is it still available?", "category": "General Enquiry", "opt_in": true,
        "car_id": app.car_id, "url": "https://alpha.example/cars/x",
        "visited_pages": ["/", "/search/used-cars"], "linked_query_params": {"utm_source": "google"}
    })
}

/// A local webhook receiver: answers with `statuses` in turn (then 200), records each call.
pub async fn receiver(statuses: Vec<u16>) -> (String, Arc<Mutex<Vec<(axum::http::HeaderMap, Vec<u8>)>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let rec = seen.clone();
    let statuses = Arc::new(Mutex::new(statuses.into_iter()));
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |headers: axum::http::HeaderMap, body: axum::body::Bytes| {
            let (rec, statuses) = (rec.clone(), statuses.clone());
            async move {
                rec.lock().unwrap().push((headers, body.to_vec()));
                StatusCode::from_u16(statuses.lock().unwrap().next().unwrap_or(200)).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

/// A real SMTP server: Python's standard-library `smtpd` on 127.0.0.1, appending each message's
/// data to `out` (each followed by a line `=====END=====`) and, parsed by Python's `email`
/// package, one JSON line to `out` + `.jsonl` (see [`smtp_messages`]). Returns the process and
/// its port.
pub fn smtp_server(out: &std::path::Path) -> (std::process::Child, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let script = r#"
import asyncore, email, email.policy, json, smtpd, sys, warnings
warnings.simplefilter("ignore")
class Sink(smtpd.SMTPServer):
    def process_message(self, peer, mailfrom, rcpttos, data, **kw):
        with open(sys.argv[2], "ab") as f:
            f.write(data)
            f.write(b"\n=====END=====\n")
        m = email.message_from_bytes(data, policy=email.policy.default)
        def body(kind):
            b = m.get_body(preferencelist=(kind,))
            return b.get_content() if b is not None else None
        rec = {"mail_from": mailfrom, "rcpt_tos": rcpttos, "content_type": m.get_content_type(),
               "headers": {k.lower(): str(v) for k, v in m.items()},
               "text": body("plain"), "html": body("html"),
               "body": None if m.is_multipart() else m.get_content()}
        with open(sys.argv[2] + ".jsonl", "a") as f:
            f.write(json.dumps(rec) + "\n")
Sink(("127.0.0.1", int(sys.argv[1])), None, decode_data=False)
asyncore.loop()
"#;
    let mut child = std::process::Command::new("python3")
        .args(["-W", "ignore", "-c", script, &port.to_string(), out.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("python3 runs the SMTP server");
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return (child, port);
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().ok();
    child.wait().ok();
    panic!("the SMTP server did not start");
}

/// The messages [`smtp_server`] writing to `out` has received so far, each as JSON: `mail_from`
/// and `rcpt_tos` (the SMTP envelope), `headers` (lower-case names, decoded values),
/// `content_type`, the decoded `text` and `html` bodies (null when the message has none) and the
/// decoded `body` of a message of one part (null for a multipart one).
pub fn smtp_messages(out: &std::path::Path) -> Vec<Value> {
    let mut path = out.as_os_str().to_owned();
    path.push(".jsonl");
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A parsed XML element: name, attributes, text and children.
#[derive(Debug, Default)]
pub struct El {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<El>,
}

impl El {
    pub fn child(&self, name: &str) -> Option<&El> {
        self.children.iter().find(|c| c.name == name)
    }
    pub fn all(&self, name: &str) -> Vec<&El> {
        self.children.iter().filter(|c| c.name == name).collect()
    }
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|a| a.0 == name).map(|a| a.1.as_str())
    }
}

/// Parses XML with quick-xml into [`El`]s; panics on malformed XML. Returns the root and
/// whether the ADF 1.0 processing instruction `<?adf version="1.0"?>` was present.
pub fn parse_xml(xml: &str) -> (El, bool) {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut stack: Vec<El> = vec![El::default()];
    let mut adf_pi = false;
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::PI(p) => adf_pi |= AsRef::<str>::as_ref(&p).trim() == r#"adf version="1.0""#,
            Event::Start(e) => stack.push(element(&e)),
            Event::Empty(e) => {
                let el = element(&e);
                stack.last_mut().unwrap().children.push(el);
            }
            Event::Text(t) => {
                let s = t.xml10_content().into_owned();
                stack.last_mut().unwrap().text.push_str(&s);
            }
            Event::GeneralRef(r) => {
                let s = match r.as_ref() {
                    "amp" => "&",
                    "lt" => "<",
                    "gt" => ">",
                    "apos" => "'",
                    "quot" => "\"",
                    _ => "",
                };
                stack.last_mut().unwrap().text.push_str(s);
            }
            Event::End(_) => {
                let mut el = stack.pop().unwrap();
                el.text = el.text.trim().to_string();
                stack.last_mut().unwrap().children.push(el);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let mut doc = stack.pop().unwrap();
    (doc.children.remove(0), adf_pi)
}

pub fn element(e: &quick_xml::events::BytesStart) -> El {
    El {
        name: AsRef::<str>::as_ref(&e.name()).to_string(),
        attrs: e
            .attributes()
            .map(|a| {
                let a = a.unwrap();
                (
                    AsRef::<str>::as_ref(&a.key).to_string(),
                    a.normalized_value(quick_xml::XmlVersion::Implicit1_0).unwrap().into_owned(),
                )
            })
            .collect(),
        ..El::default()
    }
}

/// The ADF 1.0 DTD (host/tests/fixtures/adf-1.0.dtd, with its provenance).
pub const ADF_DTD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/adf-1.0.dtd");

/// Validates `xml` against the ADF 1.0 DTD with libxml2's `xmllint --dtdvalid` (Debian
/// `libxml2-utils`, installed by .ci/setup.sh); panics with xmllint's messages when it is not
/// valid (xmllint reports some validity errors on stderr with a zero exit, so both count).
pub fn assert_valid_adf(xml: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lead.xml");
    std::fs::write(&file, xml).unwrap();
    let out = std::process::Command::new("xmllint")
        .args(["--noout", "--nonet", "--dtdvalid", ADF_DTD])
        .arg(&file)
        .output()
        .expect("xmllint runs (apt-get install libxml2-utils; .ci/setup.sh installs it)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.trim().is_empty(),
        "not valid ADF 1.0 ({}):\n{stderr}\n{xml}",
        out.status
    );
}
