//! # lender-standard
//!
//! Extension point `finance-lender` (docs/features/shopper-core.md §5 "Finance calculator", "Finance widget",
//! "Calculator loan amount", "Loan term", "Interest"; §9 "Finance"): one configurable lender
//! covering the variants the spec describes.
//!
//! * `offers`: per car, the calculator (amount, term, interest, deposit, residual ranges and
//!   defaults, establishment fee, frequencies, wording), whether the sidebar widget shows, and a
//!   repayment estimate at the defaults for the teasers. The estimate finances the car's price
//!   (clamped into the amount range), or the default amount when the car has no price.
//! * `repayments`: standard amortisation (SDK `finance`): principal = amount - deposit +
//!   establishment fee; rate = annual / payments a year (52, 26, 12); residual discounted; rounded
//!   up to the dollar, or down when below the lender's advertised repayment
//!   (`rounding = "down_below_advertised"`); 25 or less shows `Enquire for Finance`.
//!
//! Partner integrations `lender-integration` and `rego-lookup` (`forecourt:platform@0.2.0`, see
//! [`partner`]): the lender's own quote and create-customer calls and a registration lookup, each
//! a JSON POST over `wasi:http` to a URL from the config. Each URL is optional: without it that
//! call answers `not-offered` and the host does what it does with no plugin (the built-in quote,
//! the application kept as a lead only, manual vehicle entry). The tenant grants the origins in
//! `[plugins.capabilities.http]` and the host adds the credential header; the plugin sets no auth.
//!
//! ## Config (every key optional; the defaults are the spec's)
//!
//! ```toml
//! [[plugins]]
//! name = "lender-standard"
//! [plugins.config]
//! lender = "Harbourside Finance"
//! amount = { min = 5000, max = 100000, step = 500 }
//! max_from_price = true                  # 1.05 x price when the price is above 100000
//! interest = { min = 9.95, max = 19.95, step = 0.5, default = 12.94 }
//! establishment_fee = 1300
//! rounding = "down_below_advertised"
//! term_list = { years = [1, 2, 3, 4, 5], display = "months", default_index = 4 }
//! widget = { min_price = 500, max_age_years = 12, needs = "comparison_rate" }
//! quote_url = "https://api.lender.example/quote"
//! application_url = "https://api.lender.example/customers"
//! rego_url = "https://rego.example/lookup"
//! ```
//!
//! | key | default | meaning |
//! |---|---|---|
//! | `lender` | none | lender name for the widget and disclaimer |
//! | `require_provider` | `true` | hide finance unless the tenant has `[finance] provider` |
//! | `only_available` | `true` | hide finance for cars that are not in stock or coming soon |
//! | `hide_makes`, `hide_dealerships` | `[]` | hide finance for these makes / dealership slugs |
//! | `amount` `{min, max, step}` | `{1000, 100000, 500}` | loan amount, AUD |
//! | `max_from_price` | tenant flag `finance_max_from_price` | above `max_from_price_above`, max = `max_from_price_factor` x price |
//! | `max_from_price_above`, `max_from_price_factor` | `100000`, `1.05` | |
//! | `default_amount` | `30000` | the calculator's starting amount |
//! | `default_amount_from_price` | `false` | start at the car's price instead (30000 without a price) |
//! | `term` `{min, max, step, default}` | `{1, 7, 0.5, 6}` | term slider, years |
//! | `term_list` `{years, display, default_index}` | none | a term list picked by index; `display` is `years` or `months` |
//! | `interest` `{min, max, step, default}` | `{0.5, 15, 0.5, tenant default_interest or 10}` | percent p.a. |
//! | `interest_enabled` | `true` | `false` disables the interest field (the default is used) |
//! | `deposit`, `residual` `{min, max, step}` | `{0, 250000, 0.5}` | AUD |
//! | `establishment_fee` | `0` | AUD, added to the amount financed (1300, 1360.50 for some lenders) |
//! | `frequencies` | `["week", "fortnight", "month"]` | |
//! | `default_frequency` | `week` | |
//! | `rounding` | `up` | or `down_below_advertised` |
//! | `enquire_below` | `25` | repayments at or below this show `enquire_text` |
//! | `enquire_text` | `Enquire for Finance` | |
//! | `comparison_rate_text` | `Comparison rate based on a 5-year secured fixed loan of $30,000.` | |
//! | `disclaimer` | none | |
//! | `widget` `{min_price, max_age_years, needs}` | `{none, none, "nothing"}` | widget rules; `needs` is `nothing`, `comparison_rate`, `weekly_repayment` or `monthly_repayment` |
//! | `quote_url` | none: `quote` is `not-offered` | the lender's quote endpoint (`https://`, or `http://127.0.0.1` / `http://localhost`) |
//! | `application_url` | none: `create-customer` is `not-offered` | the lender's create-customer endpoint (same rule) |
//! | `rego_url` | none: `lookup` is `not-offered` | the registration lookup endpoint (same rule) |
//!
//! The widget always needs the car to be available and lender data with a rate
//! (`quote.advertised_rate`), then the `widget` rules (docs/features/shopper-core.md §5).

