//! ADF/XML (Auto-lead Data Format 1.0, the automotive lead standard) for a lead
//! (docs/features/platform.md "Leads"). The document is the XML declaration, the ADF 1.0
//! processing instruction `<?adf version="1.0"?>`, then `adf/prospect` as the ADF 1.0 DTD orders it
//! (checked against the DTD, `host/tests/fixtures/adf-1.0.dtd`, for every form in
//! `host/tests/leads_adf.rs`):
//! * `id` (the lead id, source `Forecourt`), a second `id` (the lead's reference, the code the
//!   shopper's receipt quotes, source [`REFERENCE_SOURCE`]) and `requestdate` (ISO 8601);
//! * the vehicle of interest: the car with its stock number, VIN, trim, body, odometer, colours,
//!   the price the shopper saw (`price` and `pricecomments`, recorded at submission) and, for the
//!   finance form, `finance` (method and amount); `interest` buy or test-drive; a lead without a
//!   car still has the one `vehicle` the DTD requires, with empty year, make and model;
//! * a trade-in (or the service booking's own car) as a second vehicle, with its answers in the
//!   vehicle's `comments`;
//! * `customer`: `contact` (names, email and phones with `preferredcontact="1"` on the method the
//!   shopper chose, address), `timeframe` (the test drive's appointment or the preferred service
//!   date) and `comments` (the message, then one labelled line per answer ADF has no element for:
//!   the form, the reference, loan term, credit rating, preferred contact, ...). ADF 1.0 states the
//!   contact preference only as `preferredcontact` (0 or 1) on `email` and `phone` (the DTD gives
//!   `contact` no such attribute), so SMS is the mobile `phone` marked preferred, and the
//!   `Preferred contact:` line names the method;
//! * `vendor` (the dealership, with a phone or email, as the DTD requires) and `provider`.
//!
//! ADF 1.0 lists no `service` interest: the service booking's car is written with the default
//! interest and labelled in its comments. Written with quick-xml, so every value is escaped.

use std::io;

use quick_xml::{
    Writer,
    events::{BytesDecl, BytesPI, BytesText, Event},
};
use serde_json::Value;

use super::intake::StoredLead;
use crate::{model::Car, plugins::points::price_display::PriceView};

/// The ADF 1.0 processing instruction's content, as the specification writes it.
pub const ADF_PI: &str = "adf version=\"1.0\"";

/// The `source` of the prospect's second `id`, the lead's reference (`<id sequence="2"
/// source="Forecourt reference">K7QM-4XNP</id>`); the first `id` (source `Forecourt`) is the
/// lead id.
pub const REFERENCE_SOURCE: &str = "Forecourt reference";

/// The dealership a lead goes to (ADF `vendor`). The DTD wants a contact with an email or a
/// phone: at least one of `email` and `phone` should be set.
#[derive(Debug, Clone, Default)]
pub struct Vendor {
    /// The dealership's name.
    pub name: String,
    /// Its email address (the lead inbox when the site lists none).
    pub email: Option<String>,
    /// Its phone number.
    pub phone: Option<String>,
    /// Its site's address (`https://<first host>`), when it has a host name.
    pub url: Option<String>,
}

/// What the lead's form says the shopper wants with the car (ADF `vehicle@interest`; ADF 1.0
/// has buy, lease, sell, trade-in and test-drive).
fn interest(form: &str) -> &'static str {
    match form {
        "test_drive" => "test-drive",
        _ => "buy",
    }
}

/// Each form's name as the dealer reads it (ADF comments and provider service) and as the
/// shopper reads it in their receipt (`super::receipt`).
const FORM_WORDS: [(&str, &str, &str); 9] = [
    ("enquiry", "Enquiry", "enquiry"),
    ("test_drive", "Test drive booking", "test drive booking"),
    ("request_photos", "Request photos", "request for photos"),
    ("find_similar", "Find me something similar", "request to find a similar car"),
    ("trade_in", "Trade-in valuation", "trade-in valuation request"),
    ("finance", "Finance application", "finance application"),
    ("service", "Service booking", "service booking"),
    ("reserve", "Reservation", "reservation"),
    ("career", "Career enquiry", "job application"),
];

/// The words for `form`: (as the dealer reads it, as the shopper reads it); `("Lead", "enquiry")`
/// for a form not in [`super::intake::FORMS`].
pub fn form_words(form: &str) -> (&'static str, &'static str) {
    FORM_WORDS
        .iter()
        .find(|(f, _, _)| *f == form)
        .map_or(("Lead", "enquiry"), |(_, dealer, shopper)| (*dealer, *shopper))
}

