//! The per-car weekly finance quote (docs/features/shopper-core.md §2 "weekly finance teaser", "'Car Finance'
//! card", sticky-header estimate; §4 "Finance quote: fetched once if absent and price above 0";
//! §7 the quote call; §9 "monthly amount = weekly x 4.33; quote loan term 5 years, credit score
//! GREAT").
//!
//! Who answers is chosen per tenant:
//! * a `lender-integration` plugin (WIT `forecourt:platform@0.2.0`; plugins/README.md
//!   "Capabilities") asks the lender over its granted outbound HTTP and answers the weekly
//!   repayment, advertised and comparison rates;
//! * otherwise, or when that plugin answers `not-offered`, the built-in calculation: the
//!   tenant's lender (its `finance-lender` plugin or the host default) gives the interest (its
//!   default plus the credit-score loading), the establishment fee and the weekly repayment; the
//!   comparison rate is the rate at which the same repayments would repay the purchase price
//!   with no fee.
//!
//! The car's own quote (price = the car's price, loan term 5, credit score GREAT) is stored on
//! the car when it has none, so it is fetched once per car, and the search index follows.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::finance::{finance_offer, repayment, unavailable};
use crate::{
    error::{Error, ErrorKind, Result},
    model::Car,
    platform::Platform,
    plugins::{Frequency, Partner, Point, Repayment, RepaymentRequest, defaults, since_v0_2_0::lender_integration::QuoteRequest, unix_now},
    repo::TenantRepo,
    tenant::Tenant,
};

/// Monthly amount = weekly x 4.33 (docs/features/shopper-core.md §9).
pub const WEEKS_PER_MONTH: f64 = 4.33;
/// The per-car quote's loan term, years (docs/features/shopper-core.md §9).
pub const QUOTE_TERM_YEARS: u32 = 5;
/// The per-car quote's credit score (docs/features/shopper-core.md §9).
pub const QUOTE_CREDIT_SCORE: &str = "GREAT";

/// A quote request: the spec's body (docs/features/shopper-core.md §7 `POST /api/youx/quote`) plus the car.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteBody {
    /// Car slug on this site: its price, year, VIN and NVIC fill what the body leaves out, its
    /// lender calculator is used, and its own quote is stored on it.
    pub car: Option<String>,
    /// `GREAT` (default), `DECENT` or `POOR`.
    #[serde(rename = "selfAssessedCreditScore")]
    pub self_assessed_credit_score: Option<String>,
    /// Price to finance, AUD (required without `car`; default the car's price).
    #[serde(rename = "purchasePrice")]
    pub purchase_price: Option<f64>,
    /// Loan term, whole years 1 to 7 (default 5).
    #[serde(rename = "loanTerm")]
    pub loan_term: Option<u32>,
    /// Model year.
    pub year: Option<i32>,
    /// VIN (up to 17 letters and digits).
    pub vin: Option<String>,
    /// NVIC (Glass's vehicle code, up to 12 letters and digits).
    pub nvic: Option<String>,
    /// Who is helping the shopper (free text, up to 100 characters), passed to the lender.
    #[serde(rename = "whoIsHelping")]
    pub who_is_helping: Option<String>,
}

/// The quote.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuoteAnswer {
    /// Weekly repayment, AUD; null when the lender shows `Enquire for Finance` instead.
    #[serde(rename = "weeklyRepaymentAmount")]
    pub weekly_repayment_amount: Option<f64>,
    /// Monthly amount, AUD: weekly x 4.33, to the cent (docs/features/shopper-core.md §9); null with weekly.
    #[serde(rename = "monthlyRepaymentAmount")]
    pub monthly_repayment_amount: Option<f64>,
    /// Interest rate, percent per year.
    #[serde(rename = "advertisedRate")]
    pub advertised_rate: f64,
    /// Comparison rate, percent per year (fees included).
    #[serde(rename = "comparisonRate")]
    pub comparison_rate: f64,
    /// Loan term used, years.
    #[serde(rename = "loanTerm")]
    pub loan_term: u32,
    /// Price financed, AUD.
    #[serde(rename = "purchasePrice")]
    pub purchase_price: f64,
    /// Lender name, when known.
    pub lender: Option<String>,
    /// Who answered: `host` (built-in through the host default), or the `name@version` of the
    /// lender plugin that calculated it (`finance-lender`) or asked the lender
    /// (`lender-integration`).
    pub decided_by: String,
    /// With `car`: whether the sidebar finance widget shows now that the car has this quote
    /// (docs/features/shopper-core.md §5, decided by the lender plugin); null without `car`.
    pub show_widget: Option<bool>,
    /// Whether this answer was stored on the car as its quote.
    pub stored: bool,
}

