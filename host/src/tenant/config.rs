//! Tenants: `tenants/<slug>/tenant.toml`, validated at start-up, and the registry that resolves a
//! request's `Host` to its tenant.
//!
//! Implements issue "Foundation" items 2 (tenant config) and 3 (tenancy); field names follow
//! locations-forms-marketing §3 ("Site config", "Location", "Opening hour entry", "Special hours
//! entry") and shopper-core §3 ("Tenant config"). The reference for the file is `tenants/README.md`.

use std::{
    collections::{BTreeMap, HashMap, HashSet},
    path::{Path, PathBuf},
    sync::Arc,
};

use figment::{
    Figment,
    providers::{Format, Toml},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::describe_figment_error;

/// Default sold-car visibility window in days (locations-forms-marketing §4, §9).
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
    /// `<media_dir>/cars/a.jpg` is served as `/img/cars/a.jpg` (issue 6 §4).
    #[serde(default = "default_media_dir")]
    pub media_dir: PathBuf,
    /// Folder of shared default content, relative to the tenant folder (issue 12; the demo
    /// tenants share one, tenants/README.md "Content files"): pages and `recalls.toml`, `service.toml`,
    /// `trade_in.toml` the tenant's own `content/` does not replace. Unset: the tenant's files only.
    #[serde(default)]
    pub content_defaults: Option<PathBuf>,
    /// Default Australian state (locations-forms-marketing §9: `QLD`).
    #[serde(default = "default_state")]
    pub default_state: String,
    /// Social links by network name.
    #[serde(default)]
    pub social: BTreeMap<String, String>,
    /// Feature flags by name.
    #[serde(default)]
    pub features: BTreeMap<String, bool>,
    /// Tag settings (shopper-core §3 "Tenant config" specifications).
    #[serde(default)]
    pub specifications: Specifications,
    /// Finance settings.
    #[serde(default)]
    pub finance: FinanceConfig,
    /// Stock settings: filter level and feeds.
    #[serde(default)]
    pub stock: StockConfig,
    /// Tenant wording.
    #[serde(default)]
    pub wording: Wording,
    /// Search results page settings: page size, view, card buttons, promos, defaults (issue 6).
    #[serde(default)]
    pub search: SearchSettings,
    /// Vehicle detail page settings: spin tab, sticky header, share row, reserve terms (issue 7).
    #[serde(default)]
    pub vdp: VdpSettings,
    /// Delivery calculator distance bands (issue 8 §3).
    #[serde(default)]
    pub delivery: DeliveryConfig,
    /// Which routes need a signed-in (phone-verified) visitor on this site (issue 10 §3).
    #[serde(default)]
    pub sign_in: SignInSettings,
    /// Lead form rules and delivery destinations (issue 9).
    #[serde(default)]
    pub leads: LeadsConfig,
    /// Trade-in valuation: the rego lookup adapter and the estimate's adjustment questions
    /// (issue 9 §1 "trade-in valuation").
    #[serde(default)]
    pub trade_in: TradeInConfig,
    /// The reservation deposit's payment provider (issue 9 §1 "reserve and buy online").
    #[serde(default)]
    pub payments: PaymentsConfig,
    /// Fuel calculator defaults (issue 8 §4).
    #[serde(default)]
    pub fuel: FuelConfig,
    /// Look: colours, fonts, radius and logo, applied by the UI as CSS variables over the
    /// template's defaults (issue "UI shell" item 1).
    #[serde(default)]
    pub theme: Theme,
    /// Location maps: tile server, attribution and zoom (issue 11 §1).
    #[serde(default)]
    pub maps: MapSettings,
    /// Dealer phone numbers per car type (`new`, `used`, `demo`), shopper-core §9.
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

/// shopper-core §3 / §9 tag settings.
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

/// Finance settings (shopper-core §5, §9).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinanceConfig {
    /// Finance provider key; absent means no finance calculator.
    #[serde(default)]
    pub provider: Option<String>,
    /// Default interest rate, percent per year.
    #[serde(default)]
    pub default_interest: Option<f64>,
    /// Where the per-car weekly quote comes from (shopper-core §7 `POST /api/youx/quote`; issue 8
    /// §2). Absent: the host's built-in calculation through the tenant's lender. Never sent to
    /// the browser (it may name a secret's environment variable).
    #[serde(default, skip_serializing)]
    #[schema(ignore)]
    pub quote: QuoteConfig,
    /// The lender that creates the customer when the finance application is submitted
    /// (locations-forms-marketing §7 "create-customer path"; issue 9 §1 "finance application").
    /// Absent: the application is recorded as a lead only. Never sent to the browser.
    #[serde(default, skip_serializing)]
    #[schema(ignore)]
    pub application: Option<HttpAdapter>,
}

/// An external HTTP service the host calls with JSON (`[finance.application]`,
/// `[trade_in.rego_lookup]`): where, with which bearer token, and how long it may take.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpAdapter {
    /// The endpoint (`https://...`, or `http://127.0.0.1...`/`http://localhost...` for local
    /// testing). The host POSTs JSON to it.
    pub url: String,
    /// Name of an environment variable holding a bearer token (the token itself is never
    /// written in tenant.toml).
    #[serde(default)]
    pub token_env: Option<String>,
    /// Time the service has to answer, ms (default 10000; 1 to 30000).
    #[serde(default = "default_adapter_timeout_ms")]
    pub timeout_ms: u64,
}

fn default_adapter_timeout_ms() -> u64 {
    10_000
}

/// `[trade_in]` (issue 9 §1 "trade-in valuation"; shopper-core §3 "Lead data" rego, regoState,
/// adjustmentAnswers).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TradeInConfig {
    /// The registration lookup service: the host POSTs `{rego, state}` and reads the vehicle
    /// (see `crate::api::tools::post_rego_lookup`). Absent: the shopper enters the vehicle by
    /// hand. Never sent to the browser.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub rego_lookup: Option<HttpAdapter>,
    /// The questions whose answers adjust the online estimate, in the order shown.
    pub adjustments: Vec<Adjustment>,
}

