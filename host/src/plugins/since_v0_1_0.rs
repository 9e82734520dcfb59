//! Generated bindings for WIT package `forecourt:platform@0.1.0` (`wit/since_v0.1.0/`), the
//! conversions from the host's types to the WIT's, and [`PointExports`], the export indices of the
//! points a component built against this version implements.
//!
//! The bindings come from the world `tenant-plugin`, which lists every extension point; the host
//! never instantiates through that world (a component exports only the points it implements).
//! It uses the per-interface `exports::forecourt::platform::<point>::GuestIndices` instead,
//! found with [`wasmtime::component::Component::get_export_index`].
//!
//! A later WIT version gets its own module beside this one (`since_v0_2_0`), with its own
//! bindings and conversions; the points then pick the version's call by the component's exports.

use wasmtime::component::InstancePre;

use crate::{model::Car as HostCar, plugins::points::point::Point, tenant::TenantConfig};

wasmtime::component::bindgen!({
    path: "../wit/since_v0.1.0",
    world: "forecourt:platform/tenant-plugin",
});

pub use exports::forecourt::platform::{eligibility, finance_lender, phone_format, plugin, price_display, stock_filter, tag_rules};
pub use forecourt::platform::types::{Car, CarStatus, CarType, FeatureFlag, FinanceQuote, TenantContext};

/// The WIT package version this host module implements (`wit/since_v0.1.0/`).
pub const WIT_VERSION: &str = "0.1.0";

/// The WIT package name.
pub const WIT_PACKAGE: &str = "forecourt:platform";

/// Export name of interface `iface` in this WIT version, for example
/// `forecourt:platform/tag-rules@0.1.0`.
pub fn export_name(iface: &str) -> String {
    format!("{WIT_PACKAGE}/{iface}@{WIT_VERSION}")
}

/// The export indices of one point a component implements, per WIT interface.
pub enum PointExports {
    /// `stock-filter`.
    StockFilter(stock_filter::GuestIndices),
    /// `tag-rules`.
    TagRules(tag_rules::GuestIndices),
    /// `finance-lender`.
    FinanceLender(finance_lender::GuestIndices),
    /// `eligibility`.
    Eligibility(eligibility::GuestIndices),
    /// `price-display`.
    PriceDisplay(price_display::GuestIndices),
    /// `phone-format`.
    PhoneFormat(phone_format::GuestIndices),
}

impl PointExports {
    /// Looks up `point`'s exported functions in a pre-instantiated component. Errors when the
    /// component does not export the interface with the functions and types this version names.
    pub fn new<T: 'static>(point: Point, pre: &InstancePre<T>) -> wasmtime::Result<PointExports> {
        Ok(match point {
            Point::StockFilter => PointExports::StockFilter(stock_filter::GuestIndices::new(pre)?),
            Point::TagRules => PointExports::TagRules(tag_rules::GuestIndices::new(pre)?),
            Point::FinanceLender => PointExports::FinanceLender(finance_lender::GuestIndices::new(pre)?),
            Point::Eligibility => PointExports::Eligibility(eligibility::GuestIndices::new(pre)?),
            Point::PriceDisplay => PointExports::PriceDisplay(price_display::GuestIndices::new(pre)?),
            Point::PhoneFormat => PointExports::PhoneFormat(phone_format::GuestIndices::new(pre)?),
            Point::LenderIntegration | Point::RegoLookup => {
                anyhow::bail!("`{}` is a partner integration of forecourt:platform@0.2.0", point.interface())
            }
        })
    }
}

/// The tenant context without `now` (built once per tenant at load; `now` is set per call).
pub fn tenant_context(c: &TenantConfig) -> TenantContext {
    TenantContext {
        slug: c.slug.clone(),
        template: c.template.clone(),
        manufacturer: c.manufacturer.clone(),
        // `features` is a BTreeMap: already in name order, as the WIT promises.
        features: c
            .features
            .iter()
            .map(|(name, enabled)| FeatureFlag {
                name: name.clone(),
                enabled: *enabled,
            })
            .collect(),
        now: 0,
        just_arrived_days: c.specifications.just_arrived_days,
        just_arrived_tag_name: c.specifications.just_arrived_tag_name.clone(),
        sold_tag_name: c.specifications.sold_tag_name.clone(),
        no_price_text: c.wording.no_price_text.clone(),
        finance_provider: c.finance.provider.clone(),
        default_interest: c.finance.default_interest,
    }
}

