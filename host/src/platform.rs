//! [`Platform`]: what the domain services run against (storage, tenants, plugins, the search
//! index, settings), borrowed from the HTTP edge's state (`http::state::AppState::platform`) or
//! assembled by a test or the CLI. Domain services take it instead of the edge's state, so they
//! never depend on HTTP.

use std::sync::Arc;

use crate::{config::Settings, db::Db, live_settings::LiveSettings, plugins::PluginHost, search::index::Search, tenant::TenantRegistry};

/// A borrowed view of the platform's parts. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Platform<'a> {
    /// Host settings as the process started with them (see [`Platform::settings_now`]).
    pub settings: &'a Arc<Settings>,
    /// The live settings a reload changes (docs/operations.md "Live settings").
    pub live: &'a LiveSettings,
    /// Tenants by slug and host.
    pub tenants: &'a Arc<TenantRegistry>,
    /// Storage.
    pub db: &'a Db,
    /// Tenant plugins and the host defaults of every extension point.
    pub plugins: &'a Arc<PluginHost>,
    /// The stock search index (opened lazily on first use).
    pub search: &'a Search,
}

impl Platform<'_> {
    /// The settings in force now: the start-up settings with the live ones of the last settings
    /// reload ([`LiveSettings::now`]).
    pub fn settings_now(&self) -> Arc<Settings> {
        self.live.now(self.settings)
    }
}
