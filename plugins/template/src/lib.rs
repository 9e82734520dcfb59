//! # plugin-template
//!
//! A minimal Forecourt plugin to copy: it implements the `tag-rules` extension point
//! (docs/features/shopper-core.md §4) and shows an `ON SALE` tag on available cars whose price was reduced
//! (`before_price` above `price`) by at least `min_saving` dollars. For every other car it has no
//! opinion, so the host's own tag rule (sold, reserved, coming soon, just arrived, ...) applies.
//!
//! Enable it for a tenant in `tenants/<slug>/tenant.toml`:
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { text = "PRICE DROP", min_saving = 1000 }
//! ```
//!
//! Both config keys are optional: with no config the tag reads `ON SALE` from a saving of $1.
//!
//! To start your own plugin: copy this folder, rename the package in `Cargo.toml`, add the folder
//! to `members` in `plugins/Cargo.toml`, implement the traits of the points you need (see
//! `forecourt_plugin_sdk`), list them in `export_plugin!`, and run `bash plugins/build.sh`.

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Every field is optional
/// (`#[serde(default)]`): a tenant that gives no config gets the defaults. Unknown keys are
/// rejected (`deny_unknown_fields`) so a typo is a clear error at start-up, not silence.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Tag text; default `ON SALE`.
    pub text: Option<String>,
    /// Smallest saving (before_price - price) that earns the tag, AUD; default 1.
    pub min_saving: Option<f64>,
}

/// The plugin, built once per instance from its config.
pub struct OnSale {
    text: String,
    min_saving: f64,
}

impl Plugin for OnSale {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let text = config.text.unwrap_or_else(|| "ON SALE".into());
        if text.trim().is_empty() {
            return Err("config.text: must not be empty".into());
        }
        let min_saving = config.min_saving.unwrap_or(1.0);
        forecourt_plugin_sdk::config::check_positive("min_saving", min_saving)?;
        Ok(OnSale { text, min_saving })
    }
}

impl TagRules for OnSale {
    fn tag(&self, _ctx: &TenantContext, car: &Car) -> Result<TagAnswer> {
        let saving = car.before_price.map_or(0.0, |was| was - car.price);
        if car.is_available() && car.price > 10.0 && saving >= self.min_saving {
            Ok(TagAnswer::Show(Tag {
                text: self.text.clone(),
                kind: TagKind::Custom,
                image_url: None,
            }))
        } else {
            Ok(TagAnswer::HostDefault)
        }
    }
}

// The component exports `plugin` and `tag-rules`, nothing else.
forecourt_plugin_sdk::export_plugin!(OnSale: TagRules);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn on_sale(text: &str) -> TagAnswer {
        TagAnswer::Show(Tag {
            text: text.into(),
            kind: TagKind::Custom,
            image_url: None,
        })
    }

    #[test]
    fn table() {
        let base = testing::car();
        // (config, car, expected answer)
        let table = [
            (
                "",
                Car {
                    before_price: Some(26_000.0),
                    ..base.clone()
                },
                on_sale("ON SALE"),
            ),
            (
                "",
                Car {
                    before_price: None,
                    ..base.clone()
                },
                TagAnswer::HostDefault,
            ),
            (
                "",
                Car {
                    before_price: Some(24_000.0),
                    ..base.clone()
                },
                TagAnswer::HostDefault,
            ),
            (
                "",
                Car {
                    before_price: Some(26_000.0),
                    status: CarStatus::Sold,
                    ..base.clone()
                },
                TagAnswer::HostDefault,
            ),
            (
                r#"{"min_saving": 1500}"#,
                Car {
                    before_price: Some(26_000.0),
                    ..base.clone()
                },
                TagAnswer::HostDefault,
            ),
            (
                r#"{"text": "PRICE DROP", "min_saving": 1000}"#,
                Car {
                    before_price: Some(26_000.0),
                    ..base.clone()
                },
                on_sale("PRICE DROP"),
            ),
        ];
        for (i, (config, car, want)) in table.into_iter().enumerate() {
            let h = Harness::<OnSale>::new(config).unwrap();
            assert_eq!(h.tags(&testing::ctx(), &[car]).unwrap(), vec![want], "row {i}");
        }
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<OnSale>::new(r#"{"text": ""}"#).err().unwrap();
        assert_eq!(e, "config.text: must not be empty");
        let e = Harness::<OnSale>::new(r#"{"min_saving": -5}"#).err().unwrap();
        assert_eq!(e, "config.min_saving (-5) must be greater than 0");
        let e = Harness::<OnSale>::new(r#"{"txt": "X"}"#).err().unwrap();
        assert!(e.contains("unknown field `txt`"), "{e}");
    }

    #[test]
    fn info_comes_from_cargo_toml() {
        let h = Harness::<OnSale>::new("").unwrap();
        assert_eq!(h.info().name, "plugin-template");
    }
}
