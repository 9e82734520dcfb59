//! `finance-lender`: the finance calculator, widget and estimate of a car, and repayments. The
//! answer types ([`FinanceOffer`], [`Calculator`], [`Repayment`], ...), the checks of a plugin's
//! answers ([`finance_offer`], [`check_repayment`]), the host defaults ([`finance_for`],
//! [`repayment`]) and the two calls ([`Offers`], [`Repayments`]). Money in AUD, interest in
//! percent per year, terms in years.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::Car,
    plugins::{
        lift::call_list,
        points::{
            check::{AnswerSize, ITEM, Invalid, MAX_PARAGRAPH, MAX_SENTENCE, finite, max_len, money, non_empty, non_negative, os, s},
            extension::{Env, ExtensionPoint, opinion_or_default},
            finance_raw::{RawFinanceOffer, RawRepayment},
            point::Point,
        },
        runtime::{Call, LoadedComponent},
        since_v0_1_0::{self as wit, finance_lender as wfl},
    },
    tenant::TenantConfig,
};

/// A numeric calculator input: entries are clamped to `min..=max` in `step`s (docs/features/shopper-core.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct NumberRange {
    /// Smallest value.
    pub min: f64,
    /// Largest value (at least `min`).
    pub max: f64,
    /// Step (above 0).
    pub step: f64,
}

impl NumberRange {
    /// `value` clamped into the range (docs/features/shopper-core.md §5 "out-of-range entries are clamped").
    pub fn clamp(&self, value: f64) -> f64 {
        if value.is_nan() {
            self.min
        } else {
            value.clamp(self.min, self.max)
        }
    }

    /// Whether `value` lies in the range.
    pub fn contains(&self, value: f64) -> bool {
        value.is_finite() && value >= self.min && value <= self.max
    }

    /// The help text `Cannot be less than {min} or more than {max}` (docs/features/shopper-core.md §5).
    pub fn help_text(&self) -> String {
        format!("Cannot be less than {} or more than {}", self.min, self.max)
    }
}

/// Unit a loan term is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TermUnit {
    /// Years.
    Years,
    /// Months (years x 12).
    Months,
}

/// How the shopper picks the loan term (docs/features/shopper-core.md §5 "Loan term").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TermInput {
    /// A slider, years.
    Range {
        /// Smallest term, years.
        min: f64,
        /// Largest term, years.
        max: f64,
        /// Step, years.
        step: f64,
    },
    /// A list picked by index.
    Choices {
        /// The choices, years, ascending.
        years: Vec<f64>,
        /// How each choice is shown.
        display: TermUnit,
        /// Index of the default choice.
        default_index: u32,
    },
}

impl TermInput {
    /// `years` moved to the nearest allowed term (clamped for a slider, nearest choice for a list).
    pub fn clamp(&self, years: f64) -> f64 {
        match self {
            TermInput::Range { min, max, .. } => {
                if years.is_nan() {
                    *min
                } else {
                    years.clamp(*min, *max)
                }
            }
            TermInput::Choices { years: list, .. } => list
                .iter()
                .copied()
                .min_by(|a, b| (a - years).abs().total_cmp(&(b - years).abs()))
                .unwrap_or(years),
        }
    }
}

/// Repayment frequency (docs/features/shopper-core.md §9: week 52, fortnight 26, month 12 a year).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Frequency {
    /// 52 payments a year, suffix `wk`.
    Week,
    /// 26 payments a year, suffix `fn`.
    Fortnight,
    /// 12 payments a year, suffix `mo`.
    Month,
}

impl Frequency {
    /// Payments a year (docs/features/shopper-core.md §9).
    pub fn per_year(self) -> u32 {
        match self {
            Frequency::Week => 52,
            Frequency::Fortnight => 26,
            Frequency::Month => 12,
        }
    }

    /// Display suffix `wk`, `fn` or `mo` (docs/features/shopper-core.md §9).
    pub fn suffix(self) -> &'static str {
        match self {
            Frequency::Week => "wk",
            Frequency::Fortnight => "fn",
            Frequency::Month => "mo",
        }
    }
}

