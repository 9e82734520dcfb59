//! The host's memory stays flat over 10,000 hostile plugin calls (docs/features/platform.md
//! "Plugins and extension points"). Its own test binary, so no other test's allocations move this
//! process's resident set size (RSS, read from `/proc/self/statm`). The calls rotate over the five
//! hostile components (loop, memory-grow bomb, panic, short answer, 10 MiB answer) through the full
//! host path (fresh store, init, call, checks, metrics) with the circuit breaker off so every call
//! reaches the guest. Bounded in time: the deadline is 5 ms with a 1 ms tick here (the loop
//! dominates: 2,000 x ~6 ms).

mod plugin_support;

use std::time::{Duration, Instant};

use forecourt_host::plugins::{PluginLimits, fixtures};
use plugin_support::{HOSTILE, registry, require, tenant, tenant_with};

fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm (Linux)");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

#[test]
fn rss_stays_flat_over_10_000_hostile_calls() {
    require(&HOSTILE);
    let tenants: Vec<(&str, String)> = HOSTILE
        .iter()
        .map(|p| (*p, tenant_with(p, &format!("[[plugins]]\nname = \"{p}\""))))
        .collect();
    let (_d, reg) = registry(&tenants);
    let host = plugin_support::host_with(
        &reg,
        PluginLimits {
            deadline: Duration::from_millis(5),
            tick: Duration::from_millis(1),
            breaker_failures: 0,
            ..PluginLimits::default()
        },
    );
    let page = fixtures::page();
    let run = |calls: usize| {
        for i in 0..calls {
            let plugin = HOSTILE[i % HOSTILE.len()];
            let got = host.tags(tenant(&reg, plugin), &page, fixtures::NOW);
            assert!(got.iter().all(|d| d.decided_by == "host"), "{plugin}");
        }
    };
    // Warm up: pool slots, allocator arenas and the 10 MiB answer buffer reach their steady size.
    run(250);
    let before = rss_bytes();
    let started = Instant::now();
    run(10_000);
    let elapsed = started.elapsed();
    let after = rss_bytes();
    let grown = after.saturating_sub(before);
    eprintln!(
        "RSS before {:.1} MiB, after {:.1} MiB, grown {:.1} MiB over 10,000 hostile calls in {elapsed:?}",
        before as f64 / 1048576.0,
        after as f64 / 1048576.0,
        grown as f64 / 1048576.0
    );
    let failures: u64 = host.metrics().iter().map(|m| m.counters.failures()).sum();
    assert_eq!(failures, 10_250, "every call failed and was counted");
    assert!(grown < 16 << 20, "RSS grew by {grown} bytes over 10,000 hostile calls");
}