/// `new`, `demo` or `used` (anything else, which the importer never stores, counts as used).
pub fn car_type(s: &str) -> CarType {
    match s {
        "new" => CarType::New,
        "demo" => CarType::Demo,
        _ => CarType::Used,
    }
}

/// A status as stored (`in_stock`, `coming_soon`, `sold`, or another lower-case status).
pub fn car_status(s: &str) -> CarStatus {
    match s {
        "in_stock" => CarStatus::InStock,
        "coming_soon" => CarStatus::ComingSoon,
        "sold" => CarStatus::Sold,
        other => CarStatus::Other(other.to_string()),
    }
}

fn clamp_u32(v: i64) -> u32 {
    v.clamp(0, u32::MAX as i64) as u32
}

fn clamp_u64(v: i64) -> u64 {
    v.max(0) as u64
}

fn json_f64(v: Option<&serde_json::Value>) -> Option<f64> {
    match v? {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|f: &f64| f.is_finite())
}

/// The lender quote the host holds for a car (docs/features/shopper-core.md §3 `youxQuote`, `finance_lenders`):
/// `youxQuote` first, then `finance_lenders[<provider>]` for what it lacks.
pub fn finance_quote(car: &HostCar, provider: Option<&str>) -> Option<FinanceQuote> {
    let youx = car.youx_quote.0.as_ref();
    let lender = provider.and_then(|p| car.finance_lenders.0.as_ref()?.get(p));
    let pick = |a: Option<&serde_json::Value>, key_a: &str, b: Option<&serde_json::Value>, key_b: &str| {
        json_f64(a.and_then(|v| v.get(key_a))).or_else(|| json_f64(b.and_then(|v| v.get(key_b))))
    };
    let q = FinanceQuote {
        weekly_repayment: pick(youx, "weeklyRepaymentAmount", lender, "paymentWeek"),
        monthly_repayment: json_f64(lender.and_then(|v| v.get("paymentMonth"))),
        advertised_rate: pick(youx, "advertisedRate", lender, "interestRate"),
        comparison_rate: pick(youx, "comparisonRate", lender, "comparisonRate"),
    };
    let any = q.weekly_repayment.is_some() || q.monthly_repayment.is_some() || q.advertised_rate.is_some() || q.comparison_rate.is_some();
    any.then_some(q)
}

/// The WIT car for a stored car. Integers are clamped into the WIT's unsigned types (a negative
/// year, km or time becomes 0).
pub fn car(c: &HostCar, provider: Option<&str>) -> Car {
    Car {
        id: c.id,
        slug: c.slug.clone(),
        stocknum: c.stocknum.clone(),
        make: c.make.clone(),
        model: c.model.clone(),
        badge: c.badge.clone(),
        year: clamp_u32(c.year),
        car_type: car_type(&c.car_type),
        status: car_status(&c.status),
        price: if c.price.is_finite() { c.price } else { 0.0 },
        before_price: c.before_price.filter(|v| v.is_finite()),
        offer_price: c.offer_price.filter(|v| v.is_finite()),
        subscription_price: c.subscription_price.filter(|v| v.is_finite()),
        price_type: c.price_type.clone(),
        preorder: c.preorder.0,
        km: c.km.map(clamp_u64),
        simple_fuel: c.simple_fuel.clone(),
        fuel: c.fuel.clone(),
        simple_body: c.simple_body.clone(),
        tag: c.tag.clone(),
        reserved: c.reserved.0,
        certified: c.certified.0,
        item_type: c.item_type.clone(),
        file: c.file.clone(),
        image_count: c.image_urls.0.len().min(u32::MAX as usize) as u32,
        created_at: clamp_u64(c.created_at),
        sold_at: c.sold_at.map(clamp_u64),
        dealership_slug: c.dealership_slug.clone(),
        location_id: c.location_id,
        quote: finance_quote(c, provider),
    }
}

/// Approximate size of a WIT car as passed to a guest, bytes (strings plus fixed fields); used
/// for the input cap.
pub fn car_size(c: &Car) -> usize {
    let opt = |s: &Option<String>| s.as_ref().map_or(0, String::len);
    160 + c.slug.len()
        + c.stocknum.len()
        + c.make.len()
        + c.model.len()
        + opt(&c.badge)
        + opt(&c.price_type)
        + opt(&c.simple_fuel)
        + opt(&c.fuel)
        + opt(&c.simple_body)
        + opt(&c.tag)
        + opt(&c.item_type)
        + opt(&c.file)
        + c.dealership_slug.len()
}
