//! Turns one feed record (canonical field -> raw value) into typed, checked values, or the list of
//! field errors for that row. Rules: `host/docs/stock-feed.md` "Canonical columns".

use std::collections::BTreeMap;

use super::{
    fields::{self, BODY_TYPES, FIELDS, Field, Kind},
    mapping::parse_number,
};
use crate::slug::slugify;

/// Largest accepted price, AUD dollars.
pub const MAX_PRICE: f64 = 5_000_000.0;
/// Largest accepted odometer reading, km.
pub const MAX_KM: i64 = 2_000_000;

/// A raw value as read from a feed.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    /// Text (CSV cell, JSON string or number rendered as text).
    Text(String),
    /// A JSON value that is not a string (array, object, bool, number).
    Json(serde_json::Value),
}

impl Raw {
    /// The value as trimmed text; None when absent or blank. Non-string JSON is rendered as JSON.
    /// NUL characters (U+0000) are dropped: they mean nothing in a feed and PostgreSQL text cannot
    /// hold them (the whole import would fail there, not just the row).
    pub(crate) fn as_text(&self) -> Option<String> {
        match self {
            Raw::Text(s) | Raw::Json(serde_json::Value::String(s)) => {
                Some(s.replace('\0', "").trim().to_string()).filter(|s| !s.is_empty())
            }
            Raw::Json(serde_json::Value::Null) => None,
            Raw::Json(serde_json::Value::Bool(b)) => Some(b.to_string()),
            Raw::Json(serde_json::Value::Number(n)) => Some(n.to_string()),
            Raw::Json(v) => Some(v.to_string()),
        }
    }
}

/// A typed, stored value.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// Absent.
    Null,
    /// Text, dates and JSON.
    Text(String),
    /// Whole numbers, booleans (0/1) and timestamps (unix seconds).
    Int(i64),
    /// Decimal numbers.
    Float(f64),
}

/// One problem with one field of one row.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct FieldError {
    /// Canonical field name.
    pub field: String,
    /// Why the value was refused.
    pub reason: String,
}

/// A validated row: values aligned with [`FIELDS`] plus the reference slugs.
#[derive(Debug, Clone)]
pub struct CarInput {
    /// One value per entry of [`FIELDS`].
    pub values: Vec<Val>,
    /// `dealership_slug`, if given.
    pub dealership_slug: Option<String>,
    /// `location_slug`, if given.
    pub location_slug: Option<String>,
}

impl CarInput {
    /// The value of a field by canonical name.
    pub fn get(&self, name: &str) -> &Val {
        &self.values[fields::index_of(name).expect("known field")]
    }

    /// Text value of a field, if present.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Val::Text(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn set(&mut self, name: &str, v: Val) {
        let i = fields::index_of(name).expect("known field");
        self.values[i] = v;
    }
}

/// The VIN format: 17 characters, A-Z and 0-9 except I, O and Q (ISO 3779). The check digit is
/// not enforced: it is only mandatory for North American VINs.
pub fn is_valid_vin(vin: &str) -> bool {
    vin.len() == 17
        && vin
            .bytes()
            .all(|b| (b.is_ascii_uppercase() && !matches!(b, b'I' | b'O' | b'Q')) || b.is_ascii_digit())
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "yes" | "y" | "1" => Some(true),
        "false" | "no" | "n" | "0" => Some(false),
        _ => None,
    }
}

fn parse_timestamp(s: &str) -> Option<i64> {
    if let Ok(n) = s.parse::<i64>() {
        return Some(n);
    }
    if let Ok(ts) = s.parse::<jiff::Timestamp>() {
        return Some(ts.as_second());
    }
    // A bare civil date-time is read as UTC.
    s.parse::<jiff::civil::DateTime>()
        .ok()
        .and_then(|dt| dt.to_zoned(jiff::tz::TimeZone::UTC).ok())
        .map(|z| z.timestamp().as_second())
}

