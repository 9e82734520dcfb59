//! Reading a feed's bytes into records of canonical field -> raw value (docs/features/platform.md
//! "Stock import"): CSV with a header row or JSON (an array of cars or `{"cars": [...]}`), through
//! the feed's column mapping when it has one.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::{
    fields,
    import::{ImportError, ImportOptions},
    validate::Raw,
};
use crate::tenant::FeedFormat;

/// Feed records as canonical field -> raw value.
pub(super) type Records = Vec<BTreeMap<&'static str, Raw>>;

/// Reads the feed (`opts.format`, `opts.mapping`) into records, with ignored-column warnings.
///
/// Errors: [`ImportError::Format`] when the bytes are not the declared format,
/// [`ImportError::Mapping`] when the mapping does not fit the feed's columns.
pub(super) fn read_records(bytes: &[u8], opts: &ImportOptions) -> Result<(Records, Vec<String>), ImportError> {
    let mut warnings = Vec::new();
    match opts.format {
        FeedFormat::Csv => {
            let mut rdr = csv::ReaderBuilder::new().flexible(false).trim(csv::Trim::All).from_reader(bytes);
            let header: Vec<String> = rdr
                .headers()
                .map_err(|e| ImportError::Format {
                    format: "csv",
                    reason: e.to_string(),
                })?
                .iter()
                .map(|h| h.trim_start_matches('\u{feff}').to_string())
                .collect();
            let bound = match &opts.mapping {
                Some(m) => Some(m.bind(&header, &opts.source)?),
                None => {
                    let ignored: Vec<&str> = header.iter().filter(|h| !fields::is_feed_field(h)).map(String::as_str).collect();
                    if !ignored.is_empty() {
                        warnings.push(format!("columns ignored (not Forecourt stock fields): {}", ignored.join(", ")));
                    }
                    None
                }
            };
            let mut out = Vec::new();
            for (i, rec) in rdr.records().enumerate() {
                let rec = rec.map_err(|e| ImportError::Format {
                    format: "csv",
                    reason: format!("row {}: {e}", i + 1),
                })?;
                let map = match &bound {
                    Some(b) => b
                        .apply(|col| header.iter().position(|h| h == col).and_then(|j| rec.get(j)))
                        .into_iter()
                        .map(|(k, v)| (k, Raw::Text(v)))
                        .collect(),
                    None => header
                        .iter()
                        .zip(rec.iter())
                        .filter_map(|(h, v)| fields::canonical(h).map(|c| (c, Raw::Text(v.to_string()))))
                        .collect(),
                };
                out.push(map);
            }
            Ok((out, warnings))
        }
        FeedFormat::Json => {
            let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| ImportError::Format {
                format: "json",
                reason: e.to_string(),
            })?;
            let items = match value {
                serde_json::Value::Array(a) => a,
                serde_json::Value::Object(mut o) => match o.remove("cars") {
                    Some(serde_json::Value::Array(a)) => a,
                    _ => {
                        return Err(ImportError::Format {
                            format: "json",
                            reason: "expected an array of cars or {\"cars\": [...]}".into(),
                        });
                    }
                },
                _ => {
                    return Err(ImportError::Format {
                        format: "json",
                        reason: "expected an array of cars or {\"cars\": [...]}".into(),
                    });
                }
            };
            let mut out = Vec::new();
            let mut ignored = HashSet::new();
            let header: Vec<String> = items
                .iter()
                .filter_map(|v| v.as_object())
                .flat_map(|o| o.keys().cloned())
                .collect::<HashSet<_>>()
                .into_iter()
                .collect();
            let bound = match &opts.mapping {
                Some(m) => Some(m.bind(&header, &opts.source)?),
                None => None,
            };
            for (i, item) in items.into_iter().enumerate() {
                let serde_json::Value::Object(obj) = item else {
                    return Err(ImportError::Format {
                        format: "json",
                        reason: format!("row {} is not an object", i + 1),
                    });
                };
                let map = match &bound {
                    Some(b) => {
                        let texts: HashMap<&str, String> = obj
                            .iter()
                            .filter_map(|(k, v)| Raw::Json(v.clone()).as_text().map(|t| (k.as_str(), t)))
                            .collect();
                        b.apply(|c| texts.get(c).map(String::as_str))
                            .into_iter()
                            .map(|(k, v)| (k, Raw::Text(v)))
                            .collect()
                    }
                    None => obj
                        .into_iter()
                        .filter_map(|(k, v)| match fields::canonical(&k) {
                            Some(c) => Some((
                                c,
                                match v {
                                    serde_json::Value::String(s) => Raw::Text(s),
                                    other => Raw::Json(other),
                                },
                            )),
                            None => {
                                ignored.insert(k);
                                None
                            }
                        })
                        .collect(),
                };
                out.push(map);
            }
            if !ignored.is_empty() {
                let mut v: Vec<String> = ignored.into_iter().collect();
                v.sort();
                warnings.push(format!("keys ignored (not Forecourt stock fields): {}", v.join(", ")));
            }
            Ok((out, warnings))
        }
    }
}
