//! Read models returned by the repository and the JSON API: Car (docs/features/shopper-core.md §3 "Car"),
//! Dealership and Location with opening and special hours (docs/features/locations-forms-marketing.md §3).
//!
//! Booleans are stored as 0/1 and nested objects as JSON text (one schema for SQLite and
//! PostgreSQL); the small newtypes here decode them and serialise as plain JSON.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::Engine;

/// A 0/1 column as a JSON boolean.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Flag(pub bool);

impl From<i64> for Flag {
    fn from(v: i64) -> Self {
        Flag(v != 0)
    }
}

/// A JSON-text column (nullable) as a JSON value.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct JsonText(pub Option<serde_json::Value>);

impl TryFrom<Option<String>> for JsonText {
    type Error = serde_json::Error;
    fn try_from(v: Option<String>) -> Result<Self, Self::Error> {
        v.map(|s| serde_json::from_str(&s)).transpose().map(JsonText)
    }
}

/// A JSON array-of-text column as a list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TextList(pub Vec<String>);

impl TryFrom<String> for TextList {
    type Error = serde_json::Error;
    fn try_from(v: String) -> Result<Self, Self::Error> {
        serde_json::from_str(&v).map(TextList)
    }
}

/// One image of a car: full size and thumbnail (docs/features/shopper-core.md §3 `images[].image.url`,
/// `images[].thumb.url`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CarImage {
    /// Full-size image URL.
    pub url: String,
    /// Thumbnail URL.
    pub thumb_url: String,
}

