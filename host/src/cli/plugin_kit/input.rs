//! The JSON inputs of `forecourt plugin run` and the output of `forecourt plugin sample-cars`:
//! cars in the WIT `car` record's shape (field names as the SDK's Rust `Car`, snake_case), the
//! tenant context, repayment requests and phone numbers, read with errors that name the file and
//! the field.

use std::path::Path;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::{
    plugins::{
        points::{
            finance_lender::{RepaymentRequest, wit_request},
            point::Point,
        },
        since_v0_1_0::{self as wit, CarStatus, CarType, FinanceQuote, TenantContext, tenant_context},
    },
    tenant::{Specifications, Tenant, Wording},
};

/// One car as a plugin receives it (WIT `forecourt:platform/types.car`, `wit/since_v0.1.0/types.wit`):
/// money in AUD, distances in km, times in unix seconds (UTC).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarJson {
    /// The car's row id.
    pub id: i64,
    /// URL slug (`/cars/{slug}`).
    pub slug: String,
    /// Dealer stock number.
    pub stocknum: String,
    /// Make as the feed writes it.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge / trim.
    #[serde(default)]
    pub badge: Option<String>,
    /// Model year.
    pub year: u32,
    /// `new`, `demo` or `used`.
    pub car_type: String,
    /// `in_stock`, `coming_soon`, `sold`, or another lower-case status.
    pub status: String,
    /// Price, AUD (0: no price).
    pub price: f64,
    /// Previous price for was/now, AUD.
    #[serde(default)]
    pub before_price: Option<f64>,
    /// Offer price, AUD.
    #[serde(default)]
    pub offer_price: Option<f64>,
    /// Subscription price, AUD per week.
    #[serde(default)]
    pub subscription_price: Option<f64>,
    /// Price wording (`Drive Away`).
    #[serde(default)]
    pub price_type: Option<String>,
    /// Pre-order car.
    #[serde(default)]
    pub preorder: bool,
    /// Odometer, km.
    #[serde(default)]
    pub km: Option<u64>,
    /// Normalised fuel (`petrol`, `electric`, ...).
    #[serde(default)]
    pub simple_fuel: Option<String>,
    /// Fuel as the feed writes it.
    #[serde(default)]
    pub fuel: Option<String>,
    /// Normalised body type (`suv`).
    #[serde(default)]
    pub simple_body: Option<String>,
    /// The car's own tag from the feed (`Test Drive Only`).
    #[serde(default)]
    pub tag: Option<String>,
    /// Reserved by a shopper.
    #[serde(default)]
    pub reserved: bool,
    /// Certified pre-owned.
    #[serde(default)]
    pub certified: bool,
    /// Item type (`caravan`); none for cars.
    #[serde(default)]
    pub item_type: Option<String>,
    /// History-report file URL.
    #[serde(default)]
    pub file: Option<String>,
    /// Number of photos.
    #[serde(default)]
    pub image_count: u32,
    /// Listed at, unix seconds.
    pub created_at: u64,
    /// Sold at, unix seconds.
    #[serde(default)]
    pub sold_at: Option<u64>,
    /// Slug of the dealership holding the car.
    pub dealership_slug: String,
    /// Id of the car's location.
    #[serde(default)]
    pub location_id: Option<i64>,
    /// The lender quote the host holds for the car.
    #[serde(default)]
    pub quote: Option<QuoteJson>,
}

/// A car's lender quote (WIT `finance-quote`): repayments in AUD per week / month, rates in percent
/// per year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuoteJson {
    /// AUD per week.
    #[serde(default)]
    pub weekly_repayment: Option<f64>,
    /// AUD per month.
    #[serde(default)]
    pub monthly_repayment: Option<f64>,
    /// Percent per year.
    #[serde(default)]
    pub advertised_rate: Option<f64>,
    /// Percent per year.
    #[serde(default)]
    pub comparison_rate: Option<f64>,
}

fn car_type_name(t: CarType) -> &'static str {
    match t {
        CarType::New => "new",
        CarType::Demo => "demo",
        CarType::Used => "used",
    }
}

fn status_name(s: &CarStatus) -> String {
    match s {
        CarStatus::InStock => "in_stock".into(),
        CarStatus::ComingSoon => "coming_soon".into(),
        CarStatus::Sold => "sold".into(),
        CarStatus::Other(o) => o.clone(),
    }
}

