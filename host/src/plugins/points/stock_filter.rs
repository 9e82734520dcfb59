//! `stock-filter`: extra conditions ANDed into every stock query of a tenant. The answer types
//! ([`StockCondition`], [`TypeStatusRule`]), the check of a plugin's answer
//! ([`stock_condition`]), the host default ([`stock_conditions`]: none) and the call
//! ([`Conditions`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasmtime::{
    Store,
    component::{ComponentType, Lift, WasmList, WasmStr},
};

use crate::{
    plugins::{
        lift::{Meter, Raw, call_list},
        points::{
            check::{AnswerSize, ITEM, Invalid, MAX_VALUE, max_len, money, non_empty},
            extension::{Env, ExtensionPoint, opinion_or_default},
            point::Point,
        },
        runtime::{Call, LoadedComponent, StoreState},
        since_v0_1_0::{self as wit, stock_filter as wsf},
    },
    tenant::Tenant,
};

/// A car type in a stock condition.
pub type CarTypeName = String;

/// One (car types, statuses) pair: a car matches when its type is in `car_types` and its status
/// in `statuses`; an empty list matches anything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TypeStatusRule {
    /// `new`, `demo`, `used`; empty = any.
    pub car_types: Vec<CarTypeName>,
    /// `in_stock`, `coming_soon`, `sold`, ...; empty = any.
    pub statuses: Vec<String>,
}

/// One extra condition ANDed into every stock query of a tenant (docs/features/shopper-core.md §5 stock filter
/// levels). Text comparisons are case-insensitive; makes also match by slug.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum StockCondition {
    /// Hide cars of these makes.
    HideMakes(Vec<String>),
    /// Keep only cars of these makes.
    OnlyMakes(Vec<String>),
    /// Hide these car types.
    HideCarTypes(Vec<CarTypeName>),
    /// Hide these stock numbers.
    HideStocknums(Vec<String>),
    /// Hide these item types (for example `caravan`).
    HideItemTypes(Vec<String>),
    /// Hide cars of these dealership slugs.
    HideDealerships(Vec<String>),
    /// Keep only these statuses.
    StatusIn(Vec<String>),
    /// Keep only these car types.
    CarTypeIn(Vec<CarTypeName>),
    /// Keep cars matching at least one rule.
    TypeStatusAny(Vec<TypeStatusRule>),
    /// Keep only cars priced at least this, AUD.
    MinPrice(f64),
}

/// `stock-filter.conditions`: the tenant's extra stock conditions for a filter level. Host and
/// WIT item: the level (one per call); answer: the conditions (empty: none).
pub struct Conditions;

/// The stock-filter answer as one batch item (its size counts toward the output cap).
pub struct StockAnswer(pub Vec<wsf::Condition>);

impl AnswerSize for StockAnswer {
    fn answer_size(&self) -> usize {
        self.0.answer_size()
    }
}

impl ExtensionPoint for Conditions {
    const POINT: Point = Point::StockFilter;
    type Host = u8;
    type Item = u8;
    type Wit = StockAnswer;
    type Opinion = Vec<StockCondition>;
    type Answer = Vec<StockCondition>;

    fn item_size(_level: &u8) -> usize {
        8
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[u8],
    ) -> wasmtime::Result<Result<Vec<StockAnswer>, String>> {
        let f = component.func(Self::POINT, "conditions")?;
        let Some(&level) = items.first() else {
            anyhow::bail!("stock-filter called without a level");
        };
        Ok(call_list::<_, RawCondition>(call, &f, (ctx, level), None)?.map(|list| vec![StockAnswer(list)]))
    }

    fn check(_env: &Env<'_>, StockAnswer(list): StockAnswer) -> Result<Option<Vec<StockCondition>>, Invalid> {
        list.into_iter().map(stock_condition).collect::<Result<Vec<_>, _>>().map(Some)
    }

    fn default_for(env: &Env<'_>, level: &u8, _item: &u8) -> Vec<StockCondition> {
        stock_conditions(env.tenant, *level)
    }

    fn decide(env: &Env<'_>, level: &u8, item: &u8, opinion: Option<Vec<StockCondition>>) -> (Vec<StockCondition>, bool) {
        opinion_or_default::<Self>(env, level, item, opinion)
    }
}