/// The finance calculator for one car (docs/features/shopper-core.md §5, §9). Money in AUD, interest in percent per
/// year, terms in years.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Calculator {
    /// Lender name, when known.
    pub lender_name: Option<String>,
    /// Loan amount range, AUD.
    pub amount: NumberRange,
    /// Starting amount, AUD.
    pub default_amount: f64,
    /// Term input.
    pub term: TermInput,
    /// Starting term, years.
    pub default_term_years: f64,
    /// Interest range, percent p.a.; null when the field is disabled.
    pub interest: Option<NumberRange>,
    /// Starting interest, percent p.a.
    pub default_interest: f64,
    /// Deposit or trade-in range, AUD.
    pub deposit: NumberRange,
    /// Residual (balloon) range, AUD.
    pub residual: NumberRange,
    /// Establishment fee added to the amount financed, AUD.
    pub establishment_fee: f64,
    /// Frequencies offered, in display order.
    pub frequencies: Vec<Frequency>,
    /// Starting frequency.
    pub default_frequency: Frequency,
    /// Comparison-rate wording.
    pub comparison_rate_text: Option<String>,
    /// Lender disclaimer (the UI truncates it at 197 characters; docs/features/shopper-core.md §9).
    pub disclaimer: Option<String>,
}

/// A repayment answer (docs/features/shopper-core.md §5: 25 or less shows `Enquire for Finance`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Repayment {
    /// A figure to show.
    Figure {
        /// Repayment per period, AUD, rounded as the lender requires.
        per_period: f64,
        /// Total payable (all repayments plus the residual), AUD.
        total: f64,
    },
    /// A text instead of a figure; the total is blank.
    Enquire {
        /// For example `Enquire for Finance`.
        text: String,
    },
}

/// What finance shows for one car: the calculator, the sidebar widget and the teaser estimate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FinanceOffer {
    /// The calculator's limits and defaults.
    pub calculator: Calculator,
    /// Whether the sidebar finance widget and the weekly teaser show (docs/features/shopper-core.md §5).
    pub show_widget: bool,
    /// The repayment at the calculator's defaults and default frequency.
    pub estimate: Option<Repayment>,
}

/// One repayment calculation (docs/features/shopper-core.md §3 "Finance calculator state"; §9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RepaymentRequest {
    /// Loan amount, AUD.
    pub amount: f64,
    /// Deposit or trade-in, AUD.
    pub deposit: f64,
    /// Term, years.
    pub term_years: f64,
    /// Interest, percent per year.
    pub interest: f64,
    /// Residual (balloon), AUD.
    pub residual: f64,
    /// Frequency.
    pub frequency: Frequency,
    /// Establishment fee, AUD.
    pub establishment_fee: f64,
    /// The lender's advertised repayment at this frequency, AUD, when known.
    pub advertised_repayment: Option<f64>,
}

/// Repayments of this many AUD or less show [`ENQUIRE_TEXT`] (docs/features/shopper-core.md §5).
pub const ENQUIRE_THRESHOLD: f64 = 25.0;

/// Text instead of a too-small repayment (docs/features/shopper-core.md §5).
pub const ENQUIRE_TEXT: &str = "Enquire for Finance";

/// Default loan amount, AUD (docs/features/shopper-core.md §9).
pub const DEFAULT_AMOUNT: f64 = 30_000.0;

/// Default term, years (docs/features/shopper-core.md §9).
pub const DEFAULT_TERM_YEARS: f64 = 6.0;

/// Default interest when the tenant sets none, percent p.a.
pub const DEFAULT_INTEREST: f64 = 10.0;

/// Finance widget price threshold, AUD (docs/features/shopper-core.md §9 "finance price threshold 500").
pub const FINANCE_PRICE_THRESHOLD: f64 = 500.0;

/// Comparison-rate wording (docs/features/shopper-core.md §9 example).
pub const COMPARISON_RATE_TEXT: &str = "Comparison rate based on a 5-year secured fixed loan of $30,000.";

