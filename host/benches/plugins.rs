//! Plugin runtime cost (docs/features/platform.md "Plugins and extension points"; BENCHMARKS.md
//! "Plugins"), against the real components in `plugins/dist` (build them first with
//! `bash plugins/build.sh`):
//!
//!   cargo bench -p forecourt-host --bench plugins
//!
//! - `instantiate/*`: a fresh store and an instance from the `InstancePre` (target <= 50 us), and
//!   the same plus `plugin.init(config)`, which every call does;
//! - `batch_21/<point>`: one batched call for a 21-car page per extension point, through the host
//!   (input conversion, fresh store, init, call, answer checks, merge with defaults);
//! - `page_21/*`: the whole per-page work of a tenant enabling all six points (five per-car points
//!   plus the stock filter, uncached) against the host defaults alone (target <= 1 ms for the six);
//! - `partner/*`: one partner call (WIT `forecourt:platform@0.2.0`) on the async engine, the whole
//!   host path: a fresh store and instance, `plugin.init(config)`, the call, the plugin's request
//!   over wasi:http to a local stub lender on 127.0.0.1 (keep-alive), the answer's checks; and the
//!   stub alone over the host's HTTP client, the floor a partner call cannot go under.

use std::{path::Path, time::Duration};

use criterion::{Criterion, criterion_group, criterion_main};
use forecourt_host::{
    plugins::{
        Frequency, PluginHost, PluginLimits, RepaymentRequest,
        fixtures::{self, NOW},
    },
    tenant::TenantRegistry,
};

/// One tenant enabling a plugin for every point, with the demo tenants' configs.
const TENANT: &str = r#"
slug = "bench"
name = "Bench Motors"
template = "superstore"
[features]
ev_tag = true
garage_enabled = true
[finance]
provider = "generic"
default_interest = 9.95
[stock]
filter_level = 4
[phones]
used = "07 5550 0700"
[[dealerships]]
slug = "dealer"
name = "Dealer"
state = "QLD"

[[plugins]]
name = "stock-filter-levels"
[plugins.config.levels.4]
rules = [ { car_types = ["new"] }, { car_types = ["used", "demo"], statuses = ["in_stock"] } ]
hide_item_types = ["caravan"]

[[plugins]]
name = "tag-rules-ev"
config = { ev_tag = true, certified = { manufacturer = "mercedes-benz", image_url = "/assets/cpo.svg" } }

[[plugins]]
name = "lender-standard"
[plugins.config]
lender = "Drive Depot Finance"
default_amount_from_price = true
amount = { min = 1000, max = 250000, step = 500 }
interest = { min = 4, max = 20, step = 0.5, default = 9.95 }
term_list = { years = [1, 2, 3, 4, 5, 6, 7], display = "months", default_index = 4 }
rounding = "down_below_advertised"
widget = { min_price = 500, needs = "weekly_repayment" }
[plugins.capabilities.http]
allowed_outbound_hosts = []

[[plugins]]
name = "price-display-subscription"
config = { subscription_suffix = "/wk" }

[[plugins]]
name = "eligibility-online-purchase"
config = { online_purchase_used = true, compare_used_only = true, compare_min_images = 1, autograb = true }

[[plugins]]
name = "phone-format-au"
config = { used = "07 5550 0700", default = "07 5550 0710" }
"#;

