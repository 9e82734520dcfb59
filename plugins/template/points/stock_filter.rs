//! # plugin-template
//!
//! A Forecourt plugin for the `stock-filter` extension point (plugins/README.md "stock-filter";
//! docs/features/shopper-core.md §5): from the tenant's stock filter level `from_level` upwards
//! (`[stock] filter_level` in `tenant.toml`, 0..=14), hide the makes in `hide_makes` and every car
//! priced below `min_price` dollars. Below `from_level` it adds nothing. The host ANDs the
//! conditions into every stock query of the tenant; a plugin can only narrow what shoppers see.
//!
//! Config (every key optional: with none the plugin hides nothing):
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { hide_makes = ["Foton"], min_price = 1000, from_level = 0 }
//! ```
//!
//! Test, build and run it (plugins/README.md "From the template to a plugin on a local tenant"):
//!
//! ```sh
//! (cd plugins && cargo test -p plugin-template)
//! bash plugins/build.sh plugin-template
//! forecourt plugin run plugins/dist/plugin-template.wasm --point stock-filter --level 3
//! ```

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Every field is optional; unknown
/// keys are rejected (`deny_unknown_fields`) so a typo is a clear error at start-up.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Makes to hide, as feeds write them (compared case-insensitively and by slug).
    pub hide_makes: Vec<String>,
    /// Hide cars priced below this many AUD; none: no price floor.
    pub min_price: Option<f64>,
    /// Lowest stock filter level the conditions apply to (0..=14); default 0 (every level).
    pub from_level: u8,
}

/// The plugin, built once per instance from its config.
pub struct HideStock {
    hide_makes: Vec<String>,
    min_price: Option<f64>,
    from_level: u8,
}

impl Plugin for HideStock {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        if config.from_level > 14 {
            return Err(format!("config.from_level ({}) must be 0..=14", config.from_level));
        }
        if let Some(p) = config.min_price {
            forecourt_plugin_sdk::config::check_positive("min_price", p)?;
        }
        if let Some(i) = config.hide_makes.iter().position(|m| m.trim().is_empty()) {
            return Err(format!("config.hide_makes[{i}]: must not be empty"));
        }
        Ok(HideStock {
            hide_makes: config.hide_makes,
            min_price: config.min_price,
            from_level: config.from_level,
        })
    }
}

impl StockFilter for HideStock {
    fn conditions(&self, _ctx: &TenantContext, level: u8) -> Result<Vec<Condition>> {
        let mut out = Vec::new();
        if level < self.from_level {
            return Ok(out);
        }
        if !self.hide_makes.is_empty() {
            out.push(Condition::HideMakes(self.hide_makes.clone()));
        }
        if let Some(p) = self.min_price {
            out.push(Condition::MinPrice(p));
        }
        Ok(out)
    }
}

// The component exports `plugin` and `stock-filter`, nothing else.
forecourt_plugin_sdk::export_plugin!(HideStock: StockFilter);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn conditions(config: &str, level: u8) -> Vec<Condition> {
        Harness::<HideStock>::new(config)
            .unwrap()
            .conditions(&testing::ctx(), level)
            .unwrap()
    }

    #[test]
    fn table() {
        assert!(conditions("", 0).is_empty(), "no config hides nothing");
        let cfg = r#"{"hide_makes": ["Foton"], "min_price": 1000, "from_level": 3}"#;
        assert!(conditions(cfg, 2).is_empty(), "below from_level");
        let got = conditions(cfg, 3);
        assert_eq!(got.len(), 2);
        assert!(matches!(&got[0], Condition::HideMakes(m) if m == &["Foton".to_string()]));
        assert!(matches!(got[1], Condition::MinPrice(p) if p == 1000.0));
        assert!(matches!(&conditions(r#"{"min_price": 5}"#, 14)[..], [Condition::MinPrice(p)] if *p == 5.0));
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<HideStock>::new(r#"{"from_level": 15}"#).err().unwrap();
        assert_eq!(e, "config.from_level (15) must be 0..=14");
        let e = Harness::<HideStock>::new(r#"{"min_price": 0}"#).err().unwrap();
        assert_eq!(e, "config.min_price (0) must be greater than 0");
        let e = Harness::<HideStock>::new(r#"{"hide_makes": ["IM", " "]}"#).err().unwrap();
        assert_eq!(e, "config.hide_makes[1]: must not be empty");
        let e = Harness::<HideStock>::new(r#"{"hide": ["IM"]}"#).err().unwrap();
        assert!(e.contains("unknown field `hide`"), "{e}");
    }

    /// `plugin.info` answers the package's name, version and description from Cargo.toml: the
    /// name is what tenants write in `[[plugins]]` and the component's file stem.
    #[test]
    fn info_comes_from_cargo_toml() {
        let info = Harness::<HideStock>::new("").unwrap().info();
        assert_eq!(info.name, env!("CARGO_PKG_NAME"));
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert!(
            !info.description.trim().is_empty(),
            "give the plugin a one-line description in Cargo.toml"
        );
    }
}
