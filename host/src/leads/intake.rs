//! Lead intake: the per-form allow-lists and checks ([`validate`]), and the transactional write
//! of a lead with its delivery outbox rows ([`store`]).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::{
    config::Settings,
    db::Db,
    error::{Error, ErrorKind, INVALID_POSTCODE, REQUIRED},
    model::Car,
    repo::TenantRepo,
    tenant::Tenant,
};

/// The forms that submit leads and their category (docs/features/shopper-core.md §3 "Lead data" category).
pub const FORMS: [&str; 9] = [
    "enquiry",
    "test_drive",
    "request_photos",
    "find_similar",
    "trade_in",
    "finance",
    "service",
    "reserve",
    "career",
];

/// 'Please Select An Option...' (docs/features/locations-forms-marketing.md §5, the finance question).
pub const SELECT_AN_OPTION: &str = "Please Select An Option...";
/// The Request Photos form's hidden default text (docs/features/shopper-core.md §5).
pub const PHOTOS_TEXT: &str = "Please send photos for this car";

/// What a field holds and how it is checked.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// Plain text up to this many characters (control characters refused).
    Text(usize),
    /// An email address.
    Email,
    /// An Australian phone number (normalised to a leading 0).
    Phone,
    /// Exactly four digits.
    Postcode,
    /// true or false.
    Bool,
    /// A whole number in a range.
    Int(i64, i64),
    /// Dollars in a range.
    Money(f64, f64),
    /// One of these values.
    Choice(&'static [&'static str]),
    /// `YYYY-MM-DD`.
    Date,
    /// A list of up to 50 short strings (visited pages, additional services).
    List,
    /// An object of up to 50 string values (linked query parameters, adjustment answers).
    Object,
}

/// One allowed field.
#[derive(Debug, Clone, Copy)]
struct Field {
    name: &'static str,
    kind: Kind,
    required: bool,
}

const fn f(name: &'static str, kind: Kind) -> Field {
    Field {
        name,
        kind,
        required: false,
    }
}

const fn req(name: &'static str, kind: Kind) -> Field {
    Field {
        name,
        kind,
        required: true,
    }
}

/// Fields every form may carry (docs/features/shopper-core.md §3 "Lead data";
/// docs/features/locations-forms-marketing.md §2 "Enquiry form").
const COMMON: &[Field] = &[
    req("name", Kind::Text(100)),
    f("last_name", Kind::Text(100)),
    f("email", Kind::Email),
    f("phone", Kind::Phone),
    f("postcode", Kind::Postcode),
    f("message", Kind::Text(5000)),
    f("category", Kind::Text(100)),
    f("subcategory", Kind::Text(100)),
    f("location", Kind::Text(100)),
    f("dealership_slug", Kind::Text(100)),
    f("opt_in", Kind::Bool),
    f("rego", Kind::Text(10)),
    f("terms_conditions", Kind::Bool),
    f("page_id", Kind::Text(100)),
    f("car_id", Kind::Int(1, i64::MAX)),
    f("url", Kind::Text(2000)),
    f("visited_pages", Kind::List),
    f("linked_query_params", Kind::Object),
    // Preferred Contact Method (docs/features/locations-forms-marketing.md §5 "Valuation"), on
    // every form: ADF's `preferredcontact` on the chosen email or phone.
    f("preferred_contact", Kind::Choice(CONTACT_METHODS)),
    // false: no receipt for this lead (issue 26 item 5; absent or true: the shopper gets one,
    // `super::receipt`).
    f("receipt", Kind::Bool),
];

