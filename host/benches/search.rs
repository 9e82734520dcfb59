//! Search benchmark (docs/features/platform.md "Search"): 100,000 cars generated from the real demo catalogue
//! (tenants/*/stock/*.csv: make, model, badge, body, fuel, drive, transmission, colour and their
//! joint distribution; year, km and price jittered around the real values), indexed by the
//! embedded (tantivy) backend; ten representative queries with the host semantics (visibility,
//! 12 facets) timed in process; full reindex time; resident memory and index size against the raw
//! stock data.
//!
//! Run: `cargo bench -p forecourt-host --bench search` (release). Prints a table of p50/p99 per
//! query, then criterion's own estimates. Set `SEARCH_BENCH_CARS` for another size.

use std::{hint::black_box, path::Path, time::Instant};

use criterion::{Criterion, criterion_group};
use forecourt_host::{
    model::Car,
    search::{SearchDoc, SearchQuery, embedded::EmbeddedBackend, semantics},
    tenant::load_tenant,
};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const QUERIES: &[&str] = &[
    "",
    "make=Toyota",
    "body=suv&price=20000:50000&sortBy=price_asc",
    "query=corolla",
    "query=mercedes%20benz%20c",
    "car_type=used&km=:50000&sortBy=km_asc",
    "year=2020:&sortBy=year_desc&page=5",
    "make=Toyota&make=Mazda&make=Hyundai&fuel=hybrid",
    "price_range=%2420%2C000%20-%20%2430%2C000&sortBy=newest",
    "page=200",
];

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn dir_bytes(p: &Path) -> u64 {
    std::fs::read_dir(p)
        .map(|rd| {
            rd.flatten()
                .map(|e| {
                    let m = e.metadata().unwrap();
                    if m.is_dir() { dir_bytes(&e.path()) } else { m.len() }
                })
                .sum()
        })
        .unwrap_or(0)
}

