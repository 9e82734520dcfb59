//! The VDP's price comparison gauge (the "autogauge"; docs/features/shopper-core.md §2 "price comparison gauge",
//! §3 "Autogauge result"): the market range of a car from comparable stock ([`crate::market`]).

use std::sync::Arc;

use crate::{
    error::{Error, Result},
    market::{self, Autogauge},
    platform::Platform,
    repo::TenantRepo,
    tenant::Tenant,
};

/// The gauge of tenant `t`'s car `slug`: its price against the average market price of
/// comparable cars nationally and in the car's state (AUD; fields null when there are too few
/// comparable cars). Errors: `NotFound` for a slug this tenant does not have, `Internal` on a
/// storage fault.
pub async fn autogauge(p: Platform<'_>, t: &Arc<Tenant>, slug: &str) -> Result<Autogauge> {
    let car = TenantRepo::new(p.db, t.slug())
        .car_by_slug(slug)
        .await?
        .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?;
    let comparables = market::comparables(p.db, t.slug(), &car).await?;
    Ok(market::gauge(car.price, car.state.as_deref(), &comparables))
}
