//! The VDP's content (`vdp.toml`, the tenant's file merged over the default key by key; arrays
//! replace): the warranty wording by car type and make (docs/features/shopper-core.md §9 "Warranty wording:
//! 3-year standard (used), 5-year or 7-year for certain brands' new cars, 5-year mechanical
//! protection for others"), the money-back guarantee where the tenant gives one (§9 "a 48-hour
//! money-back guarantee applies to pre-owned cars on one tenant") and the blog posts the VDP links
//! (§2 "blogs"). Served by `GET /api/v1/content/vdp`; [`VdpContent::for_car`] picks a car's lines.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::files::{Dirs, check_link, merged};
use crate::tenant::error::{TenantError, invalid};
use crate::tenant::validate::is_slug;

/// The warranty wording: the used cars' line, the new cars' lines by make, and the other new
/// (and demo) cars' line.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WarrantyWording {
    /// Used cars, e.g. '3-year standard warranty'.
    pub used: String,
    /// New and demo cars of the makes listed, first match wins.
    #[serde(default)]
    pub new: Vec<MakeWarranty>,
    /// New and demo cars of other makes, e.g. '5-year mechanical protection'.
    pub new_default: String,
}

/// One warranty line for the new cars of some makes.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MakeWarranty {
    /// Make slugs (`slug::slugify` of the make, e.g. `mercedes-benz`).
    pub makes: Vec<String>,
    /// The line, e.g. "5-year manufacturer's new-car warranty".
    pub text: String,
}

/// A money-back guarantee on some car types.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoneyBack {
    /// How long the shopper has to return the car, hours (e.g. 48).
    pub hours: u32,
    /// The car types it applies to (`new`, `demo`, `used`).
    pub car_types: Vec<String>,
    /// The headline, e.g. '48-hour money-back guarantee'.
    pub title: String,
    /// The terms in one or two sentences.
    pub text: String,
}

/// A blog post the VDP links to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BlogLink {
    /// Title.
    pub title: String,
    /// A site path (`/blog/...`) or an https URL.
    pub href: String,
    /// One line on what it says.
    #[serde(default)]
    pub summary: String,
    /// Make slugs it is about (empty: every car).
    #[serde(default)]
    pub makes: Vec<String>,
}

/// The VDP's content: `GET /api/v1/content/vdp`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VdpContent {
    /// Warranty wording.
    pub warranty: WarrantyWording,
    /// The tenant's money-back guarantee, when it gives one.
    #[serde(default)]
    pub money_back: Option<MoneyBack>,
    /// Blog posts, in order.
    #[serde(default)]
    pub blogs: Vec<BlogLink>,
}

/// What the VDP says about one car: its warranty line, the money-back guarantee when it applies,
/// and the blog posts about its make (or every car).
#[derive(Debug, Clone, PartialEq)]
pub struct CarPromises<'a> {
    /// The warranty line.
    pub warranty: &'a str,
    /// The money-back guarantee, when the car's type has one.
    pub money_back: Option<&'a MoneyBack>,
    /// The blog posts to link.
    pub blogs: Vec<&'a BlogLink>,
}

impl VdpContent {
    /// The lines for a car of `make` (a display name or slug) and `car_type` (`new`, `demo`,
    /// `used`): used cars get `warranty.used`; new and demo cars the first `warranty.new` entry
    /// listing the make, else `warranty.new_default`.
    pub fn for_car(&self, make: &str, car_type: &str) -> CarPromises<'_> {
        let make = crate::slug::slugify(make);
        let warranty = if car_type == "used" {
            &self.warranty.used
        } else {
            self.warranty
                .new
                .iter()
                .find(|w| w.makes.contains(&make))
                .map_or(&self.warranty.new_default, |w| &w.text)
        };
        CarPromises {
            warranty,
            money_back: self.money_back.as_ref().filter(|m| m.car_types.iter().any(|t| t == car_type)),
            blogs: self
                .blogs
                .iter()
                .filter(|b| b.makes.is_empty() || b.makes.contains(&make))
                .collect(),
        }
    }
}

const CAR_TYPES: [&str; 3] = ["new", "demo", "used"];

/// Reads and checks `vdp.toml` (the tenant's keys over the default's). None without the file.
/// Errors: the first invalid key (a make that is not a slug, an unknown car type, a zero-hour
/// guarantee, a blog link that is not a site path or https URL, empty wording), naming the file.
pub(crate) fn load_vdp(dirs: &Dirs, site_name: &str) -> Result<Option<VdpContent>, TenantError> {
    let Some(v) = merged::<VdpContent>(dirs, "vdp.toml", site_name)? else {
        return Ok(None);
    };
    let file = dirs.file("vdp.toml");
    if v.warranty.used.trim().is_empty() || v.warranty.new_default.trim().is_empty() {
        return Err(invalid(&file, "warranty", "`used` and `new_default` must not be empty"));
    }
    for (i, w) in v.warranty.new.iter().enumerate() {
        if w.text.trim().is_empty() || w.makes.iter().any(|m| !is_slug(m)) {
            return Err(invalid(
                &file,
                format!("warranty.new.{i}"),
                "needs text and make slugs (a-z, 0-9, -)",
            ));
        }
    }
    if let Some(m) = &v.money_back
        && (m.hours == 0 || m.car_types.is_empty() || m.car_types.iter().any(|t| !CAR_TYPES.contains(&t.as_str())))
    {
        return Err(invalid(
            &file,
            "money_back",
            "needs hours above 0 and car types among new, demo, used",
        ));
    }
    for (i, b) in v.blogs.iter().enumerate() {
        check_link(&file, format!("blogs.{i}.href"), &b.href)?;
        if b.title.trim().is_empty() || b.makes.iter().any(|m| !is_slug(m)) {
            return Err(invalid(&file, format!("blogs.{i}"), "needs a title and make slugs (a-z, 0-9, -)"));
        }
    }
    Ok(Some(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content() -> VdpContent {
        toml::from_str(
            r#"
            warranty = { used = "3-year standard warranty", new_default = "5-year mechanical protection", new = [
              { makes = ["kia"], text = "7-year manufacturer's new-car warranty" },
              { makes = ["mercedes-benz", "toyota"], text = "5-year manufacturer's new-car warranty" },
            ] }
            money_back = { hours = 48, car_types = ["used"], title = "48-hour money-back guarantee", text = "Return it." }
            blogs = [
              { title = "All", href = "/blog/a" },
              { title = "Benz", href = "/blog/b", makes = ["mercedes-benz"] },
            ]
            "#,
        )
        .unwrap()
    }

    #[test]
    fn a_cars_warranty_follows_its_type_and_make() {
        let c = content();
        assert_eq!(c.for_car("Kia", "new").warranty, "7-year manufacturer's new-car warranty");
        assert_eq!(
            c.for_car("Mercedes-Benz", "demo").warranty,
            "5-year manufacturer's new-car warranty"
        );
        assert_eq!(c.for_car("Honda", "new").warranty, "5-year mechanical protection");
        assert_eq!(c.for_car("Kia", "used").warranty, "3-year standard warranty");
    }

    #[test]
    fn the_guarantee_and_blogs_apply_where_they_say() {
        let c = content();
        assert_eq!(c.for_car("Kia", "used").money_back.map(|m| m.hours), Some(48));
        assert!(c.for_car("Kia", "new").money_back.is_none());
        let titles = |make: &str| c.for_car(make, "new").blogs.iter().map(|b| b.title.clone()).collect::<Vec<_>>();
        assert_eq!(titles("Mercedes-Benz"), ["All", "Benz"]);
        assert_eq!(titles("Kia"), ["All"]);
    }
}
