//! The first paint the host writes into `#root` (ARCHITECTURE.md "HTML documents and SEO"), over a
//! real SQLite database and the real router, with a UI build fixture (the shell's markers and its
//! empty `#root`): the SRP's cards with their shown price and buttons, its facet groups, count and
//! sort form; the VDP's sidebar with price, facts and buttons; the home page's sections; a
//! placeholder price never written; text escaped.

mod common;

use std::sync::Arc;

use axum::http::StatusCode;
use common::{call, get, inline, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    config::Settings,
    http::state::{AppState, StateParts, WebFiles},
    stock::import_feed,
};

const INDEX: &str = "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\"><title>Forecourt</title>\n<!--forecourt:head-->\n\
</head><body><div id=\"root\"></div>\n<!--forecourt:data-->\n</body></html>";

const ROUTES: &str = r#"[{"id":"home","path":"/","title":"Home"},{"id":"car","path":"/cars/:slug","title":"Vehicle details"},
{"id":"search","path":"/search/:refinement","title":"Search"},{"id":"about-us","path":"/about-us","title":"About us"}]"#;

/// A theme table as the UI build writes it (`ui-shell/dist/theme.json`, `themeExport`).
const THEME: &str = r##"{"base":{"--fc-color-primary":"#1f3a5f","--fc-radius":"6px"},
"templates":{"classic":{"vars":{"--fc-color-primary":"#111418","--fc-font-body":"\"Inter Variable\", system-ui","--fc-radius":"2px"},
"fonts":["/assets/inter-latin-wght-normal-h4sh.woff2"]}},
"overrides":{"primary":"--fc-color-primary","accent":"--fc-color-accent"},"forbidden":";{}<>",
"radius":{"key":"radius_px","property":"--fc-radius","min":0,"max":48}}"##;

const FEED: &str = "stocknum,vin,year,make,model,badge,price,km,car_type,status,trans,body,fuel,location_slug,image_urls,dealercomments\n\
D1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,C200,45990,30000,used,in_stock,Automatic,Sedan,Petrol,alpha-sales,https://cdn.example/d1.jpg|https://cdn.example/d1b.jpg,\"Nice car </script><script>alert(1)</script> & more\"\n\
D2,,2020,Toyota,Corolla,Ascent,19990,45000,used,sold,,,,,,\n\
D3,,2018,Mazda,CX-5,Maxx,5,1,used,in_stock,,suv,,alpha-sales,,\n";

async fn setup() -> (common::TestDb, tempfile::TempDir, tempfile::TempDir, axum::Router) {
    setup_with("").await
}

/// The app over tenant `alpha` with `extra` (TOML tables) added to its `tenant.toml`.
async fn setup_with(extra: &str) -> (common::TestDb, tempfile::TempDir, tempfile::TempDir, axum::Router) {
    let tdb = test_db().await;
    let alpha = tenant_toml("alpha").replacen(
        "template = \"classic\"",
        &format!("template = \"classic\"\n[phones]\nused = \"0733334444\"\n[theme]\nprimary = \"#0b3d91\"\nradius_px = 10\n{extra}"),
        1,
    );
    let (dir, reg) = write_tenants(&[("alpha", alpha)]);
    let ui = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(ui.path().join("shell/assets")).unwrap();
    std::fs::write(ui.path().join("shell/index.html"), INDEX).unwrap();
    std::fs::write(ui.path().join("shell/routes.json"), ROUTES).unwrap();
    std::fs::write(ui.path().join("shell/theme.json"), THEME).unwrap();
    let base = common::state(&tdb.db, reg, dir.path(), None).await;
    let settings = Settings {
        ui_dist_dir: ui.path().join("shell"),
        ui_plugins_dir: ui.path().join("remotes"),
        ..(*base.settings).clone()
    };
    let state = AppState::new(StateParts {
        web: Arc::new(WebFiles::load(&settings)),
        settings: Arc::new(settings),
        ..(*base).clone()
    });
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let r = import_feed(&tdb.db, &t, FEED.as_bytes(), common::csv_opts("feed")).await.unwrap();
    assert_eq!(r.inserted, 3, "{r:?}");
    (tdb, dir, ui, common::app(state))
}

