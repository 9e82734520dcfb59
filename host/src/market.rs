//! Market price from comparable stock: the price comparison gauge (`GET {car path}/autogauge`)
//! and the market-price indicator (docs/features/shopper-core.md §2, §3 "Autogauge result", `autograb_data`, §5
//! "Price comparison gauge is hidden if ...", "Market-price indicator appears when ...", §8
//! "Autogauge failure"; docs/features/platform.md "Finance and delivery tools").
//!
//! Comparable cars are the same make and model, a model year within one of the car's, in the
//! same odometer band ([`KM_BANDS`]), with a price, in stock, coming soon or sold, taken from
//! the whole platform's stock (every tenant: the market is wider than one dealer). Only
//! aggregates (averages, a range, a count) leave this module: never another tenant's car.
//! The same VIN listed twice counts once, and the car itself never counts.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{db::Db, model::Car};

/// Fewest comparable cars for a market figure; the state figure is preferred when the state
/// alone has this many.
pub const MIN_COMPARABLES: usize = 3;
/// Most comparable rows read for one car.
pub const MAX_COMPARABLES: i64 = 500;
/// The gauge shows only above this confidence (docs/features/shopper-core.md §5: hidden at 0.2 or lower).
pub const MIN_CONFIDENCE: f64 = 0.2;
/// The gauge's fill is at least this, percent (docs/features/shopper-core.md §5).
pub const MIN_FILL: f64 = 20.0;
/// The market-price indicator shows when the car is at least this far under the average, AUD
/// (docs/features/shopper-core.md §9 "market indicator threshold 500").
pub const INDICATOR_THRESHOLD: f64 = 500.0;
/// Odometer bands, km: a car compares with cars in its own band (lower bound inclusive). A car
/// without an odometer reading counts as 0 km.
pub const KM_BANDS: [i64; 6] = [0, 10_000, 30_000, 60_000, 100_000, 150_000];

/// The odometer band `[low, high)` holding `km` (high is `i64::MAX` for the last band).
pub fn km_band(km: i64) -> (i64, i64) {
    let i = KM_BANDS.iter().rposition(|b| km >= *b).unwrap_or(0);
    (KM_BANDS[i], KM_BANDS.get(i + 1).copied().unwrap_or(i64::MAX))
}

/// One comparable car: its price (AUD), state and VIN (read by column name: `price`, `state`,
/// `vin`).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Comparable {
    /// Price, AUD.
    pub price: f64,
    /// State code, when known.
    pub state: Option<String>,
    /// VIN, when known (duplicates across dealers count once).
    pub vin: Option<String>,
}

/// The autogauge answer (docs/features/shopper-core.md §3 "Autogauge result" plus the averages of
/// `autograb_data`). Money in AUD; `fill` in percent; `confidence` 0 to 1.
#[derive(Debug, Clone, Default, Serialize, ToSchema, PartialEq)]
pub struct Autogauge {
    /// Where the listing price sits in the market range, percent, at least 20.
    pub fill: Option<f64>,
    /// The car's price, AUD; null without a price.
    pub listing_price: Option<f64>,
    /// Low end of the market range (10th percentile, or the lowest price under 5 cars), AUD.
    pub market_range_min: Option<f64>,
    /// High end of the market range (90th percentile, or the highest price under 5 cars), AUD.
    pub market_range_max: Option<f64>,
    /// How far to trust the range, 0 to 1: more comparable cars and less spread raise it; the
    /// national figure counts for 0.85 of a state figure.
    pub confidence: Option<f64>,
    /// One sentence comparing the price with the average.
    pub description: Option<String>,
    /// Average price of comparable cars nationally, AUD (at least 3 cars).
    pub average_market_price: Option<f64>,
    /// Average price of comparable cars in the car's state, AUD (at least 3 cars).
    pub state_average_market_price: Option<f64>,
    /// Number of comparable cars behind the range.
    pub comparables: usize,
    /// `state` or `national`: which set the range comes from; null when too few cars.
    pub basis: Option<String>,
    /// Whether the gauge shows under the spec's rules ([`gauge_shows`]).
    pub visible: bool,
    /// Whether the market-price indicator shows ([`indicator_shows`]).
    pub below_market: bool,
}

/// The gauge shows unless a field is missing, confidence is 0.2 or lower, or the range's
/// maximum is below the listing price (docs/features/shopper-core.md §5).
pub fn gauge_shows(g: &Autogauge) -> bool {
    match (
        g.fill,
        g.listing_price,
        g.market_range_min,
        g.market_range_max,
        g.confidence,
        &g.description,
    ) {
        (Some(_), Some(price), Some(_), Some(max), Some(conf), Some(_)) => conf > MIN_CONFIDENCE && max >= price,
        _ => false,
    }
}

