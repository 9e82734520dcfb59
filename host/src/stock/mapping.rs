//! Column-mapping files: turn a dealer's own feed columns into the canonical Car fields without
//! code. Format and semantics: `host/docs/stock-feed.md` "Column-mapping file".

use std::{collections::BTreeMap, path::Path};

use serde::Deserialize;

use super::fields;
use crate::tenant::FeedMode;

/// A parsed, checked mapping file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mapping {
    /// Default import mode for this feed.
    #[serde(default)]
    pub mode: Option<FeedMode>,
    /// canonical field = source column, or a template with `{source column}` parts.
    #[serde(default)]
    pub columns: BTreeMap<String, String>,
    /// canonical field = multiplier (unit conversion), applied to numeric values.
    #[serde(default)]
    pub scale: BTreeMap<String, f64>,
    /// canonical field = multiple to round to after scaling (half away from zero).
    #[serde(default)]
    pub round: BTreeMap<String, f64>,
    /// canonical field = `title`, `upper` or `lower`.
    #[serde(default)]
    pub case: BTreeMap<String, Case>,
    /// canonical field = { source value (case-insensitive) = canonical value }. `""` = absent.
    #[serde(default)]
    pub values: BTreeMap<String, BTreeMap<String, String>>,
    /// canonical field = value used when the mapped value is absent.
    #[serde(default)]
    pub defaults: BTreeMap<String, String>,
}

/// Letter case transform.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Case {
    /// First letter of each word upper case, the rest lower.
    Title,
    /// All upper case.
    Upper,
    /// All lower case.
    Lower,
}

/// A mapping-file problem, naming the key.
#[derive(Debug, thiserror::Error)]
#[error("mapping {file}: key `{key}`: {reason}")]
pub struct MappingError {
    /// Mapping file (or `<inline>`).
    pub file: String,
    /// Offending key, dotted.
    pub key: String,
    /// Why.
    pub reason: String,
}

/// One piece of a `[columns]` value.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Literal(String),
    /// A source column, and the text its place takes when the row's value is empty
    /// (`{badge|}`, `{badge|Base}`); without one an empty value leaves the whole field absent.
    Column(String, Option<String>),
}

/// A mapping bound to a feed's header: ready to apply to rows.
#[derive(Debug, Clone)]
pub struct BoundMapping {
    columns: Vec<(&'static str, Vec<Part>)>,
    mapping: Mapping,
}

impl Mapping {
    /// Reads and checks a mapping file; returns the mapping and its text (the text is part of a
    /// feed version's hash, `import::feed_sha256`).
    pub fn load(path: &Path) -> Result<(Mapping, String), MappingError> {
        let text = std::fs::read_to_string(path).map_err(|e| MappingError {
            file: path.display().to_string(),
            key: "(file)".into(),
            reason: e.to_string(),
        })?;
        Ok((Mapping::from_toml(&text, &path.display().to_string())?, text))
    }

    /// Parses and checks mapping TOML; `file` names it in errors.
    pub fn from_toml(text: &str, file: &str) -> Result<Mapping, MappingError> {
        let m: Mapping = toml::from_str(text).map_err(|e| MappingError {
            file: file.into(),
            key: "(syntax)".into(),
            reason: e.message().to_string(),
        })?;
        let err = |key: String, reason: &str| MappingError {
            file: file.into(),
            key,
            reason: reason.into(),
        };
        let tables: [(&str, Vec<&String>); 6] = [
            ("columns", m.columns.keys().collect()),
            ("scale", m.scale.keys().collect()),
            ("round", m.round.keys().collect()),
            ("case", m.case.keys().collect()),
            ("values", m.values.keys().collect()),
            ("defaults", m.defaults.keys().collect()),
        ];
        for (table, keys) in tables {
            for k in keys {
                if !fields::is_feed_field(k) {
                    return Err(err(format!("{table}.{k}"), "is not a Forecourt stock field (see stock-feed.md)"));
                }
            }
        }
        for (k, v) in m.scale.iter() {
            if !v.is_finite() || *v <= 0.0 {
                return Err(err(format!("scale.{k}"), "must be a positive number"));
            }
        }
        for (k, v) in m.round.iter() {
            if !v.is_finite() || *v <= 0.0 {
                return Err(err(format!("round.{k}"), "must be a positive number"));
            }
        }
        for (k, v) in m.columns.iter() {
            parse_template(v).map_err(|r| err(format!("columns.{k}"), r))?;
        }
        Ok(m)
    }

