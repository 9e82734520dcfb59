//! # plugin-template
//!
//! A Forecourt plugin for the `phone-format` extension point (plugins/README.md "phone-format";
//! docs/features/shopper-core.md §9, docs/features/locations-forms-marketing.md §3): every car shows
//! one number, `number` (an Australian number such as `07 5550 0700`), dialled as `+61755500700`
//! and masked as `07 5550 XXXX` before the click-to-reveal. Numbers written in config (locations,
//! dealers) keep the host's default format (`format_number` is not implemented: no opinion).
//!
//! Config (`number` is required: without it the plugin has no opinion about any car):
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { number = "07 5550 0700" }
//! ```
//!
//! Test, build and run it (plugins/README.md "From the template to a plugin on a local tenant"):
//!
//! ```sh
//! (cd plugins && cargo test -p plugin-template)
//! bash plugins/build.sh plugin-template
//! forecourt plugin run plugins/dist/plugin-template.wasm --point phone-format --cars cars.json --config cfg.json
//! ```

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Unknown keys are rejected
/// (`deny_unknown_fields`) so a typo is a clear error at start-up.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The number every car shows, as written (`07 5550 0700`, `+61 7 5550 0700`).
    pub number: Option<String>,
}

/// The plugin, built once per instance from its config.
pub struct OneNumber {
    phone: Option<PhoneNumber>,
}

/// `written` as a phone number: ten digits after turning a leading `61` into `0`, grouped 2-4-4
/// (`07 5550 0700`), dialled with `+61`, masked on the last group. `None` when it is not ten digits.
fn phone(written: &str) -> Option<PhoneNumber> {
    let digits: String = written.chars().filter(char::is_ascii_digit).collect();
    let local = match digits.strip_prefix("61") {
        Some(rest) if written.trim_start().starts_with('+') => format!("0{rest}"),
        _ => digits,
    };
    if local.len() != 10 || !local.starts_with('0') {
        return None;
    }
    let (area, mid, last) = (&local[..2], &local[2..6], &local[6..]);
    Some(PhoneNumber {
        display: format!("{area} {mid} {last}"),
        dial: format!("+61{}", &local[1..]),
        masked: format!("{area} {mid} XXXX"),
    })
}

impl Plugin for OneNumber {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let phone = match config.number.as_deref() {
            None => None,
            Some(n) => Some(phone(n).ok_or_else(|| format!("config.number: `{n}` is not a ten-digit Australian number"))?),
        };
        Ok(OneNumber { phone })
    }
}

impl PhoneFormat for OneNumber {
    fn car_phone(&self, _ctx: &TenantContext, _car: &Car) -> Result<Option<PhoneNumber>> {
        Ok(self.phone.clone())
    }
}

// The component exports `plugin` and `phone-format`, nothing else.
forecourt_plugin_sdk::export_plugin!(OneNumber: PhoneFormat);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    #[test]
    fn table() {
        let want = PhoneNumber {
            display: "07 5550 0700".into(),
            dial: "+61755500700".into(),
            masked: "07 5550 XXXX".into(),
        };
        for written in ["07 5550 0700", "+61 7 5550 0700", "(07) 5550-0700"] {
            let h = Harness::<OneNumber>::new(&format!(r#"{{"number": "{written}"}}"#)).unwrap();
            let got = h.car_phones(&testing::ctx(), &testing::cars(2)).unwrap();
            assert_eq!(got, vec![Some(want.clone()), Some(want.clone())], "{written}");
            assert_eq!(
                h.format_numbers(&testing::ctx(), &["07 5550 0999"]).unwrap(),
                vec![None],
                "config numbers stay the host's"
            );
        }
        let h = Harness::<OneNumber>::new("").unwrap();
        assert_eq!(h.car_phones(&testing::ctx(), &testing::cars(1)).unwrap(), vec![None]);
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<OneNumber>::new(r#"{"number": "5550 0700"}"#).err().unwrap();
        assert_eq!(e, "config.number: `5550 0700` is not a ten-digit Australian number");
        let e = Harness::<OneNumber>::new(r#"{"phone": "07 5550 0700"}"#).err().unwrap();
        assert!(e.contains("unknown field `phone`"), "{e}");
    }

    /// `plugin.info` answers the package's name, version and description from Cargo.toml: the
    /// name is what tenants write in `[[plugins]]` and the component's file stem.
    #[test]
    fn info_comes_from_cargo_toml() {
        let info = Harness::<OneNumber>::new("").unwrap().info();
        assert_eq!(info.name, env!("CARGO_PKG_NAME"));
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert!(
            !info.description.trim().is_empty(),
            "give the plugin a one-line description in Cargo.toml"
        );
    }
}
