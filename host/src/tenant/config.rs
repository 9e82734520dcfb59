//! The `tenant.toml` schema: the top-level [`TenantConfig`] with its tags, stock feeds, look,
//! wording, search page, detail page and plugin settings. Finance, trade-in, payments, leads,
//! delivery and fuel live in `config_buying.rs`; dealerships, locations and maps in
//! `config_locations.rs`. The checks serde cannot make are in `validate.rs`.

use std::{collections::BTreeMap, path::PathBuf};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    config_buying::{DeliveryConfig, FinanceConfig, FuelConfig, LeadsConfig, PaymentsConfig, SignInSettings, TradeInConfig},
    config_locations::{DealershipConfig, LocationConfig, MapSettings},
};

/// Default sold-car visibility window in days (docs/features/locations-forms-marketing.md §4, §9).
pub const DEFAULT_INCLUDE_SOLD_CARS_DAYS: u32 = 3;

/// One tenant's `tenant.toml`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TenantConfig {
    /// Tenant key; equals the folder name; `[a-z0-9-]+`.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// The ui-plugin remote (template) the site renders with.
    pub template: String,
    /// Extra host names that reach this tenant (`<slug>.localhost` always does).
    #[serde(default)]
    pub hosts: Vec<String>,
    /// Manufacturer slug on manufacturer-specific sites.
    #[serde(default)]
    pub manufacturer: Option<String>,
    /// Canonical base URL (`https://...`), used for canonical links.
    #[serde(default)]
    pub site_url: Option<String>,
    /// Logo URL.
    #[serde(default)]
    pub logo_url: Option<String>,
    /// Folder of the tenant's images, relative to the tenant folder (default `media`); a file
    /// `<media_dir>/cars/a.jpg` is served as `/img/cars/a.jpg` (docs/features/platform.md "Search results page").
    #[serde(default = "default_media_dir")]
    pub media_dir: PathBuf,
    /// Folder of shared default content, relative to the tenant folder (docs/features/platform.md
    /// "Marketing and content pages"; the demo tenants share one, tenants/README.md "Content files"):
    /// pages and `recalls.toml`, `service.toml`, `trade_in.toml` the tenant's own `content/` does not
    /// replace. Unset: the tenant's files only.
    #[serde(default)]
    pub content_defaults: Option<PathBuf>,
    /// Default Australian state (docs/features/locations-forms-marketing.md §9: `QLD`).
    #[serde(default = "default_state")]
    pub default_state: String,
    /// Social links by network name.
    #[serde(default)]
    pub social: BTreeMap<String, String>,
    /// Feature flags by name.
    #[serde(default)]
    pub features: BTreeMap<String, bool>,
    /// Tag settings (docs/features/shopper-core.md §3 "Tenant config" specifications).
    #[serde(default)]
    pub specifications: Specifications,
    /// Finance settings.
    #[serde(default)]
    pub finance: FinanceConfig,
    /// Stock settings: filter level and feeds.
    #[serde(default)]
    pub stock: StockConfig,
    /// Listings syndication and listing readiness: the feed token's variable and the readiness
    /// thresholds (docs/features/platform.md "Syndication feeds and listing readiness").
    #[serde(default)]
    pub syndication: SyndicationConfig,
    /// Drive-away estimates: the default price basis, the dealer's delivery charge and its own
    /// registration and CTP figures per state (docs/features/platform.md "Price engine").
    #[serde(default)]
    pub pricing: crate::pricing::config::PricingConfig,
    /// Tenant wording.
    #[serde(default)]
    pub wording: Wording,
    /// Search results page settings: page size, view, card buttons, promos, defaults
    /// (docs/features/platform.md "Search results page").
    #[serde(default)]
    pub search: SearchSettings,
    /// Vehicle detail page settings: spin tab, sticky header, share row, reserve terms
    /// (docs/features/platform.md "Vehicle detail page").
    #[serde(default)]
    pub vdp: VdpSettings,
    /// Delivery calculator distance bands (docs/features/platform.md "Finance and delivery tools").
    #[serde(default)]
    pub delivery: DeliveryConfig,
    /// Which routes need a signed-in (phone-verified) visitor on this site
    /// (docs/features/platform.md "Sign-in and watchlist").
    #[serde(default)]
    pub sign_in: SignInSettings,
    /// Lead form rules and delivery destinations (docs/features/platform.md "Leads").
    #[serde(default)]
    pub leads: LeadsConfig,
    /// Trade-in valuation: the rego lookup adapter and the estimate's adjustment questions
    /// (docs/features/platform.md "Leads": "trade-in valuation").
    #[serde(default)]
    pub trade_in: TradeInConfig,
    /// The reservation deposit's payment provider (docs/features/platform.md "Leads": "reserve and buy online").
    #[serde(default)]
    pub payments: PaymentsConfig,
    /// Fuel calculator defaults (docs/features/platform.md "Finance and delivery tools").
    #[serde(default)]
    pub fuel: FuelConfig,
    /// Look: colours, fonts, radius and logo, applied by the UI as CSS variables over the
    /// template's defaults (docs/features/platform.md "UI shell and HTML documents").
    #[serde(default)]
    pub theme: Theme,
    /// Location maps: tile server, attribution and zoom (docs/features/platform.md "Locations, offers and navigation").
    #[serde(default)]
    pub maps: MapSettings,
    /// Dealer phone numbers per car type (`new`, `used`, `demo`), docs/features/shopper-core.md §9.
    #[serde(default)]
    pub phones: BTreeMap<String, String>,
    /// Dealerships (at least one).
    pub dealerships: Vec<DealershipConfig>,
    /// Locations (sales, service, parts, car-buying).
    #[serde(default)]
    pub locations: Vec<LocationConfig>,
    /// WASM plugins enabled for the tenant, with their config (plugins issue).
    #[serde(default)]
    pub plugins: Vec<PluginConfig>,
}

