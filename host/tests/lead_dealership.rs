//! A lead's dealership on a site with several dealerships (issue 25, "Broken flows" and item 4;
//! docs/features/locations-forms-marketing.md §2 "Enquiry form", §5 "Dealership select required when there are
//! several dealerships"), through the real router and storage:
//! * a car enquiry without a dealership is stored as the car's dealership's lead;
//! * a dealership that does not own the chosen location, or does not sell the car, is a 400
//!   naming `dealership_slug`, and nothing is stored;
//! * a service booking names its location by name (`Service Location`): its dealership is that
//!   location's;
//! * a test drive of a model (the /book-test-drive page) needs no car; one with neither is a 400
//!   naming `car_id`.

mod common;
mod leads_support;

use axum::http::StatusCode;
use forecourt_host::{repo::TenantRepo, stock::import_feed};
use leads_support::*;
use serde_json::{Value, json};
use sqlx::Row;

/// A second dealership (`alpha-second`) with its own service location, after `alpha-dealer`
/// (which owns `alpha-sales` and sells the car A1).
const SECOND: &str = r#"
[[dealerships]]
slug = "alpha-second"
name = "Alpha Second Dealer"
state = "QLD"
[[locations]]
slug = "alpha-second-service"
name = "Alpha Second Service"
dealership = "alpha-second"
location_type = "service"
[locations.address]
city = "Brisbane City"
state = "QLD"
postcode = "4000"
lat = -27.46794
long = 153.02809
"#;

/// Site `alpha` with [`SECOND`]; its car A1 sold by `alpha-dealer` (the feed names it: a site
/// with several dealerships needs it).
async fn group_app() -> App {
    let tdb = common::test_db().await;
    let toml = format!("{}\n{SECOND}\n", common::tenant_toml("alpha"));
    let (dir, reg) = common::write_tenants(&[("alpha", toml)]);
    let mut state = common::state(&tdb.db, reg, dir.path(), Some(ADMIN)).await;
    let mut settings = (*state.settings).clone();
    settings.lead_submissions_per_minute = 1000;
    state.settings = std::sync::Arc::new(settings);
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let feed = "stocknum,year,make,model,price,km,car_type,status,dealership_slug,location_slug,created_at\n\
                A1,2021,Toyota,Corolla,24990,45000,used,in_stock,alpha-dealer,alpha-sales,2026-10-01T00:00:00Z\n";
    import_feed(&tdb.db, &t, feed.as_bytes(), common::csv_opts("feed.csv"))
        .await
        .unwrap();
    let car_id = TenantRepo::new(&tdb.db, "alpha").car_by_stocknum("A1").await.unwrap().unwrap().id;
    App {
        router: common::app(state.clone()),
        state,
        tdb,
        _dir: dir,
        car_id,
    }
}

async fn dealership_of(app: &App, lead_id: &str) -> Option<String> {
    sqlx::query("SELECT dealership_slug FROM leads WHERE lead_id = $1")
        .bind(lead_id)
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0)
}

fn base(form: &str) -> Value {
    json!({"form": form, "idempotency_key": key(), "name": "Sam", "email": "sam@example.com", "message": "Hello"})
}

fn with(mut b: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        b[k] = v.clone();
    }
    b
}

#[tokio::test]
async fn a_group_lead_is_the_cars_dealerships_and_its_dealership_owns_its_location() {
    let app = group_app().await;

    // A car enquiry without a dealership: the car's.
    let (s, v) = submit(&app, with(base("enquiry"), json!({"car_id": app.car_id}))).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(
        dealership_of(&app, v["lead_id"].as_str().unwrap()).await.as_deref(),
        Some("alpha-dealer")
    );

    // A general enquiry naming no dealership, car or location: the dealership is required.
    let (s, v) = submit(&app, base("enquiry")).await;
    assert_eq!(
        (s, v["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("dealership_slug")),
        "{v}"
    );
    assert_eq!(v["error"]["message"], "This is a required field.");

    // A dealership that does not own the location: 400 naming dealership_slug, nothing stored.
    let before = count(&app, "SELECT COUNT(*) FROM leads").await;
    let (s, v) = submit(
        &app,
        with(
            base("enquiry"),
            json!({"dealership_slug": "alpha-second", "location": "alpha-sales"}),
        ),
    )
    .await;
    assert_eq!(
        (s, v["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("dealership_slug")),
        "{v}"
    );
    assert!(v["error"]["message"].as_str().unwrap().contains("alpha Sales"), "{v}");
    // ... nor one that does not sell the car (the Camry stored against another brand's dealer).
    let (s, v) = submit(
        &app,
        with(base("test_drive"), json!({"dealership_slug": "alpha-second", "car_id": app.car_id})),
    )
    .await;
    assert_eq!(
        (s, v["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("dealership_slug")),
        "{v}"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM leads").await, before, "nothing stored");

    // The dealership that owns the location: stored.
    let (s, v) = submit(
        &app,
        with(
            base("enquiry"),
            json!({"dealership_slug": "alpha-dealer", "location": "alpha-sales"}),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");

    // A service booking at the second dealership's service location, named as the form shows it.
    let service = json!({"form": "service", "idempotency_key": key(), "name": "Sam", "phone": "0412345678",
        "Vehicle Make": "Mazda", "Vehicle Model": "3", "Vehicle Year": 2018,
        "Service Location": "Alpha Second Service", "lead_status": "Complete", "form_completed": true});
    let (s, v) = submit(&app, service.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(
        dealership_of(&app, v["lead_id"].as_str().unwrap()).await.as_deref(),
        Some("alpha-second")
    );
    // ... and with another dealership named: refused.
    let (s, v) = submit(
        &app,
        with(service, json!({"idempotency_key": key(), "dealership_slug": "alpha-dealer"})),
    )
    .await;
    assert_eq!(
        (s, v["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("dealership_slug")),
        "{v}"
    );
}

#[tokio::test]
async fn a_test_drive_is_of_a_car_or_of_a_model() {
    let app = app("", None).await;
    let (s, v) = submit(
        &app,
        with(
            base("test_drive"),
            json!({"subcategory": "Toyota Corolla", "location": "alpha-sales"}),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(
        dealership_of(&app, v["lead_id"].as_str().unwrap()).await.as_deref(),
        Some("alpha-dealer")
    );
    let (s, v) = submit(&app, base("test_drive")).await;
    assert_eq!((s, v["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("car_id")), "{v}");
}