impl Default for TradeInConfig {
    fn default() -> Self {
        TradeInConfig {
            rego_lookup: None,
            adjustments: default_adjustments(),
        }
    }
}

/// One trade-in adjustment question (shopper-core §3 `adjustmentAnswers`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Adjustment {
    /// Key sent in `adjustmentAnswers` (`condition`).
    pub id: String,
    /// The question shown (`What condition is the car in?`).
    pub question: String,
    /// The answers, in the order shown.
    pub answers: Vec<AdjustmentAnswer>,
}

/// One answer to an [`Adjustment`] question.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentAnswer {
    /// Value sent in `adjustmentAnswers` (`excellent`).
    pub value: String,
    /// Label shown (`Excellent`).
    pub label: String,
    /// Change to the estimate, percent of the base (-50 to 20; 0 for none).
    pub percent: f64,
}

/// The default questions: condition, accident history, service history, tyres and keys. The
/// percents follow common trade-in practice: a car needing work or without its history is worth
/// less to the dealer by roughly the cost of putting it right.
pub fn default_adjustments() -> Vec<Adjustment> {
    let q = |id: &str, question: &str, answers: &[(&str, &str, f64)]| Adjustment {
        id: id.into(),
        question: question.into(),
        answers: answers
            .iter()
            .map(|(value, label, percent)| AdjustmentAnswer {
                value: (*value).into(),
                label: (*label).into(),
                percent: *percent,
            })
            .collect(),
    };
    vec![
        q(
            "condition",
            "What condition is the car in?",
            &[
                ("excellent", "Excellent", 3.0),
                ("good", "Good", 0.0),
                ("fair", "Fair", -7.0),
                ("poor", "Poor", -18.0),
            ],
        ),
        q(
            "accident_history",
            "Has the car been in an accident?",
            &[
                ("no", "No", 0.0),
                ("minor", "Yes, minor repairs", -5.0),
                ("major", "Yes, major repairs", -15.0),
            ],
        ),
        q(
            "service_history",
            "Does the car have a service history?",
            &[
                ("full", "Full service history", 0.0),
                ("partial", "Partial", -4.0),
                ("none", "None", -8.0),
            ],
        ),
        q(
            "tyres",
            "How are the tyres?",
            &[("good", "Good", 0.0), ("need_replacing", "Need replacing", -3.0)],
        ),
        q(
            "keys",
            "How many keys do you have?",
            &[("two", "Two or more", 0.0), ("one", "One", -2.0)],
        ),
    ]
}

/// `[payments]`: the provider that takes the reservation deposit online (issue 9 §1 "reserve and
/// buy online"). Without it the reservation is recorded and the dealer takes the deposit
/// offline. Only `provider` reaches the browser.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PaymentsConfig {
    /// `stripe` (Stripe Checkout), or absent for offline deposits.
    pub provider: Option<String>,
    /// Environment variable holding the provider's secret API key.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub secret_key_env: Option<String>,
    /// Environment variable holding the webhook signing secret (`whsec_...`).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub webhook_secret_env: Option<String>,
    /// The provider's API base (default `https://api.stripe.com`; `http://127.0.0.1:...` for
    /// local testing).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub api_base: String,
    /// ISO currency, lower case (default `aud`).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub currency: String,
    /// Time the provider has to answer, ms (default 10000; 1 to 30000).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub timeout_ms: u64,
}

impl Default for PaymentsConfig {
    fn default() -> Self {
        PaymentsConfig {
            provider: None,
            secret_key_env: None,
            webhook_secret_env: None,
            api_base: "https://api.stripe.com".into(),
            currency: "aud".into(),
            timeout_ms: 10_000,
        }
    }
}

/// One embedded service-booking frame (`[[leads.service_frames]]`; locations-forms-marketing §2
/// "Service booking can also be an embedded frame or tabbed frames").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ServiceFrame {
    /// Tab label and frame title (`Book a Service`).
    pub label: String,
    /// The booking page (`https://...`); its origin is allowed in the document's `frame-src`.
    pub url: String,
}

/// The per-car quote's lender adapter (`[finance.quote]`, issue 8 §2).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct QuoteConfig {
    /// An external lender's quote endpoint (`https://...`, or `http://127.0.0.1...` for local
    /// testing): the host POSTs the spec's quote body as JSON and reads `weeklyRepaymentAmount`,
    /// `advertisedRate` and `comparisonRate` from the answer. Absent: built-in calculation.
    pub url: Option<String>,
    /// Name of an environment variable holding a bearer token for `url` (the token itself is
    /// never written in tenant.toml).
    pub token_env: Option<String>,
    /// Time the lender has to answer, ms (default 10000; at most 30000).
    pub timeout_ms: u64,
    /// Built-in calculation only: percentage points added to the lender's default interest per
    /// self-assessed credit score (default `{GREAT = 0, DECENT = 3, POOR = 7}`).
    pub credit_score_loading: BTreeMap<String, f64>,
}

impl Default for QuoteConfig {
    fn default() -> Self {
        QuoteConfig {
            url: None,
            token_env: None,
            timeout_ms: 10_000,
            credit_score_loading: [("GREAT", 0.0), ("DECENT", 3.0), ("POOR", 7.0)]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }
    }
}

/// One distance band of the delivery calculator (issue 8 §3): cars delivered up to `up_to_km`
/// from their location cost `price`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryBand {
    /// Upper bound of the band, km (bands ascend; a distance above the last band has no price).
    pub up_to_km: f64,
    /// Delivery price, AUD (0 for free delivery).
    pub price: f64,
    /// Region name shown with the price (`Brisbane Metro`).
    pub name: String,
}