fn default_media_dir() -> PathBuf {
    PathBuf::from("media")
}

fn default_state() -> String {
    "QLD".into()
}

/// docs/features/shopper-core.md §3 / §9 tag settings.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Specifications {
    /// Days a new car counts as just arrived (default 8).
    pub just_arrived_days: u32,
    /// Tag text for just-arrived cars (default `Just Arrived`).
    pub just_arrived_tag_name: String,
    /// Tag text for sold cars (default `JUST SOLD`).
    pub sold_tag_name: String,
}

impl Default for Specifications {
    fn default() -> Self {
        Specifications {
            just_arrived_days: 8,
            just_arrived_tag_name: "Just Arrived".into(),
            sold_tag_name: "JUST SOLD".into(),
        }
    }
}

/// Stock settings.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StockConfig {
    /// Stock filter level 0..=14 (docs/features/shopper-core.md §5), applied by the stock-filter plugin.
    #[serde(default)]
    pub filter_level: u8,
    /// Count shown when search counts exceed 1999 (docs/features/shopper-core.md §9).
    #[serde(default)]
    pub stock_count: Option<u64>,
    /// Feeds imported by `forecourt serve` when they change.
    #[serde(default)]
    pub feeds: Vec<FeedConfig>,
}

/// Default of [`SyndicationConfig::min_photos`]: a listing with fewer photos is `too_few_photos`.
pub const DEFAULT_MIN_PHOTOS: u32 = 3;
/// Default of [`SyndicationConfig::min_description_chars`]: a shorter description (plain text,
/// characters) is `short_description`.
pub const DEFAULT_MIN_DESCRIPTION_CHARS: u32 = 80;

/// `[syndication]`: the tenant's listings feeds (Google vehicle listings, Meta automotive
/// catalog) and the listing readiness thresholds (docs/features/platform.md "Syndication feeds and
/// listing readiness").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SyndicationConfig {
    /// Name of an environment variable holding the feed token a feed fetcher sends as `?token=`
    /// (the token itself is never written in tenant.toml). Unset, or the variable unset or empty:
    /// the tenant's feeds answer 404. Needs an https `site_url` (feeds carry absolute links).
    #[serde(skip_serializing)]
    pub token_env: Option<String>,
    /// Photos a listing needs (1 to 50; default [`DEFAULT_MIN_PHOTOS`]).
    pub min_photos: u32,
    /// Characters of plain-text description a listing needs (0 to 5000; default
    /// [`DEFAULT_MIN_DESCRIPTION_CHARS`]).
    pub min_description_chars: u32,
}

