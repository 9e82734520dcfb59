//! The host's own types for what the extension points decide (the JSON API serves these), the
//! conversions from a plugin's WIT answer, the answer checks and the answer-size measure.
//!
//! Every WIT answer is checked before the host uses it (issue 3 item 2 "an invalid answer ... is
//! discarded"): one answer per input, finite numbers, `min <= max`, `step > 0`, defaults inside
//! their ranges, `default-index < len`, non-empty texts. Units follow the WIT: money in AUD,
//! interest in percent per year, terms in years.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::wit::{
    eligibility as wel, finance_lender as wfl, phone_format as wpf, price_display as wpd, stock_filter as wsf, tag_rules as wtr,
};

/// What a tag means; the UI picks its colour and icon from it (shopper-core §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TagKind {
    /// Battery-electric car.
    Ev,
    /// Hybrid or plug-in hybrid.
    Hybrid,
    /// Reserved by a shopper.
    Reserved,
    /// Certified pre-owned (usually shown as the manufacturer's image).
    CertifiedPreOwned,
    /// The car's own tag from the feed.
    Custom,
    /// Status coming soon.
    ComingSoon,
    /// Recently listed (shopper-core §9 just-arrived window).
    JustArrived,
    /// Sold (default text `JUST SOLD`).
    Sold,
}

/// The tag on a car's card and VDP (shopper-core §4 "Card tag priority").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Tag {
    /// The text, for example `EV` or `JUST SOLD`; also the image's alt text.
    pub text: String,
    /// What the tag means.
    pub kind: TagKind,
    /// An image shown instead of the text (certified pre-owned badge), when there is one.
    pub image_url: Option<String>,
}

/// The price area of a card or VDP (shopper-core §4 "Price display"; §5 "Price is shown only if
/// greater than 10"). Money in AUD.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PriceView {
    /// A weekly subscription price.
    Subscription {
        /// AUD per week.
        weekly: f64,
        /// Wording after the figure, for example `/wk`.
        suffix: String,
    },
    /// Was/now (reduced price).
    WasNow {
        /// Previous price, AUD.
        was: f64,
        /// Current price, AUD.
        now: f64,
        /// Price type wording, for example `Drive Away`.
        price_type: Option<String>,
    },
    /// The car's price.
    CarPrice {
        /// Price, AUD.
        price: f64,
        /// Price type wording.
        price_type: Option<String>,
    },
    /// Pre-order: this text instead of a price (normally `PREORDER`).
    Preorder {
        /// Text to show.
        text: String,
    },
    /// No price: the tenant's no-price text.
    NoPrice {
        /// Text to show.
        text: String,
    },
}

/// Which actions a car offers (shopper-core §5; locations-forms-marketing §4-§5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Eligibility {
    /// Show Reserve Car Now.
    pub reserve: bool,
    /// Offer online purchase / buy online.
    pub online_purchase: bool,
    /// Offer the trade-in valuation.
    pub trade_in: bool,
    /// Show Car History Report (needs the car's file).
    pub history_report: bool,
    /// Show compare and favourite controls.
    pub compare_favourite: bool,
    /// Offer the Autograb market report.
    pub autograb_report: bool,
    /// The car is for test drives only.
    pub test_drive_only: bool,
}

/// A phone number ready to show (shopper-core §9: `+61` becomes `0`, grouped 2-4-4; §4 masked or
/// revealed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Phone {
    /// As shown, for example `07 5550 0700`.
    pub display: String,
    /// For `tel:` links, for example `+61755500700`.
    pub dial: String,
    /// Before the click-to-reveal, for example `07 5550 XXXX`.
    pub masked: String,
}

/// A numeric calculator input: entries are clamped to `min..=max` in `step`s (shopper-core §5).
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
    /// `value` clamped into the range (shopper-core §5 "out-of-range entries are clamped").
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

    /// The help text `Cannot be less than {min} or more than {max}` (shopper-core §5).
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

/// How the shopper picks the loan term (shopper-core §5 "Loan term").
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

/// Repayment frequency (shopper-core §9: week 52, fortnight 26, month 12 a year).
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
    /// Payments a year (shopper-core §9).
    pub fn per_year(self) -> u32 {
        match self {
            Frequency::Week => 52,
            Frequency::Fortnight => 26,
            Frequency::Month => 12,
        }
    }

    /// Display suffix `wk`, `fn` or `mo` (shopper-core §9).
    pub fn suffix(self) -> &'static str {
        match self {
            Frequency::Week => "wk",
            Frequency::Fortnight => "fn",
            Frequency::Month => "mo",
        }
    }
}

