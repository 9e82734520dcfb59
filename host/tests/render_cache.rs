//! The rendered-response cache (docs/features/platform.md "Rendered-response cache") through the
//! real router on a real database: documents and hot JSON are rendered once per content version,
//! served with their stored brotli and gzip variants, revalidated with strong ETags, and dropped
//! when the stock changes, by this process or by another one writing the same storage.

mod common;

use std::{io::Read, sync::Arc};

use axum::{
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use common::{call, get, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    config::Settings,
    http::state::{AppState, StateParts, WebFiles},
    repo::TenantRepo,
    stock::{import_feed, journal},
};

const INDEX: &str = "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\"><title>Forecourt</title>\n<!--forecourt:head-->\n\
</head><body><div id=\"root\"></div>\n<!--forecourt:data-->\n</body></html>";

const ROUTES: &str = r#"[{"id":"home","path":"/","title":"Home"},{"id":"car","path":"/cars/:slug","title":"Vehicle details"},
    {"id":"search","path":"/search","title":"Search"},{"id":"about-us","path":"/about-us","title":"About us"}]"#;

/// The feed with car R1 at `price` dollars (R2 and R3 unchanged).
fn feed(price: u32) -> String {
    format!(
        "stocknum,vin,year,make,model,badge,price,km,car_type,status,body,location_slug\n\
         R1,,2019,Mazda,CX-5,Maxx,{price},30000,used,in_stock,SUV,alpha-sales\n\
         R2,,2020,Toyota,Corolla,Ascent,19990,45000,used,in_stock,Hatch,alpha-sales\n\
         R3,,2018,Kia,Rio,S,12990,80000,used,in_stock,Hatch,alpha-sales\n"
    )
}

const CAR: &str = "/api/v1/cars/2019-mazda-cx-5-r1";
const VDP: &str = "/cars/2019-mazda-cx-5-r1";

struct Fixture {
    tdb: common::TestDb,
    _tenants: tempfile::TempDir,
    _ui: tempfile::TempDir,
    state: AppState,
    app: axum::Router,
}