impl Default for SyndicationConfig {
    fn default() -> Self {
        SyndicationConfig {
            token_env: None,
            min_photos: DEFAULT_MIN_PHOTOS,
            min_description_chars: DEFAULT_MIN_DESCRIPTION_CHARS,
        }
    }
}

/// Import mode of a stock feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedMode {
    /// The feed is the whole stock of its source: cars missing from it become sold.
    #[default]
    Full,
    /// The feed only adds or updates cars.
    Delta,
}

impl FeedMode {
    /// `"full"` or `"delta"`.
    pub fn as_str(self) -> &'static str {
        match self {
            FeedMode::Full => "full",
            FeedMode::Delta => "delta",
        }
    }
}

/// A header of a pulled feed's requests, its value from the environment (`[[stock.feeds.credentials]]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeedCredential {
    /// The header (`Authorization`, `X-Api-Key`).
    pub header: String,
    /// The environment variable holding the secret: it must start with the tenant's prefix
    /// (`ACME_MOTORS_FEED_KEY` for `acme-motors`).
    pub value_env: String,
    /// Written before the value (`Bearer `); default none.
    #[serde(default)]
    pub prefix: String,
}

/// Minutes between pulls of a feed URL when `every_minutes` is not set.
pub const DEFAULT_PULL_MINUTES: u32 = 60;
/// Largest pulled feed when `max_bytes` is not set (64 MiB).
pub const DEFAULT_PULL_MAX_BYTES: u64 = 64 << 20;

/// Feed file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedFormat {
    /// CSV with a header row.
    Csv,
    /// JSON array of objects, or `{"cars": [...]}`.
    Json,
}

/// A stock feed (`[[stock.feeds]]`): a file in the tenant folder imported at start-up and reload
/// when it changed, or a URL the host pulls on a schedule (docs/operations.md "Scheduled feeds").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeedConfig {
    /// Path relative to the tenant folder (a file feed); leave it out for a pulled feed (`url`).
    #[serde(default)]
    pub path: PathBuf,
    /// A pulled feed: the `https://` URL of the dealer's DMS or feed provider export (plain
    /// `http://` only to 127.0.0.1 or localhost). Pulled every `every_minutes` with conditional
    /// requests (`If-None-Match` / `If-Modified-Since`), at most `max_bytes`, with `credentials`.
    #[serde(default)]
    pub url: Option<String>,
    /// Minutes between pulls of `url` (1 to 10080; default 60).
    #[serde(default)]
    pub every_minutes: Option<u32>,
    /// Largest answer accepted from `url`, bytes (1 to 268435456; default 67108864, 64 MiB).
    #[serde(default)]
    pub max_bytes: Option<u64>,
    /// Headers the host adds to each pull of `url`, each from an environment variable whose name
    /// starts with the tenant's prefix (its slug upper-cased, dashes as underscores, then `_`:
    /// `ACME_MOTORS_`), so a tenant folder can name only the secrets the operator gave it.
    #[serde(default)]
    pub credentials: Vec<FeedCredential>,
    /// File format.
    pub format: FeedFormat,
    /// Optional column-mapping file, relative to the tenant folder.
    #[serde(default)]
    pub mapping: Option<PathBuf>,
    /// Import mode (default full).
    #[serde(default)]
    pub mode: Option<FeedMode>,
}