const CONTACT_METHODS: &[&str] = &["Phone", "Email", "SMS"];
const YES_NO: &[&str] = &["Yes", "No"];
const CREDIT: &[&str] = &["GREAT", "DECENT", "POOR"];
const STATES: &[&str] = &["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/// Extra fields per form.
const TEST_DRIVE_FIELDS: &[Field] = &[f("appointment", Kind::Text(40))];
const TRADE_IN_FIELDS: &[Field] = &[
    req("Vehicle Make", Kind::Text(60)),
    req("Vehicle Model", Kind::Text(60)),
    req("Vehicle Year", Kind::Int(1950, 2100)),
    f("km", Kind::Int(0, 2_000_000)),
    f("regoState", Kind::Choice(STATES)),
    req("under_finance", Kind::Choice(YES_NO)),
    f("adjustmentAnswers", Kind::Object),
    f("offer_price", Kind::Money(0.0, 10_000_000.0)),
    f("offer_accepted", Kind::Bool),
];
const FINANCE_FIELDS: &[Field] = &[
    req("purchase_price", Kind::Money(10_000.0, 200_000.0)),
    f("loan_term", Kind::Int(1, 7)),
    f("credit_score", Kind::Choice(CREDIT)),
    f("vin", Kind::Text(17)),
];
const SERVICE_FIELDS: &[Field] = &[
    req("Vehicle Make", Kind::Text(60)),
    req("Vehicle Model", Kind::Text(60)),
    req("Vehicle Year", Kind::Int(1950, 2100)),
    f("Vehicle Rego", Kind::Text(10)),
    f("Vehicle State", Kind::Choice(STATES)),
    f("Service Interval", Kind::Text(60)),
    f("Service Type", Kind::Text(100)),
    f("Service Location", Kind::Text(100)),
    f("Preferred Service Date", Kind::Date),
    f("Comments", Kind::Text(5000)),
    f("Tyres Replacement", Kind::Bool),
    f("street", Kind::Text(200)),
    f("suburb", Kind::Text(100)),
    f("state", Kind::Choice(STATES)),
    f("additional_services", Kind::List),
    f("lead_status", Kind::Choice(&["Incomplete", "Complete"])),
    f("form_completed", Kind::Bool),
];
const RESERVE_FIELDS: &[Field] = &[f("deposit", Kind::Money(0.0, 100_000.0))];
const CAREER_FIELDS: &[Field] = &[f("position", Kind::Text(100))];

fn form_fields(form: &str) -> &'static [Field] {
    match form {
        "test_drive" => TEST_DRIVE_FIELDS,
        "trade_in" => TRADE_IN_FIELDS,
        "finance" => FINANCE_FIELDS,
        "service" => SERVICE_FIELDS,
        "reserve" => RESERVE_FIELDS,
        "career" => CAREER_FIELDS,
        _ => &[],
    }
}

/// The fields `form` accepts besides `form` and `idempotency_key`, as (name, required by the
/// table) pairs: the common fields, then the form's own. Read by the OpenAPI contract test
/// (host/tests/edge.rs), which checks the documented lead schemas against this table.
pub fn form_field_table(form: &str) -> Vec<(&'static str, bool)> {
    COMMON.iter().chain(form_fields(form)).map(|f| (f.name, f.required)).collect()
}

/// A text field's characters as a JSON Schema pattern (ECMA-262): anything but the control
/// characters [`check`] refuses (tab, line feed and carriage return are allowed).
pub const TEXT_PATTERN: &str = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$";
/// [`TEXT_PATTERN`] with at least one character that is not white space: a required text field
/// (blank is the same as absent, so a blank required field is refused as missing).
pub const REQUIRED_TEXT_PATTERN: &str = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$";
/// A blank text (white space only), as a JSON Schema pattern: an optional field sent blank is the
/// same as absent.
pub const BLANK_PATTERN: &str = "^[ \\t\\r\\n]*$";
/// An Australian phone number [`check`] takes, as a JSON Schema pattern: `0` or `+61` (a space
/// after it allowed), an area or mobile digit (2, 3, 4, 5, 7, 8), then 8 digits with single spaces
/// between them allowed (`0412 345 678`, `+61 2 9876 5432`).
pub const PHONE_PATTERN: &str = "^(\\+61 ?|0)[234578]( ?[0-9]){8}$";