/// A car as shoppers see it (docs/features/shopper-core.md §3 "Car"). Money in AUD dollars, distances in km,
/// fuel use in L/100km, engine size in cc (`engine_size`) and litres (`engine_size_litres`),
/// timestamps in unix seconds (UTC).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct Car {
    /// Row id.
    pub id: i64,
    /// URL slug: `/cars/{slug}`.
    pub slug: String,
    /// Dealer stock number.
    pub stocknum: String,
    /// 17-character VIN.
    pub vin: Option<String>,
    /// NVIC code.
    pub nvic: Option<String>,
    /// Model year.
    pub year: i64,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge / trim.
    pub badge: Option<String>,
    /// Series.
    pub series: Option<String>,
    /// Variant.
    pub variant: Option<String>,
    /// Title as listed on carsales.
    pub carsales_title: Option<String>,
    /// Exterior colour.
    pub colour: Option<String>,
    /// Interior colour.
    pub interior_colour: Option<String>,
    /// Body as the dealer writes it.
    pub body: Option<String>,
    /// Normalised body type (docs/features/locations-forms-marketing.md §9).
    pub simple_body: Option<String>,
    /// Body configuration.
    pub bodyconfiguration: Option<String>,
    /// Doors.
    pub doors: Option<i64>,
    /// Seats.
    pub seats: Option<i64>,
    /// Fuel as written.
    pub fuel: Option<String>,
    /// Normalised fuel.
    pub simple_fuel: Option<String>,
    /// Drive as written.
    pub drive: Option<String>,
    /// Normalised drive.
    pub simple_drive: Option<String>,
    /// Transmission as written.
    pub trans: Option<String>,
    /// Normalised transmission.
    pub simple_transmission: Option<String>,
    /// Gear type.
    pub geartype: Option<String>,
    /// Number of gears.
    pub gearnum: Option<i64>,
    /// Engine size, cc.
    pub engine_size: Option<f64>,
    /// Engine size, litres.
    pub engine_size_litres: Option<f64>,
    /// Cylinders.
    pub cylinders: Option<i64>,
    /// Induction (turbo, naturally aspirated).
    pub induction: Option<String>,
    /// Combined fuel use, L/100km.
    pub fuelconsumptioncombined: Option<f64>,
    /// Fuel tank, litres.
    pub fuelcapacity: Option<f64>,
    /// Torque, Nm.
    pub torque: Option<f64>,
    /// ANCAP rating.
    pub ancaprating: Option<String>,
    /// Gross vehicle mass, kg.
    pub grossvehiclemass: Option<f64>,
    /// Length, mm.
    pub vehiclelength: Option<f64>,
    /// Height, mm.
    pub vehicleheight: Option<f64>,
    /// Width, mm.
    pub vehiclewidth: Option<f64>,
    /// Braked towing capacity, kg.
    pub towingcapacitybraked: Option<f64>,
    /// Odometer, km.
    pub km: Option<i64>,
    /// Price, AUD.
    pub price: f64,
    /// Previous price (was/now), AUD.
    pub before_price: Option<f64>,
    /// Offer price, AUD.
    pub offer_price: Option<f64>,
    /// Subscription price, AUD per week.
    pub subscription_price: Option<f64>,
    /// Price type (e.g. Drive Away).
    pub price_type: Option<String>,
    /// Pre-order car (price view PREORDER).
    #[sqlx(try_from = "i64")]
    #[schema(value_type = bool)]
    pub preorder: Flag,
    /// `new`, `demo` or `used`.
    pub car_type: String,
    /// `in_stock`, `coming_soon`, `sold` (others are never shown).
    pub status: String,
    /// Tag text, e.g. 'Test Drive Only'.
    pub tag: Option<String>,
    /// Reserved by a shopper.
    #[sqlx(try_from = "i64")]
    #[schema(value_type = bool)]
    pub reserved: Flag,
    /// Certified pre-owned.
    #[sqlx(try_from = "i64")]
    #[schema(value_type = bool)]
    pub certified: Flag,
    /// Shown on the dealer website.
    #[sqlx(try_from = "i64")]
    #[schema(value_type = bool)]
    pub show_on_dealer_website: Flag,
    /// Item type, e.g. caravan.
    pub item_type: Option<String>,
    /// Dealership id.
    pub dealership_id: i64,
    /// Dealership slug.
    pub dealership_slug: String,
    /// Location id.
    pub location_id: Option<i64>,
    /// Location name.
    pub location_name: Option<String>,
    /// City (the car's, else its location's).
    pub city: Option<String>,
    /// State (the car's, else its location's).
    pub state: Option<String>,
    /// Private seller suburb.
    pub private_suburb: Option<String>,
    /// Private seller postcode.
    pub private_postcode: Option<String>,
    /// Registration plate.
    pub regplate: Option<String>,
    /// Registration expiry, YYYY-MM-DD.
    pub rego_expiry: Option<String>,
    /// Build date, YYYY-MM-DD.
    pub build_date: Option<String>,
    /// Compliance date, YYYY-MM-DD.
    pub compliance_date: Option<String>,
    /// Dealer comments (HTML).
    pub dealercomments: Option<String>,
    /// History report file URL.
    pub file: Option<String>,
    /// Video URL.
    pub video_url: Option<String>,
    /// External video URL.
    pub external_video_url: Option<String>,
    /// Spin code.
    pub spin_code: Option<String>,
    /// Interior spin image URL.
    pub spin_interior_image: Option<String>,
    /// Image URLs, primary first.
    #[sqlx(try_from = "String")]
    #[schema(value_type = Vec<String>)]
    pub image_urls: TextList,
    /// Spin frame URLs.
    #[sqlx(try_from = "String")]
    #[schema(value_type = Vec<String>)]
    pub spin_images: TextList,
    /// Standard equipment (docs/features/shopper-core.md `standardEquipment`).
    #[sqlx(try_from = "String")]
    #[schema(value_type = Vec<String>)]
    #[serde(rename = "standardEquipment")]
    pub standard_equipment: TextList,
    /// Hotspots: exterior and interior lists with positions.
    #[sqlx(try_from = "Option<String>")]
    #[schema(value_type = Option<Object>)]
    pub hotspots: JsonText,
    /// Caravan specifications.
    #[sqlx(try_from = "Option<String>")]
    #[schema(value_type = Option<Object>)]
    pub caravan_specifications: JsonText,
    /// Lender data keyed by provider.
    #[sqlx(try_from = "Option<String>")]
    #[schema(value_type = Option<Object>)]
    pub finance_lenders: JsonText,
    /// Market price data (average_market_price, state_average_market_price), AUD.
    #[sqlx(try_from = "Option<String>")]
    #[schema(value_type = Option<Object>)]
    pub autograb_data: JsonText,
    /// Weekly quote (weeklyRepaymentAmount, advertisedRate, comparisonRate).
    #[sqlx(try_from = "Option<String>")]
    #[schema(value_type = Option<Object>)]
    #[serde(rename = "youxQuote")]
    pub youx_quote: JsonText,
    /// Page views.
    pub views: i64,
    /// Listed at, unix seconds.
    pub created_at: i64,
    /// Last change, unix seconds.
    pub updated_at: i64,
    /// Sold at, unix seconds (docs/features/shopper-core.md `sold_date_timestamp`).
    pub sold_at: Option<i64>,
    /// The last feed import that listed the car, unix seconds (None for a car no feed listed).
    /// Not in the car's JSON: `CarResponse::confirmed_at` carries it on the VDP.
    #[serde(skip)]
    #[schema(ignore)]
    pub listed_at: Option<i64>,
    /// The import that last lowered the car's price, unix seconds; None when its last price
    /// change was a rise or it never dropped (docs/features/platform.md "Price history and
    /// freshness"). Indexed for the `recently_reduced` sort; not in the car's JSON (the VDP's
    /// `price_drop` says it when the tenant shows it).
    #[serde(skip)]
    #[schema(ignore)]
    pub price_reduced_at: Option<i64>,
}

