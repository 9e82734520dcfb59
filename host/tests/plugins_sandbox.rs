//! The sandbox under attack (plugins/README.md "Budgets, breaker and answer checks"): one hostile
//! component, `hostile-multi` (plugins/hostile/multi, built by `bash plugins/build.sh`), exports
//! every extension point and misbehaves per point as its tenant config says. Each case asserts
//! the failure kind, the fallback to the host default and the breaker state; budgets are fuel
//! (an instruction count), so no assertion depends on how busy the machine is, and none on
//! elapsed time.

mod common;
mod plugin_support;

use std::time::Duration;

use axum::http::StatusCode;
use forecourt_host::{
    model::Car,
    plugins::{BreakerState, Frequency, PluginHost, PluginLimits, Point, PointCounters, RepaymentRequest, defaults, fixtures},
    tenant::{Tenant, TenantRegistry},
};
use plugin_support::{registry, require, tenant, tenant_with};

const MULTI: &str = "hostile-multi";

/// Every point a page presents, plus the two other functions.
const POINTS: [Point; 6] = [
    Point::TagRules,
    Point::PriceDisplay,
    Point::Eligibility,
    Point::PhoneFormat,
    Point::FinanceLender,
    Point::StockFilter,
];

/// A registry of one tenant `t` enabling `hostile-multi` with `config` (a TOML inline table's
/// body) and `extra` keys on the plugin entry.
fn multi(config: &str, extra: &str) -> (tempfile::TempDir, TenantRegistry) {
    multi_for("t", config, extra)
}

/// [`multi`] for a tenant `slug` (the Prometheus registry is process-wide: a test reading it
/// uses its own tenant).
fn multi_for(slug: &str, config: &str, extra: &str) -> (tempfile::TempDir, TenantRegistry) {
    require(&[MULTI]);
    registry(&[(
        slug,
        tenant_with(slug, &format!("[[plugins]]\nname = \"{MULTI}\"\nconfig = {{ {config} }}\n{extra}")),
    )])
}

/// Limits for tests of fuel and checks: a wall-clock deadline so long that only fuel, memory
/// and the checks can decide (the deadline is the backstop, not the budget).
fn limits() -> PluginLimits {
    PluginLimits {
        deadline: Duration::from_secs(60),
        load_deadline: Duration::from_secs(60),
        ..PluginLimits::default()
    }
}

fn host(reg: &TenantRegistry, l: PluginLimits) -> PluginHost {
    plugin_support::host_with(reg, l).with_manual_clock()
}

fn row(host: &PluginHost, point: Point) -> PointCounters {
    host.metrics()
        .into_iter()
        .find(|m| m.tenant == "t" && m.point == point)
        .map(|m| m.counters)
        .unwrap_or_default()
}

fn breaker(host: &PluginHost, point: Point) -> BreakerState {
    host.tenant("t").unwrap().breaker(point).state()
}

fn requests(n: usize) -> Vec<RepaymentRequest> {
    (0..n)
        .map(|i| RepaymentRequest {
            amount: 20_000.0 + i as f64,
            deposit: 0.0,
            term_years: 5.0,
            interest: 9.0,
            residual: 0.0,
            frequency: Frequency::Week,
            establishment_fee: 0.0,
            advertised_repayment: None,
        })
        .collect()
}

/// Calls `point` once over `cars` and returns the `decided_by` of every answer.
fn call(host: &PluginHost, t: &Tenant, point: Point, cars: &[Car]) -> Vec<String> {
    let now = fixtures::NOW;
    match point {
        Point::TagRules => host.tags(t, cars, now).into_iter().map(|d| d.decided_by).collect(),
        Point::PriceDisplay => host.price_views(t, cars, now).into_iter().map(|d| d.decided_by).collect(),
        Point::Eligibility => host.eligibility(t, cars, now).into_iter().map(|d| d.decided_by).collect(),
        Point::PhoneFormat => host.car_phones(t, cars, now).into_iter().map(|d| d.decided_by).collect(),
        Point::FinanceLender => host
            .repayments(t, &requests(cars.len()), now)
            .into_iter()
            .map(|d| d.decided_by)
            .collect(),
        Point::StockFilter => vec![host.stock_conditions_uncached(t, 1).decided_by],
        Point::LenderIntegration | Point::RegoLookup => panic!("partner integrations are tested in partner_integrations.rs"),
    }
}