/// The validated question.
#[derive(Debug, Clone)]
struct Question {
    score: String,
    price: f64,
    term: u32,
    year: Option<i32>,
    vin: Option<String>,
    nvic: Option<String>,
    who_is_helping: Option<String>,
}

/// `v` trimmed and upper-cased when it is 1 to `max` ASCII letters or digits; None when blank.
/// Errors: `Invalid` naming `field`.
fn alnum(field: &str, v: Option<String>, max: usize) -> Result<Option<String>> {
    match v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()) {
        Some(s) if s.len() <= max && s.bytes().all(|b| b.is_ascii_alphanumeric()) => Ok(Some(s.to_ascii_uppercase())),
        Some(_) => Err(Error::invalid(field, format!("must be up to {max} letters and digits"))),
        None => Ok(None),
    }
}

/// The question of `body`, with the car's price, year, VIN and NVIC filling what it leaves out.
/// Errors: `Invalid` naming the field at fault.
fn question(body: QuoteBody, car: Option<&Car>) -> Result<Question> {
    let score = body.self_assessed_credit_score.unwrap_or_else(|| QUOTE_CREDIT_SCORE.into());
    if !["GREAT", "DECENT", "POOR"].contains(&score.as_str()) {
        return Err(Error::invalid("selfAssessedCreditScore", "must be GREAT, DECENT or POOR"));
    }
    let price = match (body.purchase_price, car) {
        (Some(p), _) => p,
        (None, Some(c)) => c.price,
        (None, None) => return Err(Error::invalid("purchasePrice", "Give a car or a purchase price")),
    };
    if !(price.is_finite() && price > 0.0 && price <= 10_000_000.0) {
        return Err(Error::invalid("purchasePrice", "must be above 0 and at most 10000000 dollars"));
    }
    let term = body.loan_term.unwrap_or(QUOTE_TERM_YEARS);
    if !(1..=7).contains(&term) {
        return Err(Error::invalid("loanTerm", "must be 1 to 7 years"));
    }
    let year = body.year.or(car.map(|c| c.year as i32));
    if year.is_some_and(|y| !(1900..=2100).contains(&y)) {
        return Err(Error::invalid("year", "must be between 1900 and 2100"));
    }
    let who = body.who_is_helping.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    if who
        .as_ref()
        .is_some_and(|s| s.chars().count() > 100 || s.chars().any(char::is_control))
    {
        return Err(Error::invalid("whoIsHelping", "must be up to 100 characters of plain text"));
    }
    Ok(Question {
        score,
        price,
        term,
        year,
        vin: alnum("vin", body.vin.or(car.and_then(|c| c.vin.clone())), 17)?,
        nvic: alnum("nvic", body.nvic.or(car.and_then(|c| c.nvic.clone())), 12)?,
        who_is_helping: who,
    })
}

/// The comparison rate, percent per year: the rate at which `weekly_exact` (AUD) repays `amount`
/// (AUD, no fees) over `n` weeks, found by bisection to 0.001 percent and rounded to 0.01.
/// Equals `rate` (percent per year) when there are no fees; higher when a fee was financed.
pub fn comparison_rate(amount: f64, weekly_exact: f64, n: u32, rate: f64) -> f64 {
    let pay = |r: f64| defaults::payment(amount, r, n, 52, 0.0).unwrap_or(f64::INFINITY);
    if pay(rate) >= weekly_exact {
        return rate;
    }
    let (mut lo, mut hi) = (rate, rate.max(1.0) * 4.0 + 10.0);
    for _ in 0..64 {
        let mid = (lo + hi) / 2.0;
        if pay(mid) < weekly_exact {
            lo = mid
        } else {
            hi = mid
        }
        if hi - lo < 1e-4 {
            break;
        }
    }
    (((lo + hi) / 2.0) * 100.0).round() / 100.0
}

