//! SRP route scopes (docs/features/locations-forms-marketing.md §2 "/search/..." routes,
//! docs/features/shopper-core.md §2 `/search/{dealership_slug}`): what a search path such as
//! `/search/used-cars`, `/search/toyota/rav4` or `/search/suv` means as refinements, its heading
//! and its breadcrumb trail. The host resolves a path once, here, for the document (title,
//! ItemList, inline first page) and for `GET /api/v1/search?path=...`; the UI never guesses slugs.

use serde::Serialize;
use utoipa::ToSchema;

use super::query::SearchQuery;
use crate::slug::slugify;
use crate::tenant::Tenant;

/// Condition routes: slug, heading, car types.
pub const CONDITION_ROUTES: &[(&str, &str, &[&str])] = &[
    ("new-used-and-demo-cars", "New, Used and Demo Cars", &[]),
    ("used-cars", "Used Cars", &["used"]),
    ("new-and-demo-cars", "New and Demo Cars", &["new", "demo"]),
    ("demo-cars", "Demo Cars", &["demo"]),
    ("new-cars", "New Cars", &["new"]),
];

/// One breadcrumb: label and site path.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct Crumb {
    /// e.g. `Toyota`.
    pub label: String,
    /// Site path, e.g. `/search/toyota`.
    pub href: String,
}

/// What an SRP path means.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct RouteScope {
    /// The path, e.g. `/search/toyota/rav4`.
    pub path: String,
    /// Page heading, e.g. `Toyota RAV4`, `Used Cars`, `SUV`.
    pub heading: String,
    /// Refinements the path implies (attribute -> values), e.g. `{make: [Toyota], model: [RAV4]}`.
    pub refinements: std::collections::BTreeMap<String, Vec<String>>,
    /// Home, then the condition or make, model and body crumbs, ending with this page.
    pub breadcrumbs: Vec<Crumb>,
}

/// The facet values a scope is matched against: label lists per attribute from the tenant's
/// unfiltered facets (`make`, `body`, `location_name`), plus the tenant's locations and
/// dealerships from config.
#[derive(Debug, Default, Clone)]
pub struct ScopeVocabulary {
    /// Make labels, e.g. `Mercedes-Benz`.
    pub makes: Vec<String>,
    /// Body labels, e.g. `SUV`.
    pub bodies: Vec<String>,
    /// Location names in stock.
    pub location_names: Vec<String>,
}

fn crumb(label: &str, href: String) -> Crumb {
    Crumb {
        label: label.to_string(),
        href,
    }
}

/// The label among `labels` whose slug is `slug` (e.g. `mercedes-benz` -> `Mercedes-Benz`).
pub fn find<'a>(labels: &'a [String], slug: &str) -> Option<&'a String> {
    labels.iter().find(|l| slugify(l) == slug)
}

/// Resolves `/search`, `/search/{refinement}` or `/search/{make}/{model}` (any trailing slash
/// removed) for tenant `t`. `models_of` lists the model labels of a make label (from facets).
/// Returns None when the path is not an SRP path or a slug names nothing on this site (a 404).
pub fn resolve(t: &Tenant, vocab: &ScopeVocabulary, path: &str, models_of: impl Fn(&str) -> Vec<String>) -> Option<RouteScope> {
    let clean = path.trim_end_matches('/');
    let parts: Vec<&str> = clean.split('/').filter(|p| !p.is_empty()).collect();
    if parts.first() != Some(&"search") || parts.len() > 3 {
        return None;
    }
    let mut scope = RouteScope {
        path: clean.to_string(),
        heading: CONDITION_ROUTES[0].1.to_string(),
        refinements: Default::default(),
        breadcrumbs: vec![crumb("Home", "/".into())],
    };
    let all = crumb(CONDITION_ROUTES[0].1, format!("/search/{}", CONDITION_ROUTES[0].0));
    match parts.as_slice() {
        ["search"] => scope.breadcrumbs.push(all),
        ["search", slug] => {
            let slug = slug.to_ascii_lowercase();
            if let Some((s, heading, types)) = CONDITION_ROUTES.iter().find(|(s, _, _)| *s == slug) {
                scope.heading = heading.to_string();
                if !types.is_empty() {
                    scope
                        .refinements
                        .insert("car_type".into(), types.iter().map(|s| s.to_string()).collect());
                }
                scope.breadcrumbs.push(crumb(heading, format!("/search/{s}")));
            } else if let Some(make) = find(&vocab.makes, &slug) {
                scope.heading = make.clone();
                scope.refinements.insert("make".into(), vec![make.clone()]);
                scope.breadcrumbs.push(all);
                scope.breadcrumbs.push(crumb(make, format!("/search/{slug}")));
            } else if let Some(body) = find(&vocab.bodies, &slug) {
                scope.heading = body.clone();
                scope.refinements.insert("body".into(), vec![body.clone()]);
                scope.breadcrumbs.push(all);
                scope.breadcrumbs.push(crumb(body, format!("/search/{slug}")));
            } else if let Some(d) = t.config.dealerships.iter().find(|d| d.slug == slug) {
                scope.heading = d.name.clone();
                scope.refinements.insert("dealership_name".into(), vec![d.name.clone()]);
                scope.breadcrumbs.push(all);
                scope.breadcrumbs.push(crumb(&d.name, format!("/search/{slug}")));
            } else if let Some(l) = t
                .config
                .locations
                .iter()
                .find(|l| l.slug == slug)
                .map(|l| l.name.clone())
                .or_else(|| find(&vocab.location_names, &slug).cloned())
            {
                scope.heading = l.clone();
                scope.refinements.insert("location_name".into(), vec![l.clone()]);
                scope.breadcrumbs.push(all);
                scope.breadcrumbs.push(crumb(&l, format!("/search/{slug}")));
            } else {
                return None;
            }
        }
        ["search", make_slug, model_slug] => {
            let make_slug = make_slug.to_ascii_lowercase();
            let model_slug = model_slug.to_ascii_lowercase();
            let make = find(&vocab.makes, &make_slug)?.clone();
            let models = models_of(&make);
            let model = find(&models, &model_slug)?.clone();
            scope.heading = format!("{make} {model}");
            scope.refinements.insert("make".into(), vec![make.clone()]);
            scope.refinements.insert("model".into(), vec![model.clone()]);
            scope.breadcrumbs.push(all);
            scope.breadcrumbs.push(crumb(&make, format!("/search/{make_slug}")));
            scope.breadcrumbs.push(crumb(&model, format!("/search/{make_slug}/{model_slug}")));
        }
        _ => return None,
    }
    Some(scope)
}