impl From<&wit::Car> for CarJson {
    fn from(c: &wit::Car) -> CarJson {
        CarJson {
            id: c.id,
            slug: c.slug.clone(),
            stocknum: c.stocknum.clone(),
            make: c.make.clone(),
            model: c.model.clone(),
            badge: c.badge.clone(),
            year: c.year,
            car_type: car_type_name(c.car_type).into(),
            status: status_name(&c.status),
            price: c.price,
            before_price: c.before_price,
            offer_price: c.offer_price,
            subscription_price: c.subscription_price,
            price_type: c.price_type.clone(),
            preorder: c.preorder,
            km: c.km,
            simple_fuel: c.simple_fuel.clone(),
            fuel: c.fuel.clone(),
            simple_body: c.simple_body.clone(),
            tag: c.tag.clone(),
            reserved: c.reserved,
            certified: c.certified,
            item_type: c.item_type.clone(),
            file: c.file.clone(),
            image_count: c.image_count,
            created_at: c.created_at,
            sold_at: c.sold_at,
            dealership_slug: c.dealership_slug.clone(),
            location_id: c.location_id,
            quote: c.quote.as_ref().map(|q| QuoteJson {
                weekly_repayment: q.weekly_repayment,
                monthly_repayment: q.monthly_repayment,
                advertised_rate: q.advertised_rate,
                comparison_rate: q.comparison_rate,
            }),
        }
    }
}

impl CarJson {
    /// The WIT car the host would pass. `car_type` must be `new`, `demo` or `used` and `status`
    /// lower-case letters and `_` (the stored forms); errors name the car's index and the field.
    pub fn to_wit(&self, index: usize) -> Result<wit::Car, String> {
        if !matches!(self.car_type.as_str(), "new" | "demo" | "used") {
            return Err(format!("[{index}].car_type: `{}` is not new, demo or used", self.car_type));
        }
        if self.status.is_empty() || !self.status.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            return Err(format!(
                "[{index}].status: `{}` is not a stored status (in_stock, coming_soon, sold, or lower-case letters and _)",
                self.status
            ));
        }
        Ok(wit::Car {
            id: self.id,
            slug: self.slug.clone(),
            stocknum: self.stocknum.clone(),
            make: self.make.clone(),
            model: self.model.clone(),
            badge: self.badge.clone(),
            year: self.year,
            car_type: wit::car_type(&self.car_type),
            status: wit::car_status(&self.status),
            price: self.price,
            before_price: self.before_price,
            offer_price: self.offer_price,
            subscription_price: self.subscription_price,
            price_type: self.price_type.clone(),
            preorder: self.preorder,
            km: self.km,
            simple_fuel: self.simple_fuel.clone(),
            fuel: self.fuel.clone(),
            simple_body: self.simple_body.clone(),
            tag: self.tag.clone(),
            reserved: self.reserved,
            certified: self.certified,
            item_type: self.item_type.clone(),
            file: self.file.clone(),
            image_count: self.image_count,
            created_at: self.created_at,
            sold_at: self.sold_at,
            dealership_slug: self.dealership_slug.clone(),
            location_id: self.location_id,
            quote: self.quote.as_ref().map(|q| FinanceQuote {
                weekly_repayment: q.weekly_repayment,
                monthly_repayment: q.monthly_repayment,
                advertised_rate: q.advertised_rate,
                comparison_rate: q.comparison_rate,
            }),
        })
    }
}

/// Reads `path` as JSON of type `T`. Errors name the file, the field path (`[2].price`) and
/// serde's reason.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let de = &mut serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let field = e.path().to_string();
        anyhow::anyhow!("{}: {field}: {}", path.display(), e.into_inner())
    })
}

/// The WIT cars of a cars file (a JSON array of [`CarJson`]). Errors name the file and field.
pub fn read_cars(path: &Path) -> anyhow::Result<Vec<wit::Car>> {
    let cars: Vec<CarJson> = read_json(path)?;
    cars.iter()
        .enumerate()
        .map(|(i, c)| c.to_wit(i).map_err(|e| anyhow::anyhow!("{}: {e}", path.display())))
        .collect()
}

