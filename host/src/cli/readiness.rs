//! `forecourt readiness --tenant <slug>`: the listing readiness report
//! (`crate::syndication::readiness`) as a table for a terminal; `--json` prints the report as
//! `GET /api/v1/admin/readiness` answers it.

use std::fmt::Write;

use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};

use crate::syndication::readiness::Report;

/// The report as text: the thresholds and summary lines, then one table row per listed car (id,
/// stock number, score, ready, finding codes, the feeds that leave it out with the attributes it
/// lacks), then how to ask for the next page when there is one.
pub fn table(r: &Report) -> String {
    let mut out = String::new();
    let s = &r.summary;
    let _ = writeln!(
        out,
        "{}: {} cars on sale, {} ready, {} not ready (at least {} photos, descriptions of {} characters)",
        r.tenant, s.cars, s.ready, s.not_ready, r.thresholds.min_photos, r.thresholds.min_description_chars
    );
    if !s.by_code.is_empty() {
        let codes: Vec<String> = s.by_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
        let _ = writeln!(out, "cars per finding: {}", codes.join(", "));
    }
    for feed in ["google", "meta"] {
        let _ = writeln!(
            out,
            "{feed} feed: {} cars in, {} left out",
            s.cars - s.left_out.get(feed).copied().unwrap_or(0),
            s.left_out.get(feed).copied().unwrap_or(0)
        );
    }
    if r.cars.is_empty() {
        out.push_str("no car to list\n");
        return out;
    }
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(["id", "stock no.", "score", "ready", "findings", "left out of"]);
    for c in &r.cars {
        let mut codes: Vec<&str> = c.findings.iter().map(|f| f.code.as_str()).filter(|c| *c != "not_in_feed").collect();
        codes.dedup();
        let left_out: Vec<String> = c.left_out.iter().map(|g| format!("{}: {}", g.feed, g.missing.join(", "))).collect();
        t.add_row([
            c.id.to_string(),
            c.stocknum.clone(),
            c.score.to_string(),
            if c.ready { "yes" } else { "no" }.to_string(),
            codes.join(", "),
            left_out.join("; "),
        ]);
    }
    let _ = writeln!(out, "{t}");
    if let Some(next) = r.next_after {
        let _ = writeln!(out, "more cars: add --after {next}");
    }
    out
}
