//! # plugin-template
//!
//! A Forecourt plugin for the `tag-rules` extension point (plugins/README.md "tag-rules";
//! docs/features/shopper-core.md §4): a `LOW KMS` tag on available used and demo cars driven at
//! most `max_km` kilometres. For every other car (new, sold, more kilometres, odometer unknown)
//! it has no opinion, so the host's own tag rule (sold, reserved, coming soon, just arrived, ...)
//! applies.
//!
//! Config (the tenant's `[[plugins]] config`; both keys optional: with none the tag reads
//! `LOW KMS` up to 20,000 km):
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { text = "UNDER 10,000 KM", max_km = 10000 }
//! ```
//!
//! Test, build and run it (plugins/README.md "From the template to a plugin on a local tenant"):
//!
//! ```sh
//! (cd plugins && cargo test -p plugin-template)
//! bash plugins/build.sh plugin-template
//! forecourt plugin run plugins/dist/plugin-template.wasm --point tag-rules --cars cars.json
//! ```

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Every field is optional
/// (`#[serde(default)]`): a tenant that gives no config gets the defaults. Unknown keys are
/// rejected (`deny_unknown_fields`) so a typo is a clear error at start-up, not silence.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Tag text; default `LOW KMS`.
    pub text: Option<String>,
    /// Most kilometres on the odometer that earn the tag, km; default 20000.
    pub max_km: Option<u64>,
}

/// The plugin, built once per instance from its config.
pub struct LowKms {
    text: String,
    max_km: u64,
}

impl Plugin for LowKms {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let text = config.text.unwrap_or_else(|| "LOW KMS".into());
        if text.trim().is_empty() {
            return Err("config.text: must not be empty".into());
        }
        let max_km = config.max_km.unwrap_or(20_000);
        if max_km == 0 {
            return Err("config.max_km: must be greater than 0".into());
        }
        Ok(LowKms { text, max_km })
    }
}

impl TagRules for LowKms {
    fn tag(&self, _ctx: &TenantContext, car: &Car) -> Result<TagAnswer> {
        let driven = car.car_type != CarType::New;
        if car.is_available() && driven && car.km.is_some_and(|km| km <= self.max_km) {
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
forecourt_plugin_sdk::export_plugin!(LowKms: TagRules);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn low_kms(text: &str) -> TagAnswer {
        TagAnswer::Show(Tag {
            text: text.into(),
            kind: TagKind::Custom,
            image_url: None,
        })
    }

    #[test]
    fn table() {
        let base = testing::car(); // used, in stock, 42,000 km
        let low = Car {
            km: Some(15_000),
            ..base.clone()
        };
        // (config, car, expected answer)
        let table = [
            ("", low.clone(), low_kms("LOW KMS")),
            (
                "",
                Car {
                    km: Some(20_000),
                    ..base.clone()
                },
                low_kms("LOW KMS"),
            ),
            ("", base.clone(), TagAnswer::HostDefault),
            ("", Car { km: None, ..base.clone() }, TagAnswer::HostDefault),
            (
                "",
                Car {
                    car_type: CarType::New,
                    ..low.clone()
                },
                TagAnswer::HostDefault,
            ),
            (
                "",
                Car {
                    car_type: CarType::Demo,
                    ..low.clone()
                },
                low_kms("LOW KMS"),
            ),
            (
                "",
                Car {
                    status: CarStatus::Sold,
                    ..low.clone()
                },
                TagAnswer::HostDefault,
            ),
            (r#"{"max_km": 50000}"#, base.clone(), low_kms("LOW KMS")),
            (
                r#"{"text": "UNDER 10,000 KM", "max_km": 10000}"#,
                low.clone(),
                TagAnswer::HostDefault,
            ),
            (r#"{"text": "UNDER 20,000 KM"}"#, low, low_kms("UNDER 20,000 KM")),
        ];
        for (i, (config, car, want)) in table.into_iter().enumerate() {
            let h = Harness::<LowKms>::new(config).unwrap();
            assert_eq!(h.tags(&testing::ctx(), &[car]).unwrap(), vec![want], "row {i}");
        }
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<LowKms>::new(r#"{"text": ""}"#).err().unwrap();
        assert_eq!(e, "config.text: must not be empty");
        let e = Harness::<LowKms>::new(r#"{"max_km": 0}"#).err().unwrap();
        assert_eq!(e, "config.max_km: must be greater than 0");
        let e = Harness::<LowKms>::new(r#"{"max_km": -5}"#).err().unwrap();
        assert!(e.starts_with("config.max_km: invalid value"), "{e}");
        let e = Harness::<LowKms>::new(r#"{"txt": "X"}"#).err().unwrap();
        assert!(e.contains("unknown field `txt`"), "{e}");
    }

    /// `plugin.info` answers the package's name, version and description from Cargo.toml: the
    /// name is what tenants write in `[[plugins]]` and the component's file stem.
    #[test]
    fn info_comes_from_cargo_toml() {
        let info = Harness::<LowKms>::new("").unwrap().info();
        assert_eq!(info.name, env!("CARGO_PKG_NAME"));
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert!(
            !info.description.trim().is_empty(),
            "give the plugin a one-line description in Cargo.toml"
        );
    }
}
