//! # stock-filter-levels
//!
//! Extension point `stock-filter` (docs/features/shopper-core.md §5: "Tenant-specific stock filters hide certain
//! makes, types and stock numbers (helper levels 0 to 14 with car_type and status conditions)").
//!
//! The tenant picks a level with `[stock] filter_level` (0..=14); this plugin's config says what
//! each level means. The host ANDs the conditions into every stock query of the tenant.
//!
//! ## Config
//!
//! ```toml
//! [[plugins]]
//! name = "stock-filter-levels"
//! [plugins.config]
//! always = { hide_stocknums = ["TEST0001"] }          # applied at every level
//! [plugins.config.levels.2]                           # level 2
//! statuses = ["in_stock", "coming_soon"]
//! [plugins.config.levels.3]
//! hide_makes = ["Mahindra"]
//! rules = [ { car_types = ["new"] }, { car_types = ["used", "demo"], statuses = ["in_stock"] } ]
//! ```
//!
//! Every filter spec (`always` and each `levels.<0-14>`) takes these optional keys:
//!
//! | key | condition |
//! |---|---|
//! | `hide_makes` | hide these makes (case-insensitive, by slug) |
//! | `only_makes` | keep only these makes |
//! | `hide_car_types` | hide `new` / `demo` / `used` |
//! | `car_types` | keep only these car types |
//! | `hide_stocknums` | hide these stock numbers |
//! | `hide_item_types` | hide these item types (for example `caravan`) |
//! | `hide_dealerships` | hide cars of these dealership slugs |
//! | `statuses` | keep only these statuses (`in_stock`, `coming_soon`, `sold`, ...) |
//! | `rules` | keep cars matching at least one `{ car_types, statuses }` rule (empty = any) |
//! | `min_price` | keep only cars priced at least this, AUD |
//!
//! Level 0 with no `levels."0"` entry means "nothing extra" (plus `always`). Any other level
//! that the config does not define is declined with a message naming the configured levels, so
//! a mistyped level shows up in the host log instead of silently showing all stock.

use std::collections::BTreeMap;

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// Highest level (docs/features/shopper-core.md §5: levels 0 to 14).
pub const MAX_LEVEL: u8 = 14;

/// The plugin config.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Conditions added at every level.
    pub always: Option<FilterSpec>,
    /// Conditions per level, keyed `"0"` to `"14"`.
    pub levels: BTreeMap<String, FilterSpec>,
}

/// One level's conditions (see the crate docs).
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FilterSpec {
    pub hide_makes: Vec<String>,
    pub only_makes: Vec<String>,
    pub hide_car_types: Vec<CarTypeName>,
    pub car_types: Vec<CarTypeName>,
    pub hide_stocknums: Vec<String>,
    pub hide_item_types: Vec<String>,
    pub hide_dealerships: Vec<String>,
    pub statuses: Vec<String>,
    pub rules: Vec<RuleSpec>,
    pub min_price: Option<f64>,
}

/// A `(car types AND statuses)` rule; empty lists match anything.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleSpec {
    pub car_types: Vec<CarTypeName>,
    pub statuses: Vec<String>,
}

/// `new`, `demo` or `used` in config.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CarTypeName {
    New,
    Demo,
    Used,
}

impl From<CarTypeName> for CarType {
    fn from(c: CarTypeName) -> CarType {
        match c {
            CarTypeName::New => CarType::New,
            CarTypeName::Demo => CarType::Demo,
            CarTypeName::Used => CarType::Used,
        }
    }
}

/// The plugin: the conditions of every configured level, built once at `init`.
pub struct StockFilterLevels {
    always: Vec<Condition>,
    levels: BTreeMap<u8, Vec<Condition>>,
}

fn statuses(field: &str, list: &[String]) -> Result<Vec<CarStatus>> {
    list.iter()
        .enumerate()
        .map(|(i, s)| {
            if s.trim().is_empty() {
                Err(format!("config.{field}[{i}]: a status must not be empty"))
            } else {
                Ok(CarStatus::parse(s))
            }
        })
        .collect()
}

fn types(list: &[CarTypeName]) -> Vec<CarType> {
    list.iter().map(|&c| c.into()).collect()
}

