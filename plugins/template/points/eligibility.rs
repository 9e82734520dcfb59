//! # plugin-template
//!
//! A Forecourt plugin for the `eligibility` extension point (plugins/README.md "eligibility";
//! docs/features/shopper-core.md §5, docs/features/locations-forms-marketing.md §4): offer online
//! purchase for available used cars priced up to `online_purchase_max_price` dollars, and never for
//! other cars. Every other action (reserve, trade-in, history report, compare/favourite, autograb,
//! test-drive-only) stays the host's default (`None`: no opinion).
//!
//! Config (optional: with none the price limit is $80,000):
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { online_purchase_max_price = 60000 }
//! ```
//!
//! Test, build and run it (plugins/README.md "From the template to a plugin on a local tenant"):
//!
//! ```sh
//! (cd plugins && cargo test -p plugin-template)
//! bash plugins/build.sh plugin-template
//! forecourt plugin run plugins/dist/plugin-template.wasm --point eligibility --cars cars.json
//! ```

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Every field is optional; unknown
/// keys are rejected (`deny_unknown_fields`) so a typo is a clear error at start-up.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Highest price (AUD) a used car may have to be bought online; default 80000.
    pub online_purchase_max_price: Option<f64>,
}

/// The plugin, built once per instance from its config.
pub struct BuyOnline {
    max_price: f64,
}

impl Plugin for BuyOnline {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let max_price = config.online_purchase_max_price.unwrap_or(80_000.0);
        forecourt_plugin_sdk::config::check_positive("online_purchase_max_price", max_price)?;
        Ok(BuyOnline { max_price })
    }
}

impl Eligibility for BuyOnline {
    fn eligibility(&self, _ctx: &TenantContext, car: &Car) -> Result<CarEligibility> {
        let online = car.car_type == CarType::Used && car.is_available() && car.price > 10.0 && car.price <= self.max_price;
        Ok(CarEligibility {
            online_purchase: Some(online),
            ..CarEligibility::host_default()
        })
    }
}

// The component exports `plugin` and `eligibility`, nothing else.
forecourt_plugin_sdk::export_plugin!(BuyOnline: Eligibility);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    #[test]
    fn table() {
        let base = testing::car(); // used, in stock, $25,000
        // (config, car, online purchase)
        let table = [
            ("", base.clone(), true),
            (
                "",
                Car {
                    price: 90_000.0,
                    ..base.clone()
                },
                false,
            ),
            (r#"{"online_purchase_max_price": 20000}"#, base.clone(), false),
            (
                "",
                Car {
                    car_type: CarType::New,
                    ..base.clone()
                },
                false,
            ),
            (
                "",
                Car {
                    status: CarStatus::Sold,
                    ..base.clone()
                },
                false,
            ),
            (
                "",
                Car {
                    price: 0.0,
                    ..base.clone()
                },
                false,
            ),
        ];
        for (i, (config, car, want)) in table.into_iter().enumerate() {
            let h = Harness::<BuyOnline>::new(config).unwrap();
            let got = h.evaluate(&testing::ctx(), &[car]).unwrap().remove(0);
            assert_eq!(got.online_purchase, Some(want), "row {i}");
            assert_eq!(got.reserve, None, "row {i}: every other action stays the host's");
            assert_eq!(got.trade_in, None, "row {i}");
        }
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<BuyOnline>::new(r#"{"online_purchase_max_price": -1}"#).err().unwrap();
        assert_eq!(e, "config.online_purchase_max_price (-1) must be greater than 0");
        let e = Harness::<BuyOnline>::new(r#"{"max": 1}"#).err().unwrap();
        assert!(e.contains("unknown field `max`"), "{e}");
    }

    /// `plugin.info` answers the package's name, version and description from Cargo.toml: the
    /// name is what tenants write in `[[plugins]]` and the component's file stem.
    #[test]
    fn info_comes_from_cargo_toml() {
        let info = Harness::<BuyOnline>::new("").unwrap().info();
        assert_eq!(info.name, env!("CARGO_PKG_NAME"));
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert!(
            !info.description.trim().is_empty(),
            "give the plugin a one-line description in Cargo.toml"
        );
    }
}
