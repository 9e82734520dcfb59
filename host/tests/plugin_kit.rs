//! The partner kit (`forecourt plugin run | sample-cars`; plugins/README.md): the real `forecourt`
//! binary runs real components from `plugins/dist` (built by `bash plugins/build.sh`) under the
//! host's runtime. Asserts answers, failure kinds, exit statuses and byte counts, never elapsed
//! time (the call deadline is raised where the kind must not depend on the machine's load).

mod plugin_support;

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

use plugin_support::{dist, require};
use serde_json::{Value, json};

/// The repository root (where `forecourt.toml`, `tenants/` and `plugins/` are).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `forecourt <args>` in the repository root with `deadline_ms` as the plugin call deadline.
fn forecourt(args: &[&str], deadline_ms: u64) -> Output {
    Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .args(args)
        .current_dir(root())
        .env("FORECOURT_PLUGIN_DEADLINE_MS", deadline_ms.to_string())
        .env_remove("RUST_LOG")
        .output()
        .expect("forecourt runs")
}

/// `forecourt plugin run <component> --json <args>`: the exit status and the report.
fn run(component: &str, args: &[&str], deadline_ms: u64) -> (i32, Value) {
    let path = dist().join(format!("{component}.wasm"));
    let path = path.to_str().unwrap();
    let mut all = vec!["plugin", "run", path, "--json"];
    all.extend_from_slice(args);
    let out = forecourt(&all, deadline_ms);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{component}: not a JSON report ({e}); status {:?}\nstdout: {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().expect("exit status"), report)
}

/// A WIT-shaped car as the runner reads it.
fn car(id: i64, fuel: &str, status: &str) -> Value {
    json!({
        "id": id, "slug": format!("car-{id}"), "stocknum": format!("DD{id}"), "make": "Kia",
        "model": "EV6", "year": 2023, "car_type": "used", "status": status, "price": 52990.0,
        "simple_fuel": fuel, "created_at": 1_790_000_000u64, "dealership_slug": "dealer",
        "image_count": 3
    })
}

fn write(dir: &Path, name: &str, v: &Value) -> String {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_vec(v).unwrap()).unwrap();
    p.to_str().unwrap().to_string()
}

/// Deadline for calls whose verdict must not depend on the machine's load (ms).
const RELAXED_MS: u64 = 2000;

#[test]
fn a_real_plugin_answers_one_entry_per_car_within_the_limits() {
    require(&["tag-rules-ev"]);
    let dir = tempfile::tempdir().unwrap();
    let cars = write(
        dir.path(),
        "cars.json",
        &json!([
            car(1, "electric", "in_stock"),
            car(2, "petrol", "in_stock"),
            car(3, "petrol", "sold")
        ]),
    );
    let cfg = write(dir.path(), "cfg.json", &json!({"ev_tag": true}));
    let (code, r) = run(
        "tag-rules-ev",
        &["--point", "tag-rules", "--cars", &cars, "--config", &cfg],
        RELAXED_MS,
    );
    assert_eq!(code, 0, "{r:#}");
    assert_eq!(r["function"], "tag-rules.tags");
    assert_eq!(r["outcome"]["kind"], "answered", "{r:#}");
    let answer = r["outcome"]["answer"].as_array().unwrap();
    assert_eq!(answer.len(), 3);
    assert_eq!(answer[0]["text"], "EV");
    assert_eq!(answer[0]["kind"], "ev");
    assert_eq!(answer[1], Value::Null, "no tag for a plain used car");
    assert_eq!(answer[2]["kind"], "sold");
    let m = &r["measures"];
    let peak = m["memory_peak_bytes"].as_u64().unwrap();
    let cap = r["limits"]["memory_bytes"].as_u64().unwrap();
    assert!(peak >= 64 * 1024 && peak <= cap, "memory peak {peak} of {cap}");
    let bytes = m["answer_bytes"].as_u64().unwrap();
    assert!(bytes > 0 && bytes < 1024, "answer bytes {bytes}");
    assert_eq!(r["limits"]["max_output_bytes"], 1 << 20);
    assert!(r["plugin"].as_str().unwrap().starts_with("tag-rules-ev@"));
}

