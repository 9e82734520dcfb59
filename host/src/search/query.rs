//! The search query model (docs/features/shopper-core.md §3 "Search state") and its address form
//! (docs/features/locations-forms-marketing.md §2: refinement lists, ranges as `min:max` with `$` and commas
//! removed, page number). One codec: [`SearchQuery::from_query_string`] and
//! [`SearchQuery::to_query_string`] round-trip; the UI mirrors it.
//!
//! Address form, all parameters optional:
//!
//! - `query=<text>`
//! - `page=<n>` (1-based, default 1), `hitsPerPage=<n>` (1..=100, default 21)
//! - `sortBy=<custom_rank|price_asc|price_desc|year_desc|km_asc|newest|recently_reduced>` (default `custom_rank`)
//! - a refinement list per attribute, one parameter per value: `make=Toyota&make=Mazda`
//!   (values of one attribute are ORed, attributes are ANDed)
//! - ranges `price`, `km`, `year`, `subscription_price`, `weekly_price_range`,
//!   `created_at_timestamp` as `min:max` (ends the other way round are swapped); either end may be empty (`:20000`, `5000:`); `$`,
//!   commas and spaces are ignored (`$5,000:$20,000`). Units: dollars AUD, km, model years,
//!   AUD per week, unix seconds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Default page size (docs/features/shopper-core.md §9, docs/features/locations-forms-marketing.md §9).
pub const DEFAULT_HITS_PER_PAGE: u32 = 21;
/// Largest page size a client may ask for.
pub const MAX_HITS_PER_PAGE: u32 = 100;
/// Largest page number a client may ask for.
pub const MAX_PAGE: u32 = 10_000;
/// Longest text query, characters.
pub const MAX_QUERY_CHARS: usize = 200;
/// Most values in one refinement list.
pub const MAX_VALUES_PER_ATTRIBUTE: usize = 50;

/// Refinement-list attributes of the search state (docs/features/shopper-core.md §3), in address order.
pub const REFINEMENT_ATTRIBUTES: &[&str] = &[
    "badge",
    "status",
    "car_type",
    "categories",
    "city",
    "colour",
    "dealership_name",
    "filtered_features",
    "item_type",
    "location_name",
    "make",
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
];

/// Numeric-range attributes of the search state (docs/features/shopper-core.md §3): `price` (AUD), `km`, `year`,
/// `subscription_price` (AUD per week), `weekly_price_range` (weekly repayment, AUD per week),
/// `created_at_timestamp` (unix seconds).
pub const RANGE_ATTRIBUTES: &[&str] = &[
    "price",
    "km",
    "year",
    "subscription_price",
    "weekly_price_range",
    "created_at_timestamp",
];

/// Sort orders (docs/features/shopper-core.md §7: default custom_rank descending). Ties always break by car id
/// ascending, so both backends give one order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortBy {
    /// custom_rank descending (available before sold, then newest).
    #[default]
    CustomRank,
    /// Price ascending (price-0 cars hidden on tenants flagged `hide_zero_price_on_price_asc`).
    PriceAsc,
    /// Price descending.
    PriceDesc,
    /// Year descending (newest model year first).
    YearDesc,
    /// Odometer ascending.
    KmAsc,
    /// Listed most recently first (created_at descending).
    Newest,
    /// Most recently reduced first (`price_reduced_at` descending, docs/features/platform.md
    /// "Price history and freshness"); cars whose price never dropped (or rose since) after
    /// every reduced car, by id.
    RecentlyReduced,
}

impl SortBy {
    /// Every sort order.
    pub const ALL: [SortBy; 7] = [
        SortBy::CustomRank,
        SortBy::PriceAsc,
        SortBy::PriceDesc,
        SortBy::YearDesc,
        SortBy::KmAsc,
        SortBy::Newest,
        SortBy::RecentlyReduced,
    ];

    /// Address form name.
    pub fn as_str(self) -> &'static str {
        match self {
            SortBy::CustomRank => "custom_rank",
            SortBy::PriceAsc => "price_asc",
            SortBy::PriceDesc => "price_desc",
            SortBy::YearDesc => "year_desc",
            SortBy::KmAsc => "km_asc",
            SortBy::Newest => "newest",
            SortBy::RecentlyReduced => "recently_reduced",
        }
    }

    /// Parses an address form name (also the aliases `year`, `km`).
    pub fn parse(s: &str) -> Option<SortBy> {
        Some(match s {
            "custom_rank" | "custom_rank_desc" | "" => SortBy::CustomRank,
            "price_asc" => SortBy::PriceAsc,
            "price_desc" => SortBy::PriceDesc,
            "year_desc" | "year" => SortBy::YearDesc,
            "km_asc" | "km" => SortBy::KmAsc,
            "newest" => SortBy::Newest,
            "recently_reduced" => SortBy::RecentlyReduced,
            _ => return None,
        })
    }

    /// The (index field, descending) keys of this order, before the id tie-break.
    pub fn keys(self) -> &'static [(&'static str, bool)] {
        match self {
            SortBy::CustomRank => &[("custom_rank", true)],
            SortBy::PriceAsc => &[("price", false)],
            SortBy::PriceDesc => &[("price", true)],
            SortBy::YearDesc => &[("year", true)],
            SortBy::KmAsc => &[("km", false)],
            SortBy::Newest => &[("created_at", true)],
            SortBy::RecentlyReduced => &[("price_reduced_at", true)],
        }
    }
}