use forecourt_plugin_sdk::config::{check_order, check_positive};
use forecourt_plugin_sdk::finance::{self, Rounding};
use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

pub mod partner;

/// Default comparison-rate wording (docs/features/shopper-core.md §9).
pub const COMPARISON_RATE_TEXT: &str = "Comparison rate based on a 5-year secured fixed loan of $30,000.";

/// The plugin config (see the crate docs).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub lender: Option<String>,
    pub require_provider: Option<bool>,
    pub only_available: Option<bool>,
    pub hide_makes: Vec<String>,
    pub hide_dealerships: Vec<String>,
    pub amount: Option<RangeCfg>,
    pub max_from_price: Option<bool>,
    pub max_from_price_above: Option<f64>,
    pub max_from_price_factor: Option<f64>,
    pub default_amount: Option<f64>,
    pub default_amount_from_price: bool,
    pub term: Option<TermRangeCfg>,
    pub term_list: Option<TermListCfg>,
    pub interest: Option<InterestCfg>,
    pub interest_enabled: Option<bool>,
    pub deposit: Option<RangeCfg>,
    pub residual: Option<RangeCfg>,
    pub establishment_fee: Option<f64>,
    pub frequencies: Option<Vec<FrequencyName>>,
    pub default_frequency: Option<FrequencyName>,
    pub rounding: Option<RoundingName>,
    pub enquire_below: Option<f64>,
    pub enquire_text: Option<String>,
    pub comparison_rate_text: Option<String>,
    pub disclaimer: Option<String>,
    pub widget: Option<WidgetCfg>,
    pub quote_url: Option<String>,
    pub application_url: Option<String>,
    pub rego_url: Option<String>,
}

/// `{min, max, step}`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeCfg {
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

/// `{min, max, step, default}` for the term, years.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermRangeCfg {
    pub min: f64,
    pub max: f64,
    pub step: f64,
    pub default: f64,
}

/// `{years, display, default_index}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermListCfg {
    pub years: Vec<f64>,
    #[serde(default)]
    pub display: Option<TermDisplay>,
    #[serde(default)]
    pub default_index: u32,
}

/// `years` or `months`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TermDisplay {
    Years,
    Months,
}

/// `{min, max, step, default}` for interest, percent p.a. `step` and `default` are optional.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterestCfg {
    pub min: f64,
    pub max: f64,
    #[serde(default)]
    pub step: Option<f64>,
    #[serde(default)]
    pub default: Option<f64>,
}

/// `week`, `fortnight` or `month`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FrequencyName {
    Week,
    Fortnight,
    Month,
}

impl From<FrequencyName> for Frequency {
    fn from(f: FrequencyName) -> Frequency {
        match f {
            FrequencyName::Week => Frequency::Week,
            FrequencyName::Fortnight => Frequency::Fortnight,
            FrequencyName::Month => Frequency::Month,
        }
    }
}

/// `up` or `down_below_advertised`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundingName {
    Up,
    DownBelowAdvertised,
}

/// Widget rules (docs/features/shopper-core.md §5).
#[derive(Debug, Default, Clone, Copy, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WidgetCfg {
    /// The car's price must be above this, AUD (500 for most providers).
    pub min_price: Option<f64>,
    /// The car's year must be within this many years of the current year (12 for one provider).
    pub max_age_years: Option<u32>,
    /// Lender data the widget needs besides a rate.
    pub needs: Needs,
}

/// What lender data the widget needs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Needs {
    #[default]
    Nothing,
    ComparisonRate,
    WeeklyRepayment,
    MonthlyRepayment,
}

/// The lender, built once from its config.
pub struct LenderStandard {
    lender: Option<String>,
    require_provider: bool,
    only_available: bool,
    hide_makes: Vec<String>,
    hide_dealerships: Vec<String>,
    amount: NumberRange,
    max_from_price: Option<bool>,
    max_from_price_above: f64,
    max_from_price_factor: f64,
    default_amount: f64,
    default_amount_from_price: bool,
    term: TermInput,
    default_term_years: f64,
    interest: NumberRange,
    interest_default: Option<f64>,
    interest_enabled: bool,
    deposit: NumberRange,
    residual: NumberRange,
    establishment_fee: f64,
    frequencies: Vec<Frequency>,
    default_frequency: Frequency,
    rounding: Rounding,
    enquire_below: f64,
    enquire_text: String,
    comparison_rate_text: Option<String>,
    disclaimer: Option<String>,
    widget: WidgetCfg,
    partner: partner::Endpoints,
}