/// `finance-lender.offers`: finance for each car in a page. Host item: the stored car; WIT item:
/// the WIT car (with the lender quote the host holds); answer: the offer, or `None` when finance
/// is not offered for the car (a plugin's `none` is no opinion).
pub struct Offers;

impl ExtensionPoint for Offers {
    const POINT: Point = Point::FinanceLender;
    type Host = Car;
    type Item = wit::Car;
    type Wit = Option<wfl::FinanceOffer>;
    type Opinion = Option<FinanceOffer>;
    type Answer = Option<FinanceOffer>;

    fn item_size(item: &wit::Car) -> usize {
        wit::car_size(item)
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[wit::Car],
    ) -> wasmtime::Result<Result<Vec<Option<wfl::FinanceOffer>>, String>> {
        let f = component.func(Self::POINT, "offers")?;
        call_list::<_, Option<RawFinanceOffer>>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(_env: &Env<'_>, answer: Option<wfl::FinanceOffer>) -> Result<Option<Option<FinanceOffer>>, Invalid> {
        finance_offer(answer)
    }

    fn default_for(env: &Env<'_>, car: &Car, item: &wit::Car) -> Option<FinanceOffer> {
        finance_for(&env.tenant.config, car, item.quote.as_ref())
    }

    fn decide(env: &Env<'_>, car: &Car, item: &wit::Car, opinion: Option<Option<FinanceOffer>>) -> (Option<FinanceOffer>, bool) {
        opinion_or_default::<Self>(env, car, item, opinion)
    }
}

/// `finance-lender.repayments`: one repayment per request, in order. Host item: the
/// [`RepaymentRequest`]; WIT item: its WIT form ([`wit_request`]); answer: the [`Repayment`].
pub struct Repayments;

impl ExtensionPoint for Repayments {
    const POINT: Point = Point::FinanceLender;
    type Host = RepaymentRequest;
    type Item = wfl::RepaymentRequest;
    type Wit = wfl::Repayment;
    type Opinion = Repayment;
    type Answer = Repayment;

