//! # phone-format-au
//!
//! Extension point `phone-format` (docs/features/shopper-core.md §9 "Dealer phone numbers are configured per tenant
//! and per car type (new, used, demo); shown numbers with a leading +61 become 0 and are grouped
//! 2-4-4"; §4 "Phone: masked or revealed"; docs/features/locations-forms-marketing.md §3 "An
//! Australian phone number is normalised to a leading 0").
//!
//! * `car-phones`: the number for the car's type (`new`, `demo`, `used`), else `default`, else no
//!   opinion (the host picks).
//! * `format-numbers`: any Australian number, formatted:
//!
//! | input | display | dial | masked |
//! |---|---|---|---|
//! | `+61 7 5550 0700`, `0755500700` | `07 5550 0700` | `+61755500700` | `07 5550 XXXX` |
//! | `+61 412 345 678` | `04 1234 5678` | `+61412345678` | `04 1234 XXXX` |
//! | `1300 555 070` | `1300 555 070` | `1300555070` | `1300 555 XXX` |
//! | `13 22 33` | `13 22 33` | `132233` | `13 22 XX` |
//!
//! Anything else (too short, foreign, letters) gets no opinion, and the host shows it as written.
//! With `dial = "national"` the dial form keeps the leading 0 (`0755500700`).
//!
//! ## Config (every key optional)
//!
//! ```toml
//! [[plugins]]
//! name = "phone-format-au"
//! config = { new = "+61 2 5550 0101", used = "02 5550 0102", demo = "02 5550 0103", default = "02 5550 0100" }
//! ```
//!
//! Each configured number must be an Australian number, or `init` rejects the config.

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin config (see the crate docs).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub new: Option<String>,
    pub demo: Option<String>,
    pub used: Option<String>,
    pub default: Option<String>,
    /// `e164` (default, `+61...`) or `national` (`0...`).
    pub dial: Option<DialForm>,
    /// The masking character; default `X`.
    pub mask_char: Option<char>,
}

/// How the dial string is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DialForm {
    #[default]
    E164,
    National,
}

/// The plugin, built once from its config.
pub struct PhoneFormatAu {
    new: Option<PhoneNumber>,
    demo: Option<PhoneNumber>,
    used: Option<PhoneNumber>,
    default: Option<PhoneNumber>,
    dial: DialForm,
    mask: char,
}

/// National digits of an Australian number: `+61`/`61` becomes `0`, spaces and punctuation
/// go. `None` when it is not an Australian number.
pub fn national_digits(input: &str) -> Option<String> {
    let trimmed = input.trim();
    if trimmed.is_empty() || trimmed.chars().any(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let plus = trimmed.starts_with('+');
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let national = if plus {
        let rest = digits.strip_prefix("61")?;
        // `+61 (0)7 ...` keeps a trunk 0 by mistake: drop it.
        format!("0{}", rest.strip_prefix('0').unwrap_or(rest))
    } else if digits.len() == 11 && digits.starts_with("61") {
        format!("0{}", &digits[2..])
    } else {
        digits
    };
    let ok = match national.len() {
        10 => national.starts_with('0') || national.starts_with("1300") || national.starts_with("1800"),
        6 => national.starts_with("13"),
        _ => false,
    };
    ok.then_some(national)
}

fn group(digits: &str, sizes: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    for &n in sizes {
        out.push(digits[at..at + n].to_string());
        at += n;
    }
    out
}

/// Format an Australian number (see the crate docs), or `None` when it is not one.
pub fn format_au(input: &str, dial: DialForm, mask: char) -> Option<PhoneNumber> {
    let d = national_digits(input)?;
    let groups = if d.len() == 6 {
        group(&d, &[2, 2, 2])
    } else if d.starts_with("1300") || d.starts_with("1800") {
        group(&d, &[4, 3, 3])
    } else {
        group(&d, &[2, 4, 4])
    };
    let display = groups.join(" ");
    let mut masked_groups = groups.clone();
    if let Some(last) = masked_groups.last_mut() {
        *last = std::iter::repeat_n(mask, last.len()).collect();
    }
    let dial = if d.starts_with('0') && dial == DialForm::E164 {
        format!("+61{}", &d[1..])
    } else {
        d.clone()
    };
    Some(PhoneNumber {
        display,
        dial,
        masked: masked_groups.join(" "),
    })
}

impl Plugin for PhoneFormatAu {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        let dial = c.dial.unwrap_or_default();
        let mask = c.mask_char.unwrap_or('X');
        let parse = |field: &str, value: Option<String>| -> Result<Option<PhoneNumber>> {
            match value {
                None => Ok(None),
                Some(v) => format_au(&v, dial, mask)
                    .map(Some)
                    .ok_or_else(|| format!("config.{field}: `{v}` is not an Australian phone number")),
            }
        };
        Ok(PhoneFormatAu {
            new: parse("new", c.new)?,
            demo: parse("demo", c.demo)?,
            used: parse("used", c.used)?,
            default: parse("default", c.default)?,
            dial,
            mask,
        })
    }
}