/// Validates one record (canonical field -> raw value): parses every field as its kind, applies
/// the field rules and the stored defaults. `current_year` bounds `year` (at most next year).
/// Returns the typed car, or every problem in the row (field and reason) when there is any.
pub fn validate_row(rec: &BTreeMap<&'static str, Raw>, current_year: i64) -> Result<CarInput, Vec<FieldError>> {
    let mut errors = Vec::new();
    macro_rules! err {
        ($field:expr, $reason:expr) => {
            errors.push(FieldError {
                field: $field.to_string(),
                reason: $reason,
            })
        };
    }
    let values = FIELDS
        .iter()
        .map(|field| parse_value(field, rec.get(field.name), &mut errors))
        .collect();
    let reference = |name: &str| rec.get(name).and_then(Raw::as_text);
    let mut car = CarInput {
        values,
        dealership_slug: reference("dealership_slug"),
        location_slug: reference("location_slug"),
    };

    check_fields(&mut car, current_year, &mut errors);
    // Stored defaults for absent flags and lists (the columns are NOT NULL).
    for (i, field) in FIELDS.iter().enumerate() {
        if car.values[i] == Val::Null {
            match field.kind {
                Kind::Bool => car.values[i] = Val::Int((field.name == "show_on_dealer_website") as i64),
                Kind::List => car.values[i] = Val::Text("[]".into()),
                _ => {}
            }
        }
    }
    check_urls(&car, &mut errors);
    if let Some(slug) = car.text("slug")
        && slugify(slug) != slug
    {
        err!("slug", format!("`{slug}` must be lower-case letters, digits and single dashes"));
    }
    if errors.is_empty() { Ok(car) } else { Err(errors) }
}

/// Feed text as the platform keeps it: without the characters shown text may not hold
/// ([`crate::format::hidden_char`]; carriage returns go too, so `\r\n` becomes `\n`). What a
/// feed's text reaches (pages, ADF/XML for CRMs, JSON) is then well-formed XML 1.0 character
/// data once escaped. Takes and returns the text.
pub fn clean_text(t: String) -> String {
    use crate::format::hidden_char;
    if t.chars().any(hidden_char) {
        t.chars().filter(|c| !hidden_char(*c)).collect()
    } else {
        t
    }
}

