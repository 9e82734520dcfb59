//! Several `forecourt serve` processes on one PostgreSQL database (issue 24 item 3;
//! docs/operations.md "Scaling"; ARCHITECTURE.md "Storage and scale"). Three real host processes
//! (the `forecourt` binary) on their own 127.0.0.1 ports and data directories, one fresh database,
//! one fixture site with a webhook served by the test on 127.0.0.1, checked over real HTTP:
//!
//! * two hosts started at the same moment on the empty database both come up (the migrations run
//!   under sqlx's advisory lock), and the third joins them;
//! * a stock import through host A is served by B and C, in `GET /api/v1/cars/{slug}` and in the
//!   VDP document `GET /cars/{slug}`;
//! * leads submitted across the three hosts reach the webhook exactly once each;
//! * a code sent by A and checked on A signs in with a cookie B and C accept; a code sent by B is
//!   accepted by C (one `code_secret` for all hosts);
//! * a lockout earned on A (wrong codes) holds on C;
//! * the shared rate limit: a client reaches the lead submission quota at the same count whether
//!   its requests go to one host or are spread over three.
//!
//! Every wait is a bounded number of polls. PostgreSQL only: skipped, by name, when
//! `FORECOURT_TEST_DATABASE_URL` is not a PostgreSQL URL (one SQLite file is one host's).

mod common;
mod leads_support;

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Duration,
};

use reqwest::{Client, StatusCode, header};
use serde_json::{Value, json};

/// The fixture site.
const SITE: &str = "alpha.localhost";
/// The hosts' admin token.
const ADMIN: &str = "multi-host-admin-token";
/// Lead submissions per client address a minute on every host (the shared budget checked below).
const LEADS_PER_MINUTE: usize = 3;
/// Leads submitted for the webhook check, spread over the hosts.
const LEADS: usize = 12;
/// Most polls of any wait (each 50 ms apart).
const MAX_POLLS: usize = 1200;
/// The feed columns of the imports.
const HEADER: &str = "stocknum,year,make,model,badge,price,km,car_type,status,location_slug";
/// The car the import changes: its slug (year, make, model, stock number).
const CAR: &str = "2020-toyota-corolla-m2";

/// The webhook receiver's calls (headers, body), as `leads_support::receiver` records them.
type Received = std::sync::Arc<std::sync::Mutex<Vec<(axum::http::HeaderMap, Vec<u8>)>>>;

/// One running `forecourt serve`: its process, base URL and log file.
struct Host {
    name: &'static str,
    child: Child,
    base: String,
    log: PathBuf,
}

impl Drop for Host {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

impl Host {
    /// Starts host `name` with the shared settings file in `dir`, its own port and data directory.
    fn start(name: &'static str, dir: &Path, db_url: &str) -> Host {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log = dir.join(format!("{name}.log"));
        let child = Command::new(env!("CARGO_BIN_EXE_forecourt"))
            .arg("serve")
            .current_dir(dir)
            .env("FORECOURT_CONFIG", dir.join("forecourt.toml"))
            .env("FORECOURT_BIND", format!("127.0.0.1:{port}"))
            .env("FORECOURT_DATABASE_URL", db_url)
            .env("FORECOURT_DATA_DIR", dir.join(format!("data-{name}")))
            .env("ALPHA__WEBHOOK_SECRET", "whsec-multi-host")
            // The webhook receiver listens on 127.0.0.1.
            .env("FORECOURT_OUTBOUND_PRIVATE_NETWORKS", "true")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("forecourt serve starts");
        Host {
            name,
            child,
            base: format!("http://127.0.0.1:{port}"),
            log,
        }
    }

    /// Polls `/healthz` until it answers 200; panics with the host's log if the process exits or
    /// it never does.
    async fn wait_ready(&mut self, client: &Client) {
        for _ in 0..MAX_POLLS {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!(
                    "host {} exited ({status}) before it was ready:\n{}",
                    self.name,
                    std::fs::read_to_string(&self.log).unwrap_or_default()
                );
            }
            if client
                .get(format!("{}/healthz", self.base))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("host {} did not come up", self.name);
    }

    fn get(&self, client: &Client, path: &str) -> reqwest::RequestBuilder {
        client.get(format!("{}{path}", self.base)).header(header::HOST, SITE)
    }