fn range(name: &str, cfg: Option<RangeCfg>, default: (f64, f64, f64)) -> Result<NumberRange> {
    let r = cfg.unwrap_or(RangeCfg {
        min: default.0,
        max: default.1,
        step: default.2,
    });
    check_order(&format!("{name}.min"), r.min, &format!("{name}.max"), r.max)?;
    check_positive(&format!("{name}.step"), r.step)?;
    if r.min < 0.0 {
        return Err(format!("config.{name}.min ({}) must be 0 or more", r.min));
    }
    Ok(NumberRange {
        min: r.min,
        max: r.max,
        step: r.step,
    })
}

fn within(name: &str, value: f64, r: &NumberRange) -> Result<()> {
    if value.is_finite() && value >= r.min && value <= r.max {
        Ok(())
    } else {
        Err(format!("config.{name} ({value}) must be between {} and {}", r.min, r.max))
    }
}

/// The calendar year (UTC) of a unix time.
pub fn year_of(unix_seconds: u64) -> i64 {
    // Days to civil date (Howard Hinnant's algorithm), year only.
    let z = (unix_seconds / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + i64::from(month <= 2)
}

impl Plugin for LenderStandard {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        let partner = partner::Endpoints::new(c.quote_url, c.application_url, c.rego_url)?;
        let amount = range("amount", c.amount, (1000.0, 100_000.0, 500.0))?;
        let default_amount = c.default_amount.unwrap_or(30_000.0);
        check_positive("default_amount", default_amount)?;
        let max_from_price_above = c.max_from_price_above.unwrap_or(100_000.0);
        let max_from_price_factor = c.max_from_price_factor.unwrap_or(1.05);
        check_positive("max_from_price_factor", max_from_price_factor)?;

        let (term, default_term_years) = match (c.term, c.term_list) {
            (Some(_), Some(_)) => return Err("config: give `term` or `term_list`, not both".into()),
            (_, Some(list)) => {
                if list.years.is_empty() {
                    return Err("config.term_list.years: must not be empty".into());
                }
                for (i, y) in list.years.iter().enumerate() {
                    if !(y.is_finite() && *y > 0.0) {
                        return Err(format!("config.term_list.years[{i}] ({y}) must be greater than 0"));
                    }
                    if i > 0 && *y <= list.years[i - 1] {
                        return Err(format!("config.term_list.years[{i}] ({y}) must be above the one before it"));
                    }
                }
                let idx = list.default_index as usize;
                let Some(&default) = list.years.get(idx) else {
                    return Err(format!(
                        "config.term_list.default_index ({idx}) must be below the number of terms ({})",
                        list.years.len()
                    ));
                };
                let display = match list.display.unwrap_or(TermDisplay::Years) {
                    TermDisplay::Years => TermUnit::Years,
                    TermDisplay::Months => TermUnit::Months,
                };
                (
                    TermInput::Choices(TermList {
                        years: list.years,
                        display,
                        default_index: list.default_index,
                    }),
                    default,
                )
            }
            (term, None) => {
                let t = term.unwrap_or(TermRangeCfg {
                    min: 1.0,
                    max: 7.0,
                    step: 0.5,
                    default: 6.0,
                });
                let r = range(
                    "term",
                    Some(RangeCfg {
                        min: t.min,
                        max: t.max,
                        step: t.step,
                    }),
                    (0.0, 0.0, 0.0),
                )?;
                check_positive("term.min", r.min)?;
                within("term.default", t.default, &r)?;
                (TermInput::Range(r), t.default)
            }
        };

        let interest_cfg = c.interest.unwrap_or(InterestCfg {
            min: 0.5,
            max: 15.0,
            step: None,
            default: None,
        });
        let interest = range(
            "interest",
            Some(RangeCfg {
                min: interest_cfg.min,
                max: interest_cfg.max,
                step: interest_cfg.step.unwrap_or(0.5),
            }),
            (0.0, 0.0, 0.0),
        )?;
        if let Some(d) = interest_cfg.default {
            within("interest.default", d, &interest)?;
        }

        let frequencies: Vec<Frequency> = c
            .frequencies
            .unwrap_or_else(|| vec![FrequencyName::Week, FrequencyName::Fortnight, FrequencyName::Month])
            .into_iter()
            .map(Frequency::from)
            .collect();
        if frequencies.is_empty() {
            return Err("config.frequencies: must not be empty".into());
        }
        let default_frequency: Frequency = c.default_frequency.map(Frequency::from).unwrap_or(frequencies[0]);
        if !frequencies.contains(&default_frequency) {
            return Err("config.default_frequency: must be one of config.frequencies".into());
        }

        let establishment_fee = c.establishment_fee.unwrap_or(0.0);
        if !(establishment_fee.is_finite() && establishment_fee >= 0.0) {
            return Err(format!("config.establishment_fee ({establishment_fee}) must be 0 or more"));
        }
        let enquire_text = c.enquire_text.unwrap_or_else(|| finance::ENQUIRE_TEXT.to_string());
        if enquire_text.trim().is_empty() {
            return Err("config.enquire_text: must not be empty".into());
        }
        let widget = c.widget.unwrap_or_default();
        if let Some(p) = widget.min_price
            && !(p.is_finite() && p >= 0.0)
        {
            return Err(format!("config.widget.min_price ({p}) must be 0 or more"));
        }

        Ok(LenderStandard {
            lender: c.lender,
            require_provider: c.require_provider.unwrap_or(true),
            only_available: c.only_available.unwrap_or(true),
            hide_makes: c.hide_makes,
            hide_dealerships: c.hide_dealerships,
            amount,
            max_from_price: c.max_from_price,
            max_from_price_above,
            max_from_price_factor,
            default_amount,
            default_amount_from_price: c.default_amount_from_price,
            term,
            default_term_years,
            interest,
            interest_default: interest_cfg.default,
            interest_enabled: c.interest_enabled.unwrap_or(true),
            deposit: range("deposit", c.deposit, (0.0, 250_000.0, 0.5))?,
            residual: range("residual", c.residual, (0.0, 250_000.0, 0.5))?,
            establishment_fee,
            frequencies,
            default_frequency,
            rounding: match c.rounding.unwrap_or(RoundingName::Up) {
                RoundingName::Up => Rounding::Up,
                RoundingName::DownBelowAdvertised => Rounding::DownBelowAdvertised,
            },
            enquire_below: c.enquire_below.unwrap_or(finance::ENQUIRE_THRESHOLD),
            enquire_text,
            comparison_rate_text: Some(c.comparison_rate_text.unwrap_or_else(|| COMPARISON_RATE_TEXT.to_string())),
            disclaimer: c.disclaimer,
            widget,
            partner,
        })
    }
}

