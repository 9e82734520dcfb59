//! Tenant content (issue 12): the markdown pages, the electric-model area, the recall page and the
//! service and trade-in information, read from content files at start (a wrong key or a broken
//! reference fails the load, naming the file and the key), rendered and sanitised once, and served
//! by `api::content` and inline in the documents.
//!
//! Files (tenants/README.md "Content files"), each looked up in `tenants/<slug>/content/` and then in
//! the shared defaults folder the tenant names in `content_defaults` (tenant.toml), if any:
//! - `pages/<path>.md`: a page at `/<path>` (`pages/about-us.md` is `/about-us`,
//!   `pages/pages/warranty.md` is `/pages/warranty`), TOML front matter between `+++` lines
//!   (`title`, `description` of at most 160 characters), then CommonMark with tables. The tenant's
//!   file replaces the default one.
//! - `models.toml` with `model_variants.json` and `colours.json`: the electric-model area
//!   (locations-forms-marketing §2 "Electric-model marketing area", §3 Model variant, Colour, Slide,
//!   Category card). Tenant only.
//! - `recalls.toml` (§2 "Recall page", §3 Recall record), `service.toml` (§2 "Service page", §9
//!   "free ride within 8 km", "quote fixed for 12 months") and `trade_in.toml` (§2 "Trade-in
//!   information"): the tenant's file merged over the default key by key (arrays replace).
//!
//! `{{site_name}}` in any file is replaced by the tenant's name. Markdown is rendered with
//! pulldown-cmark and sanitised with ammonia (links get `rel="noopener noreferrer"`), so the UI can
//! insert the HTML as it is.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

use figment::{
    Figment,
    providers::{Format, Toml},
};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use utoipa::ToSchema;

use crate::tenant::TenantError;

/// Placeholder replaced by the tenant's name in every content file.
pub const SITE_NAME: &str = "{{site_name}}";
/// Longest page description (locations-forms-marketing §9 "Description truncation 160 characters").
pub const DESCRIPTION_MAX: usize = 160;
/// Most paragraphs in a model tab (§2 "Tabbed content block: ... up to 4 text paragraphs").
pub const TAB_PARAGRAPHS_MAX: usize = 4;

/// A call-to-action button or link (§3 Slide `btn1`, `btn2`: title, link, style).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Cta {
    /// Label, e.g. `Discover more`.
    pub title: String,
    /// Site path (`/models/im6`) or an https URL.
    pub link: String,
    /// `primary`, `secondary` or `outline` (default `primary`).
    #[serde(default = "primary")]
    pub style: String,
}

fn primary() -> String {
    "primary".into()
}

/// A label and its value (spec rows, banner stats): `Range` / `up to 755km`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Stat {
    /// Label.
    pub label: String,
    /// Display value with its unit.
    pub value: String,
}

/// One hero-slider slide (§3 Slide: imageSrc, title, description, btn1, btn2).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Slide {
    /// Image path (`/img/...`) or https URL.
    pub image_src: String,
    /// Alternative text.
    #[serde(default)]
    pub image_alt: String,
    /// Title, e.g. `IM6`.
    pub title: String,
    /// Description, e.g. `Super Intelligent SUV`.
    pub description: String,
    /// First button (Discover more).
    pub btn1: Cta,
    /// Second button (Search Stock).
    pub btn2: Cta,
}

/// One tab of a model's tabbed content block (§2: subtitle, up to 4 paragraphs, image, spec pairs, button).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModelTab {
    /// Tab name; the `tab` query parameter matches it case-insensitively.
    pub name: String,
    /// Subtitle.
    #[serde(default)]
    pub subtitle: String,
    /// Up to 4 plain-text paragraphs.
    #[serde(default)]
    pub paragraphs: Vec<String>,
    /// Image path or https URL.
    pub image_url: String,
    /// Alternative text.
    #[serde(default)]
    pub image_alt: String,
    /// Spec label/value pairs.
    #[serde(default)]
    pub specs: Vec<Stat>,
    /// Optional button.
    #[serde(default)]
    pub button: Option<Cta>,
}

