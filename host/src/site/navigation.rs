//! The site's navigation ([`navigation`]): header entries, the model menu, stock links with
//! their counts and the top 4 body types (one facet search), brand tiles, footer columns and the
//! popup until it expires; and the site's calendar day ([`today`]).

use std::sync::Arc;

use crate::{
    content::marketing::{self, BrandTile, NavLink, Navigation, PopularBody},
    error::{Error, Result},
    platform::Platform,
    tenant::Tenant,
};

/// Today in the site's time zone (its first location's state; Brisbane by default).
pub fn today(t: &Tenant) -> jiff::civil::Date {
    let state = t
        .config
        .locations
        .first()
        .map(|l| l.address.state.as_str())
        .unwrap_or(&t.config.default_state);
    let tz = jiff::tz::TimeZone::get(crate::geo::state_time_zone(state)).unwrap_or(jiff::tz::TimeZone::UTC);
    jiff::Timestamp::now().to_zoned(tz).date()
}

/// The stock links (new, used, demo with their counts, then all) and the top 4 body types, from
/// one facet search of the site's visible stock. Search being down gives no counts and no bodies:
/// the menus still work.
async fn stock_menu(p: Platform<'_>, t: &Arc<Tenant>) -> (Vec<NavLink>, Vec<PopularBody>) {
    let q = crate::search::service::parse_for(t, None).expect("an empty address parses");
    let Ok(res) = crate::search::service::run_search(p, t, &q, None).await else {
        let all = NavLink {
            label: "All Stock".into(),
            href: "/search/new-used-and-demo-cars".into(),
            count: None,
        };
        return (vec![all], Vec::new());
    };
    let by_type = |v: &str| {
        res.facets
            .get("car_type")
            .and_then(|f| f.iter().find(|i| i.value.eq_ignore_ascii_case(v)))
            .map_or(0, |i| i.count)
    };
    let mut stock: Vec<NavLink> = [
        ("new", "New Cars", "/search/new-cars"),
        ("used", "Used Cars", "/search/used-cars"),
        ("demo", "Demo Cars", "/search/demo-cars"),
    ]
    .into_iter()
    .filter_map(|(v, label, href)| {
        let n = by_type(v);
        (n > 0).then(|| NavLink {
            label: label.into(),
            href: href.into(),
            count: Some(n),
        })
    })
    .collect();
    stock.push(NavLink {
        label: "All Stock".into(),
        href: "/search/new-used-and-demo-cars".into(),
        count: Some(res.count),
    });
    let bodies = res
        .popular_body_types
        .iter()
        .map(|b| PopularBody {
            value: b.value.clone(),
            label: b.label.clone(),
            count: b.count,
            href: format!("/search/{}", crate::slug::slugify(&b.value)),
        })
        .collect();
    (stock, bodies)
}

/// The site's navigation for a request: the file's parts, the stock menu, the brand tiles and the
/// popup unless expired. Used by the endpoint and the documents. Errors: `NotFound` when the site has
/// no `navigation.toml`.
pub async fn navigation(p: Platform<'_>, t: &Arc<Tenant>) -> Result<Navigation> {
    let n = t
        .content
        .site
        .navigation
        .as_ref()
        .ok_or_else(|| Error::not_found("This site has no navigation content."))?;
    let (stock, popular_bodies) = stock_menu(p, t).await;
    let brands = t
        .content
        .site
        .brands
        .as_ref()
        .map(|b| {
            b.groups
                .iter()
                .flat_map(|g| &g.brands)
                .map(|b| BrandTile {
                    title: b.title.clone(),
                    slug: b.slug.clone(),
                    logo_url: b.logo_url.clone(),
                    href: b.stock_href.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let now = jiff::Timestamp::now();
    Ok(Navigation {
        open_on: n.open_on,
        header: n.header.clone(),
        vehicles: n.vehicles.clone(),
        stock,
        brands,
        footer: n.footer.clone(),
        popular_bodies,
        popup: n.popup.clone().filter(|p| marketing::popup_live(p, now)),
    })
}