/// The `#root` element's content of a document (the first paint), without the inline data.
fn root(html: &str) -> &str {
    let start = html.find("<div id=\"root\">").expect("#root") + "<div id=\"root\">".len();
    let end = html.find("<script id=\"__FORECOURT_DATA__\"").expect("inline data");
    &html[start..end]
}

/// The `<article class="fc-card">` elements of a first paint.
fn cards(paint: &str) -> Vec<&str> {
    paint
        .split("<article class=\"fc-card\">")
        .skip(1)
        .map(|c| &c[..c.find("</article>").unwrap()])
        .collect()
}

#[tokio::test]
async fn an_srp_document_shows_every_card_with_its_shown_price_buttons_and_the_filters() {
    let (_db, _d, _ui, app) = setup().await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/search/used-cars")).await;
    assert_eq!(s, StatusCode::OK);
    let paint = root(&html);
    assert!(paint.starts_with("<div class=\"fc-app\" data-fc-first-paint=\"main\">"), "{paint}");
    assert!(!paint.contains("data-fc-component"), "the first paint is no component");
    let page = inline(&html)["page"].clone();
    let hits = page["hits"].as_array().unwrap();
    let cards = cards(paint);
    assert_eq!(cards.len(), hits.len(), "one card per hit: {paint}");
    for (card, hit) in cards.iter().zip(hits) {
        let path = hit["path"].as_str().unwrap();
        assert!(
            card.contains(&format!(
                "<a href=\"{path}\">{} {} {}</a>",
                hit["year"],
                hit["make"].as_str().unwrap(),
                hit["model"].as_str().unwrap()
            )),
            "{card}"
        );
        match hit["price_view"]["kind"].as_str().unwrap() {
            "car_price" => {
                let shown = forecourt_host::format::whole_dollars(hit["price_view"]["price"].as_f64().unwrap());
                assert!(
                    card.contains(&format!("<strong class=\"fc-price__text\">{shown}</strong>")),
                    "{card}"
                );
            }
            _ => assert!(card.contains(&format!(
                "<strong class=\"fc-price__text\">{}</strong>",
                hit["price_view"]["text"].as_str().unwrap()
            ))),
        }
        assert!(card.contains("<ul class=\"fc-card__chips\">"), "{card}");
        assert!(card.contains("class=\"fc-card__actions\""), "{card}");
        if hit["available"].as_bool().unwrap() {
            assert!(
                card.contains("<a class=\"fc-button fc-button--primary fc-button--sm\" href=\"/finance?vehiclePriceBudget="),
                "{card}"
            );
            assert!(
                card.contains(&format!(
                    "<a class=\"fc-button fc-button--secondary fc-button--sm\" href=\"{path}\">View Details</a>"
                )),
                "{card}"
            );
        } else {
            assert!(
                card.contains(&format!("href=\"{path}#enquire\">Find Me Something Similar</a>")),
                "{card}"
            );
        }
    }
    let mercedes = cards
        .iter()
        .find(|c| c.contains("Mercedes-Benz C-Class"))
        .expect("the C-Class card");
    assert!(
        mercedes.contains("<li>30,000 kms</li><li>Automatic</li><li>Petrol</li><li>Sedan</li>"),
        "{mercedes}"
    );
    assert!(mercedes.contains("<p class=\"fc-card__subtitle\">C200</p>"), "{mercedes}");
    // The $5 placeholder is a no-price view: its figure is never written.
    let mazda = cards.iter().find(|c| c.contains("Mazda CX-5")).expect("the CX-5 card");
    assert!(!mazda.contains("$5<") && !mazda.contains("$5 "), "{mazda}");
    assert!(mazda.contains("fc-price--no_price"), "{mazda}");
    assert!(mazda.contains("<li>SUV</li>"), "chips as shoppers read them: {mazda}");
    // The filter column: the groups with their counts, native checkboxes of one GET form.
    assert!(
        paint.contains("<form id=\"fc-srp-form\" method=\"get\" action=\"/search/used-cars\">"),
        "{paint}"
    );
    for group in ["Condition", "Make", "Price", "Year", "Kilometres"] {
        assert!(
            paint.contains(&format!("<summary class=\"fc-disclosure__summary\">{group}</summary>")),
            "{group}: {paint}"
        );
    }
    assert!(
        paint.contains("name=\"car_type\" value=\"used\" form=\"fc-srp-form\" checked>"),
        "{paint}"
    );
    assert!(paint.contains("<label for=\"fc-f-make-0\" class=\"fc-check__label\">"), "{paint}");
    let makes = &page["popular_makes"];
    let first = &makes[0];
    assert!(
        paint.contains(&format!("{} ({})</label>", first["label"].as_str().unwrap(), first["count"])),
        "{paint}"
    );
    // Count and sort.
    let count = page["count_display"].as_u64().unwrap();
    assert!(paint.contains(&format!(">{count} Cars found</p>")), "{paint}");
    assert!(paint.contains("<select class=\"fc-input fc-native-select\" id=\"fc-srp-sort\" name=\"sortBy\" form=\"fc-srp-form\"><option value=\"custom_rank\" selected>Featured</option>"), "{paint}");
    assert!(paint.contains(&format!(">Show Me {count} Cars</button>")), "{paint}");
    assert!(paint.contains("<h1>Used Cars</h1>"), "{paint}");
}

