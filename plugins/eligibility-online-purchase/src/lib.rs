//! # eligibility-online-purchase
//!
//! Extension point `eligibility` (docs/features/shopper-core.md §5;
//! docs/features/locations-forms-marketing.md §4 "Online purchase is gated by make and condition:
//! used cars, or two named manufacturers"; docs/features/locations-forms-marketing.md §5 "Autograb
//! report eligibility").
//!
//! Per car:
//!
//! | action | rule |
//! |---|---|
//! | `test-drive-only` | the car's tag is `Test Drive Only` (`test_drive_tag`) |
//! | `reserve` | `false` for test-drive-only or unavailable cars; otherwise no opinion (host rule) |
//! | `online-purchase` | available, not reserved, not test-drive-only, and used (`online_purchase_used`) or of a make in `online_purchase_makes` |
//! | `compare-favourite` | available, used (unless `compare_used_only = false`), price above `compare_min_price` (0) and at least `compare_min_images` (1) images |
//! | `history-report` | the car has a history-report file |
//! | `autograb-report` | only with `autograb = true`: in stock, not reserved, used, price above `autograb_min_price` (200); otherwise no opinion |
//! | `trade-in` | no opinion (host rule) |
//!
//! ## Config (every key optional)
//!
//! ```toml
//! [[plugins]]
//! name = "eligibility-online-purchase"
//! config = { online_purchase_makes = ["mercedes-benz", "im"], autograb = true }
//! ```

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin config (see the crate docs).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Makes (slug or name) whose cars can be bought online whatever their condition.
    pub online_purchase_makes: Vec<String>,
    /// Used cars can be bought online; default true.
    pub online_purchase_used: Option<bool>,
    /// Compare/favourite only for used cars; default true.
    pub compare_used_only: Option<bool>,
    /// Compare/favourite needs a price above this, AUD; default 0.
    pub compare_min_price: Option<f64>,
    /// Compare/favourite needs at least this many images; default 1.
    pub compare_min_images: Option<u32>,
    /// Decide the Autograb report (the tenant enables it); default false (no opinion).
    pub autograb: bool,
    /// Autograb needs a price above this, AUD; default 200.
    pub autograb_min_price: Option<f64>,
    /// Tag text marking a test-drive-only car; default `Test Drive Only`.
    pub test_drive_tag: Option<String>,
}

/// The plugin, built once from its config.
pub struct OnlinePurchase {
    makes: Vec<String>,
    used: bool,
    compare_used_only: bool,
    compare_min_price: f64,
    compare_min_images: u32,
    autograb: bool,
    autograb_min_price: f64,
    test_drive_tag: String,
}

impl Plugin for OnlinePurchase {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        for (i, m) in c.online_purchase_makes.iter().enumerate() {
            if m.trim().is_empty() {
                return Err(format!("config.online_purchase_makes[{i}]: must not be empty"));
            }
        }
        let test_drive_tag = c.test_drive_tag.unwrap_or_else(|| "Test Drive Only".into());
        if test_drive_tag.trim().is_empty() {
            return Err("config.test_drive_tag: must not be empty".into());
        }
        Ok(OnlinePurchase {
            makes: c.online_purchase_makes,
            used: c.online_purchase_used.unwrap_or(true),
            compare_used_only: c.compare_used_only.unwrap_or(true),
            compare_min_price: c.compare_min_price.unwrap_or(0.0),
            compare_min_images: c.compare_min_images.unwrap_or(1),
            autograb: c.autograb,
            autograb_min_price: c.autograb_min_price.unwrap_or(200.0),
            test_drive_tag,
        })
    }
}

impl Eligibility for OnlinePurchase {
    fn eligibility(&self, _ctx: &TenantContext, car: &Car) -> Result<CarEligibility> {
        let used = car.car_type == CarType::Used;
        let test_drive_only = car
            .custom_tag()
            .is_some_and(|t| forecourt_plugin_sdk::text::eq_loose(t, &self.test_drive_tag));
        let available = car.is_available();
        let online_purchase =
            available && !car.reserved && !test_drive_only && ((self.used && used) || self.makes.iter().any(|m| car.make_is(m)));
        let compare_favourite = available
            && (used || !self.compare_used_only)
            && car.price > self.compare_min_price
            && car.image_count >= self.compare_min_images;
        let autograb = self
            .autograb
            .then(|| car.status == CarStatus::InStock && !car.reserved && used && car.price > self.autograb_min_price);
        Ok(CarEligibility {
            reserve: (test_drive_only || !available).then_some(false),
            online_purchase: Some(online_purchase),
            trade_in: None,
            history_report: Some(car.file.as_deref().is_some_and(|f| !f.trim().is_empty())),
            compare_favourite: Some(compare_favourite),
            autograb_report: autograb,
            test_drive_only: Some(test_drive_only),
        })
    }
}