/// Delivery calculator settings (`[delivery]`, shopper-core §2 "delivery calculator"; issue 8
/// §3). No bands: the calculator is hidden.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryConfig {
    /// Distance bands, ascending by `up_to_km`.
    #[serde(default)]
    pub bands: Vec<DeliveryBand>,
}

/// Routes gated per site (locations-forms-marketing §2 "Gated routes"): `checkout` (the car
/// checkout, buy-online and checkout-journey pages), `finance`, `spin-to-win` and
/// `trade-in-finance`. Online payment and the garage pages are always gated.
pub const GATEABLE: [&str; 4] = ["checkout", "finance", "spin-to-win", "trade-in-finance"];

/// Lead settings (`[leads]`, issue 9; locations-forms-marketing §5). The form rules are public
/// (the UI shows the same required fields); the destinations never leave the host.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LeadsConfig {
    /// The enquiry form's message (Comments) is optional (default required).
    pub message_optional: bool,
    /// The postcode is required on every form (default optional).
    pub postcode_required: bool,
    /// Service Interval is required on the service form.
    pub service_interval_required: bool,
    /// The service options; when set, Service Type is required and must be one of them.
    pub service_types: Vec<String>,
    /// Terms-of-use note shown under the enquiry form, when any.
    pub terms_note: Option<String>,
    /// The service booking as an embedded frame (one) or tabbed frames (several) instead of the
    /// form (default none).
    pub service_frames: Vec<ServiceFrame>,
    /// Webhook receiving each lead as signed JSON (https, or http to 127.0.0.1/localhost).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub webhook_url: Option<String>,
    /// Environment variable holding the webhook's HMAC secret (required with `webhook_url`).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub webhook_secret_env: Option<String>,
    /// Addresses receiving each lead as ADF/XML email.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub email_to: Vec<String>,
}

/// Sign-in settings (`[sign_in]`, issue 10 §3).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SignInSettings {
    /// Gated route groups among [`GATEABLE`] (default none).
    pub gated: Vec<String>,
}

/// Fuel calculator defaults (`[fuel]`, shopper-core §9 "Fuel calculator defaults").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FuelConfig {
    /// Fuel price, AUD per litre (default 1.70).
    pub price_per_litre: f64,
    /// Distance driven, km per week (default 250).
    pub km_per_week: f64,
    /// Consumption when the car has no combined figure, L/100km (default 10).
    pub consumption_l_per_100km: f64,
}

impl Default for FuelConfig {
    fn default() -> Self {
        FuelConfig {
            price_per_litre: 1.70,
            km_per_week: 250.0,
            consumption_l_per_100km: 10.0,
        }
    }
}

/// Stock settings.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StockConfig {
    /// Stock filter level 0..=14 (shopper-core §5), applied by the stock-filter plugin.
    #[serde(default)]
    pub filter_level: u8,
    /// Count shown when search counts exceed 1999 (shopper-core §9).
    #[serde(default)]
    pub stock_count: Option<u64>,
    /// Feeds imported by `forecourt serve` when they change.
    #[serde(default)]
    pub feeds: Vec<FeedConfig>,
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

/// Feed file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedFormat {
    /// CSV with a header row.
    Csv,
    /// JSON array of objects, or `{"cars": [...]}`.
    Json,
}

/// A stock feed imported at start-up (`[[stock.feeds]]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeedConfig {
    /// Path relative to the tenant folder.
    pub path: PathBuf,
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
    fn texts(&self) -> Vec<(&'static str, &str)> {
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

/// Tenant wording (shopper-core §2, §4).
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

/// The card buttons a search card may show, in the tenant's order (shopper-core §2 "Search results":
/// Get Finance or the finance label, View Details, Reserve this Car, Find Me Something Similar).
pub const CARD_BUTTONS: [&str; 4] = ["finance", "details", "reserve", "similar"];

/// How results render (shopper-core §2 "Search results": a grid, or a carousel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum ResultsView {
    /// Grid of cards (centred under 3 hits).
    #[default]
    Grid,
    /// Horizontal carousel.
    Carousel,
}

/// `[search]`: the search results page (SRP) of one tenant (shopper-core §2 "Search results", §3
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

/// A promotional tile in the results grid (shopper-core §3 "Promo item": start, expiry, position,
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

/// The VDP's spin-viewer tab shown first (shopper-core §4 "Spin viewer": spinner by default,
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

/// What the VDP's location overlay names (shopper-core §2: city and state; location name on some
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

/// `[vdp]`: the vehicle detail page of one tenant (shopper-core §2 "Vehicle detail page", §9).
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
        }
    }
}

/// A dealership (locations-forms-marketing §3 "Dealer config").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealershipConfig {
    /// Unique in the tenant.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Manufacturer slug for franchise dealerships.
    #[serde(default)]
    pub manufacturer: Option<String>,
    /// address.state.
    #[serde(default)]
    pub state: Option<String>,
    /// YouTube channel URL.
    #[serde(default)]
    pub youtube_url: Option<String>,
    /// Per-dealership switches.
    #[serde(default)]
    pub config: DealershipSwitches,
}

/// Per-dealership switches: `include_sold_cars_days` plus free-form keys.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct DealershipSwitches {
    /// Days a sold car stays visible (default 3; locations-forms-marketing §4).
    #[serde(default)]
    pub include_sold_cars_days: Option<u32>,
    /// Any other switch (bool, number or string).
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_json::Value>,
}

