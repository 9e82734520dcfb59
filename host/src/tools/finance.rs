//! The finance calculator's repayment (docs/features/shopper-core.md §3 "Finance calculator state", §5
//! "Calculator loan amount", "Loan term", "Interest", "Repayment of 25 or less shows 'Enquire for
//! Finance'", §9 "Finance"), computed by the tenant's `finance-lender` plugin or the host default
//! (standard amortisation, rounded up), and the lender calls the quote shares.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{Error, ErrorKind, Result},
    model::Car,
    platform::Platform,
    plugins::{Calculator, Decided, FinanceOffer, Frequency, NumberRange, Repayment, RepaymentRequest, TermInput, defaults, unix_now},
    repo::TenantRepo,
    tenant::Tenant,
};

/// The error code when the lender offers no finance for a car or site (the JSON API answers it
/// with 422).
pub const FINANCE_UNAVAILABLE: &str = "finance_unavailable";

/// A repayment question. With `car`, every input is clamped into that car's calculator limits
/// and missing inputs take the calculator's defaults (docs/features/shopper-core.md §5 "out-of-range entries are
/// clamped"); without `car`, `amount` is required and the host's generic bounds apply. Money in
/// AUD, interest in percent per year, term in years.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RepaymentBody {
    /// Car slug: use that car's calculator (limits, defaults, establishment fee, lender).
    pub car: Option<String>,
    /// Loan amount, AUD (default: the calculator's default amount; required without `car`).
    pub amount: Option<f64>,
    /// Deposit or trade-in, AUD (default 0).
    pub deposit: Option<f64>,
    /// Term, years (default: the calculator's default term, else 6).
    pub term_years: Option<f64>,
    /// Interest, percent per year (default: the calculator's default, else the tenant's
    /// `[finance] default_interest`, else 10). Ignored when the car's interest field is disabled.
    pub interest: Option<f64>,
    /// Residual (balloon), AUD (default 0).
    pub residual: Option<f64>,
    /// `week`, `fortnight` or `month` (default: the calculator's default, else `week`).
    pub frequency: Option<Frequency>,
    /// Establishment fee, AUD, only without `car` (with a car the calculator's fee is used).
    pub establishment_fee: Option<f64>,
}

/// The repayment to show.
#[derive(Debug, Serialize, ToSchema)]
pub struct RepaymentAnswer {
    /// Repayment per period, AUD; null when `text` is shown instead.
    pub per_period: Option<f64>,
    /// Total payable (all repayments plus the residual), AUD; null (blank) with `text`.
    pub total: Option<f64>,
    /// The frequency used.
    pub frequency: Frequency,
    /// `wk`, `fn` or `mo` (docs/features/shopper-core.md §9).
    pub suffix: String,
    /// What to show: `$147/wk`, or the text (`Enquire for Finance`).
    pub display: String,
    /// The text shown instead of a figure (repayment of 25 or less), when any.
    pub text: Option<String>,
    /// The inputs actually used, after defaults and clamping.
    pub inputs: RepaymentRequest,
    /// Inputs that were out of range and clamped, with the help text `Cannot be less than {min}
    /// or more than {max}`.
    pub clamped: Vec<ClampedField>,
    /// `host` or the lender plugin's `name@version`.
    pub decided_by: String,
}

/// An input moved into its range.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClampedField {
    /// Field name (`amount`, `deposit`, `term_years`, `interest`, `residual`).
    pub field: String,
    /// Help text.
    pub message: String,
}

/// `v` when it is a number from `min` to `max`. Errors: `Invalid` naming `field` with `Cannot be
/// less than {min} or more than {max}`.
fn check(field: &str, v: f64, min: f64, max: f64) -> Result<f64> {
    if v.is_finite() && v >= min && v <= max {
        Ok(v)
    } else {
        Err(Error::invalid(field, format!("Cannot be less than {min} or more than {max}")))
    }
}