#[tokio::test]
async fn a_vdp_document_shows_the_sidebar_price_facts_and_buttons() {
    let (_db, _d, _ui, app) = setup().await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/cars/2019-mercedes-benz-c-class-d1")).await;
    assert_eq!(s, StatusCode::OK);
    let paint = root(&html);
    let side = &paint[paint.find("<aside class=\"fc-sidebar\"").expect("the sidebar")..];
    assert!(
        side.contains("<h1 class=\"fc-sidebar__title\">2019 Mercedes-Benz C-Class <span class=\"fc-sidebar__subtitle\">C200</span></h1>"),
        "{side}"
    );
    assert!(side.contains("<strong class=\"fc-price__text\">$45,990</strong>"), "{side}");
    assert!(side.contains("<div><dt>Odometer</dt><dd>30,000 kms</dd></div>"), "{side}");
    assert!(side.contains("<div><dt>Stock number</dt><dd>D1</dd></div>"), "{side}");
    // Buttons by eligibility, the first primary; the phone as the phone-format plugin masks it.
    assert!(side.contains("<a class=\"fc-button fc-button--primary\" data-action=\"reserve\" href=\"/cars/2019-mercedes-benz-c-class-d1/checkout\">Reserve Car Now</a>"), "{side}");
    assert!(
        side.contains("<a class=\"fc-button fc-button--secondary\" data-action=\"enquire\" href=\"#enquire\">Enquire Now</a>"),
        "{side}"
    );
    assert!(
        side.contains("data-action=\"call\" href=\"tel:+61733334444\">Call Now</a>"),
        "{side}"
    );
    let finance = &side[side.find("data-action=\"finance\" href=\"/finance?").expect("the finance button")..];
    let finance = &finance[..finance.find("</a>").unwrap()];
    assert!(
        finance.contains("vehiclePriceBudget=45990&amp;car_id=2019-mercedes-benz-c-class-d1&amp;car_type=used"),
        "{finance}"
    );
    assert!(finance.ends_with("#finance-form\">Get Finance"), "{finance}");
    assert!(
        side.contains("<p>Call call us: <a href=\"tel:+61733334444\">07 3333 XXXX</a></p>"),
        "{side}"
    );
    // The comments are the host's sanitised text, escaped: no script reaches the page.
    assert!(!paint.contains("<script"), "{paint}");
    assert!(paint.contains("Nice car"), "{paint}");
    assert!(paint.contains("<nav aria-label=\"Breadcrumb\" class=\"fc-container fc-breadcrumb\"><ol><li><a href=\"/\">Home</a></li><li><a href=\"/search/used-cars\">Used cars</a></li>"), "{paint}");
}

#[tokio::test]
async fn a_placeholder_price_is_never_painted() {
    let (_db, _d, _ui, app) = setup().await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/cars/2018-mazda-cx-5-d3")).await;
    assert_eq!(s, StatusCode::OK);
    let paint = root(&html);
    assert!(
        paint.contains("<span class=\"fc-price fc-price--no_price\" data-fc-price=\"\"><strong class=\"fc-price__text\">"),
        "{paint}"
    );
    assert!(!paint.contains("$5<") && !paint.contains("$5 "), "{paint}");
    assert!(paint.contains("Dealer comments are pending."), "{paint}");
}

