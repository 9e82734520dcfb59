//! Live tenants (docs/operations.md "Reload and quarantine"; issue 36 items 1 and 2), through
//! `forecourt serve`'s real start (`server::prepare`), listener and router, the real wasmtime
//! runtime with real built components, and real storage (SQLite, or PostgreSQL in the
//! PostgreSQL pass):
//!
//! - one tenant of several is reloaded while both take steady traffic: no request fails, the
//!   new config answers the first request after the reload's answer, a refused reload changes
//!   nothing (the tenant keeps its last good config and is named), a tenant is added and removed
//!   live, and the other tenant is never touched;
//! - a host whose tenants' plugins loop in `init`, import WASI and lack a grant starts and serves
//!   its good tenant; `/readyz`, `GET /api/v1/admin/tenants` and `forecourt check` name the
//!   three with their errors; fixing the files and reloading brings them back.

mod common;
mod plugin_support;

use std::{
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
};

use common::{tenant_toml, test_db};
use forecourt_host::{config::Settings, http::server};
use plugin_support::{dist, require};

const TOKEN: &str = "live-admin-token";

fn settings(url: &str, tenants: &Path, data: &Path, plugins: &Path) -> Settings {
    Settings {
        database_url: url.to_string(),
        tenants_dir: tenants.to_owned(),
        data_dir: data.to_owned(),
        plugin_dir: plugins.to_owned(),
        ui_dist_dir: tenants.join("_no_ui"),
        admin_token: Some(TOKEN.into()),
        // Tests check answers, not deadlines: a busy machine can deschedule a call past 10 ms.
        plugin_deadline_ms: 2000,
        ..Settings::default()
    }
}

fn write(dir: &Path, slug: &str, toml: &str) {
    std::fs::create_dir_all(dir.join(slug)).unwrap();
    std::fs::write(dir.join(slug).join("tenant.toml"), toml).unwrap();
}

/// A GET with `Host: <host>` (and the admin token) against a served host: (status, headers, body).
async fn get(client: &reqwest::Client, addr: std::net::SocketAddr, host: &str, path: &str) -> (u16, reqwest::header::HeaderMap, String) {
    let res = client
        .get(format!("http://{addr}{path}"))
        .header("host", host)
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    (status, headers, res.text().await.unwrap())
}

/// `POST /api/v1/admin/reload{query}` under `host`: the report.
async fn reload(client: &reqwest::Client, addr: std::net::SocketAddr, host: &str, query: &str) -> serde_json::Value {
    let res = client
        .post(format!("http://{addr}/api/v1/admin/reload{query}"))
        .header("host", host)
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.json().await.unwrap()
}

fn outcome<'a>(report: &'a serde_json::Value, slug: &str) -> &'a serde_json::Value {
    report["tenants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tenant"] == slug)
        .unwrap_or_else(|| panic!("{slug} not in {report}"))
}

