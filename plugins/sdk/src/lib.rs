//! # forecourt-plugin-sdk
//!
//! The guest SDK for Forecourt tenant plugins. A plugin is a Rust crate compiled to a WASM
//! component that implements one or more extension points of the WIT package
//! `forecourt:platform@0.1.0` (`wit/since_v0.1.0/` in the repository) and, for partner
//! integrations, `forecourt:platform@0.2.0` (`wit/since_v0.2.0/`). This crate wraps
//! wit-bindgen so a plugin is a few lines:
//!
//! ```
//! use forecourt_plugin_sdk::prelude::*;
//!
//! #[derive(Default, serde::Deserialize)]
//! #[serde(default, deny_unknown_fields)]
//! pub struct Config { text: Option<String> }
//!
//! pub struct OnSale { text: String }
//!
//! impl Plugin for OnSale {
//!     type Config = Config;
//!     fn new(config: Config) -> Result<Self> {
//!         Ok(OnSale { text: config.text.unwrap_or_else(|| "ON SALE".into()) })
//!     }
//! }
//!
//! impl TagRules for OnSale {
//!     fn tag(&self, _ctx: &TenantContext, car: &Car) -> Result<TagAnswer> {
//!         if car.before_price.is_some_and(|was| was > car.price) {
//!             Ok(TagAnswer::Show(Tag { text: self.text.clone(), kind: TagKind::Custom, image_url: None }))
//!         } else {
//!             Ok(TagAnswer::HostDefault) // no opinion: the host's own tag rule applies
//!         }
//!     }
//! }
//!
//! forecourt_plugin_sdk::export_plugin!(OnSale: TagRules);
//!
//! // Natively, the same path as the component: config JSON -> init -> batch call.
//! use forecourt_plugin_sdk::testing::{self, Harness};
//! let h = Harness::<OnSale>::new(r#"{"text": "PRICE DROP"}"#).unwrap();
//! let reduced = Car { before_price: Some(27_000.0), ..testing::car() };
//! let answers = h.tags(&testing::ctx(), &[reduced, testing::car()]).unwrap();
//! assert!(matches!(&answers[0], TagAnswer::Show(tag) if tag.text == "PRICE DROP"));
//! assert_eq!(answers[1], TagAnswer::HostDefault);
//! ```
//!
//! ## How it fits together
//!
//! * [`Plugin`] is the set-up: the host calls the component's `plugin.init` once per instance with
//!   the tenant's `[[plugins]] config` as JSON; the SDK parses it into [`Plugin::Config`] (a
//!   missing or empty config gives `Config::default()`, never an error) and calls
//!   [`Plugin::new`]. Returning `Err` rejects the config with that message.
//! * One trait per extension point: [`StockFilter`], [`TagRules`], [`FinanceLender`],
//!   [`Eligibility`], [`PriceDisplay`], [`PhoneFormat`]. Every method has a safe default: the
//!   per-car methods answer "no opinion" (`TagAnswer::HostDefault`, `None`, all-`None`
//!   eligibility, no stock conditions), so the host applies its own default rule to that car;
//!   the batch methods call the per-car method for each car. Implement the per-car method for
//!   simple rules, or the batch method to look at the whole page at once. Return `Err(message)`
//!   to decline a whole call (the host then uses its defaults for the batch and logs it).
//! * [`export_plugin!`] names the type and the points it implements. The component then exports
//!   `forecourt:platform/plugin@0.1.0` and exactly those points: the host decides from the
//!   component's exports which points a plugin implements.
//! * [`testing`] runs the same code path natively, so `cargo test` checks a plugin's logic
//!   without wasm.
//!
//! ## Partner integrations (`forecourt:platform@0.2.0`)
//!
//! Two more points talk to a partner over the network: [`LenderIntegration`] (the lender's quote
//! and create-customer calls) and [`RegoLookup`] (the trade-in form's registration lookup). They
//! are `forecourt:platform/lender-integration@0.2.0` and `rego-lookup@0.2.0` (in
//! `wit/since_v0.2.0/`), exported beside `plugin@0.1.0` and any 0.1.0 points:
//! `export_plugin!(MyLender: FinanceLender, LenderIntegration, RegoLookup)`. Their answers are
//! `Result<_, PartnerError>` (`not-offered`, `not-found`, `unavailable(why)`, `refused(why)`);
//! an [`http::HttpError`] converts into `unavailable` with `?`.
//!
//! ## Capabilities
//!
//! Pure points (the six 0.1.0 points) import nothing: no WASI, no files, network, clock,
//! environment or randomness. Time comes from [`TenantContext::now`]. A component that exports an
//! integration point may import the capabilities its tenant grants in `tenant.toml`
//! (plugins/README.md "Capabilities"), and nothing else:
//!
//! * [`http`]: a blocking client over `wasi:http/outgoing-handler@0.2.6` (with `wasi:http/types`
//!   and `wasi:io`), to the origins the tenant lists only, with no redirects followed. The host
//!   adds the credential header for an origin: a plugin never holds a secret.
//! * [`log`]: `wasi:logging/logging@0.1.0-draft` into the host's log.
//! * `wasi:clocks/monotonic-clock@0.2.6` (raw bindings in [`wit::capabilities`]).
//!
//! A capability is imported only when the plugin's code calls it (wit-component drops unused
//! imports), so a plugin that never calls [`http::send`] or [`log`] imports nothing, and
//! `build.sh` refuses a capability import in a component without an integration point.
//! Natively, [`http::send`] goes through a test transport ([`testing::MockHttp`]).
//!
//! Panics abort the instance (a trap): the host then uses its default behaviour, so prefer
//! returning `Err` with a message.

