//! The trade-in form's online estimate (docs/features/platform.md "Leads": "an online estimate from the host's market
//! data with adjustment answers, but none for cars over 7 years or 100,000
//! km"; docs/features/locations-forms-marketing.md §5): 80% to 88% of the comparable-stock average,
//! moved by the adjustment answers' total percent.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{Error, Result},
    market,
    platform::Platform,
    tenant::{Adjustment, Tenant},
};

/// Online trade-in estimates are not given for cars older than this many years
/// (docs/features/locations-forms-marketing.md §5).
pub const ESTIMATE_MAX_AGE_YEARS: i64 = 7;
/// ...or with more than this many km (docs/features/locations-forms-marketing.md §5).
pub const ESTIMATE_MAX_KM: i64 = 100_000;
/// The reason shown instead of an estimate for old or high-km cars
/// (docs/features/locations-forms-marketing.md §5, informational).
pub const NO_ESTIMATE_AGE_KM: &str =
    "Online estimates are not given for cars over 7 years old or over 100,000 km. Send us the details and we'll value it in person.";
/// The reason shown when there is too little market data.
pub const NO_ESTIMATE_DATA: &str =
    "We don't have enough market data to estimate this car online. Send us the details and we'll value it in person.";
/// The trade-in range as shares of the market average (a dealer's offer allows for
/// reconditioning and margin): 80% to 88%.
pub const ESTIMATE_SHARE: (f64, f64) = (0.80, 0.88);

/// A car to value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EstimateBody {
    /// Make, as listed (`Toyota`).
    pub make: String,
    /// Model (`Corolla`).
    pub model: String,
    /// Model year.
    pub year: i64,
    /// Odometer, km.
    pub km: i64,
    /// Answers to the site's adjustment questions (`GET /api/v1/tenant` `trade_in.adjustments`),
    /// by question id: `{"condition": "good", "keys": "one"}`. Optional; each answer moves the
    /// estimate by its percent.
    #[serde(default, rename = "adjustmentAnswers")]
    #[schema(value_type = Option<Object>)]
    pub adjustment_answers: Option<serde_json::Map<String, serde_json::Value>>,
}

/// An online trade-in estimate, AUD, or the reason there is none.
#[derive(Debug, Serialize, ToSchema)]
pub struct TradeInEstimate {
    /// The range, AUD to the $100; null with `reason`.
    pub estimate: Option<EstimateRange>,
    /// Why there is no estimate, when there is none.
    pub reason: Option<String>,
    /// Comparable cars behind the estimate.
    pub comparables: usize,
    /// The adjustment answers' total, percent of the market-based range (0 without answers).
    pub adjustment_percent: f64,
}

/// Low and high trade-in values, AUD.
#[derive(Debug, Serialize, ToSchema)]
pub struct EstimateRange {
    /// Low end, AUD.
    pub low: f64,
    /// High end, AUD.
    pub high: f64,
}

/// Checks the car of `body`: year 1950 to next year, km 0 to 2,000,000, make and model 1 to 60
/// characters. Returns the current year. Errors: `Invalid` naming `year`, `km`, `make` or
/// `model`.
fn check(body: &EstimateBody) -> Result<i64> {
    let now_year = i64::from(jiff::Zoned::now().year());
    if !(1950..=now_year + 1).contains(&body.year) {
        return Err(Error::invalid("year", format!("must be between 1950 and {}", now_year + 1)));
    }
    if !(0..=2_000_000).contains(&body.km) {
        return Err(Error::invalid("km", "must be 0 to 2000000"));
    }
    for (field, v) in [("make", &body.make), ("model", &body.model)] {
        if v.trim().is_empty() || v.chars().count() > 60 {
            return Err(Error::invalid(field, "must be 1 to 60 characters"));
        }
    }
    Ok(now_year)
}

/// The online trade-in estimate for the car in `body` on tenant `t`'s site: the range (AUD, to
/// the $100) is 80% to 88% ([`ESTIMATE_SHARE`]) of the average price of comparable cars across
/// the platform's stock, moved by the adjustment answers' total percent (state preference does
/// not apply: the shopper's state is not known). No range, with a reason, for a car over
/// [`ESTIMATE_MAX_AGE_YEARS`] years or [`ESTIMATE_MAX_KM`] km ([`NO_ESTIMATE_AGE_KM`]) or with too
/// few comparable cars ([`NO_ESTIMATE_DATA`]). Errors: `Invalid` naming `year`, `km`, `make`,
/// `model` or `adjustmentAnswers.{id}` (see [`adjustment_percent`]); `Internal` on a storage
/// fault.
pub async fn estimate(p: Platform<'_>, t: &Tenant, body: &EstimateBody) -> Result<TradeInEstimate> {
    let now_year = check(body)?;
    let adjustment_percent = adjustment_percent(&t.config.trade_in.adjustments, body.adjustment_answers.as_ref())?;
    if now_year - body.year > ESTIMATE_MAX_AGE_YEARS || body.km > ESTIMATE_MAX_KM {
        return Ok(TradeInEstimate {
            estimate: None,
            reason: Some(NO_ESTIMATE_AGE_KM.into()),
            comparables: 0,
            adjustment_percent,
        });
    }
    let vehicle = market::Vehicle {
        make: body.make.trim(),
        model: body.model.trim(),
        year: body.year,
        km: body.km,
    };
    let found = market::comparables_for(p.db, &vehicle, None).await?;
    let g = market::gauge(0.0, None, &found);
    Ok(match g.average_market_price {
        Some(avg) => {
            let base = avg * (1.0 + adjustment_percent / 100.0);
            TradeInEstimate {
                estimate: Some(EstimateRange {
                    low: (base * ESTIMATE_SHARE.0 / 100.0).round() * 100.0,
                    high: (base * ESTIMATE_SHARE.1 / 100.0).round() * 100.0,
                }),
                reason: None,
                comparables: g.comparables,
                adjustment_percent,
            }
        }
        None => TradeInEstimate {
            estimate: None,
            reason: Some(NO_ESTIMATE_DATA.into()),
            comparables: found.len(),
            adjustment_percent,
        },
    })
}

/// The total percent of the chosen adjustment answers (docs/features/shopper-core.md §3 `adjustmentAnswers`).
/// Takes the site's questions and the shopper's answers by question id (each a string value of
/// one of the question's answers); returns the sum of the chosen answers' percents, to 0.01
/// percent (0 for none; unanswered questions count 0). Errors: `Invalid` naming
/// `adjustmentAnswers.{id}` for an unknown question or answer.
pub fn adjustment_percent(questions: &[Adjustment], answers: Option<&serde_json::Map<String, serde_json::Value>>) -> Result<f64> {
    let Some(answers) = answers else { return Ok(0.0) };
    let mut total = 0.0;
    for (id, value) in answers {
        let field = format!("adjustmentAnswers.{id}");
        let q = questions
            .iter()
            .find(|q| &q.id == id)
            .ok_or_else(|| Error::invalid(&field, "is not one of this site's questions"))?;
        let v = value.as_str().unwrap_or_default();
        let a = q
            .answers
            .iter()
            .find(|a| a.value == v)
            .ok_or_else(|| Error::invalid(&field, format!("must be one of the question's answers ({})", answer_values(q))))?;
        total += a.percent;
    }
    Ok((total * 100.0).round() / 100.0)
}

fn answer_values(q: &Adjustment) -> String {
    q.answers.iter().map(|a| a.value.as_str()).collect::<Vec<_>>().join(", ")
}
