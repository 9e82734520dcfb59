//! Generated bindings for WIT package `forecourt:platform@0.2.0` (`wit/since_v0.2.0/`): the
//! partner integrations `lender-integration` and `rego-lookup` and their shared `partner` types,
//! with async exports (they run on the partner engine, `partner.rs`). The package adds these
//! interfaces beside `forecourt:platform@0.1.0`, whose `plugin` interface and pure points a
//! component keeps exporting unchanged.

wasmtime::component::bindgen!({
    path: "../wit/since_v0.2.0",
    world: "forecourt:platform/host-integrations",
    exports: { default: async },
});

pub use exports::forecourt::platform::{lender_integration, rego_lookup};
pub use forecourt::platform::partner::PartnerError;

/// The WIT package version this module implements (`wit/since_v0.2.0/`).
pub const WIT_VERSION: &str = "0.2.0";
