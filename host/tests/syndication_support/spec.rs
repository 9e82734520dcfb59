//! The two listings feed specifications as checks, written from the specifications and not from
//! the host's code: every feed item is parsed back (quick-xml, csv) and each attribute checked for
//! presence and format.
//!
//! * Google vehicle listings: required `vin`, `store_code`, `dealership_name`,
//!   `dealership_address`, `price` (ISO 4217: an amount and a currency code), `condition` (`new`
//!   or `used`), `make`, `model`, `year` (4 digits), `mileage` (a number and `km` or `miles`); the
//!   host also promises `image_link` and `link`; URLs absolute https; `date_in_stock` ISO 8601.
//! * Meta automotive catalog: required `vehicle_id` (at most 100 characters), `vin` (17
//!   characters), `title`, `description` (at most 5000), `url`, `make`, `model`, `year` (yyyy),
//!   `mileage.value` (a whole number) and `mileage.unit` (`KM` or `MI`), `image[0].url`,
//!   `body_style` (Meta's enum), `exterior_color`, `price` (ISO 4217), `state_of_vehicle` (`NEW`,
//!   `USED`, `CPO`), `address.addr1`, `.city`, `.region`, `.postal_code`, `.country` (ISO 3166-1
//!   alpha-2); enums of `transmission`, `fuel_type`, `drivetrain` when given.

use std::collections::{BTreeMap, HashSet};

use quick_xml::{Reader, events::Event};

/// One feed item: attribute -> its values (repeated attributes keep every value), by name as
/// written (`g:` prefix dropped for Google).
pub type Item = BTreeMap<String, Vec<String>>;

/// The attributes of Google's vehicle listings specification an item may carry.
pub const GOOGLE_ATTRIBUTES: [&str; 21] = [
    "vin",
    "id",
    "store_code",
    "place_id",
    "maps_url",
    "dealership_name",
    "dealership_address",
    "tracking_phone_number",
    "image_link",
    "additional_image_link",
    "link",
    "date_in_stock",
    "price",
    "vehicle_msrp",
    "condition",
    "make",
    "model",
    "trim",
    "year",
    "mileage",
    "exterior_color",
];