/// Built-in quote through the tenant's lender.
async fn built_in(p: Platform<'_>, t: &Arc<Tenant>, q: &Question, car: Option<&Car>) -> Result<QuoteAnswer> {
    let now = unix_now();
    let (default_interest, fee, lender) = match car {
        Some(car) => {
            let offer = finance_offer(p, t, car.clone(), now).await?.value.ok_or_else(unavailable)?;
            let c = offer.calculator;
            (c.default_interest, c.establishment_fee, c.lender_name)
        }
        None => {
            t.config.finance.provider.as_ref().ok_or_else(unavailable)?;
            (defaults::default_interest(&t.config), 0.0, None)
        }
    };
    let loading = t.config.finance.quote.credit_score_loading.get(&q.score).copied().unwrap_or(0.0);
    let rate = ((default_interest + loading) * 100.0).round() / 100.0;
    let request = RepaymentRequest {
        amount: q.price,
        deposit: 0.0,
        term_years: f64::from(q.term),
        interest: rate,
        residual: 0.0,
        frequency: Frequency::Week,
        establishment_fee: fee,
        advertised_repayment: None,
    };
    let decided = repayment(p, t, request, now).await?;
    let n = q.term * 52;
    let exact = defaults::payment(q.price + fee, rate, n, 52, 0.0).unwrap_or(0.0);
    let weekly = match decided.value {
        Repayment::Figure { per_period, .. } => Some(per_period),
        Repayment::Enquire { .. } => None,
    };
    Ok(QuoteAnswer {
        weekly_repayment_amount: weekly,
        monthly_repayment_amount: weekly.map(monthly),
        advertised_rate: rate,
        comparison_rate: comparison_rate(q.price, exact, n, rate),
        loan_term: q.term,
        purchase_price: q.price,
        lender,
        decided_by: decided.decided_by,
        show_widget: None,
        stored: false,
    })
}

/// Monthly amount from `weekly` (AUD), AUD to the cent (docs/features/shopper-core.md §9: weekly x 4.33).
pub fn monthly(weekly: f64) -> f64 {
    (weekly * WEEKS_PER_MONTH * 100.0).round() / 100.0
}

/// The quote from the tenant's `lender-integration` plugin: `Ok(None)` when the tenant has none
/// or it does not offer quotes (the built-in calculation applies). Errors: `Upstream`
/// `lender_unavailable` when the lender or the plugin gives no usable quote.
async fn from_lender(p: Platform<'_>, t: &Tenant, q: &Question, car: Option<&Car>) -> Result<Option<QuoteAnswer>> {
    if !p.plugins.offers(t.slug(), Point::LenderIntegration) {
        return Ok(None);
    }
    t.config.finance.provider.as_ref().ok_or_else(unavailable)?;
    let request = QuoteRequest {
        self_assessed_credit_score: q.score.clone(),
        purchase_price: q.price,
        loan_term: q.term,
        year: q.year,
        vin: q.vin.clone(),
        nvic: q.nvic.clone(),
        who_is_helping: q.who_is_helping.clone(),
        car_slug: car.map(|c| c.slug.clone()),
    };
    match p.plugins.quote(t.slug(), request).await {
        Partner::NotOffered => Ok(None),
        Partner::Answer { value, decided_by } => Ok(Some(QuoteAnswer {
            weekly_repayment_amount: value.weekly_repayment,
            monthly_repayment_amount: value.weekly_repayment.map(monthly),
            advertised_rate: value.advertised_rate,
            comparison_rate: value.comparison_rate,
            loan_term: q.term,
            purchase_price: q.price,
            lender: value.lender_name,
            decided_by,
            show_widget: None,
            stored: false,
        })),
        Partner::NotFound { .. } | Partner::Failed { .. } => Err(Error::new(
            ErrorKind::Upstream,
            "lender_unavailable",
            "The lender did not answer with a quote",
        )),
    }
}