    fn post(&self, client: &Client, path: &str, body: &Value) -> reqwest::RequestBuilder {
        client.post(format!("{}{path}", self.base)).header(header::HOST, SITE).json(body)
    }
}

/// Writes the site (with its webhook `hook`), a UI build fixture (the shell's markers and route
/// table, so documents render without `npm run build`) and the hosts' shared `forecourt.toml`.
fn write_fixture(dir: &Path, hook: &str) {
    let site = dir.join("tenants/alpha");
    std::fs::create_dir_all(&site).unwrap();
    let toml = format!(
        "{}\n[leads]\nwebhook_url = \"{hook}\"\nwebhook_secret_env = \"ALPHA__WEBHOOK_SECRET\"\n",
        common::tenant_toml("alpha")
    );
    std::fs::write(site.join("tenant.toml"), toml).unwrap();
    let shell = dir.join("ui/shell");
    std::fs::create_dir_all(&shell).unwrap();
    std::fs::write(
        shell.join("index.html"),
        "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\"><title>Forecourt</title>\n\
         <!--forecourt:head-->\n</head><body><div id=\"root\"></div>\n<!--forecourt:data-->\n</body></html>",
    )
    .unwrap();
    std::fs::write(
        shell.join("routes.json"),
        r#"[{"id":"home","path":"/","title":"Home"},{"id":"car","path":"/cars/:slug","title":"Vehicle details"}]"#,
    )
    .unwrap();
    let settings = format!(
        "tenants_dir = {tenants:?}\nplugin_dir = {plugins:?}\nui_dist_dir = {shell:?}\nui_plugins_dir = {remotes:?}\n\
         admin_token = \"{ADMIN}\"\n\
         # One code secret for every host: a code sent by one host is checked by another.\n\
         code_secret = \"multi-host-code-secret-of-at-least-32-characters\"\n\
         # The test is the proxy: each request names its client in X-Forwarded-For.\n\
         trusted_proxies = [\"127.0.0.1/32\"]\n\
         lead_submissions_per_minute = {LEADS_PER_MINUTE}\n\
         sms_provider = \"log\"\nlog_format = \"json\"\n",
        tenants = dir.join("tenants").display().to_string(),
        plugins = concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/dist"),
        shell = shell.display().to_string(),
        remotes = dir.join("ui/remotes").display().to_string(),
    );
    std::fs::write(dir.join("forecourt.toml"), settings).unwrap();
}

/// The feed: three cars; the Corolla M2 at `price` with `badge`.
fn feed(price: u32, badge: &str) -> String {
    format!(
        "{HEADER}\nM1,2019,Mazda,CX-5,Maxx,28990,60000,used,in_stock,alpha-sales\n\
         M2,2020,Toyota,Corolla,{badge},{price},45000,used,in_stock,alpha-sales\n\
         M3,2024,Kia,EV6,GT-Line,67990,10,new,in_stock,alpha-sales\n"
    )
}

/// Imports `csv` through `host`'s admin API.
async fn import(client: &Client, host: &Host, csv: String) {
    let r = client
        .post(format!("{}/api/v1/admin/import", host.base))
        .header(header::HOST, SITE)
        .header(header::AUTHORIZATION, format!("Bearer {ADMIN}"))
        .header(header::CONTENT_TYPE, "text/csv")
        .header("prefer", "wait=120")
        .body(csv)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let report: Value = r.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "import through {}: {report}", host.name);
}