/// A tenant's look. Every key is optional; an absent key keeps the template's default. Colours
/// are CSS colours (`#0b3d91`, `rgb(...)`), fonts CSS font-family lists, sizes CSS lengths.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    /// Primary colour (buttons, links).
    pub primary: Option<String>,
    /// Text colour on the primary colour.
    pub primary_contrast: Option<String>,
    /// Accent colour.
    pub accent: Option<String>,
    /// Page background.
    pub background: Option<String>,
    /// Card and panel background.
    pub surface: Option<String>,
    /// Body text colour.
    pub text: Option<String>,
    /// Secondary text colour.
    pub muted: Option<String>,
    /// Border colour.
    pub border: Option<String>,
    /// Error colour.
    pub danger: Option<String>,
    /// Body font-family list.
    pub font_body: Option<String>,
    /// Heading font-family list.
    pub font_heading: Option<String>,
    /// Header word-mark size (CSS length).
    pub brand_size: Option<String>,
    /// Header word-mark letter spacing (CSS length).
    pub brand_tracking: Option<String>,
    /// Header word-mark text-transform.
    pub brand_transform: Option<String>,
    /// Home hero headline size (CSS length).
    pub hero_title_size: Option<String>,
    /// Home hero headline weight.
    pub hero_title_weight: Option<String>,
    /// Home hero headline text-transform.
    pub hero_title_transform: Option<String>,
    /// Home hero headline font-style.
    pub hero_title_style: Option<String>,
    /// Corner radius, px, 0..=48.
    pub radius_px: Option<u32>,
    /// Logo URL (overrides the template's word mark).
    pub logo_url: Option<String>,
}

impl Theme {
    /// (key, value) of every text value, for validation.
    pub(crate) fn texts(&self) -> Vec<(&'static str, &str)> {
        [
            ("primary", &self.primary),
            ("primary_contrast", &self.primary_contrast),
            ("accent", &self.accent),
            ("background", &self.background),
            ("surface", &self.surface),
            ("text", &self.text),
            ("muted", &self.muted),
            ("border", &self.border),
            ("danger", &self.danger),
            ("font_body", &self.font_body),
            ("font_heading", &self.font_heading),
            ("brand_size", &self.brand_size),
            ("brand_tracking", &self.brand_tracking),
            ("brand_transform", &self.brand_transform),
            ("hero_title_size", &self.hero_title_size),
            ("hero_title_weight", &self.hero_title_weight),
            ("hero_title_transform", &self.hero_title_transform),
            ("hero_title_style", &self.hero_title_style),
            ("logo_url", &self.logo_url),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.as_deref().map(|v| (k, v)))
        .collect()
    }
}

/// Tenant wording (docs/features/shopper-core.md §2, §4).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Wording {
    /// Text shown instead of a price (price-display no-price view).
    pub no_price_text: String,
    /// Finance button label (default `Get Finance`).
    pub finance_label: String,
    /// Noun in 'Show Me {count} {vehicle noun}' (default `Cars`).
    pub vehicle_noun: String,
}

impl Default for Wording {
    fn default() -> Self {
        Wording {
            no_price_text: "Enquire for price".into(),
            finance_label: "Get Finance".into(),
            vehicle_noun: "Cars".into(),
        }
    }
}

/// The card buttons a search card may show, in the tenant's order (docs/features/shopper-core.md §2 "Search results":
/// Get Finance or the finance label, View Details, Reserve this Car, Find Me Something Similar).
pub const CARD_BUTTONS: [&str; 4] = ["finance", "details", "reserve", "similar"];

/// How results render (docs/features/shopper-core.md §2 "Search results": a grid, or a carousel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum ResultsView {
    /// Grid of cards (centred under 3 hits).
    #[default]
    Grid,
    /// Horizontal carousel.
    Carousel,
}

/// `[search]`: the search results page (SRP) of one tenant (docs/features/shopper-core.md §2 "Search results", §3
/// "Promo item", §9 page size 21).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SearchSettings {
    /// Hits per page, 1-100 (default 21).
    pub page_size: u32,
    /// Grid or carousel.
    pub view: ResultsView,
    /// Where 'Clear Filters' goes on the empty state (default `/special-offers`).
    pub clear_filters_target: String,
    /// Refinements applied on a first visit when nothing is persisted, e.g. `{car_type = ["new"]}`.
    pub default_refinements: BTreeMap<String, Vec<String>>,
    /// Remember the visitor's last refinements per site (local storage) and restore them.
    pub persist_refinements: bool,
    /// Card buttons in order, among [`CARD_BUTTONS`]; `similar` shows only on cars that cannot be
    /// bought (default `["finance", "details"]`).
    pub card_buttons: Vec<String>,
    /// 0-2: a random 0..=N is added to the first promo's position on each page view.
    pub promo_first_jitter: u8,
    /// Promotional tiles inserted into the grid.
    pub promos: Vec<Promo>,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            page_size: 21,
            view: ResultsView::Grid,
            clear_filters_target: "/special-offers".into(),
            default_refinements: BTreeMap::new(),
            persist_refinements: false,
            card_buttons: vec!["finance".into(), "details".into()],
            promo_first_jitter: 0,
            promos: Vec::new(),
        }
    }
}

