//! The glue between the wit-bindgen `Guest` traits (static functions over owned values) and the
//! SDK's traits (methods on the plugin instance built by `init`). Also used natively by
//! [`crate::testing::Harness`], so tests run the same checks as the component.

use std::any::Any;
use std::cell::RefCell;
use std::marker::PhantomData;

use crate::prelude::*;
use crate::wit;

/// Name, version and description of a plugin type; implemented by [`crate::export_plugin!`] from
/// the plugin crate's `Cargo.toml`.
pub trait Described {
    /// Plugin name (`CARGO_PKG_NAME`): should equal the component's file stem in `plugins/dist/`.
    const NAME: &'static str;
    /// Plugin version (`CARGO_PKG_VERSION`).
    const VERSION: &'static str;
    /// One-line description (`CARGO_PKG_DESCRIPTION`).
    const DESCRIPTION: &'static str;
}

pub use wit::core::exports::forecourt::platform::plugin::PluginInfo;

/// Zero-sized type the generated export functions are attached to.
#[doc(hidden)]
pub struct Bridge<P>(PhantomData<fn() -> P>);

thread_local! {
    /// The one plugin instance of this component instance (wasm is single-threaded here).
    static INSTANCE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Parse `config` and build the plugin (the body of `plugin.init`).
pub(crate) fn build<P: Plugin>(config: &str) -> Result<P> {
    let config = crate::config::parse::<P::Config>(config)?;
    P::new(config)
}

fn with_instance<P: Plugin, R>(f: impl FnOnce(&P) -> Result<R>) -> Result<R> {
    INSTANCE.with(|cell| {
        let slot = cell.borrow();
        match slot.as_ref().and_then(|b| b.downcast_ref::<P>()) {
            Some(p) => f(p),
            None => Err("plugin not initialised: the host must call plugin.init first".into()),
        }
    })
}

/// Checks the answer count: a batch answer must have exactly one entry per input.
pub(crate) fn one_per_input<T>(what: &str, inputs: usize, answers: Vec<T>) -> Result<Vec<T>> {
    if answers.len() == inputs {
        Ok(answers)
    } else {
        Err(format!(
            "{what}: {} answers for {inputs} inputs (must be one per input, in order)",
            answers.len()
        ))
    }
}

// The calls with their checks, shared by the component exports and the native test harness.

pub(crate) fn call_tags<P: TagRules>(p: &P, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<TagAnswer>> {
    one_per_input("tag-rules.tags", cars.len(), p.tags(ctx, cars)?)
}

pub(crate) fn call_offers<P: FinanceLender>(p: &P, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<FinanceOffer>>> {
    one_per_input("finance-lender.offers", cars.len(), p.offers(ctx, cars)?)
}

pub(crate) fn call_repayments<P: FinanceLender>(p: &P, ctx: &TenantContext, requests: &[RepaymentRequest]) -> Result<Vec<Repayment>> {
    one_per_input("finance-lender.repayments", requests.len(), p.repayments(ctx, requests)?)
}

pub(crate) fn call_evaluate<P: Eligibility>(p: &P, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<CarEligibility>> {
    one_per_input("eligibility.evaluate", cars.len(), p.evaluate(ctx, cars)?)
}

pub(crate) fn call_views<P: PriceDisplay>(p: &P, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<PriceView>>> {
    one_per_input("price-display.views", cars.len(), p.views(ctx, cars)?)
}

pub(crate) fn call_car_phones<P: PhoneFormat>(p: &P, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<PhoneNumber>>> {
    one_per_input("phone-format.car-phones", cars.len(), p.car_phones(ctx, cars)?)
}

pub(crate) fn call_format_numbers<P: PhoneFormat>(p: &P, ctx: &TenantContext, numbers: &[String]) -> Result<Vec<Option<PhoneNumber>>> {
    one_per_input("phone-format.format-numbers", numbers.len(), p.format_numbers(ctx, numbers)?)
}

pub(crate) fn info<P: Described>() -> PluginInfo {
    PluginInfo {
        name: P::NAME.to_string(),
        version: P::VERSION.to_string(),
        description: P::DESCRIPTION.to_string(),
    }
}

impl<P: Plugin + Described> wit::core::exports::forecourt::platform::plugin::Guest for Bridge<P> {
    fn info() -> PluginInfo {
        info::<P>()
    }

    fn init(config: String) -> Result<(), String> {
        let plugin = build::<P>(&config)?;
        INSTANCE.with(|cell| *cell.borrow_mut() = Some(Box::new(plugin)));
        Ok(())
    }
}

impl<P: StockFilter> wit::stock_filter::exports::forecourt::platform::stock_filter::Guest for Bridge<P> {
    fn conditions(ctx: TenantContext, level: u8) -> Result<Vec<Condition>, String> {
        with_instance::<P, _>(|p| p.conditions(&ctx, level))
    }
}

impl<P: TagRules> wit::tag_rules::exports::forecourt::platform::tag_rules::Guest for Bridge<P> {
    fn tags(ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<TagAnswer>, String> {
        with_instance::<P, _>(|p| call_tags(p, &ctx, &cars))
    }
}

impl<P: FinanceLender> wit::finance_lender::exports::forecourt::platform::finance_lender::Guest for Bridge<P> {
    fn offers(ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<Option<FinanceOffer>>, String> {
        with_instance::<P, _>(|p| call_offers(p, &ctx, &cars))
    }

    fn repayments(ctx: TenantContext, requests: Vec<RepaymentRequest>) -> Result<Vec<Repayment>, String> {
        with_instance::<P, _>(|p| call_repayments(p, &ctx, &requests))
    }
}

impl<P: Eligibility> wit::eligibility::exports::forecourt::platform::eligibility::Guest for Bridge<P> {
    fn evaluate(ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<CarEligibility>, String> {
        with_instance::<P, _>(|p| call_evaluate(p, &ctx, &cars))
    }
}

impl<P: PriceDisplay> wit::price_display::exports::forecourt::platform::price_display::Guest for Bridge<P> {
    fn views(ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<Option<PriceView>>, String> {
        with_instance::<P, _>(|p| call_views(p, &ctx, &cars))
    }
}

impl<P: PhoneFormat> wit::phone_format::exports::forecourt::platform::phone_format::Guest for Bridge<P> {
    fn car_phones(ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<Option<PhoneNumber>>, String> {
        with_instance::<P, _>(|p| call_car_phones(p, &ctx, &cars))
    }

    fn format_numbers(ctx: TenantContext, numbers: Vec<String>) -> Result<Vec<Option<PhoneNumber>>, String> {
        with_instance::<P, _>(|p| call_format_numbers(p, &ctx, &numbers))
    }
}

// Partner integrations (forecourt:platform@0.2.0).

fn with_partner<P: Plugin, R>(f: impl FnOnce(&P) -> Result<R, PartnerError>) -> Result<R, PartnerError> {
    INSTANCE.with(|cell| {
        let slot = cell.borrow();
        match slot.as_ref().and_then(|b| b.downcast_ref::<P>()) {
            Some(p) => f(p),
            None => Err(PartnerError::Unavailable(
                "plugin not initialised: the host must call plugin.init first".into(),
            )),
        }
    })
}

/// A rate or repayment the host would refuse, as `Unavailable` (the checks the host applied to a
/// lender's quote before plugins: rates finite in 0..=100, a weekly repayment finite above 0).
pub(crate) fn check_quote(q: LenderQuote) -> Result<LenderQuote, PartnerError> {
    let rate_ok = |v: f64| v.is_finite() && (0.0..=100.0).contains(&v);
    if !rate_ok(q.advertised_rate) || !rate_ok(q.comparison_rate) {
        return Err(PartnerError::Unavailable(format!(
            "lender-integration.quote: a rate is out of range 0..=100 (advertised {}, comparison {})",
            q.advertised_rate, q.comparison_rate
        )));
    }
    if let Some(w) = q.weekly_repayment
        && !(w.is_finite() && w > 0.0)
    {
        return Err(PartnerError::Unavailable(format!(
            "lender-integration.quote: weekly repayment {w} is not above 0"
        )));
    }
    Ok(q)
}

pub(crate) fn call_quote<P: LenderIntegration>(p: &P, req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
    check_quote(p.quote(req)?)
}

/// The address as the plugin answered it: the host judges it (an empty one, or one that is not
/// https, gets the spec's "no redirect URL received").
pub(crate) fn call_create_customer<P: LenderIntegration>(p: &P, app: &FinanceApplication) -> Result<String, PartnerError> {
    p.create_customer(app)
}

pub(crate) fn call_lookup<P: RegoLookup>(p: &P, reg: &Registration) -> Result<RegisteredVehicle, PartnerError> {
    p.lookup(reg)
}

impl<P: LenderIntegration> wit::lender_integration::exports::forecourt::platform::lender_integration::Guest for Bridge<P> {
    fn quote(request: QuoteRequest) -> Result<LenderQuote, PartnerError> {
        with_partner::<P, _>(|p| call_quote(p, &request))
    }

    fn create_customer(application: FinanceApplication) -> Result<String, PartnerError> {
        with_partner::<P, _>(|p| call_create_customer(p, &application))
    }
}

impl<P: RegoLookup> wit::rego_lookup::exports::forecourt::platform::rego_lookup::Guest for Bridge<P> {
    fn lookup(registration: Registration) -> Result<RegisteredVehicle, PartnerError> {
        with_partner::<P, _>(|p| call_lookup(p, &registration))
    }
}
