//! `POST /api/v1/finance/repayment`: the finance calculator's repayment (shopper-core §3
//! "Finance calculator state", §5 "Calculator loan amount", "Loan term", "Interest", "Repayment of
//! 25 or less shows 'Enquire for Finance'", §9 "Finance"), computed by the tenant's
//! `finance-lender` plugin or the host default (standard amortisation, rounded up).

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::error::ApiError;
use std::sync::Arc;

use crate::{
    http::state::{AppState, CurrentTenant},
    model::Car,
    plugins::{Decided, FinanceOffer, Frequency, Repayment, RepaymentRequest, defaults, unix_now},
    repo::TenantRepo,
    tenant::Tenant,
};

/// A repayment question. With `car`, every input is clamped into that car's calculator limits
/// and missing inputs take the calculator's defaults (shopper-core §5 "out-of-range entries are
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
    /// `wk`, `fn` or `mo` (shopper-core §9).
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

fn check(field: &str, v: f64, min: f64, max: f64) -> Result<f64, ApiError> {
    if v.is_finite() && v >= min && v <= max {
        Ok(v)
    } else {
        Err(ApiError::invalid(field, format!("Cannot be less than {min} or more than {max}")))
    }
}

/// The 422 answer when the lender (plugin or host default) offers no finance for a car or site.
pub fn unavailable() -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "finance_unavailable",
        "Finance is not offered for this car",
    )
}

/// What the tenant's lender (its `finance-lender` plugin or the host default) offers for `car`
/// at `now` (unix s), run off the async threads. Errors: internal when the task fails.
pub async fn finance_offer(state: &AppState, t: &Arc<Tenant>, car: Car, now: i64) -> Result<Decided<Option<FinanceOffer>>, ApiError> {
    let (plugins, tenant) = (state.plugins.clone(), t.clone());
    tokio::task::spawn_blocking(move || plugins.finance_offers(&tenant, std::slice::from_ref(&car), now).pop())
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::internal("finance offers returned no answer"))
}

/// One repayment through the tenant's lender at `now` (unix s), run off the async threads.
/// Errors: internal when the task fails or the lender gives no answer.
pub async fn repayment(state: &AppState, t: &Arc<Tenant>, request: RepaymentRequest, now: i64) -> Result<Decided<Repayment>, ApiError> {
    let (plugins, tenant) = (state.plugins.clone(), t.clone());
    tokio::task::spawn_blocking(move || plugins.repayments(&tenant, &[request], now).pop())
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::internal("repayment returned no answer"))
}

/// The repayment for a loan (shopper-core §5, §9).
#[utoipa::path(post, path = "/api/v1/finance/repayment", tag = "finance",
    request_body = RepaymentBody,
    responses(
        (status = 200, body = RepaymentAnswer),
        (status = 400, description = "An input is missing or not a number in range", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope),
        (status = 422, description = "Finance is not offered for this car", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_repayment(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Json(body): Json<RepaymentBody>,
) -> Result<Json<RepaymentAnswer>, ApiError> {
    let now = unix_now();
    let mut clamped = Vec::new();
    let request = match &body.car {
        Some(slug) => {
            if body.establishment_fee.is_some() {
                return Err(ApiError::invalid(
                    "establishment_fee",
                    "Give establishment_fee only without car; a car uses its calculator's fee",
                ));
            }
            let car = TenantRepo::new(&state.db, t.slug())
                .car_by_slug(slug)
                .await?
                .ok_or_else(|| ApiError::not_found(format!("No car `{slug}` on this site")))?;
            let quote = crate::plugins::wit::finance_quote(&car, t.config.finance.provider.as_deref());
            let offer = finance_offer(&state, &t, car, now).await?.value.ok_or_else(unavailable)?;
            let c = offer.calculator;
            let mut clamp = |field: &str, v: Option<f64>, default: f64, range: &crate::plugins::NumberRange| -> f64 {
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
                        crate::plugins::TermInput::Range { min, max, .. } => format!("Cannot be less than {min} or more than {max}"),
                        crate::plugins::TermInput::Choices { years, .. } => format!("Must be one of {years:?}"),
                    },
                });
            }
            let frequency = body.frequency.unwrap_or(c.default_frequency);
            if !c.frequencies.contains(&frequency) {
                return Err(ApiError::invalid(
                    "frequency",
                    format!(
                        "This lender offers {:?}",
                        c.frequencies.iter().map(|f| f.suffix()).collect::<Vec<_>>()
                    ),
                ));
            }
            let advertised_repayment = quote.as_ref().and_then(|q| match frequency {
                Frequency::Week => q.weekly_repayment,
                Frequency::Month => q.monthly_repayment,
                Frequency::Fortnight => None,
            });
            RepaymentRequest {
                amount,
                deposit,
                term_years,
                interest,
                residual,
                frequency,
                establishment_fee: c.establishment_fee,
                advertised_repayment,
            }
        }
        None => {
            let amount = body.amount.ok_or_else(|| ApiError::invalid("amount", "Give a car or an amount"))?;
            RepaymentRequest {
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
            }
        }
    };
    let decided = repayment(&state, &t, request, now).await?;
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
    Ok(Json(RepaymentAnswer {
        per_period,
        total,
        frequency: request.frequency,
        suffix,
        display,
        text,
        inputs: request,
        clamped,
        decided_by: decided.decided_by,
    }))
}