/// alpha and beta with the UI shell fixture, alpha's three cars imported; `tune` adjusts the
/// host settings (the cache's bounds).
async fn setup(tune: impl FnOnce(&mut Settings)) -> Fixture {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha")), ("beta", tenant_toml("beta"))]);
    let ui = tempfile::tempdir().unwrap();
    std::fs::write(ui.path().join("index.html"), INDEX).unwrap();
    std::fs::write(ui.path().join("routes.json"), ROUTES).unwrap();
    let base = common::state(&tdb.db, reg, dir.path(), None).await;
    let mut settings = Settings {
        ui_dist_dir: ui.path().to_owned(),
        ..(*base.settings).clone()
    };
    tune(&mut settings);
    let state = AppState::new(StateParts {
        web: Arc::new(WebFiles::load(&settings)),
        render_cache: Arc::new(forecourt_host::http::render_cache::RenderCache::new(&settings, &base.tenants)),
        settings: Arc::new(settings),
        ..(*base).clone()
    });
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let r = import_feed(&tdb.db, &t, feed(30990).as_bytes(), common::csv_opts("feed"))
        .await
        .unwrap();
    assert_eq!(r.inserted, 3, "{r:?}");
    let app = common::app(state.clone());
    // The search service is built on first use: the cache keys its entries on the index's
    // generation, so nothing is kept before it exists.
    let (s, _, b) = call(&app, get("alpha.localhost", "/api/v1/search?page=2")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    Fixture {
        tdb,
        _tenants: dir,
        _ui: ui,
        state,
        app,
    }
}

fn req(host: &str, path: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut r = Request::get(path).header("host", host);
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    r.body(Body::empty()).unwrap()
}

/// (status, headers, raw body bytes).
async fn raw(app: &axum::Router, r: Request<Body>) -> (StatusCode, HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let res = app.clone().oneshot(r).await.unwrap();
    let (s, h) = (res.status(), res.headers().clone());
    (s, h, res.into_body().collect().await.unwrap().to_bytes().to_vec())
}

/// This process's rendered-response cache counts for `tenant`, (hits, misses), read from the
/// metrics text (0 for a series not yet counted).
fn rendered_counts(tenant: &str) -> (u64, u64) {
    let labels = format!("{{cache=\"rendered\",tenant=\"{tenant}\"}}");
    (
        metric(&format!("forecourt_cache_hits_total{labels}")),
        metric(&format!("forecourt_cache_misses_total{labels}")),
    )
}

/// The value of one series (its name and labels as the metrics text writes them) in this
/// process, 0 when not yet counted.
fn metric(series: &str) -> u64 {
    let (_, text) = forecourt_host::metrics::render().unwrap();
    let prefix = format!("{series} ");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .map_or(0, |v| v.trim().parse().unwrap())
}

fn cache_status(h: &HeaderMap) -> &str {
    h.get("x-forecourt-cache").map_or("", |v| v.to_str().unwrap())
}

#[tokio::test]
async fn a_document_is_rendered_once_then_served_with_its_variants_and_revalidated() {
    let f = setup(|_| {}).await;
    let (s, h1, first) = raw(&f.app, req("alpha.localhost", VDP, &[])).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(cache_status(&h1), "miss");
    let etag = h1[header::ETAG].to_str().unwrap().to_string();
    assert!(etag.starts_with('"') && etag.len() == 34, "a strong tag of 32 hex digits: {etag}");
    assert_eq!(h1[header::VARY], "accept-encoding");
    assert_eq!(h1[header::CACHE_CONTROL], "no-cache");
    assert_eq!(h1[header::CONTENT_LENGTH].to_str().unwrap(), first.len().to_string());
    assert!(String::from_utf8_lossy(&first).contains("2019 Mazda CX-5 Maxx"));
    // The security headers and a request id are added to the hit as to the miss.
    let (s, h2, second) = raw(&f.app, req("alpha.localhost", VDP, &[])).await;
    assert_eq!((s, cache_status(&h2)), (StatusCode::OK, "hit"));
    assert_eq!((second.as_slice(), &h2[header::ETAG]), (first.as_slice(), &h1[header::ETAG]));
    for h in ["content-security-policy", "x-content-type-options", "x-request-id"] {
        assert!(h2.contains_key(h), "{h} on a hit: {h2:?}");
    }
    assert_ne!(h1["x-request-id"], h2["x-request-id"], "the request id is per request");

    // Brotli and gzip: the stored variants, each decoding to the same bytes, each its own tag.
    let (_, hb, br) = raw(&f.app, req("alpha.localhost", VDP, &[("accept-encoding", "gzip, deflate, br")])).await;
    assert_eq!((&hb[header::CONTENT_ENCODING], cache_status(&hb)), (&"br".parse().unwrap(), "hit"));
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut br.as_slice(), &mut out).unwrap();
    assert_eq!(out, first);
    assert_eq!(hb[header::ETAG].to_str().unwrap(), format!("{}-br\"", &etag[..33]));
    let (_, hg, gz) = raw(&f.app, req("alpha.localhost", VDP, &[("accept-encoding", "gzip")])).await;
    assert_eq!(hg[header::CONTENT_ENCODING], "gzip");
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(gz.as_slice()).read_to_end(&mut out).unwrap();
    assert_eq!(out, first);
    assert!(gz.len() < first.len() && br.len() < first.len());

    // Revalidation: the tag of any coding of this content is a 304 with no body.
    for tag in [etag.clone(), hb[header::ETAG].to_str().unwrap().to_string(), format!("W/{etag}")] {
        let (s, h, body) = raw(&f.app, req("alpha.localhost", VDP, &[("if-none-match", &tag)])).await;
        assert_eq!(s, StatusCode::NOT_MODIFIED, "{tag}");
        assert!(body.is_empty());
        assert_eq!(h[header::ETAG], etag.as_str());
    }
    let (s, _, _) = raw(&f.app, req("alpha.localhost", VDP, &[("if-none-match", "\"0123\"")])).await;
    assert_eq!(s, StatusCode::OK, "another tag");
    // HEAD: the headers of the hit, no body.
    let head = Request::head(VDP).header("host", "alpha.localhost").body(Body::empty()).unwrap();
    let (s, h, body) = raw(&f.app, head).await;
    assert_eq!((s, cache_status(&h), body.len()), (StatusCode::OK, "hit", 0));
    assert_eq!(h[header::CONTENT_LENGTH].to_str().unwrap(), first.len().to_string());

    // The hot JSON the same way; another tenant's host is another tenant's cache.
    for path in [CAR, "/api/v1/tenant", "/api/v1/search"] {
        let (s, h, _) = raw(&f.app, req("alpha.localhost", path, &[])).await;
        assert_eq!((s, cache_status(&h)), (StatusCode::OK, "miss"), "{path}");
        let (_, h, _) = raw(&f.app, req("alpha.localhost", path, &[])).await;
        assert_eq!(cache_status(&h), "hit", "{path}");
    }
    let (s, h, _) = raw(&f.app, req("beta.localhost", "/api/v1/tenant", &[])).await;
    assert_eq!((s, cache_status(&h)), (StatusCode::OK, "miss"));
    let (s, h, b) = raw(&f.app, req("alpha.localhost", "/api/v1/tenant", &[])).await;
    assert_eq!((s, cache_status(&h)), (StatusCode::OK, "hit"));
    assert_eq!(common::json(&String::from_utf8(b).unwrap())["slug"], "alpha");

    // Hits and misses are counted per tenant.
    assert_eq!(rendered_counts("alpha"), (12, 4), "(hits, misses)");
}