fn all_host(by: &[String]) -> bool {
    !by.is_empty() && by.iter().all(|b| b == "host")
}

fn all_plugin(by: &[String]) -> bool {
    !by.is_empty() && by.iter().all(|b| b == "hostile-multi@0.1.0")
}

fn cars(n: i64) -> Vec<Car> {
    (1..=n).map(fixtures::car).collect()
}

/// 64 strings that all point at one 8 MiB buffer in guest memory (512 MiB if each were copied)
/// are measured in place and refused as oversize on every point that answers strings; nothing
/// is copied, the page gets host defaults, and the breaker counts it.
#[test]
fn aliased_strings_are_refused_before_they_are_copied() {
    let modes = POINTS
        .iter()
        .map(|p| format!("\"{}\" = \"alias\"", p.interface()))
        .collect::<Vec<_>>()
        .join(", ");
    let (_d, reg) = multi(&format!("mode = {{ {modes} }}, bytes = 8388608"), "");
    let h = host(&reg, limits());
    let t = tenant(&reg, "t");
    let page = cars(64);
    for point in POINTS {
        if point == Point::Eligibility {
            continue; // no strings in its answer
        }
        let by = call(&h, t, point, &page);
        assert!(all_host(&by), "{point:?}: {by:?}");
        let c = row(&h, point);
        assert_eq!((c.calls, c.oversize, c.answered), (1, 1, 0), "{point:?}: {c:?}");
    }
    // The same aliasing under the cap is a normal answer: 64 x 1 KiB is 65 KiB of answer.
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"alias\" }, bytes = 64", "");
    let h = host(&reg, limits());
    assert!(all_plugin(&call(&h, tenant(&reg, "t"), Point::TagRules, &page)));
}

/// Answers near and over every cap: the output cap (bytes of strings plus 16 per item,
/// measured in guest memory) and each field's own length cap.
#[test]
fn answers_near_and_over_every_cap() {
    // Output cap: 21 tags of 64 bytes are 21 x (16 + 64) = 1680 bytes.
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"text\" }, bytes = 64", "");
    let page = cars(21);
    for (cap, ok) in [(1680, true), (1679, false)] {
        let h = host(
            &reg,
            PluginLimits {
                max_output_bytes: cap,
                ..limits()
            },
        );
        let by = call(&h, tenant(&reg, "t"), Point::TagRules, &page);
        let c = row(&h, Point::TagRules);
        if ok {
            assert!(all_plugin(&by), "cap {cap}: {by:?}");
        } else {
            assert!(all_host(&by), "cap {cap}: {by:?}");
            assert_eq!(c.oversize, 1, "cap {cap}: {c:?}");
        }
    }
    // Field caps: at the cap the plugin decides; one byte over, the batch is invalid.
    for (point, cap) in [
        (Point::TagRules, 80),
        (Point::PriceDisplay, 80),
        (Point::PhoneFormat, 40),
        (Point::FinanceLender, 500),
        (Point::StockFilter, 100),
    ] {
        for (bytes, ok) in [(cap, true), (cap + 1, false)] {
            let (_d, reg) = multi(&format!("mode = {{ \"{}\" = \"text\" }}, bytes = {bytes}", point.interface()), "");
            let h = host(&reg, limits());
            let by = call(&h, tenant(&reg, "t"), point, &cars(3));
            let c = row(&h, point);
            if ok {
                assert!(all_plugin(&by), "{point:?} {bytes} bytes: {by:?} {c:?}");
            } else {
                assert!(all_host(&by), "{point:?} {bytes} bytes: {by:?}");
                assert_eq!((c.invalid, c.answered), (1, 0), "{point:?} {bytes} bytes: {c:?}");
            }
        }
    }
}

