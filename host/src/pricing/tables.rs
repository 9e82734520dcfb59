//! The per-state on-road cost tables (`host/assets/pricing/au-on-road-costs.toml`, embedded in the
//! binary; docs/features/platform.md "Price engine"): motor vehicle duty schedules, registration and CTP fees, each
//! with its source and effective dates, and what a state's tables leave out and why.
//!
//! [`tables`] parses and checks the file once; [`Tables::parse`] does it for any text (tests).

use std::{collections::BTreeMap, sync::LazyLock};

use jiff::civil::Date;
use serde::Deserialize;

/// The embedded tables' text.
pub const AU_ON_ROAD_COSTS: &str = include_str!("../../assets/pricing/au-on-road-costs.toml");

/// The Australian state and territory codes the tables cover, in display order.
pub const STATES: [&str; 8] = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"];

/// The whole file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Day the figures were transcribed from their sources (`YYYY-MM-DD`).
    pub retrieved: Date,
    /// One entry per state or territory.
    pub state: Vec<StateTable>,
}

/// One state's schedules and fees.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateTable {
    /// `NSW`, `VIC`, ... (one of [`STATES`]).
    pub code: String,
    /// Full name.
    pub name: String,
    /// Duty schedules: the first in file order that is in effect and applies to the car is used.
    #[serde(default)]
    pub duty: Vec<DutySchedule>,
    /// Registration fees (12 months), same selection rule.
    #[serde(default)]
    pub registration: Vec<Fee>,
    /// CTP insurance (12 months), same selection rule.
    #[serde(default)]
    pub ctp: Vec<Fee>,
    /// Items with no figure in this state, by kind (`stamp_duty`, `registration`, `ctp`), with
    /// the reason shown to the shopper.
    #[serde(default)]
    pub missing: BTreeMap<String, String>,
    /// Items included in another line in this state (e.g. CTP in South Australian registration),
    /// by kind, with the explanation.
    #[serde(default)]
    pub included: BTreeMap<String, String>,
}

/// Which cars an entry applies to; every given condition must hold.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppliesTo {
    /// `electric`, `hybrid`, `combustion`.
    pub powertrain: Option<Vec<String>>,
    /// Goods-carrying (ute, van, cab chassis) or not.
    pub goods: Option<bool>,
    /// `new`, `demo`, `used`.
    pub condition: Option<Vec<String>>,
    /// Inclusive cylinder range `[min, max]`.
    pub cylinders: Option<[u32; 2]>,
}

/// A motor vehicle duty schedule.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DutySchedule {
    /// The breakdown line's label.
    pub label: String,
    /// URL of the page the rates were transcribed from.
    pub source: String,
    /// First day in effect, when the source states it.
    pub effective_from: Option<Date>,
    /// Last day in effect, when a later schedule replaces it.
    pub effective_to: Option<Date>,
    /// The rates in words, as the source gives them.
    pub note: String,
    /// Which cars it applies to (all when absent).
    #[serde(default)]
    pub applies_to: AppliesTo,
    /// Brackets in ascending `over`; the last whose `over` is below the dutiable value applies.
    pub brackets: Vec<Bracket>,
}

/// Whether a bracket's rate applies to the whole dutiable value or to the excess over `from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum On {
    /// Rate times the whole value.
    Whole,
    /// `base` plus rate times the value above `from`.
    Excess,
}

/// One duty bracket: applies to dutiable values above `over` dollars (up to the next bracket's).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bracket {
    /// Lower bound, exclusive, dollars (0 for the first bracket).
    pub over: f64,
    /// Dollars added to the rate's amount (with `on = "excess"`).
    #[serde(default)]
    pub base: f64,
    /// What the rate applies to.
    pub on: Option<On>,
    /// With `on = "excess"`: the value the excess is measured from, dollars (default `over`).
    pub from: Option<f64>,
    /// The rate applies per this many dollars "or part" (100 or 200).
    pub per: Option<f64>,
    /// Dollars per `per`.
    pub rate: Option<f64>,
    /// Least duty in this bracket, dollars.
    pub minimum: Option<f64>,
    /// A flat percentage of the whole value instead of a per-`per` rate.
    pub percent: Option<f64>,
    /// Western Australia's sliding rate instead.
    pub sliding: Option<Sliding>,
}

/// Western Australia's sliding rate: `R = start_percent + (value - from) / step`, rounded to 2
/// decimal places, as a percentage of the whole value.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sliding {
    /// Percent at `from`.
    pub start_percent: f64,
    /// Dollars where the slide starts.
    pub from: f64,
    /// Dollars per percentage point.
    pub step: f64,
}

/// A registration or CTP fee.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fee {
    /// The breakdown line's label.
    pub label: String,
    /// Whole dollars for 12 months.
    pub amount: f64,
    /// Which cars it applies to (all when absent).
    #[serde(default)]
    pub applies_to: AppliesTo,
    /// URL of the page the figure was transcribed from.
    pub source: String,
    /// First day in effect, when the source states it.
    pub effective_from: Option<Date>,
    /// Last day in effect.
    pub effective_to: Option<Date>,
    /// What the figure assumes.
    pub note: Option<String>,
}

/// A fault in a tables file: the entry (`state[NSW].duty[0].brackets[1]`) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pricing tables: {field}: {message}")]
pub struct TablesError {
    /// Where.
    pub field: String,
    /// What.
    pub message: String,
}

fn fault(field: String, message: &str) -> TablesError {
    TablesError {
        field,
        message: message.into(),
    }
}