/// The JSON Schema (OpenAPI 3.1) of what [`validate`] accepts for one field of `kind`: its type
/// (null allowed unless `required`: null and blank are the same as absent), range, length,
/// pattern or values. Used by the OpenAPI document (`http/api/contract.rs`) so the schema states
/// intake's own rule.
fn kind_schema(kind: Kind, required: bool) -> Value {
    let ty = |t: &str| if required { Value::from(t) } else { serde_json::json!([t, "null"]) };
    match kind {
        Kind::Text(max) => {
            let pattern = if required { REQUIRED_TEXT_PATTERN } else { TEXT_PATTERN };
            serde_json::json!({ "type": ty("string"), "maxLength": max, "pattern": pattern })
        }
        // An optional field may also be blank (white space only) or null: the same as absent.
        Kind::Email if !required => serde_json::json!({ "anyOf": [
            { "type": "string", "format": "email", "maxLength": 254 },
            { "type": "string", "pattern": BLANK_PATTERN },
            { "type": "null" },
        ] }),
        Kind::Email => serde_json::json!({ "type": "string", "format": "email", "maxLength": 254 }),
        Kind::Phone if !required => serde_json::json!({
            "type": ty("string"),
            "pattern": format!("^(({})|[ \\t\\r\\n]*)$", PHONE_PATTERN.trim_start_matches('^').trim_end_matches('$')),
        }),
        Kind::Phone => serde_json::json!({ "type": "string", "pattern": PHONE_PATTERN }),
        Kind::Postcode if !required => serde_json::json!({ "type": ty("string"), "pattern": "^([0-9]{4}|[ \\t\\r\\n]*)$" }),
        Kind::Postcode => serde_json::json!({ "type": "string", "pattern": "^[0-9]{4}$" }),
        Kind::Bool => serde_json::json!({ "type": ty("boolean") }),
        Kind::Int(min, max) => serde_json::json!({ "type": ty("integer"), "minimum": min, "maximum": max }),
        Kind::Money(min, max) => serde_json::json!({ "type": ty("number"), "minimum": min, "maximum": max }),
        Kind::Choice(list) => {
            let mut values: Vec<Value> = list.iter().map(|v| Value::from(*v)).collect();
            if !required {
                values.extend([Value::from(""), Value::Null]);
            }
            serde_json::json!({ "enum": values })
        }
        Kind::Date if !required => serde_json::json!({ "anyOf": [
            { "type": "string", "format": "date" },
            { "type": "string", "pattern": BLANK_PATTERN },
            { "type": "null" },
        ] }),
        Kind::Date => serde_json::json!({ "type": "string", "format": "date" }),
        Kind::List => serde_json::json!({
            "type": ty("array"),
            "maxItems": 50,
            "items": { "type": "string", "maxLength": 500 },
        }),
        Kind::Object => serde_json::json!({
            "type": ty("object"),
            "maxProperties": 50,
            "propertyNames": { "maxLength": 100 },
            "additionalProperties": { "type": ["string", "number", "boolean"] },
        }),
    }
}

/// The fields `form` accepts besides `form` and `idempotency_key`, each as (name, the JSON
/// Schema of what [`validate`] takes for it when optional, the same when required). Whether a
/// field is required can depend on the site ([`validate`]); the caller chooses.
pub fn form_field_schemas(form: &str) -> Vec<(&'static str, Value, Value)> {
    COMMON
        .iter()
        .chain(form_fields(form))
        .map(|f| (f.name, kind_schema(f.kind, false), kind_schema(f.kind, true)))
        .collect()
}

fn invalid(field: &str, msg: impl Into<String>) -> Error {
    Error::invalid(field, msg)
}

