//! [`Platform`]: what the domain services run against (storage, tenants, plugins, the search
//! index, settings), borrowed from the HTTP edge's state (`http::state::AppState::platform`) or
//! assembled by a test or the CLI. Domain services take it instead of the edge's state, so they
//! never depend on HTTP.

use std::sync::Arc;

use crate::{config::Settings, db::Db, plugins::PluginHost, search::index::Search, tenant::TenantRegistry};

/// A borrowed view of the platform's parts. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Platform<'a> {
    /// Host settings.
    pub settings: &'a Settings,
    /// Tenants by slug and host.
    pub tenants: &'a Arc<TenantRegistry>,
    /// Storage.
    pub db: &'a Db,
    /// Tenant plugins and the host defaults of every extension point.
    pub plugins: &'a Arc<PluginHost>,
    /// The stock search index (opened lazily on first use).
    pub search: &'a Search,
}
