//! Hostile plugins (`plugins/dist/hostile-*.wasm`, built by `bash plugins/build.sh`) and bad
//! components: the shopper's request still succeeds with the host defaults, each failure is
//! named and counted, the runaway loop is cut by its fuel (an instruction count: no assertion
//! here depends on the wall clock), the circuit breaker switches a failing point off for the
//! tenant, and load refuses what it must (missing component, rejected config, failing init,
//! unsupported WIT version, WASI imports, two plugins for one point).
//! docs/features/platform.md "Plugins and extension points"; `plugins_sandbox.rs` has the rest.

mod common;
mod plugin_support;

use std::{sync::Arc, time::Duration};

use forecourt_host::plugins::{BreakerState, Point};

use axum::http::StatusCode;
use forecourt_host::{
    plugins::{
        PluginHost, PluginLimits, PointCounters, defaults,
        fixtures::{self, NOW},
    },
    stock::import_feed,
    tenant::TenantRegistry,
};
use plugin_support::{HOSTILE, dist, registry, require, tenant, tenant_with};

fn hostile_tenant(plugin: &str, config: &str) -> String {
    tenant_with(plugin, &format!("[[plugins]]\nname = \"{plugin}\"\n{config}"))
}

fn hostile_registry(config: &str) -> (tempfile::TempDir, TenantRegistry) {
    require(&HOSTILE);
    let tenants: Vec<(&str, String)> = HOSTILE.iter().map(|p| (*p, hostile_tenant(p, config))).collect();
    registry(&tenants)
}

fn counters(host: &PluginHost, tenant: &str) -> PointCounters {
    host.metrics()
        .into_iter()
        .find(|m| m.tenant == tenant)
        .map(|m| m.counters)
        .unwrap_or_default()
}

/// Every hostile plugin: the page gets exactly the host's default tags, and the failure is counted
/// under its own name.
#[test]
fn hostile_answers_are_discarded_and_defaults_used() {
    let (_d, reg) = hostile_registry("");
    // A deadline so long that only fuel, the memory cap and the checks decide (the deadline is
    // the wall-clock backstop, which a busy machine must not trip here); fuel enough to write
    // the 10 MiB answer, so it fails as oversize.
    let host = plugin_support::host_with(
        &reg,
        PluginLimits {
            deadline: Duration::from_secs(60),
            fuel_per_call: 200_000_000,
            request_fuel: u64::MAX,
            ..PluginLimits::default()
        },
    );
    let page = fixtures::page();
    for (plugin, kind) in [
        ("hostile-loop", "fuel"),
        ("hostile-memory-grow", "memory"),
        ("hostile-panic", "trap"),
        ("hostile-short-answer", "invalid"),
        ("hostile-huge-answer", "oversize"),
    ] {
        let t = tenant(&reg, plugin);
        let got = host.tags(t, &page, NOW);
        assert_eq!(got.len(), page.len(), "{plugin}");
        for (car, answer) in page.iter().zip(&got) {
            assert_eq!(answer.decided_by, "host", "{plugin}");
            assert_eq!(answer.value, defaults::tag_for(&t.config, car, NOW), "{plugin}");
        }
        let c = counters(&host, plugin);
        let counted = match kind {
            "fuel" => c.fuel,
            "memory" => c.memory,
            "trap" => c.trap,
            "invalid" => c.invalid,
            _ => c.oversize,
        };
        assert_eq!((c.calls, counted, c.answered), (1, 1, 0), "{plugin}: {c:?}");
        // The whole presentation (all points) never fails either.
        let p = host.present(t, &page, NOW);
        assert!(p.iter().all(|c| c.decided_by.tag == "host"), "{plugin}");
    }
    // The huge answer for an empty page is a 10 MiB `err` message: oversize, not a decline.
    let t = tenant(&reg, "hostile-huge-answer");
    let none: Vec<forecourt_host::model::Car> = Vec::new();
    assert!(host.tags(t, &none, NOW).is_empty());
}