/// A spin under the deadline on every point is cut by fuel, the same on any machine: each call
/// fails as `fuel` having used exactly its fuel, the host default is used, and after
/// `breaker_failures` such calls the point's breaker opens.
#[test]
fn spin_under_the_deadline_is_cut_by_fuel_on_every_point() {
    let modes = POINTS
        .iter()
        .map(|p| format!("\"{}\" = \"spin\"", p.interface()))
        .collect::<Vec<_>>()
        .join(", ");
    let (_d, reg) = multi(&format!("mode = {{ {modes} }}, spin = 1000000000"), "");
    let l = PluginLimits {
        fuel_per_call: 2_000_000,
        request_fuel: u64::MAX,
        ..limits()
    };
    let h = host(&reg, l.clone());
    let t = tenant(&reg, "t");
    for point in POINTS {
        for i in 0..l.breaker_failures {
            let by = call(&h, t, point, &cars(2));
            assert!(all_host(&by), "{point:?} call {i}: {by:?}");
        }
        let c = row(&h, point);
        assert_eq!((c.calls, c.fuel, c.timeout), (5, 5, 0), "{point:?}: {c:?}");
        assert_eq!(c.fuel_used, 5 * l.fuel_per_call, "{point:?}: every call used its whole fuel");
        assert_eq!(breaker(&h, point), BreakerState::Open, "{point:?}");
        call(&h, t, point, &cars(2));
        assert_eq!(row(&h, point).skipped, 1, "{point:?}: open breaker skips");
    }
    // A short spin costs fuel but answers: the fuel used is counted.
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"spin\" }, spin = 1000", "");
    let h = host(&reg, limits());
    assert!(all_plugin(&call(&h, tenant(&reg, "t"), Point::TagRules, &cars(2))));
    let c = row(&h, Point::TagRules);
    assert!(c.fuel_used > 1000 && c.fuel_used < limits().fuel_per_call, "{c:?}");
}

/// One failing point among good ones: only that point's breaker opens; the other points of the
/// same plugin keep deciding. After the cool-down (a manual clock, no sleeping) one half-open
/// trial runs: a failure reopens it, a success closes it.
#[test]
fn one_failing_point_opens_only_its_own_breaker_then_half_opens() {
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"panic\" }, max_cars = 1", "");
    let l = limits();
    let h = host(&reg, l.clone());
    let t = tenant(&reg, "t");
    let page = cars(5);
    for _ in 0..7 {
        let p = h.present(t, &page, fixtures::NOW);
        assert!(p.iter().all(|c| c.decided_by.tag == "host"));
        assert!(p.iter().all(|c| c.decided_by.price_view == "hostile-multi@0.1.0"), "{p:?}");
        assert!(p.iter().all(|c| c.decided_by.phone == "hostile-multi@0.1.0"));
    }
    let c = row(&h, Point::TagRules);
    assert_eq!((c.trap, c.skipped), (5, 2), "{c:?}");
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Open);
    for point in [Point::PriceDisplay, Point::Eligibility, Point::PhoneFormat, Point::FinanceLender] {
        assert_eq!(breaker(&h, point), BreakerState::Closed, "{point:?}");
        assert_eq!(row(&h, point).answered, 7, "{point:?}");
    }
    // Before the cool-down: still skipped.
    h.clock().advance(l.breaker_cooldown - Duration::from_millis(1));
    assert!(all_host(&call(&h, t, Point::TagRules, &page)));
    assert_eq!(row(&h, Point::TagRules).skipped, 3);
    // Cool-down over: the trial fails (a full page panics) and reopens the breaker.
    h.clock().advance(Duration::from_millis(1));
    assert!(all_host(&call(&h, t, Point::TagRules, &page)));
    assert_eq!(row(&h, Point::TagRules).trap, 6);
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Open);
    // Next cool-down: the trial is a one-car batch, which answers: closed again.
    h.clock().advance(l.breaker_cooldown);
    assert!(all_plugin(&call(&h, t, Point::TagRules, &cars(1))));
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Closed);
    assert!(all_plugin(&call(&h, t, Point::TagRules, &cars(1))));
}