#[tokio::test]
async fn what_varies_or_failed_is_not_kept() {
    let f = setup(|_| {}).await;
    for path in [
        "/cars/no-such-car",
        "/api/v1/cars/no-such-car",
        "/api/v1/search?page=2",
        "/api/v1/search/count",
    ] {
        for _ in 0..2 {
            let (_, h, _) = raw(&f.app, req("alpha.localhost", path, &[])).await;
            assert_eq!(cache_status(&h), "", "{path} is not kept");
        }
    }
    let post = Request::post("/api/v1/search")
        .header("host", "alpha.localhost")
        .body(Body::empty())
        .unwrap();
    let (_, h, _) = raw(&f.app, post).await;
    assert_eq!(cache_status(&h), "");
}

#[tokio::test]
async fn an_import_moves_the_content_version_at_once() {
    let f = setup(|_| {}).await;
    let (_, h, before) = raw(&f.app, req("alpha.localhost", CAR, &[])).await;
    let old_tag = h[header::ETAG].to_str().unwrap().to_string();
    let (_, h, _) = raw(&f.app, req("alpha.localhost", CAR, &[])).await;
    assert_eq!(cache_status(&h), "hit");
    assert_eq!(common::json(&String::from_utf8(before).unwrap())["car"]["price"], 30990.0);
    let (_, h, _) = raw(&f.app, req("alpha.localhost", VDP, &[])).await;
    assert_eq!(cache_status(&h), "miss");

    // A re-import at a lower price, in this process: the next request renders the new price.
    let t = f.state.tenants.by_slug("alpha").unwrap().clone();
    let r = import_feed(&f.tdb.db, &t, feed(28990).as_bytes(), common::csv_opts("feed"))
        .await
        .unwrap();
    assert_eq!(r.updated, 1, "{r:?}");
    let (s, h, after) = raw(&f.app, req("alpha.localhost", CAR, &[("if-none-match", &old_tag)])).await;
    assert_eq!((s, cache_status(&h)), (StatusCode::OK, "miss"), "the old tag no longer matches");
    assert_eq!(common::json(&String::from_utf8(after).unwrap())["car"]["price"], 28990.0);
    let (_, h, html) = raw(&f.app, req("alpha.localhost", VDP, &[])).await;
    assert_eq!(cache_status(&h), "miss");
    assert!(
        String::from_utf8_lossy(&html).contains("28990"),
        "the VDP document has the new price"
    );
}