#[tokio::test]
async fn the_home_document_has_the_hero_and_the_sections_below_it() {
    let (_db, _d, _ui, app) = setup().await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/")).await;
    assert_eq!(s, StatusCode::OK);
    let paint = root(&html);
    assert!(paint.contains("<h1>Find your next car at alpha Motors</h1>"), "{paint}");
    assert!(paint.contains("<h2 id=\"browse\">Browse cars</h2>"), "{paint}");
    assert!(paint.contains("<li><a href=\"/special-offers\">Special Offers</a></li>"), "{paint}");
    // The featured cars: in stock with more than one photo (the C-Class), as search cards.
    assert!(paint.contains("<h2 id=\"featured\">Featured used cars</h2>"), "{paint}");
    assert_eq!(cards(paint).len(), 1, "{paint}");
    assert!(
        paint.contains("<span class=\"fc-hero__caption\">2019 Mercedes-Benz C-Class, $45,990</span>"),
        "{paint}"
    );
}

#[tokio::test]
async fn other_pages_and_missing_ones_get_the_header_only() {
    let (_db, _d, _ui, app) = setup().await;
    for (path, status) in [("/about-us", StatusCode::OK), ("/cars/nope", StatusCode::NOT_FOUND)] {
        let (s, _, html) = call(&app, get("alpha.localhost", path)).await;
        assert_eq!(s, status, "{path}");
        let paint = root(&html);
        assert!(
            paint.starts_with("<div class=\"fc-app\" data-fc-first-paint=\"\">"),
            "{path}: {paint}"
        );
        assert!(paint.contains("<header class=\"fc-header\">"), "{path}");
        assert!(paint.contains("<main id=\"main\" tabindex=\"-1\"></main>"), "{path}: {paint}");
    }
}

#[tokio::test]
async fn every_document_carries_the_tenants_theme_and_preloads_its_fonts() {
    let (_db, _d, _ui, app) = setup().await;
    for path in ["/search/used-cars", "/", "/about-us", "/no-such-page"] {
        let (_, _, html) = call(&app, get("alpha.localhost", path)).await;
        // The template's properties, then the tenant's overrides (the radius in px), on <html>
        // before the first paint is drawn; the template's fonts preloaded.
        assert!(
            html.contains(
                "<html data-template=\"classic\" style=\"--fc-color-primary: #0b3d91; \
--fc-font-body: &quot;Inter Variable&quot;, system-ui; --fc-radius: 10px\" lang=\"en-AU\">"
            ),
            "{path}: {}",
            &html[..html.find("<body>").unwrap_or(html.len())]
        );
        assert!(
            html.contains(
                "<link rel=\"preload\" href=\"/assets/inter-latin-wght-normal-h4sh.woff2\" as=\"font\" type=\"font/woff2\" crossorigin>"
            ),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_bare_srp_filtered_by_the_tenants_defaults_has_the_heading_the_shell_moves_to() {
    let (_db, _d, _ui, app) = setup_with("[search]\ndefault_refinements = { car_type = [\"used\"] }").await;
    let h1 = |html: &str| {
        let paint = root(html);
        let start = paint.find("<h1>").expect("h1") + 4;
        paint[start..start + paint[start..].find("</h1>").unwrap()].to_string()
    };
    // The shell's first load moves the bare page to /search/used-cars (`searchLocation`), headed
    // by that condition's label: the first paint says the same.
    let (_, _, html) = call(&app, get("alpha.localhost", "/search/new-used-and-demo-cars")).await;
    assert_eq!(inline(&html)["page"]["address"], "car_type=used");
    assert_eq!(h1(&html), "Used cars");
    // An address with a filter, or a route that sets the car type, keeps the route's heading.
    let (_, _, html) = call(&app, get("alpha.localhost", "/search/new-used-and-demo-cars?make=Toyota")).await;
    assert_eq!(h1(&html), inline(&html)["page"]["scope"]["heading"].as_str().unwrap());
    let (_, _, html) = call(&app, get("alpha.localhost", "/search/used-cars")).await;
    assert_eq!(h1(&html), inline(&html)["page"]["scope"]["heading"].as_str().unwrap());
}