impl Tables {
    /// Parses and checks a tables file. Errors: TOML syntax or shape (field named by the TOML
    /// parser), an unknown or repeated state code, a schedule with no brackets, brackets not in
    /// ascending `over`, a bracket with neither a rate, a percent nor a slide, a negative amount,
    /// an `effective_to` before `effective_from`, a non-https/http source.
    pub fn parse(text: &str) -> Result<Tables, TablesError> {
        let t: Tables = toml::from_str(text).map_err(|e| fault("file".into(), &e.to_string()))?;
        let mut seen = Vec::new();
        for s in &t.state {
            let at = format!("state[{}]", s.code);
            if !STATES.contains(&s.code.as_str()) {
                return Err(fault(at, "unknown state code"));
            }
            if seen.contains(&s.code) {
                return Err(fault(at, "state listed twice"));
            }
            seen.push(s.code.clone());
            for (i, d) in s.duty.iter().enumerate() {
                let at = format!("{at}.duty[{i}]");
                check_dates(&at, d.effective_from, d.effective_to)?;
                check_source(&at, &d.source)?;
                if d.brackets.is_empty() {
                    return Err(fault(at, "has no brackets"));
                }
                let mut last = f64::NEG_INFINITY;
                for (j, b) in d.brackets.iter().enumerate() {
                    let at = format!("{at}.brackets[{j}]");
                    if !(b.over.is_finite() && b.over >= 0.0 && b.over > last) {
                        return Err(fault(at, "`over` must be at least 0 and ascending"));
                    }
                    last = b.over;
                    let by_rate = b.rate.is_some() && b.per.is_some_and(|p| p > 0.0) && b.on.is_some();
                    let kinds = [by_rate, b.percent.is_some(), b.sliding.is_some()];
                    if kinds.iter().filter(|k| **k).count() != 1 {
                        return Err(fault(at, "needs exactly one of: rate with per and on, percent, sliding"));
                    }
                    if [b.base, b.rate.unwrap_or(0.0), b.percent.unwrap_or(0.0), b.minimum.unwrap_or(0.0)]
                        .iter()
                        .any(|v| !v.is_finite() || *v < 0.0)
                    {
                        return Err(fault(at, "amounts and rates must be 0 or more"));
                    }
                    if let Some(sl) = &b.sliding
                        && (sl.step.is_nan() || sl.step <= 0.0)
                    {
                        return Err(fault(at, "sliding.step must be above 0"));
                    }
                }
            }
            for (kind, fees) in [("registration", &s.registration), ("ctp", &s.ctp)] {
                for (i, f) in fees.iter().enumerate() {
                    let at = format!("{at}.{kind}[{i}]");
                    check_dates(&at, f.effective_from, f.effective_to)?;
                    check_source(&at, &f.source)?;
                    if !(f.amount.is_finite() && f.amount >= 0.0) {
                        return Err(fault(at, "amount must be 0 or more"));
                    }
                }
            }
        }
        Ok(t)
    }

    /// The table of state `code` (`NSW`, ...), if the file has it.
    pub fn state(&self, code: &str) -> Option<&StateTable> {
        self.state.iter().find(|s| s.code == code)
    }
}

fn check_dates(at: &str, from: Option<Date>, to: Option<Date>) -> Result<(), TablesError> {
    if let (Some(f), Some(t)) = (from, to)
        && t < f
    {
        return Err(fault(at.into(), "effective_to is before effective_from"));
    }
    Ok(())
}

fn check_source(at: &str, source: &str) -> Result<(), TablesError> {
    if !(source.starts_with("https://") || source.starts_with("http://")) {
        return Err(fault(format!("{at}.source"), "must be the URL of the published rates"));
    }
    Ok(())
}

/// Whether an entry with these dates is in effect on `day`.
pub fn in_effect(from: Option<Date>, to: Option<Date>, day: Date) -> bool {
    from.is_none_or(|f| f <= day) && to.is_none_or(|t| day <= t)
}

static TABLES: LazyLock<Tables> =
    LazyLock::new(|| Tables::parse(AU_ON_ROAD_COSTS).expect("the embedded pricing tables are checked by a unit test"));

/// The embedded tables ([`AU_ON_ROAD_COSTS`]), parsed once.
pub fn tables() -> &'static Tables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_tables_parse_and_cover_every_state() {
        let t = Tables::parse(AU_ON_ROAD_COSTS).unwrap();
        for code in STATES {
            assert!(t.state(code).is_some(), "{code} missing");
        }
        assert_eq!(t.retrieved.to_string(), "2026-11-28");
    }

    #[test]
    fn faults_name_the_entry() {
        let bad = r#"
retrieved = "2026-11-28"
[[state]]
code = "NSW"
name = "New South Wales"
[[state.duty]]
label = "x"
source = "https://example.org"
note = "x"
brackets = [{ over = 100, on = "whole", per = 100, rate = 3 }, { over = 50, on = "whole", per = 100, rate = 5 }]
"#;
        let e = Tables::parse(bad).unwrap_err();
        assert_eq!(e.field, "state[NSW].duty[0].brackets[1]");
        let e = Tables::parse(&bad.replace("NSW", "XYZ")).unwrap_err();
        assert_eq!(e.field, "state[XYZ]");
        let e = Tables::parse(&bad.replace("https://example.org", "example.org")).unwrap_err();
        assert_eq!(e.field, "state[NSW].duty[0].source");
    }
}