/// The query with the scope's refinements applied: the route's values are added to the
/// shopper's values of the same attribute (a refinement list ORs its values), so on
/// `/search/toyota` ticking Mazda shows Toyotas and Mazdas, as the UI's checked boxes say.
pub fn apply(scope: &RouteScope, mut q: SearchQuery) -> SearchQuery {
    for (attr, values) in &scope.refinements {
        let list = q.refinements.entry(attr.clone()).or_default();
        for v in values {
            if !list.contains(v) {
                list.push(v.clone());
            }
        }
    }
    q
}

/// The query an SRP document's first page runs (docs/features/shopper-core.md §2 "persisted attributes or
/// defaults apply on first load"): when neither the address nor the route sets a refinement, a
/// range or text, the tenant's `[search] default_refinements` (e.g. `{car_type = ["new"]}`); else
/// `q` unchanged. The UI's `firstLoadState` (ui-shell/src/search/filters.ts) applies the same
/// defaults when the visitor has no persisted filters, so the inline page is the one it asks for
/// and is not fetched again.
pub fn first_load(q: SearchQuery, scope: &RouteScope, defaults: &std::collections::BTreeMap<String, Vec<String>>) -> SearchQuery {
    if !q.refinements.is_empty() || !q.ranges.is_empty() || !q.query.is_empty() || !scope.refinements.is_empty() {
        return q;
    }
    let mut q = q;
    for (attr, values) in defaults.iter().filter(|(_, v)| !v.is_empty()) {
        q.refinements.insert(attr.clone(), values.clone());
    }
    q
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn scope(refinements: &[(&str, &str)]) -> RouteScope {
        RouteScope {
            path: "/search/x".into(),
            heading: "X".into(),
            refinements: refinements.iter().map(|(k, v)| (k.to_string(), vec![v.to_string()])).collect(),
            breadcrumbs: Vec::new(),
        }
    }

    #[test]
    fn first_load_applies_the_defaults_only_to_an_unfiltered_address_and_route() {
        let defaults: BTreeMap<String, Vec<String>> = [("car_type".to_string(), vec!["new".to_string()])].into();
        let q = |s: &str| SearchQuery::from_query_string(s).unwrap();
        let got = first_load(q("page=2"), &scope(&[]), &defaults);
        assert_eq!(got.refinements["car_type"], vec!["new"]);
        assert_eq!(got.page, 2);
        for (address, route) in [
            ("make=Toyota", scope(&[])),
            ("price=10000:20000", scope(&[])),
            ("query=corolla", scope(&[])),
            ("", scope(&[("make", "Toyota")])),
        ] {
            assert_eq!(first_load(q(address), &route, &defaults), q(address), "`{address}`");
        }
        assert_eq!(first_load(q(""), &scope(&[]), &BTreeMap::new()), q(""));
    }
}