/// An inclusive numeric range; either end may be open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Range {
    /// Lower bound, inclusive.
    pub min: Option<f64>,
    /// Upper bound, inclusive.
    pub max: Option<f64>,
}

/// The search state a shopper sends (docs/features/shopper-core.md §3 "Search state"). Never carries a tenant:
/// the host adds the tenant scope, stock visibility and stock-filter level itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SearchQuery {
    /// Free text (make, model, badge, ...), at most 200 characters.
    pub query: String,
    /// 1-based page.
    pub page: u32,
    /// Page size, 1..=100 (default 21).
    pub hits_per_page: u32,
    /// Sort order.
    pub sort_by: SortBy,
    /// Refinement lists by attribute ([`REFINEMENT_ATTRIBUTES`]); values ORed within one.
    pub refinements: BTreeMap<String, Vec<String>>,
    /// Ranges by attribute ([`RANGE_ATTRIBUTES`]).
    pub ranges: BTreeMap<String, Range>,
}

/// A malformed address parameter: which one and why (answered as 400 naming it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{param}: {reason}")]
pub struct QueryError {
    /// The parameter at fault.
    pub param: String,
    /// Why.
    pub reason: String,
}

fn err(param: &str, reason: impl Into<String>) -> QueryError {
    QueryError {
        param: param.chars().take(60).collect(),
        reason: reason.into(),
    }
}

const ENCODE: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

fn enc(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, ENCODE).to_string()
}

fn dec(param: &str, s: &str) -> Result<String, QueryError> {
    let plus = s.replace('+', " ");
    percent_encoding::percent_decode_str(&plus)
        .decode_utf8()
        .map(|c| c.into_owned())
        .map_err(|_| err(param, "is not valid UTF-8"))
}

/// Parses one range end: `$`, commas and white space removed; empty is open.
fn range_end(param: &str, s: &str) -> Result<Option<f64>, QueryError> {
    let t: String = s.chars().filter(|c| !matches!(c, '$' | ',') && !c.is_whitespace()).collect();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() && v.abs() < 1e15 => Ok(Some(v)),
        _ => Err(err(param, format!("`{s}` is not a number (expected min:max)"))),
    }
}

/// Formats a number without a trailing `.0`.
pub fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

impl SearchQuery {
    /// An empty query: page 1, 21 per page, default sort.
    pub fn new() -> SearchQuery {
        SearchQuery {
            page: 1,
            hits_per_page: DEFAULT_HITS_PER_PAGE,
            ..Default::default()
        }
    }

    /// Adds one refinement value (builder style).
    pub fn refine(mut self, attr: &str, value: &str) -> SearchQuery {
        self.refinements.entry(attr.into()).or_default().push(value.into());
        self
    }

    /// Sets a range (builder style).
    pub fn range(mut self, attr: &str, min: Option<f64>, max: Option<f64>) -> SearchQuery {
        self.ranges.insert(attr.into(), Range { min, max });
        self
    }

    /// Sets the sort (builder style).
    pub fn sort(mut self, s: SortBy) -> SearchQuery {
        self.sort_by = s;
        self
    }

