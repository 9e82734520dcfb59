//! What the search index holds for one car ([`SearchDoc`]) and the engine-neutral filter
//! ([`Filter`]) every backend translates. Both backends index exactly these fields, so they
//! answer the same query with the same ids, order and facet counts.

use std::collections::BTreeMap;

use crate::{model::Car, search::query::fmt_num, tenant::Tenant};

/// Keyword attributes (exact match, case-insensitive; facetable). Values are the car's text as
/// shown (facet labels keep their case).
pub const KEYWORD_FIELDS: &[&str] = &[
    "tenant",
    "status",
    "car_type",
    "badge",
    "categories",
    "city",
    "colour",
    "dealership_name",
    "dealership_slug",
    "filtered_features",
    "item_type",
    "location_name",
    "make",
    "make_slug",
    "make_model",
    "model",
    "price_range",
    "seats",
    "body",
    "drive",
    "fuel",
    "transmission",
    "state",
    "tag",
    "certified",
    "stocknum",
    "show_on_dealer_website",
];

/// Numeric attributes (ranges and sorting): `price` and `subscription_price` (AUD; the latter
/// per week), `weekly_price` (weekly repayment, AUD per week), `km`, `year`, `created_at` and
/// `sold_at` (unix seconds), `custom_rank` (see [`custom_rank`]), `price_reduced_at` (unix
/// seconds of the car's last price drop; absent when none, docs/features/platform.md "Price
/// history and freshness").
pub const NUMERIC_FIELDS: &[&str] = &[
    "price",
    "km",
    "year",
    "subscription_price",
    "weekly_price",
    "created_at",
    "sold_at",
    "custom_rank",
    "price_reduced_at",
];

/// Facets every search answers with (label, value, count per attribute).
pub const DEFAULT_FACETS: &[&str] = &[
    "make",
    "model",
    "body",
    "fuel",
    "transmission",
    "drive",
    "car_type",
    "year",
    "price_range",
    "location_name",
    "colour",
    "state",
];

/// Price bands (AUD, lower inclusive, upper exclusive) and their labels (the `price_range`
/// attribute; labels sort by first number with `Under ...` first, docs/features/shopper-core.md §9).
pub const PRICE_BANDS: &[(f64, f64, &str)] = &[
    (0.01, 10_000.0, "Under $10,000"),
    (10_000.0, 20_000.0, "$10,000 - $20,000"),
    (20_000.0, 30_000.0, "$20,000 - $30,000"),
    (30_000.0, 40_000.0, "$30,000 - $40,000"),
    (40_000.0, 50_000.0, "$40,000 - $50,000"),
    (50_000.0, 75_000.0, "$50,000 - $75,000"),
    (75_000.0, 100_000.0, "$75,000 - $100,000"),
    (100_000.0, 150_000.0, "$100,000 - $150,000"),
    (150_000.0, f64::INFINITY, "$150,000+"),
];

/// The price band label of a price in AUD; none for price 0 (no price).
pub fn price_band(price: f64) -> Option<&'static str> {
    PRICE_BANDS.iter().find(|(lo, hi, _)| price >= *lo && price < *hi).map(|b| b.2)
}

/// The default sort key: available cars first (in_stock 2, coming_soon 1, sold 0), then newest
/// listing: `status_rank * 1e10 + created_at`.
pub fn custom_rank(status: &str, created_at: i64) -> f64 {
    let r = match status {
        "in_stock" => 2.0,
        "coming_soon" => 1.0,
        _ => 0.0,
    };
    r * 1e10 + created_at as f64
}

/// One car as indexed. `id` is the car's row id (unique across tenants).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchDoc {
    /// Car row id.
    pub id: i64,
    /// Free text searched by the text query: make, model, badge, series, variant, colour, body,
    /// fuel, transmission, stock number, location.
    pub text: String,
    /// Keyword values by [`KEYWORD_FIELDS`] name (several for multi-valued attributes).
    pub keywords: BTreeMap<&'static str, Vec<String>>,
    /// Numbers by [`NUMERIC_FIELDS`] name (absent when the car has none).
    pub numbers: BTreeMap<&'static str, f64>,
}