/// The WIT repayment requests of a requests file (a JSON array of the API's repayment requests:
/// `amount`, `deposit`, `term_years`, `interest`, `residual`, `frequency` `week|fortnight|month`,
/// `establishment_fee`, `advertised_repayment`). Errors name the file and field.
pub fn read_requests(path: &Path) -> anyhow::Result<Vec<crate::plugins::since_v0_1_0::finance_lender::RepaymentRequest>> {
    let requests: Vec<RepaymentRequest> = read_json(path)?;
    Ok(requests.iter().map(wit_request).collect())
}

/// The config handed to `plugin.init`: the JSON text of `path` (it must be a JSON object), or `{}`.
/// Errors name the file.
pub fn read_config(path: Option<&Path>) -> anyhow::Result<String> {
    let Some(path) = path else { return Ok("{}".into()) };
    let value: serde_json::Value = read_json(path)?;
    if !value.is_object() {
        anyhow::bail!(
            "{}: the config must be a JSON object (the tenant's `[[plugins]] config` table)",
            path.display()
        );
    }
    Ok(value.to_string())
}

/// An extension point by its WIT interface name (`tag-rules`, ...), for `--point`. The error lists
/// the names.
pub fn parse_point(name: &str) -> Result<Point, String> {
    Point::PURE.iter().copied().find(|p| p.interface() == name).ok_or_else(|| {
        let names: Vec<&str> = Point::PURE.iter().map(|p| p.interface()).collect();
        format!("unknown extension point `{name}`; expected one of {}", names.join(", "))
    })
}

/// The tenant context of a call at `now` (unix seconds): the tenant's, or, without a tenant, the
/// platform defaults (slug `local`, template `classic`, no manufacturer, no feature flags, the
/// default tag and no-price wording, no finance provider).
pub fn context(tenant: Option<&Tenant>, now: u64) -> TenantContext {
    let mut ctx = match tenant {
        Some(t) => tenant_context(&t.config),
        None => {
            let spec = Specifications::default();
            TenantContext {
                slug: "local".into(),
                template: "classic".into(),
                manufacturer: None,
                features: Vec::new(),
                now: 0,
                just_arrived_days: spec.just_arrived_days,
                just_arrived_tag_name: spec.just_arrived_tag_name,
                sold_tag_name: spec.sold_tag_name,
                no_price_text: Wording::default().no_price_text,
                finance_provider: None,
                default_interest: None,
            }
        }
    };
    ctx.now = now;
    ctx
}

#[cfg(test)]
mod tests {
    use super::*;

    fn car_json() -> serde_json::Value {
        serde_json::json!({
            "id": 7, "slug": "2021-kia-ev6-7", "stocknum": "DD7", "make": "Kia", "model": "EV6",
            "year": 2021, "car_type": "used", "status": "in_stock", "price": 52990.0,
            "before_price": 55990.0, "created_at": 1_790_000_000u64, "dealership_slug": "example-dealer",
            "simple_fuel": "electric", "quote": {"weekly_repayment": 199.0}
        })
    }

    #[test]
    fn a_car_round_trips_through_the_wit_form() {
        let c: CarJson = serde_json::from_value(car_json()).unwrap();
        let w = c.to_wit(0).unwrap();
        assert_eq!(w.car_type, CarType::Used);
        assert!(matches!(w.status, CarStatus::InStock));
        assert_eq!(w.quote.as_ref().and_then(|q| q.weekly_repayment), Some(199.0));
        assert_eq!(CarJson::from(&w), c);
    }

    #[test]
    fn bad_cars_name_the_field() {
        let mut v = car_json();
        v["car_type"] = "nearly-new".into();
        let c: CarJson = serde_json::from_value(v).unwrap();
        assert_eq!(c.to_wit(3).unwrap_err(), "[3].car_type: `nearly-new` is not new, demo or used");
        let mut v = car_json();
        v["status"] = "In Stock".into();
        let c: CarJson = serde_json::from_value(v).unwrap();
        assert!(c.to_wit(0).unwrap_err().starts_with("[0].status: `In Stock`"));
        let mut v = car_json();
        v["colour"] = "red".into();
        let e = serde_json::from_value::<CarJson>(v).unwrap_err().to_string();
        assert!(e.contains("unknown field `colour`"), "{e}");
    }
}