/// A location (locations-forms-marketing §3 "Location").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationConfig {
    /// Unique in the tenant.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Slug of the dealership this location belongs to.
    pub dealership: String,
    /// Primary location of its dealership.
    #[serde(default)]
    pub primary: bool,
    /// false hides the location everywhere.
    #[serde(default = "yes")]
    pub visible: bool,
    /// `sales`, `service`, `parts`, `car-buying` or empty (= sales).
    #[serde(default)]
    pub location_type: String,
    /// e.g. `buying`.
    #[serde(default)]
    pub location_subtype: Option<String>,
    /// Manufacturer slugs sold or serviced here.
    #[serde(default)]
    pub manufacturers: Vec<String>,
    /// Shows the 'COMING EARLY 2026' badge.
    #[serde(default)]
    pub upcoming: bool,
    /// Dealer licence number.
    #[serde(default)]
    pub dealer_license_number: Option<String>,
    /// Motor vehicle repairer number.
    #[serde(default)]
    pub motor_vehicle_repairer: Option<String>,
    /// Review average, 0..=5.
    #[serde(default)]
    pub average_rating: Option<f64>,
    /// Number of reviews.
    #[serde(default)]
    pub review_count: Option<u32>,
    /// Image URL.
    #[serde(default)]
    pub image_url: Option<String>,
    /// Slugs of locations this one distributes to.
    #[serde(default)]
    pub distribution_locations: Vec<String>,
    /// Street address and coordinates.
    pub address: AddressConfig,
    /// Phones and email.
    #[serde(default)]
    pub contact_detail: ContactDetail,
    /// Weekly hours.
    #[serde(default)]
    pub opening_hours: Vec<OpeningHour>,
    /// Holiday hours.
    #[serde(default)]
    pub special_hours: Vec<SpecialHour>,
}

fn yes() -> bool {
    true
}

/// The interactive location maps (`[maps]` in tenant.toml; locations-forms-marketing §7 "Maps
/// service for location maps", §9 "Map default zoom 10"). The UI loads tiles from `tile_url`
/// (`{z}`, `{x}`, `{y}` and optional `{s}` placeholders); pages still work when tiles cannot load.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MapSettings {
    /// Tile URL template, an https URL (default OpenStreetMap's standard tiles).
    #[serde(default = "default_tile_url")]
    pub tile_url: String,
    /// Attribution shown on the map (HTML allowed by the map library; default the OSM credit).
    #[serde(default = "default_attribution")]
    pub attribution: String,
    /// Initial zoom level, 1..=19 (default 10).
    #[serde(default = "default_zoom")]
    pub zoom: u8,
}

fn default_tile_url() -> String {
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png".into()
}

fn default_attribution() -> String {
    "&copy; OpenStreetMap contributors".into()
}

fn default_zoom() -> u8 {
    10
}

impl Default for MapSettings {
    fn default() -> Self {
        Self {
            tile_url: default_tile_url(),
            attribution: default_attribution(),
            zoom: default_zoom(),
        }
    }
}

/// Location address (locations-forms-marketing §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddressConfig {
    /// Street line.
    #[serde(default)]
    pub street: Option<String>,
    /// City or suburb.
    pub city: String,
    /// State code (QLD, NSW, VIC, ...).
    pub state: String,
    /// Four-digit postcode.
    pub postcode: String,
    /// Latitude, decimal degrees.
    pub lat: f64,
    /// Longitude, decimal degrees.
    pub long: f64,
    /// Maps link.
    #[serde(default)]
    pub place_url: Option<String>,
    /// Maps place id.
    #[serde(default)]
    pub place_id: Option<String>,
    /// Maps key.
    #[serde(default)]
    pub map_key: Option<String>,
}

/// Location contact details.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContactDetail {
    /// Main phone.
    #[serde(default)]
    pub phone: Option<String>,
    /// Landline.
    #[serde(default)]
    pub landline_phone: Option<String>,
    /// Email address.
    #[serde(default)]
    pub email: Option<String>,
}

/// Weekly hours entry; weekday 0 is Sunday, 6 Saturday (locations-forms-marketing §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpeningHour {
    /// 0 (Sunday) ..= 6 (Saturday).
    pub weekday: u8,
    /// `Open` or `Closed`.
    pub status: String,
    /// `HH:MM` local time; required when open.
    #[serde(default)]
    pub open: Option<String>,
    /// `HH:MM` local time; required when open.
    #[serde(default)]
    pub close: Option<String>,
}

/// Holiday hours entry (locations-forms-marketing §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialHour {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `Open` or `Closed`.
    pub status: String,
    /// `HH:MM`; required when open.
    #[serde(default)]
    pub start_hour: Option<String>,
    /// `HH:MM`; required when open.
    #[serde(default)]
    pub end_hour: Option<String>,
}

/// A plugin enabled for the tenant.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PluginConfig {
    /// Plugin name (its component file stem in `plugin_dir`).
    pub name: String,
    /// Config handed to the plugin once at instantiation.
    #[serde(default)]
    pub config: BTreeMap<String, toml::Value>,
}

/// A loaded, validated tenant.
#[derive(Debug)]
pub struct Tenant {
    /// The parsed configuration.
    pub config: TenantConfig,
    /// The tenant's folder (feeds and mapping paths are relative to it).
    pub dir: PathBuf,
    /// The content files, rendered at load (issue 12; `crate::content`).
    pub content: crate::content::Content,
}

impl Tenant {
    /// The tenant key used in every storage query.
    pub fn slug(&self) -> &str {
        &self.config.slug
    }

    /// Sold-car visibility window of a dealership in days (default 3).
    pub fn include_sold_cars_days(&self, dealership_slug: &str) -> u32 {
        self.config
            .dealerships
            .iter()
            .find(|d| d.slug == dealership_slug)
            .and_then(|d| d.config.include_sold_cars_days)
            .unwrap_or(DEFAULT_INCLUDE_SOLD_CARS_DAYS)
    }
}