/// Parses an RSS 2.0 feed with `g:` attributes into its items. Panics on XML that does not
/// parse, on a wrong root or namespace, or on an item attribute outside the `g:` namespace.
pub fn parse_google(xml: &str) -> Vec<Item> {
    let mut reader = Reader::from_str(xml);
    reader.config_mut().trim_text(true);
    let mut items = Vec::new();
    let mut path: Vec<String> = Vec::new();
    let mut item: Option<Item> = None;
    let mut text = String::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => {
                let name = e.name().as_ref().to_string();
                if path.is_empty() {
                    assert_eq!(name, "rss", "root element");
                    let attrs: BTreeMap<String, String> = e
                        .attributes()
                        .map(|a| {
                            let a = a.unwrap();
                            (a.key.as_ref().to_string(), a.value.to_string())
                        })
                        .collect();
                    assert_eq!(attrs.get("version").map(String::as_str), Some("2.0"));
                    assert_eq!(attrs.get("xmlns:g").map(String::as_str), Some("http://base.google.com/ns/1.0"));
                }
                if name == "item" {
                    item = Some(Item::new());
                }
                path.push(name);
                text.clear();
            }
            Event::Text(t) => text.push_str(&t.html_content()),
            Event::GeneralRef(r) => match r.resolve_char_ref().unwrap() {
                Some(c) => text.push(c),
                None => text.push_str(match r.html_content().as_ref() {
                    "lt" => "<",
                    "gt" => ">",
                    "amp" => "&",
                    "quot" => "\"",
                    "apos" => "'",
                    other => panic!("unknown entity {other}"),
                }),
            },
            Event::End(_) => {
                let name = path.pop().unwrap();
                if name == "item" {
                    items.push(item.take().unwrap());
                } else if let Some(it) = item.as_mut() {
                    let attr = name
                        .strip_prefix("g:")
                        .unwrap_or_else(|| panic!("item child `{name}` is not in the g: namespace"));
                    it.entry(attr.to_string()).or_default().push(std::mem::take(&mut text));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    items
}

fn one<'a>(item: &'a Item, attr: &str) -> Option<&'a str> {
    item.get(attr)
        .and_then(|v| v.first())
        .map(String::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// Whether `v` is a VIN's format.
pub fn is_vin(v: &str) -> bool {
    v.len() == 17
        && v.bytes()
            .all(|b| b.is_ascii_digit() || (b.is_ascii_uppercase() && !b"IOQ".contains(&b)))
}

/// Whether `v` is an ISO 4217 price: an amount (digits, optional 2 decimals) above 0, a space
/// and a 3-letter currency code.
pub fn is_iso_price(v: &str, currency: &str) -> bool {
    let Some((amount, code)) = v.split_once(' ') else { return false };
    let valid_amount = {
        let (whole, frac) = amount.split_once('.').unwrap_or((amount, "00"));
        !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()) && frac.len() == 2 && frac.bytes().all(|b| b.is_ascii_digit())
    };
    valid_amount && amount.parse::<f64>().is_ok_and(|a| a > 0.0) && code == currency
}

/// Whether `v` is an absolute https URL.
pub fn is_https_url(v: &str) -> bool {
    url::Url::parse(v).is_ok_and(|u| u.scheme() == "https" && u.host_str().is_some())
}

fn is_year(v: &str) -> bool {
    v.len() == 4 && v.parse::<i32>().is_ok_and(|y| (1900..=2100).contains(&y))
}

/// The problems of one Google item (empty when it meets the specification).
pub fn google_problems(item: &Item) -> Vec<String> {
    let mut p = Vec::new();
    for attr in item.keys() {
        if !GOOGLE_ATTRIBUTES.contains(&attr.as_str()) {
            p.push(format!("`{attr}` is not an attribute of the specification"));
        }
    }
    for attr in [
        "vin",
        "store_code",
        "dealership_name",
        "dealership_address",
        "price",
        "condition",
        "make",
        "model",
        "year",
        "mileage",
        "image_link",
        "link",
    ] {
        if one(item, attr).is_none() {
            p.push(format!("required `{attr}` is missing"));
        }
        if item.get(attr).is_some_and(|v| v.len() > 1) {
            p.push(format!("`{attr}` is repeated"));
        }
    }
    let check = |attr: &str, ok: &dyn Fn(&str) -> bool, p: &mut Vec<String>| {
        if let Some(v) = one(item, attr)
            && !ok(v)
        {
            p.push(format!("`{attr}` = {v:?} is malformed"));
        }
    };
    check("vin", &is_vin, &mut p);
    check("price", &|v| is_iso_price(v, "AUD"), &mut p);
    check("condition", &|v| v == "new" || v == "used", &mut p);
    check("year", &is_year, &mut p);
    check(
        "mileage",
        &|v| {
            v.split_once(' ')
                .is_some_and(|(n, u)| n.parse::<u64>().is_ok() && (u == "km" || u == "miles"))
        },
        &mut p,
    );
    check("image_link", &is_https_url, &mut p);
    check("link", &is_https_url, &mut p);
    check("date_in_stock", &|v| jiff::civil::Date::strptime("%Y-%m-%d", v).is_ok(), &mut p);
    check("dealership_address", &|v| v.ends_with(", AU") && v.split(", ").count() >= 4, &mut p);
    for v in item.get("additional_image_link").into_iter().flatten() {
        if !is_https_url(v) {
            p.push(format!("`additional_image_link` = {v:?} is not an absolute https URL"));
        }
    }
    if item.get("additional_image_link").is_some_and(|v| v.len() > 20) {
        p.push("more than 20 `additional_image_link`".into());
    }
    p
}

/// The Meta catalog's body styles.
pub const META_BODY_STYLES: [&str; 11] = [
    "CONVERTIBLE",
    "COUPE",
    "HATCHBACK",
    "MINIVAN",
    "TRUCK",
    "SUV",
    "SEDAN",
    "VAN",
    "WAGON",
    "CROSSOVER",
    "OTHER",
];

/// Parses a Meta CSV feed: (header, rows as column -> value). Panics on CSV that does not parse
/// or rows of another length than the header.
pub fn parse_meta(csv_text: &str) -> (Vec<String>, Vec<BTreeMap<String, String>>) {
    let mut r = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let rows = r
        .records()
        .map(|rec| {
            let rec = rec.expect("well-formed CSV row");
            assert_eq!(rec.len(), header.len());
            header.iter().cloned().zip(rec.iter().map(String::from)).collect()
        })
        .collect();
    (header, rows)
}

/// The problems of one Meta row (empty when it meets the specification).
pub fn meta_problems(row: &BTreeMap<String, String>) -> Vec<String> {
    let mut p = Vec::new();
    let get = |c: &str| row.get(c).map(String::as_str).unwrap_or("");
    for c in [
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
    ] {
        if get(c).trim().is_empty() {
            p.push(format!("required `{c}` is missing"));
        }
    }
    let mut check = |c: &str, ok: bool| {
        if !ok {
            p.push(format!("`{c}` = {:?} is malformed", get(c)));
        }
    };
    check("vehicle_id", get("vehicle_id").chars().count() <= 100);
    check("vin", is_vin(get("vin")));
    check("description", get("description").chars().count() <= 5000);
    check("url", is_https_url(get("url")));
    check("year", is_year(get("year")));
    check("mileage.value", get("mileage.value").parse::<u64>().is_ok());
    check("mileage.unit", ["KM", "MI"].contains(&get("mileage.unit")));
    check("body_style", META_BODY_STYLES.contains(&get("body_style")));
    check("price", is_iso_price(get("price"), "AUD"));
    check("state_of_vehicle", ["NEW", "USED", "CPO"].contains(&get("state_of_vehicle")));
    check(
        "address.country",
        get("address.country").len() == 2 && get("address.country").bytes().all(|b| b.is_ascii_uppercase()),
    );
    check("transmission", ["", "AUTOMATIC", "MANUAL"].contains(&get("transmission")));
    check(
        "fuel_type",
        [
            "",
            "DIESEL",
            "ELECTRIC",
            "FLEX",
            "GASOLINE",
            "HYBRID",
            "OTHER",
            "PETROL",
            "PLUGIN_HYBRID",
        ]
        .contains(&get("fuel_type")),
    );
    check(
        "drivetrain",
        ["", "4X2", "4X4", "AWD", "FWD", "RWD", "TWO_WD", "FOUR_WD", "OTHER"].contains(&get("drivetrain")),
    );
    check(
        "date_first_on_lot",
        get("date_first_on_lot").is_empty() || jiff::civil::Date::strptime("%Y-%m-%d", get("date_first_on_lot")).is_ok(),
    );
    for (c, v) in row {
        if c.starts_with("image[") && !v.is_empty() && !is_https_url(v) {
            p.push(format!("`{c}` = {v:?} is not an absolute https URL"));
        }
    }
    p
}

/// Panics when two items share a value of `key`.
pub fn assert_unique<'a>(what: &str, values: impl Iterator<Item = &'a str>) {
    let mut seen = HashSet::new();
    for v in values {
        assert!(seen.insert(v), "{what} {v:?} appears twice");
    }
}