fn check(field: &Field, v: &Value) -> Result<Value, Error> {
    let name = field.name;
    let text = |v: &Value| v.as_str().map(|s| s.trim().to_string());
    let out = match field.kind {
        Kind::Text(max) => {
            let s = text(v).ok_or_else(|| invalid(name, "must be text"))?;
            if s.chars().count() > max || s.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') {
                return Err(invalid(name, format!("must be plain text of at most {max} characters")));
            }
            Value::String(s)
        }
        Kind::Email => {
            let s = text(v).ok_or_else(|| invalid(name, "must be text"))?;
            let ok = s.len() <= 254
                && s.split_once('@').is_some_and(|(l, d)| {
                    !l.is_empty() && d.contains('.') && !d.starts_with('.') && !d.ends_with('.') && !s.contains(char::is_whitespace)
                });
            if !ok {
                return Err(invalid(name, "Please enter a valid email address."));
            }
            Value::String(s)
        }
        Kind::Phone => {
            let s = text(v).ok_or_else(|| invalid(name, "must be text"))?;
            Value::String(
                crate::auth::normalise_au_number(&s).ok_or_else(|| invalid(name, "Please enter a valid Australian phone number."))?,
            )
        }
        Kind::Postcode => {
            let s = text(v).ok_or_else(|| invalid(name, INVALID_POSTCODE))?;
            if !crate::geo::is_postcode(&s) {
                return Err(invalid(name, INVALID_POSTCODE));
            }
            Value::String(s)
        }
        Kind::Bool => Value::Bool(v.as_bool().ok_or_else(|| invalid(name, "must be true or false"))?),
        Kind::Int(min, max) => {
            let n = v
                .as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| invalid(name, format!("must be a whole number from {min} to {max}")))?;
            Value::from(n)
        }
        Kind::Money(min, max) => {
            let n = v
                .as_f64()
                .or_else(|| v.as_str().and_then(|s| s.replace(['$', ','], "").trim().parse().ok()))
                .filter(|n: &f64| n.is_finite() && (min..=max).contains(n))
                .ok_or_else(|| invalid(name, format!("must be an amount from {min} to {max} dollars")))?;
            Value::from(n)
        }
        Kind::Choice(list) => {
            let s = text(v).filter(|s| list.contains(&s.as_str()));
            Value::String(s.ok_or_else(|| {
                invalid(
                    name,
                    if list == YES_NO {
                        SELECT_AN_OPTION.to_string()
                    } else {
                        format!("must be one of {list:?}")
                    },
                )
            })?)
        }
        Kind::Date => {
            let s = text(v).ok_or_else(|| invalid(name, "must be a date (YYYY-MM-DD)"))?;
            jiff::civil::Date::strptime("%Y-%m-%d", &s).map_err(|_| invalid(name, "must be a date (YYYY-MM-DD)"))?;
            Value::String(s)
        }
        Kind::List => {
            let items = v.as_array().ok_or_else(|| invalid(name, "must be a list"))?;
            if items.len() > 50 || items.iter().any(|i| i.as_str().is_none_or(|s| s.chars().count() > 500)) {
                return Err(invalid(name, "must be a list of at most 50 short texts"));
            }
            v.clone()
        }
        Kind::Object => {
            let o = v.as_object().ok_or_else(|| invalid(name, "must be an object"))?;
            if o.len() > 50
                || o.iter()
                    .any(|(k, i)| k.chars().count() > 100 || !(i.is_string() || i.is_number() || i.is_boolean()))
            {
                return Err(invalid(name, "must be an object of at most 50 short values"));
            }
            v.clone()
        }
    };
    Ok(out)
}

/// A validated lead, ready to store.
#[derive(Debug, Clone)]
pub struct ValidLead {
    /// One of [`FORMS`].
    pub form: String,
    /// The form's idempotency key.
    pub idempotency_key: String,
    /// The checked fields (normalised), plus `source`, `user_agent` and the car's details.
    pub fields: Map<String, Value>,
    /// The car the lead is about, when any.
    pub car: Option<Car>,
}