/// Invalid values are refused with their reason and counted as `invalid`: a price of 1e300, a
/// "masked" phone that is the full number, a tag image on another host, a NaN repayment and
/// minimum price, one eligibility answer too few. An image host the tenant allows for the
/// plugin (`image_hosts`) is accepted.
#[test]
fn invalid_values_are_refused_and_count_towards_the_breaker() {
    let modes = POINTS
        .iter()
        .map(|p| format!("\"{}\" = \"invalid\"", p.interface()))
        .collect::<Vec<_>>()
        .join(", ");
    let (_d, reg) = multi(&format!("mode = {{ {modes} }}"), "");
    let h = host(&reg, limits());
    let t = tenant(&reg, "t");
    let page = cars(4);
    for point in POINTS {
        for _ in 0..5 {
            assert!(all_host(&call(&h, t, point, &page)), "{point:?}");
        }
        let c = row(&h, point);
        assert_eq!((c.invalid, c.answered), (5, 0), "{point:?}: {c:?}");
        assert_eq!(breaker(&h, point), BreakerState::Open, "{point:?}");
    }
    // The host's defaults are what the page shows.
    let p = PluginHost::disabled();
    let want = p.price_views(t, &page, fixtures::NOW);
    assert_eq!(h.price_views(t, &page, fixtures::NOW), want);
    for (car, v) in page.iter().zip(&want) {
        assert_eq!(v.value, defaults::price_view_for(&t.config, car));
    }
    // Allowed image host: the same answer is accepted.
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"invalid\" }", "image_hosts = [\"tracker.example\"]");
    let h = host(&reg, limits());
    let tags = h.tags(tenant(&reg, "t"), &page, fixtures::NOW);
    assert!(tags.iter().all(|d| d.decided_by == "hostile-multi@0.1.0"), "{tags:?}");
    assert_eq!(
        tags[0].value.as_ref().unwrap().image_url.as_deref(),
        Some("https://tracker.example/pixel.png")
    );
}

/// A slow `init` is paid from every call's fuel: it loads (load-time fuel is larger), then each
/// call fails as `fuel` and the breaker opens; the page keeps the host defaults.
#[test]
fn slow_init_fails_every_call_as_fuel() {
    let (_d, reg) = multi("init_spin = 20000000", "");
    let h = host(
        &reg,
        PluginLimits {
            fuel_per_call: 2_000_000,
            ..limits()
        },
    );
    let t = tenant(&reg, "t");
    for _ in 0..6 {
        assert!(all_host(&call(&h, t, Point::TagRules, &cars(3))));
    }
    let c = row(&h, Point::TagRules);
    assert_eq!((c.fuel, c.skipped, c.answered), (5, 1, 0), "{c:?}");
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Open);
}

/// One request budget across every point of a page: once spent, the remaining points use host
/// defaults, counted as `budget`, not as failures, and no breaker moves.
#[test]
fn the_request_budget_is_shared_by_the_points_of_a_page() {
    let modes = POINTS
        .iter()
        .map(|p| format!("\"{}\" = \"spin\"", p.interface()))
        .collect::<Vec<_>>()
        .join(", ");
    let (_d, reg) = multi(&format!("mode = {{ {modes} }}, spin = 100000"), "");
    let t = tenant(&reg, "t");
    let page = cars(3);
    // What one point's call costs, measured (deterministic: fuel, not time).
    let probe = host(&reg, limits());
    call(&probe, t, Point::TagRules, &page);
    let one = row(&probe, Point::TagRules).fuel_used;
    assert!(one > 100_000, "{one}");
    let h = host(
        &reg,
        PluginLimits {
            request_fuel: one * 5 / 2,
            ..limits()
        },
    );
    let p = h.present(t, &page, fixtures::NOW);
    let plugin = "hostile-multi@0.1.0";
    assert!(
        p.iter().all(|c| c.decided_by.tag == plugin && c.decided_by.price_view == plugin),
        "{p:?}"
    );
    assert!(
        p.iter()
            .all(|c| c.decided_by.eligibility == "host" && c.decided_by.phone == "host" && c.decided_by.finance == "host"),
        "{p:?}"
    );
    let failures: u64 = h.metrics().iter().map(|m| m.counters.failures()).sum();
    assert_eq!(failures, 0, "a spent budget is not the plugin's failure");
    for point in [Point::Eligibility, Point::PhoneFormat, Point::FinanceLender] {
        assert_eq!(row(&h, point).budget, 1, "{point:?}");
        assert_eq!(breaker(&h, point), BreakerState::Closed);
    }
    // The next request has a fresh budget.
    let p = h.present(t, &page, fixtures::NOW);
    assert!(p.iter().all(|c| c.decided_by.tag == plugin));
}