fn bench_plugins(c: &mut Criterion) {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist");
    assert!(
        dist.join("tag-rules-ev.wasm").is_file(),
        "{} has no components: run `bash plugins/build.sh` first",
        dist.display()
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bench")).unwrap();
    std::fs::write(dir.path().join("bench/tenant.toml"), TENANT).unwrap();
    let reg = TenantRegistry::load_dir(dir.path()).unwrap();
    let tenant = &*reg.by_slug("bench").unwrap();
    let host = PluginHost::load(PluginLimits::default(), &dist, None, &reg).expect("plugins load");
    let none = PluginHost::disabled();
    let rt = host.runtime().unwrap();
    let page = fixtures::page();
    let requests: Vec<RepaymentRequest> = (0..fixtures::PAGE)
        .map(|i| RepaymentRequest {
            amount: 20_000.0 + 1_000.0 * i as f64,
            deposit: 2_000.0,
            term_years: 5.0,
            interest: 9.95,
            residual: 0.0,
            frequency: Frequency::Week,
            establishment_fee: 0.0,
            advertised_repayment: None,
        })
        .collect();

    let mut g = c.benchmark_group("instantiate");
    let tags = &host.components()["tag-rules-ev"];
    g.bench_function("instance_pre/tag-rules-ev", |b| b.iter(|| rt.instantiate(tags).ok().unwrap()));
    let lender = &host.components()["lender-standard"];
    let lender_cfg = &host.tenant("bench").unwrap().plugins()[2].config_json.clone();
    g.bench_function("instance_pre/lender-standard", |b| b.iter(|| rt.instantiate(lender).ok().unwrap()));
    // A call descheduled past the 10 ms wall-clock backstop on a busy machine fails as a timeout:
    // counted and reported (as the points' failures below), not a panic in the middle of the run.
    let init_failures = std::cell::Cell::new(0u64);
    g.bench_function("instance_pre+init/lender-standard", |b| {
        b.iter(|| match rt.instantiate_init(lender, lender_cfg, rt.limits().fuel_per_call) {
            Ok(call) => Some(call),
            Err(e) => {
                if init_failures.get() == 0 {
                    eprintln!("warning: lender-standard init failed: {e:?}");
                }
                init_failures.set(init_failures.get() + 1);
                None
            }
        })
    });
    if init_failures.get() > 0 {
        eprintln!("warning: instance_pre+init/lender-standard: {} calls failed", init_failures.get());
    }
    g.finish();

    let mut g = c.benchmark_group("batch_21");
    g.bench_function("tag-rules", |b| b.iter(|| host.tags(tenant, &page, NOW)));
    g.bench_function("price-display", |b| b.iter(|| host.price_views(tenant, &page, NOW)));
    g.bench_function("eligibility", |b| b.iter(|| host.eligibility(tenant, &page, NOW)));
    g.bench_function("phone-format", |b| b.iter(|| host.car_phones(tenant, &page, NOW)));
    g.bench_function("finance-lender/offers", |b| b.iter(|| host.finance_offers(tenant, &page, NOW)));
    g.bench_function("finance-lender/repayments", |b| b.iter(|| host.repayments(tenant, &requests, NOW)));
    g.bench_function("stock-filter", |b| b.iter(|| host.stock_conditions_uncached(tenant, 4)));
    g.finish();

    let mut g = c.benchmark_group("page_21");
    g.bench_function("all_six_points/plugins", |b| {
        b.iter(|| {
            let p = host.present(tenant, &page, NOW);
            let s = host.stock_conditions_uncached(tenant, 4);
            (p, s)
        })
    });
    g.bench_function("all_six_points/host_defaults", |b| {
        b.iter(|| {
            let p = none.present(tenant, &page, NOW);
            let s = none.stock_conditions(tenant, 4);
            (p, s)
        })
    });
    g.finish();
    // Fuel per page (deterministic: the same on any machine).
    let before: u64 = host.metrics().iter().map(|m| m.counters.fuel_used).sum();
    let _ = host.present(tenant, &page, NOW);
    let _ = host.stock_conditions_uncached(tenant, 4);
    let after: u64 = host.metrics().iter().map(|m| m.counters.fuel_used).sum();
    eprintln!("fuel per 21-car page, all six points: {}", after - before);
    for m in host.metrics() {
        eprintln!(
            "fuel per call {} {:?}: {}",
            m.plugin,
            m.point,
            m.counters.fuel_used / m.counters.calls.max(1)
        );
    }
    // Every benchmarked answer should come from the plugins, not from a fallback. On a busy
    // machine a call can be descheduled past the 10 ms deadline: report it rather than fail.
    for m in host.metrics() {
        let failures = m.counters.failures();
        if failures > 0 {
            eprintln!(
                "warning: {} {:?}: {failures} of {} calls failed ({:?})",
                m.plugin, m.point, m.counters.calls, m.counters
            );
        }
    }
}

/// A tenant whose `lender-standard` and `lender-broker` ask the stub lender at `origin`.
fn partner_tenants(origin: &str) -> [(&'static str, String); 2] {
    let grant = format!("[plugins.capabilities.http]\nallowed_outbound_hosts = [\"{origin}\"]\n");
    let base = |slug: &str| {
        format!(
            "slug = \"{slug}\"\nname = \"{slug}\"\ntemplate = \"classic\"\n[finance]\nprovider = \"generic\"\n\
             [[dealerships]]\nslug = \"dealer\"\nname = \"Dealer\"\nstate = \"QLD\"\n"
        )
    };
    [
        (
            "standard",
            format!(
                "{}[[plugins]]\nname = \"lender-standard\"\nconfig = {{ quote_url = \"{origin}/quote\" }}\n{grant}",
                base("standard")
            ),
        ),
        (
            "broker",
            format!(
                "{}[[plugins]]\nname = \"lender-broker\"\nconfig = {{ base_url = \"{origin}\" }}\n[plugins.capabilities]\nlogging = true\n{grant}",
                base("broker")
            ),
        ),
    ]
}

fn bench_partner(c: &mut Criterion) {
    use forecourt_host::plugins::{Partner, since_v0_2_0::lender_integration::QuoteRequest};
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let origin = rt.block_on(async {
        let app = axum::Router::new()
            .route(
                "/quote",
                axum::routing::post(|| async {
                    axum::Json(serde_json::json!({"weeklyRepaymentAmount": 111.5, "advertisedRate": 7.77, "comparisonRate": 8.88}))
                }),
            )
            .route(
                "/v2/quotes",
                axum::routing::get(|| async {
                    axum::Json(serde_json::json!({"quote": {"repayment": {"weekly": "123.45"},
                        "rates": {"annual_pct": "8.99", "comparison_pct": "9.45"}, "lender": "Broker Finance"}}))
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        origin
    });
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist");
    let dir = tempfile::tempdir().unwrap();
    for (slug, toml) in partner_tenants(&origin) {
        std::fs::create_dir_all(dir.path().join(slug)).unwrap();
        std::fs::write(dir.path().join(slug).join("tenant.toml"), toml).unwrap();
    }
    let reg = TenantRegistry::load_dir(dir.path()).unwrap();
    let host = PluginHost::load(PluginLimits::default(), &dist, None, &reg).expect("plugins load");
    let question = QuoteRequest {
        self_assessed_credit_score: "GREAT".into(),
        purchase_price: 24_990.0,
        loan_term: 5,
        year: Some(2021),
        vin: Some("JTNKU3JE60J021675".into()),
        nvic: None,
        who_is_helping: None,
        car_slug: None,
    };
    let mut g = c.benchmark_group("partner");
    for slug in ["standard", "broker"] {
        g.bench_function(format!("quote/lender-{slug}"), |b| {
            b.iter(|| {
                let answer = rt.block_on(host.quote(slug, question.clone()));
                assert!(matches!(answer, Partner::Answer { .. }), "{answer:?}");
            })
        });
    }
    let client = forecourt_host::outbound::client();
    let url = format!("{origin}/quote");
    g.bench_function("stub_alone/reqwest", |b| {
        b.iter(|| rt.block_on(async { client.post(&url).body("{}").send().await.unwrap().bytes().await.unwrap() }))
    });
    g.finish();
    for m in host.metrics() {
        eprintln!(
            "partner {} {:?}: {} calls, fuel per call {}",
            m.plugin,
            m.point,
            m.counters.calls,
            m.counters.fuel_used / m.counters.calls.max(1)
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = bench_plugins, bench_partner
}
criterion_main!(benches);
