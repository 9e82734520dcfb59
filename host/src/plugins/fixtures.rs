//! Sample cars for the plugin tests and benchmarks (not used by the server). A page of 21 cars
//! (docs/features/shopper-core.md §9 default page size) mixes new, demo and used, every status, EVs, hybrids,
//! reserved, certified, custom-tagged, subscription and reduced-price cars.

use crate::model::Car;

/// Default page size (docs/features/shopper-core.md §9).
pub const PAGE: usize = 21;

/// A fixed "now" for tests: 2026-11-15T00:00:00Z, unix seconds.
pub const NOW: i64 = 1_794_700_800;

/// One day, seconds.
pub const DAY: i64 = 86_400;

/// A plain used petrol car in stock, listed 30 days before [`NOW`]: override fields as needed.
pub fn car(id: i64) -> Car {
    let mut c: Car = serde_json::from_str(FIXTURE).expect("fixture car");
    c.id = id;
    c.slug = format!("car-{id}");
    c.stocknum = format!("S{id:05}");
    c.created_at = NOW - 30 * DAY;
    c.updated_at = NOW - DAY;
    c
}

const FIXTURE: &str = r#"{
        "id": 0, "slug": "car-ID", "stocknum": "SID", "vin": null, "nvic": null,
        "year": 2021, "make": "Toyota", "model": "Corolla", "badge": "Ascent", "series": null, "variant": null,
        "carsales_title": null, "colour": "White", "interior_colour": null, "body": "Hatch", "simple_body": "hatch",
        "bodyconfiguration": null, "doors": 5, "seats": 5, "fuel": "Petrol", "simple_fuel": "petrol",
        "drive": "FWD", "simple_drive": "fwd", "trans": "Automatic", "simple_transmission": "automatic",
        "geartype": null, "gearnum": null, "engine_size": null, "engine_size_litres": 2.0, "cylinders": 4,
        "induction": null, "fuelconsumptioncombined": null, "fuelcapacity": null, "torque": null,
        "ancaprating": null, "grossvehiclemass": null, "vehiclelength": null, "vehicleheight": null,
        "vehiclewidth": null, "towingcapacitybraked": null, "km": 42000, "price": 24990.0,
        "before_price": null, "offer_price": null, "subscription_price": null, "price_type": "Drive Away",
        "preorder": false, "car_type": "used", "status": "in_stock", "tag": null, "reserved": false,
        "certified": false, "show_on_dealer_website": true, "item_type": null, "dealership_id": 1,
        "dealership_slug": "dealer", "location_id": null, "location_name": null, "city": "Brisbane",
        "state": "QLD", "private_suburb": null, "private_postcode": null, "regplate": null,
        "rego_expiry": null, "build_date": null, "compliance_date": null, "dealercomments": null,
        "file": null, "video_url": null, "external_video_url": null, "spin_code": null,
        "spin_interior_image": null, "image_urls": ["https://img.example/1.jpg", "https://img.example/2.jpg"],
        "spin_images": [], "standardEquipment": [], "hotspots": null, "caravan_specifications": null,
        "finance_lenders": null, "autograb_data": null, "youxQuote": null, "views": 0,
        "created_at": 0, "updated_at": 0, "sold_at": null
    }"#;

/// A page of [`PAGE`] varied cars.
pub fn page() -> Vec<Car> {
    (0..PAGE as i64)
        .map(|i| {
            let mut c = car(i + 1);
            match i % 7 {
                0 => {
                    c.car_type = "new".into();
                    c.created_at = NOW - 2 * DAY;
                    c.make = "Mercedes-Benz".into();
                    c.model = "EQA".into();
                    c.fuel = Some("Electric".into());
                    c.simple_fuel = Some("electric".into());
                    c.price = 76_900.0;
                }
                1 => {
                    c.fuel = Some("Hybrid".into());
                    c.simple_fuel = Some("hybrid".into());
                    c.before_price = Some(27_990.0);
                }
                2 => {
                    c.status = "sold".into();
                    c.sold_at = Some(NOW - DAY);
                }
                3 => {
                    c.make = "Mercedes-Benz".into();
                    c.certified.0 = true;
                    c.price = 54_990.0;
                    c.file = Some("https://reports.example/1.pdf".into());
                    c.youx_quote.0 =
                        Some(serde_json::json!({"weeklyRepaymentAmount": 189.0, "advertisedRate": 8.99, "comparisonRate": 9.45}));
                }
                4 => {
                    c.car_type = "demo".into();
                    c.tag = Some("Test Drive Only".into());
                    c.subscription_price = Some(199.0);
                }
                5 => {
                    c.status = "coming_soon".into();
                    c.reserved.0 = i > 7;
                    c.price = 0.0;
                    c.preorder.0 = true;
                }
                _ => {
                    c.price = 118_000.0;
                    c.tag = Some("Run-Out Sale".into());
                }
            }
            c
        })
        .collect()
}
