//! Tenants: `tenants/<slug>/tenant.toml`, validated at start-up, and the registry that resolves a
//! request's `Host` to its tenant.
//!
//! Implements docs/features/platform.md "Foundation" (tenant config and tenancy); field names follow
//! docs/features/locations-forms-marketing.md §3 ("Site config", "Location", "Opening hour entry", "Special hours
//! entry") and docs/features/shopper-core.md §3 ("Tenant config"). The reference for the file is `tenants/README.md`.
//!
//! Files: `config.rs`, `config_buying.rs` and `config_locations.rs` hold the schema, `validate.rs`
//! the checks serde cannot make, `error.rs` the load error, `secrets.rs` the variables a tenant may name for secrets and `registry.rs` the loading and the
//! registry. This file only declares them and re-exports their items, so `crate::tenant::Tenant`
//! and the like keep working; the children name each other by file.

pub mod config;
pub mod config_buying;
pub mod config_locations;
pub(crate) mod error;
pub mod registry;
pub mod secrets;
pub(crate) mod validate;

pub use config::*;
pub use config_buying::*;
pub use config_locations::*;
pub use error::TenantError;
pub use registry::{
    Pending, Tenant, TenantFault, TenantRegistry, TenantState, claimed_hosts, load_tenant, next_generation, tenant_folders,
};
pub use secrets::tenant_env_prefix;
pub use validate::{AU_STATES, TemplateRemotes, check_templates, is_service_url, outbound_origin, template_remotes};