/// Checks a submission for `tenant` (docs/features/platform.md "Leads"): the form is known, every field is allowed
/// for it and valid, required fields are present (the message unless the tenant makes it
/// optional; the postcode where the tenant requires it; the car on the car forms, a test drive
/// taking a model in `subcategory` instead), dealership, location and car belong to the tenant,
/// and the lead's dealership is the car's and owns its location ([`lead_dealership`]: a car
/// enquiry on a group site without one gets the car's). Errors name the first bad field.
pub async fn validate(db: &Db, tenant: &Tenant, body: &Value, user_agent: Option<&str>) -> Result<ValidLead, Error> {
    let obj = body.as_object().ok_or_else(|| invalid("body", "must be a JSON object"))?;
    let form = obj.get("form").and_then(|v| v.as_str()).unwrap_or("");
    if !FORMS.contains(&form) {
        return Err(invalid("form", format!("must be one of {FORMS:?}")));
    }
    let key = obj.get("idempotency_key").and_then(|v| v.as_str()).unwrap_or("").trim();
    if key.len() < 16 || key.len() > 100 || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(invalid(
            "idempotency_key",
            "must be 16 to 100 letters, digits, - or _ (a UUID from the form)",
        ));
    }
    let allowed: Vec<&Field> = COMMON.iter().chain(form_fields(form)).collect();
    let cfg = &tenant.config.leads;
    let mut fields = Map::new();
    for (k, v) in obj {
        if k == "form" || k == "idempotency_key" {
            continue;
        }
        let field = allowed
            .iter()
            .find(|f| f.name == k)
            .ok_or_else(|| invalid(k, format!("is not a field of the {form} form")))?;
        if v.is_null() || v.as_str().is_some_and(|s| s.trim().is_empty()) {
            continue;
        }
        fields.insert(k.clone(), check(field, v)?);
    }
    if form == "request_photos" && !fields.contains_key("message") {
        fields.insert("message".into(), Value::String(PHOTOS_TEXT.into()));
    }
    let mut required: Vec<&str> = allowed.iter().filter(|f| f.required).map(|f| f.name).collect();
    if form == "enquiry" && !cfg.message_optional {
        required.push("message");
    }
    if cfg.postcode_required {
        required.push("postcode");
    }
    if !fields.contains_key("email") && !fields.contains_key("phone") {
        required.push("email");
    }
    // A test drive is of a car in stock (the VDP) or of a model (`subcategory`, the
    // /book-test-drive page's vehicle choice); the other car forms need the car.
    if matches!(form, "request_photos" | "find_similar" | "reserve") || (form == "test_drive" && !fields.contains_key("subcategory")) {
        required.push("car_id");
    }
    if form == "service" {
        if cfg.service_interval_required {
            required.push("Service Interval");
        }
        if !cfg.service_types.is_empty() {
            required.push("Service Type");
        }
    }
    for r in required {
        if !fields.contains_key(r) {
            return Err(invalid(r, REQUIRED));
        }
    }
    if let Some(st) = fields.get("Service Type").and_then(|v| v.as_str())
        && !cfg.service_types.is_empty()
        && !cfg.service_types.iter().any(|t| t == st)
    {
        return Err(invalid("Service Type", format!("must be one of {:?}", cfg.service_types)));
    }
    // The service booking names its location by name in `Service Location`: it counts as the
    // lead's location when `location` is not given.
    let service_location = fields
        .get("Service Location")
        .and_then(|v| v.as_str())
        .and_then(|n| tenant.config.locations.iter().find(|x| x.visible && (x.name == n || x.slug == n)));
    let location = match fields.get("location").and_then(|v| v.as_str()) {
        Some(l) => Some(
            tenant
                .config
                .locations
                .iter()
                .find(|x| x.slug == l && x.visible)
                .ok_or_else(|| invalid("location", "is not a location of this site"))?,
        ),
        None => service_location,
    };
    let car = match fields.get("car_id").and_then(|v| v.as_i64()) {
        Some(id) => Some(
            TenantRepo::new(db, tenant.slug())
                .cars_by_ids(&[id])
                .await?
                .pop()
                // A car id is a reference, not a shape: an unknown one is not found (404), like
                // `GET /api/v1/cars/{slug}`, and the OpenAPI document says so.
                .ok_or_else(|| Error::not_found("No such car on this site").with_field("car_id"))?,
        ),
        None => None,
    };
    let dealership = lead_dealership(tenant, &fields, car.as_ref(), location)?;
    if let Some(d) = dealership {
        fields.insert("dealership_slug".into(), Value::String(d));
    }
    if let Some(car) = &car {
        fields.insert("stock_number".into(), Value::String(car.stocknum.clone()));
        fields.insert("car_dealership_id".into(), Value::from(car.dealership_id));
        fields.insert("vehicle_status".into(), Value::String(car.car_type.clone()));
        // The car's make as the site's brand pages name it (`/{manufacturer_slug}/overview`),
        // so a CRM can route the lead to the brand's sales team (shopper-core "Lead data").
        fields.insert("manufacturer_slug".into(), Value::String(crate::slug::slugify(&car.make)));
        if form != "trade_in" && form != "service" {
            fields.insert("Vehicle Make".into(), Value::String(car.make.clone()));
            fields.insert("Vehicle Model".into(), Value::String(car.model.clone()));
        }
        // The price the shopper saw (the host's price view; `record_price_seen` puts the
        // tenant's plugin's view in its place), kept so the dealer sees it if the price changes.
        let seen = crate::plugins::points::price_display::price_view_for(&tenant.config, car);
        fields.insert("price_seen".into(), serde_json::to_value(&seen).unwrap_or_default());
        crate::pricing::record_seen(&mut fields, &tenant.config, car, &seen);
        if let Some(offer) = fields.get("offer_price").and_then(|v| v.as_f64()) {
            fields.insert("reduced_price".into(), Value::from((car.price - offer).max(0.0)));
        }
    }
    fields.insert("source".into(), Value::String("Website".into()));
    fields.insert("form".into(), Value::String(form.into()));
    if let Some(ua) = user_agent {
        fields.insert("user_agent".into(), Value::String(ua.chars().take(500).collect()));
    }
    Ok(ValidLead {
        form: form.into(),
        idempotency_key: key.into(),
        fields,
        car,
    })
}