/// The runaway loop is cut by its fuel, whatever the clock says: with a one-minute deadline
/// every call fails as `fuel` having used exactly `fuel_per_call` units, for any configured
/// fuel (a count, the same on a busy machine as on an idle one).
#[test]
fn loop_is_cut_by_its_fuel_whatever_the_clock() {
    let (_d, reg) = hostile_registry("");
    let t = tenant(&reg, "hostile-loop");
    let cars = vec![fixtures::car(1)];
    for fuel in [1_000_000, 5_000_000, 20_000_000] {
        let host = plugin_support::host_with(
            &reg,
            PluginLimits {
                deadline: Duration::from_secs(60),
                fuel_per_call: fuel,
                request_fuel: u64::MAX,
                breaker_failures: 0,
                ..PluginLimits::default()
            },
        );
        for _ in 0..3 {
            let got = host.tags(t, &cars, NOW);
            assert_eq!(got[0].decided_by, "host");
        }
        let c = counters(&host, "hostile-loop");
        assert_eq!((c.calls, c.fuel, c.timeout), (3, 3, 0), "{c:?}");
        assert_eq!(c.fuel_used, 3 * fuel);
    }
}

/// After `breaker_failures` consecutive failures the point's breaker opens for that tenant:
/// later calls are skipped (no guest call) and answered by the host until its cool-down;
/// another tenant is untouched, and a reload closes the breaker.
#[test]
fn circuit_breaker_switches_a_failing_point_off_for_its_tenant() {
    require(&["hostile-panic", "tag-rules-ev"]);
    let (_d, reg) = registry(&[
        ("bad", tenant_with("bad", "[[plugins]]\nname = \"hostile-panic\"")),
        ("good", tenant_with("good", "[[plugins]]\nname = \"tag-rules-ev\"")),
    ]);
    let host = plugin_support::host_with(&reg, plugin_support::relaxed());
    let cars = vec![fixtures::car(1)];
    for _ in 0..7 {
        host.tags(tenant(&reg, "bad"), &cars, NOW);
    }
    let c = counters(&host, "bad");
    assert_eq!((c.trap, c.skipped), (5, 2), "{c:?}");
    assert!(
        host.metrics()
            .iter()
            .any(|m| m.tenant == "bad" && m.breaker_open && m.breaker == BreakerState::Open)
    );
    assert_eq!(host.tenant("bad").unwrap().breaker(Point::TagRules).state(), BreakerState::Open);
    assert_eq!(host.tenant("good").unwrap().breaker(Point::TagRules).state(), BreakerState::Closed);
    assert_eq!(host.tags(tenant(&reg, "good"), &cars, NOW)[0].decided_by, "tag-rules-ev@0.1.0");
    let reloaded = plugin_support::host_with(&reg, plugin_support::relaxed());
    assert_eq!(
        reloaded.tenant("bad").unwrap().breaker(Point::TagRules).state(),
        BreakerState::Closed
    );
}

/// Through the HTTP API: a tenant whose plugins all misbehave still answers 200 with the host's
/// decisions, every time.
#[tokio::test]
async fn car_request_succeeds_with_defaults_when_plugins_misbehave() {
    let tdb = common::test_db().await;
    let (dir, reg) = hostile_registry("");
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let feed =
        "stocknum,year,make,model,price,car_type,status,created_at\nH1,2024,Tesla,Model 3,49990,used,in_stock,2026-10-01T00:00:00Z\n";
    for plugin in HOSTILE {
        let t = state.tenants.by_slug(plugin).unwrap().clone();
        let opts = common::csv_opts("feed.csv");
        import_feed(&tdb.db, &t, feed.as_bytes(), opts).await.unwrap();
    }
    let app = common::app(state.clone());
    for plugin in HOSTILE {
        let slug = {
            let repo = forecourt_host::repo::TenantRepo::new(&tdb.db, plugin);
            repo.car_by_stocknum("H1").await.unwrap().unwrap().slug
        };
        for _ in 0..3 {
            let (s, _, b) = common::call(&app, common::get(&format!("{plugin}.localhost"), &format!("/api/v1/cars/{slug}"))).await;
            assert_eq!(s, StatusCode::OK, "{plugin}: {b}");
            let v: serde_json::Value = serde_json::from_str(&b).unwrap();
            assert_eq!(v["decided_by"]["tag"], "host", "{plugin}: {b}");
            assert_eq!(v["price_view"]["kind"], "car_price", "{plugin}: {b}");
        }
    }
    let failures: u64 = state.plugins.metrics().iter().map(|m| m.counters.failures()).sum();
    assert_eq!(failures, 15, "{:?}", state.plugins.metrics());
}

