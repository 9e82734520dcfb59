//! The Meta automotive inventory catalog feed (Meta's vehicle catalog fields for automotive
//! inventory ads): CSV with a header row, nested fields flattened in Meta's JSON-path column names
//! (`mileage.value`, `image[0].url`, `address.city`), written with the csv crate (RFC 4180
//! quoting).
//!
//! Columns ([`COLUMNS`]): `vehicle_id` (stock number), `vin`, `title`, `description` (plain text,
//! at most 5000 characters), `url`, `make`, `model`, `year`, `trim`, `mileage.value`,
//! `mileage.unit` (`KM`), `image[0].url` to `image[9].url`, `body_style` (Meta's enum from the
//! normalised body: `SEDAN`, `SUV`, `HATCHBACK`, `WAGON`, `COUPE`, `CONVERTIBLE`, `VAN`,
//! `MINIVAN` for a people mover, `TRUCK` for a ute, else `OTHER`), `exterior_color`,
//! `transmission` (`AUTOMATIC`, `MANUAL`), `fuel_type` (`GASOLINE` for petrol, `DIESEL`,
//! `ELECTRIC`, `HYBRID`), `drivetrain` (`FWD`, `RWD`, `AWD`, `4X4`), `price` (`28990.00 AUD`),
//! `state_of_vehicle` (`NEW`, `USED`, or `CPO` for a certified used car), `address.addr1`,
//! `address.city`, `address.region`, `address.postal_code`, `address.country` (`AU`),
//! `latitude`, `longitude`, `dealer_id` (the store code), `dealer_name`, `date_first_on_lot`.
//!
//! A car is left out when it lacks one of [`REQUIRED`] ([`missing`] names them).

use super::{
    listing::{COUNTRY, Condition, Listing, iso_price},
    vin,
};

/// Image columns written per car (`image[0].url` ...).
pub const IMAGE_COLUMNS: usize = 10;
/// Longest description Meta accepts, characters.
pub const MAX_DESCRIPTION: usize = 5000;

/// The header row.
pub const COLUMNS: [&str; 38] = [
    "vehicle_id",
    "vin",
    "title",
    "description",
    "url",
    "make",
    "model",
    "year",
    "trim",
    "mileage.value",
    "mileage.unit",
    "image[0].url",
    "image[1].url",
    "image[2].url",
    "image[3].url",
    "image[4].url",
    "image[5].url",
    "image[6].url",
    "image[7].url",
    "image[8].url",
    "image[9].url",
    "body_style",
    "exterior_color",
    "transmission",
    "fuel_type",
    "drivetrain",
    "price",
    "state_of_vehicle",
    "address.addr1",
    "address.city",
    "address.region",
    "address.postal_code",
    "address.country",
    "latitude",
    "longitude",
    "dealer_id",
    "dealer_name",
    "date_first_on_lot",
];

/// Fields every row must fill: the catalog's required vehicle fields.
pub const REQUIRED: [&str; 20] = [
    "vehicle_id",
    "vin",
    "title",
    "description",
    "url",
    "make",
    "model",
    "year",
    "mileage.value",
    "mileage.unit",
    "image[0].url",
    "body_style",
    "exterior_color",
    "price",
    "state_of_vehicle",
    "address.addr1",
    "address.city",
    "address.region",
    "address.postal_code",
    "address.country",
];

/// The required fields `l` cannot fill, in [`REQUIRED`] order; empty when it goes in the feed.
pub fn missing(l: &Listing) -> Vec<&'static str> {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.trim().is_empty());
    let has = |name: &str| match name {
        "vehicle_id" => !l.stocknum.is_empty(),
        "vin" => l.vin.as_deref().is_some_and(|v| vin::check(v).is_ok()),
        "title" | "make" => !l.make.is_empty(),
        "description" => !l.description.is_empty(),
        "url" => l.link.is_some(),
        "model" => !l.model.is_empty(),
        "year" => (1000..=9999).contains(&l.year),
        "mileage.value" => l.km.is_some(),
        "mileage.unit" | "body_style" | "state_of_vehicle" | "address.country" => true,
        "image[0].url" => !l.images.is_empty(),
        "exterior_color" => given(&l.colour),
        "price" => l.price.is_some(),
        "address.addr1" => given(&l.place.street),
        "address.city" => given(&l.place.city),
        "address.region" => given(&l.place.state),
        "address.postal_code" => given(&l.place.postcode),
        _ => false,
    };
    REQUIRED.into_iter().filter(|n| !has(n)).collect()
}