async fn name_of(client: &reqwest::Client, addr: std::net::SocketAddr, slug: &str) -> String {
    let (s, _, b) = get(client, addr, &format!("{slug}.localhost"), "/api/v1/tenant").await;
    assert_eq!(s, 200, "{b}");
    common::json(&b)["name"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_tenant_reloads_under_load_with_no_failed_request() {
    require(&["tag-rules-ev"]);
    let tdb = test_db().await;
    let (tenants, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let plugins = "[[plugins]]\nname = \"tag-rules-ev\"\n";
    write(tenants.path(), "alpha", &format!("{}{plugins}", tenant_toml("alpha")));
    write(tenants.path(), "beta", &tenant_toml("beta"));
    let state = server::prepare(settings(&tdb.url, tenants.path(), data.path(), &dist()))
        .await
        .expect("start");
    let served = common::serve(state.clone()).await;
    let addr = served.addr;
    let client = reqwest::Client::new();
    assert_eq!(name_of(&client, addr, "alpha").await, "alpha Motors");

    // Steady load on both tenants (2 clients, bounded by a count), through the reloads below.
    let stop = Arc::new(AtomicBool::new(false));
    let (sent, failed) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut load = Vec::new();
    for slug in ["alpha", "beta"] {
        let (stop, sent, failed, client) = (stop.clone(), sent.clone(), failed.clone(), client.clone());
        load.push(tokio::spawn(async move {
            let mut failures = Vec::new();
            for i in 0..20_000u32 {
                if stop.load(Ordering::Acquire) {
                    break;
                }
                let path = if i % 2 == 0 { "/api/v1/tenant" } else { "/api/v1/search?page=1" };
                let (s, _, b) = get(&client, addr, &format!("{slug}.localhost"), path).await;
                sent.fetch_add(1, Ordering::Relaxed);
                if s != 200 {
                    failed.fetch_add(1, Ordering::Relaxed);
                    failures.push(format!("{slug} {path}: {s} {b}"));
                }
            }
            failures
        }));
    }
    while sent.load(Ordering::Relaxed) < 200 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }

    // A changed name and plugin config: the reload answers once alpha serves them.
    let changed = tenant_toml("alpha").replace("name = \"alpha Motors\"", "name = \"Alpha Motors Reloaded\"");
    write(tenants.path(), "alpha", &format!("{changed}{plugins}"));
    let report = reload(&client, addr, "beta.localhost", "?tenant=alpha").await;
    assert_eq!(outcome(&report, "alpha")["outcome"], "reloaded", "{report}");
    assert_eq!(outcome(&report, "alpha")["state"], "serving", "{report}");
    assert!(report["generation"].as_i64().unwrap() > 0, "{report}");
    assert_eq!(name_of(&client, addr, "alpha").await, "Alpha Motors Reloaded");
    assert_eq!(name_of(&client, addr, "beta").await, "beta Motors");

    // A refused reload changes nothing: alpha keeps its last good config and is named.
    write(
        tenants.path(),
        "alpha",
        &changed.replace("postcode = \"4000\"", "postcode = \"40\""),
    );
    let report = reload(&client, addr, "beta.localhost", "?tenant=alpha").await;
    let line = outcome(&report, "alpha");
    assert_eq!(line["outcome"], "failed", "{report}");
    assert_eq!(line["state"], "serving_last_good", "{report}");
    assert!(line["error"].as_str().unwrap().contains("postcode"), "{report}");
    assert_eq!(name_of(&client, addr, "alpha").await, "Alpha Motors Reloaded");
    let (s, h, b) = get(&client, addr, "beta.localhost", "/readyz").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(h["x-quarantined-tenants"], "alpha");
    assert!(b.contains("tenant alpha serving its last good config (config)"), "{b}");
    let (_, _, b) = get(&client, addr, "beta.localhost", "/api/v1/admin/tenants").await;
    let lines = common::json(&b);
    assert_eq!(lines[0]["tenant"], "alpha", "{b}");
    assert_eq!(lines[0]["state"], "serving_last_good", "{b}");
    assert!(lines[0]["fault"]["error"].as_str().unwrap().contains("postcode"), "{b}");
    assert_eq!(lines[0]["plugins"][0], "tag-rules-ev@0.1.0", "{b}");
    assert_eq!(lines[1]["state"], "serving", "{b}");

    // Fixed again, a reload of every changed tenant brings it back; beta is unchanged.
    write(tenants.path(), "alpha", &tenant_toml("alpha"));
    let report = reload(&client, addr, "beta.localhost", "").await;
    assert_eq!(outcome(&report, "alpha")["outcome"], "reloaded", "{report}");
    assert_eq!(outcome(&report, "beta")["outcome"], "unchanged", "{report}");
    let (_, h, _) = get(&client, addr, "beta.localhost", "/readyz").await;
    assert!(h.get("x-quarantined-tenants").is_none());

    // Added and removed live.
    let (s, _, _) = get(&client, addr, "gamma.localhost", "/api/v1/tenant").await;
    assert_eq!(s, 404);
    write(tenants.path(), "gamma", &tenant_toml("gamma"));
    let report = reload(&client, addr, "beta.localhost", "").await;
    assert_eq!(outcome(&report, "gamma")["outcome"], "added", "{report}");
    assert_eq!(name_of(&client, addr, "gamma").await, "gamma Motors");
    std::fs::remove_dir_all(tenants.path().join("gamma")).unwrap();
    let report = reload(&client, addr, "beta.localhost", "").await;
    assert_eq!(outcome(&report, "gamma")["outcome"], "removed", "{report}");
    let (s, _, b) = get(&client, addr, "gamma.localhost", "/api/v1/tenant").await;
    assert_eq!(s, 404, "{b}");

    stop.store(true, Ordering::Release);
    let mut failures = Vec::new();
    for l in load {
        failures.extend(l.await.unwrap());
    }
    let n = sent.load(Ordering::Relaxed);
    eprintln!("{n} requests during the reloads, {} failed", failed.load(Ordering::Relaxed));
    assert!(n >= 200, "the load ran ({n} requests)");
    assert!(
        failures.is_empty(),
        "{} of {n} requests failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}

/// A component that imports WASI (refused: plugins get no WASI).
const WASI_PLUGIN: &str = r#"(component
     (import "wasi:cli/environment@0.2.0" (instance))
     (instance $plugin)
     (export "forecourt:platform/plugin@0.1.0" (instance $plugin)))"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn broken_tenants_are_quarantined_and_come_back_on_reload() {
    require(&["tag-rules-ev", "hostile-loop", "hostile-outbound"]);
    let tdb = test_db().await;
    let (tenants, data, plugin_dir) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    for name in ["tag-rules-ev", "hostile-loop", "hostile-outbound"] {
        let file = format!("{name}.wasm");
        std::fs::copy(dist().join(&file), plugin_dir.path().join(&file)).unwrap();
    }
    std::fs::write(plugin_dir.path().join("wasi-plugin.wasm"), wat::parse_str(WASI_PLUGIN).unwrap()).unwrap();
    let good = "[[plugins]]\nname = \"tag-rules-ev\"\n";
    write(tenants.path(), "good", &format!("{}{good}", tenant_toml("good")));
    write(
        tenants.path(),
        "looper",
        &format!(
            "{}[[plugins]]\nname = \"hostile-loop\"\nconfig = {{ phase = \"init\" }}\n",
            tenant_toml("looper")
        ),
    );
    write(
        tenants.path(),
        "wasi",
        &format!("{}[[plugins]]\nname = \"wasi-plugin\"\n", tenant_toml("wasi")),
    );
    let outbound = "[[plugins]]\nname = \"hostile-outbound\"\nconfig = { url = \"http://127.0.0.1:9/quote\" }\n";
    write(tenants.path(), "ungranted", &format!("{}{outbound}", tenant_toml("ungranted")));
    let settings = settings(&tdb.url, tenants.path(), data.path(), plugin_dir.path());

    // `forecourt check` names each refused tenant with its stage and error, and exits 1.
    let check = forecourt_check(&settings);
    assert_eq!(check.0, Some(1), "{}", check.1);
    for needle in [
        "good: ok",
        "looper: REFUSED (plugins)",
        "plugin.init failed",
        "wasi: REFUSED (plugins)",
        "imports `wasi:cli/environment@0.2.0`",
        "ungranted: REFUSED (plugins)",
        "imports the capability `http`",
    ] {
        assert!(check.1.contains(needle), "`{needle}` in:\n{}", check.1);
    }

    // The host starts and serves the good tenant; the three answer 503 and are named.
    let state = server::prepare(settings.clone()).await.expect("the host starts");
    assert_eq!(state.tenants.len(), 1);
    let served = common::serve(state.clone()).await;
    let (addr, client) = (served.addr, reqwest::Client::new());
    assert_eq!(name_of(&client, addr, "good").await, "good Motors");
    let (s, h, b) = get(&client, addr, "good.localhost", "/readyz").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(h["x-quarantined-tenants"], "looper,ungranted,wasi");
    for needle in [
        "tenant looper quarantined (plugins)",
        "tenant wasi quarantined (plugins)",
        "tenant ungranted quarantined (plugins)",
    ] {
        assert!(b.contains(needle), "`{needle}` in {b}");
    }
    let (s, h, b) = get(&client, addr, "looper.localhost", "/").await;
    assert_eq!(s, 503, "{b}");
    assert!(b.contains("temporarily unavailable"), "{b}");
    assert_eq!(h["retry-after"], "60");
    let (s, _, b) = get(&client, addr, "wasi.localhost", "/api/v1/tenant").await;
    assert_eq!(
        (s, common::json(&b)["error"]["code"].as_str()),
        (503, Some("tenant_unavailable")),
        "{b}"
    );
    let (_, _, b) = get(&client, addr, "good.localhost", "/api/v1/admin/tenants").await;
    let lines = common::json(&b);
    let state_of = |slug: &str| lines.as_array().unwrap().iter().find(|l| l["tenant"] == slug).unwrap().clone();
    assert_eq!(state_of("good")["state"], "serving", "{b}");
    for slug in ["looper", "wasi", "ungranted"] {
        assert_eq!(state_of(slug)["state"], "quarantined", "{b}");
        assert_eq!(state_of(slug)["fault"]["stage"], "plugins", "{b}");
    }
    assert!(
        state_of("looper")["fault"]["error"]
            .as_str()
            .unwrap()
            .contains("plugin.init failed"),
        "{b}"
    );

    // Fixed files come back with a reload, without a restart.
    write(tenants.path(), "looper", &format!("{}{good}", tenant_toml("looper")));
    write(tenants.path(), "wasi", &tenant_toml("wasi"));
    write(
        tenants.path(),
        "ungranted",
        &format!(
            "{}{outbound}[plugins.capabilities.http]\nallowed_outbound_hosts = [\"http://127.0.0.1:9\"]\n",
            tenant_toml("ungranted")
        ),
    );
    let report = reload(&client, addr, "good.localhost", "").await;
    for slug in ["looper", "wasi", "ungranted"] {
        assert_eq!(outcome(&report, slug)["outcome"], "added", "{report}");
        assert_eq!(name_of(&client, addr, slug).await, format!("{slug} Motors"));
    }
    assert_eq!(outcome(&report, "good")["outcome"], "unchanged", "{report}");
    let (_, h, _) = get(&client, addr, "good.localhost", "/readyz").await;
    assert!(h.get("x-quarantined-tenants").is_none());
    let (_, _, b) = get(&client, addr, "looper.localhost", "/api/v1/cars/none").await;
    assert!(!b.contains("tenant_unavailable"), "{b}");
    let check = forecourt_check(&settings);
    assert_eq!(check.0, Some(0), "{}", check.1);
}

/// Runs `forecourt check` with `settings`' folders: (exit status, stdout and stderr).
fn forecourt_check(settings: &Settings) -> (Option<i32>, String) {
    let config: PathBuf = settings.data_dir.join("check.toml");
    std::fs::write(
        &config,
        format!(
            "tenants_dir = {:?}\nplugin_dir = {:?}\ndata_dir = {:?}\n",
            settings.tenants_dir, settings.plugin_dir, settings.data_dir
        ),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .arg("--config")
        .arg(&config)
        .arg("check")
        .env("RUST_LOG", "error")
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}

/// Two hosts on one storage, each with its own copy of the tenants folder (as deployed): a reload
/// asked through host A's admin API is applied by host B's follower pass from B's folder, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_on_one_host_is_followed_by_another_on_the_same_storage() {
    let tdb = test_db().await;
    let (dir_a, dir_b, data_a, data_b) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    for dir in [&dir_a, &dir_b] {
        write(dir.path(), "alpha", &tenant_toml("alpha"));
    }
    let a = server::prepare(settings(&tdb.url, dir_a.path(), data_a.path(), &dist()))
        .await
        .unwrap();
    let b = server::prepare(settings(&tdb.url, dir_b.path(), data_b.path(), &dist()))
        .await
        .unwrap();
    let served = common::serve(a.clone()).await;
    let client = reqwest::Client::new();
    // Nothing asked yet: B's pass applies nothing.
    let owned = b.live_parts();
    assert!(forecourt_host::live::follow_once(owned.parts()).await.unwrap().is_empty());

    // The release is deployed to both folders; the reload is asked on A only.
    let renamed = tenant_toml("alpha").replace("name = \"alpha Motors\"", "name = \"Alpha Renamed\"");
    for dir in [&dir_a, &dir_b] {
        write(dir.path(), "alpha", &renamed);
    }
    let report = reload(&client, served.addr, "alpha.localhost", "?tenant=alpha").await;
    assert_eq!(outcome(&report, "alpha")["outcome"], "reloaded", "{report}");
    assert_eq!(
        b.tenants.by_slug("alpha").unwrap().config.name,
        "alpha Motors",
        "B has not followed yet"
    );
    let followed = forecourt_host::live::follow_once(owned.parts()).await.unwrap();
    assert_eq!(followed.len(), 1, "{followed:?}");
    assert_eq!(followed[0].generation, report["generation"].as_i64().unwrap());
    assert_eq!(b.tenants.by_slug("alpha").unwrap().config.name, "Alpha Renamed");
    // Applied once: the next pass finds nothing new, and A's own follower skips its own reload.
    assert!(forecourt_host::live::follow_once(owned.parts()).await.unwrap().is_empty());
    let own = a.live_parts();
    assert!(forecourt_host::live::follow_once(own.parts()).await.unwrap().is_empty());
}

/// `forecourt serve`'s start (`server::prepare_serving`) answers before its tenants are warm: a
/// request to a tenant still warming waits for that tenant (or warms it itself when it is first)
/// and gets its site, and its search already holds the cars its feed imported at start (a
/// tenant serves only once its index caught up: CI once saw an empty first search);
/// `/readyz` counts the tenants still warming until the warm-up ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serving_starts_before_tenants_are_warm_and_a_request_waits_for_its_tenant() {
    require(&["tag-rules-ev"]);
    let tdb = test_db().await;
    let (tenants, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let slugs: Vec<String> = (0..6).map(|i| format!("t{i}")).collect();
    for slug in &slugs {
        write(
            tenants.path(),
            slug,
            &format!(
                "{}[[plugins]]\nname = \"tag-rules-ev\"\n[[stock.feeds]]\npath = \"stock.csv\"\nformat = \"csv\"\nmode = \"full\"\n",
                tenant_toml(slug)
            ),
        );
        let mut csv = String::from("stocknum,year,make,model,price,km,car_type,status,body,location_slug\n");
        for i in 0..3 {
            csv.push_str(&format!(
                "S{i},2019,Mazda,CX-5,{},30000,used,in_stock,SUV,{slug}-sales\n",
                20990 + i
            ));
        }
        std::fs::write(tenants.path().join(slug).join("stock.csv"), csv).unwrap();
    }
    let (state, warm) = server::prepare_serving(settings(&tdb.url, tenants.path(), data.path(), &dist()))
        .await
        .expect("start");
    let served = common::serve(state.clone()).await;
    let client = reqwest::Client::new();
    // The last folder is the last the background warm-up reaches: asked first, it is waited for.
    for slug in slugs.iter().rev() {
        let (s, _, b) = get(&client, served.addr, &format!("{slug}.localhost"), "/api/v1/search").await;
        assert_eq!(s, 200, "{b}");
        assert_eq!(common::json(&b)["count"], 3, "{slug}'s first search: {b}");
        assert_eq!(name_of(&client, served.addr, slug).await, format!("{slug} Motors"));
    }
    warm.await.unwrap();
    assert_eq!(state.tenants.len(), slugs.len());
    assert_eq!(state.tenants.pending_count(), 0);
    let (s, h, b) = get(&client, served.addr, "t0.localhost", "/readyz").await;
    assert_eq!(s, 200, "{b}");
    assert!(h.get("x-warming-tenants").is_none() && !b.contains("warming"), "{b}");
    let (_, _, b) = get(&client, served.addr, "t0.localhost", "/api/v1/admin/tenants").await;
    assert!(common::json(&b).as_array().unwrap().iter().all(|t| t["state"] == "serving"), "{b}");
}

/// Live settings (docs/operations.md "Live settings"): a reload of every tenant reads
/// `forecourt.toml` again; the admin token and the plugin call deadline take their new values at
/// once, a changed listen address is reported as needing a restart and not applied, and a file
/// that does not validate changes nothing (the token in force still opens the admin API).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_settings_change_on_reload_and_a_refused_file_changes_nothing() {
    let tdb = test_db().await;
    let (tenants, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(tenants.path(), "alpha", &tenant_toml("alpha"));
    let started = settings(&tdb.url, tenants.path(), data.path(), &dist());
    let state = server::prepare(started.clone()).await.unwrap();
    let file = data.path().join("forecourt.toml");
    let toml = |token: &str, deadline: &str, bind: &str| {
        format!(
            "database_url = {:?}\ntenants_dir = {:?}\ndata_dir = {:?}\nplugin_dir = {:?}\nui_dist_dir = {:?}\n\
             admin_token = {token}\nplugin_deadline_ms = {deadline}\nbind = {bind:?}\n",
            started.database_url, started.tenants_dir, started.data_dir, started.plugin_dir, started.ui_dist_dir,
        )
    };
    state.tenancy.settings.read_from(file.clone());
    let served = common::serve(state.clone()).await;
    let client = reqwest::Client::new();
    // An admin call under alpha's host name with `token`: (status, body).
    let call = |method: reqwest::Method, path: &'static str, token: &'static str| {
        let client = client.clone();
        async move {
            let res = client
                .request(method, format!("http://{}{path}", served.addr))
                .header("host", "alpha.localhost")
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            (res.status().as_u16(), res.text().await.unwrap())
        }
    };
    let admin = |token: &'static str| call(reqwest::Method::GET, "/api/v1/admin/plugins", token);
    let post_reload = |token: &'static str| async move {
        let (status, body) = call(reqwest::Method::POST, "/api/v1/admin/reload", token).await;
        assert_eq!(status, 200);
        common::json(&body)
    };

    std::fs::write(&file, toml("\"rotated-token\"", "3000", "127.0.0.1:9")).unwrap();
    let report = post_reload(TOKEN).await;
    let s = &report["settings"];
    assert_eq!(s["outcome"], "reloaded", "{report}");
    assert_eq!(s["applied"], serde_json::json!(["admin_token", "plugin_deadline_ms"]), "{report}");
    assert_eq!(s["needs_restart"], serde_json::json!(["bind"]), "{report}");
    assert_eq!(admin(TOKEN).await.0, 401, "the old token no longer opens the admin API");
    let (status, body) = admin("rotated-token").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(common::json(&body)["limits"]["deadline_ms"], 3000, "{body}");
    assert_eq!(
        state.settings_now().bind,
        started.bind,
        "a restart-only setting keeps its start-up value"
    );

    // A value of the wrong type: refused, naming the key; nothing changes, tenants still reload.
    std::fs::write(&file, toml("5", "1", "127.0.0.1:9")).unwrap();
    let report = post_reload("rotated-token").await;
    assert_eq!(report["settings"]["outcome"], "failed", "{report}");
    assert!(report["settings"]["error"].as_str().unwrap().contains("admin_token"), "{report}");
    assert_eq!(outcome(&report, "alpha")["outcome"], "unchanged", "{report}");
    let (status, body) = admin("rotated-token").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(common::json(&body)["limits"]["deadline_ms"], 3000, "{body}");
}