impl LenderStandard {
    /// Amount range for one car: the configured range, with the maximum raised to
    /// `factor x price` (down to the step) when the car is priced above the threshold and the
    /// tenant flag or config asks for it (docs/features/shopper-core.md §5).
    fn amount_for(&self, ctx: &TenantContext, car: &Car) -> NumberRange {
        let mut r = self.amount;
        let from_price = self.max_from_price.unwrap_or_else(|| ctx.flag("finance_max_from_price"));
        if from_price && car.price > self.max_from_price_above {
            r.max = finance::floor_to_step(self.max_from_price_factor * car.price, r.step).max(r.min);
        }
        r
    }

    fn default_interest(&self, ctx: &TenantContext) -> f64 {
        let d = self.interest_default.or(ctx.default_interest).unwrap_or(10.0);
        finance::clamp(d, &self.interest)
    }

    fn hidden(&self, ctx: &TenantContext, car: &Car) -> bool {
        (self.require_provider && ctx.finance_provider.is_none())
            || (self.only_available && !car.is_available())
            || self.hide_makes.iter().any(|m| car.make_is(m))
            || self
                .hide_dealerships
                .iter()
                .any(|d| forecourt_plugin_sdk::text::same_slug(d, &car.dealership_slug))
    }

    /// Sidebar widget visibility (docs/features/shopper-core.md §5).
    fn widget_shows(&self, ctx: &TenantContext, car: &Car) -> bool {
        let Some(q) = &car.quote else { return false };
        if !car.is_available() || q.advertised_rate.is_none() {
            return false;
        }
        let w = &self.widget;
        if w.min_price.is_some_and(|min| car.price <= min) {
            return false;
        }
        if let Some(age) = w.max_age_years
            && i64::from(car.year) < year_of(ctx.now) - i64::from(age)
        {
            return false;
        }
        match w.needs {
            Needs::Nothing => true,
            Needs::ComparisonRate => q.comparison_rate.is_some(),
            Needs::WeeklyRepayment => q.weekly_repayment.is_some_and(|v| v > 0.0),
            Needs::MonthlyRepayment => q.monthly_repayment.is_some_and(|v| v > 0.0),
        }
    }

    fn advertised(&self, car: &Car, frequency: Frequency) -> Option<f64> {
        let q = car.quote.as_ref()?;
        match frequency {
            Frequency::Week => q.weekly_repayment,
            Frequency::Month => q.monthly_repayment,
            Frequency::Fortnight => q.weekly_repayment.map(|w| w * 2.0),
        }
    }
}