/// The dealership a lead is for (docs/features/locations-forms-marketing.md §2 "Enquiry form",
/// §5 "Dealership select required when there are several dealerships"): the one the form names;
/// else the car's (a car, offer or test-drive enquiry on a group site is the car's dealership's
/// lead); else the chosen location's; else the site's only dealership. Returns the slug, or None
/// for a site without dealerships.
///
/// # Errors
/// 400 on `dealership_slug`: 'This is a required field.' when the site has several dealerships
/// and none can be told; not a dealership of this site; not the dealership of the car
/// (`car.dealership_slug`); not the dealership that owns the chosen `location` (issue 25 item 4).
fn lead_dealership(
    tenant: &Tenant,
    fields: &Map<String, Value>,
    car: Option<&Car>,
    location: Option<&crate::tenant::LocationConfig>,
) -> Result<Option<String>, Error> {
    let dealerships = &tenant.config.dealerships;
    let given = fields.get("dealership_slug").and_then(|v| v.as_str()).map(str::to_string);
    let car_dealer = car.map(|c| c.dealership_slug.clone()).filter(|s| !s.is_empty());
    let d = given
        .clone()
        .or_else(|| car_dealer.clone())
        .or_else(|| location.map(|l| l.dealership.clone()))
        .or_else(|| (dealerships.len() == 1).then(|| dealerships[0].slug.clone()));
    let Some(d) = d else {
        return if dealerships.len() > 1 {
            Err(invalid("dealership_slug", REQUIRED))
        } else {
            Ok(None)
        };
    };
    let Some(dealer) = dealerships.iter().find(|x| x.slug == d) else {
        return Err(invalid("dealership_slug", "is not a dealership of this site"));
    };
    if given.is_some()
        && let Some(cd) = &car_dealer
        && cd != &d
        && dealerships.iter().any(|x| &x.slug == cd)
    {
        return Err(invalid(
            "dealership_slug",
            format!("{} does not sell this car; choose its dealership", dealer.name),
        ));
    }
    if let Some(l) = location
        && l.dealership != d
    {
        return Err(invalid(
            "dealership_slug",
            format!(
                "{} does not own the location {}; choose that location's dealership",
                dealer.name, l.name
            ),
        ));
    }
    Ok(Some(d))
}

/// Records in `lead` the price view the shopper saw for its car (`price_seen`), as the tenant's
/// `price-display` plugin decides it at `now` (unix s); the host's own view stays when the lead
/// has no car.
pub fn record_price_seen(lead: &mut ValidLead, plugins: &crate::plugins::PluginHost, tenant: &Tenant, now: i64) {
    if let Some(car) = &lead.car
        && let Some(view) = plugins.price_views(tenant, std::slice::from_ref(car), now).pop()
        && let Ok(v) = serde_json::to_value(&view.value)
    {
        lead.fields.insert("price_seen".into(), v);
        crate::pricing::record_seen(&mut lead.fields, &tenant.config, car, &view.value);
    }
}