forecourt_plugin_sdk::export_plugin!(OnlinePurchase: Eligibility);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    /// (reserve, online purchase, history report, compare/favourite, autograb, test-drive-only)
    type Row = (Option<bool>, bool, bool, bool, Option<bool>, bool);

    fn answer(r: Row) -> CarEligibility {
        CarEligibility {
            reserve: r.0,
            online_purchase: Some(r.1),
            trade_in: None,
            history_report: Some(r.2),
            compare_favourite: Some(r.3),
            autograb_report: r.4,
            test_drive_only: Some(r.5),
        }
    }

    const TWO_MAKES: &str = r#"{"online_purchase_makes": ["mercedes-benz", "IM"], "autograb": true}"#;

    #[test]
    fn table() {
        let used = testing::car(); // used Toyota, in stock, $25,000, 12 images
        let new = Car {
            car_type: CarType::New,
            ..testing::car()
        };
        // (config, car, expected)
        let table: Vec<(&str, Car, Row)> = vec![
            // Used cars: online purchase, compare/favourite.
            ("", used.clone(), (None, true, false, true, None, false)),
            // New cars of other makes: no online purchase, no compare in "used only" mode.
            ("", new.clone(), (None, false, false, false, None, false)),
            // New cars of the two named makes (matched by slug).
            // (autograb is decided with this config: never for new or demo cars)
            (
                TWO_MAKES,
                Car {
                    make: "Mercedes-Benz".into(),
                    ..new.clone()
                },
                (None, true, false, false, Some(false), false),
            ),
            (
                TWO_MAKES,
                Car {
                    make: "IM".into(),
                    car_type: CarType::Demo,
                    ..new.clone()
                },
                (None, true, false, false, Some(false), false),
            ),
            (TWO_MAKES, new.clone(), (None, false, false, false, Some(false), false)),
            // Test drive only: no reserve, no online purchase.
            (
                "",
                Car {
                    tag: Some("Test Drive Only".into()),
                    ..used.clone()
                },
                (Some(false), false, false, true, None, true),
            ),
            // Sold: nothing.
            (
                "",
                Car {
                    status: CarStatus::Sold,
                    ..used.clone()
                },
                (Some(false), false, false, false, None, false),
            ),
            // Reserved: no online purchase.
            (
                "",
                Car {
                    reserved: true,
                    ..used.clone()
                },
                (None, false, false, true, None, false),
            ),
            // Compare/favourite needs price above 0 and an image.
            (
                "",
                Car {
                    price: 0.0,
                    ..used.clone()
                },
                (None, true, false, false, None, false),
            ),
            (
                "",
                Car {
                    image_count: 0,
                    ..used.clone()
                },
                (None, true, false, false, None, false),
            ),
            (
                r#"{"compare_used_only": false}"#,
                new.clone(),
                (None, false, false, true, None, false),
            ),
            // History report needs a file.
            (
                "",
                Car {
                    file: Some("https://reports.example/abc.pdf".into()),
                    ..used.clone()
                },
                (None, true, true, true, None, false),
            ),
            // Autograb (docs/features/locations-forms-marketing.md §5): in stock, not reserved, used, price above 200.
            (TWO_MAKES, used.clone(), (None, true, false, true, Some(true), false)),
            (
                TWO_MAKES,
                Car {
                    price: 200.0,
                    ..used.clone()
                },
                (None, true, false, true, Some(false), false),
            ),
            (
                TWO_MAKES,
                Car {
                    status: CarStatus::ComingSoon,
                    ..used.clone()
                },
                (None, true, false, true, Some(false), false),
            ),
            (
                TWO_MAKES,
                Car {
                    reserved: true,
                    ..used.clone()
                },
                (None, false, false, true, Some(false), false),
            ),
            // Used cars not bought online on this tenant.
            (
                r#"{"online_purchase_used": false}"#,
                used.clone(),
                (None, false, false, true, None, false),
            ),
        ];
        for (i, (config, car, row)) in table.into_iter().enumerate() {
            let h = Harness::<OnlinePurchase>::new(config).unwrap();
            assert_eq!(h.evaluate(&testing::ctx(), &[car]).unwrap(), vec![answer(row)], "row {i}: {config}");
        }
    }

    #[test]
    fn bad_configs() {
        assert_eq!(
            Harness::<OnlinePurchase>::new(r#"{"online_purchase_makes": ["bmw", " "]}"#)
                .err()
                .unwrap(),
            "config.online_purchase_makes[1]: must not be empty"
        );
    }
}