/// The full-screen image banner (§2: eyebrow, title, description, button).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ImageBanner {
    /// Small text above the title.
    #[serde(default)]
    pub eyebrow: String,
    /// Title.
    pub title: String,
    /// Description.
    #[serde(default)]
    pub description: String,
    /// Image path or https URL.
    pub image_url: String,
    /// Alternative text.
    #[serde(default)]
    pub image_alt: String,
    /// Optional button.
    #[serde(default)]
    pub button: Option<Cta>,
}

/// A model family (im5, im6): its card on /models and its page /models/{baseId}.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModelFamily {
    /// The family id, a slug (`im6`); variants name it in `baseId`.
    pub base_id: String,
    /// Short name, e.g. `IM6`.
    pub name: String,
    /// Card and page title.
    pub title: String,
    /// Card and page description.
    pub description: String,
    /// Card image.
    pub image_url: String,
    /// The family's default hero image: the compare screen's fallback when a colour has no image
    /// (§4 "then to a default hero image for the model family").
    pub hero_image_url: String,
    /// `available` or `coming_soon` (§4 "Model status coming_soon shows a Coming Soon badge").
    #[serde(default = "available")]
    pub status: String,
    /// The card's calls to action.
    #[serde(default)]
    pub ctas: Vec<Cta>,
    /// The model banner's stats; empty means the area's `bannerStats`.
    #[serde(default)]
    pub stats: Vec<Stat>,
    /// The full-screen image banner of the family page.
    #[serde(default)]
    pub banner: Option<ImageBanner>,
    /// The tabbed content block; the first tab is selected by default.
    #[serde(default)]
    pub tabs: Vec<ModelTab>,
}

fn available() -> String {
    "available".into()
}

/// A category card of the 'Explore Our Range' carousel (§3 Category card).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CategoryCard {
    /// Id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Description.
    #[serde(default)]
    pub description: String,
    /// Image path or https URL.
    pub image_url: String,
    /// Link target.
    pub href: String,
}

/// The category carousel.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Categories {
    /// Title, default `Explore Our Range`.
    #[serde(default = "explore")]
    pub title: String,
    /// Cards.
    #[serde(default)]
    pub cards: Vec<CategoryCard>,
}

fn explore() -> String {
    "Explore Our Range".into()
}

impl Default for Categories {
    fn default() -> Self {
        Categories {
            title: explore(),
            cards: vec![],
        }
    }
}

/// The scrolling text banner (§2: links to /special-offers by default; §9 text repeated 20 times).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScrollingBanner {
    /// The text (the UI repeats it 20 times).
    pub text: String,
    /// Link target, default `/special-offers`.
    #[serde(default = "special_offers")]
    pub href: String,
}

fn special_offers() -> String {
    "/special-offers".into()
}

/// A call-to-action tile (Book a Service, Search Our Stock, ...).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// Title.
    pub title: String,
    /// Description.
    #[serde(default)]
    pub description: String,
    /// Link target.
    pub href: String,
}

/// The compare screen's title and default variants (§2, §9 "defaults im5-performance (left) and
/// im5-premium (right)").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CompareDefaults {
    /// `Compare`.
    #[serde(default = "compare_title")]
    pub title: String,
    /// `Find your perfect IM`.
    #[serde(default)]
    pub subtitle: String,
    /// Left panel's variant id.
    pub left: String,
    /// Right panel's variant id.
    pub right: String,
}

fn compare_title() -> String {
    "Compare".into()
}

/// A model variant's dimensions (display strings with units, e.g. `4,904 mm`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Dimensions {
    /// Length.
    pub length: String,
    /// Width.
    pub width: String,
    /// Height.
    pub height: String,
    /// Wheelbase.
    pub wheelbase: String,
    /// Gross vehicle mass.
    pub gross_vehicle_mass: String,
    /// Drag coefficient.
    pub drag_coefficient: String,
}

/// A model variant's performance (display strings with units, e.g. `217 kW`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Performance {
    /// Drivetrain.
    pub drivetrain: String,
    /// Maximum power.
    pub maximum_power: String,
    /// Maximum torque.
    pub maximum_torque: String,
    /// 0-100 km/h time.
    pub zero_to_hundred: String,
    /// Driving range.
    pub driving_range: String,
    /// Wheels.
    pub wheels: String,
    /// Turning radius.
    pub turning_radius: String,
}