    fn item_size(_item: &wfl::RepaymentRequest) -> usize {
        96
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[wfl::RepaymentRequest],
    ) -> wasmtime::Result<Result<Vec<wfl::Repayment>, String>> {
        let f = component.func(Self::POINT, "repayments")?;
        call_list::<_, RawRepayment>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(_env: &Env<'_>, answer: wfl::Repayment) -> Result<Option<Repayment>, Invalid> {
        check_repayment(answer).map(Some)
    }

    fn default_for(_env: &Env<'_>, request: &RepaymentRequest, _item: &wfl::RepaymentRequest) -> Repayment {
        repayment(request)
    }

    fn decide(env: &Env<'_>, request: &RepaymentRequest, item: &wfl::RepaymentRequest, opinion: Option<Repayment>) -> (Repayment, bool) {
        opinion_or_default::<Self>(env, request, item, opinion)
    }
}

/// The WIT form of a repayment request (same fields and units).
pub fn wit_request(r: &RepaymentRequest) -> wfl::RepaymentRequest {
    wfl::RepaymentRequest {
        amount: r.amount,
        deposit: r.deposit,
        term_years: r.term_years,
        interest: r.interest,
        residual: r.residual,
        frequency: wit_frequency(r.frequency),
        establishment_fee: r.establishment_fee,
        advertised_repayment: r.advertised_repayment,
    }
}

impl AnswerSize for wfl::Repayment {
    fn answer_size(&self) -> usize {
        ITEM + match self {
            wfl::Repayment::Figure(_) => 16,
            wfl::Repayment::Enquire(t) => s(t),
        }
    }
}

impl AnswerSize for wfl::FinanceOffer {
    fn answer_size(&self) -> usize {
        let calc = self.calculator.as_ref().map_or(0, |c| {
            let terms = match &c.term {
                wfl::TermInput::Range(_) => 0,
                wfl::TermInput::Choices(l) => l.years.len() * 8,
            };
            256 + os(&c.lender_name) + os(&c.comparison_rate_text) + os(&c.disclaimer) + terms + c.frequencies.len() * ITEM
        });
        ITEM + calc + self.estimate.answer_size()
    }
}

fn range(what: &str, r: &wfl::NumberRange) -> Result<NumberRange, Invalid> {
    finite(&format!("{what}.min"), r.min)?;
    finite(&format!("{what}.max"), r.max)?;
    finite(&format!("{what}.step"), r.step)?;
    if r.min > r.max {
        return Err(format!("{what}.min ({}) is above {what}.max ({})", r.min, r.max));
    }
    if r.step <= 0.0 {
        return Err(format!("{what}.step ({}) is not above 0", r.step));
    }
    Ok(NumberRange {
        min: r.min,
        max: r.max,
        step: r.step,
    })
}

/// WIT frequency to the host's.
pub fn frequency(f: wfl::Frequency) -> Frequency {
    match f {
        wfl::Frequency::Week => Frequency::Week,
        wfl::Frequency::Fortnight => Frequency::Fortnight,
        wfl::Frequency::Month => Frequency::Month,
    }
}

/// The host's frequency to the WIT's.
pub fn wit_frequency(f: Frequency) -> wfl::Frequency {
    match f {
        Frequency::Week => wfl::Frequency::Week,
        Frequency::Fortnight => wfl::Frequency::Fortnight,
        Frequency::Month => wfl::Frequency::Month,
    }
}

/// Highest establishment fee a lender's calculator may state, AUD (Australian car loans charge
/// a few hundred to about $1,500; a hostile $49M fee showed "Finance from $237,100/wk", issue 40).
pub const MAX_ESTABLISHMENT_FEE: f64 = 10_000.0;
/// Highest interest a calculator may state or allow, percent a year.
pub const MAX_INTEREST: f64 = 50.0;
/// A car's estimate may total at most this many times the most the calculator lends.
pub const MAX_TOTAL_FACTOR: f64 = 3.0;

/// A plugin's repayment, checked (finite, per period above 0 and not above the total when the
/// total is given, text not empty).
pub fn check_repayment(r: wfl::Repayment) -> Result<Repayment, Invalid> {
    Ok(match r {
        wfl::Repayment::Figure(f) => {
            money("repayment.per-period", f.per_period)?;
            money("repayment.total", f.total)?;
            if f.per_period <= 0.0 {
                return Err("repayment.per-period is 0".into());
            }
            if f.total > 0.0 && f.per_period > f.total {
                return Err(format!(
                    "repayment.per-period ({}) is above repayment.total ({})",
                    f.per_period, f.total
                ));
            }
            Repayment::Figure {
                per_period: f.per_period,
                total: f.total,
            }
        }
        wfl::Repayment::Enquire(t) => {
            non_empty("repayment.enquire", &t)?;
            max_len("repayment.enquire", &t, MAX_SENTENCE)?;
            Repayment::Enquire { text: t }
        }
    })
}

/// A plugin's calculator, checked: every range valid, defaults inside their ranges, the default
/// term index inside the list, frequencies not empty and the default among them.
pub fn calculator(c: wfl::Calculator) -> Result<Calculator, Invalid> {
    let text = |what: &str, v: &Option<String>, max: usize| v.as_deref().map_or(Ok(()), |t| max_len(what, t, max));
    text("lender-name", &c.lender_name, MAX_SENTENCE)?;
    text("comparison-rate-text", &c.comparison_rate_text, MAX_SENTENCE)?;
    text("disclaimer", &c.disclaimer, MAX_PARAGRAPH)?;
    let amount = range("amount", &c.amount)?;
    money("amount.max", amount.max)?;
    money("default-amount", c.default_amount)?;
    if !amount.contains(c.default_amount) {
        return Err(format!("default-amount ({}) is outside amount", c.default_amount));
    }
    let term = match c.term {
        wfl::TermInput::Range(r) => {
            let r = range("term", &r)?;
            if !r.contains(c.default_term_years) {
                return Err(format!("default-term-years ({}) is outside term", c.default_term_years));
            }
            if r.min <= 0.0 {
                return Err(format!("term.min ({}) is not above 0", r.min));
            }
            TermInput::Range {
                min: r.min,
                max: r.max,
                step: r.step,
            }
        }
        wfl::TermInput::Choices(l) => {
            if l.years.is_empty() {
                return Err("term.choices is empty".into());
            }
            for (i, y) in l.years.iter().enumerate() {
                finite(&format!("term.years[{i}]"), *y)?;
                if *y <= 0.0 {
                    return Err(format!("term.years[{i}] ({y}) is not above 0"));
                }
            }
            let Some(&default) = l.years.get(l.default_index as usize) else {
                return Err(format!("term.default-index ({}) is not below {}", l.default_index, l.years.len()));
            };
            if (default - c.default_term_years).abs() > 1e-9 {
                return Err(format!(
                    "default-term-years ({}) differs from years[default-index] ({default})",
                    c.default_term_years
                ));
            }
            TermInput::Choices {
                years: l.years,
                display: match l.display {
                    wfl::TermUnit::Years => TermUnit::Years,
                    wfl::TermUnit::Months => TermUnit::Months,
                },
                default_index: l.default_index,
            }
        }
    };
    let interest = c.interest.as_ref().map(|r| range("interest", r)).transpose()?;
    finite("default-interest", c.default_interest)?;
    if let Some(r) = &interest
        && !r.contains(c.default_interest)
    {
        return Err(format!("default-interest ({}) is outside interest", c.default_interest));
    }
    if c.default_interest < 0.0 {
        return Err("default-interest is negative".into());
    }
    if c.default_interest > MAX_INTEREST || interest.as_ref().is_some_and(|r| r.max > MAX_INTEREST) {
        return Err(format!("interest above {MAX_INTEREST} percent a year"));
    }
    let deposit = range("deposit", &c.deposit)?;
    let residual = range("residual", &c.residual)?;
    non_negative("establishment-fee", c.establishment_fee)?;
    if c.establishment_fee > MAX_ESTABLISHMENT_FEE {
        return Err(format!(
            "establishment-fee ({}) is above {MAX_ESTABLISHMENT_FEE} AUD",
            c.establishment_fee
        ));
    }
    if c.frequencies.is_empty() {
        return Err("frequencies is empty".into());
    }
    let frequencies: Vec<Frequency> = c.frequencies.into_iter().map(frequency).collect();
    let default_frequency = frequency(c.default_frequency);
    if !frequencies.contains(&default_frequency) {
        return Err("default-frequency is not among frequencies".into());
    }
    Ok(Calculator {
        lender_name: c.lender_name,
        amount,
        default_amount: c.default_amount,
        term,
        default_term_years: c.default_term_years,
        interest,
        default_interest: c.default_interest,
        deposit,
        residual,
        establishment_fee: c.establishment_fee,
        frequencies,
        default_frequency,
        comparison_rate_text: c.comparison_rate_text,
        disclaimer: c.disclaimer,
    })
}

/// A plugin's finance answer for one car: `None` = no opinion; `Some(None)` = no finance for this
/// car; `Some(Some(offer))` = this calculator.
pub fn finance_offer(o: Option<wfl::FinanceOffer>) -> Result<Option<Option<FinanceOffer>>, Invalid> {
    let Some(o) = o else { return Ok(None) };
    let estimate = o.estimate.map(check_repayment).transpose()?;
    Ok(Some(match o.calculator {
        None => None,
        Some(c) => {
            let calculator = calculator(c)?;
            if let Some(Repayment::Figure { total, .. }) = &estimate
                && *total > calculator.amount.max * MAX_TOTAL_FACTOR
            {
                return Err(format!(
                    "estimate.total ({total}) is more than {MAX_TOTAL_FACTOR} times amount.max ({})",
                    calculator.amount.max
                ));
            }
            Some(FinanceOffer {
                calculator,
                show_widget: o.show_widget,
                estimate,
            })
        }
    }))
}

/// The tenant's default interest, percent p.a. (`[finance] default_interest`, else 10).
pub fn default_interest(cfg: &TenantConfig) -> f64 {
    cfg.finance
        .default_interest
        .filter(|v| v.is_finite() && *v >= 0.0)
        .unwrap_or(DEFAULT_INTEREST)
}

/// The default calculator (docs/features/shopper-core.md §5 "Calculator loan amount", "Loan term", "Interest";
/// §9 "Finance"): amount 1000 to 100000 step 500 (the maximum becomes 1.05 x the price, rounded
/// down to the step, when the tenant flag `finance_max_from_price` is on and the price is above
/// 100000); default amount 30000; term 1 to 7 years step 0.5, default 6; interest 0.5 to 15 step
/// 0.5 (widened to hold the tenant's default); deposit and residual 0 to 250000 step 0.5;
/// establishment fee 0; weekly, fortnightly or monthly, weekly first.
pub fn calculator_for(cfg: &TenantConfig, car: &Car) -> Calculator {
    let mut max = 100_000.0;
    if cfg.features.get("finance_max_from_price").copied().unwrap_or(false) && car.price > 100_000.0 {
        max = ((car.price * 1.05) / 500.0 + 1e-9).floor() * 500.0;
    }
    let interest_default = default_interest(cfg);
    Calculator {
        lender_name: None,
        amount: NumberRange {
            min: 1000.0,
            max,
            step: 500.0,
        },
        default_amount: DEFAULT_AMOUNT,
        term: TermInput::Range {
            min: 1.0,
            max: 7.0,
            step: 0.5,
        },
        default_term_years: DEFAULT_TERM_YEARS,
        interest: Some(NumberRange {
            min: 0.5_f64.min(interest_default),
            max: 15.0_f64.max(interest_default),
            step: 0.5,
        }),
        default_interest: interest_default,
        deposit: NumberRange {
            min: 0.0,
            max: 250_000.0,
            step: 0.5,
        },
        residual: NumberRange {
            min: 0.0,
            max: 250_000.0,
            step: 0.5,
        },
        establishment_fee: 0.0,
        frequencies: vec![Frequency::Week, Frequency::Fortnight, Frequency::Month],
        default_frequency: Frequency::Week,
        comparison_rate_text: Some(COMPARISON_RATE_TEXT.into()),
        disclaimer: None,
    }
}

/// The default finance for a car (docs/features/shopper-core.md §5): the calculator shows only when the tenant has
/// a finance provider and the car's price (the finance amount) is above 0. The widget shows when
/// the car is available, its price is above 500 (§9 finance price threshold) and the host holds a
/// lender rate for it. The estimate finances the price clamped into the amount range at the
/// defaults.
pub fn finance_for(cfg: &TenantConfig, car: &Car, quote: Option<&wit::FinanceQuote>) -> Option<FinanceOffer> {
    cfg.finance.provider.as_ref()?;
    if !(car.price.is_finite() && car.price > 0.0) {
        return None;
    }
    let calculator = calculator_for(cfg, car);
    let show_widget = car.is_available() && car.price > FINANCE_PRICE_THRESHOLD && quote.is_some_and(|q| q.advertised_rate.is_some());
    let request = RepaymentRequest {
        amount: calculator.amount.clamp(car.price),
        deposit: 0.0,
        term_years: calculator.default_term_years,
        interest: calculator.default_interest,
        residual: 0.0,
        frequency: calculator.default_frequency,
        establishment_fee: calculator.establishment_fee,
        advertised_repayment: None,
    };
    Some(FinanceOffer {
        estimate: Some(repayment(&request)),
        calculator,
        show_widget,
    })
}

/// Exact repayment per period: standard amortisation of `principal` over `n` periods at
/// `annual_percent` with a `residual` due at the end, discounted (docs/features/shopper-core.md §9). `None` when
/// `n` is 0 or an input is not finite.
pub fn payment(principal: f64, annual_percent: f64, n: u32, per_year: u32, residual: f64) -> Option<f64> {
    if n == 0 || per_year == 0 || !principal.is_finite() || !annual_percent.is_finite() || !residual.is_finite() {
        return None;
    }
    let nf = f64::from(n);
    let r = annual_percent.max(0.0) / 100.0 / f64::from(per_year);
    let v = if r == 0.0 {
        (principal - residual) / nf
    } else {
        let growth = (1.0 + r).powf(nf);
        (principal - residual / growth) * r / (1.0 - 1.0 / growth)
    };
    v.is_finite().then_some(v)
}

/// The default repayment (docs/features/shopper-core.md §9): principal = amount - deposit + establishment fee;
/// rate per period = annual interest / 100 / payments a year (52, 26, 12); n = years x payments a
/// year, rounded to whole periods; the residual discounted over n; rounded up to the whole dollar
/// (cent noise removed first); 25 or less, or nothing to finance, shows `Enquire for Finance`
/// (§5). The total is all repayments plus the residual.
pub fn repayment(r: &RepaymentRequest) -> Repayment {
    let enquire = || Repayment::Enquire { text: ENQUIRE_TEXT.into() };
    let per_year = r.frequency.per_year();
    let n = (r.term_years.max(0.0) * f64::from(per_year)).round();
    if !(1.0..=10_000.0).contains(&n) {
        return enquire();
    }
    let n = n as u32;
    let principal = r.amount.max(0.0) - r.deposit.max(0.0) + r.establishment_fee.max(0.0);
    let residual = r.residual.max(0.0);
    let exact = match payment(principal, r.interest, n, per_year, residual) {
        Some(v) if principal > 0.0 => v,
        _ => return enquire(),
    };
    let per_period = ((exact * 100.0).round() / 100.0).ceil();
    if per_period <= ENQUIRE_THRESHOLD {
        return enquire();
    }
    Repayment::Figure {
        per_period,
        total: ((per_period * f64::from(n) + residual) * 100.0).round() / 100.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(min: f64, max: f64, step: f64) -> wfl::NumberRange {
        wfl::NumberRange { min, max, step }
    }

    fn offer(fee: f64, interest: f64, estimate: Option<(f64, f64)>) -> wfl::FinanceOffer {
        wfl::FinanceOffer {
            calculator: Some(wfl::Calculator {
                lender_name: None,
                amount: range(1_000.0, 100_000.0, 500.0),
                default_amount: 30_000.0,
                term: wfl::TermInput::Range(range(1.0, 7.0, 0.5)),
                default_term_years: 5.0,
                interest: Some(range(0.5, interest.max(15.0), 0.5)),
                default_interest: interest,
                deposit: range(0.0, 250_000.0, 0.5),
                residual: range(0.0, 250_000.0, 0.5),
                establishment_fee: fee,
                frequencies: vec![wfl::Frequency::Week],
                default_frequency: wfl::Frequency::Week,
                comparison_rate_text: None,
                disclaimer: None,
            }),
            show_widget: true,
            estimate: estimate.map(|(per_period, total)| wfl::Repayment::Figure(wfl::RepaymentFigure { per_period, total })),
        }
    }

    /// Issue 40: a lender plugin's $49M establishment fee showed "Finance from $237,100/wk".
    /// A fee, an interest or an estimate no lender could mean is an invalid answer (the host's
    /// default finance shows instead, and the failure counts toward the breaker).
    #[test]
    fn implausible_finance_figures_are_invalid() {
        assert!(finance_offer(Some(offer(990.0, 8.5, Some((120.0, 31_200.0))))).is_ok());
        let e = finance_offer(Some(offer(49_000_000.0, 8.5, None))).unwrap_err();
        assert!(e.contains("establishment-fee (49000000) is above 10000 AUD"), "{e}");
        let e = finance_offer(Some(offer(990.0, 80.0, None))).unwrap_err();
        assert!(e.contains("interest above 50 percent"), "{e}");
        let e = finance_offer(Some(offer(990.0, 8.5, Some((237_100.0, 40_000_000.0))))).unwrap_err();
        assert!(
            e.contains("estimate.total (40000000) is more than 3 times amount.max (100000)"),
            "{e}"
        );
        let e = finance_offer(Some(offer(990.0, 8.5, Some((500.0, 400.0))))).unwrap_err();
        assert!(e.contains("per-period (500) is above repayment.total (400)"), "{e}");
    }
}