/// The indicator shows when the price is at least $500 under the average, the state average
/// preferred (docs/features/shopper-core.md §5, §9).
pub fn indicator_shows(price: f64, average: Option<f64>, state_average: Option<f64>) -> bool {
    match state_average.or(average) {
        Some(avg) => price > 0.0 && avg - price >= INDICATOR_THRESHOLD,
        None => false,
    }
}

/// A comparable price counts only within this factor of the set's median (both ways): a real
/// feed carries $999,999 placeholders and one-off exotic listings, and one of them moved "the
/// average" of three cars by hundreds of thousands of dollars (issue 39).
pub const OUTLIER_FACTOR: f64 = 2.0;

/// The prices of sorted `v` (AUD) a market figure may use: those within [`OUTLIER_FACTOR`] of
/// the median, when at least [`MIN_COMPARABLES`] remain and at most a third were left out
/// (more is a set too mixed to claim anything from). None when unsure.
pub fn trusted(v: &[f64]) -> Option<Vec<f64>> {
    if v.len() < MIN_COMPARABLES {
        return None;
    }
    let median = percentile(v, 0.5);
    let kept: Vec<f64> = v
        .iter()
        .copied()
        .filter(|p| *p >= median / OUTLIER_FACTOR && *p <= median * OUTLIER_FACTOR)
        .collect();
    let dropped = v.len() - kept.len();
    (kept.len() >= MIN_COMPARABLES && dropped * 3 <= v.len()).then_some(kept)
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// Percentile `p` (0 to 1) of sorted `v` by linear interpolation.
fn percentile(v: &[f64], p: f64) -> f64 {
    let pos = p * (v.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

fn round_to(v: f64, step: f64) -> f64 {
    (v / step).round() * step
}

/// The gauge for a car priced `listing` (AUD, 0 for none) in `state` against `comparables`.
/// Each set (the state's, the nation's) is first narrowed to its [`trusted`] prices; a set with
/// none gives no figure.
pub fn gauge(listing: f64, state: Option<&str>, comparables: &[Comparable]) -> Autogauge {
    let mut national: Vec<f64> = comparables.iter().map(|c| c.price).filter(|p| p.is_finite() && *p > 0.0).collect();
    let mut in_state: Vec<f64> = comparables
        .iter()
        .filter(|c| state.is_some() && c.state.as_deref() == state)
        .map(|c| c.price)
        .filter(|p| p.is_finite() && *p > 0.0)
        .collect();
    national.sort_by(f64::total_cmp);
    in_state.sort_by(f64::total_cmp);
    let read = national.len();
    let national = trusted(&national).unwrap_or_default();
    let in_state = trusted(&in_state).unwrap_or_default();
    let avg = |v: &[f64]| (v.len() >= MIN_COMPARABLES).then(|| round_to(mean(v), 1.0));
    let mut g = Autogauge {
        listing_price: (listing.is_finite() && listing > 0.0).then_some(listing),
        average_market_price: avg(&national),
        state_average_market_price: avg(&in_state),
        ..Autogauge::default()
    };
    let (set, basis, factor) = if in_state.len() >= MIN_COMPARABLES {
        (&in_state, "state", 1.0)
    } else if national.len() >= MIN_COMPARABLES {
        (&national, "national", 0.85)
    } else {
        g.comparables = read;
        return g;
    };
    let n = set.len();
    let average = mean(set);
    let (min, max) = if n < 5 {
        (set[0], set[n - 1])
    } else {
        (percentile(set, 0.1), percentile(set, 0.9))
    };
    let (min, max) = (round_to(min, 100.0), round_to(max, 100.0));
    let spread = (set.iter().map(|p| (p - average).powi(2)).sum::<f64>() / n as f64).sqrt() / average;
    g.comparables = n;
    g.basis = Some(basis.into());
    g.market_range_min = Some(min);
    g.market_range_max = Some(max);
    g.confidence = Some(((n as f64 / (n as f64 + 4.0)) * (1.0 - spread.min(1.0)) * factor * 100.0).round() / 100.0);
    if let Some(price) = g.listing_price {
        let fill = if max > min { (price - min) / (max - min) * 100.0 } else { 50.0 };
        g.fill = Some(fill.round().clamp(MIN_FILL, 100.0));
        let place = match (basis, state) {
            ("state", Some(s)) => format!(" in {s}"),
            _ => " in Australia".to_string(),
        };
        let diff = average - price;
        g.description = Some(if diff >= INDICATOR_THRESHOLD {
            format!(
                "Priced {} below the average of {n} similar cars{place}.",
                crate::format::whole_dollars(diff)
            )
        } else if diff <= -INDICATOR_THRESHOLD {
            format!(
                "Priced {} above the average of {n} similar cars{place}.",
                crate::format::whole_dollars(-diff)
            )
        } else {
            format!("Priced in line with {n} similar cars{place}.")
        });
        g.below_market = indicator_shows(price, g.average_market_price, g.state_average_market_price);
    }
    g.visible = gauge_shows(&g);
    g
}

/// Comparable cars for `car` from the whole platform's stock (see the module docs): at most
/// [`MAX_COMPARABLES`], the car itself and repeated VINs left out.
pub async fn comparables(db: &Db, tenant: &str, car: &Car) -> Result<Vec<Comparable>, sqlx::Error> {
    let vehicle = Vehicle {
        make: &car.make,
        model: &car.model,
        year: car.year,
        km: car.km.unwrap_or(0),
    };
    comparables_for(db, &vehicle, Some((tenant, car.id, car.vin.as_deref()))).await
}

/// A vehicle to price: make and model as the stock spells them, model year, odometer (km).
#[derive(Debug, Clone, Copy)]
pub struct Vehicle<'a> {
    /// Make (`Toyota`).
    pub make: &'a str,
    /// Model (`Corolla`).
    pub model: &'a str,
    /// Model year.
    pub year: i64,
    /// Odometer, km.
    pub km: i64,
}

/// Comparable cars for `vehicle` from the whole platform's stock: same make and model, year
/// within one, same [`km_band`], with a price above the shown minimum
/// ([`MIN_SHOWN_PRICE`](crate::plugins::points::price_display::MIN_SHOWN_PRICE): a placeholder
/// price is not a market price); `exclude` is (tenant, car id, VIN) of a car that
/// must not count itself. Repeated VINs count once; an empty VIN reads as None. Returns at most
/// [`MAX_COMPARABLES`], ordered by tenant and car id. Errors: the storage error.
pub async fn comparables_for(
    db: &Db,
    vehicle: &Vehicle<'_>,
    exclude: Option<(&str, i64, Option<&str>)>,
) -> Result<Vec<Comparable>, sqlx::Error> {
    let (lo, hi) = km_band(vehicle.km);
    let (ex_tenant, ex_id, own_vin) = exclude.unwrap_or(("", -1, None));
    let rows = sqlx::query_as::<_, Comparable>(
        "SELECT c.price AS price, COALESCE(c.state, l.state, d.state) AS state, c.vin AS vin FROM cars c \
         JOIN dealerships d ON d.id = c.dealership_id AND d.tenant = c.tenant \
         LEFT JOIN locations l ON l.id = c.location_id AND l.tenant = c.tenant \
         WHERE c.make = $1 AND c.model = $2 AND c.year >= $3 AND c.year <= $4 AND c.price > $10 \
           AND c.status IN ('in_stock', 'coming_soon', 'sold') \
           AND COALESCE(c.km, 0) >= $5 AND COALESCE(c.km, 0) < $6 \
           AND NOT (c.tenant = $7 AND c.id = $8) \
         ORDER BY c.tenant, c.id LIMIT $9",
    )
    .bind(vehicle.make)
    .bind(vehicle.model)
    .bind(vehicle.year - 1)
    .bind(vehicle.year + 1)
    .bind(lo)
    .bind(hi)
    .bind(ex_tenant)
    .bind(ex_id)
    .bind(MAX_COMPARABLES)
    .bind(crate::plugins::points::price_display::MIN_SHOWN_PRICE)
    .fetch_all(&db.pool)
    .await?;
    let own_vin = own_vin.filter(|v| !v.is_empty());
    let mut seen = std::collections::HashSet::new();
    Ok(rows
        .into_iter()
        .map(|c| Comparable {
            vin: c.vin.filter(|v| !v.is_empty()),
            ..c
        })
        .filter(|c| match c.vin.as_deref() {
            Some(v) => Some(v) != own_vin && seen.insert(v.to_string()),
            None => true,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cars(prices: &[(f64, &str)]) -> Vec<Comparable> {
        prices
            .iter()
            .map(|(p, s)| Comparable {
                price: *p,
                state: Some(s.to_string()),
                vin: None,
            })
            .collect()
    }

    #[test]
    fn km_bands() {
        assert_eq!(km_band(0), (0, 10_000));
        assert_eq!(km_band(9_999), (0, 10_000));
        assert_eq!(km_band(10_000), (10_000, 30_000));
        assert_eq!(km_band(200_000), (150_000, i64::MAX));
    }

    #[test]
    fn the_state_set_is_preferred_when_it_has_enough_cars() {
        let set = cars(&[
            (30_000.0, "QLD"),
            (31_000.0, "QLD"),
            (32_000.0, "QLD"),
            (40_000.0, "NSW"),
            (41_000.0, "NSW"),
        ]);
        let g = gauge(30_500.0, Some("QLD"), &set);
        assert_eq!(g.basis.as_deref(), Some("state"));
        assert_eq!(g.comparables, 3);
        assert_eq!((g.market_range_min, g.market_range_max), (Some(30_000.0), Some(32_000.0)));
        assert_eq!(g.state_average_market_price, Some(31_000.0));
        assert_eq!(g.average_market_price, Some(34_800.0));
        assert_eq!(g.fill, Some(25.0));
        assert_eq!(
            g.description.as_deref(),
            Some("Priced $500 below the average of 3 similar cars in QLD.")
        );
        assert!(g.below_market, "500 under the state average");
        assert!(g.visible, "{g:?}");
        // Too few in VIC: the national set.
        let g = gauge(30_500.0, Some("VIC"), &set);
        assert_eq!((g.basis.as_deref(), g.comparables), (Some("national"), 5));
        assert_eq!(g.state_average_market_price, None);
    }

    #[test]
    fn hidden_under_each_of_the_specs_conditions() {
        let set = cars(&[(30_000.0, "QLD"), (31_000.0, "QLD"), (32_000.0, "QLD")]);
        // A missing field: no listing price.
        let g = gauge(0.0, Some("QLD"), &set);
        assert!(g.listing_price.is_none() && !g.visible);
        // Too few comparable cars: no range.
        let g = gauge(30_000.0, Some("QLD"), &set[..2]);
        assert!(g.market_range_min.is_none() && !g.visible);
        // Confidence 0.2 or lower: few cars spread widely.
        let wide = cars(&[(15_000.0, "QLD"), (30_000.0, "QLD"), (60_000.0, "QLD")]);
        let g = gauge(30_000.0, Some("QLD"), &wide);
        assert!(g.confidence.unwrap() <= MIN_CONFIDENCE && !g.visible, "{g:?}");
        // The range's maximum below the listing price.
        let g = gauge(33_000.0, Some("QLD"), &set);
        assert!(g.market_range_max.unwrap() < 33_000.0 && !g.visible);
        assert_eq!(g.fill, Some(100.0));
        // Fill never under 20 percent.
        let g = gauge(30_000.0, Some("QLD"), &set);
        assert_eq!(g.fill, Some(MIN_FILL));
        assert!(g.visible);
    }

    #[test]
    fn percentiles_trim_outliers_from_five_cars() {
        let set = cars(&[
            (20_000.0, "QLD"),
            (30_000.0, "QLD"),
            (31_000.0, "QLD"),
            (32_000.0, "QLD"),
            (60_000.0, "QLD"),
        ]);
        let g = gauge(31_000.0, Some("QLD"), &set);
        assert_eq!((g.market_range_min, g.market_range_max), (Some(24_000.0), Some(48_800.0)));
    }

    /// Issue 39: one $990k car and two sold cars made a $45,990 car "$397,221 below the state
    /// market average". Prices far from the median are left out, and a set left with too few
    /// cars, or that lost more than a third, claims nothing.
    #[test]
    fn outliers_and_placeholders_make_no_market_claim() {
        let set = cars(&[(990_000.0, "VIC"), (45_500.0, "VIC"), (46_900.0, "VIC")]);
        let g = gauge(45_990.0, Some("VIC"), &set);
        assert_eq!((g.average_market_price, g.state_average_market_price), (None, None), "{g:?}");
        assert!(!g.below_market && !g.visible && g.description.is_none(), "{g:?}");
        // A $999,999 placeholder among five real prices is left out; the rest stand.
        let set = cars(&[
            (44_000.0, "VIC"),
            (45_000.0, "VIC"),
            (46_000.0, "VIC"),
            (47_000.0, "VIC"),
            (999_999.0, "VIC"),
        ]);
        let g = gauge(45_000.0, Some("VIC"), &set);
        assert_eq!(g.state_average_market_price, Some(45_500.0), "{g:?}");
        assert_eq!(g.comparables, 4);
        assert_eq!(
            g.description.as_deref(),
            Some("Priced $500 below the average of 4 similar cars in VIC.")
        );
        // Half the set far from the other half: unsure, nothing.
        assert_eq!(trusted(&[10_000.0, 11_000.0, 12_000.0, 90_000.0, 95_000.0, 99_000.0]), None);
        assert_eq!(trusted(&[10_000.0, 11_000.0, 12_000.0]), Some(vec![10_000.0, 11_000.0, 12_000.0]));
    }

    #[test]
    fn indicator_threshold() {
        assert!(indicator_shows(29_500.0, Some(40_000.0), Some(30_000.0)));
        assert!(
            !indicator_shows(29_501.0, Some(40_000.0), Some(30_000.0)),
            "state average preferred"
        );
        assert!(indicator_shows(29_500.0, Some(30_000.0), None));
        assert!(!indicator_shows(29_500.0, None, None));
    }
}