    /// Parses the address form (the raw query string, without `?`). Unknown parameters are
    /// ignored (tracking parameters); a malformed known one is an error naming it. Refinement
    /// parameters may also be written `make[]` or `make[0]`.
    pub fn from_query_string(qs: &str) -> Result<SearchQuery, QueryError> {
        let mut q = SearchQuery::new();
        let qs = qs.strip_prefix('?').unwrap_or(qs);
        for pair in qs.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let key = dec("parameter name", k)?;
            let base = key.split('[').next().unwrap_or("").to_string();
            let value = dec(&base, v)?;
            match base.as_str() {
                "query" | "q" => {
                    if value.chars().count() > MAX_QUERY_CHARS {
                        return Err(err("query", format!("longer than {MAX_QUERY_CHARS} characters")));
                    }
                    q.query = value.trim().to_string();
                }
                "page" => {
                    q.page = value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|p| (1..=MAX_PAGE).contains(p))
                        .ok_or_else(|| err("page", format!("must be a whole number from 1 to {MAX_PAGE}")))?;
                }
                "hitsPerPage" | "hits_per_page" => {
                    q.hits_per_page = value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|p| (1..=MAX_HITS_PER_PAGE).contains(p))
                        .ok_or_else(|| err("hitsPerPage", format!("must be a whole number from 1 to {MAX_HITS_PER_PAGE}")))?;
                }
                "sortBy" | "sort_by" | "sort" => {
                    q.sort_by = SortBy::parse(value.trim()).ok_or_else(|| {
                        err(
                            "sortBy",
                            "must be one of custom_rank, price_asc, price_desc, year_desc, km_asc, newest, recently_reduced",
                        )
                    })?;
                }
                a if RANGE_ATTRIBUTES.contains(&a) => {
                    let (lo, hi) = value.split_once(':').unwrap_or((value.as_str(), value.as_str()));
                    let mut r = Range {
                        min: range_end(a, lo)?,
                        max: range_end(a, hi)?,
                    };
                    // Ends written the other way round (`50000:20000`) mean the same range: the
                    // range is normalised, not refused.
                    if let (Some(lo), Some(hi)) = (r.min, r.max)
                        && lo > hi
                    {
                        r = Range {
                            min: Some(hi),
                            max: Some(lo),
                        };
                    }
                    if r.min.is_some() || r.max.is_some() {
                        q.ranges.insert(a.to_string(), r);
                    }
                }
                a if REFINEMENT_ATTRIBUTES.contains(&a) => {
                    if value.chars().count() > MAX_QUERY_CHARS {
                        return Err(err(a, format!("value longer than {MAX_QUERY_CHARS} characters")));
                    }
                    let list = q.refinements.entry(a.to_string()).or_default();
                    if list.len() >= MAX_VALUES_PER_ATTRIBUTE {
                        return Err(err(a, format!("more than {MAX_VALUES_PER_ATTRIBUTE} values")));
                    }
                    if !value.is_empty() && !list.contains(&value) {
                        list.push(value);
                    }
                }
                _ => {}
            }
        }
        q.refinements.retain(|_, v| !v.is_empty());
        Ok(q)
    }

    /// The address form: defaults are left out, refinement values in insertion order, ranges as
    /// `min:max`. `from_query_string(q.to_query_string()) == q` for any valid `q`.
    pub fn to_query_string(&self) -> String {
        let mut parts = Vec::new();
        if !self.query.is_empty() {
            parts.push(format!("query={}", enc(&self.query)));
        }
        for (a, values) in &self.refinements {
            for v in values {
                parts.push(format!("{a}={}", enc(v)));
            }
        }
        for (a, r) in &self.ranges {
            parts.push(format!(
                "{a}={}:{}",
                r.min.map(fmt_num).unwrap_or_default(),
                r.max.map(fmt_num).unwrap_or_default()
            ));
        }
        if self.sort_by != SortBy::CustomRank {
            parts.push(format!("sortBy={}", self.sort_by.as_str()));
        }
        if self.hits_per_page != DEFAULT_HITS_PER_PAGE {
            parts.push(format!("hitsPerPage={}", self.hits_per_page));
        }
        if self.page != 1 {
            parts.push(format!("page={}", self.page));
        }
        parts.join("&")
    }

    /// 0-based offset of the page's first hit.
    pub fn offset(&self) -> usize {
        (self.page.max(1) as usize - 1) * self.hits_per_page as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_written_the_other_way_round_is_the_same_range() {
        let q = SearchQuery::from_query_string("price=%2420%2C000%3A5000&year=2024:2019").unwrap();
        assert_eq!(
            q.ranges["price"],
            Range {
                min: Some(5000.0),
                max: Some(20000.0)
            }
        );
        assert_eq!(
            q.ranges["year"],
            Range {
                min: Some(2019.0),
                max: Some(2024.0)
            }
        );
        assert_eq!(q.to_query_string(), "price=5000:20000&year=2019:2024");
    }

    #[test]
    fn parses_the_address_form() {
        let q = SearchQuery::from_query_string(
            "query=corolla+hybrid&make=Toyota&make[]=Mazda&price=%245%2C000%3A%2420%2C000&km=:50000&page=2&sortBy=price_asc&utm_source=x",
        )
        .unwrap();
        assert_eq!(q.query, "corolla hybrid");
        assert_eq!(q.refinements["make"], vec!["Toyota", "Mazda"]);
        assert_eq!(
            q.ranges["price"],
            Range {
                min: Some(5000.0),
                max: Some(20000.0)
            }
        );
        assert_eq!(
            q.ranges["km"],
            Range {
                min: None,
                max: Some(50000.0)
            }
        );
        assert_eq!(q.page, 2);
        assert_eq!(q.sort_by, SortBy::PriceAsc);
        assert_eq!(SearchQuery::from_query_string(&q.to_query_string()).unwrap(), q);
    }

    #[test]
    fn malformed_parameters_are_named() {
        for (qs, param) in [
            ("page=0", "page"),
            ("page=x", "page"),
            ("hitsPerPage=1000", "hitsPerPage"),
            ("sortBy=random", "sortBy"),
            ("price=abc:10", "price"),
            ("make=%FF", "make"),
        ] {
            assert_eq!(SearchQuery::from_query_string(qs).unwrap_err().param, param, "{qs}");
        }
    }
}
