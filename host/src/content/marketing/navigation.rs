//! Site content for finding the dealer (issue 11): navigation (header, model menu, footer), the
//! popup, offers, brands with the statistics banner, and reviews. Read at start from content files
//! in `tenants/<slug>/content/` over the shared defaults folder (`content_defaults`), checked (a
//! wrong key or link fails the load naming the file and key), and served by `api::site` and inline
//! in the documents. Spec: locations-forms-marketing §2 "Offers", "Navigation", "Reviews"; §3
//! Offer, Review, Manufacturer, Model menu item, Brand entry; §4 popup, offers; §9 reviews, popup.
//!
//! Files (tenants/README.md "Content files"):
//! - `navigation.toml`: `open_on` (click or hover), `[[header]]` entries, `[[vehicles]]` (model
//!   menu items), `[[footer]]` columns, optional `[popup]`. The tenant's keys merge over the
//!   default's; arrays replace.
//! - `offers.toml`: `[[offers]]`; the default file's offers and the tenant's are both listed, and
//!   an offer naming the tenant in `excluded_websites` is hidden on that site.
//! - `brands.toml`: `stats` (the statistics banner) and `[[brands]]` grouped by kind; logos come
//!   from the platform's manufacturer list (`host/assets/logos`).
//! - `reviews.toml`: the site's aggregate (average kept as a string), `min_rating`,
//!   `hidden_titles` and `[[reviews]]`, each tied to a location slug.

use std::{collections::BTreeSet, path::Path, sync::LazyLock};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    content::{Dirs, Stat, check_link, invalid, markdown_html, merged, read},
    tenant::{TenantError, is_slug},
};

/// The most reviews a block shows (locations-forms-marketing §9 "12 Google reviews").
pub const REVIEWS_MAX: usize = 12;
/// Offer description and disclaimer length above which the UI shows View more (§9: 200).
pub const OFFER_EXPAND_AT: usize = 200;

// ---------------------------------------------------------------------------------------------
// Manufacturers and logos

/// One make of the platform's manufacturer list (§3 Manufacturer): `GET /api/v1/manufacturers`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Manufacturer {
    /// Position in the list (1-based).
    pub id: u32,
    /// Display name, e.g. `Toyota`.
    pub name: String,
    /// Slug, e.g. `toyota`, `alfa-romeo`.
    pub slug: String,
    /// `/logos/{slug}.svg`.
    pub logo_url: String,
}

static LOGO_DIR: include_dir::Dir<'static> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/logos");

static MANUFACTURERS: LazyLock<Vec<Manufacturer>> = LazyLock::new(|| {
    let csv = LOGO_DIR
        .get_file("manufacturers.csv")
        .and_then(|f| f.contents_utf8())
        .expect("assets/logos/manufacturers.csv");
    csv::Reader::from_reader(csv.as_bytes())
        .records()
        .filter_map(Result::ok)
        .enumerate()
        .map(|(i, r)| Manufacturer {
            id: i as u32 + 1,
            name: r[0].to_string(),
            slug: r[1].to_string(),
            logo_url: format!("/logos/{}", &r[2]),
        })
        .collect()
});

/// The platform's manufacturer list (71 makes with logos), in name order.
pub fn manufacturers() -> &'static [Manufacturer] {
    &MANUFACTURERS
}

/// The logo URL of a make by slug or name (`mercedes-benz`, `Mercedes-Benz`), or None when the
/// platform has no logo for it.
pub fn logo_url(make: &str) -> Option<String> {
    let slug = crate::slug::slugify(make);
    MANUFACTURERS.iter().find(|m| m.slug == slug).map(|m| m.logo_url.clone())
}

/// The SVG bytes of `/logos/{file}`, or None. Takes the file name (`toyota.svg`).
pub fn logo_svg(file: &str) -> Option<&'static [u8]> {
    if !file.ends_with(".svg") || file.contains('/') {
        return None;
    }
    LOGO_DIR.get_file(file).map(|f| f.contents())
}

// ---------------------------------------------------------------------------------------------
// Navigation and popup

/// How header dropdowns open (§2 "Dropdowns open by click or hover (a site setting)").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OpenOn {
    /// Open on click (and keyboard).
    #[default]
    Click,
    /// Open on pointer hover (click and keyboard still work).
    Hover,
}

/// What a header entry opens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum NavKind {
    /// The models dropdown from [`Navigation::vehicles`].
    Vehicles,
    /// The stock links from [`Navigation::stock`] (counts from search).
    Stock,
    /// Columns of links (or a plain link when it has none).
    #[default]
    Links,
    /// Brand tiles from [`Navigation::brands`].
    Brands,
}