/// The error when the lender (plugin or host default) offers no finance for a car or site:
/// `Unprocessable` [`FINANCE_UNAVAILABLE`], `Finance is not offered for this car`.
pub fn unavailable() -> Error {
    Error::new(ErrorKind::Unprocessable, FINANCE_UNAVAILABLE, "Finance is not offered for this car")
}

/// What tenant `t`'s lender (its `finance-lender` plugin or the host default) offers for `car`
/// at `now` (unix s), run off the async threads; `value` is None when it offers no finance.
/// Errors: `Internal` when the task fails or the lender gives no answer.
pub async fn finance_offer(p: Platform<'_>, t: &Arc<Tenant>, car: Car, now: i64) -> Result<Decided<Option<FinanceOffer>>> {
    let (plugins, tenant) = (p.plugins.clone(), t.clone());
    tokio::task::spawn_blocking(move || plugins.finance_offers(&tenant, std::slice::from_ref(&car), now).pop())
        .await
        .map_err(Error::internal)?
        .ok_or_else(|| Error::internal("finance offers returned no answer"))
}

/// One repayment of `request` through tenant `t`'s lender at `now` (unix s), run off the async
/// threads: a figure per period and total (AUD) or the text shown instead. Errors: `Internal`
/// when the task fails or the lender gives no answer.
pub async fn repayment(p: Platform<'_>, t: &Arc<Tenant>, request: RepaymentRequest, now: i64) -> Result<Decided<Repayment>> {
    let (plugins, tenant) = (p.plugins.clone(), t.clone());
    tokio::task::spawn_blocking(move || plugins.repayments(&tenant, &[request], now).pop())
        .await
        .map_err(Error::internal)?
        .ok_or_else(|| Error::internal("repayment returned no answer"))
}

/// The inputs of `body` moved into the car's calculator `c` (defaults for missing ones), each
/// moved input noted in `clamped`; `advertised` is the car's stored quote's weekly and monthly
/// repayment (AUD). Errors: `Invalid` naming `frequency` when the lender does not offer it.
fn clamp_to_calculator(
    body: &RepaymentBody,
    c: &Calculator,
    advertised: (Option<f64>, Option<f64>),
    clamped: &mut Vec<ClampedField>,
) -> Result<RepaymentRequest> {
    let mut clamp = |field: &str, v: Option<f64>, default: f64, range: &NumberRange| -> f64 {
        let v = v.unwrap_or(default);
        let out = range.clamp(v);
        if out != v {
            clamped.push(ClampedField {
                field: field.into(),
                message: range.help_text(),
            });
        }
        out
    };
    let amount = clamp("amount", body.amount, c.default_amount, &c.amount);
    let deposit = clamp("deposit", body.deposit, 0.0_f64.max(c.deposit.min), &c.deposit);
    let residual = clamp("residual", body.residual, 0.0_f64.max(c.residual.min), &c.residual);
    let interest = match &c.interest {
        Some(r) => clamp("interest", body.interest, c.default_interest, r),
        None => c.default_interest,
    };
    let term_in = body.term_years.unwrap_or(c.default_term_years);
    let term_years = c.term.clamp(term_in);
    if term_years != term_in {
        clamped.push(ClampedField {
            field: "term_years".into(),
            message: match &c.term {
                TermInput::Range { min, max, .. } => format!("Cannot be less than {min} or more than {max}"),
                TermInput::Choices { years, .. } => format!("Must be one of {years:?}"),
            },
        });
    }
    let frequency = body.frequency.unwrap_or(c.default_frequency);
    if !c.frequencies.contains(&frequency) {
        return Err(Error::invalid(
            "frequency",
            format!(
                "This lender offers {:?}",
                c.frequencies.iter().map(|f| f.suffix()).collect::<Vec<_>>()
            ),
        ));
    }
    let advertised_repayment = match frequency {
        Frequency::Week => advertised.0,
        Frequency::Month => advertised.1,
        Frequency::Fortnight => None,
    };
    Ok(RepaymentRequest {
        amount,
        deposit,
        term_years,
        interest,
        residual,
        frequency,
        establishment_fee: c.establishment_fee,
        advertised_repayment,
    })
}