impl Car {
    /// `/cars/{slug}`.
    pub fn path(&self) -> String {
        format!("/cars/{}", self.slug)
    }

    /// 'year make model badge' (docs/features/shopper-core.md VDP title).
    pub fn name(&self) -> String {
        let mut n = format!("{} {} {}", self.year, self.make, self.model);
        if let Some(b) = self.badge.as_deref().filter(|b| !b.is_empty()) {
            n.push(' ');
            n.push_str(b);
        }
        n
    }

    /// Available: in stock or coming soon (docs/features/shopper-core.md §4 "Availability").
    pub fn is_available(&self) -> bool {
        self.status == "in_stock" || self.status == "coming_soon"
    }
}

/// The select list for [`Car`] on `engine`: car columns plus the dealership slug and location
/// fallbacks. Expects `cars c JOIN dealerships d ... LEFT JOIN locations l ...`.
///
/// `reserved` is the stock feed's flag or a deposit hold: a `paid` reservation of the car whose
/// `hold_until` (unix seconds) is still ahead of the database clock (docs/features/platform.md
/// "Leads"; docs/features/shopper-core.md §9 "car held 48 hours"). A hold ends by itself when the
/// time passes; nothing has to sweep it.
pub fn car_select(engine: Engine) -> &'static str {
    fn build(now: &str) -> String {
        let mut cols: Vec<String> = crate::stock::fields::FIELDS
            .iter()
            .filter(|f| !matches!(f.column, "city" | "state"))
            .map(|f| {
                if f.column == "reserved" {
                    format!(
                        "CAST(CASE WHEN c.reserved <> 0 OR EXISTS (SELECT 1 FROM reservations r WHERE r.tenant = c.tenant \
                         AND r.car_id = c.id AND r.status = '{}' AND r.hold_until > {now}) THEN 1 ELSE 0 END AS BIGINT) AS reserved",
                        crate::payments::status::PAID
                    )
                } else {
                    format!("c.{}", f.column)
                }
            })
            .collect();
        cols.extend(
            [
                "c.id",
                "c.dealership_id",
                "d.slug AS dealership_slug",
                "c.location_id",
                "l.name AS location_name",
                "COALESCE(c.city, l.city) AS city",
                "COALESCE(c.state, l.state, d.state) AS state",
                "c.views",
                "c.updated_at",
                "c.listed_at",
                "c.price_reduced_at",
            ]
            .map(String::from),
        );
        format!(
            "SELECT {} FROM cars c JOIN dealerships d ON d.id = c.dealership_id AND d.tenant = c.tenant \
             LEFT JOIN locations l ON l.id = c.location_id AND l.tenant = c.tenant",
            cols.join(", ")
        )
    }
    static SQLITE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| build("CAST(strftime('%s', 'now') AS INTEGER)"));
    static POSTGRES: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| build("CAST(EXTRACT(EPOCH FROM now()) AS BIGINT)"));
    match engine {
        Engine::Sqlite => &SQLITE,
        Engine::Postgres => &POSTGRES,
    }
}

/// A dealership (docs/features/locations-forms-marketing.md §3 "Dealer config").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct Dealership {
    /// Row id.
    pub id: i64,
    /// Slug.
    pub slug: String,
    /// Name.
    pub name: String,
    /// Manufacturer slug.
    pub manufacturer: Option<String>,
    /// address.state.
    pub state: Option<String>,
    /// YouTube URL.
    pub youtube_url: Option<String>,
    /// Per-dealership switches incl. include_sold_cars_days.
    #[sqlx(try_from = "Option<String>")]
    #[schema(value_type = Object)]
    pub config: JsonText,
}

