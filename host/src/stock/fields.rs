//! The canonical Car fields a stock feed may carry (docs/features/shopper-core.md §3 "Car"), their storage column
//! and their type. One table drives feed parsing, validation, the upsert SQL and the content hash,
//! so a field is added in one place. Reference: `host/docs/stock-feed.md`.

/// Value type of a canonical field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Free text (trimmed).
    Text,
    /// Whole number.
    Int,
    /// Decimal number (`$` and thousands separators allowed).
    Float,
    /// true/false, yes/no, 1/0, y/n.
    Bool,
    /// Calendar date `YYYY-MM-DD`.
    Date,
    /// RFC 3339 timestamp or unix seconds; stored as unix seconds.
    Timestamp,
    /// List of text: `|`-separated in CSV, an array in JSON; stored as a JSON array.
    List,
    /// Nested object: JSON text in CSV, an object in JSON; stored as JSON text.
    Json,
}

/// One canonical field.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    /// Name in feeds and in the API (docs/features/shopper-core.md §3).
    pub name: &'static str,
    /// Column in the `cars` table.
    pub column: &'static str,
    /// Value type.
    pub kind: Kind,
}

const fn f(name: &'static str, kind: Kind) -> Field {
    Field { name, column: name, kind }
}

/// Fields stored directly in a `cars` column. `dealership_slug` and `location_slug` are feed
/// fields too, resolved to ids ([`REFERENCE_FIELDS`]).
pub const FIELDS: &[Field] = &[
    f("stocknum", Kind::Text),
    f("vin", Kind::Text),
    f("nvic", Kind::Text),
    f("slug", Kind::Text),
    f("year", Kind::Int),
    f("make", Kind::Text),
    f("model", Kind::Text),
    f("badge", Kind::Text),
    f("series", Kind::Text),
    f("variant", Kind::Text),
    f("carsales_title", Kind::Text),
    f("colour", Kind::Text),
    f("interior_colour", Kind::Text),
    f("body", Kind::Text),
    f("simple_body", Kind::Text),
    f("bodyconfiguration", Kind::Text),
    f("doors", Kind::Int),
    f("seats", Kind::Int),
    f("fuel", Kind::Text),
    f("simple_fuel", Kind::Text),
    f("drive", Kind::Text),
    f("simple_drive", Kind::Text),
    f("trans", Kind::Text),
    f("simple_transmission", Kind::Text),
    f("geartype", Kind::Text),
    f("gearnum", Kind::Int),
    f("engine_size", Kind::Float),
    f("engine_size_litres", Kind::Float),
    f("cylinders", Kind::Int),
    f("induction", Kind::Text),
    f("fuelconsumptioncombined", Kind::Float),
    f("fuelcapacity", Kind::Float),
    f("torque", Kind::Float),
    f("ancaprating", Kind::Text),
    f("grossvehiclemass", Kind::Float),
    f("vehiclelength", Kind::Float),
    f("vehicleheight", Kind::Float),
    f("vehiclewidth", Kind::Float),
    f("towingcapacitybraked", Kind::Float),
    f("km", Kind::Int),
    f("price", Kind::Float),
    f("before_price", Kind::Float),
    f("offer_price", Kind::Float),
    f("subscription_price", Kind::Float),
    f("price_type", Kind::Text),
    f("preorder", Kind::Bool),
    f("car_type", Kind::Text),
    f("status", Kind::Text),
    f("tag", Kind::Text),
    f("reserved", Kind::Bool),
    f("certified", Kind::Bool),
    f("show_on_dealer_website", Kind::Bool),
    f("item_type", Kind::Text),
    f("city", Kind::Text),
    f("state", Kind::Text),
    f("private_suburb", Kind::Text),
    f("private_postcode", Kind::Text),
    f("regplate", Kind::Text),
    f("rego_expiry", Kind::Date),
    f("build_date", Kind::Date),
    f("compliance_date", Kind::Date),
    f("dealercomments", Kind::Text),
    f("file", Kind::Text),
    f("video_url", Kind::Text),
    f("external_video_url", Kind::Text),
    f("spin_code", Kind::Text),
    f("spin_interior_image", Kind::Text),
    f("image_urls", Kind::List),
    f("spin_images", Kind::List),
    f("standard_equipment", Kind::List),
    f("hotspots", Kind::Json),
    f("caravan_specifications", Kind::Json),
    f("finance_lenders", Kind::Json),
    f("autograb_data", Kind::Json),
    Field {
        name: "youxQuote",
        column: "youx_quote",
        kind: Kind::Json,
    },
    f("created_at", Kind::Timestamp),
    f("sold_at", Kind::Timestamp),
];

/// Feed fields that name another record of the tenant (resolved to ids at import).
pub const REFERENCE_FIELDS: &[&str] = &["dealership_slug", "location_slug"];

/// Other accepted spellings of canonical names (as the spec writes them).
pub const ALIASES: &[(&str, &str)] = &[
    ("standardEquipment", "standard_equipment"),
    ("youx_quote", "youxQuote"),
    ("images", "image_urls"),
];

/// Known simple body types (docs/features/locations-forms-marketing.md §9), canonical spelling.
pub const BODY_TYPES: &[&str] = &[
    "4x4",
    "bus",
    "cabChassis",
    "convertible",
    "coupe",
    "ev",
    "hardtop",
    "hatch",
    "hatchback",
    "motorhome",
    "lightTruck",
    "peopleMover",
    "prestige",
    "sedan",
    "softtop",
    "suv",
    "ute",
    "van",
    "wagon",
    "stationWagon",
];

/// Index of a field in [`FIELDS`] by canonical name or alias.
pub fn index_of(name: &str) -> Option<usize> {
    let name = ALIASES.iter().find(|(a, _)| *a == name).map(|(_, c)| *c).unwrap_or(name);
    FIELDS.iter().position(|f| f.name == name)
}

/// Whether `name` is a canonical feed field (stored or reference) or an alias of one.
pub fn is_feed_field(name: &str) -> bool {
    index_of(name).is_some() || REFERENCE_FIELDS.contains(&name)
}

/// The canonical name for `name` (resolving aliases), if it is a feed field.
pub fn canonical(name: &str) -> Option<&'static str> {
    if let Some(i) = index_of(name) {
        return Some(FIELDS[i].name);
    }
    REFERENCE_FIELDS.iter().find(|r| **r == name).copied()
}