/// The finance calculator for one car (shopper-core §5, §9). Money in AUD, interest in percent per
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
    /// Lender disclaimer (the UI truncates it at 197 characters; shopper-core §9).
    pub disclaimer: Option<String>,
}

/// A repayment answer (shopper-core §5: 25 or less shows `Enquire for Finance`).
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
    /// Whether the sidebar finance widget and the weekly teaser show (shopper-core §5).
    pub show_widget: bool,
    /// The repayment at the calculator's defaults and default frequency.
    pub estimate: Option<Repayment>,
}

/// One repayment calculation (shopper-core §3 "Finance calculator state"; §9).
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

/// A car type in a stock condition.
pub type CarTypeName = String;

/// One (car types, statuses) pair: a car matches when its type is in `car_types` and its status
/// in `statuses`; an empty list matches anything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TypeStatusRule {
    /// `new`, `demo`, `used`; empty = any.
    pub car_types: Vec<CarTypeName>,
    /// `in_stock`, `coming_soon`, `sold`, ...; empty = any.
    pub statuses: Vec<String>,
}

/// One extra condition ANDed into every stock query of a tenant (shopper-core §5 stock filter
/// levels). Text comparisons are case-insensitive; makes also match by slug.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum StockCondition {
    /// Hide cars of these makes.
    HideMakes(Vec<String>),
    /// Keep only cars of these makes.
    OnlyMakes(Vec<String>),
    /// Hide these car types.
    HideCarTypes(Vec<CarTypeName>),
    /// Hide these stock numbers.
    HideStocknums(Vec<String>),
    /// Hide these item types (for example `caravan`).
    HideItemTypes(Vec<String>),
    /// Hide cars of these dealership slugs.
    HideDealerships(Vec<String>),
    /// Keep only these statuses.
    StatusIn(Vec<String>),
    /// Keep only these car types.
    CarTypeIn(Vec<CarTypeName>),
    /// Keep cars matching at least one rule.
    TypeStatusAny(Vec<TypeStatusRule>),
    /// Keep only cars priced at least this, AUD.
    MinPrice(f64),
}

// ---------------------------------------------------------------------------------------------
// Answer sizes (the output cap) and checks.

/// Fixed bytes counted per list element or record on top of its strings.
const ITEM: usize = 16;

fn s(v: &str) -> usize {
    v.len()
}

fn os(v: &Option<String>) -> usize {
    v.as_ref().map_or(0, |v| v.len())
}

/// Bytes of a plugin's answer, approximately as lifted (strings plus a fixed cost per item).
pub trait AnswerSize {
    /// Size in bytes.
    fn answer_size(&self) -> usize;
}

impl AnswerSize for String {
    fn answer_size(&self) -> usize {
        self.len()
    }
}

impl<T: AnswerSize> AnswerSize for Vec<T> {
    fn answer_size(&self) -> usize {
        self.iter().map(|x| ITEM + x.answer_size()).sum()
    }
}

impl<T: AnswerSize> AnswerSize for Option<T> {
    fn answer_size(&self) -> usize {
        self.as_ref().map_or(0, |x| x.answer_size())
    }
}

impl<T: AnswerSize, E: AnswerSize> AnswerSize for Result<T, E> {
    fn answer_size(&self) -> usize {
        match self {
            Ok(v) => v.answer_size(),
            Err(e) => e.answer_size(),
        }
    }
}

impl AnswerSize for wtr::TagAnswer {
    fn answer_size(&self) -> usize {
        match self {
            wtr::TagAnswer::Show(t) => ITEM + s(&t.text) + os(&t.image_url),
            _ => ITEM,
        }
    }
}

impl AnswerSize for wpd::PriceView {
    fn answer_size(&self) -> usize {
        ITEM + match self {
            wpd::PriceView::Subscription(v) => s(&v.suffix),
            wpd::PriceView::WasNow(v) => os(&v.price_type),
            wpd::PriceView::CarPrice(v) => os(&v.price_type),
            wpd::PriceView::Preorder(t) | wpd::PriceView::NoPrice(t) => s(t),
        }
    }
}

impl AnswerSize for wel::CarEligibility {
    fn answer_size(&self) -> usize {
        ITEM
    }
}

