//! The dealer locator ([`locations`]): a site's visible locations, nearest first from a postcode
//! ([`nearest_first`], haversine with an earth radius of 6371 km).

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    db::Db,
    error::{Error, Result},
    model::Location,
    repo::TenantRepo,
    tenant::Tenant,
};

/// The geocoded postcode the distances are measured from.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocatorOrigin {
    /// Postcode.
    pub postcode: String,
    /// Its locality, e.g. `Brisbane City`.
    pub locality: String,
    /// State code.
    pub state: String,
    /// Latitude, degrees.
    pub lat: f64,
    /// Longitude, degrees.
    pub long: f64,
}

/// A location and its distance from the origin.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocatorEntry {
    /// The location.
    pub location: Location,
    /// Great-circle distance in km (one decimal), or null without a postcode or coordinates.
    pub distance_km: Option<f64>,
}

/// The dealer locator's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocationsResponse {
    /// The postcode's point, or null without one.
    pub origin: Option<LocatorOrigin>,
    /// Visible locations: nearest first with a postcode (those without coordinates last), else in
    /// the site's order.
    pub locations: Vec<LocatorEntry>,
}

/// Orders locations by great-circle distance from `(lat, long)` (haversine, earth radius 6371
/// km), nearest first; locations without coordinates go last in their order. Returns each with its
/// distance in km rounded to one decimal.
pub fn nearest_first(locations: Vec<Location>, lat: f64, long: f64) -> Vec<LocatorEntry> {
    let mut out: Vec<LocatorEntry> = locations
        .into_iter()
        .map(|l| {
            let d = match (l.address.lat, l.address.long) {
                (Some(a), Some(b)) => Some((crate::geo::haversine_km(lat, long, a, b) * 10.0).round() / 10.0),
                _ => None,
            };
            LocatorEntry {
                location: l,
                distance_km: d,
            }
        })
        .collect();
    out.sort_by(|a, b| match (a.distance_km, b.distance_km) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    out
}

/// The dealer locator for tenant `t`: its visible locations, of one `location_type` when given
/// (`sales`, `service`, `parts` or `car-buying`; an empty location type counts as sales),
/// nearest first from `postcode` (geocoded with the bundled Australian postcode table) when
/// given. Errors: `Invalid` with code `invalid_postcode` on `postcode` ('Invalid postcode') when
/// it is not 4 digits; `NotFound` with code `unknown_postcode` on `postcode` ('Invalid postcode')
/// when it is 4 digits the postcode table does not know; `Invalid` on `type` for an unknown type.
pub async fn locations(db: &Db, t: &Tenant, postcode: Option<&str>, location_type: Option<&str>) -> Result<LocationsResponse> {
    let kind = location_type.map(str::trim).filter(|s| !s.is_empty());
    if let Some(k) = kind
        && !["sales", "service", "parts", "car-buying"].contains(&k)
    {
        return Err(Error::invalid("type", "type must be sales, service, parts or car-buying."));
    }
    let mut locations = TenantRepo::new(db, t.slug()).locations(false).await?;
    locations.retain(|l| {
        l.visible
            && kind.is_none_or(|k| {
                k == if l.location_type.is_empty() {
                    "sales"
                } else {
                    l.location_type.as_str()
                }
            })
    });
    let Some(code) = postcode.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(LocationsResponse {
            origin: None,
            locations: locations
                .into_iter()
                .map(|location| LocatorEntry {
                    location,
                    distance_km: None,
                })
                .collect(),
        });
    };
    if !crate::geo::is_postcode(code) {
        return Err(Error::bad_field("postcode", "invalid_postcode", "Invalid postcode"));
    }
    // Four digits the postcode table does not know: well formed, but no such place (404).
    let pc = crate::geo::postcode(code)
        .ok_or_else(|| Error::new(crate::error::ErrorKind::NotFound, "unknown_postcode", "Invalid postcode").with_field("postcode"))?;
    Ok(LocationsResponse {
        locations: nearest_first(locations, pc.lat, pc.long),
        origin: Some(LocatorOrigin {
            postcode: pc.postcode.clone(),
            locality: pc.locality.clone(),
            state: pc.state.clone(),
            lat: pc.lat,
            long: pc.long,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Address, ContactDetails};

    fn at(slug: &str, lat: Option<f64>, long: Option<f64>) -> Location {
        Location {
            id: 1,
            slug: slug.into(),
            name: slug.into(),
            primary: false,
            visible: true,
            location_type: "sales".into(),
            location_subtype: None,
            manufacturers: vec![],
            upcoming: false,
            dealership_id: 1,
            dealership_slug: "d".into(),
            address: Address {
                street: None,
                city: None,
                state: None,
                postcode: None,
                lat,
                long,
                place_url: None,
                place_id: None,
                map_key: None,
            },
            contact_detail: ContactDetails {
                phone: None,
                landline_phone: None,
                email: None,
                opening_hours: vec![],
            },
            special_hours: vec![],
            image_url: None,
            dealer_license_number: None,
            motor_vehicle_repairer: None,
            average_rating: None,
            review_count: None,
            distribution_locations: vec![],
        }
    }

    #[test]
    fn nearest_first_orders_by_great_circle_distance() {
        // From Brisbane (4000): Gold Coast (~66 km), Sydney (~730 km), Melbourne (~1375 km).
        let out = nearest_first(
            vec![
                at("melbourne", Some(-37.8136), Some(144.9631)),
                at("nowhere", None, None),
                at("sydney", Some(-33.8688), Some(151.2093)),
                at("gold-coast", Some(-28.0167), Some(153.4000)),
            ],
            -27.4698,
            153.0251,
        );
        let order: Vec<&str> = out.iter().map(|e| e.location.slug.as_str()).collect();
        assert_eq!(order, ["gold-coast", "sydney", "melbourne", "nowhere"]);
        let d: Vec<f64> = out.iter().filter_map(|e| e.distance_km).collect();
        assert!(d.windows(2).all(|w| w[0] <= w[1]));
        assert!((60.0..75.0).contains(&d[0]), "{d:?}");
        assert_eq!(out[3].distance_km, None);
    }
}
