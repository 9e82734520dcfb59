//! Offers and brands of a site: the live offers ([`live_offers`], [`offer`]) and the brand grids
//! with the statistics banner ([`brands`], [`brand`]).

use crate::{
    content::marketing::{Brand, BrandsResponse, Offer, OffersResponse},
    error::{Error, Result},
    site::navigation::today,
    tenant::Tenant,
};

/// The offers shown on this site today (not excluded for it, between their start and end days),
/// descriptions sanitised; an empty list when there are none.
pub fn live_offers(t: &Tenant) -> OffersResponse {
    OffersResponse {
        offers: t.content.site.live_offers(today(t)),
    }
}

/// The offer with this id shown today, for the endpoint and the documents. Errors: `NotFound`.
pub fn offer(t: &Tenant, id: &str) -> Result<Offer> {
    t.content
        .site
        .offer(id, today(t))
        .cloned()
        .ok_or_else(|| Error::not_found(format!("No offer `{id}` on this site.")))
}

/// The site's brands with the statistics banner (emptied when the `stats_banner` feature is off).
/// Errors: `NotFound` when the site has no `brands.toml`.
pub fn brands(t: &Tenant) -> Result<BrandsResponse> {
    let mut b = t
        .content
        .site
        .brands
        .clone()
        .ok_or_else(|| Error::not_found("This site has no brands."))?;
    if !t.config.features.get("stats_banner").copied().unwrap_or(false) {
        b.stats.clear();
    }
    Ok(b)
}

/// One brand of the site (its overview page). Errors: `NotFound` when unknown.
pub fn brand(t: &Tenant, slug: &str) -> Result<Brand> {
    t.content
        .site
        .brand(slug)
        .cloned()
        .ok_or_else(|| Error::not_found(format!("No brand `{slug}` on this site.")))
}
