//! What the host adds to every search, never the client (docs/features/platform.md "Search"): the tenant scope
//! (in [`BackendRequest::tenant`]), dealer stock visibility (docs/features/locations-forms-marketing.md §4, §7),
//! the tenant's stock-filter level (plugin, docs/features/shopper-core.md §5), price-0 hiding on price ascending
//! (feature `hide_zero_price_on_price_asc`), plus the result rules of docs/features/shopper-core.md §4 and §9.

use std::collections::BTreeMap;

use super::{
    backend::{BackendRequest, FacetItem},
    doc::{DEFAULT_FACETS, Filter, PRICE_BANDS},
    query::{Range, SearchQuery, SortBy},
};
use crate::{plugins::StockCondition, tenant::Tenant};

/// Counts above this show a fallback (docs/features/shopper-core.md §9).
pub const COUNT_DISPLAY_LIMIT: u64 = 1999;
/// Popular body types shown (docs/features/locations-forms-marketing.md §9).
pub const POPULAR_BODY_TYPES: usize = 4;
/// Popular makes listed before 'All Makes' (docs/features/shopper-core.md §9).
pub const POPULAR_MAKES: usize = 20;
/// Seconds per day.
const DAY: i64 = 86_400;

/// Dealer stock visibility at `now` (unix seconds): (in_stock OR coming_soon OR sold within the
/// dealership's include_sold_cars_days, default 3) AND show_on_dealer_website.
pub fn visibility(tenant: &Tenant, now: i64) -> Filter {
    let mut shown = vec![Filter::eq("status", "in_stock"), Filter::eq("status", "coming_soon")];
    for d in &tenant.config.dealerships {
        let days = i64::from(tenant.include_sold_cars_days(&d.slug));
        shown.push(Filter::All(vec![
            Filter::eq("status", "sold"),
            Filter::eq("dealership_slug", &d.slug),
            Filter::Range {
                field: "sold_at".into(),
                min: Some(((now - days * DAY) as f64, false)),
                max: None,
            },
        ]));
    }
    Filter::All(vec![Filter::eq("show_on_dealer_website", "true"), Filter::Any(shown)])
}

/// One stock-filter condition as a filter (makes also match by slug).
pub fn stock_condition(c: &StockCondition) -> Filter {
    let makes = |l: &[String]| {
        Filter::Any(
            l.iter()
                .flat_map(|m| [Filter::eq("make", m), Filter::eq("make_slug", &crate::slug::slugify(m))])
                .collect(),
        )
    };
    let not = |f: Filter| Filter::Not(Box::new(f));
    match c {
        StockCondition::HideMakes(l) => not(makes(l)),
        StockCondition::OnlyMakes(l) => makes(l),
        StockCondition::HideCarTypes(l) => not(Filter::any_of("car_type", l)),
        StockCondition::HideStocknums(l) => not(Filter::any_of("stocknum", l)),
        StockCondition::HideItemTypes(l) => not(Filter::any_of("item_type", l)),
        StockCondition::HideDealerships(l) => not(Filter::any_of("dealership_slug", l)),
        StockCondition::StatusIn(l) => Filter::any_of("status", l),
        StockCondition::CarTypeIn(l) => Filter::any_of("car_type", l),
        StockCondition::TypeStatusAny(rules) => Filter::Any(
            rules
                .iter()
                .map(|r| {
                    let mut all = Vec::new();
                    if !r.car_types.is_empty() {
                        all.push(Filter::any_of("car_type", &r.car_types));
                    }
                    if !r.statuses.is_empty() {
                        all.push(Filter::any_of("status", &r.statuses));
                    }
                    Filter::All(all)
                })
                .collect(),
        ),
        StockCondition::MinPrice(p) => Filter::Range {
            field: "price".into(),
            min: Some((*p, true)),
            max: None,
        },
    }
}

/// The numeric field a range attribute of the address form filters.
pub fn range_field(attr: &str) -> &str {
    match attr {
        "weekly_price_range" => "weekly_price",
        "created_at_timestamp" => "created_at",
        a => a,
    }
}