/// Error loading tenants: the file, the key and the reason.
#[derive(Debug, thiserror::Error)]
pub enum TenantError {
    /// The tenants directory cannot be read.
    #[error("cannot read tenants directory {dir}: {reason}")]
    Dir {
        /// Directory.
        dir: PathBuf,
        /// OS error.
        reason: String,
    },
    /// A `tenant.toml` is invalid.
    #[error("{file}: key `{key}`: {reason}")]
    Invalid {
        /// The file.
        file: PathBuf,
        /// Dotted key path (`locations.2.address.postcode`).
        key: String,
        /// Why.
        reason: String,
    },
    /// Parse errors as figment reports them (already name file and key).
    #[error("{0}")]
    Parse(String),
    /// No tenant at all.
    #[error("no tenants found in {0} (expected <slug>/tenant.toml folders)")]
    None(PathBuf),
}

/// All tenants, resolvable by slug and by host name.
#[derive(Debug, Default)]
pub struct TenantRegistry {
    by_slug: BTreeMap<String, Arc<Tenant>>,
    by_host: HashMap<String, Arc<Tenant>>,
}

impl TenantRegistry {
    /// Reads and validates every `<dir>/<slug>/tenant.toml` (folders starting with `_` or `.` are
    /// skipped). Any invalid file fails the whole load.
    pub fn load_dir(dir: &Path) -> Result<TenantRegistry, TenantError> {
        let entries = std::fs::read_dir(dir).map_err(|e| TenantError::Dir {
            dir: dir.to_owned(),
            reason: e.to_string(),
        })?;
        let mut folders: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.join("tenant.toml").is_file())
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                !name.starts_with('_') && !name.starts_with('.')
            })
            .collect();
        folders.sort();
        let mut tenants = Vec::new();
        for folder in folders {
            tenants.push(load_tenant(&folder)?);
        }
        if tenants.is_empty() {
            return Err(TenantError::None(dir.to_owned()));
        }
        TenantRegistry::from_tenants(tenants)
    }

    /// Builds a registry, checking that no two tenants share a slug or a host.
    pub fn from_tenants(tenants: Vec<Tenant>) -> Result<TenantRegistry, TenantError> {
        let mut reg = TenantRegistry::default();
        for t in tenants {
            let t = Arc::new(t);
            let file = t.dir.join("tenant.toml");
            if reg.by_slug.insert(t.slug().to_string(), t.clone()).is_some() {
                return Err(TenantError::Invalid {
                    file,
                    key: "slug".into(),
                    reason: format!("slug `{}` is used by another tenant", t.slug()),
                });
            }
            let mut hosts: Vec<String> = t.config.hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
            hosts.push(format!("{}.localhost", t.slug()));
            for (i, host) in hosts.into_iter().enumerate() {
                if let Some(other) = reg.by_host.insert(host.clone(), t.clone()) {
                    return Err(TenantError::Invalid {
                        file,
                        key: format!("hosts.{i}"),
                        reason: format!("host `{host}` is already claimed by tenant `{}`", other.slug()),
                    });
                }
            }
        }
        Ok(reg)
    }

    /// The tenant for a `Host` header value (port and trailing dot ignored, case-insensitive).
    pub fn by_host(&self, host: &str) -> Option<&Arc<Tenant>> {
        let host = host.trim().trim_end_matches('.');
        let host = match host.rsplit_once(':') {
            // Keep IPv6 literals like [::1] intact; strip a trailing :port otherwise.
            Some((h, port)) if !h.ends_with(']') || h.starts_with('[') => {
                if port.chars().all(|c| c.is_ascii_digit()) {
                    h
                } else {
                    host
                }
            }
            _ => host,
        };
        self.by_host.get(&host.trim_end_matches('.').to_ascii_lowercase())
    }

    /// The tenant with this slug.
    pub fn by_slug(&self, slug: &str) -> Option<&Arc<Tenant>> {
        self.by_slug.get(slug)
    }

    /// All tenants in slug order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Tenant>> {
        self.by_slug.values()
    }
}

/// Loads and validates one tenant folder.
pub fn load_tenant(folder: &Path) -> Result<Tenant, TenantError> {
    let file = folder.join("tenant.toml");
    let config: TenantConfig = Figment::from(Toml::file_exact(&file))
        .extract()
        .map_err(|e| TenantError::Parse(describe_figment_error(e)))?;
    validate(&config, folder, &file)?;
    let defaults = config.content_defaults.as_ref().map(|d| folder.join(d));
    if let Some(d) = &defaults
        && (config.content_defaults.as_ref().is_some_and(|c| c.is_absolute()) || !d.is_dir())
    {
        return Err(invalid(&file, "content_defaults", "must be a folder relative to the tenant folder"));
    }
    let content = crate::content::load(folder, defaults.as_deref(), &config.slug, &config.name)?;
    Ok(Tenant {
        config,
        dir: folder.to_owned(),
        content,
    })
}

fn invalid(file: &Path, key: impl Into<String>, reason: impl Into<String>) -> TenantError {
    TenantError::Invalid {
        file: file.to_owned(),
        key: key.into(),
        reason: reason.into(),
    }
}

