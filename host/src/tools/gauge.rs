//! The VDP's price comparison gauge (the "autogauge"; docs/features/shopper-core.md §2 "price comparison gauge",
//! §3 "Autogauge result"): the market range of a car from comparable stock ([`crate::market`]).

use std::sync::Arc;

use crate::{
    error::{Error, Result},
    market::{self, Autogauge},
    platform::Platform,
    plugins::unix_now,
    repo::TenantRepo,
    tenant::Tenant,
};

/// The gauge of tenant `t`'s car `slug`: the price its page shows (the `price-display` point's
/// view, [`PriceView::shown_price`](crate::plugins::PriceView::shown_price)) against the average
/// market price of comparable cars nationally and in the car's state (AUD; fields null when
/// there are too few comparable cars). A car whose page shows no figure (a placeholder price, a
/// subscription, pre-order or no-price view) has a null `listing_price` and no visible gauge,
/// so a placeholder price is never quoted here either. Errors: `NotFound` for a slug this
/// tenant does not have, `Internal` on a storage fault.
pub async fn autogauge(p: Platform<'_>, t: &Arc<Tenant>, slug: &str) -> Result<Autogauge> {
    let car = TenantRepo::new(p.db, t.slug())
        .car_by_slug(slug)
        .await?
        .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?;
    let comparables = market::comparables(p.db, t.slug(), &car).await?;
    let shown = p
        .plugins
        .price_views_async(t.clone(), vec![car.clone()], unix_now())
        .await
        .pop()
        .and_then(|d| d.value.shown_price());
    Ok(market::gauge(shown.unwrap_or(0.0), car.state.as_deref(), &comparables))
}
