//! Test harness: a real database per test (a SQLite file in a temp dir by default, or a fresh
//! PostgreSQL database when `FORECOURT_TEST_DATABASE_URL` is a postgres URL), and tenants written
//! to a temp dir.
#![allow(dead_code)]

use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use forecourt_host::{
    config::Settings,
    db::Db,
    http::{
        server,
        state::{AppState, StateParts},
    },
    repo::TenantRepo,
    tenant::{Tenant, TenantRegistry, load_tenant},
};

/// A database that lives as long as the test.
pub struct TestDb {
    pub db: Db,
    pub url: String,
    pg: Option<(String, String)>,
    _dir: tempfile::TempDir,
}

impl TestDb {
    pub fn is_postgres(&self) -> bool {
        self.pg.is_some()
    }
}

/// The PostgreSQL server URL to test against, if the run asks for one.
pub fn postgres_base() -> Option<String> {
    std::env::var("FORECOURT_TEST_DATABASE_URL")
        .ok()
        .filter(|u| u.starts_with("postgres"))
}

/// Creates a fresh database on the PostgreSQL server at `base`: its name and URL.
async fn create_postgres_db(base: &str) -> (String, String) {
    let name = format!("forecourt_t_{}", uuid::Uuid::new_v4().simple());
    let admin = Db::connect_raw(base).await.expect("admin connect");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .expect("create database");
    admin.close().await;
    let url = replace_db_name(base, &name);
    (name, url)
}

/// A fresh PostgreSQL database with nothing in it, not even the migrations (for processes that
/// migrate it themselves), dropped with the returned value; its `db` is a one-connection pool
/// without migrations. None when the run has no PostgreSQL server (`FORECOURT_TEST_DATABASE_URL`).
pub async fn empty_postgres_db() -> Option<TestDb> {
    let base = postgres_base()?;
    let (name, url) = create_postgres_db(&base).await;
    let pool = Db::connect_raw(&url).await.expect("connect test database");
    Some(TestDb {
        db: Db::from_pool(pool, forecourt_host::db::Engine::Postgres),
        url,
        pg: Some((base, name)),
        _dir: tempfile::tempdir().expect("tempdir"),
    })
}

pub async fn test_db() -> TestDb {
    let dir = tempfile::tempdir().expect("tempdir");
    match postgres_base() {
        Some(base) => {
            let (name, url) = create_postgres_db(&base).await;
            let db = Db::connect(&url).await.expect("connect test database");
            TestDb {
                db,
                url,
                pg: Some((base, name)),
                _dir: dir,
            }
        }
        None => {
            let url = format!("sqlite://{}", dir.path().join("forecourt.db").display());
            let db = Db::connect(&url).await.expect("connect sqlite");
            TestDb {
                db,
                url,
                pg: None,
                _dir: dir,
            }
        }
    }
}

fn replace_db_name(url: &str, name: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((h, q)) => (h, format!("?{q}")),
        None => (url, String::new()),
    };
    let base = head.rsplit_once('/').map(|(b, _)| b).unwrap_or(head);
    format!("{base}/{name}{query}")
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((base, name)) = self.pg.take() {
            // The test's runtime is blocked while we join, so its pool cannot be closed from here:
            // WITH (FORCE) ends its sessions server-side instead.
            std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async move {
                    let Ok(admin) = Db::connect_raw(&base).await else { return };
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                });
            })
            .join()
            .ok();
        }
    }
}

/// The repository's real tenants directory (the demo tenants).
pub fn repo_tenants_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenants")
}