/// Meta's `body_style` for a normalised body type.
pub fn body_style(body: Option<&str>) -> &'static str {
    match body.map(str::to_ascii_lowercase).as_deref() {
        Some("sedan") => "SEDAN",
        Some("suv") => "SUV",
        Some("hatch" | "hatchback") => "HATCHBACK",
        Some("wagon") => "WAGON",
        Some("coupe") => "COUPE",
        Some("convertible" | "cabriolet") => "CONVERTIBLE",
        Some("van") => "VAN",
        Some("peoplemover" | "people mover" | "people-mover") => "MINIVAN",
        Some("ute" | "truck") => "TRUCK",
        _ => "OTHER",
    }
}

/// `NEW`, `USED` or `CPO`.
pub fn state_of_vehicle(l: &Listing) -> &'static str {
    match (l.condition, l.certified) {
        (Condition::New, _) => "NEW",
        (Condition::Used, true) => "CPO",
        (Condition::Used, false) => "USED",
    }
}

fn transmission(v: Option<&str>) -> &'static str {
    match v {
        Some("automatic") => "AUTOMATIC",
        Some("manual") => "MANUAL",
        _ => "",
    }
}

fn fuel_type(v: Option<&str>) -> &'static str {
    match v {
        Some("petrol") => "GASOLINE",
        Some("diesel") => "DIESEL",
        Some("electric") => "ELECTRIC",
        Some("hybrid") => "HYBRID",
        Some(_) => "OTHER",
        None => "",
    }
}

fn drivetrain(v: Option<&str>) -> &'static str {
    match v {
        Some("fwd") => "FWD",
        Some("rwd") => "RWD",
        Some("awd") => "AWD",
        Some("4wd") => "4X4",
        Some(_) => "OTHER",
        None => "",
    }
}

/// A feed being written: the header row, then one row per [`MetaFeed::push`], then
/// [`MetaFeed::finish`].
pub struct MetaFeed {
    w: csv::Writer<Vec<u8>>,
    /// Rows written so far.
    pub items: usize,
}

impl MetaFeed {
    /// Starts the document with its header row. Errors: only a writer error (none for an
    /// in-memory buffer).
    pub fn begin() -> csv::Result<MetaFeed> {
        let mut w = csv::Writer::from_writer(Vec::with_capacity(64 * 1024));
        w.write_record(COLUMNS)?;
        Ok(MetaFeed { w, items: 0 })
    }

    /// Writes `l` as a row when it has every required field. Returns whether it was written.
    /// Errors: only a writer error.
    pub fn push(&mut self, l: &Listing) -> csv::Result<bool> {
        if !missing(l).is_empty() {
            return Ok(false);
        }
        let opt = |v: &Option<String>| v.clone().unwrap_or_default();
        let description: String = l.description.chars().take(MAX_DESCRIPTION).collect();
        let mut row: Vec<String> = vec![
            l.stocknum.clone(),
            opt(&l.vin),
            l.title.clone(),
            description,
            opt(&l.link),
            l.make.clone(),
            l.model.clone(),
            l.year.to_string(),
            opt(&l.trim),
            l.km.map(|k| k.to_string()).unwrap_or_default(),
            "KM".into(),
        ];
        row.extend((0..IMAGE_COLUMNS).map(|i| l.images.get(i).cloned().unwrap_or_default()));
        row.extend([
            body_style(l.body.as_deref()).to_string(),
            opt(&l.colour),
            transmission(l.transmission.as_deref()).to_string(),
            fuel_type(l.fuel.as_deref()).to_string(),
            drivetrain(l.drive.as_deref()).to_string(),
            l.feed_price().map(iso_price).unwrap_or_default(),
            state_of_vehicle(l).to_string(),
            opt(&l.place.street),
            opt(&l.place.city),
            opt(&l.place.state),
            opt(&l.place.postcode),
            COUNTRY.to_string(),
            l.place.lat.map(|v| v.to_string()).unwrap_or_default(),
            l.place.long.map(|v| v.to_string()).unwrap_or_default(),
            l.place.store_code.clone(),
            l.place.dealership_name.clone(),
            opt(&l.date_in_stock),
        ]);
        self.w.write_record(&row)?;
        self.items += 1;
        Ok(true)
    }

    /// Flushes the rows. Returns the UTF-8 bytes. Errors: only a writer error.
    pub fn finish(self) -> csv::Result<Vec<u8>> {
        self.w
            .into_inner()
            .map_err(|e| csv::Error::from(std::io::Error::other(e.to_string())))
    }
}