/// Location address (docs/features/locations-forms-marketing.md §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Address {
    /// Street line.
    pub street: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State code.
    pub state: Option<String>,
    /// Postcode.
    pub postcode: Option<String>,
    /// Latitude, degrees.
    pub lat: Option<f64>,
    /// Longitude, degrees.
    pub long: Option<f64>,
    /// Maps link.
    pub place_url: Option<String>,
    /// Maps place id.
    pub place_id: Option<String>,
    /// Maps key.
    pub map_key: Option<String>,
}

/// Opening hour entry; weekday 0 is Sunday (docs/features/locations-forms-marketing.md §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct OpeningHourEntry {
    /// 0 (Sunday) ..= 6 (Saturday).
    pub weekday: i64,
    /// Open or Closed.
    pub status: String,
    /// HH:MM local.
    pub open: Option<String>,
    /// HH:MM local.
    pub close: Option<String>,
    /// e.g. `8:30 am - 5:30 pm`, or `Closed`.
    pub formated_hours: String,
}

/// Special (holiday) hours entry (docs/features/locations-forms-marketing.md §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SpecialHourEntry {
    /// YYYY-MM-DD.
    pub date: String,
    /// Open or Closed.
    pub status: String,
    /// HH:MM local.
    pub start_hour: Option<String>,
    /// HH:MM local.
    pub end_hour: Option<String>,
    /// Location id.
    pub location_id: i64,
}

/// Contact details.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ContactDetails {
    /// Phone.
    pub phone: Option<String>,
    /// Landline.
    pub landline_phone: Option<String>,
    /// Email.
    pub email: Option<String>,
    /// Weekly hours.
    pub opening_hours: Vec<OpeningHourEntry>,
}

/// A location (docs/features/locations-forms-marketing.md §3 "Location").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Location {
    /// Row id.
    pub id: i64,
    /// Slug.
    pub slug: String,
    /// Name.
    pub name: String,
    /// Primary location of its dealership.
    pub primary: bool,
    /// false hides it.
    pub visible: bool,
    /// sales, service, parts, car-buying.
    pub location_type: String,
    /// Subtype, e.g. buying.
    pub location_subtype: Option<String>,
    /// Manufacturer slugs.
    pub manufacturers: Vec<String>,
    /// COMING EARLY 2026 badge.
    pub upcoming: bool,
    /// Dealership id.
    pub dealership_id: i64,
    /// Dealership slug.
    pub dealership_slug: String,
    /// Address.
    pub address: Address,
    /// Phones, email and weekly hours.
    pub contact_detail: ContactDetails,
    /// Holiday hours.
    pub special_hours: Vec<SpecialHourEntry>,
    /// Image URL.
    pub image_url: Option<String>,
    /// Dealer licence number.
    pub dealer_license_number: Option<String>,
    /// Motor vehicle repairer number.
    pub motor_vehicle_repairer: Option<String>,
    /// Review average 0..=5.
    pub average_rating: Option<f64>,
    /// Review count.
    pub review_count: Option<i64>,
    /// Slugs of locations this one distributes to.
    pub distribution_locations: Vec<String>,
}

/// `8:30 am - 5:30 pm` from `08:30`/`17:30`; `Closed` when closed.
pub fn format_hours(status: &str, open: Option<&str>, close: Option<&str>) -> String {
    fn twelve(t: &str) -> String {
        match jiff::civil::Time::strptime("%H:%M", t) {
            Ok(t) => {
                let h = t.hour();
                let (h12, ampm) = match h {
                    0 => (12, "am"),
                    1..=11 => (h, "am"),
                    12 => (12, "pm"),
                    _ => (h - 12, "pm"),
                };
                format!("{h12}:{:02} {ampm}", t.minute())
            }
            Err(_) => t.to_string(),
        }
    }
    match (status, open, close) {
        ("Open", Some(o), Some(c)) => format!("{} - {}", twelve(o), twelve(c)),
        _ => "Closed".into(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn hours_in_twelve_hour_form() {
        assert_eq!(super::format_hours("Open", Some("08:30"), Some("17:00")), "8:30 am - 5:00 pm");
        assert_eq!(super::format_hours("Open", Some("00:00"), Some("12:15")), "12:00 am - 12:15 pm");
        assert_eq!(super::format_hours("Closed", None, None), "Closed");
    }
}