/// The inputs of `body` without a car: `amount` 0 to 10,000,000, `deposit` and `residual` 0 to
/// 10,000,000 (default 0), `term_years` 0.25 to 30 (default 6), `interest` 0 to 100 percent
/// (default the tenant's), `establishment_fee` 0 to 100,000 (default 0), all AUD but the term
/// and interest. Errors: `Invalid` naming the missing or out-of-range input.
fn plain_request(t: &Tenant, body: &RepaymentBody) -> Result<RepaymentRequest> {
    let amount = body.amount.ok_or_else(|| Error::invalid("amount", "Give a car or an amount"))?;
    Ok(RepaymentRequest {
        amount: check("amount", amount, 0.0, 10_000_000.0)?,
        deposit: check("deposit", body.deposit.unwrap_or(0.0), 0.0, 10_000_000.0)?,
        term_years: check("term_years", body.term_years.unwrap_or(defaults::DEFAULT_TERM_YEARS), 0.25, 30.0)?,
        interest: check(
            "interest",
            body.interest.unwrap_or(defaults::default_interest(&t.config)),
            0.0,
            100.0,
        )?,
        residual: check("residual", body.residual.unwrap_or(0.0), 0.0, 10_000_000.0)?,
        frequency: body.frequency.unwrap_or(Frequency::Week),
        establishment_fee: check("establishment_fee", body.establishment_fee.unwrap_or(0.0), 0.0, 100_000.0)?,
        advertised_repayment: None,
    })
}

/// The repayment for the loan in `body` on tenant `t`'s site (docs/features/shopper-core.md §5, §9): with `car`,
/// the inputs are clamped into that car's calculator (the moved ones listed in `clamped`) and the
/// car's stored quote is passed as the advertised repayment; without, the generic bounds apply.
/// Answers the per-period repayment and total (AUD) with its display (`$147/wk`), or the
/// lender's text (`Enquire for Finance`) instead. Errors: `Invalid` naming the input at fault
/// (`establishment_fee` given with `car`, `amount` missing without it, a number out of range, a
/// frequency the lender does not offer); `NotFound` for a car this tenant does not have;
/// `Unprocessable` [`FINANCE_UNAVAILABLE`] when finance is not offered for the car; `Internal` on a
/// storage or plugin fault.
pub async fn repayment_answer(p: Platform<'_>, t: &Arc<Tenant>, body: &RepaymentBody) -> Result<RepaymentAnswer> {
    let now = unix_now();
    let mut clamped = Vec::new();
    let request = match &body.car {
        Some(slug) => {
            if body.establishment_fee.is_some() {
                return Err(Error::invalid(
                    "establishment_fee",
                    "Give establishment_fee only without car; a car uses its calculator's fee",
                ));
            }
            let car = TenantRepo::new(p.db, t.slug())
                .car_by_slug(slug)
                .await?
                .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?;
            let quote = crate::plugins::wit::finance_quote(&car, t.config.finance.provider.as_deref());
            let advertised = quote.map_or((None, None), |q| (q.weekly_repayment, q.monthly_repayment));
            let offer = finance_offer(p, t, car, now).await?.value.ok_or_else(unavailable)?;
            clamp_to_calculator(body, &offer.calculator, advertised, &mut clamped)?
        }
        None => plain_request(t, body)?,
    };
    let decided = repayment(p, t, request, now).await?;
    let suffix = request.frequency.suffix().to_string();
    let (per_period, total, text, display) = match decided.value {
        Repayment::Figure { per_period, total } => (
            Some(per_period),
            Some(total),
            None,
            format!("{}/{suffix}", crate::format::money(per_period)),
        ),
        Repayment::Enquire { text } => (None, None, Some(text.clone()), text),
    };
    Ok(RepaymentAnswer {
        per_period,
        total,
        frequency: request.frequency,
        suffix,
        display,
        text,
        inputs: request,
        clamped,
        decided_by: decided.decided_by,
    })
}