#![warn(missing_docs)]

extern crate self as forecourt_plugin_sdk;

mod bridge;
pub mod config;
pub mod finance;
pub mod http;
pub mod log;
pub mod testing;
pub mod text;
pub mod wit;

pub use bridge::{Described, PluginInfo};

/// Result of every plugin method: `Err(message)` declines the call, and the host falls back to
/// its default behaviour for the whole batch (and logs the message).
pub type Result<T, E = String> = core::result::Result<T, E>;

pub use wit::core::forecourt::platform::types::{Car, CarStatus, CarType, FeatureFlag, FinanceQuote, TenantContext};

/// Types of the `stock-filter` extension point (docs/features/shopper-core.md §5).
pub mod stock_filter {
    pub use crate::wit::stock_filter::exports::forecourt::platform::stock_filter::{Condition, TypeStatusRule};
}

/// Types of the `tag-rules` extension point (docs/features/shopper-core.md §4).
pub mod tag_rules {
    pub use crate::wit::tag_rules::exports::forecourt::platform::tag_rules::{Tag, TagAnswer, TagKind};
}

/// Types of the `finance-lender` extension point (docs/features/shopper-core.md §5, §9).
pub mod finance_lender {
    pub use crate::wit::finance_lender::exports::forecourt::platform::finance_lender::{
        Calculator, FinanceOffer, Frequency, NumberRange, Repayment, RepaymentFigure, RepaymentRequest, TermInput, TermList, TermUnit,
    };
}

/// Types of the `eligibility` extension point (docs/features/shopper-core.md §5,
/// docs/features/locations-forms-marketing.md §4-§5).
pub mod eligibility {
    pub use crate::wit::eligibility::exports::forecourt::platform::eligibility::CarEligibility;
}

/// Types of the `price-display` extension point (docs/features/shopper-core.md §4).
pub mod price_display {
    pub use crate::wit::price_display::exports::forecourt::platform::price_display::{
        CarPriceView, PriceView, SubscriptionView, WasNowView,
    };
}

/// Types of the `phone-format` extension point (docs/features/shopper-core.md §9,
/// docs/features/locations-forms-marketing.md §3).
pub mod phone_format {
    pub use crate::wit::phone_format::exports::forecourt::platform::phone_format::PhoneNumber;
}

/// The error of a partner call (`forecourt:platform/partner@0.2.0`): `NotOffered`, `NotFound`,
/// `Unavailable(why)`, `Refused(why)`. The texts are for the host's log only.
pub use wit::partner::forecourt::platform::partner::PartnerError;

/// Types of the `lender-integration` extension point (`forecourt:platform@0.2.0`;
/// docs/features/shopper-core.md §7, §9; docs/features/locations-forms-marketing.md §7-§8).
pub mod lender_integration {
    pub use crate::wit::lender_integration::exports::forecourt::platform::lender_integration::{
        Applicant, FinanceApplication, LenderQuote, QuoteRequest,
    };
}

/// Types of the `rego-lookup` extension point (`forecourt:platform@0.2.0`; docs/features/platform.md "Leads").
pub mod rego_lookup {
    pub use crate::wit::rego_lookup::exports::forecourt::platform::rego_lookup::{RegisteredVehicle, Registration};
}

