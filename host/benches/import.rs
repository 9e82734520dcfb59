//! Import throughput (docs/features/platform.md "Stock import", BENCHMARKS.md "Stock import").
//!
//!   cargo bench -p forecourt-host --bench import
//!
//! Each iteration imports a real feed into a fresh SQLite file (WAL), staged in batches and applied
//! in one transaction (`stock::staging`; on SQLite each staging batch is followed by a pause as long
//! as it held the write lock, which these figures include). Lead latency during a large import is
//! measured by `host/tests/import_contention.rs` (BENCHMARKS.md "Leads during a 100k-row import"):
//! - `canonical/drive-depot-used`: the demo superstore's 600-row canonical CSV;
//! - `mapped/craigslist-raw`: the raw 8,553-row Craigslist file through its column mapping
//!   (USD->AUD, miles->km, value maps), with its ~3,600 rejected rows reported.
//!   Throughput is reported in rows per second (criterion `Throughput::Elements`).

use std::{path::Path, sync::Arc, time::Duration};

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use forecourt_host::{
    db::Db,
    repo::TenantRepo,
    stock::{ImportOptions, import_feed, mapping::Mapping},
    tenant::{FeedFormat, Tenant, load_tenant},
};

fn tenants_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tenants"))
}

struct Fresh {
    db: Db,
    _dir: tempfile::TempDir,
}

fn fresh(rt: &tokio::runtime::Runtime, tenant: &Tenant) -> Fresh {
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}", dir.path().join("bench.db").display()))
            .await
            .unwrap();
        TenantRepo::new(&db, tenant.slug()).sync_config(&tenant.config).await.unwrap();
        Fresh { db, _dir: dir }
    })
}

fn bench_import(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let tenant = Arc::new(load_tenant(&tenants_dir().join("drive-depot")).unwrap());
    let canonical = std::fs::read(tenants_dir().join("drive-depot/stock/used.csv")).unwrap();
    let raw = std::fs::read(tenants_dir().join("_sources/listings/craigslist_mercedes_used_listings.csv")).unwrap();
    let mapping_text = std::fs::read_to_string(tenants_dir().join("_sources/mappings/craigslist.mapping.toml")).unwrap();
    let mapping = Mapping::from_toml(&mapping_text, "craigslist.mapping.toml").unwrap();
    let opts = |mapping: Option<(Mapping, String)>| ImportOptions {
        source: "bench".into(),
        format: FeedFormat::Csv,
        mode: None,
        mapping_text: mapping.as_ref().map(|m| m.1.clone()),
        mapping: mapping.map(|m| m.0),
        progress: false,
        now: 1_795_000_000,
    };

    let mut g = c.benchmark_group("import");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    let rows = canonical.iter().filter(|b| **b == b'\n').count() as u64 - 1;
    g.throughput(Throughput::Elements(rows));
    g.bench_function("canonical/drive-depot-used", |b| {
        b.iter_batched(
            || fresh(&rt, &tenant),
            |f| rt.block_on(import_feed(&f.db, &tenant, &canonical, opts(None))).unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.throughput(Throughput::Elements(8553));
    g.bench_function("mapped/craigslist-raw", |b| {
        b.iter_batched(
            || fresh(&rt, &tenant),
            |f| {
                rt.block_on(import_feed(
                    &f.db,
                    &tenant,
                    &raw,
                    opts(Some((mapping.clone(), mapping_text.clone()))),
                ))
                .unwrap()
            },
            BatchSize::PerIteration,
        )
    });
    g.throughput(Throughput::Elements(rows));
    g.bench_function("reimport-unchanged/drive-depot-used", |b| {
        b.iter_batched(
            || {
                let f = fresh(&rt, &tenant);
                rt.block_on(import_feed(&f.db, &tenant, &canonical, opts(None))).unwrap();
                f
            },
            |f| rt.block_on(import_feed(&f.db, &tenant, &canonical, opts(None))).unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, bench_import);
criterion_main!(benches);