#[tokio::test]
async fn a_change_committed_by_another_process_is_followed_through_the_journal() {
    let f = setup(|_| {}).await;
    let (_, h, _) = raw(&f.app, req("alpha.localhost", CAR, &[])).await;
    assert_eq!(cache_status(&h), "miss");
    let (_, h, _) = raw(&f.app, req("alpha.localhost", CAR, &[])).await;
    assert_eq!(cache_status(&h), "hit");
    // Another host changes the price and journals it (no notification reaches this process).
    let id = TenantRepo::new(&f.tdb.db, "alpha").car_by_stocknum("R1").await.unwrap().unwrap().id;
    let mut tx = f.tdb.db.pool.begin().await.unwrap();
    sqlx::query("UPDATE cars SET price = 27990 WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .unwrap();
    journal::record(&mut tx, "alpha", &[id]).await.unwrap();
    tx.commit().await.unwrap();
    // This host's indexer finds it at its next poll (every 200 ms); bounded by attempts.
    let mut price = serde_json::Value::Null;
    for _ in 0..200 {
        let (_, _, b) = call(&f.app, get("alpha.localhost", CAR)).await;
        price = common::json(&b)["car"]["price"].clone();
        if price == 27990.0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(price, 27990.0, "the cached answer was dropped when the indexer applied the change");
}

#[tokio::test]
async fn each_tenant_is_bounded_in_bytes() {
    let budget = 40_000;
    let f = setup(|s| s.render_cache_tenant_bytes = budget).await;
    for i in 0..30 {
        let (s, _, _) = raw(
            &f.app,
            req("alpha.localhost", &format!("/api/v1/search?hitsPerPage={}", i + 1), &[]),
        )
        .await;
        assert_eq!(s, StatusCode::OK);
    }
    let held = f.state.render_cache.bytes("alpha");
    assert!(held > 0 && held <= budget, "{held} bytes held, budget {budget}");
    assert_eq!(f.state.render_cache.bytes("beta"), 0);
    assert_eq!(f.state.render_cache.total_bytes(), held);
    // Every tenant together within render_cache_bytes, each within its own budget: alpha's and
    // beta's answers share one bound (moka evicts across tenants, counting each tenant's bytes).
    let total = 30_000;
    let f = setup(|s| (s.render_cache_tenant_bytes, s.render_cache_bytes) = (budget, total)).await;
    for i in 0..30 {
        for host in ["alpha.localhost", "beta.localhost"] {
            let (s, _, _) = raw(&f.app, req(host, &format!("/api/v1/search?hitsPerPage={}", i + 1), &[])).await;
            assert_eq!(s, StatusCode::OK);
        }
    }
    let (a, b, all) = (
        f.state.render_cache.bytes("alpha"),
        f.state.render_cache.bytes("beta"),
        f.state.render_cache.total_bytes(),
    );
    assert!(
        a > 0 && b > 0 && a + b == all && all <= total,
        "alpha {a}, beta {b}, all {all} of {total}"
    );
    // Off: nothing kept.
    let off = setup(|s| s.render_cache_tenant_bytes = 0).await;
    for _ in 0..2 {
        let (_, h, _) = raw(&off.app, req("alpha.localhost", CAR, &[])).await;
        assert_eq!(cache_status(&h), "");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_for_a_missing_page_render_it_once() {
    let f = setup(|_| {}).await;
    let tasks: Vec<_> = (0..16)
        .map(|_| {
            let app = f.app.clone();
            tokio::spawn(async move { raw(&app, req("alpha.localhost", VDP, &[])).await })
        })
        .collect();
    let mut tags = std::collections::BTreeSet::new();
    for t in tasks {
        let (s, h, _) = t.await.unwrap();
        assert_eq!(s, StatusCode::OK);
        tags.insert(h[header::ETAG].to_str().unwrap().to_string());
    }
    assert_eq!(tags.len(), 1, "one rendering: {tags:?}");
    assert_eq!(
        rendered_counts("alpha"),
        (15, 1),
        "(hits, misses): the others waited for the one rendering"
    );
}

/// The value of `forecourt_http_requests_total{tenant, kind, status}` in this process (0 when
/// not yet counted).
fn http_count(tenant: &str, kind: &str, status: &str) -> u64 {
    metric(&format!(
        "forecourt_http_requests_total{{kind=\"{kind}\",status=\"{status}\",tenant=\"{tenant}\"}}"
    ))
}

/// A request of the hit path test: method, path, extra headers.
type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);

#[tokio::test]
async fn the_listener_answers_a_hit_as_the_router_does() {
    // `forecourt serve`'s listener answers fresh entries before the router (http::hit_path):
    // each answer must be the one the router gives over the same listener, byte for byte and
    // header for header, but for the per-request id and the date.
    let f = setup(|_| {}).await;
    let served = common::serve(f.state.clone()).await;
    let router_only = common::serve_edge(f.app.clone(), f.state.settings.clone()).await;
    let client = reqwest::Client::new();
    for path in [VDP, CAR] {
        let (s, h, _) = raw(&f.app, req("alpha.localhost", path, &[])).await;
        assert_eq!((s, cache_status(&h)), (StatusCode::OK, "miss"), "{path}");
    }
    let (_, h, _) = raw(&f.app, req("alpha.localhost", VDP, &[])).await;
    let etag = h[header::ETAG].to_str().unwrap().to_string();
    let (docs, hits) = (http_count("alpha", "document", "2xx"), rendered_counts("alpha").0);
    let cases: [Case; 7] = [
        ("GET", VDP, &[]),
        ("GET", VDP, &[("accept-encoding", "gzip")]),
        ("GET", VDP, &[("accept-encoding", "gzip, deflate, br")]),
        ("GET", VDP, &[("if-none-match", &etag)]),
        ("HEAD", VDP, &[("accept-encoding", "gzip")]),
        ("GET", VDP, &[("x-request-id", "given-by-the-proxy")]),
        ("GET", CAR, &[("accept-encoding", "br;q=0, gzip")]),
    ];
    let sorted = |m: &HeaderMap| {
        let mut v: Vec<String> = m.iter().map(|(k, v)| format!("{k}: {}", v.to_str().unwrap())).collect();
        v.sort();
        v
    };
    for (method, path, headers) in cases {
        let case = format!("{method} {path} {headers:?}");
        let mut answers = Vec::new();
        for addr in [served.addr, router_only.addr] {
            let mut r = client
                .request(method.parse().unwrap(), format!("http://{addr}{path}"))
                .header("host", "alpha.localhost");
            for (k, v) in headers {
                r = r.header(*k, *v);
            }
            let res = r.send().await.unwrap();
            let (status, mut h) = (res.status(), res.headers().clone());
            let body = res.bytes().await.unwrap();
            assert_eq!(cache_status(&h), "hit", "{case}");
            let id = h.remove("x-request-id").expect("a request id");
            match headers.iter().find(|(k, _)| *k == "x-request-id") {
                Some((_, given)) => assert_eq!(id, *given, "{case}"),
                None => assert_eq!(id.len(), 36, "a UUID: {id:?}"),
            }
            h.remove(header::DATE);
            answers.push((status, sorted(&h), body));
        }
        assert_eq!(answers[0], answers[1], "{case}: the hit path, then the router");
    }
    // Counted as the router counts: of the six document cases, five answer 2xx (the sixth is
    // the 304), once by each listener; each of the seven cases is a rendered-cache hit both ways.
    assert_eq!(http_count("alpha", "document", "2xx") - docs, 10, "2xx documents");
    assert_eq!(rendered_counts("alpha").0 - hits, 14);

    // The hit path itself: it answers every case above, and leaves to the router whatever the
    // router's layers would refuse or render.
    let hit_path = forecourt_host::http::hit_path::HitPath::new(&f.state);
    let local: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    let request = |method: &str, path: &str, hosts: &[&str]| {
        let mut r = Request::builder().method(method).uri(path);
        for h in hosts {
            r = r.header("host", *h);
        }
        r.body(()).unwrap()
    };
    for (method, path, headers) in cases {
        let mut r = request(method, path, &["alpha.localhost"]);
        for (k, v) in headers {
            let name = axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap();
            r.headers_mut().insert(name, v.parse().unwrap());
        }
        assert!(hit_path.answer(&r, local).is_some(), "{method} {path} {headers:?}");
    }
    let long = format!("{VDP}?q={}", "x".repeat(f.state.settings.max_uri_bytes));
    for (method, path, hosts, why) in [
        ("POST", VDP, &["alpha.localhost"][..], "not a GET or HEAD"),
        ("GET", "/about-us", &["alpha.localhost"], "not rendered yet"),
        ("GET", VDP, &["beta.localhost"], "another tenant's cache"),
        ("GET", VDP, &["nobody.localhost"], "an unknown host"),
        ("GET", VDP, &["alpha.localhost", "beta.localhost"], "two Host headers"),
        ("GET", &long, &["alpha.localhost"], "a target over max_uri_bytes"),
    ] {
        assert!(hit_path.answer(&request(method, path, hosts), local).is_none(), "{why}");
    }
    // A change to the tenant's stock moves its content version: the entry is not fresh any more.
    forecourt_host::search::notify_stock_changed("alpha");
    assert!(
        hit_path.answer(&request("GET", VDP, &["alpha.localhost"]), local).is_none(),
        "after a change"
    );
}

#[tokio::test]
async fn https_through_a_trusted_proxy_gets_https_links_and_entries_of_its_own() {
    // Behind a TLS proxy (trusted_proxies, X-Forwarded-Proto: https) a tenant without site_url
    // gets https canonical links; the plain-http answer is another cache entry, never served to
    // the https request or the other way round; a client that is not a trusted proxy cannot ask
    // for https links by sending the header itself.
    let f = setup(|s| s.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()]).await;
    let served = common::serve(f.state.clone()).await;
    let client = reqwest::Client::new();
    let fetch = |addr: std::net::SocketAddr, proto: Option<&'static str>| {
        let client = client.clone();
        async move {
            let mut r = client.get(format!("http://{addr}{VDP}")).header("host", "alpha.localhost");
            if let Some(p) = proto {
                r = r.header("x-forwarded-proto", p);
            }
            let res = r.send().await.unwrap();
            let status = res.headers()["x-forecourt-cache"].to_str().unwrap().to_string();
            (status, res.text().await.unwrap())
        }
    };
    let canonical = |scheme: &str| format!("<link rel=\"canonical\" href=\"{scheme}://alpha.localhost{VDP}\">");
    for (round, expected) in [(1, ["miss", "miss", "hit"]), (2, ["hit", "hit", "hit"])] {
        for ((proto, scheme), status) in [(Some("https"), "https"), (None, "http"), (Some("http"), "http")]
            .into_iter()
            .zip(expected)
        {
            let (s, body) = fetch(served.addr, proto).await;
            assert_eq!(s, status, "round {round}, X-Forwarded-Proto {proto:?}");
            assert!(body.contains(&canonical(scheme)), "round {round}, {proto:?}: {scheme} links");
        }
    }
    // The same storage served with no trusted proxy: the header is the client's say, ignored.
    let untrusted = AppState::new(StateParts {
        settings: Arc::new(Settings {
            trusted_proxies: Vec::new(),
            ..(*f.state.settings).clone()
        }),
        render_cache: Arc::new(forecourt_host::http::render_cache::RenderCache::new(
            &f.state.settings,
            &f.state.tenants,
        )),
        ..(*f.state).clone()
    });
    let other = common::serve(untrusted).await;
    let (_, body) = fetch(other.addr, Some("https")).await;
    assert!(
        body.contains(&canonical("http")),
        "an untrusted client's X-Forwarded-Proto is ignored"
    );
}