/// A call cut by the wall-clock deadline while it still had fuel (the host was too busy, or the
/// deadline is the backstop of a huge fuel) is counted as `timeout`; a few do not open the
/// breaker, a run of 4 x `breaker_failures` with no answer between does (a plugin that slows
/// every call past the deadline with bulk memory work, which fuel barely sees).
#[test]
fn a_timeout_with_fuel_left_counts_only_in_a_run() {
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"loop\" }", "");
    let l = PluginLimits {
        deadline: Duration::from_millis(1),
        tick: Duration::from_millis(1),
        fuel_per_call: u64::MAX / 4,
        request_fuel: u64::MAX,
        ..limits()
    };
    let h = host(&reg, l.clone());
    let t = tenant(&reg, "t");
    // A few overruns may be a busy host: the breaker stays closed...
    for _ in 0..8 {
        assert!(all_host(&call(&h, t, Point::TagRules, &cars(1))));
    }
    let c = row(&h, Point::TagRules);
    assert_eq!((c.timeout, c.fuel, c.skipped), (8, 0, 0), "{c:?}");
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Closed);
    // ...a run of 4 x breaker_failures with no answer between is the plugin: it opens.
    for _ in 8..4 * l.breaker_failures {
        call(&h, t, Point::TagRules, &cars(1));
    }
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Open);
    call(&h, t, Point::TagRules, &cars(1));
    assert_eq!(row(&h, Point::TagRules).skipped, 1);
}

/// A plugin that fails only on batches of several cars and answers every single car still opens
/// its breaker: failures count among the last 20 calls, not only in a row (202 such traps once
/// left it closed).
#[test]
fn failing_every_other_call_opens_the_breaker() {
    let (_d, reg) = multi("mode = { \"tag-rules\" = \"panic\" }, max_cars = 1", "");
    let l = limits();
    let h = host(&reg, l.clone());
    let t = tenant(&reg, "t");
    for i in 0..l.breaker_failures {
        assert!(all_plugin(&call(&h, t, Point::TagRules, &cars(1))), "single car {i}");
        assert_eq!(breaker(&h, Point::TagRules), BreakerState::Closed);
        assert!(all_host(&call(&h, t, Point::TagRules, &cars(2))), "two cars {i}");
    }
    let c = row(&h, Point::TagRules);
    assert_eq!((c.answered, c.trap), (5, 5), "{c:?}");
    assert_eq!(breaker(&h, Point::TagRules), BreakerState::Open);
}