fn load_err(reg: &TenantRegistry) -> String {
    // A one-minute load deadline: a looping `init` is stopped by its load fuel, whatever the
    // machine's load.
    let limits = PluginLimits {
        load_deadline: Duration::from_secs(60),
        ..PluginLimits::default()
    };
    match PluginHost::load(limits, &dist(), None, reg) {
        Ok(_) => panic!("load should fail"),
        Err(e) => {
            eprintln!("refused as expected: {e}");
            e.to_string()
        }
    }
}

/// A plugin that loops, panics or bombs memory in `init` (config `{"phase": "init"}`) cannot be
/// enabled: the tenant's load stops and names the tenant file, the plugin and the failure.
#[test]
fn failing_init_stops_the_tenant_load() {
    for (plugin, says) in [
        ("hostile-loop", "fuel exhausted"),
        ("hostile-panic", "trap"),
        ("hostile-memory-grow", "memory cap"),
    ] {
        require(&[plugin]);
        let (_d, reg) = registry(&[(plugin, hostile_tenant(plugin, "config = { phase = \"init\" }"))]);
        let e = load_err(&reg);
        assert!(e.contains(&format!("{plugin}/tenant.toml")), "{e}");
        assert!(e.contains(&format!("plugins.0 (`{plugin}`)")), "{e}");
        assert!(e.contains("plugin.init failed") && e.contains(says), "{e}");
    }
}

/// Issue 40: a plugin whose `init` filled its memory (bulk work fuel barely counts) made every
/// SRP 568 ms at p50, because `init` runs again before every call. An init that leaves more than
/// `init_memory_bytes` of linear memory is refused at load, naming the bound; the same plugin
/// with a small init loads.
#[test]
fn an_init_that_fills_memory_is_refused_at_load() {
    let plugin = "hostile-multi";
    require(&[plugin]);
    let (_d, reg) = registry(&[(plugin, hostile_tenant(plugin, "config = { init_fill = 12000000 }"))]);
    let e = load_err(&reg);
    assert!(e.contains(&format!("plugins.0 (`{plugin}`)")), "{e}");
    assert!(e.contains("plugin.init left") && e.contains("over the 8.0 MiB bound"), "{e}");
    let (_d, reg) = registry(&[(plugin, hostile_tenant(plugin, "config = { init_fill = 1000000 }"))]);
    let limits = PluginLimits {
        load_deadline: Duration::from_secs(60),
        ..PluginLimits::default()
    };
    PluginHost::load(limits, &dist(), None, &reg).expect("a 1 MB init loads");
}

#[test]
fn a_config_the_plugin_rejects_stops_the_tenant_load() {
    require(&["tag-rules-ev", "lender-standard"]);
    let (_d, reg) = registry(&[(
        "t",
        tenant_with("t", "[[plugins]]\nname = \"tag-rules-ev\"\nconfig = { ev_tag = \"EV\" }"),
    )]);
    let e = load_err(&reg);
    assert!(
        e.contains("t/tenant.toml: plugins.0 (`tag-rules-ev`): the plugin rejected its config"),
        "{e}"
    );
    assert!(e.contains("ev_tag"), "names the field: {e}");
    let (_d, reg) = registry(&[(
        "t",
        tenant_with(
            "t",
            "[[plugins]]\nname = \"lender-standard\"\nconfig = { interest = { min = 20, max = 10 } }\n[plugins.capabilities.http]\nallowed_outbound_hosts = []",
        ),
    )]);
    let e = load_err(&reg);
    assert!(e.contains("rejected its config") && e.contains("interest.min"), "{e}");
}

#[test]
fn a_missing_component_stops_start_up_and_says_how_to_build_it() {
    let (_d, reg) = registry(&[("t", tenant_with("t", "[[plugins]]\nname = \"no-such-plugin\""))]);
    let e = load_err(&reg);
    assert!(e.contains("t/tenant.toml: plugins.0 (`no-such-plugin`)"), "{e}");
    assert!(e.contains("no-such-plugin.wasm") && e.contains("bash plugins/build.sh"), "{e}");
}

#[test]
fn two_plugins_for_one_point_are_refused() {
    require(&["tag-rules-ev", "hostile-panic"]);
    let (_d, reg) = registry(&[(
        "t",
        tenant_with("t", "[[plugins]]\nname = \"tag-rules-ev\"\n[[plugins]]\nname = \"hostile-panic\""),
    )]);
    let e = load_err(&reg);
    assert!(
        e.contains("plugins.1 (`hostile-panic`)") && e.contains("`tag-rules`") && e.contains("tag-rules-ev"),
        "{e}"
    );
}

