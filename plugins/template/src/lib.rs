//! # plugin-template
//!
//! The starting points of new plugins, one per extension point, in `points/` (plugins/README.md
//! "From the template to a plugin on a local tenant"). `forecourt plugin new <name> --point
//! <point>` copies `points/<point>.rs` as the new plugin's `src/lib.rs` and this `Cargo.toml`
//! with the new name, so a new plugin starts from a complete, tested plugin for its point.
//!
//! This crate builds the `tag-rules` one ([`tag_rules`]) into `plugins/dist/plugin-template.wasm`
//! and, under `cargo test`, runs the tests of all six, so none of them goes stale.

#[path = "../points/tag_rules.rs"]
pub mod tag_rules;

#[cfg(test)]
#[path = "../points/eligibility.rs"]
pub mod eligibility;
#[cfg(test)]
#[path = "../points/finance_lender.rs"]
pub mod finance_lender;
#[cfg(test)]
#[path = "../points/phone_format.rs"]
pub mod phone_format;
#[cfg(test)]
#[path = "../points/price_display.rs"]
pub mod price_display;
#[cfg(test)]
#[path = "../points/stock_filter.rs"]
pub mod stock_filter;