/// A named feature of a variant (`Camera` / `360-degree surround camera`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    /// Feature key (§3: Camera, Cruise control, Roof, ...).
    pub name: String,
    /// What the variant has.
    pub value: String,
}

/// Static compare data for one variant (§3 "Model variant").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModelVariant {
    /// Variant id, e.g. `im6-premium`.
    pub id: String,
    /// Family id (`im5`, `im6`).
    pub base_id: String,
    /// Display name, e.g. `IM6 Premium`.
    pub name: String,
    /// Dimensions.
    pub dimensions: Dimensions,
    /// Performance.
    pub performance: Performance,
    /// Ordered features (the compare screen splits them into two halves).
    pub features: Vec<Feature>,
}

/// The variant a colour belongs to.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantRef {
    /// Variant id.
    pub id: String,
    /// Variant name.
    pub name: String,
}

/// One colour of one variant (§3 "Colour (embedded statically)"; field names as the spec gives them).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Colour {
    /// Id.
    pub id: String,
    /// `#RRGGBB`, or null.
    #[serde(rename = "hexCode")]
    pub hex_code: Option<String>,
    /// Name, e.g. `Ares Black`.
    pub name: String,
    /// Manufacturer code, or null.
    #[serde(rename = "colourCode")]
    pub colour_code: Option<String>,
    /// The variant's id.
    pub model_variant_id: String,
    /// The family's id.
    pub model_id: String,
    /// Manufacturer id.
    pub oem_id: String,
    /// RFC 3339 time.
    pub created_at: String,
    /// Where the record comes from.
    pub source: String,
    /// Image of the variant in this colour, or null (the screen falls back).
    pub image_url: Option<String>,
    /// The variant.
    pub model_variant: VariantRef,
}

/// The electric-model area: `GET /api/v1/content/models` (locations-forms-marketing §2
/// "Electric-model marketing area"; the pages /models, /models/{baseId}, /models/compare).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModelsContent {
    /// Page title, default `Models`.
    #[serde(default = "models_title")]
    pub title: String,
    /// Hero slider slides (a looping carousel at 85vh).
    #[serde(default)]
    pub slides: Vec<Slide>,
    /// Model families (cards on /models; each has /models/{baseId}).
    pub families: Vec<ModelFamily>,
    /// The category carousel.
    #[serde(default)]
    pub categories: Categories,
    /// The scrolling text banner, or null.
    #[serde(default)]
    pub scrolling_banner: Option<ScrollingBanner>,
    /// Call-to-action tiles.
    #[serde(default)]
    pub cta_tiles: Vec<Tile>,
    /// The model banner's default stats (range up to 755km, 0-100km/h from 3.2s, RWD/AWD).
    #[serde(default)]
    pub banner_stats: Vec<Stat>,
    /// The compare screen's title and defaults.
    pub compare: CompareDefaults,
    /// The six variants (from `model_variants.json`; `models.toml` must not set them).
    #[serde(default)]
    pub variants: Vec<ModelVariant>,
    /// Their colours (from `colours.json`; `models.toml` must not set them).
    #[serde(default)]
    pub colours: Vec<Colour>,
}

fn models_title() -> String {
    "Models".into()
}

/// A question and its answer as sanitised HTML.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    /// The question.
    pub question: String,
    /// The answer (sanitised HTML).
    pub answer_html: String,
}

/// A recall campaign (§3 Recall record: recall number, affected years, affected units, model name).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallCampaign {
    /// e.g. `REC-005652`.
    pub recall_number: String,
    /// e.g. `IM6`.
    pub model_name: String,
    /// e.g. `2021-2022`.
    pub affected_years: String,
    /// Number of vehicles affected.
    pub affected_units: u32,
    /// `active` or `closed`.
    pub status: String,
    /// Campaign title.
    pub title: String,
    /// What is wrong (sanitised HTML).
    pub description_html: String,
    /// What the dealer does about it (sanitised HTML).
    pub remedy_html: String,
}

