//! docs/features/platform.md "Leads": the ADF/XML a dealer gets carries everything the forms
//! asked, and validates against the ADF 1.0 DTD (host/tests/fixtures/adf-1.0.dtd, checked with
//! libxml2's xmllint) for every form, with every field filled and with only the required ones.
//! Leads go through the real router and storage (SQLite file, or PostgreSQL when
//! FORECOURT_TEST_DATABASE_URL is set); the document is the one the email delivery sends.

mod common;
mod leads_support;

use axum::http::StatusCode;
use forecourt_host::leads::delivery;
use leads_support::*;
use serde_json::{Value, json};

const INBOX: &str = "sales@alpha.example";

/// Every form with every field it takes (the contact preference on each).
fn rich(app: &App) -> Vec<Value> {
    let car = app.car_id;
    let who = json!({"name": "Sam", "last_name": "Lee", "email": "sam@example.com", "phone": "0412345678",
        "postcode": "4000", "opt_in": true, "url": "https://alpha.example/cars/a1"});
    let forms = [
        json!({"form": "enquiry", "message": "Is it still available?", "category": "General Enquiry",
            "car_id": car, "preferred_contact": "Email"}),
        json!({"form": "test_drive", "message": "Saturday please", "car_id": car,
            "appointment": "2026-12-01 10:30", "preferred_contact": "SMS"}),
        json!({"form": "request_photos", "car_id": car, "preferred_contact": "Phone"}),
        json!({"form": "find_similar", "car_id": car, "message": "Something like this in white",
            "preferred_contact": "Phone"}),
        json!({"form": "trade_in", "car_id": car, "Vehicle Make": "Mazda", "Vehicle Model": "CX-5",
            "Vehicle Year": 2019, "km": 82000, "rego": "ABC123", "regoState": "QLD", "under_finance": "Yes",
            "adjustmentAnswers": {"Accident history": "No"}, "offer_price": 15000, "offer_accepted": true,
            "preferred_contact": "SMS"}),
        json!({"form": "finance", "car_id": car, "purchase_price": 24990, "loan_term": 5,
            "credit_score": "DECENT", "preferred_contact": "Email"}),
        json!({"form": "service", "Vehicle Make": "Mazda", "Vehicle Model": "3", "Vehicle Year": 2018,
            "Vehicle Rego": "XYZ987", "Vehicle State": "QLD", "Service Interval": "60,000 km",
            "Service Type": "Logbook service", "Preferred Service Date": "2026-12-03",
            "Comments": "Brakes squeal", "Tyres Replacement": true, "street": "5 Main St",
            "suburb": "Newstead", "state": "QLD", "additional_services": ["Wheel alignment"],
            "preferred_contact": "Phone"}),
        json!({"form": "reserve", "car_id": car, "deposit": 200, "preferred_contact": "Email"}),
        json!({"form": "career", "position": "Sales consultant", "message": "CV to follow",
            "preferred_contact": "Email"}),
    ];
    forms
        .into_iter()
        .map(|mut f| {
            for (k, v) in who.as_object().unwrap() {
                f[k] = v.clone();
            }
            f["idempotency_key"] = json!(key());
            f
        })
        .collect()
}

/// Every form with only what it requires: a first name, a phone, no car where it is optional.
fn minimal(app: &App) -> Vec<Value> {
    let car = app.car_id;
    [
        json!({"form": "enquiry", "message": "Call me"}),
        json!({"form": "test_drive", "car_id": car}),
        json!({"form": "request_photos", "car_id": car}),
        json!({"form": "find_similar", "car_id": car}),
        json!({"form": "trade_in", "Vehicle Make": "Kia", "Vehicle Model": "Rio", "Vehicle Year": 2015,
            "under_finance": "No"}),
        json!({"form": "finance", "purchase_price": 30000}),
        json!({"form": "service", "Vehicle Make": "Kia", "Vehicle Model": "Rio", "Vehicle Year": 2015}),
        json!({"form": "reserve", "car_id": car}),
        json!({"form": "career"}),
    ]
    .into_iter()
    .map(|mut f| {
        f["name"] = json!("Jo");
        f["phone"] = json!("07 3000 1234");
        f["idempotency_key"] = json!(key());
        f
    })
    .collect()
}

/// Submits `body`, then builds the lead's ADF/XML as the email delivery does and validates it.
async fn adf_of(app: &App, body: &Value) -> (String, El) {
    let (s, v) = submit(app, body.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{body}: {v}");
    let d = app.state.deliverer();
    let lead = delivery::load_lead(&d, "alpha", v["lead_id"].as_str().unwrap()).await.unwrap();
    let xml = delivery::adf_document(&d, &lead, INBOX).await.unwrap();
    assert_valid_adf(&xml);
    let (root, pi) = parse_xml(&xml);
    assert!(pi, "the ADF 1.0 processing instruction: {xml}");
    (xml, root)
}

fn text<'a>(el: &'a El, path: &[&str]) -> Option<&'a str> {
    let mut e = el;
    for p in path {
        e = e.child(p)?;
    }
    Some(e.text.as_str())
}