/// Whether `s` is a slug: non-empty, lowercase ASCII letters, digits and `-`.
pub(crate) fn is_slug(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn is_hhmm(s: &str) -> bool {
    jiff::civil::Time::strptime("%H:%M", s).is_ok() && s.len() == 5
}

const LOCATION_TYPES: [&str; 5] = ["sales", "service", "parts", "car-buying", ""];
/// The Australian state and territory codes.
pub const AU_STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/// Checks the rules serde cannot: slugs, references, ranges, hours.
fn validate_search(s: &SearchSettings, file: &Path) -> Result<(), TenantError> {
    if !(1..=100).contains(&s.page_size) {
        return Err(invalid(file, "search.page_size", "must be between 1 and 100"));
    }
    if s.promo_first_jitter > 2 {
        return Err(invalid(file, "search.promo_first_jitter", "must be 0, 1 or 2"));
    }
    if !s.clear_filters_target.starts_with('/') && !s.clear_filters_target.starts_with("https://") {
        return Err(invalid(
            file,
            "search.clear_filters_target",
            "must be a site path (`/...`) or an https URL",
        ));
    }
    for (i, b) in s.card_buttons.iter().enumerate() {
        if !CARD_BUTTONS.contains(&b.as_str()) {
            return Err(invalid(
                file,
                format!("search.card_buttons.{i}"),
                format!("`{b}` is not one of {CARD_BUTTONS:?}"),
            ));
        }
    }
    let mut ids = std::collections::BTreeSet::new();
    for (i, p) in s.promos.iter().enumerate() {
        let key = |k: &str| format!("search.promos.{i}.{k}");
        if p.id.trim().is_empty() || !ids.insert(p.id.as_str()) {
            return Err(invalid(file, key("id"), "must be non-empty and unique"));
        }
        if p.position == 0 {
            return Err(invalid(file, key("position"), "is 1-based: must be 1 or more"));
        }
        if let (Some(a), Some(b)) = (p.start, p.expiry)
            && b <= a
        {
            return Err(invalid(file, key("expiry"), "must be after start"));
        }
        for t in &p.display {
            if !["new", "demo", "used"].contains(&t.as_str()) {
                return Err(invalid(file, key("display"), format!("`{t}` is not new, demo or used")));
            }
        }
    }
    Ok(())
}

/// Whether `url` may receive the host's calls: https, or plain http to this machine (tests).
pub fn is_service_url(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://127.0.0.1") || url.starts_with("http://localhost")
}

fn check_service_url(file: &Path, key: &str, url: &str) -> Result<(), TenantError> {
    if is_service_url(url) && reqwest::Url::parse(url).is_ok() {
        Ok(())
    } else {
        Err(invalid(
            file,
            key,
            "must be an https URL (plain http only to 127.0.0.1 or localhost)",
        ))
    }
}

fn check_timeout(file: &Path, key: &str, ms: u64) -> Result<(), TenantError> {
    if (1..=30_000).contains(&ms) {
        Ok(())
    } else {
        Err(invalid(file, key, "must be between 1 and 30000"))
    }
}

/// `[finance.application]`, `[trade_in]`, `[payments]` and `leads.service_frames` (issue 9).
fn validate_adapters(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    for (key, a) in [
        ("finance.application", &c.finance.application),
        ("trade_in.rego_lookup", &c.trade_in.rego_lookup),
    ] {
        if let Some(a) = a {
            check_service_url(file, &format!("{key}.url"), &a.url)?;
            check_timeout(file, &format!("{key}.timeout_ms"), a.timeout_ms)?;
        }
    }
    let mut ids = HashSet::new();
    for (i, q) in c.trade_in.adjustments.iter().enumerate() {
        let key = |k: &str| format!("trade_in.adjustments.{i}.{k}");
        if !is_slug(&q.id.replace('_', "-")) || !ids.insert(q.id.as_str()) {
            return Err(invalid(
                file,
                key("id"),
                "must be a unique key of lower-case letters, digits, - and _",
            ));
        }
        if q.question.trim().is_empty() {
            return Err(invalid(file, key("question"), "must not be empty"));
        }
        if q.answers.len() < 2 {
            return Err(invalid(file, key("answers"), "must offer at least two answers"));
        }
        let mut values = HashSet::new();
        for (j, a) in q.answers.iter().enumerate() {
            if a.value.trim().is_empty() || !values.insert(a.value.as_str()) {
                return Err(invalid(
                    file,
                    key(&format!("answers.{j}.value")),
                    "must be a unique, non-empty value",
                ));
            }
            if a.label.trim().is_empty() {
                return Err(invalid(file, key(&format!("answers.{j}.label")), "must not be empty"));
            }
            if !(a.percent.is_finite() && (-50.0..=20.0).contains(&a.percent)) {
                return Err(invalid(file, key(&format!("answers.{j}.percent")), "must be -50 to 20 percent"));
            }
        }
    }
    let p = &c.payments;
    if let Some(provider) = &p.provider {
        if provider != "stripe" {
            return Err(invalid(
                file,
                "payments.provider",
                format!("`{provider}` is not a supported provider (stripe)"),
            ));
        }
        if p.secret_key_env.as_deref().is_none_or(str::is_empty) {
            return Err(invalid(file, "payments.secret_key_env", "is required with a provider"));
        }
        if p.webhook_secret_env.as_deref().is_none_or(str::is_empty) {
            return Err(invalid(file, "payments.webhook_secret_env", "is required with a provider"));
        }
    }
    check_service_url(file, "payments.api_base", &p.api_base)?;
    if p.currency.len() != 3 || !p.currency.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(invalid(file, "payments.currency", "must be a lower-case ISO 4217 code (aud)"));
    }
    check_timeout(file, "payments.timeout_ms", p.timeout_ms)?;
    for (i, f) in c.leads.service_frames.iter().enumerate() {
        if f.label.trim().is_empty() {
            return Err(invalid(file, format!("leads.service_frames.{i}.label"), "must not be empty"));
        }
        if !f.url.starts_with("https://") || reqwest::Url::parse(&f.url).is_err() {
            return Err(invalid(file, format!("leads.service_frames.{i}.url"), "must be an https URL"));
        }
    }
    Ok(())
}