/// The tracking event for a lead (docs/features/locations-forms-marketing.md §7: 51 for career enquiries, else
/// 22).
pub fn event_for(form: &str) -> i64 {
    if form == "career" { 51 } else { 22 }
}

/// A delivery destination of a lead: the dealer's (the tenant's webhook or inboxes) or the
/// shopper's receipt (`super::receipt::destinations`).
#[derive(Debug, Clone, PartialEq)]
pub enum Destination {
    /// A webhook: JSON POST signed with HMAC-SHA256.
    Webhook(String),
    /// ADF/XML by email to this address.
    Email(String),
    /// The shopper's receipt by email to their address.
    ReceiptEmail(String),
    /// The shopper's receipt by SMS to their mobile number (leading 0).
    ReceiptSms(String),
}

/// The delivery kinds of the shopper's receipts (`lead_deliveries.kind`).
pub const RECEIPT_KINDS: [&str; 2] = ["receipt_email", "receipt_sms"];

impl Destination {
    /// `webhook`, `email`, `receipt_email` or `receipt_sms`.
    pub fn kind(&self) -> &'static str {
        match self {
            Destination::Webhook(_) => "webhook",
            Destination::Email(_) => "email",
            Destination::ReceiptEmail(_) => RECEIPT_KINDS[0],
            Destination::ReceiptSms(_) => RECEIPT_KINDS[1],
        }
    }

    /// The URL, address or phone number.
    pub fn target(&self) -> &str {
        match self {
            Destination::Webhook(t) | Destination::Email(t) | Destination::ReceiptEmail(t) | Destination::ReceiptSms(t) => t,
        }
    }
}

/// The tenant's configured destinations (`[leads] webhook_url`, `email_to`).
pub fn destinations(tenant: &Tenant) -> Vec<Destination> {
    let c = &tenant.config.leads;
    let mut out: Vec<Destination> = c.webhook_url.iter().cloned().map(Destination::Webhook).collect();
    out.extend(c.email_to.iter().cloned().map(Destination::Email));
    out
}

/// The answer to a reservation of a car that is already reserved.
pub const CAR_RESERVED: &str = "This car is already reserved. Please enquire and we'll let you know if it becomes available.";

/// What [`store`] answers: the lead's id and reference, and whether it is new.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    /// The lead's id (a UUID).
    pub lead_id: String,
    /// The lead's reference (`XXXX-XXXX`, unique on its site; `super::receipt::new_reference`).
    pub reference: String,
    /// False when the idempotency key was seen before: the first lead's id and reference.
    pub created: bool,
}

/// A reference no lead of `tenant` (slug) has yet, read inside the lead's write transaction
/// (on SQLite the write lock makes the check final; on PostgreSQL the unique index
/// `leads_tenant_reference` is the backstop). Errors: storage failures; `Internal` when 8 random
/// draws all collide (a site with about 10^12 leads).
async fn unused_reference(tx: &mut sqlx::Transaction<'static, sqlx::Any>, tenant: &str) -> Result<String, Error> {
    for _ in 0..8 {
        let r = super::receipt::new_reference();
        let taken = sqlx::query("SELECT 1 FROM leads WHERE tenant = $1 AND reference = $2")
            .bind(tenant)
            .bind(&r)
            .fetch_optional(&mut **tx)
            .await?;
        if taken.is_none() {
            return Ok(r);
        }
    }
    Err(Error::internal("no free lead reference after 8 draws"))
}