impl AnswerSize for wsf::Condition {
    fn answer_size(&self) -> usize {
        let list = |l: &Vec<String>| l.iter().map(|x| ITEM + x.len()).sum::<usize>();
        ITEM + match self {
            wsf::Condition::HideMakes(l)
            | wsf::Condition::OnlyMakes(l)
            | wsf::Condition::HideStocknums(l)
            | wsf::Condition::HideItemTypes(l)
            | wsf::Condition::HideDealerships(l) => list(l),
            wsf::Condition::HideCarTypes(l) | wsf::Condition::CarTypeIn(l) => l.len() * ITEM,
            wsf::Condition::StatusIn(l) => l.len() * ITEM,
            wsf::Condition::TypeStatusAny(rules) => rules.iter().map(|r| ITEM + (r.car_types.len() + r.statuses.len()) * ITEM).sum(),
            wsf::Condition::MinPrice(_) => 8,
        }
    }
}

/// `types.car-status` still in guest memory (`lift.rs`).
#[derive(ComponentType, Lift)]
#[component(variant)]
pub enum RawCarStatus {
    /// `in-stock`.
    #[component(name = "in-stock")]
    InStock,
    /// `coming-soon`.
    #[component(name = "coming-soon")]
    ComingSoon,
    /// `sold`.
    #[component(name = "sold")]
    Sold,
    /// `other(string)`.
    #[component(name = "other")]
    Other(WasmStr),
}

/// `stock-filter.type-status-rule` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawTypeStatusRule {
    #[component(name = "car-types")]
    car_types: WasmList<wit::CarType>,
    #[component(name = "statuses")]
    statuses: WasmList<RawCarStatus>,
}

/// `stock-filter.condition` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(variant)]
pub enum RawCondition {
    /// `hide-makes`.
    #[component(name = "hide-makes")]
    HideMakes(WasmList<WasmStr>),
    /// `only-makes`.
    #[component(name = "only-makes")]
    OnlyMakes(WasmList<WasmStr>),
    /// `hide-car-types`.
    #[component(name = "hide-car-types")]
    HideCarTypes(WasmList<wit::CarType>),
    /// `hide-stocknums`.
    #[component(name = "hide-stocknums")]
    HideStocknums(WasmList<WasmStr>),
    /// `hide-item-types`.
    #[component(name = "hide-item-types")]
    HideItemTypes(WasmList<WasmStr>),
    /// `hide-dealerships`.
    #[component(name = "hide-dealerships")]
    HideDealerships(WasmList<WasmStr>),
    /// `status-in`.
    #[component(name = "status-in")]
    StatusIn(WasmList<RawCarStatus>),
    /// `car-type-in`.
    #[component(name = "car-type-in")]
    CarTypeIn(WasmList<wit::CarType>),
    /// `type-status-any`.
    #[component(name = "type-status-any")]
    TypeStatusAny(WasmList<RawTypeStatusRule>),
    /// `min-price`.
    #[component(name = "min-price")]
    MinPrice(f64),
}

crate::plain_raw!(wit::CarType);