/// `[finance.quote]`, `[delivery]` and `[fuel]` (issue 8).
fn validate_tools(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    let q = &c.finance.quote;
    if let Some(url) = &q.url {
        check_service_url(file, "finance.quote.url", url)?;
    }
    check_timeout(file, "finance.quote.timeout_ms", q.timeout_ms)?;
    validate_adapters(c, file)?;
    for (score, v) in &q.credit_score_loading {
        if !["GREAT", "DECENT", "POOR"].contains(&score.as_str()) {
            return Err(invalid(
                file,
                format!("finance.quote.credit_score_loading.{score}"),
                "is not GREAT, DECENT or POOR",
            ));
        }
        if !(v.is_finite() && (0.0..=50.0).contains(v)) {
            return Err(invalid(
                file,
                format!("finance.quote.credit_score_loading.{score}"),
                "must be 0 to 50 percentage points",
            ));
        }
    }
    let mut last = 0.0;
    for (i, b) in c.delivery.bands.iter().enumerate() {
        let key = |k: &str| format!("delivery.bands.{i}.{k}");
        if !(b.up_to_km.is_finite() && b.up_to_km > last) {
            return Err(invalid(file, key("up_to_km"), "must be above 0 and above the previous band's"));
        }
        if !(b.price.is_finite() && b.price >= 0.0) {
            return Err(invalid(file, key("price"), "must be 0 or more dollars"));
        }
        if b.name.trim().is_empty() {
            return Err(invalid(file, key("name"), "must not be empty"));
        }
        last = b.up_to_km;
    }
    for (i, g) in c.sign_in.gated.iter().enumerate() {
        if !GATEABLE.contains(&g.as_str()) {
            return Err(invalid(
                file,
                format!("sign_in.gated.{i}"),
                format!("`{g}` is not one of {GATEABLE:?}"),
            ));
        }
    }
    let l = &c.leads;
    if let Some(url) = &l.webhook_url {
        check_service_url(file, "leads.webhook_url", url)?;
        if l.webhook_secret_env.as_deref().is_none_or(|v| v.trim().is_empty()) {
            return Err(invalid(file, "leads.webhook_secret_env", "is required with webhook_url"));
        }
    }
    for (i, a) in l.email_to.iter().enumerate() {
        let ok = a
            .split_once('@')
            .is_some_and(|(u, d)| !u.is_empty() && d.contains('.') && !a.contains(char::is_whitespace));
        if !ok {
            return Err(invalid(file, format!("leads.email_to.{i}"), "must be an email address"));
        }
    }
    let f = &c.fuel;
    for (k, v, max) in [
        ("fuel.price_per_litre", f.price_per_litre, 20.0),
        ("fuel.km_per_week", f.km_per_week, 10_000.0),
        ("fuel.consumption_l_per_100km", f.consumption_l_per_100km, 100.0),
    ] {
        if !(v.is_finite() && v > 0.0 && v <= max) {
            return Err(invalid(file, k, format!("must be above 0 and at most {max}")));
        }
    }
    Ok(())
}

