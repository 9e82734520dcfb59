//! ADF/XML (Auto-lead Data Format 1.0, the automotive lead standard) for a lead (docs/features/platform.md "Leads"):
//! `<?ADF VERSION "1.0"?>`, then `adf/prospect` with `id`, `requestdate` (ISO 8601), the
//! vehicle of interest (`interest` buy, test-drive or service; `status` new or used), a trade-in
//! as a second vehicle (`interest="trade-in"`), `customer/contact` (names, email, phone,
//! postcode) with comments, `vendor` (the dealership) and `provider`. Written with quick-xml, so
//! every value is escaped.

use std::io;

use quick_xml::{
    Writer,
    events::{BytesDecl, BytesPI, BytesText, Event},
};
use serde_json::Value;

use super::intake::StoredLead;
use crate::model::Car;

/// What the lead's form says the shopper wants with the car (ADF `vehicle@interest`).
fn interest(form: &str) -> &'static str {
    match form {
        "test_drive" => "test-drive",
        "service" => "service",
        _ => "buy",
    }
}

fn text<W: io::Write>(w: &mut Writer<W>, name: &str, value: &str) -> io::Result<()> {
    w.create_element(name).write_text_content(BytesText::new(value))?;
    Ok(())
}

fn field<'a>(lead: &'a StoredLead, key: &str) -> Option<&'a str> {
    lead.fields.get(key).and_then(Value::as_str).filter(|s| !s.is_empty())
}

fn number(lead: &StoredLead, key: &str) -> Option<String> {
    lead.fields
        .get(key)
        .and_then(|v| v.as_i64().map(|n| n.to_string()).or_else(|| v.as_str().map(str::to_string)))
}

/// The ADF/XML document for `lead` (about `car`, when it has one), from `vendor` (the
/// dealership name). Returns UTF-8 XML text.
pub fn adf_xml(lead: &StoredLead, car: Option<&Car>, vendor: &str) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let requestdate = jiff::Timestamp::from_second(lead.created_at)
        .map(|t| t.to_string())
        .unwrap_or_default();
    let result: io::Result<()> = (|| {
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        w.write_event(Event::PI(BytesPI::new("ADF VERSION \"1.0\"")))?;
        w.create_element("adf").write_inner_content(|w| {
            w.create_element("prospect")
                .with_attribute(("status", "new"))
                .write_inner_content(|w| {
                    w.create_element("id")
                        .with_attributes([("sequence", "1"), ("source", "Forecourt")])
                        .write_text_content(BytesText::new(&lead.lead_id))?;
                    text(w, "requestdate", &requestdate)?;
                    // The vehicle of interest: the car, or the make and model the form names.
                    let (year, make, model) = match car {
                        Some(c) => (Some(c.year.to_string()), Some(c.make.clone()), Some(c.model.clone())),
                        None => (
                            number(lead, "Vehicle Year").filter(|_| lead.form == "service"),
                            field(lead, "Vehicle Make").filter(|_| lead.form == "service").map(str::to_string),
                            field(lead, "Vehicle Model").filter(|_| lead.form == "service").map(str::to_string),
                        ),
                    };
                    if car.is_some() || make.is_some() {
                        let status = match car.map(|c| c.car_type.as_str()) {
                            Some("new") => "new",
                            _ => "used",
                        };
                        w.create_element("vehicle")
                            .with_attributes([("interest", interest(&lead.form)), ("status", status)])
                            .write_inner_content(|w| {
                                for (k, v) in [("year", year.as_deref()), ("make", make.as_deref()), ("model", model.as_deref())] {
                                    if let Some(v) = v {
                                        text(w, k, v)?;
                                    }
                                }
                                if let Some(c) = car {
                                    if let Some(vin) = c.vin.as_deref().filter(|v| !v.is_empty()) {
                                        text(w, "vin", vin)?;
                                    }
                                    text(w, "stock", &c.stocknum)?;
                                    if let Some(km) = c.km {
                                        w.create_element("odometer")
                                            .with_attributes([("status", "original"), ("units", "km")])
                                            .write_text_content(BytesText::new(&km.to_string()))?;
                                    }
                                    if c.price > 0.0 {
                                        w.create_element("price")
                                            .with_attributes([("type", "asking"), ("currency", "AUD")])
                                            .write_text_content(BytesText::new(&format!("{:.0}", c.price)))?;
                                    }
                                }
                                Ok(())
                            })?;
                    }
                    // A trade-in as a second vehicle.
                    if lead.form == "trade_in" {
                        w.create_element("vehicle")
                            .with_attributes([("interest", "trade-in"), ("status", "used")])
                            .write_inner_content(|w| {
                                if let Some(y) = number(lead, "Vehicle Year") {
                                    text(w, "year", &y)?;
                                }
                                for (k, key) in [("make", "Vehicle Make"), ("model", "Vehicle Model")] {
                                    if let Some(v) = field(lead, key) {
                                        text(w, k, v)?;
                                    }
                                }
                                if let Some(km) = number(lead, "km") {
                                    w.create_element("odometer")
                                        .with_attributes([("status", "original"), ("units", "km")])
                                        .write_text_content(BytesText::new(&km))?;
                                }
                                Ok(())
                            })?;
                    }
                    w.create_element("customer").write_inner_content(|w| {
                        w.create_element("contact").write_inner_content(|w| {
                            if let Some(v) = field(lead, "name") {
                                w.create_element("name")
                                    .with_attribute(("part", "first"))
                                    .write_text_content(BytesText::new(v))?;
                            }
                            if let Some(v) = field(lead, "last_name") {
                                w.create_element("name")
                                    .with_attribute(("part", "last"))
                                    .write_text_content(BytesText::new(v))?;
                            }
                            if let Some(v) = field(lead, "email") {
                                text(w, "email", v)?;
                            }
                            if let Some(v) = field(lead, "phone") {
                                w.create_element("phone")
                                    .with_attribute(("type", "voice"))
                                    .write_text_content(BytesText::new(v))?;
                            }
                            if let Some(v) = field(lead, "postcode") {
                                w.create_element("address").write_inner_content(|w| {
                                    text(w, "postalcode", v)?;
                                    text(w, "country", "AU")
                                })?;
                            }
                            Ok(())
                        })?;
                        let comments = field(lead, "message").or_else(|| field(lead, "Comments"));
                        if let Some(v) = comments {
                            text(w, "comments", v)?;
                        }
                        Ok(())
                    })?;
                    w.create_element("vendor").write_inner_content(|w| {
                        text(w, "vendorname", vendor)?;
                        w.create_element("contact").write_inner_content(|w| {
                            w.create_element("name")
                                .with_attribute(("part", "full"))
                                .write_text_content(BytesText::new(vendor))?;
                            Ok(())
                        })?;
                        Ok(())
                    })?;
                    w.create_element("provider").write_inner_content(|w| {
                        w.create_element("name")
                            .with_attribute(("part", "full"))
                            .write_text_content(BytesText::new("Forecourt"))?;
                        Ok(())
                    })?;
                    Ok(())
                })?;
            Ok(())
        })?;
        Ok(())
    })();
    result.expect("writing XML to memory cannot fail");
    String::from_utf8(w.into_inner()).expect("quick-xml writes UTF-8")
}