/// A promotional tile in the results grid (docs/features/shopper-core.md §3 "Promo item": start, expiry, position,
/// display, strictDisplay). Empty `title`/`lines` use the spec's default text 'We Want Your Car! /
/// We buy all types of cars / Our high turnover means we can pay more'.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Promo {
    /// Unique within the tenant.
    pub id: String,
    /// Headline.
    #[serde(default)]
    pub title: String,
    /// Lines under the headline.
    #[serde(default)]
    pub lines: Vec<String>,
    /// Button text (default `Get a Valuation`).
    #[serde(default = "default_promo_cta")]
    pub cta_label: String,
    /// Where the tile links (site path or absolute URL; default `/trade-in`).
    #[serde(default = "default_promo_href")]
    pub href: String,
    /// 1-based grid position.
    pub position: u32,
    /// Shown from (unix seconds); none = always.
    #[serde(default)]
    pub start: Option<i64>,
    /// Shown until (unix seconds); none = never expires.
    #[serde(default)]
    pub expiry: Option<i64>,
    /// Car types (`new`, `demo`, `used`) the results must show for the tile to appear; empty = any.
    #[serde(default)]
    pub display: Vec<String>,
    /// True: every car type shown must be in `display`; false: any overlap is enough.
    #[serde(default)]
    pub strict_display: bool,
}

fn default_promo_cta() -> String {
    "Get a Valuation".into()
}

fn default_promo_href() -> String {
    "/trade-in".into()
}

/// The VDP's spin-viewer tab shown first (docs/features/shopper-core.md §4 "Spin viewer": spinner by default,
/// gallery on one tenant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum SpinTab {
    /// The 360 spinner.
    #[default]
    Spin,
    /// The image gallery.
    Images,
}

/// What the VDP's location overlay names (docs/features/shopper-core.md §2: city and state; location name on some
/// tenants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum LocationOverlay {
    /// `Drummoyne NSW`.
    #[default]
    CityState,
    /// The location's name.
    LocationName,
}

/// `[vdp]`: the vehicle detail page of one tenant (docs/features/shopper-core.md §2 "Vehicle detail page", §9).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct VdpSettings {
    /// Spin viewer's first tab.
    pub spin_default_tab: SpinTab,
    /// Show the sticky header after 500 px of scroll (default true).
    pub sticky_header: bool,
    /// Hide Twitter from the share row.
    pub hide_twitter: bool,
    /// City and state, or the location name, on the image overlay.
    pub location_overlay: LocationOverlay,
    /// Reserve-online deposit in dollars (default 200).
    pub reserve_deposit: f64,
    /// Hours a reserved car is held (default 48).
    pub reserve_hold_hours: u32,
    /// Show the car's last price drop on the VDP ("Price reduced by $1,000 on 12 Nov") and
    /// offer the SRP's "Recently reduced" sort (default false; docs/features/platform.md "Price
    /// history and freshness").
    pub show_price_reduced: bool,
    /// The oldest drop the VDP shows, days (default 30, 1 to 365).
    pub price_reduced_max_age_days: u32,
}

impl Default for VdpSettings {
    fn default() -> Self {
        VdpSettings {
            spin_default_tab: SpinTab::Spin,
            sticky_header: true,
            hide_twitter: false,
            location_overlay: LocationOverlay::CityState,
            reserve_deposit: 200.0,
            reserve_hold_hours: 48,
            show_price_reduced: false,
            price_reduced_max_age_days: 30,
        }
    }
}