/// The recall page: `GET /api/v1/content/recalls` (§2 "Recall page").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallsContent {
    /// Page title.
    pub title: String,
    /// Introduction (sanitised HTML).
    pub intro_html: String,
    /// Campaigns, active first as written.
    pub campaigns: Vec<RecallCampaign>,
    /// The collapsible FAQ.
    pub faq: Vec<FaqItem>,
}

/// A section of the service page (precise-price servicing, genuine parts).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ServiceSection {
    /// Anchor id, e.g. `precise-price`.
    pub id: String,
    /// Heading.
    pub title: String,
    /// Body (sanitised HTML).
    pub html: String,
}

/// A value-add feature (§3: title, description), e.g. the free ride within 8 km.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Perk {
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
}

/// The Get a Quote modal's wording (§9 "Service quote is fixed for 12 months").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceQuote {
    /// Modal title, `Get a Quote`.
    pub title: String,
    /// How long a quote holds, in months (12).
    pub valid_months: u32,
    /// Note shown with the form.
    #[serde(default)]
    pub note: String,
}

/// The service page: `GET /api/v1/content/service` (§2 "Service page").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceContent {
    /// Banner (no eyebrow or button in the demo content; both optional).
    pub banner: ImageBanner,
    /// Sections in order.
    pub sections: Vec<ServiceSection>,
    /// Value-add features.
    pub perks: Vec<Perk>,
    /// The Get a Quote modal.
    pub quote: ServiceQuote,
    /// The external booking page (an https URL) on tenants that book there, else null.
    pub external_booking_url: Option<String>,
}

/// The trade-in information: `GET /api/v1/content/trade-in` (§2 "Trade-in information").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradeInContent {
    /// The FAQ.
    pub faq: Vec<FaqItem>,
    /// `{brand}` of 'By submitting this enquiry, I agree to the {brand} Privacy Policy.' (the site name).
    pub privacy_brand: String,
}

/// A markdown page: `GET /api/v1/content/pages/{path}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContentPage {
    /// URL path, e.g. `/about-us`.
    pub path: String,
    /// Title (front matter).
    pub title: String,
    /// Description, at most 160 characters (front matter).
    pub description: String,
    /// The body (sanitised HTML).
    pub html: String,
}

/// Everything a tenant's content files hold, rendered. Absent parts are None (the API answers 404).
#[derive(Debug, Clone, Default)]
pub struct Content {
    /// The electric-model area.
    pub models: Option<ModelsContent>,
    /// The recall page.
    pub recalls: Option<RecallsContent>,
    /// The service page's information.
    pub service: Option<ServiceContent>,
    /// The trade-in information.
    pub trade_in: Option<TradeInContent>,
    /// Pages by URL path (`/about-us`).
    pub pages: BTreeMap<String, ContentPage>,
    /// Navigation, popup, offers, brands and reviews (issue 11; `crate::marketing`).
    pub site: crate::marketing::SiteContent,
}

impl Content {
    /// The page at a URL path (`/about-us`, trailing slash ignored), or None.
    pub fn page(&self, path: &str) -> Option<&ContentPage> {
        let p = path.trim_end_matches('/');
        self.pages.get(if p.is_empty() { "/" } else { p })
    }