/// A link, with a stock count where the host knows one.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NavLink {
    /// Text.
    pub label: String,
    /// Site path or https URL.
    pub href: String,
    /// Cars behind the link (stock entries only), else null.
    #[serde(default)]
    pub count: Option<u64>,
}

/// A titled column of links (header dropdowns and the footer).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NavColumn {
    /// Heading, e.g. `Buyer Tools`.
    pub title: String,
    /// Links.
    #[serde(default)]
    pub links: Vec<NavLink>,
}

/// A header entry (§2 "Entries are Vehicles, Offers, Stock, Service & Parts, Finance Enquiry, More").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NavEntry {
    /// Text.
    pub label: String,
    /// Where the entry itself goes (a plain link, or the dropdown's "see all"), or null.
    #[serde(default)]
    pub href: Option<String>,
    /// What it opens.
    #[serde(default)]
    pub kind: NavKind,
    /// Link columns (kind `links`).
    #[serde(default)]
    pub columns: Vec<NavColumn>,
}

/// A model of the Vehicles menu (§3 Model menu item).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ModelMenuItem {
    /// Slug, e.g. `im6`.
    pub slug: String,
    /// Name.
    pub name: String,
    /// The model's page: its override URL, else `/{slug}`.
    pub href: String,
    /// `available` or `coming_soon` (Coming Soon badge).
    pub status: String,
    /// Make, e.g. `IM Motors`.
    pub manufacturer_name: Option<String>,
    /// Image (site path or https URL).
    pub image_url: Option<String>,
    /// Body types (`manufacturer_body`, `manufacturer_body2`, `manufacturer_body3`), e.g. `suv`.
    pub bodies: Vec<String>,
    /// Powertrain filter value: `electric`, `hybrid`, `petrol`, `diesel`, or null.
    pub powertrain: Option<String>,
}

/// A brand tile of the header (links to the brand's stock).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BrandTile {
    /// Brand name.
    pub title: String,
    /// Brand slug.
    pub slug: String,
    /// Logo (`/logos/{slug}.svg`), or null.
    pub logo_url: Option<String>,
    /// `/search/{slug}`.
    pub href: String,
}

/// A popular body type tile (§2 "Popular car types": top 4 by count).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PopularBody {
    /// Facet value, e.g. `SUV`.
    pub value: String,
    /// Label.
    pub label: String,
    /// Cars of that body type in the site's stock.
    pub count: u64,
    /// `/search/{body slug}`.
    pub href: String,
}

/// The popup's button.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PopupButton {
    /// Text.
    pub label: String,
    /// Site path or https URL.
    pub href: String,
}

/// The popup dialog (§2 "Popup dialog"; §4: visible until closed or its link is clicked, hidden
/// after its expiry; §9: at most 600 px wide, 80vh high).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Popup {
    /// Id; the UI remembers a dismissal per id, so a new popup shows again.
    pub id: String,
    /// Image (site path or https URL), or null.
    #[serde(default)]
    pub image_url: Option<String>,
    /// Title.
    pub title: String,
    /// Description (plain text).
    #[serde(default)]
    pub description: String,
    /// Button, or null.
    #[serde(default)]
    pub button: Option<PopupButton>,
    /// When it stops showing (RFC 3339), or null for never.
    #[serde(default)]
    pub expires_at: Option<String>,
}

/// Navigation: `GET /api/v1/navigation` (§2 "Navigation", "Popular car types").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Navigation {
    /// How dropdowns open.
    pub open_on: OpenOn,
    /// Header entries in order.
    pub header: Vec<NavEntry>,
    /// The Vehicles dropdown's models.
    pub vehicles: Vec<ModelMenuItem>,
    /// Stock links with counts (new, used, demo, all).
    pub stock: Vec<NavLink>,
    /// Brand tiles (the site's brands, from `brands.toml`).
    pub brands: Vec<BrandTile>,
    /// Footer columns (Models, Buyer Tools, Service & Parts, the dealer's own menu).
    pub footer: Vec<NavColumn>,
    /// Top 4 body types by count.
    pub popular_bodies: Vec<PopularBody>,
    /// The popup, or null (none, or expired).
    pub popup: Option<Popup>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct VehicleFile {
    slug: String,
    name: String,
    #[serde(default)]
    override_url: Option<String>,
    #[serde(default = "available")]
    status: String,
    #[serde(default)]
    manufacturer_name: Option<String>,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    manufacturer_body: Option<String>,
    #[serde(default)]
    manufacturer_body2: Option<String>,
    #[serde(default)]
    manufacturer_body3: Option<String>,
    #[serde(default)]
    powertrain: Option<String>,
}