/// Everything a plugin usually needs: `use forecourt_plugin_sdk::prelude::*;`.
pub mod prelude {
    pub use crate::eligibility::CarEligibility;
    pub use crate::finance_lender::{
        Calculator, FinanceOffer, Frequency, NumberRange, Repayment, RepaymentFigure, RepaymentRequest, TermInput, TermList, TermUnit,
    };
    pub use crate::lender_integration::{Applicant, FinanceApplication, LenderQuote, QuoteRequest};
    pub use crate::phone_format::PhoneNumber;
    pub use crate::price_display::{CarPriceView, PriceView, SubscriptionView, WasNowView};
    pub use crate::rego_lookup::{RegisteredVehicle, Registration};
    pub use crate::stock_filter::{Condition, TypeStatusRule};
    pub use crate::tag_rules::{Tag, TagAnswer, TagKind};
    pub use crate::{
        Car, CarStatus, CarType, Eligibility, FeatureFlag, FinanceLender, FinanceQuote, LenderIntegration, PartnerError, PhoneFormat,
        Plugin, PriceDisplay, RegoLookup, Result, StockFilter, TagRules, TenantContext,
    };
}

use prelude::*;

/// A plugin's set-up: its config type and constructor. Implemented once per plugin type.
pub trait Plugin: Sized + 'static {
    /// The plugin's config, deserialised from the tenant's `[[plugins]] config` table (JSON).
    /// Use `#[serde(default)]` so a missing config is a no-op, and
    /// `#[serde(deny_unknown_fields)]` so a typo is a clear error instead of silence.
    type Config: serde::de::DeserializeOwned + Default;

    /// Build the plugin from its config. Return `Err("field: reason")` to reject a config that
    /// parsed but makes no sense (for example a minimum above a maximum).
    fn new(config: Self::Config) -> Result<Self>;
}

/// Extension point `stock-filter`: extra conditions ANDed into every stock query of the tenant
/// (docs/features/shopper-core.md §5).
pub trait StockFilter: Plugin {
    /// The conditions for stock filter `level` (0..=14). Default: none (nothing is hidden).
    fn conditions(&self, ctx: &TenantContext, level: u8) -> Result<Vec<Condition>> {
        let _ = (ctx, level);
        Ok(Vec::new())
    }
}

/// Extension point `tag-rules`: the tag on each car's card and VDP (docs/features/shopper-core.md §4).
pub trait TagRules: Plugin {
    /// The tag answer for one car. Default: [`TagAnswer::HostDefault`] (no opinion).
    fn tag(&self, ctx: &TenantContext, car: &Car) -> Result<TagAnswer> {
        let _ = (ctx, car);
        Ok(TagAnswer::HostDefault)
    }

    /// One answer per car, in order. Default: [`TagRules::tag`] for each car.
    fn tags(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<TagAnswer>> {
        cars.iter().map(|car| self.tag(ctx, car)).collect()
    }
}

/// Extension point `finance-lender`: calculator limits per car and repayment maths
/// (docs/features/shopper-core.md §5, §9).
pub trait FinanceLender: Plugin {
    /// The finance offer for one car, or `None` for no opinion (the host's default finance rules
    /// apply to that car). Default: `None`.
    fn offer(&self, ctx: &TenantContext, car: &Car) -> Result<Option<FinanceOffer>> {
        let _ = (ctx, car);
        Ok(None)
    }

    /// One answer per car, in order. Default: [`FinanceLender::offer`] for each car.
    fn offers(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<FinanceOffer>>> {
        cars.iter().map(|car| self.offer(ctx, car)).collect()
    }

    /// One repayment. Default: the standard maths of docs/features/shopper-core.md §9
    /// ([`finance::standard_repayment`], rounded up to the whole dollar, `Enquire for Finance`
    /// at 25 or less).
    fn repayment(&self, ctx: &TenantContext, request: &RepaymentRequest) -> Result<Repayment> {
        let _ = ctx;
        Ok(finance::standard_repayment(request, finance::Rounding::Up))
    }

    /// One repayment per request, in order. Default: [`FinanceLender::repayment`] for each.
    fn repayments(&self, ctx: &TenantContext, requests: &[RepaymentRequest]) -> Result<Vec<Repayment>> {
        requests.iter().map(|r| self.repayment(ctx, r)).collect()
    }
}

/// Extension point `eligibility`: which actions each car offers (docs/features/shopper-core.md §5,
/// docs/features/locations-forms-marketing.md §4-§5).
pub trait Eligibility: Plugin {
    /// The answer for one car; a `None` field lets the host decide that action. Default:
    /// [`CarEligibility::host_default`] (every field `None`).
    fn eligibility(&self, ctx: &TenantContext, car: &Car) -> Result<CarEligibility> {
        let _ = (ctx, car);
        Ok(CarEligibility::host_default())
    }

