//! [`SiteContent`]: a site's navigation, popup, offers, brands and reviews together, and [`load`]
//! reading them all.

use crate::{
    content::{
        files::Dirs,
        marketing::{
            brands::{Brand, BrandsResponse, load_brands},
            navigation::{NavigationContent, load_navigation},
            offers::{Offer, load_offers, offer_live},
            reviews::{ReviewsContent, load_reviews},
        },
    },
    tenant::error::TenantError,
};

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

/// Loads a site's navigation, popup, offers, brands and reviews (`content::marketing` docs). Takes the content
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