/// One field's raw value as the field's kind (`None` when the record lacks it), pushing an error
/// for a value that does not parse; such a value is `Val::Null`.
fn parse_value(field: &Field, raw: Option<&Raw>, errors: &mut Vec<FieldError>) -> Val {
    macro_rules! err {
        ($field:expr, $reason:expr) => {
            errors.push(FieldError {
                field: $field.to_string(),
                reason: $reason,
            })
        };
    }
    // URLs keep what they hold: a control character in one refuses it (check_url).
    let keeps_urls = URL_FIELDS.iter().any(|(n, _)| *n == field.name);
    let clean = |t: String| if keeps_urls { t } else { clean_text(t) };
    match raw {
        None => Val::Null,
        Some(raw) => match field.kind {
            Kind::Text => raw.as_text().map(|t| Val::Text(clean(t))).unwrap_or(Val::Null),
            Kind::Int => match raw.as_text() {
                None => Val::Null,
                Some(t) => match parse_number(&t) {
                    Some(n) if n.fract() == 0.0 && n.abs() < 9e15 => Val::Int(n as i64),
                    Some(_) => {
                        err!(field.name, format!("`{t}` must be a whole number"));
                        Val::Null
                    }
                    None => {
                        err!(field.name, format!("`{t}` is not a number"));
                        Val::Null
                    }
                },
            },
            Kind::Float => match raw.as_text() {
                None => Val::Null,
                Some(t) => match parse_number(&t) {
                    Some(n) => Val::Float(n),
                    None => {
                        err!(field.name, format!("`{t}` is not a number"));
                        Val::Null
                    }
                },
            },
            Kind::Bool => match raw.as_text() {
                None => Val::Null,
                Some(t) => match parse_bool(&t) {
                    Some(b) => Val::Int(b as i64),
                    None => {
                        err!(field.name, format!("`{t}` must be true or false"));
                        Val::Null
                    }
                },
            },
            Kind::Date => match raw.as_text() {
                None => Val::Null,
                Some(t) => {
                    let day = t.get(..10).unwrap_or(&t);
                    match jiff::civil::Date::strptime("%Y-%m-%d", day) {
                        Ok(d) => Val::Text(d.to_string()),
                        Err(_) => {
                            err!(field.name, format!("`{t}` must be a date YYYY-MM-DD"));
                            Val::Null
                        }
                    }
                }
            },
            Kind::Timestamp => match raw.as_text() {
                None => Val::Null,
                Some(t) => match parse_timestamp(&t) {
                    Some(n) => Val::Int(n),
                    None => {
                        err!(field.name, format!("`{t}` must be an RFC 3339 timestamp or unix seconds"));
                        Val::Null
                    }
                },
            },
            Kind::List => match raw {
                Raw::Text(t) => {
                    let t = clean(t.clone());
                    let items: Vec<&str> = t.split('|').map(str::trim).filter(|s| !s.is_empty()).collect();
                    if items.is_empty() {
                        Val::Null
                    } else {
                        Val::Text(serde_json::to_string(&items).expect("strings"))
                    }
                }
                Raw::Json(serde_json::Value::Array(a)) => {
                    let items: Option<Vec<String>> = a
                        .iter()
                        .map(|v| match v {
                            serde_json::Value::String(s) => Some(clean(s.clone())),
                            // `images` as the spec writes them: [{image: {url}}] or [{url}]
                            serde_json::Value::Object(o) => o
                                .get("url")
                                .or_else(|| o.get("image").and_then(|i| i.get("url")))
                                .and_then(|u| u.as_str())
                                .map(String::from),
                            _ => None,
                        })
                        .collect();
                    match items {
                        Some(items) if items.is_empty() => Val::Null,
                        Some(items) => Val::Text(serde_json::to_string(&items).expect("strings")),
                        None => {
                            err!(field.name, "must be a list of text values".into());
                            Val::Null
                        }
                    }
                }
                Raw::Json(serde_json::Value::Null) => Val::Null,
                Raw::Json(_) => {
                    err!(field.name, "must be a list".into());
                    Val::Null
                }
            },
            Kind::Json => match raw {
                Raw::Text(t) if t.trim().is_empty() => Val::Null,
                Raw::Text(t) => match serde_json::from_str::<serde_json::Value>(t) {
                    Ok(v) if v.is_object() || v.is_array() => Val::Text(v.to_string()),
                    _ => {
                        err!(field.name, "must be a JSON object".into());
                        Val::Null
                    }
                },
                Raw::Json(serde_json::Value::Null) => Val::Null,
                Raw::Json(v) if v.is_object() || v.is_array() => Val::Text(v.to_string()),
                Raw::Json(_) => {
                    err!(field.name, "must be a JSON object".into());
                    Val::Null
                }
            },
        },
    }
}

