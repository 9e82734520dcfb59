//! Australian postcodes with coordinates, and great-circle distance (docs/features/shopper-core.md §2 "delivery
//! calculator", docs/features/platform.md "Finance and delivery
//! tools"; docs/features/locations-forms-marketing.md §2 "dealer locator").
//!
//! The table is the real postcode data in `host/assets/geo/au_postcodes_countrystatecity.csv`
//! (3,175 postcodes, one point each; ODbL 1.0, see `host/assets/geo/PROVENANCE.md`), compiled
//! into the binary so a fresh host needs no data files to answer.

use std::{collections::HashMap, sync::LazyLock};

/// Mean earth radius used for distances, km (docs/features/platform.md "Finance and delivery tools": 6371 km).
pub const EARTH_RADIUS_KM: f64 = 6371.0;

const POSTCODES_CSV: &str = include_str!("../assets/geo/au_postcodes_countrystatecity.csv");

/// One postcode's point.
#[derive(Debug, Clone, PartialEq)]
pub struct Postcode {
    /// Four digits, `0200` to `9726`.
    pub postcode: String,
    /// State code (`NSW`, `QLD`, ...).
    pub state: String,
    /// Locality name, title-cased (`Surfers Paradise`).
    pub locality: String,
    /// Latitude, decimal degrees.
    pub lat: f64,
    /// Longitude, decimal degrees.
    pub long: f64,
}

static POSTCODES: LazyLock<HashMap<String, Postcode>> = LazyLock::new(|| {
    let mut out = HashMap::new();
    let mut rdr = csv::Reader::from_reader(POSTCODES_CSV.as_bytes());
    for row in rdr.records().flatten() {
        let (Some(pc), Some(state), Some(locality), Some(lat), Some(long)) = (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))
        else {
            continue;
        };
        let (Ok(lat), Ok(long)) = (lat.parse::<f64>(), long.parse::<f64>()) else {
            continue;
        };
        out.insert(
            pc.to_string(),
            Postcode {
                postcode: pc.to_string(),
                state: state.to_string(),
                locality: title_case(locality),
                lat,
                long,
            },
        );
    }
    out
});

fn title_case(s: &str) -> String {
    s.split(' ')
        .map(|w| {
            let lower = w.to_lowercase();
            let mut cs = lower.chars();
            match cs.next() {
                Some(f) => f.to_uppercase().chain(cs).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `s` has the postcode shape: exactly four ASCII digits (docs/features/locations-forms-marketing.md §5).
pub fn is_postcode(s: &str) -> bool {
    s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit())
}

/// The point of an Australian postcode, or None when the data has no such postcode.
pub fn postcode(code: &str) -> Option<&'static Postcode> {
    POSTCODES.get(code)
}

/// Number of postcodes in the table.
pub fn postcode_count() -> usize {
    POSTCODES.len()
}

/// Great-circle (haversine) distance between two points given in decimal degrees, km, on a
/// sphere of [`EARTH_RADIUS_KM`].
pub fn haversine_km(lat1: f64, long1: f64, lat2: f64, long2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = (lat2 - lat1).to_radians();
    let dl = (long2 - long1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * a.sqrt().asin()
}

/// The IANA time zone of an Australian state code (the location's address state).
pub fn state_time_zone(state: &str) -> &'static str {
    match state {
        "NSW" | "ACT" => "Australia/Sydney",
        "VIC" => "Australia/Melbourne",
        "TAS" => "Australia/Hobart",
        "SA" => "Australia/Adelaide",
        "NT" => "Australia/Darwin",
        "WA" => "Australia/Perth",
        _ => "Australia/Brisbane",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_real_table_loads() {
        assert_eq!(postcode_count(), 3175);
        let syd = postcode("2000").unwrap();
        assert_eq!((syd.state.as_str(), syd.locality.as_str()), ("NSW", "Barangaroo"));
        assert!(postcode("0000").is_none());
    }

    #[test]
    fn sydney_to_melbourne_is_712_km() {
        let (s, m) = (postcode("2000").unwrap(), postcode("3000").unwrap());
        let d = haversine_km(s.lat, s.long, m.lat, m.long);
        assert!((d - 712.0).abs() < 1.0, "{d}");
        assert_eq!(haversine_km(s.lat, s.long, s.lat, s.long), 0.0);
    }

    #[test]
    fn postcode_shape() {
        assert!(is_postcode("0800"));
        for bad in ["", "800", "40000", "40a0", "４０００"] {
            assert!(!is_postcode(bad), "{bad}");
        }
    }
}