impl FinanceLender for LenderStandard {
    fn offer(&self, ctx: &TenantContext, car: &Car) -> Result<Option<FinanceOffer>> {
        let hidden = FinanceOffer {
            calculator: None,
            show_widget: false,
            estimate: None,
        };
        if self.hidden(ctx, car) {
            return Ok(Some(hidden));
        }
        let amount = self.amount_for(ctx, car);
        let price = car.price.max(0.0);
        let start = if self.default_amount_from_price && price > 0.0 {
            price
        } else {
            self.default_amount
        };
        let default_amount = finance::clamp(start, &amount);
        if default_amount <= 0.0 {
            return Ok(Some(hidden));
        }
        let default_interest = self.default_interest(ctx);
        let calculator = Calculator {
            lender_name: self.lender.clone(),
            amount,
            default_amount,
            term: self.term.clone(),
            default_term_years: self.default_term_years,
            interest: self.interest_enabled.then_some(self.interest),
            default_interest,
            deposit: self.deposit,
            residual: self.residual,
            establishment_fee: self.establishment_fee,
            frequencies: self.frequencies.clone(),
            default_frequency: self.default_frequency,
            comparison_rate_text: self.comparison_rate_text.clone(),
            disclaimer: self.disclaimer.clone(),
        };
        let estimate_amount = if price > 0.0 {
            finance::clamp(price, &amount)
        } else {
            default_amount
        };
        let estimate = self.repayment(
            ctx,
            &RepaymentRequest {
                amount: estimate_amount,
                deposit: 0.0,
                term_years: self.default_term_years,
                interest: default_interest,
                residual: 0.0,
                frequency: self.default_frequency,
                establishment_fee: self.establishment_fee,
                advertised_repayment: self.advertised(car, self.default_frequency),
            },
        )?;
        Ok(Some(FinanceOffer {
            calculator: Some(calculator),
            show_widget: self.widget_shows(ctx, car),
            estimate: Some(estimate),
        }))
    }

    fn repayment(&self, _ctx: &TenantContext, request: &RepaymentRequest) -> Result<Repayment> {
        Ok(finance::repayment_with(
            request,
            self.rounding,
            self.enquire_below,
            &self.enquire_text,
        ))
    }
}

impl LenderIntegration for LenderStandard {
    fn quote(&self, req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
        self.partner.quote(req)
    }

    fn create_customer(&self, app: &FinanceApplication) -> Result<String, PartnerError> {
        self.partner.create_customer(app)
    }
}

impl RegoLookup for LenderStandard {
    fn lookup(&self, reg: &Registration) -> Result<RegisteredVehicle, PartnerError> {
        self.partner.lookup(reg)
    }
}