impl SearchDoc {
    /// The document of `car` of `tenant` (dealership names from the tenant's config).
    pub fn from_car(tenant: &Tenant, car: &Car) -> SearchDoc {
        let mut k: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        let mut put = |name: &'static str, v: Option<&str>| {
            if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
                k.entry(name).or_default().push(v.to_string());
            }
        };
        let dealership_name = tenant
            .config
            .dealerships
            .iter()
            .find(|d| d.slug == car.dealership_slug)
            .map(|d| d.name.clone());
        put("tenant", Some(tenant.slug()));
        put("status", Some(&car.status));
        put("car_type", Some(&car.car_type));
        put("badge", car.badge.as_deref());
        put("categories", Some(car.item_type.as_deref().unwrap_or("car")));
        put("city", car.city.as_deref());
        put("colour", car.colour.as_deref());
        put("dealership_name", dealership_name.as_deref());
        put("dealership_slug", Some(&car.dealership_slug));
        for f in &car.standard_equipment.0 {
            put("filtered_features", Some(f));
        }
        put("item_type", car.item_type.as_deref());
        put("location_name", car.location_name.as_deref());
        put("make", Some(&car.make));
        put("make_slug", Some(&crate::slug::slugify(&car.make)));
        put("make_model", Some(&format!("{} > {}", car.make, car.model)));
        put("model", Some(&car.model));
        put("price_range", price_band(car.price));
        put("seats", car.seats.map(|s| s.to_string()).as_deref());
        put("body", car.simple_body.as_deref().or(car.body.as_deref()));
        put("drive", car.simple_drive.as_deref().or(car.drive.as_deref()));
        put("fuel", car.simple_fuel.as_deref().or(car.fuel.as_deref()));
        put("transmission", car.simple_transmission.as_deref().or(car.trans.as_deref()));
        put("state", car.state.as_deref());
        put("tag", car.tag.as_deref());
        put("certified", Some(if car.certified.0 { "true" } else { "false" }));
        put("stocknum", Some(&car.stocknum));
        put(
            "show_on_dealer_website",
            Some(if car.show_on_dealer_website.0 { "true" } else { "false" }),
        );
        let mut n = BTreeMap::new();
        n.insert("price", car.price);
        if let Some(km) = car.km {
            n.insert("km", km as f64);
        }
        n.insert("year", car.year as f64);
        if let Some(s) = car.subscription_price {
            n.insert("subscription_price", s);
        }
        if let Some(w) = car
            .youx_quote
            .0
            .as_ref()
            .and_then(|q| q.get("weeklyRepaymentAmount"))
            .and_then(|v| v.as_f64())
        {
            n.insert("weekly_price", w);
        }
        n.insert("created_at", car.created_at as f64);
        if let Some(s) = car.sold_at {
            n.insert("sold_at", s as f64);
        }
        n.insert("custom_rank", custom_rank(&car.status, car.created_at));
        if let Some(r) = car.price_reduced_at {
            n.insert("price_reduced_at", r as f64);
        }
        let text = [
            Some(car.make.as_str()),
            Some(car.model.as_str()),
            car.badge.as_deref(),
            car.series.as_deref(),
            car.variant.as_deref(),
            car.colour.as_deref(),
            car.body.as_deref(),
            car.simple_body.as_deref(),
            car.fuel.as_deref(),
            car.trans.as_deref(),
            Some(car.stocknum.as_str()),
            car.location_name.as_deref(),
            Some(&fmt_num(car.year as f64)),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
        SearchDoc {
            id: car.id,
            text,
            keywords: k,
            numbers: n,
        }
    }
}

/// A numeric bound: value and whether it is included.
pub type Bound = Option<(f64, bool)>;

/// An engine-neutral filter over [`SearchDoc`] attributes. Keyword comparisons are
/// case-insensitive; a range never matches a doc without the number; `Not` matches docs without
/// the attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum Filter {
    /// Every filter matches (empty: everything).
    All(Vec<Filter>),
    /// At least one matches (empty: nothing).
    Any(Vec<Filter>),
    /// The filter does not match.
    Not(Box<Filter>),
    /// A keyword attribute has this value.
    Eq(String, String),
    /// A numeric attribute is within bounds.
    Range {
        /// Numeric field.
        field: String,
        /// Lower bound.
        min: Bound,
        /// Upper bound.
        max: Bound,
    },
}

impl Filter {
    /// `field = value`.
    pub fn eq(field: &str, value: &str) -> Filter {
        Filter::Eq(field.into(), value.into())
    }

    /// `field` equals any of `values`.
    pub fn any_of<S: AsRef<str>>(field: &str, values: &[S]) -> Filter {
        Filter::Any(values.iter().map(|v| Filter::eq(field, v.as_ref())).collect())
    }

    /// Whether a document matches (the reference semantics both backends implement).
    pub fn matches(&self, d: &SearchDoc) -> bool {
        match self {
            Filter::All(l) => l.iter().all(|f| f.matches(d)),
            Filter::Any(l) => l.iter().any(|f| f.matches(d)),
            Filter::Not(f) => !f.matches(d),
            Filter::Eq(field, v) => d
                .keywords
                .get(field.as_str())
                .is_some_and(|vals| vals.iter().any(|x| x.to_lowercase() == v.to_lowercase())),
            Filter::Range { field, min, max } => d.numbers.get(field.as_str()).is_some_and(|x| {
                min.is_none_or(|(m, inc)| if inc { *x >= m } else { *x > m })
                    && max.is_none_or(|(m, inc)| if inc { *x <= m } else { *x < m })
            }),
        }
    }
}
