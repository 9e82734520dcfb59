//! The signed-in shopper's watchlist: saving and removing a car, and listing the saved cars with
//! their current status and price view. Rows are `watchlist (tenant, user_id, car_id,
//! created_at)`; a save records event 39.

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    codes::{User, required_phone},
    sign_in::record_event,
};
use crate::{
    db::Db,
    error::{Error, ErrorKind, REQUIRED, Result},
    platform::Platform,
    plugins::PriceView,
    repo::TenantRepo,
    tenant::Tenant,
};

/// Event id stored when a car is saved.
const EVENT_SAVED: i64 = 39;

/// The code of the refusal to save a sold car (`Conflict`); the edge answers it with 422.
pub const CAR_SOLD: &str = "car_sold";

/// The answer to a save or remove: `success` is what the site's client reads.
#[derive(Debug, Serialize, ToSchema)]
pub struct WatchlistAnswer {
    /// True when the change was made.
    pub success: bool,
    /// Whether the car is in the watchlist now.
    pub saved: bool,
}

/// A save or remove as the client sent it.
#[derive(Debug, Clone, Copy)]
pub struct WatchlistChange<'a> {
    /// The signed-in user's phone (raw); must be the session's.
    pub phone_number: Option<&'a str>,
    /// The car's id.
    pub car_id: Option<i64>,
    /// True to save, false to remove.
    pub save: bool,
}

/// Saves (`change.save`) or removes car `change.car_id` of `tenant` (slug) for the signed-in
/// `user` at `now` (unix seconds); a save records event 39. Saving a saved car, or removing an
/// unsaved one, succeeds without a change; a sold car cannot be saved unless already saved.
/// Errors: `Invalid` on `phone_number` or `car_id` (missing or malformed), `Forbidden`
/// `wrong_user` when the phone is not the user's, `NotFound` for a car not on the site,
/// `Unprocessable` [`CAR_SOLD`] for saving a sold car, `Internal` when storage fails.
pub async fn change(db: &Db, tenant: &str, user: &User, change: WatchlistChange<'_>, now: i64) -> Result<WatchlistAnswer> {
    let phone = required_phone("phone_number", change.phone_number)?;
    if phone != user.phone {
        return Err(Error::new(
            ErrorKind::Forbidden,
            "wrong_user",
            "phone_number is not the signed-in user's",
        ));
    }
    let car_id = change.car_id.ok_or_else(|| Error::invalid("car_id", REQUIRED))?;
    let car = TenantRepo::new(db, tenant)
        .cars_by_ids(&[car_id])
        .await?
        .pop()
        .ok_or_else(|| Error::not_found(format!("No car {car_id} on this site")))?;
    let mut tx = db.pool.begin().await?;
    let already = sqlx::query("SELECT 1 FROM watchlist WHERE tenant = $1 AND user_id = $2 AND car_id = $3")
        .bind(tenant)
        .bind(user.id)
        .bind(car.id)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if change.save && !already {
        if car.status == "sold" {
            return Err(Error::new(
                ErrorKind::Unprocessable,
                CAR_SOLD,
                "This car has been sold and cannot be saved.",
            ));
        }
        sqlx::query("INSERT INTO watchlist (tenant, user_id, car_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(tenant)
            .bind(user.id)
            .bind(car.id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    } else if !change.save {
        sqlx::query("DELETE FROM watchlist WHERE tenant = $1 AND user_id = $2 AND car_id = $3")
            .bind(tenant)
            .bind(user.id)
            .bind(car.id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    if change.save {
        record_event(db, tenant, EVENT_SAVED, &car.id.to_string()).await;
    }
    Ok(WatchlistAnswer {
        success: true,
        saved: change.save,
    })
}

/// One saved car, as it is now.
#[derive(Debug, Serialize, ToSchema)]
pub struct WatchlistCar {
    /// Car id.
    pub car_id: i64,
    /// Slug.
    pub slug: String,
    /// `/cars/{slug}`.
    pub path: String,
    /// 'year make model badge'.
    pub name: String,
    /// in_stock, coming_soon or sold.
    pub status: String,
    /// In stock or coming soon.
    pub available: bool,
    /// The price view from the tenant's plugin (AUD).
    pub price_view: PriceView,
    /// First image URL.
    pub primary_image_url: Option<String>,
    /// When it was saved, unix seconds.
    pub saved_at: i64,
}

/// The signed-in user's watchlist, most recently saved first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Watchlist {
    /// Saved cars.
    pub cars: Vec<WatchlistCar>,
}

/// One `watchlist` row.
#[derive(sqlx::FromRow)]
struct SavedRow {
    /// The car.
    car_id: i64,
    /// Saved at, unix seconds.
    created_at: i64,
}

/// User `user_id`'s saved cars on `tenant`, most recently saved first, each with its current
/// status and the price view of the tenant's plugin at `now` (unix seconds; prices in AUD).
/// Cars no longer stored are left out. Errors: `Internal` when storage or the plugin task fails.
pub async fn list(p: Platform<'_>, tenant: &Arc<Tenant>, user_id: i64, now: i64) -> Result<Watchlist> {
    let saved = sqlx::query_as::<_, SavedRow>(
        "SELECT car_id, created_at FROM watchlist WHERE tenant = $1 AND user_id = $2 ORDER BY created_at DESC, car_id DESC",
    )
    .bind(tenant.slug())
    .bind(user_id)
    .fetch_all(&p.db.pool)
    .await?;
    let ids: Vec<i64> = saved.iter().map(|s| s.car_id).collect();
    let cars = TenantRepo::new(p.db, tenant.slug()).cars_by_ids(&ids).await?;
    let (plugins, t) = (p.plugins.clone(), tenant.clone());
    let (cars, views) = tokio::task::spawn_blocking(move || {
        let views = plugins.price_views(&t, &cars, now);
        (cars, views)
    })
    .await
    .map_err(Error::internal)?;
    let mut out = Vec::new();
    for s in saved {
        if let Some((car, view)) = cars.iter().zip(views.iter()).find(|(c, _)| c.id == s.car_id) {
            out.push(WatchlistCar {
                car_id: s.car_id,
                slug: car.slug.clone(),
                path: format!("/cars/{}", car.slug),
                name: car.name(),
                status: car.status.clone(),
                available: car.is_available(),
                price_view: view.value.clone(),
                primary_image_url: car.image_urls.0.first().cloned(),
                saved_at: s.created_at,
            });
        }
    }
    Ok(Watchlist { cars: out })
}