/// The rules across a parsed car's fields: VIN, stock number (the VIN when absent), year
/// (1900 to `current_year + 1`), make and model, prices, km, counts, sizes, car type, status and
/// body type; normalised values are set on `car`, every problem is pushed to `errors`.
fn check_fields(car: &mut CarInput, current_year: i64, errors: &mut Vec<FieldError>) {
    macro_rules! err {
        ($field:expr, $reason:expr) => {
            errors.push(FieldError {
                field: $field.to_string(),
                reason: $reason,
            })
        };
    }
    if let Some(vin) = car.text("vin").map(|v| v.to_ascii_uppercase()) {
        if is_valid_vin(&vin) {
            car.set("vin", Val::Text(vin));
        } else {
            err!("vin", format!("`{vin}` is not a VIN: 17 characters, A-Z and 0-9 without I, O or Q"));
        }
    }
    match (car.text("stocknum"), car.text("vin")) {
        (Some(s), _) if s.len() > 64 => err!("stocknum", "must be at most 64 characters".into()),
        (None, Some(vin)) => {
            let vin = vin.to_string();
            car.set("stocknum", Val::Text(vin));
        }
        (None, None) if !errors_mention(errors, "vin") => err!("stocknum", "is required (or a vin)".into()),
        _ => {}
    }
    match car.get("year") {
        Val::Int(y) if (1900..=current_year + 1).contains(y) => {}
        Val::Int(y) => err!("year", format!("{y} must be between 1900 and {}", current_year + 1)),
        Val::Null if !errors_mention(errors, "year") => err!("year", "is required".into()),
        _ => {}
    }
    for name in ["make", "model"] {
        match car.text(name) {
            None => err!(name, "is required".into()),
            Some(t) if t.len() > 100 => err!(name, "must be at most 100 characters".into()),
            _ => {}
        }
    }
    match car.get("price") {
        Val::Float(p) if *p <= 0.0 => err!("price", format!("{p} must be greater than 0")),
        Val::Float(p) if *p > MAX_PRICE => err!("price", format!("{p} is above the {MAX_PRICE} limit")),
        Val::Null if !errors_mention(errors, "price") => err!("price", "is required".into()),
        _ => {}
    }
    for name in ["before_price", "offer_price", "subscription_price"] {
        if let Val::Float(p) = car.get(name)
            && !(0.0..=MAX_PRICE).contains(p)
        {
            err!(name, format!("{p} must be between 0 and {MAX_PRICE}"));
        }
    }
    if let Val::Int(km) = car.get("km")
        && !(0..=MAX_KM).contains(km)
    {
        err!("km", format!("{km} must be between 0 and {MAX_KM}"));
    }
    for (name, max) in [("doors", 10), ("seats", 60), ("gearnum", 20), ("cylinders", 16)] {
        if let Val::Int(n) = car.get(name)
            && !(0..=max).contains(n)
        {
            err!(name, format!("{n} must be between 0 and {max}"));
        }
    }
    for name in [
        "engine_size",
        "engine_size_litres",
        "fuelconsumptioncombined",
        "fuelcapacity",
        "torque",
    ] {
        if let Val::Float(n) = car.get(name)
            && *n < 0.0
        {
            err!(name, format!("{n} must not be negative"));
        }
    }
    match car.text("car_type").map(str::to_ascii_lowercase) {
        Some(t) if ["new", "demo", "used"].contains(&t.as_str()) => car.set("car_type", Val::Text(t)),
        Some(t) => err!("car_type", format!("`{t}` must be new, demo or used")),
        None => err!("car_type", "is required (new, demo or used)".into()),
    }
    match car.text("status").map(|s| s.to_ascii_lowercase().replace([' ', '-'], "_")) {
        Some(s) if s.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') => car.set("status", Val::Text(s)),
        Some(s) => err!("status", format!("`{s}` must be a status such as in_stock, coming_soon or sold")),
        None => car.set("status", Val::Text("in_stock".into())),
    }
    if let Some(b) = car.text("simple_body") {
        match BODY_TYPES.iter().find(|k| k.eq_ignore_ascii_case(b)) {
            Some(k) => car.set("simple_body", Val::Text((*k).to_string())),
            None => err!("simple_body", format!("`{b}` is not a known body type ({})", BODY_TYPES.join(", "))),
        }
    }
}

/// The tenant's own media path that feeds may name instead of an absolute URL: `/img/<path>`,
/// served from the tenant's media folder (src/http/web/images.rs).
pub const MEDIA_PREFIX: &str = "/img/";

/// Feed fields that hold URLs, each with the local path prefix it may also name instead of an
/// absolute URL: the tenant's media ([`MEDIA_PREFIX`]) for images, none for video addresses and
/// the history report (`file`).
/// Lists are checked item by item.
pub const URL_FIELDS: &[(&str, Option<&str>)] = &[
    ("image_urls", Some(MEDIA_PREFIX)),
    ("spin_images", Some(MEDIA_PREFIX)),
    ("spin_interior_image", Some(MEDIA_PREFIX)),
    ("video_url", None),
    ("external_video_url", None),
    // The car history report, opened as a link (docs/features/shopper-core.md §5).
    ("file", None),
];

