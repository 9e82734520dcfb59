//! The host's default behaviour for every extension point (issue 3 item 3): what a car gets when
//! the tenant enables no plugin for a point, when the plugin has no opinion about a car, and when
//! a plugin fails. Every rule cites the spec it implements; constants are shopper-core §9's.

use crate::{
    model::Car,
    slug::slugify,
    tenant::{Tenant, TenantConfig},
};

use super::answers::{
    Calculator, Eligibility, FinanceOffer, Frequency, NumberRange, Phone, PriceView, Repayment, RepaymentRequest, StockCondition, Tag,
    TagKind, TermInput,
};

/// Seconds in a day.
pub const DAY_SECONDS: i64 = 86_400;
/// Default just-arrived window, days (shopper-core §9).
pub const JUST_ARRIVED_DAYS: u32 = 8;
/// Default sold tag (shopper-core §4).
pub const SOLD_TAG: &str = "JUST SOLD";
/// Reserved tag text (shopper-core §4).
pub const RESERVED_TAG: &str = "RESERVED";
/// Coming-soon tag text (shopper-core §4 "coming_soon shows a COMING SOON tag").
pub const COMING_SOON_TAG: &str = "COMING SOON";
/// EV tag text.
pub const EV_TAG: &str = "EV";
/// Hybrid tag text.
pub const HYBRID_TAG: &str = "HYBRID";
/// Certified-pre-owned alt text.
pub const CERTIFIED_TAG: &str = "Certified Pre-Owned";
/// Pre-order text (shopper-core §4 "pre-order (text PREORDER)").
pub const PREORDER_TEXT: &str = "PREORDER";
/// A price is shown only above this, AUD (shopper-core §5, §9 "minimum shown price 10").
pub const MIN_SHOWN_PRICE: f64 = 10.0;
/// Subscription suffix (shopper-core §9 "shown as '/wk'").
pub const SUBSCRIPTION_SUFFIX: &str = "/wk";
/// Tag text of a test-drive-only car (shopper-core §3 `tag`).
pub const TEST_DRIVE_ONLY: &str = "Test Drive Only";
/// Repayments of this many AUD or less show [`ENQUIRE_TEXT`] (shopper-core §5).
pub const ENQUIRE_THRESHOLD: f64 = 25.0;
/// Text instead of a too-small repayment (shopper-core §5).
pub const ENQUIRE_TEXT: &str = "Enquire for Finance";
/// Default loan amount, AUD (shopper-core §9).
pub const DEFAULT_AMOUNT: f64 = 30_000.0;
/// Default term, years (shopper-core §9).
pub const DEFAULT_TERM_YEARS: f64 = 6.0;
/// Default interest when the tenant sets none, percent p.a.
pub const DEFAULT_INTEREST: f64 = 10.0;
/// Finance widget price threshold, AUD (shopper-core §9 "finance price threshold 500").
pub const FINANCE_PRICE_THRESHOLD: f64 = 500.0;
/// Comparison-rate wording (shopper-core §9 example).
pub const COMPARISON_RATE_TEXT: &str = "Comparison rate based on a 5-year secured fixed loan of $30,000.";

/// Where an answer came from: `host` for the host's default.
pub const HOST: &str = "host";

fn is_electric(car: &Car) -> bool {
    let f = fuel_words(car);
    f.contains("electric") && !f.contains("hybrid")
}

fn is_hybrid(car: &Car) -> bool {
    fuel_words(car).contains("hybrid")
}

