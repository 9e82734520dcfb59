//! The VDP's delivery calculator (docs/features/shopper-core.md §2 "delivery calculator", §3 "Delivery estimate
//! result", §4 "Delivery calculator", §8 "No delivery price"): the postcode is looked up in the
//! Australian postcode data ([`crate::geo`]), the great-circle (haversine, earth radius 6371 km)
//! distance measured from the car's location (else its dealership's primary location, else the
//! site's first located one), and priced from the tenant's `[delivery]` distance bands.

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::{Error, ErrorKind, INVALID_POSTCODE, Result},
    geo,
    model::{Car, Location},
    platform::Platform,
    repo::TenantRepo,
    tenant::Tenant,
};

/// The text shown when there is no delivery price (docs/features/shopper-core.md §8 "No delivery price").
pub const NO_DELIVERY_PRICE: &str =
    "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
/// The message for an empty postcode (docs/features/shopper-core.md §5, §8 "Empty postcode").
pub const EMPTY_POSTCODE: &str = "Please enter a postcode.";

/// A delivery estimate (docs/features/shopper-core.md §3 "Delivery estimate result": price and region name).
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryEstimate {
    /// The postcode asked about.
    pub postcode: String,
    /// The postcode's locality (`Surfers Paradise`), null when the postcode is unknown.
    pub locality: Option<String>,
    /// The postcode's state code, null when unknown.
    pub state: Option<String>,
    /// Great-circle distance from the car's location, km to 0.1; null when unknown.
    pub distance_km: Option<f64>,
    /// Delivery price, AUD; null when there is no estimate.
    pub price: Option<f64>,
    /// Region name of the price's band (`Brisbane Metro`); null with no price.
    pub name: Option<String>,
    /// The spec's text when there is no price, else null.
    pub message: Option<String>,
    /// Name of the location the distance is measured from.
    pub from_location: Option<String>,
}

/// Where a car is delivered from: its location, else its dealership's primary one, else the
/// first located one of the site. Only locations with coordinates count.
async fn origin(repo: &TenantRepo, car: &Car) -> Result<Option<Location>> {
    let located = |l: &Location| l.address.lat.is_some() && l.address.long.is_some();
    if let Some(id) = car.location_id
        && let Some(l) = repo.location(id).await?
        && located(&l)
    {
        return Ok(Some(l));
    }
    let all: Vec<Location> = repo.locations(false).await?.into_iter().filter(located).collect();
    let pick = all
        .iter()
        .find(|l| l.dealership_id == car.dealership_id && l.primary)
        .or_else(|| all.iter().find(|l| l.dealership_id == car.dealership_id))
        .or_else(|| all.first());
    Ok(pick.cloned())
}

/// The delivery estimate for tenant `t`'s car `slug` to the shopper's `postcode` (four digits;
/// surrounding spaces ignored). Answers the price (AUD) and region name of the first band whose
/// `up_to_km` covers the distance (km, to 0.1), or `price: null` with [`NO_DELIVERY_PRICE`] when
/// the postcode is unknown, the car has no located origin or no band covers the distance.
/// Errors: `Invalid` on `postcode` ([`EMPTY_POSTCODE`], [`INVALID_POSTCODE`]); `NotFound` for a
/// slug this tenant does not have, or `delivery_unavailable` when the site has no bands;
/// `Internal` on a storage fault.
pub async fn estimate(p: Platform<'_>, t: &Arc<Tenant>, slug: &str, postcode: Option<&str>) -> Result<DeliveryEstimate> {
    let postcode = postcode.unwrap_or_default().trim().to_string();
    if postcode.is_empty() {
        return Err(Error::invalid("postcode", EMPTY_POSTCODE));
    }
    if !geo::is_postcode(&postcode) {
        return Err(Error::invalid("postcode", INVALID_POSTCODE));
    }
    let repo = TenantRepo::new(p.db, t.slug());
    let car = repo
        .car_by_slug(slug)
        .await?
        .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?;
    let bands = &t.config.delivery.bands;
    if bands.is_empty() {
        return Err(Error::new(
            ErrorKind::NotFound,
            "delivery_unavailable",
            "This site does not offer delivery estimates",
        ));
    }
    let from = origin(&repo, &car).await?;
    let point = geo::postcode(&postcode);
    let mut out = DeliveryEstimate {
        postcode: postcode.clone(),
        locality: point.map(|p| p.locality.clone()),
        state: point.map(|p| p.state.clone()),
        distance_km: None,
        price: None,
        name: None,
        message: Some(NO_DELIVERY_PRICE.into()),
        from_location: from.as_ref().map(|l| l.name.clone()),
    };
    if let (Some(p), Some(from)) = (point, from.as_ref())
        && let (Some(lat), Some(long)) = (from.address.lat, from.address.long)
    {
        let d = geo::haversine_km(lat, long, p.lat, p.long);
        out.distance_km = Some((d * 10.0).round() / 10.0);
        if let Some(band) = bands.iter().find(|b| d <= b.up_to_km) {
            out.price = Some(band.price);
            out.name = Some(band.name.clone());
            out.message = None;
        }
    }
    Ok(out)
}