impl Raw for RawCarStatus {
    type Owned = wit::CarStatus;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        match self {
            RawCarStatus::Other(s) => s.measure(store, meter),
            _ => Ok(()),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wit::CarStatus> {
        Ok(match self {
            RawCarStatus::InStock => wit::CarStatus::InStock,
            RawCarStatus::ComingSoon => wit::CarStatus::ComingSoon,
            RawCarStatus::Sold => wit::CarStatus::Sold,
            RawCarStatus::Other(s) => wit::CarStatus::Other(s.own(store)?),
        })
    }
}

impl Raw for RawTypeStatusRule {
    type Owned = wsf::TypeStatusRule;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        self.car_types.measure(store, meter)?;
        self.statuses.measure(store, meter)
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wsf::TypeStatusRule> {
        Ok(wsf::TypeStatusRule {
            car_types: self.car_types.own(store)?,
            statuses: self.statuses.own(store)?,
        })
    }
}

impl Raw for RawCondition {
    type Owned = wsf::Condition;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        use RawCondition as R;
        match self {
            R::HideMakes(l) | R::OnlyMakes(l) | R::HideStocknums(l) | R::HideItemTypes(l) | R::HideDealerships(l) => {
                l.measure(store, meter)
            }
            R::HideCarTypes(l) | R::CarTypeIn(l) => l.measure(store, meter),
            R::StatusIn(l) => l.measure(store, meter),
            R::TypeStatusAny(l) => l.measure(store, meter),
            R::MinPrice(_) => Ok(()),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wsf::Condition> {
        use RawCondition as R;
        use wsf::Condition as C;
        Ok(match self {
            R::HideMakes(l) => C::HideMakes(l.own(store)?),
            R::OnlyMakes(l) => C::OnlyMakes(l.own(store)?),
            R::HideCarTypes(l) => C::HideCarTypes(l.own(store)?),
            R::HideStocknums(l) => C::HideStocknums(l.own(store)?),
            R::HideItemTypes(l) => C::HideItemTypes(l.own(store)?),
            R::HideDealerships(l) => C::HideDealerships(l.own(store)?),
            R::StatusIn(l) => C::StatusIn(l.own(store)?),
            R::CarTypeIn(l) => C::CarTypeIn(l.own(store)?),
            R::TypeStatusAny(l) => C::TypeStatusAny(l.own(store)?),
            R::MinPrice(p) => C::MinPrice(p),
        })
    }
}

fn car_type_name(t: wit::CarType) -> String {
    match t {
        wit::CarType::New => "new",
        wit::CarType::Demo => "demo",
        wit::CarType::Used => "used",
    }
    .to_string()
}

fn status_name(s: wit::CarStatus) -> String {
    match s {
        wit::CarStatus::InStock => "in_stock".into(),
        wit::CarStatus::ComingSoon => "coming_soon".into(),
        wit::CarStatus::Sold => "sold".into(),
        wit::CarStatus::Other(o) => o,
    }
}

fn names(what: &str, l: Vec<String>) -> Result<Vec<String>, Invalid> {
    for (i, v) in l.iter().enumerate() {
        non_empty(&format!("{what}[{i}]"), v)?;
        max_len(&format!("{what}[{i}]"), v, MAX_VALUE)?;
    }
    Ok(l)
}

/// A plugin's stock condition, checked (no empty names, names at most [`MAX_VALUE`] bytes, a
/// minimum price that is a money amount).
pub fn stock_condition(c: wsf::Condition) -> Result<StockCondition, Invalid> {
    use wsf::Condition as C;
    Ok(match c {
        C::HideMakes(l) => StockCondition::HideMakes(names("hide-makes", l)?),
        C::OnlyMakes(l) => StockCondition::OnlyMakes(names("only-makes", l)?),
        C::HideCarTypes(l) => StockCondition::HideCarTypes(l.into_iter().map(car_type_name).collect()),
        C::HideStocknums(l) => StockCondition::HideStocknums(names("hide-stocknums", l)?),
        C::HideItemTypes(l) => StockCondition::HideItemTypes(names("hide-item-types", l)?),
        C::HideDealerships(l) => StockCondition::HideDealerships(names("hide-dealerships", l)?),
        C::StatusIn(l) => StockCondition::StatusIn(l.into_iter().map(status_name).collect()),
        C::CarTypeIn(l) => StockCondition::CarTypeIn(l.into_iter().map(car_type_name).collect()),
        C::TypeStatusAny(rules) => StockCondition::TypeStatusAny(
            rules
                .into_iter()
                .map(|r| TypeStatusRule {
                    car_types: r.car_types.into_iter().map(car_type_name).collect(),
                    statuses: r.statuses.into_iter().map(status_name).collect(),
                })
                .collect(),
        ),
        C::MinPrice(p) => {
            money("min-price", p)?;
            StockCondition::MinPrice(p)
        }
    })
}

/// The default stock filter: no extra condition (docs/features/platform.md "Plugins and extension points":
/// "no extra stock filter").
pub fn stock_conditions(_tenant: &Tenant, _level: u8) -> Vec<StockCondition> {
    Vec::new()
}