fn load_wat(name: &str, wat: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(format!("{name}.wasm")), wat::parse_str(wat).unwrap()).unwrap();
    let (_d, reg) = registry(&[("t", tenant_with("t", &format!("[[plugins]]\nname = \"{name}\"")))]);
    match PluginHost::load(PluginLimits::default(), dir.path(), None, &reg) {
        Ok(_) => panic!("{name} should be refused"),
        Err(e) => {
            eprintln!("refused as expected: {e}");
            e.to_string()
        }
    }
}

/// A component built against another WIT version is refused with a message naming both versions.
#[test]
fn unsupported_wit_version_is_refused() {
    let e = load_wat(
        "future-plugin",
        r#"(component
             (instance $plugin)
             (export "forecourt:platform/plugin@0.2.0" (instance $plugin))
             (instance $tags)
             (export "forecourt:platform/tag-rules@0.2.0" (instance $tags)))"#,
    );
    assert!(e.contains("unsupported WIT version"), "{e}");
    assert!(
        e.contains("forecourt:platform@0.2.0") && e.contains("supports forecourt:platform@0.1.0"),
        "{e}"
    );
}

/// A component that imports anything (WASI included) is refused: plugins get no capabilities.
#[test]
fn wasi_imports_are_refused() {
    let e = load_wat(
        "wasi-plugin",
        r#"(component
             (import "wasi:cli/environment@0.2.0" (instance))
             (instance $plugin)
             (export "forecourt:platform/plugin@0.1.0" (instance $plugin)))"#,
    );
    assert!(e.contains("imports `wasi:cli/environment@0.2.0`") && e.contains("no WASI"), "{e}");
    let e = load_wat("junk", "(module)");
    assert!(e.contains("not a valid WASM component") || e.contains("plugin"), "{e}");
}

/// Compiled components are cached on disk by content and engine; a second load reads the cache,
/// and a corrupt cache file is a miss (recompiled, rewritten), never an error.
#[test]
fn compiled_components_are_cached_and_a_bad_cache_file_is_a_miss() {
    require(&["lender-standard"]);
    let cache = tempfile::tempdir().unwrap();
    // lender-standard, allowed to reach a partner, is loaded by the pure points' engine and by the
    // partner engine (its `lender-integration` and `rego-lookup`). Both compile alike (fuel and
    // epoch interruption, the same compatibility hash), so they share one cache file.
    let (_d, reg) = registry(&[(
        "t",
        tenant_with(
            "t",
            "[[plugins]]\nname = \"lender-standard\"\n[plugins.capabilities.http]\nallowed_outbound_hosts = [\"https://api.lender.example\"]",
        ),
    )]);
    let load = || PluginHost::load(plugin_support::relaxed(), &dist(), Some(cache.path().to_owned()), &reg).expect("load");
    let _cold = load();
    let mut files: Vec<_> = std::fs::read_dir(cache.path()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files.iter().all(|f| f.extension().is_some_and(|e| e == "cwasm")));
    // A cache hit reads the file and writes nothing (a miss would compile and rewrite it): the
    // file is byte for byte the same and its modification time has not moved. No clock is
    // compared with another, so a busy machine cannot fail this.
    let before: Vec<_> = files
        .iter()
        .map(|f| (std::fs::metadata(f).unwrap().modified().unwrap(), std::fs::read(f).unwrap()))
        .collect();
    std::thread::sleep(Duration::from_millis(20));
    let warm_host = load();
    for (f, (written, bytes)) in files.iter().zip(&before) {
        assert_eq!(
            std::fs::metadata(f).unwrap().modified().unwrap(),
            *written,
            "a cache hit does not rewrite {f:?}"
        );
        assert_eq!(&std::fs::read(f).unwrap(), bytes);
    }
    let t = tenant(&reg, "t");
    assert_eq!(
        warm_host.finance_offers(t, &[fixtures::car(1)], NOW)[0].decided_by,
        "lender-standard@0.1.0"
    );
    for f in &files {
        std::fs::write(f, b"not a compiled component").unwrap();
    }
    let host = load();
    assert_eq!(
        host.finance_offers(t, &[fixtures::car(1)], NOW)[0].decided_by,
        "lender-standard@0.1.0"
    );
    for f in &files {
        assert!(std::fs::metadata(f).unwrap().len() > 1000, "{f:?} rewritten");
    }
    drop(Arc::new(host));
}