/// Checks a URL a feed or a plugin answer gives for a page to load (`og:image`, `img src`, a
/// preload, a video): an absolute `http:` or `https:` URL with a host, or, when `local` names a
/// prefix (`/img/` for feed images, `/` for any path of the site itself), a path under it whose
/// segments are neither empty nor `.`/`..` (so never `//host`). Whitespace, control characters
/// and backslashes are refused anywhere (browsers and URL parsers drop or rewrite them, which is
/// how `java\tscript:` and `/\evil.example` tricks work). Returns the reason it is refused,
/// without the field name (callers add it).
pub fn check_url(value: &str, local: Option<&str>) -> Result<(), String> {
    // Shown in import reports and the terminal: control characters (an ESC sequence) as U+FFFD.
    let shown: String = value
        .chars()
        .take(80)
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    let refuse = || match local {
        Some(prefix) => Err(format!("`{shown}` must be an http(s) URL or a path under {prefix}")),
        None => Err(format!("`{shown}` must be an http(s) URL")),
    };
    if value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\') {
        return refuse();
    }
    if let Some(path) = local.and_then(|prefix| value.strip_prefix(prefix)) {
        let clean = !path.is_empty() && path.split('/').all(|seg| !seg.is_empty() && seg != "." && seg != "..");
        return if clean { Ok(()) } else { refuse() };
    }
    match url::Url::parse(value) {
        Ok(u)
            if matches!(u.scheme(), "http" | "https")
                && u.host_str().is_some_and(|h| !h.is_empty())
                && value.get(u.scheme().len()..).is_some_and(|rest| rest.starts_with("://")) =>
        {
            Ok(())
        }
        _ => refuse(),
    }
}

/// Checks every URL field of a parsed car ([`URL_FIELDS`]), pushing one error per bad field
/// (the first bad item of a list).
fn check_urls(car: &CarInput, errors: &mut Vec<FieldError>) {
    for (name, local) in URL_FIELDS {
        let items: Vec<String> = match car.get(name) {
            Val::Text(t) if fields::FIELDS[fields::index_of(name).expect("known field")].kind == Kind::List => {
                serde_json::from_str(t).unwrap_or_default()
            }
            Val::Text(t) => vec![t.clone()],
            _ => continue,
        };
        if let Some(reason) = items.iter().find_map(|u| check_url(u, *local).err()) {
            errors.push(FieldError {
                field: (*name).to_string(),
                reason,
            });
        }
    }
}

fn errors_mention(errors: &[FieldError], field: &str) -> bool {
    errors.iter().any(|e| e.field == field)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(pairs: &[(&'static str, &str)]) -> BTreeMap<&'static str, Raw> {
        pairs.iter().map(|(k, v)| (*k, Raw::Text(v.to_string()))).collect()
    }

    fn good() -> Vec<(&'static str, &'static str)> {
        vec![
            ("stocknum", "A1"),
            ("year", "2020"),
            ("make", "Mazda"),
            ("model", "CX-5"),
            ("price", "$31,990"),
            ("car_type", "Used"),
        ]
    }

    #[test]
    fn accepts_a_good_row_and_normalises() {
        let car = validate_row(&rec(&good()), 2026).unwrap();
        assert_eq!(car.get("price"), &Val::Float(31990.0));
        assert_eq!(car.text("car_type"), Some("used"));
        assert_eq!(car.text("status"), Some("in_stock"));
        assert_eq!(car.get("show_on_dealer_website"), &Val::Int(1));
    }

    #[test]
    fn names_each_bad_field() {
        let mut r = good();
        r.retain(|(k, _)| *k != "year" && *k != "price");
        r.push(("vin", "WDD123"));
        r.push(("price", "0"));
        let errs = validate_row(&rec(&r), 2026).unwrap_err();
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, vec!["vin", "year", "price"], "{errs:?}");
    }

    #[test]
    fn absurd_price_and_future_year_are_refused() {
        let mut r = good();
        r[1] = ("year", "2031");
        r[4] = ("price", "4628161260");
        let errs = validate_row(&rec(&r), 2026).unwrap_err();
        assert!(errs.iter().any(|e| e.field == "price" && e.reason.contains("limit")));
        assert!(errs.iter().any(|e| e.field == "year"));
    }

    #[test]
    fn vin_rules() {
        assert!(is_valid_vin("WDDHF5GB7BA292772"));
        assert!(!is_valid_vin("WDDHF5GB7BA29277"));
        assert!(!is_valid_vin("WDDHF5GB7BA29277O"));
        assert!(!is_valid_vin("wddhf5gb7ba292772"));
    }
}