/// The form's name as the dealer reads it.
fn form_label(form: &str) -> &'static str {
    form_words(form).0
}

type W = Writer<Vec<u8>>;

fn text(w: &mut W, name: &str, value: &str) -> io::Result<()> {
    w.create_element(name).write_text_content(BytesText::new(value))?;
    Ok(())
}

fn text_with(w: &mut W, name: &str, attrs: &[(&str, &str)], value: &str) -> io::Result<()> {
    w.create_element(name)
        .with_attributes(attrs.iter().copied())
        .write_text_content(BytesText::new(value))?;
    Ok(())
}

fn field<'a>(lead: &'a StoredLead, key: &str) -> Option<&'a str> {
    lead.fields.get(key).and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// A stored number or text as text (whole numbers without a decimal point).
fn number(lead: &StoredLead, key: &str) -> Option<String> {
    lead.fields.get(key).and_then(|v| match v {
        Value::Number(n) => Some(match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{f:.0}"),
            _ => n.to_string(),
        }),
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        _ => None,
    })
}

fn yes_no(lead: &StoredLead, key: &str) -> Option<&'static str> {
    lead.fields.get(key).and_then(Value::as_bool).map(|b| if b { "yes" } else { "no" })
}

/// `key: value` pairs of a stored object (adjustment answers), in the stored order.
fn pairs(lead: &StoredLead, key: &str) -> Option<String> {
    let o = lead.fields.get(key)?.as_object()?;
    let parts: Vec<String> = o
        .iter()
        .map(|(k, v)| format!("{k}: {}", v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The ADF/XML document for `lead` (about `car`, when it has one and it is still stored), sent
/// to `vendor`. Returns UTF-8 XML text that validates against the ADF 1.0 DTD.
pub fn adf_xml(lead: &StoredLead, car: Option<&Car>, vendor: &Vendor) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let result: io::Result<()> = (|| {
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        w.write_event(Event::PI(BytesPI::new(ADF_PI)))?;
        w.create_element("adf").write_inner_content(|w| {
            w.create_element("prospect")
                .with_attribute(("status", "new"))
                .write_inner_content(|w| prospect(w, lead, car, vendor))?;
            Ok(())
        })?;
        Ok(())
    })();
    result.expect("writing XML to memory cannot fail");
    String::from_utf8(w.into_inner()).expect("quick-xml writes UTF-8")
}

fn prospect(w: &mut W, lead: &StoredLead, car: Option<&Car>, vendor: &Vendor) -> io::Result<()> {
    text_with(w, "id", &[("sequence", "1"), ("source", "Forecourt")], &lead.lead_id)?;
    if !lead.reference.is_empty() {
        // The reference the shopper's receipt quotes (ADF allows several ids, told apart by
        // sequence and source).
        text_with(w, "id", &[("sequence", "2"), ("source", REFERENCE_SOURCE)], &lead.reference)?;
    }
    let requestdate = jiff::Timestamp::from_second(lead.created_at)
        .map(|t| t.to_string())
        .unwrap_or_default();
    text(w, "requestdate", &requestdate)?;
    vehicle_of_interest(w, lead, car)?;
    if matches!(lead.form.as_str(), "trade_in" | "service") {
        own_vehicle(w, lead)?;
    }
    customer(w, lead)?;
    vendor_element(w, vendor)?;
    w.create_element("provider").write_inner_content(|w| {
        text_with(w, "name", &[("part", "full"), ("type", "business")], "Forecourt")?;
        text(w, "service", &format!("{} form on the dealer's website", form_label(&lead.form)))
    })?;
    Ok(())
}

/// The car the lead is about: the stored car, else what the lead recorded of it; a lead about no
/// car gets the DTD's one required vehicle with empty year, make and model.
fn vehicle_of_interest(w: &mut W, lead: &StoredLead, car: Option<&Car>) -> io::Result<()> {
    let own = matches!(lead.form.as_str(), "trade_in" | "service");
    let stocknum = car
        .map(|c| c.stocknum.clone())
        .or_else(|| field(lead, "stock_number").map(str::to_string));
    if own && car.is_none() && stocknum.is_none() {
        // A trade-in or service lead about no car of ours: the shopper's own car is the vehicle.
        return Ok(());
    }
    let (year, make, model) = match car {
        Some(c) => (c.year.to_string(), c.make.clone(), c.model.clone()),
        // What the lead recorded of a car removed since (a trade-in's make is the trade-in's).
        None if !own => (
            String::new(),
            field(lead, "Vehicle Make").unwrap_or_default().to_string(),
            field(lead, "Vehicle Model").unwrap_or_default().to_string(),
        ),
        None => Default::default(),
    };
    let status = match car.map(|c| c.car_type.as_str()).or_else(|| field(lead, "vehicle_status")) {
        Some("new") | Some("demo") => "new",
        _ => "used",
    };
    w.create_element("vehicle")
        .with_attributes([("interest", interest(&lead.form)), ("status", status)])
        .write_inner_content(|w| {
            text(w, "year", &year)?;
            text(w, "make", &make)?;
            text(w, "model", &model)?;
            let vin = car.and_then(|c| c.vin.clone()).or_else(|| field(lead, "vin").map(str::to_string));
            if let Some(v) = vin.filter(|v| !v.is_empty()) {
                text(w, "vin", &v)?;
            }
            if let Some(s) = &stocknum {
                text(w, "stock", s)?;
            }
            if let Some(c) = car {
                car_details(w, c)?;
            }
            price_seen(w, lead)?;
            if lead.form == "finance"
                && let Some(amount) = number(lead, "purchase_price")
            {
                w.create_element("finance").write_inner_content(|w| {
                    text(w, "method", "finance")?;
                    text_with(w, "amount", &[("type", "total"), ("limit", "exact"), ("currency", "AUD")], &amount)
                })?;
            }
            if car.is_none() && stocknum.is_none() && make.is_empty() {
                text(w, "comments", "No particular vehicle")?;
            }
            Ok(())
        })?;
    Ok(())
}

/// trim, doors, body style, transmission, odometer and colours of a stored car, in DTD order.
fn car_details(w: &mut W, c: &Car) -> io::Result<()> {
    let opt = |s: &Option<String>| s.clone().filter(|s| !s.trim().is_empty());
    if let Some(v) = opt(&c.badge) {
        text(w, "trim", &v)?;
    }
    if let Some(d) = c.doors.filter(|d| *d > 0) {
        text(w, "doors", &d.to_string())?;
    }
    if let Some(v) = opt(&c.body).or_else(|| opt(&c.simple_body)) {
        text(w, "bodystyle", &v)?;
    }
    if let Some(v) = opt(&c.trans).or_else(|| opt(&c.simple_transmission)) {
        text(w, "transmission", &v)?;
    }
    if let Some(km) = c.km {
        text_with(w, "odometer", &[("status", "original"), ("units", "km")], &km.to_string())?;
    }
    let (inside, outside) = (opt(&c.interior_colour), opt(&c.colour));
    if inside.is_some() || outside.is_some() {
        w.create_element("colorcombination").write_inner_content(|w| {
            if let Some(v) = &inside {
                text(w, "interiorcolor", v)?;
            }
            if let Some(v) = &outside {
                text(w, "exteriorcolor", v)?;
            }
            text(w, "preference", "1")
        })?;
    }
    Ok(())
}

/// `price` and `pricecomments` from the price view recorded when the lead was submitted
/// (`price_seen`), so the dealer sees what the shopper saw even if the price changed since.
fn price_seen(w: &mut W, lead: &StoredLead) -> io::Result<()> {
    let Some(view) = lead
        .fields
        .get("price_seen")
        .and_then(|v| serde_json::from_value::<PriceView>(v.clone()).ok())
    else {
        return Ok(());
    };
    let money = crate::format::money;
    let asking = |w: &mut W, v: f64| text_with(w, "price", &[("type", "asking"), ("currency", "AUD")], &format!("{v:.0}"));
    let (comments, price) = match &view {
        PriceView::CarPrice { price, price_type } => (price_type.clone(), Some(*price)),
        PriceView::WasNow { was, now, price_type } => (
            Some(format!(
                "Was {}{}",
                money(*was),
                price_type.as_ref().map(|t| format!("; {t}")).unwrap_or_default()
            )),
            Some(*now),
        ),
        PriceView::Subscription { weekly, suffix } => (Some(format!("Subscription {}{suffix}", money(*weekly))), None),
        PriceView::Preorder { text } | PriceView::NoPrice { text } => (Some(text.clone()), None),
    };
    if let Some(p) = price {
        asking(w, p)?;
    }
    // The price engine's estimate the shopper saw (docs/features/platform.md "Price engine"), after the price
    // type: the DTD has one `price` per vehicle, so the drive-away figure and its lines go in
    // the comments.
    let drive_away = lead
        .fields
        .get("drive_away_seen")
        .and_then(|v| serde_json::from_value::<crate::pricing::DriveAway>(v.clone()).ok())
        .map(|d| drive_away_comment(&d));
    let comments: Vec<String> = comments.into_iter().chain(drive_away).filter(|c| !c.trim().is_empty()).collect();
    if !comments.is_empty() {
        text(w, "pricecomments", &comments.join("; "))?;
    }
    Ok(())
}

/// `Drive-away estimate in NSW $36,040 (Vehicle, with dealer delivery $34,990, Stamp duty $1,050)`,
/// with `; not included: ...` when the estimate is incomplete.
pub fn drive_away_comment(d: &crate::pricing::DriveAway) -> String {
    let money = |v: i64| crate::format::money(v as f64);
    let lines: Vec<String> = d.components.iter().map(|c| format!("{} {}", c.label, money(c.amount))).collect();
    let mut s = format!("{} {} ({})", d.label, money(d.total), lines.join(", "));
    if !d.missing.is_empty() {
        let m: Vec<&str> = d.missing.iter().map(|m| m.label.as_str()).collect();
        s.push_str(&format!(", not included: {}", m.join(", ")));
    }
    s
}

/// The shopper's own car: the trade-in (`interest="trade-in"`, with the offer and the answers) or
/// the car a service is booked for (the DTD's default interest; labelled in its comments).
fn own_vehicle(w: &mut W, lead: &StoredLead) -> io::Result<()> {
    let trade_in = lead.form == "trade_in";
    let interest = if trade_in { "trade-in" } else { "buy" };
    w.create_element("vehicle")
        .with_attributes([("interest", interest), ("status", "used")])
        .write_inner_content(|w| {
            text(w, "year", &number(lead, "Vehicle Year").unwrap_or_default())?;
            text(w, "make", field(lead, "Vehicle Make").unwrap_or_default())?;
            text(w, "model", field(lead, "Vehicle Model").unwrap_or_default())?;
            if let Some(km) = number(lead, "km") {
                text_with(w, "odometer", &[("status", "original"), ("units", "km")], &km)?;
            }
            if trade_in && let Some(offer) = number(lead, "offer_price") {
                text_with(w, "price", &[("type", "offer"), ("currency", "AUD")], &offer)?;
            }
            let mut lines: Vec<String> = Vec::new();
            let mut add = |label: &str, v: Option<String>| {
                if let Some(v) = v.filter(|v| !v.is_empty()) {
                    lines.push(format!("{label}: {v}"));
                }
            };
            let s = |k: &str| field(lead, k).map(str::to_string);
            if trade_in {
                add("Trade-in", Some("the customer's car".into()));
                add("Rego", s("rego"));
                add("Rego state", s("regoState"));
                add("Under finance", s("under_finance"));
                add("Offer accepted", yes_no(lead, "offer_accepted").map(str::to_string));
                add("Adjustment answers", pairs(lead, "adjustmentAnswers"));
            } else {
                add("Service booking", Some("the customer's own car".into()));
                add("Rego", s("Vehicle Rego"));
                add("Rego state", s("Vehicle State"));
                add("Service interval", s("Service Interval"));
                add("Service type", s("Service Type"));
                add("Service location", s("Service Location"));
                add("Tyres replacement", yes_no(lead, "Tyres Replacement").map(str::to_string));
                let extras = lead
                    .fields
                    .get("additional_services")
                    .and_then(Value::as_array)
                    .map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "));
                add("Additional services", extras);
                add("Booking status", s("lead_status"));
            }
            text(w, "comments", &lines.join("\n"))
        })?;
    Ok(())
}

/// Whether an Australian number (normalised, leading 0) is a mobile (04 or 05).
pub fn is_mobile(phone: &str) -> bool {
    phone.starts_with("04") || phone.starts_with("05")
}

fn customer(w: &mut W, lead: &StoredLead) -> io::Result<()> {
    let preferred = field(lead, "preferred_contact");
    w.create_element("customer").write_inner_content(|w| {
        w.create_element("contact").write_inner_content(|w| {
            let first = field(lead, "name").unwrap_or_default();
            text_with(w, "name", &[("part", "first"), ("type", "individual")], first)?;
            if let Some(v) = field(lead, "last_name") {
                text_with(w, "name", &[("part", "last"), ("type", "individual")], v)?;
            }
            let flag = |yes: bool| if yes { "1" } else { "0" };
            if let Some(v) = field(lead, "email") {
                text_with(w, "email", &[("preferredcontact", flag(preferred == Some("Email")))], v)?;
            }
            if let Some(v) = field(lead, "phone") {
                let kind = if preferred == Some("SMS") || is_mobile(v) {
                    "cellphone"
                } else {
                    "voice"
                };
                let yes = matches!(preferred, Some("Phone") | Some("SMS"));
                text_with(w, "phone", &[("type", kind), ("preferredcontact", flag(yes))], v)?;
            }
            address(w, lead)
        })?;
        timeframe(w, lead)?;
        text(w, "comments", &customer_comments(lead))
    })?;
    Ok(())
}

/// The shopper's address: the service form's street, suburb and state, and the postcode. The DTD
/// wants a street: it is empty when the form asked only for the postcode.
fn address(w: &mut W, lead: &StoredLead) -> io::Result<()> {
    let (street, city, region, postcode) = (
        field(lead, "street"),
        field(lead, "suburb"),
        field(lead, "state"),
        field(lead, "postcode"),
    );
    if street.is_none() && city.is_none() && postcode.is_none() {
        return Ok(());
    }
    w.create_element("address")
        .with_attribute(("type", "home"))
        .write_inner_content(|w| {
            text(w, "street", street.unwrap_or_default())?;
            for (k, v) in [("city", city), ("regioncode", region), ("postalcode", postcode)] {
                if let Some(v) = v {
                    text(w, k, v)?;
                }
            }
            text(w, "country", "AU")
        })?;
    Ok(())
}

/// When the shopper wants to come in: the test drive's appointment (`YYYY-MM-DD HH:MM`, the
/// location's local time) or the service booking's preferred date (`YYYY-MM-DD`).
fn timeframe(w: &mut W, lead: &StoredLead) -> io::Result<()> {
    let (description, when) = match lead.form.as_str() {
        "test_drive" => ("Test drive appointment", field(lead, "appointment")),
        "service" => ("Preferred service date", field(lead, "Preferred Service Date")),
        _ => return Ok(()),
    };
    let Some(when) = when else {
        return Ok(());
    };
    let iso = when.trim().replacen(' ', "T", 1);
    let valid = jiff::civil::DateTime::strptime("%Y-%m-%dT%H:%M", &iso).is_ok() || jiff::civil::Date::strptime("%Y-%m-%d", &iso).is_ok();
    w.create_element("timeframe").write_inner_content(|w| {
        text(w, "description", &format!("{description}: {when}"))?;
        if valid {
            text(w, "earliestdate", &iso)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The shopper's message, then one `Label: value` line per answer ADF has no element for.
fn customer_comments(lead: &StoredLead) -> String {
    let mut lines: Vec<String> = Vec::new();
    if let Some(m) = field(lead, "message").or_else(|| field(lead, "Comments")) {
        lines.push(m.to_string());
    }
    let mut add = |label: &str, v: Option<String>| {
        if let Some(v) = v.filter(|v| !v.is_empty()) {
            lines.push(format!("{label}: {v}"));
        }
    };
    let s = |k: &str| field(lead, k).map(str::to_string);
    add("Form", Some(form_label(&lead.form).to_string()));
    add("Reference", Some(lead.reference.clone()));
    add("Category", s("category"));
    add("Subcategory", s("subcategory"));
    add("Preferred contact", s("preferred_contact"));
    add("Appointment", s("appointment"));
    add("Preferred service date", s("Preferred Service Date"));
    add("Purchase price", number(lead, "purchase_price").map(|p| format!("${p}")));
    add("Loan term", number(lead, "loan_term").map(|t| format!("{t} years")));
    add("Credit rating", s("credit_score").map(|c| format!("{c} (self-assessed)")));
    add("Deposit", number(lead, "deposit").map(|d| format!("${d}")));
    add("Position", s("position"));
    add("Location", s("location"));
    add("Marketing opt-in", yes_no(lead, "opt_in").map(str::to_string));
    add("Page", s("url"));
    lines.join("\n")
}

fn vendor_element(w: &mut W, vendor: &Vendor) -> io::Result<()> {
    w.create_element("vendor").write_inner_content(|w| {
        text(w, "vendorname", &vendor.name)?;
        if let Some(u) = &vendor.url {
            text(w, "url", u)?;
        }
        w.create_element("contact").write_inner_content(|w| {
            text_with(w, "name", &[("part", "full"), ("type", "business")], &vendor.name)?;
            if let Some(e) = &vendor.email {
                text(w, "email", e)?;
            }
            if let Some(p) = &vendor.phone {
                text_with(w, "phone", &[("type", "voice")], p)?;
            }
            Ok(())
        })?;
        Ok(())
    })?;
    Ok(())
}