    /// One answer per car, in order. Default: [`Eligibility::eligibility`] for each car.
    fn evaluate(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<CarEligibility>> {
        cars.iter().map(|car| self.eligibility(ctx, car)).collect()
    }
}

/// Extension point `price-display`: the price view of each car (docs/features/shopper-core.md §4).
pub trait PriceDisplay: Plugin {
    /// The price view of one car, or `None` for no opinion (the host's price rule applies).
    /// Default: `None`.
    fn view(&self, ctx: &TenantContext, car: &Car) -> Result<Option<PriceView>> {
        let _ = (ctx, car);
        Ok(None)
    }

    /// One answer per car, in order. Default: [`PriceDisplay::view`] for each car.
    fn views(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<PriceView>>> {
        cars.iter().map(|car| self.view(ctx, car)).collect()
    }
}

/// Extension point `phone-format`: the dealer number per car and how numbers show and dial
/// (docs/features/shopper-core.md §9, docs/features/locations-forms-marketing.md §3).
pub trait PhoneFormat: Plugin {
    /// The number to call about one car, or `None` to let the host choose. Default: `None`.
    fn car_phone(&self, ctx: &TenantContext, car: &Car) -> Result<Option<PhoneNumber>> {
        let _ = (ctx, car);
        Ok(None)
    }

    /// One answer per car, in order. Default: [`PhoneFormat::car_phone`] for each car.
    fn car_phones(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<PhoneNumber>>> {
        cars.iter().map(|car| self.car_phone(ctx, car)).collect()
    }

    /// One number formatted, or `None` for no opinion (the host formats it). Default: `None`.
    fn format_number(&self, ctx: &TenantContext, number: &str) -> Result<Option<PhoneNumber>> {
        let _ = (ctx, number);
        Ok(None)
    }

    /// One answer per number, in order. Default: [`PhoneFormat::format_number`] for each.
    fn format_numbers(&self, ctx: &TenantContext, numbers: &[String]) -> Result<Vec<Option<PhoneNumber>>> {
        numbers.iter().map(|n| self.format_number(ctx, n)).collect()
    }
}

/// Partner integration `lender-integration` (`forecourt:platform@0.2.0`): the lender's own
/// systems, called over [`http`] (docs/features/shopper-core.md §7, §9;
/// docs/features/locations-forms-marketing.md §7-§8). Each call runs in a fresh instance after
/// `init`; the host keeps validation, storage and the spec's messages.
pub trait LenderIntegration: Plugin {
    /// The lender's weekly quote for `req`. Default: [`PartnerError::NotOffered`] (the host
    /// uses its built-in quote).
    fn quote(&self, req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
        let _ = req;
        Err(PartnerError::NotOffered)
    }

    /// Creates the customer at the lender for `app` (send `app.idempotency_key` so it is never
    /// created twice) and answers the https address the host sends the visitor to. Default:
    /// [`PartnerError::NotOffered`] (the application stays a lead only).
    fn create_customer(&self, app: &FinanceApplication) -> Result<String, PartnerError> {
        let _ = app;
        Err(PartnerError::NotOffered)
    }
}

/// Partner integration `rego-lookup` (`forecourt:platform@0.2.0`): the trade-in form's
/// registration lookup (docs/features/platform.md "Leads").
pub trait RegoLookup: Plugin {
    /// The vehicle registered as `reg`; [`PartnerError::NotFound`] when the service does not know
    /// the plate. Default: [`PartnerError::NotOffered`] (the shopper enters the vehicle by hand).
    fn lookup(&self, reg: &Registration) -> Result<RegisteredVehicle, PartnerError> {
        let _ = reg;
        Err(PartnerError::NotOffered)
    }
}

impl PartnerError {
    /// `Unavailable(why)`: the partner failed, was too slow or answered something unusable.
    pub fn unavailable(why: impl std::fmt::Display) -> Self {
        PartnerError::Unavailable(why.to_string())
    }

