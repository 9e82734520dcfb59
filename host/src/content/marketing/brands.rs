//! The platform's manufacturer list with its logos (`host/assets/logos`), and the site's brands
//! (`brands.toml`): the statistics banner and the brand grids by kind.

use std::{collections::BTreeSet, sync::LazyLock};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    content::{
        files::{Dirs, check_opt_link, merged},
        models::Stat,
    },
    tenant::{
        error::{TenantError, invalid},
        validate::is_slug,
    },
};

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

/// Kinds of brand grid (docs/features/shopper-core.md §2 "brand grids (cars, motorcycles, trucks, group brands)").
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

/// Reads and checks `brands.toml` (the tenant's keys over the default's; `{{site_name}}` replaced
/// by `site_name`). None without the file. Errors: the first invalid file and key.
pub(crate) fn load_brands(dirs: &Dirs, site_name: &str) -> Result<Option<BrandsResponse>, TenantError> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