/// The client's refinements and ranges as a filter (values ORed within an attribute).
pub fn client_filter(q: &SearchQuery) -> Filter {
    let mut all = Vec::new();
    for (attr, values) in &q.refinements {
        all.push(Filter::any_of(attr, values));
    }
    for (attr, Range { min, max }) in &q.ranges {
        all.push(Filter::Range {
            field: range_field(attr).into(),
            min: min.map(|v| (v, true)),
            max: max.map(|v| (v, true)),
        });
    }
    Filter::All(all)
}

/// The full backend request for a shopper's query: tenant scope, visibility, stock conditions
/// (from the tenant's stock-filter plugin), price-0 hiding, then the client's part.
pub fn backend_request(tenant: &Tenant, q: &SearchQuery, conditions: &[StockCondition], now: i64, facets: bool) -> BackendRequest {
    let mut all = vec![visibility(tenant, now)];
    all.extend(conditions.iter().map(stock_condition));
    if q.sort_by == SortBy::PriceAsc && tenant.config.features.get("hide_zero_price_on_price_asc").copied().unwrap_or(false) {
        all.push(Filter::Range {
            field: "price".into(),
            min: Some((0.0, false)),
            max: None,
        });
    }
    all.push(client_filter(q));
    let (field, desc) = q.sort_by.keys()[0];
    BackendRequest {
        tenant: tenant.slug().to_string(),
        text: q.query.clone(),
        filter: Filter::All(all),
        sort: (field.to_string(), desc),
        offset: q.offset(),
        limit: q.hits_per_page as usize,
        facets: if facets {
            DEFAULT_FACETS.iter().map(|s| s.to_string()).collect()
        } else {
            Vec::new()
        },
    }
}

/// Sold-run collapsing (docs/features/shopper-core.md §4): keeps only the first of each run of consecutive sold
/// items, unless every item is sold, when all are kept.
pub fn collapse_sold_runs<T>(items: Vec<T>, is_sold: impl Fn(&T) -> bool) -> Vec<T> {
    let all_sold = items.iter().all(&is_sold);
    collapse_sold_runs_on_page(items, false, all_sold, is_sold)
}

/// Sold-run collapsing for one page of a longer result (docs/features/shopper-core.md §4;
/// docs/features/platform.md "Search"): drops each sold item whose predecessor in the whole result
/// is sold. `before_sold` says whether the item just before the page is sold (false on the first
/// page), so a run that starts on an earlier page is not shown again; `all_sold` says whether every
/// item of the whole result is sold, when nothing is dropped. Takes the page's items in order;
/// returns the kept ones in order.
pub fn collapse_sold_runs_on_page<T>(items: Vec<T>, before_sold: bool, all_sold: bool, is_sold: impl Fn(&T) -> bool) -> Vec<T> {
    if all_sold {
        return items;
    }
    let mut out = Vec::with_capacity(items.len());
    let mut prev_sold = before_sold;
    for it in items {
        let sold = is_sold(&it);
        if !(sold && prev_sold) {
            out.push(it);
        }
        prev_sold = sold;
    }
    out
}

/// The count to show (docs/features/shopper-core.md §9): up to 1999 the count itself; above, the tenant's
/// configured stock count, else the sum of the `car_type` facet counts.
pub fn count_display(count: u64, tenant: &Tenant, facets: &BTreeMap<String, BTreeMap<String, u64>>) -> u64 {
    if count <= COUNT_DISPLAY_LIMIT {
        return count;
    }
    tenant
        .config
        .stock
        .stock_count
        .or_else(|| facets.get("car_type").map(|m| m.values().sum()).filter(|s| *s > 0))
        .unwrap_or(count)
}

/// The first number in a label (`$10,000 - $20,000` -> 10000).
fn first_number(label: &str) -> f64 {
    let digits: String = label
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '.')
        .filter(|c| *c != ',')
        .collect();
    digits.parse().unwrap_or(f64::MAX)
}

