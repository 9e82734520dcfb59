//! The site a shopper visits: its public settings ([`TenantSettings`], served at
//! `GET /api/v1/tenant` and inlined in every document). Never includes plugin config, delivery
//! destinations or secrets.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    content::models::Stat,
    db::Db,
    error::Result,
    model::{Dealership, Location},
    repo::TenantRepo,
    tenant::{
        FinanceConfig, FuelConfig, LeadsConfig, MapSettings, SearchSettings, SignInSettings, Specifications, Tenant, Theme, TradeInConfig,
        VdpSettings, Wording,
    },
};

/// Public tenant settings.
#[derive(Debug, Serialize, ToSchema)]
pub struct TenantSettings {
    /// Tenant slug.
    pub slug: String,
    /// Site name.
    pub name: String,
    /// Template (ui-plugin remote).
    pub template: String,
    /// Manufacturer slug on manufacturer-specific sites.
    pub manufacturer: Option<String>,
    /// Canonical base URL.
    pub site_url: Option<String>,
    /// Logo URL.
    pub logo_url: Option<String>,
    /// Default state code.
    pub default_state: String,
    /// Social links by network.
    pub social: BTreeMap<String, String>,
    /// Feature flags.
    pub features: BTreeMap<String, bool>,
    /// Tag settings.
    pub specifications: Specifications,
    /// Finance settings.
    pub finance: FinanceConfig,
    /// Wording.
    pub wording: Wording,
    /// Search results page settings (docs/features/platform.md "Search results page").
    pub search: SearchSettings,
    /// Vehicle detail page settings (docs/features/platform.md "Vehicle detail page").
    pub vdp: VdpSettings,
    /// Which VDP tools show and their defaults (docs/features/platform.md "Finance and delivery tools").
    pub tools: ToolSettings,
    /// Which external services the forms use (docs/features/platform.md "Leads"): no addresses or secrets.
    pub adapters: AdapterSettings,
    /// The trade-in valuation's adjustment questions (docs/features/platform.md "Leads").
    pub trade_in: TradeInConfig,
    /// Route groups that need a signed-in visitor on this site (docs/features/platform.md "Sign-in and watchlist").
    pub sign_in: SignInSettings,
    /// Lead form rules (docs/features/platform.md "Leads"; the delivery destinations are never sent).
    pub leads: LeadsConfig,
    /// Look over the template's defaults (CSS variables in the UI).
    pub theme: Theme,
    /// Location maps: tile server, attribution, zoom (docs/features/platform.md "Locations, offers and navigation").
    pub maps: MapSettings,
    /// Dealer phone numbers per car type (new, used, demo).
    pub phones: BTreeMap<String, String>,
    /// Count shown when search counts exceed 1999.
    pub stock_count: Option<u64>,
    /// The car types the site has on sale (`new`, `demo`, `used`, in that order), from its stock:
    /// the home page offers and names only these (a used-only site never offers New or Demo).
    pub car_types: Vec<String>,
    /// The statistics banner (docs/features/shopper-core.md §1: 50+ Locations...), the same rows
    /// `GET /api/v1/brands` answers (`brands.toml` `stats`); empty without the `stats_banner`
    /// feature or a `brands.toml`. The home page's hero and `/brands` both show these.
    pub stats: Vec<Stat>,
    /// Whether the site has reviews (a reviews content file): `GET /api/v1/reviews` answers 404
    /// without one, so the UI leaves the reviews blocks out without asking.
    pub has_reviews: bool,
    /// Dealerships.
    pub dealerships: Vec<Dealership>,
    /// Visible locations with hours.
    pub locations: Vec<Location>,
}

/// Which of the site's external services are configured (docs/features/platform.md "Leads"), so forms show the right
/// steps and wording.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdapterSettings {
    /// The site has a `rego-lookup` plugin allowed to reach a partner, to fill the trade-in
    /// vehicle (`POST /api/v1/trade-in/rego`, which answers 501 when the plugin has no lookup
    /// service configured); false: the shopper enters it by hand.
    pub rego_lookup: bool,
    /// The payment provider taking the reservation deposit online (`stripe`); null: the dealer
    /// takes it offline.
    pub online_payment: Option<String>,
    /// The site has a `lender-integration` plugin allowed to reach a partner, which may create
    /// the customer at the lender on the finance application and send the visitor to its address
    /// (the answer's `redirect_url`; none when its lender takes no applications); false: the
    /// application is a lead and the visitor sees /success.
    pub finance_application: bool,
}

/// The VDP tools' public settings (docs/features/shopper-core.md §2 "fuel calculator and delivery calculator";
/// docs/features/platform.md "Finance and delivery tools").
#[derive(Debug, Serialize, ToSchema)]
pub struct ToolSettings {
    /// Whether the delivery calculator shows (the tenant has `[delivery]` bands).
    pub delivery: bool,
    /// Fuel calculator defaults: AUD per litre, km per week, L/100km.
    pub fuel: FuelConfig,
}

/// The public settings of tenant `t` ([`TenantSettings`]): its config without plugin config,
/// delivery destinations or secrets, with its dealerships and visible locations from storage.
/// Errors: `Internal` on a storage fault.
pub async fn settings(db: &Db, plugins: &crate::plugins::PluginHost, t: &Tenant) -> Result<TenantSettings> {
    let repo = TenantRepo::new(db, t.slug());
    let c = &t.config;
    Ok(TenantSettings {
        slug: c.slug.clone(),
        name: c.name.clone(),
        template: c.template.clone(),
        manufacturer: c.manufacturer.clone(),
        site_url: c.site_url.clone(),
        logo_url: c.logo_url.clone(),
        default_state: c.default_state.clone(),
        social: c.social.clone(),
        features: c.features.clone(),
        specifications: c.specifications.clone(),
        finance: c.finance.clone(),
        wording: c.wording.clone(),
        search: c.search.clone(),
        vdp: c.vdp.clone(),
        tools: ToolSettings {
            delivery: !c.delivery.bands.is_empty(),
            fuel: c.fuel.clone(),
        },
        adapters: AdapterSettings {
            rego_lookup: plugins.offers(t.slug(), crate::plugins::Point::RegoLookup),
            online_payment: c.payments.provider.clone(),
            finance_application: plugins.offers(t.slug(), crate::plugins::Point::LenderIntegration),
        },
        trade_in: c.trade_in.clone(),
        sign_in: c.sign_in.clone(),
        leads: c.leads.clone(),
        theme: c.theme.clone(),
        maps: c.maps.clone(),
        phones: c.phones.clone(),
        stock_count: c.stock.stock_count,
        car_types: repo.car_types_on_sale().await?,
        stats: crate::site::offers::brands(t).map(|b| b.stats).unwrap_or_default(),
        has_reviews: t.content.site.reviews.is_some(),
        dealerships: repo.dealerships().await?,
        locations: repo.locations(false).await?,
    })
}