    /// `Refused(why)`: the partner refused the request.
    pub fn refused(why: impl std::fmt::Display) -> Self {
        PartnerError::Refused(why.to_string())
    }
}

/// A request that gave no response is `Unavailable` with the error's code and detail
/// (`HTTP-request-denied`, `connection-read-timeout`, ...).
impl From<http::HttpError> for PartnerError {
    fn from(e: http::HttpError) -> Self {
        PartnerError::Unavailable(e.to_string())
    }
}

impl CarEligibility {
    /// Every field `None`: the host decides every action.
    pub fn host_default() -> Self {
        CarEligibility {
            reserve: None,
            online_purchase: None,
            trade_in: None,
            history_report: None,
            compare_favourite: None,
            autograb_report: None,
            test_drive_only: None,
        }
    }
}

impl TenantContext {
    /// Whether feature flag `name` is on (`false` when the tenant does not set it).
    pub fn flag(&self, name: &str) -> bool {
        self.flag_opt(name).unwrap_or(false)
    }

    /// Feature flag `name`, or `None` when the tenant does not set it.
    pub fn flag_opt(&self, name: &str) -> Option<bool> {
        self.features.iter().find(|f| f.name == name).map(|f| f.enabled)
    }

    /// Whether the tenant is a single-brand site of manufacturer `slug` (compared by slug).
    pub fn is_manufacturer(&self, slug: &str) -> bool {
        self.manufacturer.as_deref().is_some_and(|m| text::same_slug(m, slug))
    }
}

impl CarType {
    /// `new`, `demo` or `used`, as in feeds and config.
    pub fn as_str(&self) -> &'static str {
        match self {
            CarType::New => "new",
            CarType::Demo => "demo",
            CarType::Used => "used",
        }
    }

    /// Parse `new`, `demo` or `used` (case-insensitive).
    pub fn parse(s: &str) -> Option<CarType> {
        match s.trim().to_ascii_lowercase().as_str() {
            "new" => Some(CarType::New),
            "demo" => Some(CarType::Demo),
            "used" => Some(CarType::Used),
            _ => None,
        }
    }
}

impl CarStatus {
    /// `in_stock`, `coming_soon`, `sold` or the other status, as in feeds.
    pub fn as_str(&self) -> &str {
        match self {
            CarStatus::InStock => "in_stock",
            CarStatus::ComingSoon => "coming_soon",
            CarStatus::Sold => "sold",
            CarStatus::Other(s) => s,
        }
    }

    /// Parse a status as feeds and config write it (`in_stock`, `in-stock`, `In Stock`, ...).
    pub fn parse(s: &str) -> CarStatus {
        let norm = s.trim().to_ascii_lowercase().replace([' ', '-'], "_");
        match norm.as_str() {
            "in_stock" => CarStatus::InStock,
            "coming_soon" => CarStatus::ComingSoon,
            "sold" => CarStatus::Sold,
            _ => CarStatus::Other(norm),
        }
    }
}

impl Car {
    /// Available: in stock or coming soon (docs/features/shopper-core.md §4 "Availability").
    pub fn is_available(&self) -> bool {
        matches!(self.status, CarStatus::InStock | CarStatus::ComingSoon)
    }

    /// Status sold.
    pub fn is_sold(&self) -> bool {
        self.status == CarStatus::Sold
    }

    /// Whether the car's make is `make`, compared by slug (`mercedes-benz` = `Mercedes-Benz`).
    pub fn make_is(&self, make: &str) -> bool {
        text::same_slug(&self.make, make)
    }

    /// Battery-electric: normalised fuel `electric`, or a fuel naming electric but not hybrid.
    pub fn is_electric(&self) -> bool {
        let fuel = self.fuel_words();
        fuel.contains("electric") && !fuel.contains("hybrid")
    }

    /// Hybrid or plug-in hybrid, by normalised fuel or fuel wording.
    pub fn is_hybrid(&self) -> bool {
        self.fuel_words().contains("hybrid")
    }

    /// The car's own tag, trimmed, when not empty (the "custom tag" of docs/features/shopper-core.md §4).
    pub fn custom_tag(&self) -> Option<&str> {
        self.tag.as_deref().map(str::trim).filter(|t| !t.is_empty())
    }

    /// The car's tag says `Test Drive Only` (case-insensitive).
    pub fn is_test_drive_only(&self) -> bool {
        self.custom_tag().is_some_and(|t| t.eq_ignore_ascii_case("test drive only"))
    }

    /// Seconds since the car was listed, at `now` (unix seconds); 0 if listed in the future.
    pub fn listed_for(&self, now: u64) -> u64 {
        now.saturating_sub(self.created_at)
    }