/// Price band labels in display order: `Under ...` first, then by first number.
pub fn sort_price_bands(items: &mut [FacetItem]) {
    items.sort_by(|a, b| {
        let ua = !a.label.starts_with("Under");
        let ub = !b.label.starts_with("Under");
        ua.cmp(&ub)
            .then(first_number(&a.label).total_cmp(&first_number(&b.label)))
            .then(a.label.cmp(&b.label))
    });
}

/// Facet items of one attribute in display order: price bands by band, years newest first,
/// everything else by count descending then label.
pub fn facet_items(attr: &str, counts: &BTreeMap<String, u64>) -> Vec<FacetItem> {
    let mut items: Vec<FacetItem> = counts
        .iter()
        .map(|(v, c)| FacetItem {
            label: v.clone(),
            value: v.clone(),
            count: *c,
        })
        .collect();
    match attr {
        "price_range" => sort_price_bands(&mut items),
        "year" => items.sort_by(|a, b| first_number(&b.label).total_cmp(&first_number(&a.label))),
        _ => items.sort_by(|a, b| b.count.cmp(&a.count).then(a.label.cmp(&b.label))),
    }
    items
}

/// The top 4 body types by count (docs/features/locations-forms-marketing.md §2 "Popular car types").
pub fn popular_body_types(counts: Option<&BTreeMap<String, u64>>) -> Vec<FacetItem> {
    let mut items = counts.map(|c| facet_items("body", c)).unwrap_or_default();
    items.truncate(POPULAR_BODY_TYPES);
    items
}

/// Makes by count up to position 20, then 'All Makes' (value empty, count the total).
pub fn popular_makes(counts: Option<&BTreeMap<String, u64>>, total: u64) -> Vec<FacetItem> {
    let mut items = counts.map(|c| facet_items("make", c)).unwrap_or_default();
    items.truncate(POPULAR_MAKES);
    items.push(FacetItem {
        label: "All Makes".into(),
        value: String::new(),
        count: total,
    });
    items
}

/// All price band labels in display order (for the UI's price band list).
pub fn price_band_labels() -> Vec<&'static str> {
    PRICE_BANDS.iter().map(|b| b.2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sold_runs_collapse_unless_all_sold() {
        let s = |v: &[u8]| collapse_sold_runs(v.to_vec(), |x| *x == 0);
        assert_eq!(s(&[1, 0, 0, 0, 1, 0, 0]), vec![1, 0, 1, 0]);
        assert_eq!(s(&[0, 0, 1]), vec![0, 1]);
        assert_eq!(s(&[0, 0, 0]), vec![0, 0, 0]);
        assert_eq!(s(&[]), Vec::<u8>::new());
    }

    #[test]
    fn a_run_from_the_previous_page_is_not_shown_again() {
        let s = |before, all, v: &[u8]| collapse_sold_runs_on_page(v.to_vec(), before, all, |x| *x == 0);
        assert_eq!(s(true, false, &[0, 0, 1, 0]), vec![1, 0]);
        assert_eq!(s(false, false, &[0, 0, 1, 0]), vec![0, 1, 0]);
        assert_eq!(s(true, false, &[1, 0, 0]), vec![1, 0]);
        assert_eq!(s(true, true, &[0, 0]), vec![0, 0]);
    }

    #[test]
    fn price_bands_sort_under_first_then_by_number() {
        let mut items: Vec<FacetItem> = ["$150,000+", "$20,000 - $30,000", "Under $10,000", "$10,000 - $20,000"]
            .iter()
            .map(|l| FacetItem {
                label: l.to_string(),
                value: l.to_string(),
                count: 1,
            })
            .collect();
        sort_price_bands(&mut items);
        let labels: Vec<_> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["Under $10,000", "$10,000 - $20,000", "$20,000 - $30,000", "$150,000+"]);
    }

    #[test]
    fn popular_makes_end_with_all_makes() {
        let counts: BTreeMap<String, u64> = (0..30).map(|i| (format!("Make{i:02}"), 100 - i)).collect();
        let m = popular_makes(Some(&counts), 999);
        assert_eq!(m.len(), 21);
        assert_eq!(m[0].label, "Make00");
        assert_eq!(m[20].label, "All Makes");
    }
}
