//! The site's navigation (`navigation.toml`): header entries, the model menu, footer columns and
//! the popup, with the response shapes `GET /api/v1/navigation` fills per request.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    content::files::{Dirs, check_link, check_opt_link, merged},
    tenant::{
        error::{TenantError, invalid},
        validate::is_slug,
    },
};

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

/// Whether the popup shows at `now` (no expiry, or before it).
pub fn popup_live(p: &Popup, now: jiff::Timestamp) -> bool {
    p.expires_at
        .as_deref()
        .and_then(|e| e.parse::<jiff::Timestamp>().ok())
        .is_none_or(|e| now < e)
}

/// Reads and checks `navigation.toml` (the tenant's keys over the default's; `{{site_name}}`
/// replaced by `site_name`). None without the file. Errors: the first invalid file and key.
pub(crate) fn load_navigation(dirs: &Dirs, site_name: &str) -> Result<Option<NavigationContent>, TenantError> {
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