/// `GET /api/v1/admin/plugins` and `GET /metrics` serve the counters, fuel, times and breaker
/// states behind the admin token.
#[tokio::test]
async fn plugin_state_is_served_to_the_admin_and_prometheus() {
    let tdb = common::test_db().await;
    let (dir, reg) = multi_for("admin-t", "mode = { \"tag-rules\" = \"panic\" }", "");
    let state = common::state(&tdb.db, reg, dir.path(), Some("secret-token")).await;
    let t = state.tenants.by_slug("admin-t").unwrap().clone();
    let page = cars(3);
    for _ in 0..5 {
        state.plugins.present(&t, &page, fixtures::NOW);
    }
    let app = common::app(state.clone());
    let (s, _, b) = common::call(&app, common::get("admin-t.localhost", "/api/v1/admin/plugins")).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{b}");
    let req = |path: &str| {
        let mut r = common::get("admin-t.localhost", path);
        r.headers_mut()
            .insert(axum::http::header::AUTHORIZATION, "Bearer secret-token".parse().unwrap());
        r
    };
    let (s, _, b) = common::call(&app, req("/api/v1/admin/plugins")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    let rows = v["plugins"].as_array().unwrap();
    let tag = rows.iter().find(|r| r["point"] == "tag-rules").unwrap();
    assert_eq!(tag["counters"]["trap"], 5, "{tag}");
    assert_eq!(tag["breaker"], "open", "{tag}");
    assert!(tag["p99_us"].as_u64().unwrap() >= tag["p50_us"].as_u64().unwrap());
    let price = rows.iter().find(|r| r["point"] == "price-display").unwrap();
    assert_eq!(
        (price["counters"]["answered"].as_u64(), price["breaker"].as_str()),
        (Some(5), Some("closed"))
    );
    assert!(price["counters"]["fuel_used"].as_u64().unwrap() > 0);
    assert_eq!(v["limits"]["fuel_per_call"], PluginLimits::default().fuel_per_call);

    let (s, _, _) = common::call(&app, common::get("admin-t.localhost", "/metrics")).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, text) = common::call(&app, req("/metrics")).await;
    assert_eq!(s, StatusCode::OK);
    let line = |name: &str, labels: &str| {
        text.lines()
            .find(|l| l.starts_with(name) && l.contains(labels))
            .unwrap_or_else(|| panic!("no {name}{{{labels}}} in\n{text}"))
            .to_string()
    };
    let tag_labels = "plugin=\"hostile-multi@0.1.0\",point=\"tag-rules\",tenant=\"admin-t\"";
    assert!(line("forecourt_plugin_breaker_state", tag_labels).ends_with(" 1"));
    assert!(line("forecourt_plugin_failures_total", "tenant=\"admin-t\"").contains("kind=\"trap\""));
    line("forecourt_plugin_fuel_used_total", "point=\"price-display\",tenant=\"admin-t\"");
    line("forecourt_plugin_call_seconds_bucket", "point=\"eligibility\",tenant=\"admin-t\"");
}

/// The real plugins, with the demo tenants' configs, stay far inside the default fuel: every
/// call of a 21-car page (and a 100-car batch, the largest) uses under a fifth of
/// `fuel_per_call`, and a whole page under half of `request_fuel`. Fuel is a count, so this holds
/// on any machine; the figures are in BENCHMARKS.md "Plugins".
#[test]
fn real_plugins_stay_far_inside_the_default_fuel() {
    require(&plugin_support::REAL);
    let slugs = ["drive-depot", "harbourside-mercedes", "im-motors-au", "southern-cross-motor-group"];
    let tenants: Vec<(&str, String)> = slugs.iter().map(|s| (*s, plugin_support::demo_plugins_toml(s))).collect();
    let (_d, reg) = registry(&tenants);
    let l = limits();
    let h = host(&reg, l.clone());
    for n in [fixtures::PAGE as i64, 100] {
        let page = cars(n);
        for slug in slugs {
            let t = tenant(&reg, slug);
            let before: u64 = h.metrics().iter().filter(|m| m.tenant == slug).map(|m| m.counters.fuel_used).sum();
            let p = h.present(t, &page, fixtures::NOW);
            h.stock_conditions_uncached(t, t.config.stock.filter_level);
            let after: u64 = h.metrics().iter().filter(|m| m.tenant == slug).map(|m| m.counters.fuel_used).sum();
            eprintln!("{slug}: {n}-car page, all points: {} fuel", after - before);
            assert!(
                p.iter()
                    .any(|c| c.decided_by.tag != "host" || c.decided_by.finance != "host" || c.decided_by.phone != "host")
            );
            assert!(after - before < l.request_fuel / 2, "{slug}: {}", after - before);
        }
    }
    for m in h.metrics() {
        let per_call = m.counters.fuel_used / m.counters.calls.max(1);
        eprintln!(
            "{} {} {:?}: {} calls, {per_call} fuel per call",
            m.tenant, m.plugin, m.point, m.counters.calls
        );
        assert_eq!(m.counters.failures(), 0, "{m:?}");
        assert!(per_call < l.fuel_per_call / 5, "{m:?}");
    }
}