/// Polls `host` until the car's JSON has `price` and `badge` and its VDP document names `badge`.
/// Returns the polls it took.
async fn wait_for_car(client: &Client, host: &Host, price: f64, badge: &str) -> usize {
    let mut last = String::new();
    for poll in 0..MAX_POLLS {
        let api = host.get(client, &format!("/api/v1/cars/{CAR}")).send().await.unwrap();
        if api.status() == StatusCode::OK {
            let v: Value = api.json().await.unwrap();
            let fresh = v["car"]["price"].as_f64() == Some(price) && v["car"]["badge"].as_str() == Some(badge);
            last = format!("api: price {} badge {}", v["car"]["price"], v["car"]["badge"]);
            if fresh {
                let doc = host
                    .get(client, &format!("/cars/{CAR}"))
                    .header(header::ACCEPT, "text/html")
                    .send()
                    .await
                    .unwrap();
                let status = doc.status();
                let html = doc.text().await.unwrap();
                if status == StatusCode::OK && html.contains(&format!("Corolla {badge}")) {
                    return poll;
                }
                last = format!("api fresh; document {status} without `Corolla {badge}`");
            }
        } else {
            last = format!("api {}", api.status());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("host {} never served the car at {price} with {badge} ({last})", host.name);
}

/// Posts a lead form to `host` from client address `client_ip`. Returns the status and body.
async fn post_lead(client: &Client, host: &Host, client_ip: &str, body: &Value) -> (StatusCode, Value) {
    let r = host
        .post(client, "/api/v1/leads", body)
        .header("x-forwarded-for", client_ip)
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Asks `host` to send a sign-in code to `phone` for client `client_ip`; returns the status.
async fn send_code(client: &Client, host: &Host, client_ip: &str, phone: &str) -> StatusCode {
    host.post(client, "/api/v1/auth/send-code", &json!({ "phone": phone }))
        .header("x-forwarded-for", client_ip)
        .send()
        .await
        .unwrap()
        .status()
}

/// The newest code `host` sent to `phone`, read from its development SMS sink (admin API).
async fn sent_code(client: &Client, host: &Host, phone: &str) -> String {
    let v: Value = host
        .get(client, &format!("/api/v1/admin/sms-outbox?phone={phone}"))
        .header(header::AUTHORIZATION, format!("Bearer {ADMIN}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let body = v[0]["body"].as_str().unwrap_or_else(|| panic!("a message to {phone}: {v}"));
    body[..6].to_string()
}

/// Checks `code` for `phone` on `host` from `client_ip`: the status and the session cookie
/// (`name=value`) when one is set.
async fn verify(client: &Client, host: &Host, client_ip: &str, phone: &str, code: &str) -> (StatusCode, Option<String>) {
    let r = host
        .post(client, "/api/v1/auth/verify", &json!({ "phone": phone, "code": code }))
        .header("x-forwarded-for", client_ip)
        .send()
        .await
        .unwrap();
    let cookie = r
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("forecourt_session="))
        .map(|v| v.split(';').next().unwrap().to_string());
    (r.status(), cookie)
}

/// `GET /api/v1/auth/me` on `host` with `cookie`: the status and the signed-in phone.
async fn me(client: &Client, host: &Host, cookie: &str) -> (StatusCode, Option<String>) {
    let r = host
        .get(client, "/api/v1/auth/me")
        .header(header::COOKIE, cookie)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let v: Value = r.json().await.unwrap_or(Value::Null);
    (status, v["user"]["phone"].as_str().map(str::to_string))
}

/// A wrong code: `code` with its last digit changed.
fn wrong(code: &str) -> String {
    let last = code.as_bytes()[5] - b'0';
    format!("{}{}", &code[..5], (last + 1) % 10)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hosts_on_one_postgresql_share_their_state() {
    let Some(db) = common::empty_postgres_db().await else {
        eprintln!("SKIPPED three_hosts_on_one_postgresql_share_their_state: FORECOURT_TEST_DATABASE_URL is not a PostgreSQL URL");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (hook, received) = leads_support::receiver(vec![]).await;
    write_fixture(dir.path(), &hook);
    let client = Client::builder().timeout(Duration::from_secs(20)).build().unwrap();

    // Two hosts at the same moment on the empty database: one migrates under the advisory lock,
    // the other waits for it and finds nothing to do. Then the third.
    let mut a = Host::start("a", dir.path(), &db.url);
    let mut b = Host::start("b", dir.path(), &db.url);
    a.wait_ready(&client).await;
    b.wait_ready(&client).await;
    let mut c = Host::start("c", dir.path(), &db.url);
    c.wait_ready(&client).await;
    let hosts = [&a, &b, &c];

    // A change through A is served by B and C, as JSON and as the VDP document.
    import(&client, &a, feed(19_990, "Ascent")).await;
    for h in hosts {
        wait_for_car(&client, h, 19_990.0, "Ascent").await;
    }
    import(&client, &a, feed(17_770, "Relay")).await;
    for h in [&b, &c] {
        wait_for_car(&client, h, 17_770.0, "Relay").await;
    }

    leads_reach_the_webhook_once(&client, &hosts, &db.db, &received).await;
    sign_in_and_lockout_hold_on_every_host(&client, &hosts).await;
    the_lead_quota_is_one_budget(&client, &hosts).await;
}

/// [`LEADS`] leads, lead `i` to host `i % 3` from its own client address: each reaches the
/// webhook once, and every webhook delivery row ends `delivered` after one attempt.
async fn leads_reach_the_webhook_once(client: &Client, hosts: &[&Host; 3], db: &forecourt_host::db::Db, received: &Received) {
    let mut ids = Vec::new();
    for i in 0..LEADS {
        let body = json!({"form": "enquiry", "idempotency_key": format!("multi-host-{i}-{}", uuid::Uuid::new_v4()),
            "name": "Sam", "email": "sam@example.com", "message": format!("lead {i}")});
        let (status, v) = post_lead(client, hosts[i % 3], &format!("198.51.100.{}", i + 1), &body).await;
        assert_eq!(status, StatusCode::CREATED, "lead {i} on host {}: {v}", hosts[i % 3].name);
        ids.push(v["lead_id"].as_str().unwrap().to_string());
    }
    let mut settled = false;
    for _ in 0..MAX_POLLS {
        let open: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM lead_deliveries WHERE kind = 'webhook' AND (status <> 'delivered' OR claimed_until IS NOT NULL)",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap();
        if open == 0 && received.lock().unwrap().len() >= LEADS {
            settled = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(settled, "every webhook delivery done");
    let mut per_lead: BTreeMap<String, usize> = BTreeMap::new();
    for (headers, _) in received.lock().unwrap().iter() {
        let id = headers["x-forecourt-lead-id"].to_str().unwrap().to_string();
        *per_lead.entry(id).or_default() += 1;
    }
    let expected: BTreeMap<String, usize> = ids.into_iter().map(|id| (id, 1)).collect();
    assert_eq!(per_lead, expected, "each lead reached the webhook exactly once");
    let attempts: Vec<i64> = sqlx::query_scalar("SELECT attempts FROM lead_deliveries WHERE kind = 'webhook'")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert_eq!(attempts, vec![1; LEADS], "one try per lead");
}

/// A code sent and checked on A gives a cookie B and C accept; a code sent by B is accepted by C;
/// wrong codes on A lock that client out on C (the right code included, and new codes).
async fn sign_in_and_lockout_hold_on_every_host(client: &Client, hosts: &[&Host; 3]) {
    let [a, b, c] = *hosts;
    let phone = "0412000001";
    assert_eq!(send_code(client, a, "203.0.113.10", phone).await, StatusCode::OK);
    let code = sent_code(client, a, phone).await;
    let (status, cookie) = verify(client, a, "203.0.113.10", phone, &code).await;
    assert_eq!(status, StatusCode::OK);
    let cookie = cookie.expect("a session cookie");
    for h in hosts {
        assert_eq!(
            me(client, h, &cookie).await,
            (StatusCode::OK, Some(phone.to_string())),
            "the session works on host {}",
            h.name
        );
    }

    let phone = "0412000002";
    assert_eq!(send_code(client, b, "203.0.113.11", phone).await, StatusCode::OK);
    let code = sent_code(client, b, phone).await;
    let (status, cookie) = verify(client, c, "203.0.113.11", phone, &code).await;
    assert_eq!(status, StatusCode::OK, "a code sent by B is good on C");
    assert_eq!(me(client, a, &cookie.unwrap()).await.0, StatusCode::OK);

    // Five wrong codes on A (the lockout's failures per client), the sixth refused.
    let (phone, attacker) = ("0412000003", "203.0.113.66");
    assert_eq!(send_code(client, a, attacker, phone).await, StatusCode::OK);
    let code = sent_code(client, a, phone).await;
    for i in 0..5 {
        assert_eq!(
            verify(client, a, attacker, phone, &wrong(&code)).await.0,
            StatusCode::UNAUTHORIZED,
            "wrong code {i}"
        );
    }
    assert_eq!(
        verify(client, a, attacker, phone, &wrong(&code)).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    // On C the same client is locked out: the right code and a new code are refused.
    assert_eq!(
        verify(client, c, attacker, phone, &code).await,
        (StatusCode::TOO_MANY_REQUESTS, None),
        "the lockout holds on C"
    );
    assert_eq!(send_code(client, c, attacker, phone).await, StatusCode::TOO_MANY_REQUESTS);
}

/// One client sends `3 x LEADS_PER_MINUTE + 1` (invalid) lead forms to host A only, another the
/// same number spread over the three hosts: both get exactly [`LEADS_PER_MINUTE`] through (the
/// limit is checked before the body, so an allowed one is a 400, a refused one a 429). With
/// per-process limits the spread client would get three times as many.
async fn the_lead_quota_is_one_budget(client: &Client, hosts: &[&Host; 3]) {
    let tries = 3 * LEADS_PER_MINUTE + 1;
    let mut through = [0usize; 2];
    for (n, spread) in [false, true].into_iter().enumerate() {
        let ip = format!("192.0.2.{}", n + 1);
        for i in 0..tries {
            let host = if spread { hosts[i % 3] } else { hosts[0] };
            let (status, v) = post_lead(client, host, &ip, &json!({})).await;
            match status {
                StatusCode::BAD_REQUEST => through[n] += 1,
                StatusCode::TOO_MANY_REQUESTS => assert_eq!(v["error"]["code"], "too_many_submissions", "{v}"),
                other => panic!("lead form {i} on host {}: {other} {v}", host.name),
            }
        }
    }
    assert_eq!(
        through,
        [LEADS_PER_MINUTE, LEADS_PER_MINUTE],
        "one host and three hosts give the same budget"
    );
}