fn texts(list: &[String]) -> Vec<String> {
    list.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// Turn one spec into conditions, in a fixed order; empty lists add nothing.
fn conditions_of(path: &str, spec: &FilterSpec) -> Result<Vec<Condition>> {
    let mut out = Vec::new();
    let hide_makes = texts(&spec.hide_makes);
    if !hide_makes.is_empty() {
        out.push(Condition::HideMakes(hide_makes));
    }
    let only_makes = texts(&spec.only_makes);
    if !only_makes.is_empty() {
        out.push(Condition::OnlyMakes(only_makes));
    }
    if !spec.hide_car_types.is_empty() {
        out.push(Condition::HideCarTypes(types(&spec.hide_car_types)));
    }
    if !spec.car_types.is_empty() {
        out.push(Condition::CarTypeIn(types(&spec.car_types)));
    }
    let stocknums = texts(&spec.hide_stocknums);
    if !stocknums.is_empty() {
        out.push(Condition::HideStocknums(stocknums));
    }
    let item_types = texts(&spec.hide_item_types);
    if !item_types.is_empty() {
        out.push(Condition::HideItemTypes(item_types));
    }
    let dealerships = texts(&spec.hide_dealerships);
    if !dealerships.is_empty() {
        out.push(Condition::HideDealerships(dealerships));
    }
    if !spec.statuses.is_empty() {
        out.push(Condition::StatusIn(statuses(&format!("{path}.statuses"), &spec.statuses)?));
    }
    if !spec.rules.is_empty() {
        let rules = spec
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                Ok(TypeStatusRule {
                    car_types: types(&r.car_types),
                    statuses: statuses(&format!("{path}.rules[{i}].statuses"), &r.statuses)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        out.push(Condition::TypeStatusAny(rules));
    }
    if let Some(min) = spec.min_price {
        if !(min.is_finite() && min >= 0.0) {
            return Err(format!("config.{path}.min_price ({min}) must be 0 or more"));
        }
        out.push(Condition::MinPrice(min));
    }
    Ok(out)
}

impl Plugin for StockFilterLevels {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let always = match &config.always {
            Some(spec) => conditions_of("always", spec)?,
            None => Vec::new(),
        };
        let mut levels = BTreeMap::new();
        for (key, spec) in &config.levels {
            let level: u8 = key
                .trim()
                .parse()
                .ok()
                .filter(|l| *l <= MAX_LEVEL)
                .ok_or_else(|| format!("config.levels.{key}: a level must be a number from 0 to {MAX_LEVEL}"))?;
            levels.insert(level, conditions_of(&format!("levels.{key}"), spec)?);
        }
        Ok(StockFilterLevels { always, levels })
    }
}

impl StockFilter for StockFilterLevels {
    fn conditions(&self, _ctx: &TenantContext, level: u8) -> Result<Vec<Condition>> {
        if level > MAX_LEVEL {
            return Err(format!("stock filter level {level} is out of range 0..={MAX_LEVEL}"));
        }
        let for_level = match self.levels.get(&level) {
            Some(c) => c.as_slice(),
            None if level == 0 => &[],
            None => {
                let configured: Vec<String> = self.levels.keys().map(u8::to_string).collect();
                return Err(format!(
                    "stock filter level {level} is not configured (configured levels: {})",
                    if configured.is_empty() {
                        "none".to_string()
                    } else {
                        configured.join(", ")
                    }
                ));
            }
        };
        Ok(self.always.iter().chain(for_level).cloned().collect())
    }
}

forecourt_plugin_sdk::export_plugin!(StockFilterLevels: StockFilter);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    /// A group config in the spirit of docs/features/shopper-core.md §5: hide a make, some types, some stock
    /// numbers, with car_type and status conditions per level.
    const GROUP: &str = r#"{
        "always": {"hide_stocknums": ["TEST0001", " "]},
        "levels": {
            "1": {"statuses": ["in_stock"]},
            "2": {"statuses": ["in_stock", "Coming Soon"]},
            "3": {"hide_makes": ["Mahindra", "Great Wall"], "hide_car_types": ["demo"]},
            "4": {"rules": [{"car_types": ["new"]}, {"car_types": ["used", "demo"], "statuses": ["in_stock"]}]},
            "5": {"only_makes": ["toyota"], "car_types": ["new", "demo"], "min_price": 10},
            "14": {"hide_item_types": ["caravan"], "hide_dealerships": ["southern-cross-ford"]}
        }
    }"#;

    fn hide_test() -> Condition {
        Condition::HideStocknums(vec!["TEST0001".into()])
    }

    #[test]
    fn table() {
        let h = Harness::<StockFilterLevels>::new(GROUP).unwrap();
        let ctx = testing::ctx();
        let table: Vec<(u8, Vec<Condition>)> = vec![
            (0, vec![hide_test()]),
            (1, vec![hide_test(), Condition::StatusIn(vec![CarStatus::InStock])]),
            (
                2,
                vec![hide_test(), Condition::StatusIn(vec![CarStatus::InStock, CarStatus::ComingSoon])],
            ),
            (
                3,
                vec![
                    hide_test(),
                    Condition::HideMakes(vec!["Mahindra".into(), "Great Wall".into()]),
                    Condition::HideCarTypes(vec![CarType::Demo]),
                ],
            ),
            (
                4,
                vec![
                    hide_test(),
                    Condition::TypeStatusAny(vec![
                        TypeStatusRule {
                            car_types: vec![CarType::New],
                            statuses: vec![],
                        },
                        TypeStatusRule {
                            car_types: vec![CarType::Used, CarType::Demo],
                            statuses: vec![CarStatus::InStock],
                        },
                    ]),
                ],
            ),
            (
                5,
                vec![
                    hide_test(),
                    Condition::OnlyMakes(vec!["toyota".into()]),
                    Condition::CarTypeIn(vec![CarType::New, CarType::Demo]),
                    Condition::MinPrice(10.0),
                ],
            ),
            (
                14,
                vec![
                    hide_test(),
                    Condition::HideItemTypes(vec!["caravan".into()]),
                    Condition::HideDealerships(vec!["southern-cross-ford".into()]),
                ],
            ),
        ];
        for (level, want) in table {
            assert_eq!(h.conditions(&ctx, level).unwrap(), want, "level {level}");
        }
    }

    #[test]
    fn unconfigured_levels() {
        let h = Harness::<StockFilterLevels>::new(GROUP).unwrap();
        let e = h.conditions(&testing::ctx(), 7).unwrap_err();
        assert_eq!(e, "stock filter level 7 is not configured (configured levels: 1, 2, 3, 4, 5, 14)");
        assert!(h.conditions(&testing::ctx(), 15).unwrap_err().contains("out of range"));
        // No config at all: level 0 adds nothing; other levels are declined.
        let none = Harness::<StockFilterLevels>::new("").unwrap();
        assert_eq!(none.conditions(&testing::ctx(), 0).unwrap(), vec![]);
        assert!(none.conditions(&testing::ctx(), 3).unwrap_err().contains("configured levels: none"));
    }

    #[test]
    fn bad_configs_name_the_field() {
        for (config, want) in [
            (
                r#"{"levels": {"15": {}}}"#,
                "config.levels.15: a level must be a number from 0 to 14",
            ),
            (r#"{"levels": {"x": {}}}"#, "config.levels.x: a level must be a number from 0 to 14"),
            (
                r#"{"levels": {"3": {"statuses": [""]}}}"#,
                "config.levels.3.statuses[0]: a status must not be empty",
            ),
            (
                r#"{"levels": {"3": {"min_price": -1}}}"#,
                "config.levels.3.min_price (-1) must be 0 or more",
            ),
        ] {
            assert_eq!(Harness::<StockFilterLevels>::new(config).err().unwrap(), want);
        }
        let e = Harness::<StockFilterLevels>::new(r#"{"levels": {"3": {"hide_car_types": ["newish"]}}}"#)
            .err()
            .unwrap();
        assert!(e.starts_with("config.levels.3.hide_car_types[0]: unknown variant `newish`"), "{e}");
        let e = Harness::<StockFilterLevels>::new(r#"{"levels": {"3": {"hide_make": ["X"]}}}"#)
            .err()
            .unwrap();
        assert!(e.contains("unknown field `hide_make`"), "{e}");
    }
}