fn fuel_words(car: &Car) -> String {
    [car.simple_fuel.as_deref(), car.fuel.as_deref()]
        .into_iter()
        .flatten()
        .map(|s| s.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

fn custom_tag(car: &Car) -> Option<&str> {
    car.tag.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// The car's tag says `Test Drive Only` (case-insensitive).
pub fn is_test_drive_only(car: &Car) -> bool {
    custom_tag(car).is_some_and(|t| t.eq_ignore_ascii_case(TEST_DRIVE_ONLY))
}

fn text_or<'a>(v: &'a str, default: &'a str) -> &'a str {
    if v.trim().is_empty() { default } else { v }
}

fn tag(text: &str, kind: TagKind) -> Option<Tag> {
    Some(Tag {
        text: text.to_string(),
        kind,
        image_url: None,
    })
}

/// The default tag (shopper-core §4 "Card tag priority"): sold cars get the sold tag (tenant's
/// `sold_tag_name`, default `JUST SOLD`); then EV/hybrid when the tenant's `ev_tag` flag is on;
/// `RESERVED`; certified pre-owned for a used certified car of the tenant's manufacturer; the
/// car's own tag; `COMING SOON`; the just-arrived tag for new cars listed within
/// `just_arrived_days` (default 8, §9); else none. `now` is unix seconds.
pub fn tag_for(cfg: &TenantConfig, car: &Car, now: i64) -> Option<Tag> {
    let spec = &cfg.specifications;
    if car.status == "sold" {
        return tag(text_or(&spec.sold_tag_name, SOLD_TAG), TagKind::Sold);
    }
    if cfg.features.get("ev_tag").copied().unwrap_or(false) {
        if is_electric(car) {
            return tag(EV_TAG, TagKind::Ev);
        }
        if is_hybrid(car) {
            return tag(HYBRID_TAG, TagKind::Hybrid);
        }
    }
    if car.reserved.0 {
        return tag(RESERVED_TAG, TagKind::Reserved);
    }
    if car.car_type == "used" && car.certified.0 && cfg.manufacturer.as_deref().is_some_and(|m| slugify(m) == slugify(&car.make)) {
        return tag(CERTIFIED_TAG, TagKind::CertifiedPreOwned);
    }
    if let Some(custom) = custom_tag(car) {
        return tag(custom, TagKind::Custom);
    }
    if car.status == "coming_soon" {
        return tag(COMING_SOON_TAG, TagKind::ComingSoon);
    }
    let days = i64::from(spec.just_arrived_days);
    if car.car_type == "new" && car.created_at > 0 && car.created_at <= now && now - car.created_at <= days * DAY_SECONDS {
        return tag(text_or(&spec.just_arrived_tag_name, "Just Arrived"), TagKind::JustArrived);
    }
    None
}

/// The default price view (shopper-core §4 "Price display", in its order): subscription when the
/// car has a subscription price above 0; was/now when `before_price` is above a shown price;
/// the price when above 10 AUD (§5); `PREORDER` for a pre-order car; else the tenant's no-price
/// text.
pub fn price_view_for(cfg: &TenantConfig, car: &Car) -> PriceView {
    if let Some(weekly) = car.subscription_price.filter(|p| p.is_finite() && *p > 0.0) {
        return PriceView::Subscription {
            weekly,
            suffix: SUBSCRIPTION_SUFFIX.into(),
        };
    }
    let shown = car.price.is_finite() && car.price > MIN_SHOWN_PRICE;
    if shown && let Some(was) = car.before_price.filter(|w| w.is_finite() && *w > car.price) {
        return PriceView::WasNow {
            was,
            now: car.price,
            price_type: car.price_type.clone(),
        };
    }
    if shown {
        return PriceView::CarPrice {
            price: car.price,
            price_type: car.price_type.clone(),
        };
    }
    if car.preorder.0 {
        return PriceView::Preorder {
            text: PREORDER_TEXT.into(),
        };
    }
    PriceView::NoPrice {
        text: text_or(&cfg.wording.no_price_text, "Enquire for price").to_string(),
    }
}

/// The default eligibility (shopper-core §4-§5, locations-forms-marketing §4-§5): a car is
/// available when in stock or coming soon; reserve needs an available car that is not
/// test-drive-only and not already reserved (the feed's flag or a paid deposit hold); online purchase needs reservation eligibility and a used car (lfm §4); trade-in
/// needs an available car; the history report needs a file; compare/favourite needs the tenant's
/// `garage_enabled` flag and an available car; the Autograb report only with a plugin (lfm §5
/// "only when the site's plugin list includes it").
pub fn eligibility_for(cfg: &TenantConfig, car: &Car) -> Eligibility {
    let available = car.is_available();
    let test_drive_only = is_test_drive_only(car);
    let reserve = available && !test_drive_only && !car.reserved.0;
    Eligibility {
        reserve,
        online_purchase: reserve && car.car_type == "used",
        trade_in: available,
        history_report: car.file.as_deref().is_some_and(|f| !f.trim().is_empty()),
        compare_favourite: available && cfg.features.get("garage_enabled").copied().unwrap_or(false),
        autograb_report: false,
        test_drive_only,
    }
}

/// Formats an Australian phone number (shopper-core §9: a leading `+61` becomes `0`, grouped
/// 2-4-4; `13xx xxx xxx` numbers 4-3-3; `13 xx xx` 2-2-2). The dial form is `+61...` for `0`
/// numbers, the digits otherwise; the masked form hides the last group with `X`. A number that is
/// not Australian is shown as written, dialled as its digits.
pub fn format_phone(input: &str) -> Phone {
    let trimmed = input.trim();
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let national = if trimmed.starts_with('+') {
        digits
            .strip_prefix("61")
            .map(|rest| format!("0{}", rest.strip_prefix('0').unwrap_or(rest)))
    } else if digits.len() == 11 && digits.starts_with("61") {
        Some(format!("0{}", &digits[2..]))
    } else {
        Some(digits.clone())
    };
    let groups: Option<&[usize]> = match national.as_deref() {
        Some(d) if d.len() == 10 && (d.starts_with("1300") || d.starts_with("1800")) => Some(&[4, 3, 3]),
        Some(d) if d.len() == 10 && d.starts_with('0') => Some(&[2, 4, 4]),
        Some(d) if d.len() == 6 && d.starts_with("13") => Some(&[2, 2, 2]),
        _ => None,
    };
    match (national, groups) {
        (Some(d), Some(sizes)) if !trimmed.chars().any(|c| c.is_ascii_alphabetic()) => {
            let mut parts = Vec::new();
            let mut at = 0;
            for &n in sizes {
                parts.push(d[at..at + n].to_string());
                at += n;
            }
            let display = parts.join(" ");
            if let Some(last) = parts.last_mut() {
                *last = "X".repeat(last.len());
            }
            let dial = match d.strip_prefix('0') {
                Some(rest) => format!("+61{rest}"),
                None => d.clone(),
            };
            Phone {
                display,
                dial,
                masked: parts.join(" "),
            }
        }
        _ => {
            let plus = if trimmed.starts_with('+') { "+" } else { "" };
            let mut chars: Vec<char> = trimmed.chars().collect();
            let mut left = 4;
            for c in chars.iter_mut().rev() {
                if left == 0 {
                    break;
                }
                if c.is_ascii_digit() {
                    *c = 'X';
                    left -= 1;
                }
            }
            Phone {
                display: trimmed.to_string(),
                dial: format!("{plus}{digits}"),
                masked: chars.into_iter().collect(),
            }
        }
    }
}

/// The default phone for a car (shopper-core §9 "Dealer phone numbers are configured per tenant and
/// per car type"): the tenant's `[phones]` number for the car's type, else the phone of the
/// tenant's primary visible sales location, formatted by [`format_phone`].
pub fn phone_for(cfg: &TenantConfig, car: &Car) -> Option<Phone> {
    let number = cfg.phones.get(&car.car_type).cloned().or_else(|| {
        let sales = |l: &&crate::tenant::LocationConfig| l.visible && (l.location_type == "sales" || l.location_type.is_empty());
        cfg.locations
            .iter()
            .filter(sales)
            .find(|l| l.primary)
            .or_else(|| cfg.locations.iter().find(sales))
            .and_then(|l| l.contact_detail.phone.clone())
    })?;
    (!number.trim().is_empty()).then(|| format_phone(&number))
}

/// The tenant's default interest, percent p.a. (`[finance] default_interest`, else 10).
pub fn default_interest(cfg: &TenantConfig) -> f64 {
    cfg.finance
        .default_interest
        .filter(|v| v.is_finite() && *v >= 0.0)
        .unwrap_or(DEFAULT_INTEREST)
}

/// The default calculator (shopper-core §5 "Calculator loan amount", "Loan term", "Interest";
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

/// The default finance for a car (shopper-core §5): the calculator shows only when the tenant has
/// a finance provider and the car's price (the finance amount) is above 0. The widget shows when
/// the car is available, its price is above 500 (§9 finance price threshold) and the host holds a
/// lender rate for it. The estimate finances the price clamped into the amount range at the
/// defaults.
pub fn finance_for(cfg: &TenantConfig, car: &Car, quote: Option<&super::wit::FinanceQuote>) -> Option<FinanceOffer> {
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
/// `annual_percent` with a `residual` due at the end, discounted (shopper-core §9). `None` when
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

/// The default repayment (shopper-core §9): principal = amount - deposit + establishment fee;
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

/// The default stock filter: no extra condition (issue 3 item 3 "no extra stock filter").
pub fn stock_conditions(_tenant: &Tenant, _level: u8) -> Vec<StockCondition> {
    Vec::new()
}
