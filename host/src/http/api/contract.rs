//! The OpenAPI document as served (SECURITY.md "API conformance"): the derived document
//! ([`super::ApiDoc`]) with the host's own rules written into it where the derive cannot state
//! them, so that a request the document allows is one the host accepts, and the other way round.
//!
//! - Rules of every site ([`document`] with no site): a car *or* an amount (`RepaymentBody`), a car
//!   *or* a price (`QuoteBody`), as `oneOf` with each branch's own bounds; the trade-in estimate's
//!   year window (1950 to next year, computed when the document is built) and non-blank make and
//!   model; the rego shape; every lead form's fields as intake checks them
//!   (`crate::leads::intake::form_field_schemas`: text without control characters, Australian
//!   phone numbers, ranges, list and object sizes), email *or* phone, and `car_id` on the forms
//!   that need one.
//! - Rules of one site ([`document`] with the request's site, served at `/api/openapi.json` for
//!   its Host): the lead fields the site requires (`message` on enquiries unless
//!   `[leads] message_optional`, `postcode` with `postcode_required`, `dealership_slug` when it has
//!   several dealerships, the service interval and type), the values of `dealership_slug`,
//!   `location` and `Service Type`, the trade-in adjustment questions and answers; and without a
//!   rego lookup (a `rego-lookup` plugin allowed to reach a partner) no
//!   `POST /api/v1/trade-in/rego` (it answers 501 there).
//!
//! Each lead form's schema is one object (the common fields and the form's own, no other), so a
//! generator sees exactly the fields intake takes.
//!
//! `forecourt openapi` prints the document with no site (the UI generates its types from it).

use serde_json::{Value, json};

use crate::{leads::intake, tenant::Tenant};

/// The OpenAPI document of the JSON API with the host's rules written in (see the module doc):
/// with `site`, that site's own required fields and values too. Takes the site (None: the rules
/// every site shares) and whether it offers the rego lookup (a `rego-lookup` plugin; without
/// one the operation is left out); returns the document as JSON.
pub fn document(site: Option<&Tenant>, rego_lookup: bool) -> Value {
    use utoipa::OpenApi;
    let mut doc = serde_json::to_value(super::ApiDoc::openapi()).expect("the OpenAPI document is JSON");
    let next_year = i64::from(jiff::Zoned::now().year()) + 1;
    finance_bodies(&mut doc);
    trade_in_bodies(&mut doc, next_year);
    lead_forms(&mut doc, site);
    import_bodies(&mut doc);
    blank_lead_filters(&mut doc);
    miscellaneous_body(&mut doc);
    search_ranges(&mut doc);
    if let Some(t) = site {
        adjustment_answers(&mut doc, t);
        if !rego_lookup {
            // No lookup plugin: the operation is not offered on this site (a request to it is a
            // 501 `rego_lookup_unavailable`, and the form keeps manual entry).
            doc["paths"].as_object_mut().expect("paths").remove("/api/v1/trade-in/rego");
        }
    }
    doc
}

/// The component schema `name` of `doc`. Panics when the derive did not register it (a
/// programming error the tests catch).
fn schema<'a>(doc: &'a mut Value, name: &str) -> &'a mut Value {
    let s = &mut doc["components"]["schemas"][name];
    assert!(s.is_object(), "schema {name} is registered");
    s
}

/// Replaces the property schema `prop` by `rule`, keeping its description.
fn set_rule(prop: &mut Value, rule: Value) {
    let description = prop.get("description").or_else(|| prop.pointer("/oneOf/1/description")).cloned();
    *prop = rule;
    if let Some(d) = description {
        prop["description"] = d;
    }
}

/// Sets `rules` (property name -> schema) on the properties of the object schema `s`.
fn set_rules(s: &mut Value, rules: &[(&str, Value)]) {
    for (name, rule) in rules {
        set_rule(&mut s["properties"][*name], rule.clone());
    }
}

/// A number (or null: the default) from `min` to `max`.
fn number(min: f64, max: f64) -> Value {
    json!({ "type": ["number", "null"], "minimum": min, "maximum": max })
}

/// The frequencies (or null: the default).
fn frequency() -> Value {
    json!({ "enum": ["week", "fortnight", "month", null] })
}