/// Stores a lead with its reference and one outbox row per destination in one transaction
/// (docs/features/platform.md "Leads"): the tenant's ([`destinations`]) and the shopper's
/// receipts ([`super::receipt::destinations`], which read the host's `settings`), with its
/// reservation for the `reserve` form ([`crate::payments::insert_in_tx`]). The same idempotency
/// key on the same site gives the first lead's id and reference with `created: false`, storing
/// nothing.
///
/// # Errors
/// 409 `car_reserved` on `car_id` ([`CAR_RESERVED`]) for a `reserve` lead whose car is already
/// reserved (the feed's flag, or a paid deposit hold still running), nothing stored;
/// storage failures as 500.
pub async fn store(db: &Db, settings: &Settings, tenant: &Tenant, lead: &ValidLead, now: i64) -> Result<Stored, Error> {
    let lead_id = uuid::Uuid::new_v4().to_string();
    // The write lock up front (SQLite `BEGIN IMMEDIATE`, retried when busy): a lead waits its
    // turn behind an import's short batch instead of failing (docs/features/platform.md "Leads").
    let mut tx = db.begin_write().await?;
    let reference = unused_reference(&mut tx, tenant.slug()).await?;
    let inserted = sqlx::query(
        "INSERT INTO leads (lead_id, tenant, idempotency_key, form, category, car_id, dealership_slug, payload, created_at, reference) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (tenant, idempotency_key) DO NOTHING",
    )
    .bind(&lead_id)
    .bind(tenant.slug())
    .bind(&lead.idempotency_key)
    .bind(&lead.form)
    .bind(
        lead.fields
            .get("category")
            .and_then(|v| v.as_str())
            .unwrap_or(&lead.form)
            .to_string(),
    )
    .bind(lead.car.as_ref().map(|c| c.id))
    .bind(lead.fields.get("dealership_slug").and_then(|v| v.as_str()).map(str::to_string))
    .bind(Value::Object(lead.fields.clone()).to_string())
    .bind(now)
    .bind(&reference)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        // The key was seen before (a double submit): the first lead's id, nothing stored.
        tx.rollback().await?;
        let (lead_id, reference) = sqlx::query_as::<_, (String, String)>(
            "SELECT lead_id, COALESCE(reference, '') FROM leads WHERE tenant = $1 AND idempotency_key = $2",
        )
        .bind(tenant.slug())
        .bind(&lead.idempotency_key)
        .fetch_one(&db.pool)
        .await?;
        return Ok(Stored {
            lead_id,
            reference,
            created: false,
        });
    }
    if lead.form == "reserve"
        && let Some(car) = &lead.car
    {
        // The car read again inside the lead's transaction, through the one definition of
        // `reserved` (model::car_select): a hold paid since validation counts too.
        let sql = format!("{} WHERE c.tenant = $1 AND c.id = $2", crate::model::car_select(db.engine));
        let now_reserved = sqlx::query_as::<_, Car>(&sql)
            .bind(tenant.slug())
            .bind(car.id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some_and(|c| c.reserved.0);
        if now_reserved {
            tx.rollback().await?;
            return Err(Error::new(ErrorKind::Conflict, "car_reserved", CAR_RESERVED).with_field("car_id"));
        }
    }
    let receipts = super::receipt::destinations(tenant, settings, &lead.fields);
    for d in destinations(tenant).into_iter().chain(receipts) {
        sqlx::query(
            "INSERT INTO lead_deliveries (lead_id, tenant, kind, target, status, attempts, next_attempt_at, created_at) \
             VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)",
        )
        .bind(&lead_id)
        .bind(tenant.slug())
        .bind(d.kind())
        .bind(d.target())
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    if lead.form == "reserve" {
        crate::payments::insert_in_tx(&mut tx, tenant, &lead_id, lead.car.as_ref().map(|c| c.id), now).await?;
    }
    sqlx::query("INSERT INTO events (tenant, event_id, subject, created_at) VALUES ($1, $2, $3, $4)")
        .bind(tenant.slug())
        .bind(event_for(&lead.form))
        .bind(&lead_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Stored {
        lead_id,
        reference,
        created: true,
    })
}

/// A stored lead as delivered: its id, site, form, fields and creation time (unix s).
#[derive(Debug, Clone)]
pub struct StoredLead {
    /// The lead's id (a UUID).
    pub lead_id: String,
    /// Tenant slug.
    pub tenant: String,
    /// Form name.
    pub form: String,
    /// The idempotency key the form sent.
    pub idempotency_key: String,
    /// The lead's reference (`XXXX-XXXX`; empty for a row stored without one).
    pub reference: String,
    /// The stored fields.
    pub fields: BTreeMap<String, Value>,
    /// Unix seconds.
    pub created_at: i64,
}