fn available() -> String {
    "available".into()
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct NavigationFile {
    #[serde(default)]
    open_on: OpenOn,
    #[serde(default)]
    header: Vec<NavEntry>,
    #[serde(default)]
    vehicles: Vec<VehicleFile>,
    #[serde(default)]
    footer: Vec<NavColumn>,
    #[serde(default)]
    popup: Option<Popup>,
}

/// The navigation parts read from files (stock counts and popular bodies are added per request
/// from search).
#[derive(Debug, Clone, Default)]
pub struct NavigationContent {
    /// How dropdowns open.
    pub open_on: OpenOn,
    /// Header entries.
    pub header: Vec<NavEntry>,
    /// Model menu items.
    pub vehicles: Vec<ModelMenuItem>,
    /// Footer columns.
    pub footer: Vec<NavColumn>,
    /// The popup as configured (expiry applied per request).
    pub popup: Option<Popup>,
}

// ---------------------------------------------------------------------------------------------
// Offers

/// An offer's model, with the 'Explore {model}' link.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OfferModel {
    /// Model name.
    pub name: String,
    /// Model slug.
    pub slug: String,
    /// The model's override URL, else `/{slug}`.
    pub href: String,
}

/// An offer (§3 Offer): `GET /api/v1/offers`, `GET /api/v1/offers/{id}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Offer {
    /// Id (a slug or number), unique in the site.
    pub id: String,
    /// Name.
    pub name: String,
    /// Description as HTML, sanitised on the host (markdown in the file).
    pub description_html: String,
    /// Description as plain text (for the 200-character View more rule).
    pub description_text: String,
    /// Disclaimer (plain text).
    pub disclaimer: String,
    /// Category, e.g. `Finance offer`.
    pub category: Option<String>,
    /// Manufacturer name.
    pub manufacturer: Option<String>,
    /// The model, with its Explore link.
    pub model: Option<OfferModel>,
    /// Image (site path or https URL).
    pub image_url: Option<String>,
    /// Whether Book a Test Drive shows (the offer qualifies).
    pub test_drive: bool,
    /// The offer's page: `/offers/{manufacturer slug}/{id}`, or `/offers/{id}` without one.
    pub href: String,
    /// The enquiry link (the offer page's form).
    pub enquiry_href: String,
    /// First day shown (YYYY-MM-DD), or null.
    pub starts_on: Option<String>,
    /// Last day shown (YYYY-MM-DD), or null.
    pub ends_on: Option<String>,
}

/// The offers list: `GET /api/v1/offers`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OffersResponse {
    /// Offers shown on this site today, in file order.
    pub offers: Vec<Offer>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferModelFile {
    name: String,
    slug: String,
    #[serde(default)]
    override_url: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferFile {
    id: String,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    disclaimer: String,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    manufacturer: Option<String>,
    #[serde(default)]
    model: Option<OfferModelFile>,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    test_drive: bool,
    #[serde(default)]
    excluded_websites: Vec<String>,
    #[serde(default)]
    starts_on: Option<String>,
    #[serde(default)]
    ends_on: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OffersFile {
    #[serde(default)]
    offers: Vec<OfferFile>,
}

// ---------------------------------------------------------------------------------------------
// Brands

/// Kinds of brand grid (shopper-core §2 "brand grids (cars, motorcycles, trucks, group brands)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BrandKind {
    /// Car makes.
    Cars,
    /// Motorcycle makes.
    Motorcycles,
    /// Truck makes.
    Trucks,
    /// The group's own businesses.
    Group,
}

impl BrandKind {
    fn title(self) -> &'static str {
        match self {
            BrandKind::Cars => "Cars",
            BrandKind::Motorcycles => "Motorcycles",
            BrandKind::Trucks => "Trucks",
            BrandKind::Group => "Group Brands",
        }
    }
}