forecourt_plugin_sdk::export_plugin!(LenderStandard: FinanceLender, LenderIntegration, RegoLookup);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn calc(h: &Harness<LenderStandard>, ctx: &TenantContext, car: Car) -> FinanceOffer {
        h.offers(ctx, &[car]).unwrap().remove(0).expect("an offer")
    }

    fn quote(weekly: Option<f64>, monthly: Option<f64>, rate: Option<f64>, comparison: Option<f64>) -> Option<FinanceQuote> {
        Some(FinanceQuote {
            weekly_repayment: weekly,
            monthly_repayment: monthly,
            advertised_rate: rate,
            comparison_rate: comparison,
        })
    }

    fn req(amount: f64, years: f64, interest: f64, frequency: Frequency, fee: f64) -> RepaymentRequest {
        RepaymentRequest {
            amount,
            deposit: 0.0,
            term_years: years,
            interest,
            residual: 0.0,
            frequency,
            establishment_fee: fee,
            advertised_repayment: None,
        }
    }

    fn figure(per_period: f64, total: f64) -> Repayment {
        Repayment::Figure(RepaymentFigure { per_period, total })
    }

    #[test]
    fn spec_defaults_with_no_config() {
        let h = Harness::<LenderStandard>::new("").unwrap();
        let offer = calc(&h, &testing::ctx(), testing::car());
        let c = offer.calculator.expect("calculator");
        assert_eq!(
            c.amount,
            NumberRange {
                min: 1000.0,
                max: 100_000.0,
                step: 500.0
            }
        );
        assert_eq!(c.default_amount, 30_000.0);
        assert_eq!(
            c.term,
            TermInput::Range(NumberRange {
                min: 1.0,
                max: 7.0,
                step: 0.5
            })
        );
        assert_eq!(c.default_term_years, 6.0);
        assert_eq!(
            c.interest,
            Some(NumberRange {
                min: 0.5,
                max: 15.0,
                step: 0.5
            })
        );
        assert_eq!(c.default_interest, 8.5); // the tenant's default_interest
        assert_eq!(
            c.deposit,
            NumberRange {
                min: 0.0,
                max: 250_000.0,
                step: 0.5
            }
        );
        assert_eq!(
            c.residual,
            NumberRange {
                min: 0.0,
                max: 250_000.0,
                step: 0.5
            }
        );
        assert_eq!(c.establishment_fee, 0.0);
        assert_eq!(c.frequencies, vec![Frequency::Week, Frequency::Fortnight, Frequency::Month]);
        assert_eq!(c.default_frequency, Frequency::Week);
        assert_eq!(c.comparison_rate_text.as_deref(), Some(COMPARISON_RATE_TEXT));
        // No lender data: no widget. Estimate: the car's $25,000 over 6 years at 8.5% weekly:
        // exact 102.354266, rounded up to 103, x 312 weeks = 32136.
        assert!(!offer.show_widget);
        assert_eq!(offer.estimate, Some(figure(103.0, 32_136.0)));
    }

    /// (config, flags, car, amount range, interest range, default interest, establishment fee)
    type LimitsRow<'a> = (&'a str, Vec<(&'a str, bool)>, Car, NumberRange, Option<NumberRange>, f64, f64);

    /// The spec's lender/tenant variants (docs/features/shopper-core.md §5, §9) as config rows.
    #[test]
    fn limits_table() {
        let big = Car {
            price: 126_000.0,
            ..testing::car()
        };
        let table: Vec<LimitsRow> = vec![
            // Minimum 5000 for one lender; 9.95-19.95 with the 12.94 default; fee 1300.
            (
                r#"{"amount": {"min": 5000, "max": 100000, "step": 500}, "interest": {"min": 9.95, "max": 19.95, "default": 12.94}, "establishment_fee": 1300}"#,
                vec![],
                testing::car(),
                NumberRange {
                    min: 5000.0,
                    max: 100_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 9.95,
                    max: 19.95,
                    step: 0.5,
                }),
                12.94,
                1300.0,
            ),
            // Maximum 1.05 x price above 100000 on the tenant flag: 132300 down to the step.
            (
                "{}",
                vec![("finance_max_from_price", true)],
                big.clone(),
                NumberRange {
                    min: 1000.0,
                    max: 132_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 0.5,
                    max: 15.0,
                    step: 0.5,
                }),
                8.5,
                0.0,
            ),
            // ... and not without the flag, nor at or below 100000.
            (
                "{}",
                vec![],
                big.clone(),
                NumberRange {
                    min: 1000.0,
                    max: 100_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 0.5,
                    max: 15.0,
                    step: 0.5,
                }),
                8.5,
                0.0,
            ),
            (
                r#"{"max_from_price": true}"#,
                vec![],
                Car {
                    price: 100_000.0,
                    ..testing::car()
                },
                NumberRange {
                    min: 1000.0,
                    max: 100_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 0.5,
                    max: 15.0,
                    step: 0.5,
                }),
                8.5,
                0.0,
            ),
            // 4-20; 7.5-14.5 (default below the range clamps up); 5.99-15.99 with max 250000.
            (
                r#"{"interest": {"min": 4, "max": 20}}"#,
                vec![],
                testing::car(),
                NumberRange {
                    min: 1000.0,
                    max: 100_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 4.0,
                    max: 20.0,
                    step: 0.5,
                }),
                8.5,
                0.0,
            ),
            (
                r#"{"interest": {"min": 7.5, "max": 14.5}}"#,
                vec![],
                testing::car(),
                NumberRange {
                    min: 1000.0,
                    max: 100_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 7.5,
                    max: 14.5,
                    step: 0.5,
                }),
                8.5,
                0.0,
            ),
            (
                r#"{"amount": {"min": 1000, "max": 250000, "step": 500}, "interest": {"min": 5.99, "max": 15.99}, "establishment_fee": 1360.50}"#,
                vec![],
                testing::car(),
                NumberRange {
                    min: 1000.0,
                    max: 250_000.0,
                    step: 500.0,
                },
                Some(NumberRange {
                    min: 5.99,
                    max: 15.99,
                    step: 0.5,
                }),
                8.5,
                1360.5,
            ),
            // Interest disabled on one tenant: no range, the default is used.
            (
                r#"{"interest_enabled": false, "interest": {"min": 9.95, "max": 19.95}}"#,
                vec![],
                testing::car(),
                NumberRange {
                    min: 1000.0,
                    max: 100_000.0,
                    step: 500.0,
                },
                None,
                9.95,
                0.0,
            ),
        ];
        for (i, (config, flags, car, amount, interest, default_interest, fee)) in table.into_iter().enumerate() {
            let h = Harness::<LenderStandard>::new(config).unwrap();
            let c = calc(&h, &testing::ctx_with_flags(&flags), car).calculator.expect("calculator");
            assert_eq!(c.amount, amount, "row {i} amount");
            assert_eq!(c.interest, interest, "row {i} interest");
            assert_eq!(c.default_interest, default_interest, "row {i} default interest");
            assert_eq!(c.establishment_fee, fee, "row {i} fee");
        }
    }

    #[test]
    fn term_list_picked_by_index_in_months() {
        let h = Harness::<LenderStandard>::new(r#"{"term_list": {"years": [1, 2, 3, 4, 5], "display": "months", "default_index": 4}}"#)
            .unwrap();
        let c = calc(&h, &testing::ctx(), testing::car()).calculator.unwrap();
        assert_eq!(
            c.term,
            TermInput::Choices(TermList {
                years: vec![1.0, 2.0, 3.0, 4.0, 5.0],
                display: TermUnit::Months,
                default_index: 4
            })
        );
        assert_eq!(c.default_term_years, 5.0);
    }

    #[test]
    fn default_amount_variants() {
        let h = Harness::<LenderStandard>::new(r#"{"default_amount_from_price": true}"#).unwrap();
        let ctx = testing::ctx();
        assert_eq!(calc(&h, &ctx, testing::car()).calculator.unwrap().default_amount, 25_000.0);
        // No price: 30000.
        assert_eq!(
            calc(
                &h,
                &ctx,
                Car {
                    price: 0.0,
                    ..testing::car()
                }
            )
            .calculator
            .unwrap()
            .default_amount,
            30_000.0
        );
        // A price above the maximum is clamped.
        assert_eq!(
            calc(
                &h,
                &ctx,
                Car {
                    price: 180_000.0,
                    ..testing::car()
                }
            )
            .calculator
            .unwrap()
            .default_amount,
            100_000.0
        );
    }

    #[test]
    fn visibility_table() {
        let ctx = testing::ctx();
        let mut no_provider = testing::ctx();
        no_provider.finance_provider = None;
        let cfg = r#"{"hide_makes": ["Mahindra"], "hide_dealerships": ["southern-cross-ford"]}"#;
        let h = Harness::<LenderStandard>::new(cfg).unwrap();
        // (context, car, calculator shown)
        let table = [
            (&ctx, testing::car(), true),
            (&no_provider, testing::car(), false),
            (
                &ctx,
                Car {
                    status: CarStatus::Sold,
                    ..testing::car()
                },
                false,
            ),
            (
                &ctx,
                Car {
                    status: CarStatus::ComingSoon,
                    ..testing::car()
                },
                true,
            ),
            (
                &ctx,
                Car {
                    make: "Mahindra".into(),
                    ..testing::car()
                },
                false,
            ),
            (
                &ctx,
                Car {
                    dealership_slug: "southern-cross-ford".into(),
                    ..testing::car()
                },
                false,
            ),
        ];
        for (i, (ctx, car, shown)) in table.into_iter().enumerate() {
            assert_eq!(calc(&h, ctx, car).calculator.is_some(), shown, "row {i}");
        }
        let anywhere = Harness::<LenderStandard>::new(r#"{"require_provider": false}"#).unwrap();
        assert!(calc(&anywhere, &no_provider, testing::car()).calculator.is_some());
    }

    /// docs/features/shopper-core.md §5 widget rules per provider.
    #[test]
    fn widget_table() {
        let ctx = testing::ctx(); // now = 2026-11-01
        let with_quote = |car: Car, q| Car { quote: q, ..car };
        let full = quote(Some(120.0), Some(520.0), Some(8.99), Some(9.49));
        // (widget config, car, shown)
        let table: Vec<(&str, Car, bool)> = vec![
            // Lender data and a rate are always needed.
            ("{}", testing::car(), false),
            ("{}", with_quote(testing::car(), quote(Some(120.0), None, None, None)), false),
            // "two providers need only availability"
            ("{}", with_quote(testing::car(), full), true),
            (
                "{}",
                with_quote(
                    Car {
                        status: CarStatus::Sold,
                        ..testing::car()
                    },
                    full,
                ),
                false,
            ),
            // "one provider needs the year within the last 12 years, price above 500, car available and a comparison rate"
            (
                r#"{"widget": {"min_price": 500, "max_age_years": 12, "needs": "comparison_rate"}}"#,
                with_quote(testing::car(), full),
                true,
            ),
            (
                r#"{"widget": {"min_price": 500, "max_age_years": 12, "needs": "comparison_rate"}}"#,
                with_quote(
                    Car {
                        year: 2014,
                        ..testing::car()
                    },
                    full,
                ),
                true,
            ),
            (
                r#"{"widget": {"min_price": 500, "max_age_years": 12, "needs": "comparison_rate"}}"#,
                with_quote(
                    Car {
                        year: 2013,
                        ..testing::car()
                    },
                    full,
                ),
                false,
            ),
            (
                r#"{"widget": {"min_price": 500, "max_age_years": 12, "needs": "comparison_rate"}}"#,
                with_quote(
                    Car {
                        price: 500.0,
                        ..testing::car()
                    },
                    full,
                ),
                false,
            ),
            (
                r#"{"widget": {"min_price": 500, "max_age_years": 12, "needs": "comparison_rate"}}"#,
                with_quote(testing::car(), quote(Some(120.0), None, Some(8.99), None)),
                false,
            ),
            // "three providers need price above 500, availability and a weekly payment"
            (
                r#"{"widget": {"min_price": 500, "needs": "weekly_repayment"}}"#,
                with_quote(testing::car(), quote(None, Some(520.0), Some(8.99), None)),
                false,
            ),
            (
                r#"{"widget": {"min_price": 500, "needs": "weekly_repayment"}}"#,
                with_quote(testing::car(), quote(Some(120.0), None, Some(8.99), None)),
                true,
            ),
            // "one needs price above 500, availability and a monthly payment"
            (
                r#"{"widget": {"min_price": 500, "needs": "monthly_repayment"}}"#,
                with_quote(testing::car(), quote(None, Some(520.0), Some(8.99), None)),
                true,
            ),
            (
                r#"{"widget": {"min_price": 500, "needs": "monthly_repayment"}}"#,
                with_quote(testing::car(), quote(Some(120.0), None, Some(8.99), None)),
                false,
            ),
        ];
        for (i, (config, car, shown)) in table.into_iter().enumerate() {
            let h = Harness::<LenderStandard>::new(config).unwrap();
            assert_eq!(calc(&h, &ctx, car).show_widget, shown, "row {i}: {config}");
        }
    }

    #[test]
    fn repayment_table() {
        let ctx = testing::ctx();
        // (config, request, expected) -- exact figures in finance.rs tests of the SDK.
        let mut below_advertised = req(30_000.0, 5.0, 10.0, Frequency::Week, 0.0);
        below_advertised.advertised_repayment = Some(150.0); // exact 146.73 is below: round down
        let table: Vec<(&str, RepaymentRequest, Repayment)> = vec![
            ("{}", req(30_000.0, 5.0, 10.0, Frequency::Week, 0.0), figure(147.0, 38_220.0)),
            ("{}", req(30_000.0, 5.0, 10.0, Frequency::Fortnight, 0.0), figure(294.0, 38_220.0)),
            ("{}", req(30_000.0, 5.0, 10.0, Frequency::Month, 0.0), figure(638.0, 38_280.0)),
            ("{}", below_advertised, figure(147.0, 38_220.0)),
            (
                r#"{"rounding": "down_below_advertised"}"#,
                below_advertised,
                figure(146.0, 37_960.0),
            ),
            // Establishment fee 1300 with a 3000 deposit at 9.95%: exact 138.259421.
            (
                "{}",
                RepaymentRequest {
                    deposit: 3000.0,
                    ..req(30_000.0, 5.0, 9.95, Frequency::Week, 1300.0)
                },
                figure(139.0, 36_140.0),
            ),
            // 25 or less: Enquire for Finance, or the lender's own text.
            (
                "{}",
                req(1000.0, 7.0, 1.0, Frequency::Week, 0.0),
                Repayment::Enquire("Enquire for Finance".into()),
            ),
            (
                r#"{"enquire_text": "Call us about finance"}"#,
                req(1000.0, 7.0, 1.0, Frequency::Week, 0.0),
                Repayment::Enquire("Call us about finance".into()),
            ),
        ];
        for (i, (config, request, want)) in table.into_iter().enumerate() {
            let h = Harness::<LenderStandard>::new(config).unwrap();
            assert_eq!(h.repayments(&ctx, &[request]).unwrap(), vec![want], "row {i}: {config}");
        }
    }

    #[test]
    fn estimate_uses_rounding_and_the_quote() {
        let h = Harness::<LenderStandard>::new(
            r#"{"rounding": "down_below_advertised", "term": {"min": 1, "max": 7, "step": 0.5, "default": 5}, "interest": {"min": 1, "max": 14.5, "default": 10}}"#,
        )
        .unwrap();
        let car = Car {
            price: 30_000.0,
            quote: quote(Some(150.0), None, Some(10.0), None),
            ..testing::car()
        };
        assert_eq!(calc(&h, &testing::ctx(), car).estimate, Some(figure(146.0, 37_960.0)));
    }

    #[test]
    fn bad_configs() {
        for (config, want) in [
            (
                r#"{"amount": {"min": 5000, "max": 1000, "step": 500}}"#,
                "config.amount.min (5000) must not be above config.amount.max (1000)",
            ),
            (
                r#"{"amount": {"min": 1000, "max": 5000, "step": 0}}"#,
                "config.amount.step (0) must be greater than 0",
            ),
            (
                r#"{"interest": {"min": 9.95, "max": 19.95, "default": 8}}"#,
                "config.interest.default (8) must be between 9.95 and 19.95",
            ),
            (
                r#"{"term_list": {"years": [1, 2], "default_index": 2}}"#,
                "config.term_list.default_index (2) must be below the number of terms (2)",
            ),
            (
                r#"{"term_list": {"years": [2, 1]}}"#,
                "config.term_list.years[1] (1) must be above the one before it",
            ),
            (
                r#"{"term": {"min": 1, "max": 7, "step": 0.5, "default": 6}, "term_list": {"years": [1]}}"#,
                "config: give `term` or `term_list`, not both",
            ),
            (
                r#"{"frequencies": ["week"], "default_frequency": "month"}"#,
                "config.default_frequency: must be one of config.frequencies",
            ),
            (r#"{"establishment_fee": -1}"#, "config.establishment_fee (-1) must be 0 or more"),
        ] {
            assert_eq!(Harness::<LenderStandard>::new(config).err().unwrap(), want, "{config}");
        }
        let e = Harness::<LenderStandard>::new(r#"{"rounding": "sideways"}"#).err().unwrap();
        assert!(e.starts_with("config.rounding: unknown variant `sideways`"), "{e}");
    }

    #[test]
    fn years() {
        assert_eq!(year_of(testing::NOW), 2026);
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(951_782_400), 2000); // 2000-02-29
        assert_eq!(year_of(1_767_225_599), 2025); // 2025-12-31T23:59:59Z
        assert_eq!(year_of(1_767_225_600), 2026);
    }
}
