//! The `tenant.toml` sections about places: `[[dealerships]]`, `[[locations]]` with their
//! addresses, contacts and opening hours, and `[maps]`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A dealership (docs/features/locations-forms-marketing.md §3 "Dealer config").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealershipConfig {
    /// Unique in the tenant.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Manufacturer slug for franchise dealerships.
    #[serde(default)]
    pub manufacturer: Option<String>,
    /// address.state.
    #[serde(default)]
    pub state: Option<String>,
    /// YouTube channel URL.
    #[serde(default)]
    pub youtube_url: Option<String>,
    /// Per-dealership switches.
    #[serde(default)]
    pub config: DealershipSwitches,
}

/// Per-dealership switches: `include_sold_cars_days` plus free-form keys.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct DealershipSwitches {
    /// Days a sold car stays visible (default 3; docs/features/locations-forms-marketing.md §4).
    #[serde(default)]
    pub include_sold_cars_days: Option<u32>,
    /// Any other switch (bool, number or string).
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_json::Value>,
}

/// A location (docs/features/locations-forms-marketing.md §3 "Location").
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationConfig {
    /// Unique in the tenant.
    pub slug: String,
    /// Display name.
    pub name: String,
    /// Slug of the dealership this location belongs to.
    pub dealership: String,
    /// Primary location of its dealership.
    #[serde(default)]
    pub primary: bool,
    /// false hides the location everywhere.
    #[serde(default = "yes")]
    pub visible: bool,
    /// `sales`, `service`, `parts`, `car-buying` or empty (= sales).
    #[serde(default)]
    pub location_type: String,
    /// e.g. `buying`.
    #[serde(default)]
    pub location_subtype: Option<String>,
    /// Manufacturer slugs sold or serviced here.
    #[serde(default)]
    pub manufacturers: Vec<String>,
    /// Shows the 'COMING EARLY 2026' badge.
    #[serde(default)]
    pub upcoming: bool,
    /// Dealer licence number.
    #[serde(default)]
    pub dealer_license_number: Option<String>,
    /// Motor vehicle repairer number.
    #[serde(default)]
    pub motor_vehicle_repairer: Option<String>,
    /// Review average, 0..=5.
    #[serde(default)]
    pub average_rating: Option<f64>,
    /// Number of reviews.
    #[serde(default)]
    pub review_count: Option<u32>,
    /// Image URL.
    #[serde(default)]
    pub image_url: Option<String>,
    /// Slugs of locations this one distributes to.
    #[serde(default)]
    pub distribution_locations: Vec<String>,
    /// Street address and coordinates.
    pub address: AddressConfig,
    /// Phones and email.
    #[serde(default)]
    pub contact_detail: ContactDetail,
    /// Weekly hours.
    #[serde(default)]
    pub opening_hours: Vec<OpeningHour>,
    /// Holiday hours.
    #[serde(default)]
    pub special_hours: Vec<SpecialHour>,
}

fn yes() -> bool {
    true
}

/// The interactive location maps (`[maps]` in tenant.toml; docs/features/locations-forms-marketing.md §7 "Maps
/// service for location maps", §9 "Map default zoom 10"). The UI loads tiles from `tile_url`
/// (`{z}`, `{x}`, `{y}` and optional `{s}` placeholders); pages still work when tiles cannot load.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MapSettings {
    /// Tile URL template, an https URL (default OpenStreetMap's standard tiles).
    #[serde(default = "default_tile_url")]
    pub tile_url: String,
    /// Attribution shown on the map (HTML allowed by the map library; default the OSM credit).
    #[serde(default = "default_attribution")]
    pub attribution: String,
    /// Initial zoom level, 1..=19 (default 10).
    #[serde(default = "default_zoom")]
    pub zoom: u8,
}

fn default_tile_url() -> String {
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png".into()
}

fn default_attribution() -> String {
    "&copy; OpenStreetMap contributors".into()
}

fn default_zoom() -> u8 {
    10
}

impl Default for MapSettings {
    fn default() -> Self {
        Self {
            tile_url: default_tile_url(),
            attribution: default_attribution(),
            zoom: default_zoom(),
        }
    }
}

/// Location address (docs/features/locations-forms-marketing.md §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddressConfig {
    /// Street line.
    #[serde(default)]
    pub street: Option<String>,
    /// City or suburb.
    pub city: String,
    /// State code (QLD, NSW, VIC, ...).
    pub state: String,
    /// Four-digit postcode.
    pub postcode: String,
    /// Latitude, decimal degrees.
    pub lat: f64,
    /// Longitude, decimal degrees.
    pub long: f64,
    /// Maps link.
    #[serde(default)]
    pub place_url: Option<String>,
    /// Maps place id.
    #[serde(default)]
    pub place_id: Option<String>,
    /// Maps key.
    #[serde(default)]
    pub map_key: Option<String>,
}

/// Location contact details.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContactDetail {
    /// Main phone.
    #[serde(default)]
    pub phone: Option<String>,
    /// Landline.
    #[serde(default)]
    pub landline_phone: Option<String>,
    /// Email address.
    #[serde(default)]
    pub email: Option<String>,
}

/// Weekly hours entry; weekday 0 is Sunday, 6 Saturday (docs/features/locations-forms-marketing.md §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpeningHour {
    /// 0 (Sunday) ..= 6 (Saturday).
    pub weekday: u8,
    /// `Open` or `Closed`.
    pub status: String,
    /// `HH:MM` local time; required when open.
    #[serde(default)]
    pub open: Option<String>,
    /// `HH:MM` local time; required when open.
    #[serde(default)]
    pub close: Option<String>,
}

/// Holiday hours entry (docs/features/locations-forms-marketing.md §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialHour {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `Open` or `Closed`.
    pub status: String,
    /// `HH:MM`; required when open.
    #[serde(default)]
    pub start_hour: Option<String>,
    /// `HH:MM`; required when open.
    #[serde(default)]
    pub end_hour: Option<String>,
}
