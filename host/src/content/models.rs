//! The electric-model area (`models.toml` with `model_variants.json` and `colours.json`, tenant
//! folder only): slides, model families with tabs and banners, category cards, tiles, the compare
//! defaults, variants and colours, read and checked at load.

use std::{collections::BTreeSet, path::Path};

use figment::{
    Figment,
    providers::{Format, Toml},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::files::{check_link, json_file, read};
use crate::tenant::error::{TenantError, invalid};
use crate::tenant::validate::is_slug;

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

/// The electric-model area: `GET /api/v1/content/models` (docs/features/locations-forms-marketing.md §2
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

/// Reads and checks the electric-model area from `dir` (the tenant's `content/` folder) with
/// `{{site_name}}` replaced by `site_name`. None without a `models.toml`. Errors: the first
/// invalid file and key.
pub(crate) fn load_models(dir: &Path, site_name: &str) -> Result<Option<ModelsContent>, TenantError> {
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
        if !is_slug(&f.base_id) || !base_ids.insert(f.base_id.as_str()) {
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