    /// Binds the mapping to a feed header, failing before any row is read when a referenced source
    /// column is missing.
    pub fn bind(&self, header: &[String], file: &str) -> Result<BoundMapping, MappingError> {
        let mut columns = Vec::new();
        for (canon, spec) in &self.columns {
            let parts = parse_template(spec).expect("checked at load");
            for p in &parts {
                if let Part::Column(c, _) = p
                    && !header.iter().any(|h| h == c)
                {
                    return Err(MappingError {
                        file: file.into(),
                        key: format!("columns.{canon}"),
                        reason: format!("the feed has no column `{c}`"),
                    });
                }
            }
            columns.push((fields::canonical(canon).expect("checked at load"), parts));
        }
        Ok(BoundMapping {
            columns,
            mapping: self.clone(),
        })
    }
}

/// `"CL-{listing_id}"` -> [Literal("CL-"), Column("listing_id")]; a plain name is one column;
/// `{badge|Base}` is the column `badge` with `Base` in its place when a row's value is empty.
fn parse_template(spec: &str) -> Result<Vec<Part>, &'static str> {
    if !spec.contains('{') && !spec.contains('}') {
        if spec.trim().is_empty() {
            return Err("must name a source column");
        }
        return Ok(vec![Part::Column(spec.to_string(), None)]);
    }
    let mut parts = Vec::new();
    let mut rest = spec;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            parts.push(Part::Literal(rest[..open].to_string()));
        }
        let close = rest[open..].find('}').ok_or("has an unclosed `{`")? + open;
        let inner = &rest[open + 1..close];
        let (name, fallback) = match inner.split_once('|') {
            Some((n, f)) => (n, Some(f.to_string())),
            None => (inner, None),
        };
        if name.is_empty() {
            return Err("has an empty `{}`");
        }
        parts.push(Part::Column(name.to_string(), fallback));
        rest = &rest[close + 1..];
    }
    if rest.contains('}') {
        return Err("has an unmatched `}`");
    }
    if !rest.is_empty() {
        parts.push(Part::Literal(rest.to_string()));
    }
    Ok(parts)
}

impl BoundMapping {
    /// Applies the mapping to one source record (`get` reads a source column's text) and returns
    /// canonical field -> text. Steps per field: template/column, value map, case, scale and
    /// round (numeric values only), default.
    pub fn apply<'a>(&self, get: impl Fn(&str) -> Option<&'a str>) -> BTreeMap<&'static str, String> {
        let mut out = BTreeMap::new();
        for (canon, parts) in &self.columns {
            let mut value = String::new();
            let mut missing = false;
            for p in parts {
                match p {
                    Part::Literal(l) => value.push_str(l),
                    Part::Column(c, fallback) => match (get(c).map(str::trim).filter(|v| !v.is_empty()), fallback) {
                        (Some(v), _) => value.push_str(v),
                        (None, Some(f)) => value.push_str(f),
                        (None, None) => missing = true,
                    },
                }
            }
            if missing {
                continue;
            }
            if let Some(map) = self.mapping.values.get(*canon).or_else(|| {
                self.mapping
                    .values
                    .iter()
                    .find(|(k, _)| fields::canonical(k) == Some(canon))
                    .map(|(_, v)| v)
            }) && let Some((_, mapped)) = map.iter().find(|(k, _)| k.eq_ignore_ascii_case(&value))
            {
                value = mapped.clone();
            }
            if value.is_empty() {
                continue;
            }
            if let Some(case) = self.lookup(&self.mapping.case, canon) {
                value = apply_case(&value, *case);
            }
            let scale = self.lookup(&self.mapping.scale, canon).copied();
            let round = self.lookup(&self.mapping.round, canon).copied();
            if (scale.is_some() || round.is_some())
                && let Some(n) = parse_number(&value)
            {
                let mut n = n * scale.unwrap_or(1.0);
                n = (n * 1e6).round() / 1e6;
                if let Some(m) = round {
                    n = (n / m).round() * m;
                }
                value = format_number(n);
            }
            out.insert(*canon, value);
        }
        for (k, v) in &self.mapping.defaults {
            let canon = fields::canonical(k).expect("checked at load");
            out.entry(canon).or_insert_with(|| v.clone());
        }
        out
    }

    fn lookup<'m, T>(&self, table: &'m BTreeMap<String, T>, canon: &str) -> Option<&'m T> {
        table.iter().find(|(k, _)| fields::canonical(k) == Some(canon)).map(|(_, v)| v)
    }

    /// The mapping's default mode, if it sets one.
    pub fn mode(&self) -> Option<FeedMode> {
        self.mapping.mode
    }
}