#[tokio::test]
async fn every_forms_adf_validates_against_the_adf_1_0_dtd_and_carries_its_answers() {
    let app = app("", None).await;
    for body in rich(&app) {
        let form = body["form"].as_str().unwrap().to_string();
        let (xml, root) = adf_of(&app, &body).await;
        let p = root.child("prospect").unwrap();
        let vehicles = p.all("vehicle");
        let customer = p.child("customer").unwrap();
        let contact = customer.child("contact").unwrap();
        let comments = text(customer, &["comments"]).unwrap_or_default();
        // The contact preference: flagged on the chosen email or phone, and named in the comments.
        let preferred = body["preferred_contact"].as_str().unwrap();
        let (flagged, other) = if preferred == "Email" {
            (contact.child("email").unwrap(), contact.child("phone").unwrap())
        } else {
            (contact.child("phone").unwrap(), contact.child("email").unwrap())
        };
        assert_eq!(
            (flagged.attr("preferredcontact"), other.attr("preferredcontact")),
            (Some("1"), Some("0")),
            "{form}: {xml}"
        );
        if preferred == "SMS" {
            assert_eq!(flagged.attr("type"), Some("cellphone"), "{form}");
        }
        assert!(comments.contains(&format!("Preferred contact: {preferred}")), "{form}: {comments}");
        // The car with its stock number, VIN and the price the shopper saw.
        if body.get("car_id").is_some() {
            let car = vehicles[0];
            assert_eq!(
                (text(car, &["stock"]), text(car, &["vin"]), text(car, &["make"])),
                (Some("A1"), Some("JTNKU3JE60J021675"), Some("Toyota")),
                "{form}: {xml}"
            );
            let price = car.child("price").expect("the price the shopper saw");
            assert_eq!((price.text.as_str(), price.attr("type")), ("24990", Some("asking")), "{form}");
            assert_eq!(text(car, &["odometer"]), Some("45000"));
        }
        match form.as_str() {
            "test_drive" => {
                assert_eq!(vehicles[0].attr("interest"), Some("test-drive"));
                assert_eq!(text(customer, &["timeframe", "earliestdate"]), Some("2026-12-01T10:30"), "{xml}");
            }
            "trade_in" => {
                let t = vehicles[1];
                assert_eq!((t.attr("interest"), text(t, &["model"])), (Some("trade-in"), Some("CX-5")));
                assert_eq!(
                    t.child("price").map(|p| (p.text.as_str(), p.attr("type"))),
                    Some(("15000", Some("offer")))
                );
                let answers = text(t, &["comments"]).unwrap();
                for want in [
                    "Rego: ABC123",
                    "Rego state: QLD",
                    "Under finance: Yes",
                    "Offer accepted: yes",
                    "Accident history: No",
                ] {
                    assert!(answers.contains(want), "{want}: {answers}");
                }
            }
            "finance" => {
                let f = vehicles[0].child("finance").expect("finance");
                assert_eq!((text(f, &["method"]), text(f, &["amount"])), (Some("finance"), Some("24990")));
                assert!(
                    comments.contains("Loan term: 5 years") && comments.contains("Credit rating: DECENT"),
                    "{comments}"
                );
            }
            "service" => {
                assert_eq!(vehicles.len(), 1, "the customer's own car: {xml}");
                assert_eq!(text(customer, &["timeframe", "earliestdate"]), Some("2026-12-03"));
                let own = text(vehicles[0], &["comments"]).unwrap();
                for want in [
                    "Service booking",
                    "Rego: XYZ987",
                    "Service type: Logbook service",
                    "Additional services: Wheel alignment",
                ] {
                    assert!(own.contains(want), "{want}: {own}");
                }
                let a = contact.child("address").unwrap();
                assert_eq!(
                    (
                        text(a, &["street"]),
                        text(a, &["city"]),
                        text(a, &["regioncode"]),
                        text(a, &["postalcode"])
                    ),
                    (Some("5 Main St"), Some("Newstead"), Some("QLD"), Some("4000"))
                );
                assert!(comments.starts_with("Brakes squeal"), "{comments}");
            }
            "career" => assert!(comments.contains("Position: Sales consultant"), "{comments}"),
            _ => {}
        }
        // The vendor is the dealership, with a contact as the DTD requires.
        let vendor = p.child("vendor").unwrap();
        assert_eq!(text(vendor, &["vendorname"]), Some("alpha Dealer"));
        assert_eq!(text(vendor, &["contact", "email"]), Some(INBOX));
    }
    for body in minimal(&app) {
        adf_of(&app, &body).await;
    }
}

#[tokio::test]
async fn the_price_is_the_one_the_shopper_saw_and_the_contact_preference_is_checked() {
    let app = app("", None).await;
    let body = rich(&app).remove(0);
    let (s, v) = submit(&app, body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // The dealer drops the price after the enquiry: the lead still shows what the shopper saw.
    sqlx::query("UPDATE cars SET price = 19990 WHERE id = $1")
        .bind(app.car_id)
        .execute(&app.tdb.db.pool)
        .await
        .unwrap();
    let d = app.state.deliverer();
    let lead = delivery::load_lead(&d, "alpha", v["lead_id"].as_str().unwrap()).await.unwrap();
    let xml = delivery::adf_document(&d, &lead, INBOX).await.unwrap();
    let (root, _) = parse_xml(&xml);
    let car = root.child("prospect").unwrap().child("vehicle").unwrap();
    assert_eq!(text(car, &["price"]), Some("24990"), "{xml}");
    // Any form takes the preference; only the three methods are accepted.
    let mut bad = rich(&app).remove(0);
    bad["preferred_contact"] = json!("Pigeon");
    let (s, e) = submit(&app, bad).await;
    assert_eq!(
        (s, e["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("preferred_contact")),
        "{e}"
    );
}