#[test]
fn the_report_for_people_shows_the_answer_and_the_limits() {
    require(&["tag-rules-ev"]);
    let dir = tempfile::tempdir().unwrap();
    let cars = write(dir.path(), "cars.json", &json!([car(1, "electric", "in_stock")]));
    let path = dist().join("tag-rules-ev.wasm");
    let out = forecourt(
        &[
            "plugin",
            "run",
            path.to_str().unwrap(),
            "--point",
            "tag-rules",
            "--cars",
            &cars,
            "--tenant",
            "drive-depot",
        ],
        RELAXED_MS,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("call     tag-rules.tags on 1 cars"), "{text}");
    assert!(
        text.contains("\"text\": \"EV\""),
        "drive-depot's own config (ev_tag) is used: {text}"
    );
    for row in ["memory peak", "answer size", "16.0 MiB", "1.0 MiB", "fuel"] {
        assert!(text.contains(row), "{row}: {text}");
    }
}

#[test]
fn hostile_plugins_exit_3_naming_the_failure_kind() {
    require(&[
        "hostile-loop",
        "hostile-memory-grow",
        "hostile-panic",
        "hostile-huge-answer",
        "hostile-short-answer",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let cars = write(
        dir.path(),
        "cars.json",
        &json!([car(1, "petrol", "in_stock"), car(2, "petrol", "in_stock")]),
    );
    // (component, deadline ms, the kinds the failure may be named). A loop is cut by the deadline
    // (or, once the runtime meters fuel, by its fuel budget): a short deadline keeps it quick.
    let cases: [(&str, u64, &[&str]); 5] = [
        ("hostile-loop", 50, &["timeout", "fuel"]),
        ("hostile-memory-grow", RELAXED_MS, &["memory"]),
        ("hostile-panic", RELAXED_MS, &["trap"]),
        ("hostile-huge-answer", RELAXED_MS, &["oversize"]),
        ("hostile-short-answer", RELAXED_MS, &["invalid"]),
    ];
    for (component, deadline, kinds) in cases {
        let (code, r) = run(component, &["--point", "tag-rules", "--cars", &cars], deadline);
        assert_eq!(code, 3, "{component}: {r:#}");
        assert_eq!(r["outcome"]["kind"], "failed", "{component}: {r:#}");
        let kind = r["outcome"]["failure"].as_str().unwrap();
        assert!(kinds.contains(&kind), "{component}: failure {kind}, expected one of {kinds:?}");
        let cap = r["limits"]["memory_bytes"].as_u64().unwrap();
        if let Some(peak) = r["measures"]["memory_peak_bytes"].as_u64() {
            assert!(peak <= cap, "{component}: memory peak {peak} over the cap {cap}");
        }
        if component == "hostile-memory-grow" {
            let peak = r["measures"]["memory_peak_bytes"].as_u64().unwrap();
            assert!(
                peak > cap - (2 << 20),
                "grown to within 2 MiB of the cap before refused: {peak} of {cap}"
            );
        }
        if component == "hostile-huge-answer" {
            let bytes = r["measures"]["answer_bytes"].as_u64().unwrap();
            assert!(bytes > r["limits"]["max_output_bytes"].as_u64().unwrap(), "{bytes}");
        }
    }
}

#[test]
fn a_rejected_config_exits_4_and_bad_input_exits_1_naming_the_field() {
    require(&["tag-rules-ev"]);
    let dir = tempfile::tempdir().unwrap();
    let cars = write(dir.path(), "cars.json", &json!([car(1, "electric", "in_stock")]));
    let cfg = write(dir.path(), "cfg.json", &json!({"ev_tagg": true}));
    let (code, r) = run(
        "tag-rules-ev",
        &["--point", "tag-rules", "--cars", &cars, "--config", &cfg],
        RELAXED_MS,
    );
    assert_eq!(code, 4, "{r:#}");
    assert_eq!(r["outcome"]["kind"], "config_rejected");
    assert!(r["outcome"]["message"].as_str().unwrap().contains("ev_tagg"), "{r:#}");

    let mut bad = car(1, "electric", "in_stock");
    bad["price"] = json!("cheap");
    let bad_cars = write(dir.path(), "bad.json", &json!([car(2, "petrol", "sold"), bad]));
    let path = dist().join("tag-rules-ev.wasm");
    let out = forecourt(
        &["plugin", "run", path.to_str().unwrap(), "--point", "tag-rules", "--cars", &bad_cars],
        RELAXED_MS,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.json: [1].price: invalid type"), "{err}");

    let out = forecourt(
        &["plugin", "run", path.to_str().unwrap(), "--point", "eligibility", "--cars", &cars],
        RELAXED_MS,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does not export eligibility (it exports tag-rules)"), "{err}");

    let out = forecourt(
        &["plugin", "run", path.to_str().unwrap(), "--point", "tag-rules", "--level", "3"],
        RELAXED_MS,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--level does not apply to tag-rules"));
}

#[test]
fn every_point_of_the_real_plugins_runs() {
    require(&[
        "stock-filter-levels",
        "lender-standard",
        "phone-format-au",
        "eligibility-online-purchase",
        "price-display-subscription",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let cars = write(
        dir.path(),
        "cars.json",
        &json!([car(1, "electric", "in_stock"), car(2, "petrol", "coming_soon")]),
    );
    let numbers = write(dir.path(), "numbers.json", &json!(["+61 7 5550 0700", "0755500710"]));
    let requests = write(
        dir.path(),
        "requests.json",
        &json!([{"amount": 30000.0, "deposit": 0.0, "term_years": 5.0, "interest": 10.0, "residual": 0.0,
                 "frequency": "month", "establishment_fee": 0.0, "advertised_repayment": null}]),
    );
    let cases: [(&str, &str, &[&str], usize); 6] = [
        (
            "stock-filter-levels",
            "stock-filter",
            &["--level", "0", "--tenant", "drive-depot"],
            1,
        ),
        (
            "lender-standard",
            "finance-lender",
            &["--cars", &cars, "--tenant", "drive-depot"],
            2,
        ),
        ("lender-standard", "finance-lender", &["--requests", &requests], 1),
        ("phone-format-au", "phone-format", &["--numbers", &numbers], 2),
        (
            "eligibility-online-purchase",
            "eligibility",
            &["--cars", &cars, "--tenant", "drive-depot"],
            2,
        ),
        ("price-display-subscription", "price-display", &["--cars", &cars], 2),
    ];
    for (component, point, args, n) in cases {
        let mut all = vec!["--point", point];
        all.extend_from_slice(args);
        let (code, r) = run(component, &all, RELAXED_MS);
        assert_eq!(code, 0, "{component}: {r:#}");
        let kind = r["outcome"]["kind"].as_str().unwrap();
        assert!(kind == "answered" || kind == "declined", "{component}: {r:#}");
        if kind == "answered" {
            assert_eq!(r["outcome"]["answer"].as_array().unwrap().len(), n, "{component}: {r:#}");
        }
    }
    let (_, r) = run(
        "lender-standard",
        &["--point", "finance-lender", "--requests", &requests],
        RELAXED_MS,
    );
    assert_eq!(r["outcome"]["answer"][0]["kind"], "figure", "{r:#}");
    assert_eq!(
        r["outcome"]["answer"][0]["per_period"], 638.0,
        "$30,000 over 5 years monthly at 10 %: {r:#}"
    );
    let (_, r) = run("phone-format-au", &["--point", "phone-format", "--numbers", &numbers], RELAXED_MS);
    assert_eq!(r["outcome"]["answer"][0]["display"], "07 5550 0700", "{r:#}");
}

#[test]
fn sample_cars_come_from_the_demo_stock_and_run() {
    require(&["tag-rules-ev"]);
    let out = forecourt(&["plugin", "sample-cars", "--tenant", "drive-depot", "--count", "8"], RELAXED_MS);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cars: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(cars.len(), 8);
    let feed = std::fs::read_to_string(root().join("tenants/drive-depot/stock/used.csv")).unwrap();
    for c in &cars {
        let stocknum = c["stocknum"].as_str().unwrap();
        assert!(feed.contains(stocknum), "{stocknum} is a stock number of the demo feed");
        assert!(c["price"].is_number() && c["created_at"].is_number());
    }
    let statuses: std::collections::BTreeSet<&str> = cars.iter().map(|c| c["status"].as_str().unwrap()).collect();
    assert!(statuses.len() >= 2, "a varied sample: {statuses:?}");

    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "cars.json", &Value::Array(cars));
    let (code, r) = run(
        "tag-rules-ev",
        &["--point", "tag-rules", "--cars", &path, "--tenant", "drive-depot"],
        RELAXED_MS,
    );
    assert_eq!(code, 0, "{r:#}");
    assert_eq!(r["outcome"]["answer"].as_array().unwrap().len(), 8);

    let out = forecourt(&["plugin", "sample-cars", "--tenant", "no-such-dealer"], RELAXED_MS);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tenant: no tenant `no-such-dealer`"));
}