/// A brand (§3 Brand entry): `GET /api/v1/brands/{slug}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Brand {
    /// Name.
    pub title: String,
    /// Slug.
    pub slug: String,
    /// Grid it belongs to.
    pub kind: BrandKind,
    /// Logo (shown at 76x65): the file's `logo`, else the platform's logo for the make, else null.
    pub logo_url: Option<String>,
    /// Banner image, or null.
    pub banner_url: Option<String>,
    /// Description (plain text).
    pub description: String,
    /// Where the tile goes: `/{slug}/overview`, or the stock page when `skip_page`.
    pub href: String,
    /// The brand's stock page, `/search/{slug}`.
    pub stock_href: String,
    /// No overview page: the tile goes straight to the stock.
    pub skip_page: bool,
}

/// A grid of brands of one kind.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BrandGroup {
    /// Kind.
    pub kind: BrandKind,
    /// Heading, e.g. `Cars`.
    pub title: String,
    /// Brands in file order.
    pub brands: Vec<Brand>,
}

/// Brands and the statistics banner: `GET /api/v1/brands`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BrandsResponse {
    /// The statistics banner (e.g. 50+ Locations); empty when the site shows none.
    pub stats: Vec<Stat>,
    /// Grids, in kind order (cars, motorcycles, trucks, group), empty kinds left out.
    pub groups: Vec<BrandGroup>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct BrandFile {
    title: String,
    slug: String,
    #[serde(default = "cars")]
    kind: BrandKind,
    #[serde(default)]
    logo: Option<String>,
    #[serde(default)]
    banner: Option<String>,
    #[serde(default)]
    description: String,
    #[serde(default, rename = "skipPage", alias = "skip_page")]
    skip_page: bool,
}

fn cars() -> BrandKind {
    BrandKind::Cars
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BrandsFile {
    #[serde(default)]
    stats: Vec<Stat>,
    #[serde(default)]
    brands: Vec<BrandFile>,
}

// ---------------------------------------------------------------------------------------------
// Reviews

/// A review (§3 Review). Text is plain; the UI escapes it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Review {
    /// Id.
    pub id: String,
    /// The location it is about.
    pub location: String,
    /// Reviewer.
    pub customer_name: String,
    /// Text (plain).
    pub text: String,
    /// 1..=5.
    pub rating: u8,
    /// YYYY-MM-DD.
    pub review_date: String,
    /// e.g. `3 months ago`, from the request time.
    pub review_date_in_words: String,
    /// The dealer's reply, or null.
    pub reply_text: Option<String>,
    /// YYYY-MM-DD of the reply, or null.
    pub reply_date: Option<String>,
    /// Reviewer's picture, or null.
    pub image_url: Option<String>,
}

