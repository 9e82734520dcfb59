//! The state every handler runs with ([`AppState`]) and the tenant a request resolved to
//! ([`CurrentTenant`], set by the Host-header middleware in `server.rs`).

use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};

use crate::{
    config::Settings,
    db::Db,
    http::{
        error::ApiError,
        web::{routes::RouteTable, shell::Shell},
    },
    tenant::{Tenant, TenantRegistry},
};

/// Shared state of every handler: one reference-counted [`StateParts`], read through `Deref`
/// (`state.db`, `state.settings`, ...). The router clones the state of every layer and handler
/// for each request, so it is one reference count to move, not one per part: a cache hit's
/// profile spent a fifth of its time moving the parts' counts (BENCHMARKS.md "HTTP: documents
/// and hot JSON against nginx").
#[derive(Clone)]
pub struct AppState(Arc<StateParts>);

impl AppState {
    /// The state of `parts`. Applies the settings' `outbound_private_networks` to the process's
    /// tenant-destination client (`crate::outbound`).
    pub fn new(parts: StateParts) -> AppState {
        crate::outbound::allow_private_networks(parts.settings.outbound_private_networks);
        AppState(Arc::new(parts))
    }
}

impl std::ops::Deref for AppState {
    type Target = StateParts;
    fn deref(&self) -> &StateParts {
        &self.0
    }
}

/// Changing a part (a test's settings, say) before the state is shared; a shared state's parts
/// are copied first (`Arc::make_mut`), so the clones already handed out keep theirs.
impl std::ops::DerefMut for AppState {
    fn deref_mut(&mut self) -> &mut StateParts {
        Arc::make_mut(&mut self.0)
    }
}

/// What [`AppState`] holds.
#[derive(Clone)]
pub struct StateParts {
    /// Host settings.
    pub settings: Arc<Settings>,
    /// Tenants by slug and host.
    pub tenants: Arc<TenantRegistry>,
    /// Storage.
    pub db: Db,
    /// Tenant plugins (WASM components) and the host defaults of every extension point.
    pub plugins: Arc<crate::plugins::PluginHost>,
    /// The built UI shell and its route table (HTML documents).
    pub web: Arc<WebFiles>,
    /// Stock search (docs/features/platform.md "Search"): the configured backend, kept in sync with storage.
    pub search: crate::search::Search,
    /// Documents and hot JSON as rendered bytes per content version (docs/features/platform.md
    /// "Rendered-response cache").
    pub render_cache: Arc<crate::http::render_cache::RenderCache>,
    /// What reloads remember (docs/operations.md "Reload and quarantine"; `crate::live`).
    pub tenancy: Arc<crate::live::Tenancy>,
}

/// The UI files read once at start: the document template and the route table.
#[derive(Debug)]
pub struct WebFiles {
    /// `ui-shell/dist/index.html` (or the fallback).
    pub shell: Shell,
    /// Route ids and patterns (`ui-shell/dist/routes.json`, or the core routes).
    pub routes: RouteTable,
}

impl WebFiles {
    /// Reads the UI build output under `ui_dist_dir`.
    pub fn load(settings: &Settings) -> WebFiles {
        WebFiles {
            shell: Shell::load(&settings.ui_dist_dir),
            routes: RouteTable::load(&settings.ui_dist_dir),
        }
    }
}

/// The tenant the request's Host resolved to. Handlers take it as an extractor; it is never read
/// from the client's payload.
#[derive(Clone)]
pub struct CurrentTenant(pub Arc<Tenant>);

impl<S: Send + Sync> FromRequestParts<S> for CurrentTenant {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<CurrentTenant>()
            .cloned()
            .ok_or_else(|| ApiError::not_found("No site is configured for this host"))
    }
}

impl AppState {
    /// The domain services' view of this state (everything but the UI files).
    pub fn platform(&self) -> crate::platform::Platform<'_> {
        crate::platform::Platform {
            settings: &self.settings,
            live: &self.tenancy.settings,
            tenants: &self.tenants,
            db: &self.db,
            plugins: &self.plugins,
            search: &self.search,
        }
    }

    /// The settings in force now: the start-up `settings` with the live ones of the last
    /// settings reload (docs/operations.md "Live settings"; [`crate::live_settings`]). What a
    /// handler reads a live setting from.
    pub fn settings_now(&self) -> Arc<Settings> {
        self.tenancy.settings.now(&self.settings)
    }

    /// The parts a reload changes and reads (`crate::live`), owned (for a background task).
    pub fn live_parts(&self) -> crate::live::FollowParts {
        crate::live::FollowParts {
            settings: self.settings.clone(),
            db: self.db.clone(),
            tenants: self.tenants.clone(),
            plugins: self.plugins.clone(),
            search: self.search.clone(),
            tenancy: self.tenancy.clone(),
        }
    }

    /// The lead delivery worker's share of the state (storage, tenants, settings).
    pub fn deliverer(&self) -> crate::leads::delivery::Deliverer {
        crate::leads::delivery::Deliverer {
            db: self.db.clone(),
            tenants: self.tenants.clone(),
            settings: self.settings.clone(),
            live: self.tenancy.settings.clone(),
        }
    }
}