fn validate(c: &TenantConfig, folder: &Path, file: &Path) -> Result<(), TenantError> {
    let folder_name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !is_slug(&c.slug) {
        return Err(invalid(file, "slug", "must be lower-case letters, digits and dashes"));
    }
    if c.slug != folder_name {
        return Err(invalid(
            file,
            "slug",
            format!("`{}` must equal the folder name `{folder_name}`", c.slug),
        ));
    }
    for (key, v) in [("name", &c.name), ("template", &c.template)] {
        if v.trim().is_empty() {
            return Err(invalid(file, key, "must not be empty"));
        }
    }
    if !is_slug(&c.template) {
        return Err(invalid(file, "template", "must be lower-case letters, digits and dashes"));
    }
    for (i, h) in c.hosts.iter().enumerate() {
        if h.is_empty() || h.contains('/') || h.contains(' ') || h.contains(':') {
            return Err(invalid(
                file,
                format!("hosts.{i}"),
                "must be a bare host name (no scheme, port or path)",
            ));
        }
    }
    if !AU_STATES.contains(&c.default_state.as_str()) {
        return Err(invalid(file, "default_state", format!("must be one of {AU_STATES:?}")));
    }
    validate_search(&c.search, file)?;
    validate_tools(c, file)?;
    if c.media_dir.is_absolute() || c.media_dir.as_os_str().is_empty() {
        return Err(invalid(file, "media_dir", "must be a folder relative to the tenant folder"));
    }
    if !(c.vdp.reserve_deposit.is_finite() && c.vdp.reserve_deposit >= 0.0) {
        return Err(invalid(file, "vdp.reserve_deposit", "must be a number of dollars, 0 or more"));
    }
    if c.stock.filter_level > 14 {
        return Err(invalid(file, "stock.filter_level", "must be between 0 and 14"));
    }
    for (i, feed) in c.stock.feeds.iter().enumerate() {
        if !folder.join(&feed.path).is_file() {
            return Err(invalid(
                file,
                format!("stock.feeds.{i}.path"),
                format!("file {} does not exist", folder.join(&feed.path).display()),
            ));
        }
        if let Some(m) = &feed.mapping
            && !folder.join(m).is_file()
        {
            return Err(invalid(
                file,
                format!("stock.feeds.{i}.mapping"),
                format!("file {} does not exist", folder.join(m).display()),
            ));
        }
    }
    for (k, _) in c.phones.iter() {
        if !["new", "used", "demo"].contains(&k.as_str()) {
            return Err(invalid(file, format!("phones.{k}"), "car type must be new, used or demo"));
        }
    }
    if c.dealerships.is_empty() {
        return Err(invalid(file, "dealerships", "at least one dealership is required"));
    }
    let mut dealer_slugs = HashSet::new();
    for (i, d) in c.dealerships.iter().enumerate() {
        if !is_slug(&d.slug) {
            return Err(invalid(
                file,
                format!("dealerships.{i}.slug"),
                "must be lower-case letters, digits and dashes",
            ));
        }
        if !dealer_slugs.insert(d.slug.as_str()) {
            return Err(invalid(
                file,
                format!("dealerships.{i}.slug"),
                format!("duplicate dealership `{}`", d.slug),
            ));
        }
        if let Some(days) = d.config.include_sold_cars_days
            && days > 365
        {
            return Err(invalid(
                file,
                format!("dealerships.{i}.config.include_sold_cars_days"),
                "must be between 0 and 365",
            ));
        }
    }
    let mut loc_slugs = HashSet::new();
    for l in &c.locations {
        loc_slugs.insert(l.slug.as_str());
    }
    let mut seen = HashSet::new();
    for (i, l) in c.locations.iter().enumerate() {
        let k = |rest: &str| format!("locations.{i}.{rest}");
        if !is_slug(&l.slug) {
            return Err(invalid(file, k("slug"), "must be lower-case letters, digits and dashes"));
        }
        if !seen.insert(l.slug.as_str()) {
            return Err(invalid(file, k("slug"), format!("duplicate location `{}`", l.slug)));
        }
        if !dealer_slugs.contains(l.dealership.as_str()) {
            return Err(invalid(
                file,
                k("dealership"),
                format!("no dealership `{}` in this file", l.dealership),
            ));
        }
        if !LOCATION_TYPES.contains(&l.location_type.as_str()) {
            return Err(invalid(
                file,
                k("location_type"),
                "must be sales, service, parts, car-buying or empty",
            ));
        }
        let a = &l.address;
        if a.postcode.len() != 4 || !a.postcode.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid(file, k("address.postcode"), "must be exactly 4 digits"));
        }
        if !AU_STATES.contains(&a.state.as_str()) {
            return Err(invalid(file, k("address.state"), format!("must be one of {AU_STATES:?}")));
        }
        if !(-44.0..=-9.0).contains(&a.lat) {
            return Err(invalid(file, k("address.lat"), "must be an Australian latitude (-44 to -9)"));
        }
        if !(112.0..=154.0).contains(&a.long) {
            return Err(invalid(file, k("address.long"), "must be an Australian longitude (112 to 154)"));
        }
        if let Some(r) = l.average_rating
            && !(0.0..=5.0).contains(&r)
        {
            return Err(invalid(file, k("average_rating"), "must be between 0 and 5"));
        }
        for (j, d) in l.distribution_locations.iter().enumerate() {
            if !loc_slugs.contains(d.as_str()) {
                return Err(invalid(
                    file,
                    k(&format!("distribution_locations.{j}")),
                    format!("no location `{d}`"),
                ));
            }
        }
        let mut days = HashSet::new();
        for (j, h) in l.opening_hours.iter().enumerate() {
            let hk = |f: &str| k(&format!("opening_hours.{j}.{f}"));
            if h.weekday > 6 {
                return Err(invalid(file, hk("weekday"), "must be 0 (Sunday) to 6 (Saturday)"));
            }
            if !days.insert(h.weekday) {
                return Err(invalid(file, hk("weekday"), "weekday listed twice"));
            }
            check_hours(
                file,
                &h.status,
                h.open.as_deref(),
                h.close.as_deref(),
                &hk("open"),
                &hk("close"),
                &hk("status"),
            )?;
        }
        let mut dates = HashSet::new();
        for (j, h) in l.special_hours.iter().enumerate() {
            let hk = |f: &str| k(&format!("special_hours.{j}.{f}"));
            if jiff::civil::Date::strptime("%Y-%m-%d", &h.date).is_err() {
                return Err(invalid(file, hk("date"), "must be a date YYYY-MM-DD"));
            }
            if !dates.insert(h.date.as_str()) {
                return Err(invalid(file, hk("date"), "date listed twice"));
            }
            check_hours(
                file,
                &h.status,
                h.start_hour.as_deref(),
                h.end_hour.as_deref(),
                &hk("start_hour"),
                &hk("end_hour"),
                &hk("status"),
            )?;
        }
    }
    for (key, value) in c.theme.texts() {
        if value.trim().is_empty() || value.contains([';', '{', '}', '<', '>']) {
            return Err(invalid(file, format!("theme.{key}"), "must be a plain CSS value (no ; { } < >)"));
        }
    }
    if let Some(r) = c.theme.radius_px
        && r > 48
    {
        return Err(invalid(file, "theme.radius_px", "must be between 0 and 48"));
    }
    if !c.maps.tile_url.starts_with("https://") || !["{z}", "{x}", "{y}"].iter().all(|p| c.maps.tile_url.contains(p)) {
        return Err(invalid(file, "maps.tile_url", "must be an https URL with {z}, {x} and {y}"));
    }
    if !(1..=19).contains(&c.maps.zoom) {
        return Err(invalid(file, "maps.zoom", "must be between 1 and 19"));
    }
    let mut plugin_names = HashSet::new();
    for (i, p) in c.plugins.iter().enumerate() {
        if !is_slug(&p.name) {
            return Err(invalid(
                file,
                format!("plugins.{i}.name"),
                "must be lower-case letters, digits and dashes",
            ));
        }
        if !plugin_names.insert(p.name.as_str()) {
            return Err(invalid(file, format!("plugins.{i}.name"), "plugin listed twice"));
        }
    }
    Ok(())
}

fn check_hours(
    file: &Path,
    status: &str,
    open: Option<&str>,
    close: Option<&str>,
    open_key: &str,
    close_key: &str,
    status_key: &str,
) -> Result<(), TenantError> {
    match status {
        "Closed" => Ok(()),
        "Open" => {
            let o = open.ok_or_else(|| invalid(file, open_key, "required when status is Open"))?;
            let c = close.ok_or_else(|| invalid(file, close_key, "required when status is Open"))?;
            if !is_hhmm(o) {
                return Err(invalid(file, open_key, "must be HH:MM (24-hour)"));
            }
            if !is_hhmm(c) {
                return Err(invalid(file, close_key, "must be HH:MM (24-hour)"));
            }
            if c <= o {
                return Err(invalid(file, close_key, "must be later than the opening time"));
            }
            Ok(())
        }
        _ => Err(invalid(file, status_key, "must be Open or Closed")),
    }
}