/// A plugin enabled for the tenant.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginConfig {
    /// Plugin name (its component file stem in `plugin_dir`).
    pub name: String,
    /// The plugin version this tenant pins (`1.2.0`): the component is then
    /// `<plugin_dir>/<name>@<version>.wasm`, and its `plugin.info` version must be this one.
    /// Unset: `<plugin_dir>/<name>.wasm`, whatever version it is. A new version is rolled out
    /// to one tenant by pinning it there and reloading that tenant, and rolled back by pinning
    /// the previous one (docs/operations.md "Plugin versions: rollout and rollback").
    #[serde(default)]
    pub version: Option<String>,
    /// Config handed to the plugin once at instantiation.
    #[serde(default)]
    pub config: BTreeMap<String, toml::Value>,
    /// Hosts (for example `images.example.com`) this plugin's tag images may come from over
    /// https, besides the tenant's own media (`/img/...`, always allowed); empty: own media only
    /// (plugins/README.md "Budgets, breaker and answer checks").
    #[serde(default)]
    pub image_hosts: Vec<String>,
    /// What the tenant lets this plugin reach beyond pure computation (plugins/README.md
    /// "Capabilities"): nothing unless granted here. Only partner integrations
    /// (`lender-integration`, `rego-lookup`) may use a capability; a component importing one
    /// its tenant does not grant is refused at load.
    #[serde(default)]
    pub capabilities: Capabilities,
}

/// The capabilities a tenant grants one plugin (`[plugins.capabilities]`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capabilities {
    /// `wasi:logging/logging`: the plugin's log lines go into the host's log with the tenant and
    /// plugin named (at most 50 lines of 1,000 characters per call).
    #[serde(default)]
    pub logging: bool,
    /// `wasi:clocks/monotonic-clock`: a monotonic clock (to time its own partner calls).
    #[serde(default)]
    pub clock: bool,
    /// `wasi:http/outgoing-handler`: outbound HTTP to the listed origins only.
    #[serde(default)]
    pub http: Option<HttpGrant>,
}

/// Outbound HTTP a tenant grants a plugin (`[plugins.capabilities.http]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpGrant {
    /// The origins the plugin may call, `scheme://host[:port]` (`https://api.lender.example`;
    /// `http` only for `127.0.0.1` and `localhost`). A request anywhere else, a redirect target
    /// included, is refused with wasi:http's `HTTP-request-denied`. Empty: the plugin may be
    /// enabled for its pure points but reaches nothing (every request is refused).
    #[serde(default)]
    pub allowed_outbound_hosts: Vec<String>,
    /// Time each request has to connect and answer in full, ms (default 5000; 1 to 30000).
    #[serde(default = "default_grant_timeout_ms")]
    pub timeout_ms: u64,
    /// Largest response body accepted, bytes (default 262144; 1 to 16777216); a longer body
    /// ends in wasi:http's `HTTP-response-body-size`.
    #[serde(default = "default_grant_response_bytes")]
    pub max_response_bytes: usize,
    /// Most requests per plugin call (default 4; 1 to 16); more are refused.
    #[serde(default = "default_grant_requests")]
    pub max_requests: u32,
    /// Credentials the host adds to requests to an origin; the plugin never sees them.
    #[serde(default)]
    pub credentials: Vec<Credential>,
}

fn default_grant_timeout_ms() -> u64 {
    5_000
}

fn default_grant_response_bytes() -> usize {
    256 << 10
}

fn default_grant_requests() -> u32 {
    4
}

/// A header the host adds to every request a plugin sends to `origin`
/// (`[[plugins.capabilities.http.credentials]]`), its value read from the environment.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credential {
    /// One of the grant's `allowed_outbound_hosts`.
    pub origin: String,
    /// The header (`Authorization`, `X-Api-Key`); replaces one the plugin set.
    pub header: String,
    /// The environment variable holding the secret (never written in tenant.toml).
    pub value_env: String,
    /// Written before the value (`Bearer `); default none.
    #[serde(default)]
    pub prefix: String,
}