/// A reviews block: `GET /api/v1/reviews` (§2 "Reviews"; §9: 12 reviews, minimum rating).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReviewsResponse {
    /// Average rating as a string, e.g. `4.7` (§3 "average_rating (a string)").
    pub average_rating: String,
    /// Number of reviews behind the average.
    pub count: u64,
    /// At most 12, newest first, at or above the site's minimum rating, hidden titles left out.
    pub reviews: Vec<Review>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewFile {
    id: String,
    location: String,
    customer_name: String,
    text: String,
    rating: u8,
    review_date: String,
    #[serde(default)]
    reply_text: Option<String>,
    #[serde(default)]
    reply_date: Option<String>,
    #[serde(default)]
    image: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewsFile {
    average_rating: String,
    count: u64,
    #[serde(default = "four")]
    min_rating: u8,
    #[serde(default)]
    hidden_titles: Vec<String>,
    #[serde(default)]
    reviews: Vec<ReviewFile>,
}

fn four() -> u8 {
    4
}

/// The site's reviews as read: aggregate, rules and every review.
#[derive(Debug, Clone, Default)]
pub struct ReviewsContent {
    /// The site-wide average (string) and count (the spec's sample set: 4.7 over 3118).
    pub average_rating: String,
    /// The site-wide count.
    pub count: u64,
    /// Reviews below this rating are not shown (per site; §9).
    pub min_rating: u8,
    /// Reviews whose text starts with one of these (case-insensitive) are not shown.
    pub hidden_titles: Vec<String>,
    /// All reviews, newest first (`review_date_in_words` empty until served).
    pub reviews: Vec<Review>,
}

impl ReviewsContent {
    /// Whether a review may be shown: rating at or above the minimum and no hidden title.
    pub fn shown(&self, r: &Review) -> bool {
        let text = r.text.trim_start().to_lowercase();
        r.rating >= self.min_rating && !self.hidden_titles.iter().any(|t| text.starts_with(&t.to_lowercase()))
    }

    /// The reviews to show among those for which `keep` holds: shown ones, newest first, at most
    /// [`REVIEWS_MAX`], with `review_date_in_words` relative to `today`.
    pub fn pick(&self, today: jiff::civil::Date, keep: impl Fn(&Review) -> bool) -> Vec<Review> {
        self.reviews
            .iter()
            .filter(|r| keep(r) && self.shown(r))
            .take(REVIEWS_MAX)
            .map(|r| Review {
                review_date_in_words: date_in_words(&r.review_date, today),
                ..r.clone()
            })
            .collect()
    }
}

/// `3 months ago` for a YYYY-MM-DD date before `today` (timeago's English, days at least;
/// `today` for today). An unparsable date gives an empty string.
pub fn date_in_words(date: &str, today: jiff::civil::Date) -> String {
    let Ok(d) = date.parse::<jiff::civil::Date>() else {
        return String::new();
    };
    let days = (today - d).get_days().max(0) as u64;
    if days == 0 {
        return "today".into();
    }
    let mut f = timeago::Formatter::new();
    f.min_unit(timeago::TimeUnit::Days);
    f.convert(std::time::Duration::from_secs(days * 86_400))
}

// ---------------------------------------------------------------------------------------------
// Loading

/// The issue-11 content of a site, read at start.
#[derive(Debug, Clone, Default)]
pub struct SiteContent {
    /// Navigation and popup, or None without a `navigation.toml`.
    pub navigation: Option<NavigationContent>,
    /// Every offer shown on this site (exclusions applied; dates are applied per request).
    pub offers: Vec<Offer>,
    /// Brands and stats, or None without a `brands.toml`.
    pub brands: Option<BrandsResponse>,
    /// Reviews, or None without a `reviews.toml`.
    pub reviews: Option<ReviewsContent>,
}

impl SiteContent {
    /// The offer with this id shown on `today`, or None.
    pub fn offer(&self, id: &str, today: jiff::civil::Date) -> Option<&Offer> {
        self.offers.iter().find(|o| o.id == id && offer_live(o, today))
    }

    /// The offers shown on `today`.
    pub fn live_offers(&self, today: jiff::civil::Date) -> Vec<Offer> {
        self.offers.iter().filter(|o| offer_live(o, today)).cloned().collect()
    }

    /// The brand with this slug, or None.
    pub fn brand(&self, slug: &str) -> Option<&Brand> {
        self.brands.as_ref()?.groups.iter().flat_map(|g| &g.brands).find(|b| b.slug == slug)
    }
}

/// Whether an offer shows on `today` (between `starts_on` and `ends_on`, both inclusive).
pub fn offer_live(o: &Offer, today: jiff::civil::Date) -> bool {
    let day = |s: &Option<String>| s.as_deref().and_then(|d| d.parse::<jiff::civil::Date>().ok());
    day(&o.starts_on).is_none_or(|s| s <= today) && day(&o.ends_on).is_none_or(|e| today <= e)
}

/// Whether the popup shows at `now` (no expiry, or before it).
pub fn popup_live(p: &Popup, now: jiff::Timestamp) -> bool {
    p.expires_at
        .as_deref()
        .and_then(|e| e.parse::<jiff::Timestamp>().ok())
        .is_none_or(|e| now < e)
}

fn check_opt_link(file: &Path, key: String, s: &Option<String>) -> Result<(), TenantError> {
    match s {
        Some(s) => check_link(file, key, s),
        None => Ok(()),
    }
}

fn check_date(file: &Path, key: String, s: &Option<String>) -> Result<(), TenantError> {
    match s {
        Some(d) if d.parse::<jiff::civil::Date>().is_err() => Err(invalid(file, key, format!("`{d}` is not a YYYY-MM-DD date"))),
        _ => Ok(()),
    }
}

fn load_navigation(dirs: &Dirs, site_name: &str) -> Result<Option<NavigationContent>, TenantError> {
    let Some(n) = merged::<NavigationFile>(dirs, "navigation.toml", site_name)? else {
        return Ok(None);
    };
    let file = dirs.file("navigation.toml");
    for (i, e) in n.header.iter().enumerate() {
        if e.label.trim().is_empty() {
            return Err(invalid(&file, format!("header.{i}.label"), "must not be empty"));
        }
        check_opt_link(&file, format!("header.{i}.href"), &e.href)?;
        for (j, c) in e.columns.iter().enumerate() {
            for (k, l) in c.links.iter().enumerate() {
                check_link(&file, format!("header.{i}.columns.{j}.links.{k}.href"), &l.href)?;
            }
        }
    }
    for (i, c) in n.footer.iter().enumerate() {
        for (k, l) in c.links.iter().enumerate() {
            check_link(&file, format!("footer.{i}.links.{k}.href"), &l.href)?;
        }
    }
    let mut slugs = BTreeSet::new();
    let mut vehicles = Vec::new();
    for (i, v) in n.vehicles.into_iter().enumerate() {
        let key = |k: &str| format!("vehicles.{i}.{k}");
        if !is_slug(&v.slug) || !slugs.insert(v.slug.clone()) {
            return Err(invalid(&file, key("slug"), "must be a unique slug"));
        }
        if !["available", "coming_soon"].contains(&v.status.as_str()) {
            return Err(invalid(&file, key("status"), "must be available or coming_soon"));
        }
        if let Some(p) = &v.powertrain
            && !["electric", "hybrid", "plug-in hybrid", "petrol", "diesel"].contains(&p.as_str())
        {
            return Err(invalid(
                &file,
                key("powertrain"),
                "must be electric, hybrid, plug-in hybrid, petrol or diesel",
            ));
        }
        check_opt_link(&file, key("override_url"), &v.override_url)?;
        check_opt_link(&file, key("image"), &v.image)?;
        vehicles.push(ModelMenuItem {
            href: v.override_url.clone().unwrap_or_else(|| format!("/{}", v.slug)),
            bodies: [v.manufacturer_body, v.manufacturer_body2, v.manufacturer_body3]
                .into_iter()
                .flatten()
                .filter(|b| !b.trim().is_empty())
                .collect(),
            slug: v.slug,
            name: v.name,
            status: v.status,
            manufacturer_name: v.manufacturer_name,
            image_url: v.image,
            powertrain: v.powertrain,
        });
    }
    if let Some(p) = &n.popup {
        if p.title.trim().is_empty() {
            return Err(invalid(&file, "popup.title", "must not be empty"));
        }
        check_opt_link(&file, "popup.image_url".into(), &p.image_url)?;
        if let Some(b) = &p.button {
            check_link(&file, "popup.button.href".into(), &b.href)?;
        }
        if let Some(e) = &p.expires_at
            && e.parse::<jiff::Timestamp>().is_err()
        {
            return Err(invalid(&file, "popup.expires_at", format!("`{e}` is not an RFC 3339 time")));
        }
    }
    Ok(Some(NavigationContent {
        open_on: n.open_on,
        header: n.header,
        vehicles,
        footer: n.footer,
        popup: n.popup,
    }))
}

/// Plain text of rendered HTML (tags dropped, entities decoded, whitespace collapsed).
fn plain_text(html: &str) -> String {
    let no_tags = ammonia::Builder::empty().clean(html).to_string();
    html_escape::decode_html_entities(&no_tags)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn load_offers(dirs: &Dirs, slug: &str, site_name: &str) -> Result<Vec<Offer>, TenantError> {
    let mut out: Vec<Offer> = Vec::new();
    for dir in [&dirs.defaults, &dirs.tenant].into_iter().flatten() {
        let file = dir.join("offers.toml");
        let Some(text) = read(&file, site_name)? else { continue };
        let f: OffersFile = toml::from_str(&text).map_err(|e| invalid(&file, "", e.message().to_string()))?;
        for (i, o) in f.offers.into_iter().enumerate() {
            let key = |k: &str| format!("offers.{i}.{k}");
            if !is_slug(&o.id) {
                return Err(invalid(&file, key("id"), "must be a slug (a-z, 0-9, -)"));
            }
            if out.iter().any(|x| x.id == o.id) {
                return Err(invalid(&file, key("id"), format!("`{}` is already an offer", o.id)));
            }
            if o.name.trim().is_empty() {
                return Err(invalid(&file, key("name"), "must not be empty"));
            }
            check_opt_link(&file, key("image"), &o.image)?;
            check_date(&file, key("starts_on"), &o.starts_on)?;
            check_date(&file, key("ends_on"), &o.ends_on)?;
            if let Some(m) = &o.model {
                check_opt_link(&file, key("model.override_url"), &m.override_url)?;
                if !is_slug(&m.slug) {
                    return Err(invalid(&file, key("model.slug"), "must be a slug"));
                }
            }
            if o.excluded_websites.iter().any(|w| w == slug) {
                continue;
            }
            let description_html = markdown_html(&o.description);
            let href = match &o.manufacturer {
                Some(m) => format!("/offers/{}/{}", crate::slug::slugify(m), o.id),
                None => format!("/offers/{}", o.id),
            };
            out.push(Offer {
                description_text: plain_text(&description_html),
                description_html,
                disclaimer: o.disclaimer.trim().to_string(),
                category: o.category,
                manufacturer: o.manufacturer,
                model: o.model.map(|m| OfferModel {
                    href: m.override_url.unwrap_or_else(|| format!("/{}", m.slug)),
                    name: m.name,
                    slug: m.slug,
                }),
                image_url: o.image,
                test_drive: o.test_drive,
                enquiry_href: format!("{href}#enquire"),
                href,
                id: o.id,
                name: o.name,
                starts_on: o.starts_on,
                ends_on: o.ends_on,
            });
        }
    }
    Ok(out)
}

fn load_brands(dirs: &Dirs, site_name: &str) -> Result<Option<BrandsResponse>, TenantError> {
    let Some(b) = merged::<BrandsFile>(dirs, "brands.toml", site_name)? else {
        return Ok(None);
    };
    let file = dirs.file("brands.toml");
    let mut slugs = BTreeSet::new();
    let mut groups: Vec<BrandGroup> = Vec::new();
    for (i, f) in b.brands.into_iter().enumerate() {
        let key = |k: &str| format!("brands.{i}.{k}");
        if !is_slug(&f.slug) || !slugs.insert(f.slug.clone()) {
            return Err(invalid(&file, key("slug"), "must be a unique slug"));
        }
        check_opt_link(&file, key("logo"), &f.logo)?;
        check_opt_link(&file, key("banner"), &f.banner)?;
        let stock_href = format!("/search/{}", f.slug);
        let brand = Brand {
            logo_url: f.logo.or_else(|| logo_url(&f.slug)),
            href: if f.skip_page {
                stock_href.clone()
            } else {
                format!("/{}/overview", f.slug)
            },
            stock_href,
            title: f.title,
            slug: f.slug,
            kind: f.kind,
            banner_url: f.banner,
            description: f.description,
            skip_page: f.skip_page,
        };
        match groups.iter_mut().find(|g| g.kind == f.kind) {
            Some(g) => g.brands.push(brand),
            None => groups.push(BrandGroup {
                kind: f.kind,
                title: f.kind.title().into(),
                brands: vec![brand],
            }),
        }
    }
    groups.sort_by_key(|g| g.kind);
    Ok(Some(BrandsResponse { stats: b.stats, groups }))
}

fn load_reviews(dirs: &Dirs, site_name: &str) -> Result<Option<ReviewsContent>, TenantError> {
    let Some(r) = merged::<ReviewsFile>(dirs, "reviews.toml", site_name)? else {
        return Ok(None);
    };
    let file = dirs.file("reviews.toml");
    if r.average_rating.parse::<f64>().map_or(true, |a| !(0.0..=5.0).contains(&a)) {
        return Err(invalid(
            &file,
            "average_rating",
            "must be a number from 0 to 5, written as a string",
        ));
    }
    if !(1..=5).contains(&r.min_rating) {
        return Err(invalid(&file, "min_rating", "must be between 1 and 5"));
    }
    let mut ids = BTreeSet::new();
    let mut reviews = Vec::new();
    for (i, f) in r.reviews.into_iter().enumerate() {
        let key = |k: &str| format!("reviews.{i}.{k}");
        if !ids.insert(f.id.clone()) {
            return Err(invalid(&file, key("id"), "must be unique"));
        }
        if !(1..=5).contains(&f.rating) {
            return Err(invalid(&file, key("rating"), "must be between 1 and 5"));
        }
        check_date(&file, key("review_date"), &Some(f.review_date.clone()))?;
        check_date(&file, key("reply_date"), &f.reply_date)?;
        check_opt_link(&file, key("image"), &f.image)?;
        reviews.push(Review {
            id: f.id,
            location: f.location,
            customer_name: f.customer_name,
            text: f.text.trim().to_string(),
            rating: f.rating,
            review_date: f.review_date,
            review_date_in_words: String::new(),
            reply_text: f.reply_text,
            reply_date: f.reply_date,
            image_url: f.image,
        });
    }
    reviews.sort_by(|a, b| b.review_date.cmp(&a.review_date).then(a.id.cmp(&b.id)));
    Ok(Some(ReviewsContent {
        average_rating: r.average_rating,
        count: r.count,
        min_rating: r.min_rating,
        hidden_titles: r.hidden_titles,
        reviews,
    }))
}

/// Loads a site's navigation, popup, offers, brands and reviews (module docs). Takes the content
/// folders, the tenant's slug (offer exclusions) and name (`{{site_name}}`); returns them, or the
/// first invalid file and key.
pub(crate) fn load(dirs: &Dirs, slug: &str, site_name: &str) -> Result<SiteContent, TenantError> {
    Ok(SiteContent {
        navigation: load_navigation(dirs, site_name)?,
        offers: load_offers(dirs, slug, site_name)?,
        brands: load_brands(dirs, site_name)?,
        reviews: load_reviews(dirs, site_name)?,
    })
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    #[test]
    fn dates_in_words() {
        let today = date(2026, 11, 21);
        assert_eq!(date_in_words("2026-11-21", today), "today");
        assert_eq!(date_in_words("2026-11-20", today), "1 day ago");
        assert_eq!(date_in_words("2026-08-15", today), "3 months ago");
        assert_eq!(date_in_words("2024-11-01", today), "2 years ago");
        assert_eq!(date_in_words("nonsense", today), "");
    }

    #[test]
    fn the_manufacturer_list_has_logos() {
        assert!(manufacturers().len() > 60);
        assert_eq!(logo_url("Toyota").as_deref(), Some("/logos/toyota.svg"));
        assert_eq!(logo_url("Mercedes-Benz").as_deref(), Some("/logos/mercedes-benz.svg"));
        assert_eq!(logo_url("Holden"), None);
        assert!(logo_svg("toyota.svg").is_some_and(|b| b.starts_with(b"<svg") || b.windows(4).any(|w| w == b"<svg")));
        assert!(logo_svg("../Cargo.toml").is_none());
        assert!(logo_svg("manufacturers.csv").is_none());
    }

    #[test]
    fn offers_and_popups_by_date() {
        let o = |s: Option<&str>, e: Option<&str>| Offer {
            id: "x".into(),
            name: "x".into(),
            description_html: String::new(),
            description_text: String::new(),
            disclaimer: String::new(),
            category: None,
            manufacturer: None,
            model: None,
            image_url: None,
            test_drive: false,
            href: "/offers/x".into(),
            enquiry_href: "/offers/x#enquire".into(),
            starts_on: s.map(Into::into),
            ends_on: e.map(Into::into),
        };
        let today = date(2026, 11, 21);
        assert!(offer_live(&o(None, None), today));
        assert!(offer_live(&o(Some("2026-11-21"), Some("2026-11-21")), today));
        assert!(!offer_live(&o(Some("2026-11-22"), None), today));
        assert!(!offer_live(&o(None, Some("2026-11-20")), today));
        let p = |e: Option<&str>| Popup {
            id: "p".into(),
            image_url: None,
            title: "t".into(),
            description: String::new(),
            button: None,
            expires_at: e.map(Into::into),
        };
        let now: jiff::Timestamp = "2026-11-21T00:00:00Z".parse().unwrap();
        assert!(popup_live(&p(None), now));
        assert!(popup_live(&p(Some("2026-11-21T00:00:01Z")), now));
        assert!(!popup_live(&p(Some("2026-11-21T00:00:00Z")), now));
    }

    #[test]
    fn reviews_below_the_minimum_or_hidden_are_left_out() {
        let r = |id: &str, rating: u8, text: &str, d: &str| Review {
            id: id.into(),
            location: "a".into(),
            customer_name: "N".into(),
            text: text.into(),
            rating,
            review_date: d.into(),
            review_date_in_words: String::new(),
            reply_text: None,
            reply_date: None,
            image_url: None,
        };
        let mut reviews: Vec<Review> = (0..20).map(|i| r(&format!("r{i:02}"), 5, "Great", "2026-01-01")).collect();
        reviews.insert(0, r("low", 3, "Meh", "2026-11-01"));
        reviews.insert(0, r("hidden", 5, "Test review please ignore", "2026-11-02"));
        let c = ReviewsContent {
            average_rating: "4.7".into(),
            count: 3118,
            min_rating: 4,
            hidden_titles: vec!["test review".into()],
            reviews,
        };
        let picked = c.pick(date(2026, 11, 21), |_| true);
        assert_eq!(picked.len(), REVIEWS_MAX);
        assert!(picked.iter().all(|r| r.rating >= 4 && r.id.starts_with('r')));
        assert_eq!(picked[0].review_date_in_words, "10 months ago");
    }

    #[test]
    fn offer_text_is_plain() {
        assert_eq!(
            plain_text("<p>Save <strong>$2,000</strong> &amp; more</p>\n<p>Now</p>"),
            "Save $2,000 & more Now"
        );
    }
}