/// Parses `12,345`, `$28,990.50`, ` 7 ` as a number.
pub fn parse_number(s: &str) -> Option<f64> {
    let cleaned: String = s.trim().chars().filter(|c| *c != ',' && *c != '$' && *c != ' ').collect();
    if cleaned.is_empty() {
        return None;
    }
    cleaned.parse::<f64>().ok().filter(|n| n.is_finite())
}

fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

fn apply_case(s: &str, case: Case) -> String {
    match case {
        Case::Upper => s.to_uppercase(),
        Case::Lower => s.to_lowercase(),
        Case::Title => {
            let mut out = String::with_capacity(s.len());
            let mut start = true;
            for c in s.chars() {
                if c.is_alphanumeric() {
                    if start {
                        out.extend(c.to_uppercase());
                    } else {
                        out.extend(c.to_lowercase());
                    }
                    start = false;
                } else {
                    out.push(c);
                    start = true;
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CL: &str = r#"
        mode = "delta"
        [columns]
        stocknum = "CL-{listing_id}"
        price = "price_usd"
        km = "odometer_mi"
        colour = "paint_color"
        fuel = "fuel"
        [scale]
        price = 1.53
        km = 1.609344
        [round]
        price = 10
        km = 1
        [case]
        colour = "title"
        [values.fuel]
        gas = "Petrol"
        other = ""
        [defaults]
        car_type = "used"
        fuel = "Unknown"
    "#;

    fn header() -> Vec<String> {
        ["listing_id", "price_usd", "odometer_mi", "paint_color", "fuel"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn applies_every_step_in_order() {
        let m = Mapping::from_toml(CL, "cl").unwrap().bind(&header(), "feed").unwrap();
        let row = [
            ("listing_id", "7"),
            ("price_usd", "$1,500"),
            ("odometer_mi", "100"),
            ("paint_color", "dark BLUE"),
            ("fuel", "GAS"),
        ];
        let out = m.apply(|c| row.iter().find(|(k, _)| *k == c).map(|(_, v)| *v));
        assert_eq!(out["stocknum"], "CL-7");
        assert_eq!(out["price"], "2300"); // 1500 * 1.53 = 2295 -> nearest 10
        assert_eq!(out["km"], "161");
        assert_eq!(out["colour"], "Dark Blue");
        assert_eq!(out["fuel"], "Petrol");
        assert_eq!(out["car_type"], "used");
        assert_eq!(m.mode(), Some(FeedMode::Delta));
    }

    #[test]
    fn empty_mapped_value_falls_back_to_default_and_missing_template_part_is_absent() {
        let m = Mapping::from_toml(CL, "cl").unwrap().bind(&header(), "feed").unwrap();
        let row = [("fuel", "other")];
        let out = m.apply(|c| row.iter().find(|(k, _)| *k == c).map(|(_, v)| *v));
        assert_eq!(out["fuel"], "Unknown");
        assert!(!out.contains_key("stocknum"));
        assert!(!out.contains_key("price"));
    }

    /// `{column|text}`: an empty value takes `text` (possibly empty) and the rest of the template
    /// stays; without it an empty part leaves the whole field absent (then `[defaults]`).
    #[test]
    fn a_template_part_may_name_what_an_empty_value_becomes() {
        let toml = "[columns]\nbadge = \"{trim|} {drive|2WD}\"\nmodel = \"{model} {trim}\"\n";
        let header: Vec<String> = ["trim", "drive", "model"].iter().map(|s| s.to_string()).collect();
        let m = Mapping::from_toml(toml, "m").unwrap().bind(&header, "feed").unwrap();
        let row = [("model", "CX-5"), ("trim", "")];
        let out = m.apply(|c| row.iter().find(|(k, _)| *k == c).map(|(_, v)| *v));
        assert_eq!(out["badge"], " 2WD");
        assert!(!out.contains_key("model"), "no fallback: the whole field is absent");
    }

    #[test]
    fn unknown_field_and_missing_column_are_named() {
        let e = Mapping::from_toml("[columns]\nprise = \"p\"", "m.toml").unwrap_err();
        assert_eq!(e.key, "columns.prise");
        let e = Mapping::from_toml("[scale]\nkm = -1", "m.toml").unwrap_err();
        assert_eq!(e.key, "scale.km");
        let m = Mapping::from_toml("[columns]\nstocknum = \"X{nope}\"", "m.toml").unwrap();
        let e = m.bind(&header(), "feed.csv").unwrap_err();
        assert_eq!(e.key, "columns.stocknum");
        assert!(e.reason.contains("nope"));
    }
}