/// A minimal valid tenant.toml body for `slug` with one dealership and one location.
pub fn tenant_toml(slug: &str) -> String {
    format!(
        r#"
slug = "{slug}"
name = "{slug} Motors"
template = "classic"
[[dealerships]]
slug = "{slug}-dealer"
name = "{slug} Dealer"
state = "QLD"
[[locations]]
slug = "{slug}-sales"
name = "{slug} Sales"
dealership = "{slug}-dealer"
primary = true
location_type = "sales"
[locations.address]
street = "1 Test St"
city = "Brisbane City"
state = "QLD"
postcode = "4000"
lat = -27.46794
long = 153.02809
[[locations.opening_hours]]
weekday = 1
status = "Open"
open = "08:30"
close = "17:30"
[[locations.special_hours]]
date = "2026-12-25"
status = "Closed"
[[locations]]
slug = "{slug}-hidden"
name = "{slug} Hidden"
dealership = "{slug}-dealer"
visible = false
[locations.address]
city = "Brisbane City"
state = "QLD"
postcode = "4000"
lat = -27.46794
long = 153.02809
"#
    )
}

/// Writes tenants (slug, toml) into a temp dir and loads them.
pub fn write_tenants(tenants: &[(&str, String)]) -> (tempfile::TempDir, TenantRegistry) {
    let dir = tempfile::tempdir().unwrap();
    for (slug, toml) in tenants {
        std::fs::create_dir_all(dir.path().join(slug)).unwrap();
        std::fs::write(dir.path().join(slug).join("tenant.toml"), toml).unwrap();
    }
    let reg = TenantRegistry::load_dir(dir.path()).expect("tenants load");
    (dir, reg)
}

/// Loads one tenant folder.
pub fn tenant(dir: &Path) -> Tenant {
    load_tenant(dir).expect("tenant")
}

/// Syncs every tenant's config and builds the app state (no feeds imported).
pub async fn state(db: &Db, tenants: TenantRegistry, tenants_dir: &Path, admin_token: Option<&str>) -> AppState {
    for t in tenants.iter() {
        TenantRepo::new(db, t.slug()).sync_config(&t.config).await.unwrap();
    }
    let settings = Settings {
        tenants_dir: tenants_dir.to_owned(),
        admin_token: admin_token.map(String::from),
        ui_dist_dir: tenants_dir.join("_no_ui"),
        // The tests' stub lenders, webhooks and feeds listen on 127.0.0.1.
        outbound_private_networks: true,
        ..Settings::default()
    };
    AppState::new(StateParts {
        web: Arc::new(forecourt_host::http::state::WebFiles::load(&settings)),
        render_cache: Arc::new(forecourt_host::http::render_cache::RenderCache::new(&settings, &tenants)),
        settings: Arc::new(settings),
        // The real plugin host (components from the repository's plugins/dist) for these tenants.
        plugins: Arc::new(
            forecourt_host::plugins::PluginHost::load(
                // A 2 s call deadline: these tests check answers, not deadlines, and a busy
                // machine can deschedule a call past the 10 ms default.
                forecourt_host::plugins::PluginLimits {
                    deadline: std::time::Duration::from_secs(2),
                    ..Default::default()
                },
                &Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist"),
                None,
                &tenants,
            )
            .expect("plugins load (run `bash plugins/build.sh` if a component is missing)"),
        ),
        tenants: Arc::new(tenants),
        db: db.clone(),
        // Search: an in-memory index built from storage on first use.
        search: Default::default(),
        tenancy: Default::default(),
    })
}

/// Sends one request through the real router and returns (status, headers, body text).
pub async fn call(
    app: &axum::Router,
    req: axum::http::Request<axum::body::Body>,
) -> (axum::http::StatusCode, axum::http::HeaderMap, String) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

pub fn get(host: &str, path: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::get(path)
        .header("host", host)
        .body(axum::body::Body::empty())
        .unwrap()
}

/// Builds the router for a state.
pub fn app(state: AppState) -> axum::Router {
    server::app(state)
}

/// Import options for a CSV feed named `source` (mode from the feed default) at a fixed time,
/// 1_795_000_000 (2026-11-18), without a progress bar.
pub fn csv_opts(source: &str) -> forecourt_host::stock::ImportOptions {
    forecourt_host::stock::ImportOptions {
        source: source.into(),
        format: forecourt_host::tenant::FeedFormat::Csv,
        mode: None,
        mapping: None,
        mapping_text: None,
        progress: false,
        now: 1_795_000_000,
    }
}