impl AnswerSize for wpf::PhoneNumber {
    fn answer_size(&self) -> usize {
        ITEM + s(&self.display) + s(&self.dial) + s(&self.masked)
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

impl AnswerSize for wsf::Condition {
    fn answer_size(&self) -> usize {
        let list = |l: &Vec<String>| l.iter().map(|x| ITEM + x.len()).sum::<usize>();
        ITEM + match self {
            wsf::Condition::HideMakes(l)
            | wsf::Condition::OnlyMakes(l)
            | wsf::Condition::HideStocknums(l)
            | wsf::Condition::HideItemTypes(l)
            | wsf::Condition::HideDealerships(l) => list(l),
            wsf::Condition::HideCarTypes(l) | wsf::Condition::CarTypeIn(l) => l.len() * ITEM,
            wsf::Condition::StatusIn(l) => l.len() * ITEM,
            wsf::Condition::TypeStatusAny(rules) => rules.iter().map(|r| ITEM + (r.car_types.len() + r.statuses.len()) * ITEM).sum(),
            wsf::Condition::MinPrice(_) => 8,
        }
    }
}

/// Why an answer was refused.
pub type Invalid = String;

fn finite(what: &str, v: f64) -> Result<(), Invalid> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(format!("{what} is not a finite number ({v})"))
    }
}

fn non_negative(what: &str, v: f64) -> Result<(), Invalid> {
    finite(what, v)?;
    if v >= 0.0 {
        Ok(())
    } else {
        Err(format!("{what} is negative ({v})"))
    }
}

fn non_empty(what: &str, v: &str) -> Result<(), Invalid> {
    if v.trim().is_empty() {
        Err(format!("{what} is empty"))
    } else {
        Ok(())
    }
}

/// Checks that a batch answer has exactly one entry per input.
pub fn check_count<T>(answers: &[T], inputs: usize) -> Result<(), Invalid> {
    if answers.len() == inputs {
        Ok(())
    } else {
        Err(format!("{} answers for {inputs} inputs", answers.len()))
    }
}

fn kind(k: wtr::TagKind) -> TagKind {
    match k {
        wtr::TagKind::Ev => TagKind::Ev,
        wtr::TagKind::Hybrid => TagKind::Hybrid,
        wtr::TagKind::Reserved => TagKind::Reserved,
        wtr::TagKind::CertifiedPreOwned => TagKind::CertifiedPreOwned,
        wtr::TagKind::Custom => TagKind::Custom,
        wtr::TagKind::ComingSoon => TagKind::ComingSoon,
        wtr::TagKind::JustArrived => TagKind::JustArrived,
        wtr::TagKind::Sold => TagKind::Sold,
    }
}

/// A plugin's tag answer for one car: `None` = no opinion (host default), `Some(None)` = no tag.
pub fn tag_answer(a: wtr::TagAnswer) -> Result<Option<Option<Tag>>, Invalid> {
    Ok(match a {
        wtr::TagAnswer::HostDefault => None,
        wtr::TagAnswer::NoTag => Some(None),
        wtr::TagAnswer::Show(t) => {
            non_empty("tag.text", &t.text)?;
            if let Some(u) = &t.image_url {
                non_empty("tag.image-url", u)?;
            }
            Some(Some(Tag {
                text: t.text,
                kind: kind(t.kind),
                image_url: t.image_url,
            }))
        }
    })
}

/// A plugin's price view for one car, checked (finite, non-negative, was above now).
pub fn price_view(v: wpd::PriceView) -> Result<PriceView, Invalid> {
    Ok(match v {
        wpd::PriceView::Subscription(x) => {
            non_negative("subscription.weekly", x.weekly)?;
            PriceView::Subscription {
                weekly: x.weekly,
                suffix: x.suffix,
            }
        }
        wpd::PriceView::WasNow(x) => {
            non_negative("was-now.now", x.now)?;
            non_negative("was-now.was", x.was)?;
            if x.was <= x.now {
                return Err(format!("was-now.was ({}) is not above now ({})", x.was, x.now));
            }
            PriceView::WasNow {
                was: x.was,
                now: x.now,
                price_type: x.price_type,
            }
        }
        wpd::PriceView::CarPrice(x) => {
            non_negative("car-price.price", x.price)?;
            PriceView::CarPrice {
                price: x.price,
                price_type: x.price_type,
            }
        }
        wpd::PriceView::Preorder(t) => {
            non_empty("preorder", &t)?;
            PriceView::Preorder { text: t }
        }
        wpd::PriceView::NoPrice(t) => {
            non_empty("no-price", &t)?;
            PriceView::NoPrice { text: t }
        }
    })
}

