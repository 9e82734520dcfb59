//! Plugin config parsing. The host hands `plugin.init` the tenant's `[[plugins]] config` table as
//! JSON text. A missing config (empty text, `null` or `{}`) gives `T::default()`: a missing config
//! is a no-op, never an error. A config that does not fit `T` is rejected with the path of the
//! offending field, for example `config.levels.3.hide_car_types[0]: unknown variant `newish`,
//! expected one of `new`, `demo`, `used``.

use serde::de::DeserializeOwned;

use crate::Result;

/// Parse a plugin config from JSON text (see the module docs).
pub fn parse<T: DeserializeOwned + Default>(json: &str) -> Result<T> {
    let text = json.trim();
    if text.is_empty() || text == "null" {
        return Ok(T::default());
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("config is not valid JSON: {e}"))?;
    match &value {
        serde_json::Value::Null => return Ok(T::default()),
        serde_json::Value::Object(map) if map.is_empty() => return Ok(T::default()),
        serde_json::Value::Object(_) => {}
        _ => return Err("config must be a table (a JSON object)".into()),
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." {
            format!("config: {inner}")
        } else {
            format!("config.{path}: {inner}")
        }
    })
}

/// Check `min <= max` for a pair of config fields; the error names both fields.
pub fn check_order(min_name: &str, min: f64, max_name: &str, max: f64) -> Result<()> {
    if min.is_finite() && max.is_finite() && min <= max {
        Ok(())
    } else {
        Err(format!("config.{min_name} ({min}) must not be above config.{max_name} ({max})"))
    }
}

/// Check that a number is finite and positive; the error names the field.
pub fn check_positive(name: &str, value: f64) -> Result<()> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(format!("config.{name} ({value}) must be greater than 0"))
    }
}

/// Check a partner endpoint from the config: an `https://` URL with a host, or plain
/// `http://127.0.0.1` / `http://localhost` (local tests only), the rule the host applies to
/// service URLs. The error names the field: `config.quote_url: must be an https URL (...)`.
pub fn check_url(name: &str, url: &str) -> Result<()> {
    let local = ["http://127.0.0.1", "http://localhost"].iter().any(|p| {
        url.strip_prefix(p)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(':') || rest.starts_with('/') || rest.starts_with('?'))
    });
    let https = url.len() > "https://".len() && url.get(..8).is_some_and(|p| p.eq_ignore_ascii_case("https://"));
    if (https || local) && crate::http::split_url(url).is_ok() {
        Ok(())
    } else {
        Err(format!(
            "config.{name}: must be an https URL (plain http only to 127.0.0.1 or localhost), got {url:?}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, serde::Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct Cfg {
        days: Option<u32>,
        makes: Vec<String>,
    }

    #[test]
    fn missing_config_is_default() {
        for text in ["", "  ", "null", "{}", " { } "] {
            assert_eq!(parse::<Cfg>(text).unwrap(), Cfg::default(), "{text:?}");
        }
    }

    #[test]
    fn values_parse() {
        let c: Cfg = parse(r#"{"days": 5, "makes": ["IM"]}"#).unwrap();
        assert_eq!(
            c,
            Cfg {
                days: Some(5),
                makes: vec!["IM".into()]
            }
        );
    }

    #[test]
    fn errors_name_the_field() {
        let e = parse::<Cfg>(r#"{"makes": ["a", 3]}"#).unwrap_err();
        assert!(e.starts_with("config.makes[1]: invalid type"), "{e}");
        let e = parse::<Cfg>(r#"{"dayz": 5}"#).unwrap_err();
        assert!(e.contains("unknown field `dayz`"), "{e}");
        let e = parse::<Cfg>("[1]").unwrap_err();
        assert_eq!(e, "config must be a table (a JSON object)");
        let e = parse::<Cfg>("{").unwrap_err();
        assert!(e.starts_with("config is not valid JSON"), "{e}");
    }

    #[test]
    fn order_and_positive_checks() {
        assert!(check_order("a", 1.0, "b", 2.0).is_ok());
        assert_eq!(
            check_order("a", 3.0, "b", 2.0).unwrap_err(),
            "config.a (3) must not be above config.b (2)"
        );
        assert!(check_positive("step", 0.0).is_err());
        assert!(check_positive("step", 0.5).is_ok());
    }

    #[test]
    fn partner_urls_must_be_https_or_local() {
        for ok in [
            "https://api.lender.example/quote",
            "http://127.0.0.1:9000/q",
            "http://localhost/x",
            "HTTPS://a.example",
        ] {
            assert_eq!(check_url("quote_url", ok), Ok(()), "{ok}");
        }
        for bad in [
            "http://api.lender.example/quote",
            "http://localhost.evil.example/",
            "https://",
            "ftp://a",
            "https://a b",
            "",
        ] {
            let e = check_url("quote_url", bad).unwrap_err();
            assert!(e.starts_with("config.quote_url: must be an https URL"), "{bad}: {e}");
        }
    }
}