/// Loads tenant `acme` (content defaults `../_shared/content`) plus the given files, written
/// under a temp tenants dir (`acme/content/...`, `_shared/content/...`). Returns the registry or
/// the load error's text.
pub fn with_content(files: &[(&str, &str)]) -> Result<TenantRegistry, String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("acme")).unwrap();
    std::fs::create_dir_all(dir.path().join("_shared/content")).unwrap();
    let toml = format!("content_defaults = \"../_shared/content\"\n{}", tenant_toml("acme"));
    std::fs::write(dir.path().join("acme/tenant.toml"), toml).unwrap();
    for (rel, text) in files {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let out = TenantRegistry::load_dir(dir.path()).map_err(|e| e.to_string());
    drop(dir);
    out
}

/// Parses a JSON body, panicking with the body on failure.
pub fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// The inline data (`#__FORECOURT_DATA__`) of an HTML document.
pub fn inline(body: &str) -> serde_json::Value {
    let start = body
        .find("<script id=\"__FORECOURT_DATA__\" type=\"application/json\">")
        .expect("inline data");
    let rest = &body[start..];
    let json_start = rest.find('>').unwrap() + 1;
    let end = rest.find("</script>").unwrap();
    json(&rest[json_start..end].replace("\\u003c", "<"))
}

/// Gives `state` a UI build's route table (what `ui-shell/dist/routes.json` carries: a JSON array
/// of `{id, path, title, page}`), so documents resolve those routes. The table is read here; no
/// folder outlives the call.
pub fn use_routes(state: &mut AppState, routes_json: &str) {
    let ui = tempfile::tempdir().unwrap();
    std::fs::write(ui.path().join("routes.json"), routes_json).unwrap();
    let settings = Settings {
        ui_dist_dir: ui.path().to_owned(),
        ..(*state.settings).clone()
    };
    state.web = Arc::new(forecourt_host::http::state::WebFiles::load(&settings));
}

/// A host serving the real router on 127.0.0.1: its address, and the shutdown trigger (sent when
/// dropped).
pub struct Served {
    pub addr: std::net::SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            s.send(()).ok();
        }
    }
}

/// Serves `state` as `forecourt serve` does (its listener, `http::serve::serve_on`, with the
/// edge of `server::edge`: the router behind the rendered-response cache's hit path) on an
/// ephemeral port of 127.0.0.1 until the returned [`Served`] is dropped.
pub async fn serve(state: AppState) -> Served {
    let settings = state.settings.clone();
    serve_edge(server::edge(state), settings).await
}

/// Serves `edge` (a router converts into one without the hit path) on `forecourt serve`'s
/// listener with `settings`' timeouts, on an ephemeral port of 127.0.0.1 until the returned
/// [`Served`] is dropped.
pub async fn serve_edge(edge: impl Into<forecourt_host::http::serve::Edge>, settings: Arc<Settings>) -> Served {
    let edge = edge.into();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        forecourt_host::http::serve::serve_on(listener, edge, &settings, async {
            stopped.await.ok();
        })
        .await
    });
    Served { addr, stop: Some(stop) }
}

/// A `[[plugins]]` entry enabling `lender-standard` (plugins/lender-standard) with `key` (its
/// config's `quote_url`, `application_url` or `rego_url`) set to `<origin><path>`, an outbound
/// HTTP grant to `origin` and, with `token_env`, a bearer token from that variable. Append it
/// last to a tenant.toml.
pub fn lender_standard(origin: &str, key: &str, path: &str, token_env: Option<&str>) -> String {
    let mut s = format!(
        "[[plugins]]\nname = \"lender-standard\"\nconfig = {{ {key} = \"{origin}{path}\" }}\n\
         [plugins.capabilities.http]\nallowed_outbound_hosts = [\"{origin}\"]\n"
    );
    if let Some(var) = token_env {
        s.push_str(&format!(
            "[[plugins.capabilities.http.credentials]]\norigin = \"{origin}\"\nheader = \"Authorization\"\nvalue_env = \"{var}\"\nprefix = \"Bearer \"\n"
        ));
    }
    s
}
