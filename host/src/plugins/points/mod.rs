//! One file per extension point, each with the point's answer types, the checks of a plugin's
//! answer, the host default and the call into the component (through `lift::call_list`, which
//! measures the answer in guest memory before copying it), behind
//! [`extension::ExtensionPoint`]. `PluginHost` runs every point through one generic path
//! (`PluginHost::run`: batching, fuel and the request budget, deadline, circuit breaker,
//! fallback to the default, `decided_by`, metrics).
//!
//! Adding a point (say `trade-in-quote`):
//! 1. the WIT interface in `wit/since_v0.1.0/` (or a new version), exported by world
//!    `tenant-plugin`;
//! 2. `points/trade_in_quote.rs`: its answer types, the `Raw` mirror of the WIT answer (strings
//!    as `WasmStr`, lists as `WasmList`), the check, the host default and a unit struct
//!    implementing `ExtensionPoint` (copy `price_display.rs`), declared below;
//! 3. a variant in [`point::Point`] (with its interface name) and in
//!    `since_v0_1_0::PointExports` (its export indices);
//! 4. a public method on `PluginHost` (in `host.rs`) that calls `self.run::<TradeInQuote>(...)`.

pub mod check;
pub mod eligibility;
pub mod extension;
pub mod finance_lender;
pub mod finance_raw;
pub mod phone_format;
pub mod point;
pub mod price_display;
pub mod stock_filter;
pub mod tag_rules;