/// `RepaymentBody` (`crate::tools::finance`): with `car` every number is clamped into the car's
/// calculator and `establishment_fee` is refused; without, `amount` is required and the generic
/// bounds of `plain_request` apply.
fn finance_bodies(doc: &mut Value) {
    let body = schema(doc, "RepaymentBody");
    let mut for_car = body.clone();
    for_car["title"] = "RepaymentForCar".into();
    for_car["additionalProperties"] = false.into();
    for_car["required"] = json!(["car"]);
    for_car["properties"]
        .as_object_mut()
        .expect("properties")
        .remove("establishment_fee");
    let any = || json!({ "type": ["number", "null"] });
    set_rules(
        &mut for_car,
        &[
            ("car", json!({ "type": "string" })),
            ("amount", any()),
            ("deposit", any()),
            ("term_years", any()),
            ("interest", any()),
            ("residual", any()),
            ("frequency", frequency()),
        ],
    );
    let mut for_amount = body.clone();
    for_amount["title"] = "RepaymentForAmount".into();
    for_amount["additionalProperties"] = false.into();
    for_amount["required"] = json!(["amount"]);
    set_rules(
        &mut for_amount,
        &[
            ("car", json!({ "type": "null" })),
            ("amount", json!({ "type": "number", "minimum": 0, "maximum": 10_000_000 })),
            ("deposit", number(0.0, 10_000_000.0)),
            ("term_years", number(0.25, 30.0)),
            ("interest", number(0.0, 100.0)),
            ("residual", number(0.0, 10_000_000.0)),
            ("establishment_fee", number(0.0, 100_000.0)),
            ("frequency", frequency()),
        ],
    );
    let description = body["description"].clone();
    *body = json!({ "description": description, "oneOf": [for_car, for_amount] });

    // `QuoteBody` (`crate::tools::quote::question`): a car, or a purchase price without one.
    let body = schema(doc, "QuoteBody");
    let common = [
        ("selfAssessedCreditScore", json!({ "enum": ["GREAT", "DECENT", "POOR", null] })),
        ("loanTerm", json!({ "type": ["integer", "null"], "minimum": 1, "maximum": 7 })),
        ("year", json!({ "type": ["integer", "null"], "minimum": 1900, "maximum": 2100 })),
        (
            "vin",
            json!({ "type": ["string", "null"], "pattern": "^[ \\t\\r\\n]*[A-Za-z0-9]{0,17}[ \\t\\r\\n]*$" }),
        ),
        (
            "nvic",
            json!({ "type": ["string", "null"], "pattern": "^[ \\t\\r\\n]*[A-Za-z0-9]{0,12}[ \\t\\r\\n]*$" }),
        ),
        (
            "whoIsHelping",
            json!({ "type": ["string", "null"], "maxLength": 100, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*$" }),
        ),
    ];
    let price = |required: bool| {
        let ty = if required { json!("number") } else { json!(["number", "null"]) };
        json!({ "type": ty, "exclusiveMinimum": 0, "maximum": 10_000_000 })
    };
    let mut for_car = body.clone();
    for_car["title"] = "QuoteForCar".into();
    for_car["additionalProperties"] = false.into();
    for_car["required"] = json!(["car"]);
    set_rules(&mut for_car, &common);
    set_rules(
        &mut for_car,
        &[("car", json!({ "type": "string" })), ("purchasePrice", price(false))],
    );
    let mut for_price = body.clone();
    for_price["title"] = "QuoteForPrice".into();
    for_price["additionalProperties"] = false.into();
    for_price["required"] = json!(["purchasePrice"]);
    set_rules(&mut for_price, &common);
    set_rules(
        &mut for_price,
        &[("car", json!({ "type": "null" })), ("purchasePrice", price(true))],
    );
    let description = body["description"].clone();
    *body = json!({ "description": description, "oneOf": [for_car, for_price] });
}

/// `EstimateBody` (`crate::tools::trade_in::check`): year 1950 to `next_year`, km 0 to 2,000,000,
/// make and model 1 to 60 characters, not blank; and `RegoBody` (`crate::tools::rego::plate`): up
/// to 9 letters or digits (spaces and dashes ignored) and a state.
fn trade_in_bodies(doc: &mut Value, next_year: i64) {
    let body = schema(doc, "EstimateBody");
    body["additionalProperties"] = false.into();
    let name = json!({ "type": "string", "maxLength": 60, "pattern": "\\S" });
    set_rules(
        body,
        &[
            ("make", name.clone()),
            ("model", name),
            ("year", json!({ "type": "integer", "minimum": 1950, "maximum": next_year })),
            ("km", json!({ "type": "integer", "minimum": 0, "maximum": 2_000_000 })),
            (
                "adjustmentAnswers",
                json!({ "type": ["object", "null"], "additionalProperties": { "type": "string" } }),
            ),
        ],
    );
    let body = schema(doc, "RegoBody");
    body["additionalProperties"] = false.into();
    set_rules(
        body,
        &[
            ("rego", json!({ "type": "string", "pattern": "^[ -]*([A-Za-z0-9][ -]*){1,9}$" })),
            ("regoState", json!({ "enum": crate::tenant::AU_STATES })),
        ],
    );
}

/// The admin import's bodies (`http/api/admin.rs`): a CSV feed stated as its narrowest honest
/// shape, a header row `stocknum` and one stock number a row (the host takes any header row that
/// names a stock field, and refuses one that names none: it is not a feed); a JSON feed as an
/// array of cars or `{"cars": [...]}`.
fn import_bodies(doc: &mut Value) {
    let content = &mut doc["paths"]["/api/v1/admin/import"]["post"]["requestBody"]["content"];
    assert!(content.is_object(), "the admin import has a body");
    content["text/csv"]["schema"] = json!({
        "type": "string",
        "description": "CSV with a header row naming Forecourt stock fields (docs/features/platform.md \"Stock import\")",
        "pattern": "^stocknum\\r?\\n([^,\"\\r\\n]*\\r?\\n)*$",
    });
    let cars = json!({ "type": "array", "items": { "type": "object", "description": "A car: stock field -> value" } });
    content["application/json"]["schema"] = json!({
        "oneOf": [cars.clone(), { "type": "object", "required": ["cars"], "properties": { "cars": cars } }],
    });
}

/// `MiscellaneousBody` as `crate::leads::misc::record` checks it: `column_name` one of its
/// columns, `data` at most 50 keys of at most 100 characters whose values are null, true or false,
/// numbers or texts of at most 500 characters, no other field.
fn miscellaneous_body(doc: &mut Value) {
    use crate::leads::misc::{COLUMNS, MAX_KEYS, MAX_TEXT};
    let body = schema(doc, "MiscellaneousBody");
    set_rules(
        body,
        &[
            ("column_name", json!({ "type": "string", "enum": COLUMNS })),
            (
                "data",
                json!({
                    "type": "object",
                    "maxProperties": MAX_KEYS,
                    "propertyNames": { "maxLength": 100 },
                    "additionalProperties": { "oneOf": [
                        { "type": "null" }, { "type": "boolean" }, { "type": "number" },
                        { "type": "string", "maxLength": MAX_TEXT },
                    ] },
                }),
            ),
        ],
    );
    body["additionalProperties"] = json!(false);
}

/// The search ranges (`price` is the one the derive declares; `km`, `year` and the others take the
/// same form): `min:max`, each end empty or a number of at most 15 digits with an optional
/// fraction, `$`, commas and spaces allowed (`crate::search::query`; ends the other way round
/// are swapped).
fn search_ranges(doc: &mut Value) {
    const END: &str = r"[$, ]*[0-9,]{0,15}(\.[0-9]{1,6})?[$, ]*";
    let pattern = format!("^{END}(:{END})?$");
    for path in ["/api/v1/search", "/api/v1/search/count"] {
        for p in doc["paths"][path]["get"]["parameters"].as_array_mut().into_iter().flatten() {
            if p["name"] == "price" {
                p["schema"]["pattern"] = json!(pattern);
            }
        }
    }
}

/// The leads list's and export's `form` and `delivery` filters: blank is no filter (the handler
/// leaves blank filters out), so `""` is one of their values.
fn blank_lead_filters(doc: &mut Value) {
    for path in ["/api/v1/admin/leads", "/api/v1/admin/leads.csv"] {
        for p in doc["paths"][path]["get"]["parameters"].as_array_mut().into_iter().flatten() {
            if matches!(p["name"].as_str(), Some("form" | "delivery"))
                && let Some(values) = p["schema"]["enum"].as_array_mut()
            {
                values.push("".into());
            }
        }
    }
}

/// The site's trade-in adjustment questions as the estimate's `adjustmentAnswers`: each question
/// id a property whose values are its answers' values; no other property.
fn adjustment_answers(doc: &mut Value, t: &Tenant) {
    let props: serde_json::Map<String, Value> = t
        .config
        .trade_in
        .adjustments
        .iter()
        .map(|q| {
            let values: Vec<&str> = q.answers.iter().map(|a| a.value.as_str()).collect();
            (q.id.clone(), json!({ "enum": values, "description": q.question }))
        })
        .collect();
    let answers = &mut schema(doc, "EstimateBody")["properties"]["adjustmentAnswers"];
    answers["properties"] = Value::Object(props);
    answers["additionalProperties"] = false.into();
}

/// The lead forms' schemas (`crate::http::api::lead_schemas`) with intake's rule for every field,
/// and with `site`, the site's required fields and values (see the module doc).
fn lead_forms(doc: &mut Value, site: Option<&Tenant>) {
    let mapping = doc["components"]["schemas"]["LeadSubmission"]["discriminator"]["mapping"].clone();
    let cfg = site.map(|t| &t.config);
    // The common fields: one schema (`LeadCommon`) shared by every form.
    let common = intake::form_field_schemas("career");
    {
        let lc = schema(doc, "LeadCommon");
        let required: Vec<String> = lc["required"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(str::to_string))
            .collect();
        for (name, optional, req) in &common {
            if lc["properties"].get(*name).is_some() {
                let rule = if required.iter().any(|r| r == name) { req } else { optional };
                set_rule(&mut lc["properties"][*name], rule.clone());
            }
        }
        if let Some(c) = cfg {
            let mut values = |field: &str, list: Vec<String>, required: bool| {
                let mut list: Vec<Value> = list.into_iter().map(Value::from).collect();
                if !required {
                    // Blank or null is the same as absent.
                    list.extend([Value::from(""), Value::Null]);
                }
                set_rule(&mut lc["properties"][field], json!({ "enum": list }));
            };
            let several = c.dealerships.len() > 1;
            values("dealership_slug", c.dealerships.iter().map(|d| d.slug.clone()).collect(), several);
            values(
                "location",
                c.locations.iter().filter(|l| l.visible).map(|l| l.slug.clone()).collect(),
                false,
            );
            let mut add = Vec::new();
            if several {
                add.push("dealership_slug");
            }
            if c.leads.postcode_required {
                add.push("postcode");
                let rule = common.iter().find(|(n, ..)| *n == "postcode").map(|(_, _, r)| r.clone());
                set_rule(&mut lc["properties"]["postcode"], rule.expect("postcode is a common field"));
            }
            let req = lc["required"].as_array_mut().expect("LeadCommon has required fields");
            req.extend(add.into_iter().map(Value::from));
        }
    }
    for form in intake::FORMS {
        let name = mapping[form]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .unwrap_or_else(|| panic!("form {form} is mapped"))
            .to_string();
        let fields = intake::form_field_schemas(form);
        let rule_of = |field: &str, required: bool| {
            fields
                .iter()
                .find(|(n, ..)| *n == field)
                .map(|(_, o, r)| if required { r.clone() } else { o.clone() })
                .unwrap_or_else(|| panic!("{field} is a field of {form}"))
        };
        let form_schema = schema(doc, &name).clone();
        let mut own = form_schema["allOf"]
            .as_array()
            .and_then(|parts| parts.iter().find(|p| p.get("properties").is_some()))
            .cloned()
            .unwrap_or_else(|| panic!("{name} has its own part"));
        let required: Vec<String> = own["required"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(str::to_string))
            .collect();
        let names: Vec<String> = own["properties"]
            .as_object()
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        for field in names.iter().filter(|n| *n != "form" && *n != "idempotency_key") {
            let rule = rule_of(field, required.contains(field));
            set_rule(&mut own["properties"][field.as_str()], rule);
        }
        // Common fields this form requires (intake's `validate`), stated on the form's own part.
        let mut extra: Vec<&str> = Vec::new();
        if matches!(form, "test_drive" | "request_photos" | "find_similar" | "reserve") {
            extra.push("car_id");
        }
        if let Some(c) = cfg {
            if form == "enquiry" && !c.leads.message_optional {
                extra.push("message");
            }
            if form == "service" {
                if c.leads.service_interval_required {
                    extra.push("Service Interval");
                }
                if !c.leads.service_types.is_empty() {
                    extra.push("Service Type");
                    set_rule(&mut own["properties"]["Service Type"], json!({ "enum": c.leads.service_types }));
                }
            }
        }
        for field in extra {
            if own["properties"].get(field).is_none() {
                own["properties"][field] = rule_of(field, true);
            } else if field != "Service Type" {
                set_rule(&mut own["properties"][field], rule_of(field, true));
            }
            own["required"]
                .as_array_mut()
                .expect("the form has required fields")
                .push(field.into());
        }
        // One object: the common fields (as `LeadCommon` states them for this site), then the
        // form's own, each overriding; no other field (intake refuses one, naming it); at least
        // one of email and phone (null or blank is absent).
        let common = &doc["components"]["schemas"]["LeadCommon"];
        let mut properties = common["properties"].as_object().cloned().unwrap_or_default();
        properties.extend(own["properties"].as_object().cloned().unwrap_or_default());
        let mut required: Vec<Value> = common["required"].as_array().cloned().unwrap_or_default();
        for r in own["required"].as_array().into_iter().flatten() {
            if !required.contains(r) {
                required.push(r.clone());
            }
        }
        let mut flat = json!({
            "type": "object",
            "required": required,
            "properties": properties,
            "additionalProperties": false,
            "anyOf": [
                { "required": ["email"], "properties": { "email": { "type": "string", "format": "email" } } },
                { "required": ["phone"], "properties": { "phone": { "type": "string", "pattern": intake::PHONE_PATTERN } } },
            ],
        });
        if let Some(d) = form_schema.get("description").or_else(|| own.get("description")) {
            flat["description"] = d.clone();
        }
        *schema(doc, &name) = flat;
    }
}