/// Generates `n` cars and the raw CSV bytes they stand for.
fn generate(n: usize, now: i64) -> (Vec<Car>, u64) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenants");
    let mut base: Vec<csv::StringRecord> = Vec::new();
    let mut headers = None;
    for t in std::fs::read_dir(&root).unwrap().flatten() {
        let Ok(files) = std::fs::read_dir(t.path().join("stock")) else {
            continue;
        };
        for f in files.flatten().filter(|f| f.path().extension().is_some_and(|e| e == "csv")) {
            let mut r = csv::Reader::from_path(f.path()).unwrap();
            let h = r.headers().unwrap().clone();
            if headers.as_ref().is_some_and(|x: &csv::StringRecord| x != &h) {
                continue;
            }
            headers = Some(h);
            base.extend(r.records().flatten());
        }
    }
    let h = headers.unwrap();
    let col = |name: &str| h.iter().position(|x| x == name).unwrap();
    let (
        c_make,
        c_model,
        c_badge,
        c_colour,
        c_body,
        c_sbody,
        c_fuel,
        c_sfuel,
        c_drive,
        c_sdrive,
        c_trans,
        c_strans,
        c_year,
        c_km,
        c_price,
        c_type,
        c_seats,
    ) = (
        col("make"),
        col("model"),
        col("badge"),
        col("colour"),
        col("body"),
        col("simple_body"),
        col("fuel"),
        col("simple_fuel"),
        col("drive"),
        col("simple_drive"),
        col("trans"),
        col("simple_transmission"),
        col("year"),
        col("km"),
        col("price"),
        col("car_type"),
        col("seats"),
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut raw = 0u64;
    let mut cars = Vec::with_capacity(n);
    for i in 0..n {
        let b = &base[rng.below(base.len() as u64) as usize];
        raw += b.iter().map(|f| f.len() as u64 + 1).sum::<u64>();
        let opt = |c: usize| Some(b[c].to_string()).filter(|s| !s.is_empty());
        let year: i64 = b[c_year].parse::<i64>().unwrap_or(2020) + rng.below(5) as i64 - 2;
        let km: Option<i64> = b[c_km].parse::<f64>().ok().map(|k| (k * (0.5 + rng.unit())) as i64);
        let price: f64 = (b[c_price].parse::<f64>().unwrap_or(30_000.0) * (0.85 + 0.3 * rng.unit()) / 10.0).round() * 10.0;
        let roll = rng.below(100);
        let (status, sold_at) = match roll {
            0..=84 => ("in_stock", None),
            85..=91 => ("coming_soon", None),
            _ => ("sold", Some(now - rng.below(10 * 86_400) as i64)),
        };
        let v = serde_json::json!({
            "id": i as i64 + 1, "slug": format!("car-{i}"), "stocknum": format!("B{i:06}"),
            "year": year, "make": &b[c_make], "model": &b[c_model], "badge": opt(c_badge), "colour": opt(c_colour),
            "body": opt(c_body), "simple_body": opt(c_sbody), "fuel": opt(c_fuel), "simple_fuel": opt(c_sfuel),
            "drive": opt(c_drive), "simple_drive": opt(c_sdrive), "trans": opt(c_trans), "simple_transmission": opt(c_strans),
            "seats": b[c_seats].parse::<i64>().ok(), "km": km, "price": price, "preorder": false,
            "car_type": &b[c_type], "status": status, "reserved": false, "certified": false,
            "show_on_dealer_website": rng.below(50) != 0, "dealership_id": 1, "dealership_slug": "drive-depot",
            "location_name": if rng.below(2) == 0 { "Drive Depot Brisbane" } else { "Drive Depot Gold Coast" },
            "state": "QLD", "image_urls": [], "spin_images": [], "standardEquipment": [],
            "hotspots": null, "caravan_specifications": null, "finance_lenders": null, "autograb_data": null, "youxQuote": null,
            "views": 0, "created_at": now - rng.below(180 * 86_400) as i64, "updated_at": now, "sold_at": sold_at,
        });
        cars.push(serde_json::from_value::<Car>(v).expect("generated car"));
    }
    (cars, raw)
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn bench(c: &mut Criterion) {
    let n: usize = std::env::var("SEARCH_BENCH_CARS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let tenant = load_tenant(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenants/drive-depot")).unwrap();
    let now = forecourt_host::plugins::unix_now();
    let rss0 = rss_kib();
    let (cars, raw_bytes) = generate(n, now);
    let dir = tempfile::tempdir().unwrap();
    let rss1 = rss_kib();
    let backend = EmbeddedBackend::open(dir.path()).unwrap();
    // Full reindex: documents from cars, index, commit, reload (best of 3).
    let mut reindex = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let docs: Vec<SearchDoc> = cars.iter().map(|c| SearchDoc::from_car(&tenant, c)).collect();
        backend.replace_tenant_sync(tenant.slug(), &docs).unwrap();
        reindex.push(t.elapsed().as_secs_f64());
    }
    drop(cars);
    let rss2 = rss_kib();
    assert_eq!(backend.num_docs(), n as u64);
    let index_bytes = dir_bytes(dir.path());
    println!("\nsearch bench: {n} cars, raw stock CSV {:.1} MB", raw_bytes as f64 / 1e6);
    println!(
        "reindex: best {:.2} s, worst {:.2} s; index on disk {:.1} MB; RSS before data {} MB, after data {} MB, after index {} MB",
        reindex.iter().cloned().fold(f64::MAX, f64::min),
        reindex.iter().cloned().fold(0.0, f64::max),
        index_bytes as f64 / 1e6,
        rss0 / 1024,
        rss1 / 1024,
        rss2 / 1024
    );
    // The first search after a (re)index decodes the columns it reads (src/search/columns.rs).
    let cold_req = semantics::backend_request(&tenant, &SearchQuery::from_query_string("").unwrap(), &[], now, true);
    let t = Instant::now();
    black_box(backend.search_sync(&cold_req).unwrap());
    println!(
        "first search after the reindex (decodes its columns): {:.2} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    println!("| query | hits | p50 ms | p99 ms |");
    println!("|---|---:|---:|---:|");
    let reqs: Vec<_> = QUERIES
        .iter()
        .map(|qs| semantics::backend_request(&tenant, &SearchQuery::from_query_string(qs).unwrap(), &[], now, true))
        .collect();
    for (qs, req) in QUERIES.iter().zip(&reqs) {
        let mut times = Vec::new();
        let mut total = 0;
        for _ in 0..300 {
            let t = Instant::now();
            total = black_box(backend.search_sync(req).unwrap()).total;
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "| `{}` | {total} | {:.2} | {:.2} |",
            if qs.is_empty() { "(default)" } else { qs },
            pct(&times, 0.5),
            pct(&times, 0.99)
        );
    }
    println!(
        "decoded columns of every attribute the queries used: {:.1} MB (RSS after the queries {} MB)",
        backend.decoded_column_bytes() as f64 / 1e6,
        rss_kib() / 1024
    );
    let mut g = c.benchmark_group("search");
    g.sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    for (i, req) in reqs.iter().enumerate() {
        g.bench_function(format!("q{i}"), |b| b.iter(|| black_box(backend.search_sync(req).unwrap())));
    }
    g.finish();
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