    /// The model family with this `baseId`, or None (also when the tenant has no model area).
    pub fn family(&self, base_id: &str) -> Option<&ModelFamily> {
        self.models.as_ref()?.families.iter().find(|f| f.base_id == base_id)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FaqFile {
    question: String,
    answer: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CampaignFile {
    recall_number: String,
    model_name: String,
    affected_years: String,
    affected_units: u32,
    #[serde(default = "active")]
    status: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    remedy: String,
}

fn active() -> String {
    "active".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecallsFile {
    #[serde(default = "recalls_title")]
    title: String,
    #[serde(default)]
    intro: String,
    #[serde(default)]
    campaigns: Vec<CampaignFile>,
    #[serde(default)]
    faq: Vec<FaqFile>,
}

fn recalls_title() -> String {
    "Vehicle Recalls".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionFile {
    id: String,
    title: String,
    body: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ServiceFile {
    #[serde(default)]
    external_booking_url: String,
    banner: ImageBanner,
    #[serde(default)]
    sections: Vec<SectionFile>,
    #[serde(default)]
    perks: Vec<Perk>,
    quote: ServiceQuote,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TradeInFile {
    #[serde(default)]
    faq: Vec<FaqFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: String,
    #[serde(default)]
    description: String,
}

/// Markdown (CommonMark with tables and strikethrough) to sanitised HTML. Takes the markdown;
/// returns HTML safe to insert as it is (ammonia's default allow-list, links `noopener noreferrer`).
pub fn markdown_html(markdown: &str) -> String {
    use pulldown_cmark::{Options, Parser, html};
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut out = String::new();
    html::push_html(&mut out, Parser::new_ext(markdown, opts));
    ammonia::Builder::default()
        .link_rel(Some("noopener noreferrer"))
        .clean(&out)
        .to_string()
}

pub(crate) fn invalid(file: &Path, key: impl Into<String>, reason: impl Into<String>) -> TenantError {
    TenantError::Invalid {
        file: file.to_owned(),
        key: key.into(),
        reason: reason.into(),
    }
}

pub(crate) fn read(file: &Path, site_name: &str) -> Result<Option<String>, TenantError> {
    match std::fs::read_to_string(file) {
        Ok(t) => Ok(Some(t.replace(SITE_NAME, site_name))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(invalid(file, "", format!("cannot read: {e}"))),
    }
}

/// Reads `<name>` from the defaults then the tenant folder, the tenant's merged over the default.
/// None when neither exists.
pub(crate) fn merged<T: DeserializeOwned>(dirs: &Dirs, name: &str, site_name: &str) -> Result<Option<T>, TenantError> {
    let mut fig = Figment::new();
    let mut last = None;
    for dir in [&dirs.defaults, &dirs.tenant].into_iter().flatten() {
        let file = dir.join(name);
        if let Some(text) = read(&file, site_name)? {
            // Each file alone must parse, so an error names its own file.
            toml::from_str::<toml::Table>(&text).map_err(|e| invalid(&file, "", e.to_string()))?;
            fig = fig.merge(Toml::string(&text));
            last = Some(file);
        }
    }
    let Some(file) = last else { return Ok(None) };
    fig.extract::<T>().map(Some).map_err(|e| {
        let key = e.path.join(".");
        invalid(&file, key, e.to_string())
    })
}

fn faq(items: Vec<FaqFile>) -> Vec<FaqItem> {
    items
        .into_iter()
        .map(|f| FaqItem {
            question: f.question,
            answer_html: markdown_html(&f.answer),
        })
        .collect()
}

pub(crate) struct Dirs {
    pub(crate) defaults: Option<PathBuf>,
    pub(crate) tenant: Option<PathBuf>,
}

impl Dirs {
    /// The file an error about `name` should name: the tenant's when it has one, else the
    /// default's (the file whose keys win), else the bare name.
    pub(crate) fn file(&self, name: &str) -> PathBuf {
        self.tenant
            .iter()
            .chain(self.defaults.iter())
            .map(|d| d.join(name))
            .find(|f| f.is_file())
            .unwrap_or_else(|| PathBuf::from(name))
    }
}

pub(crate) fn is_link(s: &str) -> bool {
    (s.starts_with('/') && !s.starts_with("//")) || s.starts_with("https://")
}

pub(crate) fn check_link(file: &Path, key: String, s: &str) -> Result<(), TenantError> {
    if is_link(s) {
        Ok(())
    } else {
        Err(invalid(file, key, format!("`{s}` must be a site path (`/...`) or an https URL")))
    }
}

fn check_cta(file: &Path, key: &str, c: &Cta) -> Result<(), TenantError> {
    if c.title.trim().is_empty() {
        return Err(invalid(file, format!("{key}.title"), "must not be empty"));
    }
    if !["primary", "secondary", "outline"].contains(&c.style.as_str()) {
        return Err(invalid(
            file,
            format!("{key}.style"),
            format!("`{}` is not primary, secondary or outline", c.style),
        ));
    }
    check_link(file, format!("{key}.link"), &c.link)
}

fn json_file<T: DeserializeOwned>(file: &Path) -> Result<T, TenantError> {
    let text = std::fs::read_to_string(file).map_err(|e| invalid(file, "", format!("cannot read: {e}")))?;
    serde_json::from_str(&text).map_err(|e| invalid(file, "", e.to_string()))
}

/// Reads and checks the electric-model area (tenant folder only).
fn load_models(dir: &Path, site_name: &str) -> Result<Option<ModelsContent>, TenantError> {
    let file = dir.join("models.toml");
    let Some(text) = read(&file, site_name)? else {
        return Ok(None);
    };
    let mut m: ModelsContent = Figment::from(Toml::string(&text))
        .extract()
        .map_err(|e| invalid(&file, e.path.join("."), e.to_string()))?;
    for (key, set) in [("variants", !m.variants.is_empty()), ("colours", !m.colours.is_empty())] {
        if set {
            return Err(invalid(
                &file,
                key,
                "comes from model_variants.json and colours.json beside models.toml, not from models.toml",
            ));
        }
    }
    m.variants = json_file(&dir.join("model_variants.json"))?;
    m.colours = json_file(&dir.join("colours.json"))?;

    let mut base_ids = BTreeSet::new();
    for (i, f) in m.families.iter().enumerate() {
        let key = |k: &str| format!("families.{i}.{k}");
        if !crate::tenant::is_slug(&f.base_id) || !base_ids.insert(f.base_id.as_str()) {
            return Err(invalid(&file, key("baseId"), "must be a unique slug (a-z, 0-9, -)"));
        }
        if !["available", "coming_soon"].contains(&f.status.as_str()) {
            return Err(invalid(&file, key("status"), "must be available or coming_soon"));
        }
        check_link(&file, key("imageUrl"), &f.image_url)?;
        check_link(&file, key("heroImageUrl"), &f.hero_image_url)?;
        for (j, c) in f.ctas.iter().enumerate() {
            check_cta(&file, &key(&format!("ctas.{j}")), c)?;
        }
        if let Some(b) = &f.banner {
            check_link(&file, key("banner.imageUrl"), &b.image_url)?;
            if let Some(c) = &b.button {
                check_cta(&file, &key("banner.button"), c)?;
            }
        }
        let mut names = BTreeSet::new();
        for (j, t) in f.tabs.iter().enumerate() {
            if !names.insert(t.name.to_lowercase()) {
                return Err(invalid(
                    &file,
                    key(&format!("tabs.{j}.name")),
                    "tab names must differ (case-insensitively)",
                ));
            }
            if t.paragraphs.len() > TAB_PARAGRAPHS_MAX {
                return Err(invalid(
                    &file,
                    key(&format!("tabs.{j}.paragraphs")),
                    format!("at most {TAB_PARAGRAPHS_MAX} paragraphs"),
                ));
            }
            check_link(&file, key(&format!("tabs.{j}.imageUrl")), &t.image_url)?;
            if let Some(c) = &t.button {
                check_cta(&file, &key(&format!("tabs.{j}.button")), c)?;
            }
        }
    }
    for (i, s) in m.slides.iter().enumerate() {
        check_link(&file, format!("slides.{i}.imageSrc"), &s.image_src)?;
        check_cta(&file, &format!("slides.{i}.btn1"), &s.btn1)?;
        check_cta(&file, &format!("slides.{i}.btn2"), &s.btn2)?;
    }
    for (i, c) in m.categories.cards.iter().enumerate() {
        check_link(&file, format!("categories.cards.{i}.imageUrl"), &c.image_url)?;
        check_link(&file, format!("categories.cards.{i}.href"), &c.href)?;
    }
    if let Some(b) = &m.scrolling_banner {
        check_link(&file, "scrollingBanner.href".into(), &b.href)?;
    }
    for (i, t) in m.cta_tiles.iter().enumerate() {
        check_link(&file, format!("ctaTiles.{i}.href"), &t.href)?;
    }
    let vfile = dir.join("model_variants.json");
    let mut ids = BTreeSet::new();
    for (i, v) in m.variants.iter().enumerate() {
        if !ids.insert(v.id.as_str()) {
            return Err(invalid(&vfile, format!("{i}.id"), format!("`{}` appears twice", v.id)));
        }
        if !base_ids.contains(v.base_id.as_str()) {
            return Err(invalid(
                &vfile,
                format!("{i}.baseId"),
                format!("`{}` is not a family in models.toml", v.base_id),
            ));
        }
    }
    for (side, id) in [("left", &m.compare.left), ("right", &m.compare.right)] {
        if !ids.contains(id.as_str()) {
            return Err(invalid(
                &file,
                format!("compare.{side}"),
                format!("`{id}` is not a variant in model_variants.json"),
            ));
        }
    }
    let cfile = dir.join("colours.json");
    for (i, c) in m.colours.iter().enumerate() {
        if !ids.contains(c.model_variant_id.as_str()) {
            return Err(invalid(
                &cfile,
                format!("{i}.model_variant_id"),
                format!("`{}` is not a variant in model_variants.json", c.model_variant_id),
            ));
        }
        if let Some(url) = &c.image_url {
            check_link(&cfile, format!("{i}.image_url"), url)?;
        }
    }
    Ok(Some(m))
}

fn load_recalls(dirs: &Dirs, site_name: &str) -> Result<Option<RecallsContent>, TenantError> {
    let Some(r) = merged::<RecallsFile>(dirs, "recalls.toml", site_name)? else {
        return Ok(None);
    };
    Ok(Some(RecallsContent {
        title: r.title,
        intro_html: markdown_html(&r.intro),
        campaigns: r
            .campaigns
            .into_iter()
            .map(|c| RecallCampaign {
                recall_number: c.recall_number,
                model_name: c.model_name,
                affected_years: c.affected_years,
                affected_units: c.affected_units,
                status: c.status,
                title: c.title,
                description_html: markdown_html(&c.description),
                remedy_html: markdown_html(&c.remedy),
            })
            .collect(),
        faq: faq(r.faq),
    }))
}

fn load_service(dirs: &Dirs, site_name: &str) -> Result<Option<ServiceContent>, TenantError> {
    let Some(s) = merged::<ServiceFile>(dirs, "service.toml", site_name)? else {
        return Ok(None);
    };
    let url = s.external_booking_url.trim().to_string();
    if !url.is_empty() && !url.starts_with("https://") {
        let file = dirs.file("service.toml");
        return Err(invalid(&file, "externalBookingUrl", "must be an https URL or empty"));
    }
    Ok(Some(ServiceContent {
        banner: s.banner,
        sections: s
            .sections
            .into_iter()
            .map(|x| ServiceSection {
                id: x.id,
                title: x.title,
                html: markdown_html(&x.body),
            })
            .collect(),
        perks: s.perks,
        quote: s.quote,
        external_booking_url: (!url.is_empty()).then_some(url),
    }))
}

fn load_trade_in(dirs: &Dirs, site_name: &str) -> Result<Option<TradeInContent>, TenantError> {
    Ok(merged::<TradeInFile>(dirs, "trade_in.toml", site_name)?.map(|t| TradeInContent {
        faq: faq(t.faq),
        privacy_brand: site_name.to_string(),
    }))
}

/// Parses one markdown page: front matter between `+++` lines, then the body.
fn parse_page(file: &Path, path: String, text: &str) -> Result<ContentPage, TenantError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text
        .strip_prefix("+++\n")
        .or_else(|| text.strip_prefix("+++\r\n"))
        .ok_or_else(|| invalid(file, "", "must start with TOML front matter between `+++` lines"))?;
    let end = rest
        .find("\n+++")
        .ok_or_else(|| invalid(file, "", "the front matter has no closing `+++` line"))?;
    let front: FrontMatter = toml::from_str(&rest[..end]).map_err(|e| invalid(file, "", e.to_string()))?;
    if front.title.trim().is_empty() {
        return Err(invalid(file, "title", "must not be empty"));
    }
    if front.description.chars().count() > DESCRIPTION_MAX {
        return Err(invalid(file, "description", format!("at most {DESCRIPTION_MAX} characters")));
    }
    let body = rest[end + 4..].trim_start_matches(['\r', '\n']);
    Ok(ContentPage {
        path,
        title: front.title,
        description: front.description,
        html: markdown_html(body),
    })
}

/// Every `pages/**/*.md` under `root`, keyed by URL path.
fn load_pages(root: &Path, site_name: &str, out: &mut BTreeMap<String, ContentPage>) -> Result<(), TenantError> {
    let pages = root.join("pages");
    if !pages.is_dir() {
        return Ok(());
    }
    let mut stack = vec![pages.clone()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| invalid(&dir, "", format!("cannot read: {e}")))?;
        for entry in entries.filter_map(|e| e.ok()) {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().and_then(|e| e.to_str()) != Some("md") {
                continue;
            }
            let rel = p.strip_prefix(&pages).expect("under pages").with_extension("");
            let segs: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            if segs.iter().any(|s| !crate::tenant::is_slug(s)) {
                return Err(invalid(&p, "", "page file and folder names must be slugs (a-z, 0-9, -)"));
            }
            let url = format!("/{}", segs.join("/"));
            let text = read(&p, site_name)?.unwrap_or_default();
            out.insert(url.clone(), parse_page(&p, url, &text)?);
        }
    }
    Ok(())
}

/// Loads a tenant's content: `<tenant folder>/content/` over the shared defaults folder (module
/// docs). Takes the tenant folder, the defaults folder (tenant.toml `content_defaults`, resolved;
/// None for none), the tenant's slug (offers' `excluded_websites`) and its name (for `{{site_name}}`); returns the rendered content, or
/// the first invalid file and key.
pub fn load(tenant_folder: &Path, defaults: Option<&Path>, slug: &str, site_name: &str) -> Result<Content, TenantError> {
    let tenant = tenant_folder.join("content");
    let dirs = Dirs {
        defaults: defaults.map(Path::to_path_buf).filter(|d| d.is_dir()),
        tenant: Some(tenant.clone()).filter(|d| d.is_dir()),
    };
    let mut pages = BTreeMap::new();
    if let Some(d) = &dirs.defaults {
        load_pages(d, site_name, &mut pages)?;
    }
    if let Some(d) = &dirs.tenant {
        load_pages(d, site_name, &mut pages)?;
    }
    Ok(Content {
        models: match &dirs.tenant {
            Some(d) => load_models(d, site_name)?,
            None => None,
        },
        recalls: load_recalls(&dirs, site_name)?,
        service: load_service(&dirs, site_name)?,
        trade_in: load_trade_in(&dirs, site_name)?,
        site: crate::marketing::load(&dirs, slug, site_name)?,
        pages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_rendered_and_sanitised() {
        let html = markdown_html("# Hi\n\n<script>alert(1)</script>\n\n[x](https://e.com) | a |\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.contains("<h1>Hi</h1>"));
        assert!(!html.contains("<script"));
        assert!(html.contains("rel=\"noopener noreferrer\""));
        assert!(html.contains("<table>"));
        let js = markdown_html("[bad](javascript:alert(1))");
        assert!(!js.contains("javascript:"), "{js}");
    }

    #[test]
    fn pages_need_front_matter_and_a_short_description() {
        let f = Path::new("p.md");
        let p = parse_page(f, "/a".into(), "+++\ntitle = \"A\"\ndescription = \"d\"\n+++\nBody *b*\n").unwrap();
        assert_eq!((p.title.as_str(), p.description.as_str()), ("A", "d"));
        assert_eq!(p.html.trim(), "<p>Body <em>b</em></p>");
        assert!(parse_page(f, "/a".into(), "no front matter").is_err());
        assert!(parse_page(f, "/a".into(), "+++\ntitle = \"A\"\n").is_err());
        let long = format!("+++\ntitle = \"A\"\ndescription = \"{}\"\n+++\n", "x".repeat(161));
        let e = parse_page(f, "/a".into(), &long).unwrap_err().to_string();
        assert!(e.contains("description"), "{e}");
        assert!(
            parse_page(f, "/a".into(), "+++\ntitel = \"A\"\n+++\n").is_err(),
            "unknown keys are refused"
        );
    }
}