/// Stores `answer` as `car`'s own quote when it is one (the car's price, [`QUOTE_TERM_YEARS`],
/// [`QUOTE_CREDIT_SCORE`]) and the car has none yet, journaling the change for the search index; sets
/// `answer.stored` and `answer.show_widget` (whether the lender now shows the car's finance
/// widget; None when the lender gives no answer). Errors: `Internal` on a storage fault or when
/// the plugin task fails.
async fn store_on_car(p: Platform<'_>, t: &Arc<Tenant>, q: &Question, car: &mut Car, answer: &mut QuoteAnswer) -> Result<()> {
    let own = q.price == car.price && q.term == QUOTE_TERM_YEARS && q.score == QUOTE_CREDIT_SCORE;
    if own && car.youx_quote.0.is_none() {
        let stored = serde_json::json!({
            "weeklyRepaymentAmount": answer.weekly_repayment_amount,
            "advertisedRate": answer.advertised_rate,
            "comparisonRate": answer.comparison_rate,
        });
        answer.stored = TenantRepo::new(p.db, t.slug()).store_quote_if_absent(car.id, &stored).await?;
        if answer.stored {
            crate::stock::journal::record_committed(p.db, t.slug(), &[car.id]).await?;
            crate::search::notify_stock_changed(t.slug());
            car.youx_quote.0 = Some(stored);
        }
    }
    let (plugins, tenant, car) = (p.plugins.clone(), t.clone(), car.clone());
    answer.show_widget = tokio::task::spawn_blocking(move || plugins.finance_offers(&tenant, std::slice::from_ref(&car), unix_now()).pop())
        .await
        .map_err(Error::internal)?
        .map(|d| d.value.is_some_and(|o| o.show_widget));
    Ok(())
}

/// The weekly quote on tenant `t`'s site for the car or price in `body`: from the lender through
/// the tenant's `lender-integration` plugin, or built in through the tenant's lender; with a car,
/// stored on it as its own quote when it is one and it has none. Errors: `Invalid` naming the
/// field at fault (`selfAssessedCreditScore`, `purchasePrice`, `loanTerm`, `year`, `vin`,
/// `nvic`, `whoIsHelping`); `NotFound` for a car this tenant does not have; `Unprocessable`
/// `finance_unavailable` when finance is not offered for the car or site; `Upstream`
/// `lender_unavailable` when the lender (through its plugin) fails, times out or answers
/// out-of-range figures; `Internal` on a storage or plugin fault.
pub async fn quote(p: Platform<'_>, t: &Arc<Tenant>, body: QuoteBody) -> Result<QuoteAnswer> {
    let mut car = match &body.car {
        Some(slug) => Some(
            TenantRepo::new(p.db, t.slug())
                .car_by_slug(slug)
                .await?
                .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?,
        ),
        None => None,
    };
    let q = question(body, car.as_ref())?;
    let mut answer = match from_lender(p, t, &q, car.as_ref()).await? {
        Some(a) => a,
        None => built_in(p, t, &q, car.as_ref()).await?,
    };
    if let Some(car) = car.as_mut() {
        store_on_car(p, t, &q, car, &mut answer).await?;
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_rate_is_the_rate_when_there_are_no_fees() {
        let exact = defaults::payment(30_000.0, 8.5, 260, 52, 0.0).unwrap();
        assert_eq!(comparison_rate(30_000.0, exact, 260, 8.5), 8.5);
    }

    #[test]
    fn a_financed_fee_raises_the_comparison_rate() {
        // $30,000 + $1,300 fee at 12.94% over 5 years: the same repayments on $30,000 alone
        // are a rate of about 14.6%.
        let exact = defaults::payment(31_300.0, 12.94, 260, 52, 0.0).unwrap();
        let c = comparison_rate(30_000.0, exact, 260, 12.94);
        assert!((14.0..15.5).contains(&c), "{c}");
        let back = defaults::payment(30_000.0, c, 260, 52, 0.0).unwrap();
        assert!((back - exact).abs() < 0.05, "{back} vs {exact}");
    }

    #[test]
    fn monthly_is_weekly_times_4_33() {
        assert_eq!(monthly(147.0), 636.51);
    }
}
