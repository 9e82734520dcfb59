//! Which public route a path is, for the document's title, data and JSON-LD. The ids are the UI
//! shell's (`ui-shell/src/routes/table.ts`, exported at build time as `ui-shell/dist/routes.json`),
//! so the inline data's `route.id` is one the shell knows. Matching ranks like react-router: a
//! static segment beats a parameter, which beats a splat.

use std::{collections::BTreeMap, path::Path};

use serde::Deserialize;

/// One route of the table.
#[derive(Debug, Clone, Deserialize)]
pub struct RouteDef {
    /// Stable id, e.g. `car`.
    pub id: String,
    /// Pattern, e.g. `/cars/:slug`, `/pages/*`.
    pub path: String,
    /// Page title.
    pub title: String,
    /// The shell's page kind (`content` for markdown pages), when the route has one.
    #[serde(default)]
    pub page: Option<String>,
}

/// A matched route.
#[derive(Debug, Clone, PartialEq)]
pub struct Matched {
    /// Route id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Path parameters (`*` for a splat).
    pub params: BTreeMap<String, String>,
    /// The shell's page kind, when the route has one.
    pub page: Option<String>,
}

/// The route table.
#[derive(Debug, Clone)]
pub struct RouteTable {
    routes: Vec<RouteDef>,
}

/// Routes the host gives semantics to; used when the UI's `routes.json` is absent.
const CORE: &[(&str, &str, &str)] = &[
    ("home", "/", "Home"),
    ("search-root", "/search", "Search"),
    ("search", "/search/:refinement", "Search"),
    ("search-make-model", "/search/:make/:model", "Search"),
    ("car", "/cars/:slug", "Vehicle details"),
    ("our-location", "/our-location/:locationSlug", "Location"),
    ("location", "/locations/:slug", "Location"),
    ("dealer-locator", "/dealer-locator", "Dealer locator"),
    ("special-offers", "/special-offers", "Special offers"),
    ("contact-us", "/contact-us", "Contact us"),
];

/// Route ids whose pattern matches any path and so need data the host does not have yet (model
/// pages come with the brand issue): never matched from the table.
const NEVER_MATCHED: &[&str] = &["model", "not-found"];

impl RouteTable {
    /// `<ui_dist_dir>/routes.json` when the UI build wrote it, else the core routes.
    pub fn load(ui_dist_dir: &Path) -> RouteTable {
        let path = ui_dist_dir.join("routes.json");
        match std::fs::read_to_string(&path).map(|t| serde_json::from_str::<Vec<RouteDef>>(&t)) {
            Ok(Ok(routes)) if !routes.is_empty() => RouteTable { routes },
            Ok(Err(e)) => {
                tracing::warn!(file = %path.display(), error = %e, "routes.json unreadable; using the core routes");
                RouteTable::core()
            }
            _ => RouteTable::core(),
        }
    }

    /// The core routes only.
    pub fn core() -> RouteTable {
        RouteTable {
            routes: CORE
                .iter()
                .map(|(id, path, title)| RouteDef {
                    id: id.to_string(),
                    path: path.to_string(),
                    title: title.to_string(),
                    page: None,
                })
                .collect(),
        }
    }

    /// The best route for a URL path (no query), or None.
    pub fn find(&self, path: &str) -> Option<Matched> {
        let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let mut best: Option<(i32, Matched)> = None;
        for r in self.routes.iter().filter(|r| !NEVER_MATCHED.contains(&r.id.as_str())) {
            if let Some((score, params)) = match_pattern(&r.path, &segs)
                && best.as_ref().is_none_or(|(s, _)| score > *s)
            {
                best = Some((
                    score,
                    Matched {
                        id: r.id.clone(),
                        title: r.title.clone(),
                        params,
                        page: r.page.clone(),
                    },
                ));
            }
        }
        best.map(|(_, m)| m)
    }
}

fn match_pattern(pattern: &str, segs: &[&str]) -> Option<(i32, BTreeMap<String, String>)> {
    let pat: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    let mut params = BTreeMap::new();
    let mut score = 0;
    for (i, p) in pat.iter().enumerate() {
        if *p == "*" {
            if i > segs.len() {
                return None;
            }
            params.insert("*".to_string(), segs[i..].join("/"));
            return Some((score, params));
        }
        let s = segs.get(i)?;
        if let Some(name) = p.strip_prefix(':') {
            params.insert(name.to_string(), percent_decode(s));
            score += 3;
        } else if p.eq_ignore_ascii_case(s) {
            score += 10;
        } else {
            return None;
        }
    }
    // An exact-length match outranks a splat that matches the same static prefix ("/" over "*").
    (pat.len() == segs.len()).then_some((score + 1, params))
}

fn percent_decode(s: &str) -> String {
    percent_encoding::percent_decode_str(s).decode_utf8_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> RouteTable {
        let mut t = RouteTable::core();
        for (id, path) in [
            ("marketing-page", "/pages/*"),
            ("model", "/:modelSlug"),
            ("brand-overview", "/:brand/overview"),
        ] {
            t.routes.push(RouteDef {
                id: id.into(),
                path: path.into(),
                title: id.into(),
                page: None,
            });
        }
        t
    }

    #[test]
    fn static_beats_param_beats_splat() {
        let mut t = table();
        assert_eq!(t.find("/").unwrap().id, "home");
        t.routes.push(RouteDef {
            id: "not-found".into(),
            path: "*".into(),
            title: "Page not found".into(),
            page: None,
        });
        assert_eq!(t.find("/").unwrap().id, "home", "the catch-all never wins");
        assert!(t.find("/nowhere/at/all").is_none());
        assert_eq!(t.find("/search").unwrap().id, "search-root");
        assert_eq!(t.find("/search/used-cars").unwrap().params["refinement"], "used-cars");
        let m = t.find("/search/toyota/corolla").unwrap();
        assert_eq!((m.id.as_str(), m.params["model"].as_str()), ("search-make-model", "corolla"));
        assert_eq!(t.find("/cars/2021-kia-rio-a1/").unwrap().params["slug"], "2021-kia-rio-a1");
        assert_eq!(t.find("/pages/warranty/extended").unwrap().params["*"], "warranty/extended");
        assert_eq!(t.find("/bmw/overview").unwrap().id, "brand-overview");
        assert!(t.find("/no-such-page").is_none(), "model pages are never matched from the table");
        assert!(t.find("/cars/a/b/c").is_none());
        assert_eq!(t.find("/cars/caf%C3%A9").unwrap().params["slug"], "café");
    }
}
