//! # plugin-template
//!
//! A Forecourt plugin for the `price-display` extension point (plugins/README.md "price-display";
//! docs/features/shopper-core.md §4): show available cars priced above $10 whose feed gives no
//! price type as a plain price with the wording `price_type` (for example `Drive Away`). Every
//! other car (a price type already given, no price, sold, pre-order, subscription) gets the
//! host's default price view (`None`: no opinion).
//!
//! Config (optional: with none the wording is `Drive Away`):
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { price_type = "Excl. Government Charges" }
//! ```
//!
//! Test, build and run it (plugins/README.md "From the template to a plugin on a local tenant"):
//!
//! ```sh
//! (cd plugins && cargo test -p plugin-template)
//! bash plugins/build.sh plugin-template
//! forecourt plugin run plugins/dist/plugin-template.wasm --point price-display --cars cars.json
//! ```

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Every field is optional; unknown
/// keys are rejected (`deny_unknown_fields`) so a typo is a clear error at start-up.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Price wording for cars whose feed gives none; default `Drive Away`.
    pub price_type: Option<String>,
}

/// The plugin, built once per instance from its config.
pub struct PriceWording {
    price_type: String,
}

impl Plugin for PriceWording {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let price_type = config.price_type.unwrap_or_else(|| "Drive Away".into());
        if price_type.trim().is_empty() {
            return Err("config.price_type: must not be empty".into());
        }
        Ok(PriceWording { price_type })
    }
}

impl PriceDisplay for PriceWording {
    fn view(&self, _ctx: &TenantContext, car: &Car) -> Result<Option<PriceView>> {
        let plain = car.is_available() && !car.preorder && car.subscription_price.is_none() && car.price > 10.0;
        if plain && car.price_type.is_none() {
            Ok(Some(PriceView::CarPrice(CarPriceView {
                price: car.price,
                price_type: Some(self.price_type.clone()),
            })))
        } else {
            Ok(None)
        }
    }
}

// The component exports `plugin` and `price-display`, nothing else.
forecourt_plugin_sdk::export_plugin!(PriceWording: PriceDisplay);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn price(amount: f64, wording: &str) -> Option<PriceView> {
        Some(PriceView::CarPrice(CarPriceView {
            price: amount,
            price_type: Some(wording.into()),
        }))
    }

    #[test]
    fn table() {
        let base = Car {
            price_type: None,
            ..testing::car() // in stock, $25,000
        };
        // (config, car, expected view)
        let table = [
            ("", base.clone(), price(25_000.0, "Drive Away")),
            (
                r#"{"price_type": "Excl. Government Charges"}"#,
                base.clone(),
                price(25_000.0, "Excl. Government Charges"),
            ),
            (
                "",
                Car {
                    price_type: Some("Drive Away".into()),
                    ..base.clone()
                },
                None,
            ),
            (
                "",
                Car {
                    price: 0.0,
                    ..base.clone()
                },
                None,
            ),
            (
                "",
                Car {
                    status: CarStatus::Sold,
                    ..base.clone()
                },
                None,
            ),
            (
                "",
                Car {
                    preorder: true,
                    ..base.clone()
                },
                None,
            ),
            (
                "",
                Car {
                    subscription_price: Some(199.0),
                    ..base.clone()
                },
                None,
            ),
        ];
        for (i, (config, car, want)) in table.into_iter().enumerate() {
            let h = Harness::<PriceWording>::new(config).unwrap();
            assert_eq!(h.views(&testing::ctx(), &[car]).unwrap(), vec![want], "row {i}");
        }
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<PriceWording>::new(r#"{"price_type": " "}"#).err().unwrap();
        assert_eq!(e, "config.price_type: must not be empty");
        let e = Harness::<PriceWording>::new(r#"{"wording": "x"}"#).err().unwrap();
        assert!(e.contains("unknown field `wording`"), "{e}");
    }

    /// `plugin.info` answers the package's name, version and description from Cargo.toml: the
    /// name is what tenants write in `[[plugins]]` and the component's file stem.
    #[test]
    fn info_comes_from_cargo_toml() {
        let info = Harness::<PriceWording>::new("").unwrap().info();
        assert_eq!(info.name, env!("CARGO_PKG_NAME"));
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert!(
            !info.description.trim().is_empty(),
            "give the plugin a one-line description in Cargo.toml"
        );
    }
}