impl PhoneFormat for PhoneFormatAu {
    fn car_phone(&self, _ctx: &TenantContext, car: &Car) -> Result<Option<PhoneNumber>> {
        let for_type = match car.car_type {
            CarType::New => &self.new,
            CarType::Demo => &self.demo,
            CarType::Used => &self.used,
        };
        Ok(for_type.as_ref().or(self.default.as_ref()).cloned())
    }

    fn format_number(&self, _ctx: &TenantContext, number: &str) -> Result<Option<PhoneNumber>> {
        Ok(format_au(number, self.dial, self.mask))
    }
}

forecourt_plugin_sdk::export_plugin!(PhoneFormatAu: PhoneFormat);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn phone(display: &str, dial: &str, masked: &str) -> Option<PhoneNumber> {
        Some(PhoneNumber {
            display: display.into(),
            dial: dial.into(),
            masked: masked.into(),
        })
    }

    #[test]
    fn format_table() {
        let h = Harness::<PhoneFormatAu>::new("").unwrap();
        let table = [
            ("+61 7 5550 0700", phone("07 5550 0700", "+61755500700", "07 5550 XXXX")),
            ("+61755500700", phone("07 5550 0700", "+61755500700", "07 5550 XXXX")),
            ("+61 (0)7 5550 0700", phone("07 5550 0700", "+61755500700", "07 5550 XXXX")),
            ("07 5550 0700", phone("07 5550 0700", "+61755500700", "07 5550 XXXX")),
            ("(02) 5550-0101", phone("02 5550 0101", "+61255500101", "02 5550 XXXX")),
            ("61 2 5550 0101", phone("02 5550 0101", "+61255500101", "02 5550 XXXX")),
            ("+61 412 345 678", phone("04 1234 5678", "+61412345678", "04 1234 XXXX")),
            ("1300 555 070", phone("1300 555 070", "1300555070", "1300 555 XXX")),
            ("1800555070", phone("1800 555 070", "1800555070", "1800 555 XXX")),
            ("13 22 33", phone("13 22 33", "132233", "13 22 XX")),
            ("5550 0700", None),
            ("+1 415 555 0100", None),
            ("call us", None),
            ("", None),
        ];
        let inputs: Vec<&str> = table.iter().map(|(i, _)| *i).collect();
        let got = h.format_numbers(&testing::ctx(), &inputs).unwrap();
        for ((input, want), got) in table.iter().zip(got) {
            assert_eq!(&got, want, "{input:?}");
        }
    }

    #[test]
    fn per_car_type_numbers() {
        let h = Harness::<PhoneFormatAu>::new(r#"{"new": "+61 2 5550 0101", "used": "02 5550 0102", "default": "02 5550 0100"}"#).unwrap();
        let cars = [
            Car {
                car_type: CarType::New,
                ..testing::car()
            },
            Car {
                car_type: CarType::Used,
                ..testing::car()
            },
            Car {
                car_type: CarType::Demo,
                ..testing::car()
            },
        ];
        assert_eq!(
            h.car_phones(&testing::ctx(), &cars).unwrap(),
            vec![
                phone("02 5550 0101", "+61255500101", "02 5550 XXXX"),
                phone("02 5550 0102", "+61255500102", "02 5550 XXXX"),
                phone("02 5550 0100", "+61255500100", "02 5550 XXXX"),
            ]
        );
        // Nothing configured: no opinion, the host picks.
        let none = Harness::<PhoneFormatAu>::new("").unwrap();
        assert_eq!(none.car_phones(&testing::ctx(), &cars[..1]).unwrap(), vec![None]);
    }

    #[test]
    fn national_dial_and_mask() {
        let h = Harness::<PhoneFormatAu>::new(r##"{"dial": "national", "mask_char": "#"}"##).unwrap();
        assert_eq!(
            h.format_numbers(&testing::ctx(), &["+61 7 5550 0700"]).unwrap(),
            vec![phone("07 5550 0700", "0755500700", "07 5550 ####")]
        );
    }

    #[test]
    fn bad_numbers_in_config_are_rejected() {
        assert_eq!(
            Harness::<PhoneFormatAu>::new(r#"{"used": "5550 0102"}"#).err().unwrap(),
            "config.used: `5550 0102` is not an Australian phone number"
        );
    }
}