/// A plugin's phone number, checked (display and dial present; dial is digits with an optional
/// leading `+`).
pub fn phone(p: wpf::PhoneNumber) -> Result<Phone, Invalid> {
    non_empty("phone.display", &p.display)?;
    let dial_ok = {
        let d = p.dial.strip_prefix('+').unwrap_or(&p.dial);
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    };
    if !dial_ok {
        return Err(format!("phone.dial `{}` is not digits with an optional leading +", p.dial));
    }
    Ok(Phone {
        display: p.display,
        dial: p.dial,
        masked: p.masked,
    })
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

/// A plugin's repayment, checked (finite, per period above 0, text not empty).
pub fn repayment(r: wfl::Repayment) -> Result<Repayment, Invalid> {
    Ok(match r {
        wfl::Repayment::Figure(f) => {
            non_negative("repayment.per-period", f.per_period)?;
            non_negative("repayment.total", f.total)?;
            if f.per_period <= 0.0 {
                return Err("repayment.per-period is 0".into());
            }
            Repayment::Figure {
                per_period: f.per_period,
                total: f.total,
            }
        }
        wfl::Repayment::Enquire(t) => {
            non_empty("repayment.enquire", &t)?;
            Repayment::Enquire { text: t }
        }
    })
}

/// A plugin's calculator, checked: every range valid, defaults inside their ranges, the default
/// term index inside the list, frequencies not empty and the default among them.
pub fn calculator(c: wfl::Calculator) -> Result<Calculator, Invalid> {
    let amount = range("amount", &c.amount)?;
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
    let deposit = range("deposit", &c.deposit)?;
    let residual = range("residual", &c.residual)?;
    non_negative("establishment-fee", c.establishment_fee)?;
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
    let estimate = o.estimate.map(repayment).transpose()?;
    Ok(Some(match o.calculator {
        None => None,
        Some(c) => Some(FinanceOffer {
            calculator: calculator(c)?,
            show_widget: o.show_widget,
            estimate,
        }),
    }))
}

fn car_type_name(t: super::wit::CarType) -> String {
    match t {
        super::wit::CarType::New => "new",
        super::wit::CarType::Demo => "demo",
        super::wit::CarType::Used => "used",
    }
    .to_string()
}

fn status_name(s: super::wit::CarStatus) -> String {
    match s {
        super::wit::CarStatus::InStock => "in_stock".into(),
        super::wit::CarStatus::ComingSoon => "coming_soon".into(),
        super::wit::CarStatus::Sold => "sold".into(),
        super::wit::CarStatus::Other(o) => o,
    }
}

fn names(what: &str, l: Vec<String>) -> Result<Vec<String>, Invalid> {
    for (i, v) in l.iter().enumerate() {
        non_empty(&format!("{what}[{i}]"), v)?;
    }
    Ok(l)
}

/// A plugin's stock condition, checked (no empty names, a finite non-negative minimum price).
pub fn stock_condition(c: wsf::Condition) -> Result<StockCondition, Invalid> {
    use wsf::Condition as C;
    Ok(match c {
        C::HideMakes(l) => StockCondition::HideMakes(names("hide-makes", l)?),
        C::OnlyMakes(l) => StockCondition::OnlyMakes(names("only-makes", l)?),
        C::HideCarTypes(l) => StockCondition::HideCarTypes(l.into_iter().map(car_type_name).collect()),
        C::HideStocknums(l) => StockCondition::HideStocknums(names("hide-stocknums", l)?),
        C::HideItemTypes(l) => StockCondition::HideItemTypes(names("hide-item-types", l)?),
        C::HideDealerships(l) => StockCondition::HideDealerships(names("hide-dealerships", l)?),
        C::StatusIn(l) => StockCondition::StatusIn(l.into_iter().map(status_name).collect()),
        C::CarTypeIn(l) => StockCondition::CarTypeIn(l.into_iter().map(car_type_name).collect()),
        C::TypeStatusAny(rules) => StockCondition::TypeStatusAny(
            rules
                .into_iter()
                .map(|r| TypeStatusRule {
                    car_types: r.car_types.into_iter().map(car_type_name).collect(),
                    statuses: r.statuses.into_iter().map(status_name).collect(),
                })
                .collect(),
        ),
        C::MinPrice(p) => {
            non_negative("min-price", p)?;
            StockCondition::MinPrice(p)
        }
    })
}