    fn fuel_words(&self) -> String {
        let mut s = String::new();
        for part in [self.simple_fuel.as_deref(), self.fuel.as_deref()].into_iter().flatten() {
            s.push_str(&part.to_ascii_lowercase());
            s.push(' ');
        }
        s
    }
}

/// Export a plugin type as a WASM component implementing the listed extension points.
///
/// ```ignore
/// forecourt_plugin_sdk::export_plugin!(MyPlugin: TagRules, Eligibility);
/// ```
///
/// Point names are the trait names: `StockFilter`, `TagRules`, `FinanceLender`, `Eligibility`,
/// `PriceDisplay`, `PhoneFormat` (`forecourt:platform@0.1.0`) and the partner integrations
/// `LenderIntegration`, `RegoLookup` (`@0.2.0`). The type must implement [`Plugin`] and each
/// listed trait. The component exports `forecourt:platform/plugin@0.1.0` and the listed points,
/// nothing else. The
/// plugin's name, version and description come from its `Cargo.toml`. On non-wasm targets the
/// macro only checks the trait bounds, so `cargo test` works natively.
#[macro_export]
macro_rules! export_plugin {
    ($plugin:ty : $($point:ident),+ $(,)?) => {
        impl $crate::Described for $plugin {
            const NAME: &'static str = env!("CARGO_PKG_NAME");
            const VERSION: &'static str = env!("CARGO_PKG_VERSION");
            const DESCRIPTION: &'static str = env!("CARGO_PKG_DESCRIPTION");
        }

        const _: fn() = || {
            fn assert_plugin<P: $crate::Plugin>() {}
            assert_plugin::<$plugin>();
            $( $crate::export_plugin!(@assert $plugin, $point); )+
        };

        #[cfg(target_arch = "wasm32")]
        const _: () = {
            type __ForecourtPluginBridge = $crate::__private::Bridge<$plugin>;
            $crate::__export_sdk_core_impl!(
                __ForecourtPluginBridge with_types_in $crate::wit::core
            );
            $( $crate::export_plugin!(@export __ForecourtPluginBridge, $point); )+
        };
    };

    (@assert $plugin:ty, StockFilter) => {{ fn _a<P: $crate::StockFilter>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, TagRules) => {{ fn _a<P: $crate::TagRules>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, FinanceLender) => {{ fn _a<P: $crate::FinanceLender>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, Eligibility) => {{ fn _a<P: $crate::Eligibility>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, PriceDisplay) => {{ fn _a<P: $crate::PriceDisplay>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, PhoneFormat) => {{ fn _a<P: $crate::PhoneFormat>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, LenderIntegration) => {{ fn _a<P: $crate::LenderIntegration>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, RegoLookup) => {{ fn _a<P: $crate::RegoLookup>() {} _a::<$plugin>(); }};
    (@assert $plugin:ty, $other:ident) => {
        compile_error!(concat!(
            "unknown extension point `", stringify!($other),
            "`; expected StockFilter, TagRules, FinanceLender, Eligibility, PriceDisplay, PhoneFormat, LenderIntegration or RegoLookup"
        ));
    };

    (@export $bridge:ident, StockFilter) => {
        $crate::__export_sdk_stock_filter_impl!($bridge with_types_in $crate::wit::stock_filter);
    };
    (@export $bridge:ident, TagRules) => {
        $crate::__export_sdk_tag_rules_impl!($bridge with_types_in $crate::wit::tag_rules);
    };
    (@export $bridge:ident, FinanceLender) => {
        $crate::__export_sdk_finance_lender_impl!($bridge with_types_in $crate::wit::finance_lender);
    };
    (@export $bridge:ident, Eligibility) => {
        $crate::__export_sdk_eligibility_impl!($bridge with_types_in $crate::wit::eligibility);
    };
    (@export $bridge:ident, PriceDisplay) => {
        $crate::__export_sdk_price_display_impl!($bridge with_types_in $crate::wit::price_display);
    };
    (@export $bridge:ident, PhoneFormat) => {
        $crate::__export_sdk_phone_format_impl!($bridge with_types_in $crate::wit::phone_format);
    };
    (@export $bridge:ident, LenderIntegration) => {
        $crate::__export_sdk_lender_integration_impl!($bridge with_types_in $crate::wit::lender_integration);
    };
    (@export $bridge:ident, RegoLookup) => {
        $crate::__export_sdk_rego_lookup_impl!($bridge with_types_in $crate::wit::rego_lookup);
    };
    (@export $bridge:ident, $other:ident) => {};
}

#[doc(hidden)]
pub mod __private {
    pub use crate::bridge::Bridge;
    pub use wit_bindgen;
}
