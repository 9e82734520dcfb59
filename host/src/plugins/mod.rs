//! Tenant plugins: WASM components that override the host's default behaviour per tenant
//! (docs/features/platform.md "Plugins and extension points"; ARCHITECTURE.md
//! "Extension points"; `plugins/README.md`).
//!
//! * [`runtime`]: the pure points' wasmtime engine, components compiled at load (off the request
//!   path) and cached on disk under `<data_dir>/plugin-cache` ([`compile_cache`], for both
//!   engines), an `InstancePre` per component, a fresh store per call with fuel (the
//!   deterministic cost limit), a deadline (epoch interruption, ticker thread; the wall-clock
//!   backstop) and a memory cap; no WASI.
//! * [`lift`]: answers measured in guest memory against the output cap before they are copied
//!   (aliased strings cannot multiply host memory).
//! * [`points`]: one file per extension point: its answer types, the checks on a plugin's
//!   answer, the host's default (the specs' default behaviour) and the call into the component.
//! * [`since_v0_1_0`]: the bindings of WIT `forecourt:platform@0.1.0` and the host-to-WIT
//!   conversions.
//! * [`partner`], [`partner_calls`], [`since_v0_2_0`]: the partner integrations of WIT
//!   `forecourt:platform@0.2.0` (`lender-integration`, `rego-lookup`): a second, async engine,
//!   the capabilities a tenant grants (outbound HTTP to listed origins, logging, a monotonic
//!   clock), and [`PluginHost::quote`], [`PluginHost::create_customer`],
//!   [`PluginHost::rego_lookup`] under the same breaker and counts as the pure points.
//! * [`PluginHost`] ([`host`], [`calls`]): per tenant, which enabled plugin decides which point;
//!   batch calls (a page of cars per call) on one fuel budget per request; failures (fuel, trap,
//!   timeout, memory cap, oversize or invalid answer) fall back to the default, are logged with
//!   tenant, plugin and version, counted in [`PluginHost::metrics`] (and `crate::metrics`), and
//!   [`PluginLimits::breaker_failures`] failures among a point's last 20 calls (or 4 times as
//!   many deadline overruns in a row) open that point's circuit breaker ([`breaker`]) for a
//!   cool-down, then one half-open trial. A
//!   shopper's request never fails because of a plugin.
//!
//! Load rules (the tenant's `[[plugins]]` in `tenant.toml`): the component is
//! `<plugin_dir>/<name>.wasm` (missing: start-up stops and says to run `bash plugins/build.sh`);
//! it must be built against a supported WIT version (`forecourt:platform@0.1.0`, plus `@0.2.0`
//! for partner integrations) and import nothing but the capabilities its tenant grants it
//! (`[plugins.capabilities]`; a pure-points component imports nothing); its `init` must accept the tenant's `config` (a rejection stops start-up with the
//! plugin's message); two enabled plugins may not implement the same point for one tenant.
//!
//! Files inside this folder name each other by file (`crate::plugins::host::PluginHost`), never
//! through the re-exports below, which are for the rest of the crate.

pub mod breaker;
pub mod calls;
pub mod compile_cache;
pub mod decided;
pub mod error;
pub mod fixtures;
pub mod host;
pub mod lift;
pub mod metrics;
pub mod partner;
pub mod partner_calls;
pub mod partner_fields;
pub mod points;
pub mod runtime;
pub mod since_v0_1_0;
pub mod since_v0_2_0;
pub mod tenants;

pub use breaker::{BreakerState, Budget, Clock};
pub use decided::{CarPresentation, Decided, DecidedBy};
pub use error::PluginError;
pub use host::{PluginHost, unix_now};
pub use metrics::{LimitsView, PluginMetric, PluginsStatus, PointCounters};
pub use partner::Capability;
pub use partner_calls::Partner;
pub use points::{
    eligibility::Eligibility,
    finance_lender::{Calculator, FinanceOffer, Frequency, NumberRange, Repayment, RepaymentRequest, TermInput, TermUnit},
    phone_format::Phone,
    point::Point,
    price_display::PriceView,
    stock_filter::StockCondition,
    tag_rules::{Tag, TagKind},
};
pub use runtime::{CallOutcome, CallStats, Failure, LoadedComponent, PluginLimits, Runtime};
pub use since_v0_1_0 as wit;
pub use tenants::{Components, EnabledPlugin, TenantPlugins, TenantSpec, component_stem};

/// The host's types for what the points decide, under their former path (each is defined in its
/// point's file under [`points`]).
pub mod answers {
    pub use crate::plugins::points::{
        check::{AnswerSize, Invalid, check_count},
        eligibility::Eligibility,
        finance_lender::{Calculator, FinanceOffer, Frequency, NumberRange, Repayment, RepaymentRequest, TermInput, TermUnit},
        phone_format::Phone,
        price_display::PriceView,
        stock_filter::{CarTypeName, StockCondition, TypeStatusRule},
        tag_rules::{Tag, TagKind},
    };
}

/// The host's default behaviour of every point, under its former path (each is defined in its
/// point's file under [`points`]): what a car gets when the tenant enables no plugin for a point,
/// when the plugin has no opinion, and when a plugin fails.
pub mod defaults {
    pub use crate::plugins::{
        decided::HOST,
        points::{
            eligibility::eligibility_for,
            finance_lender::{
                COMPARISON_RATE_TEXT, DEFAULT_AMOUNT, DEFAULT_INTEREST, DEFAULT_TERM_YEARS, ENQUIRE_TEXT, ENQUIRE_THRESHOLD,
                FINANCE_PRICE_THRESHOLD, calculator_for, default_interest, finance_for, payment, repayment,
            },
            phone_format::{format_phone, phone_for},
            price_display::{MIN_SHOWN_PRICE, PREORDER_TEXT, SUBSCRIPTION_SUFFIX, price_view_for},
            stock_filter::stock_conditions,
            tag_rules::{
                CERTIFIED_TAG, COMING_SOON_TAG, DAY_SECONDS, EV_TAG, HYBRID_TAG, JUST_ARRIVED_DAYS, RESERVED_TAG, SOLD_TAG,
                TEST_DRIVE_ONLY, is_test_drive_only, tag_for,
            },
        },
    };
}
