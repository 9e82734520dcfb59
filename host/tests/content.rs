//! docs/features/platform.md "Marketing and content pages", the host side: the demo tenants'
//! content files load and carry the specs' facts (docs/features/locations-forms-marketing.md §2
//! "Electric-model marketing area", "Recall page", "Trade-in information", §9); the content API
//! answers per tenant; markdown is sanitised; a bad content file fails the load naming its file and
//! key; documents inline the content and 404 what a site lacks.

mod common;

use axum::http::StatusCode;
use common::{call, get, inline, json, repo_tenants_dir, test_db, with_content};
use forecourt_host::tenant::TenantRegistry;
use serde_json::Value;

#[test]
fn demo_content_carries_the_specs_facts() {
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).expect("demo tenants and their content load");
    let im = reg.by_slug("im-motors-au").unwrap();
    let m = im.content.models.as_ref().expect("im-motors-au has the model area");
    let bases: Vec<&str> = m.families.iter().map(|f| f.base_id.as_str()).collect();
    assert!(bases.contains(&"im5") && bases.contains(&"im6"), "{bases:?}");
    assert_eq!(m.variants.len(), 6);
    assert_eq!(
        (m.compare.left.as_str(), m.compare.right.as_str()),
        ("im5-performance", "im5-premium")
    );
    assert_eq!(m.compare.subtitle, "Find your perfect IM");
    for v in &m.variants {
        let awd = v.id.ends_with("performance");
        assert_eq!(
            v.performance.drivetrain.contains("AWD"),
            awd,
            "{}: {}",
            v.id,
            v.performance.drivetrain
        );
    }
    let stats: Vec<(&str, &str)> = m.banner_stats.iter().map(|s| (s.label.as_str(), s.value.as_str())).collect();
    assert!(stats.iter().any(|(_, v)| v.contains("755km")), "{stats:?}");
    assert!(stats.iter().any(|(_, v)| v.contains("3.2s")), "{stats:?}");
    assert!(stats.iter().any(|(_, v)| v.contains("RWD/AWD")), "{stats:?}");
    for slide in &m.slides {
        assert!(
            // A model refinement, not the text `im5` (which also matched IM6 stock numbers; issue 25).
            slide.btn2.link.starts_with("/search/new-used-and-demo-cars?model=IM"),
            "{:?}",
            slide.btn2
        );
    }
    assert!(
        m.families
            .iter()
            .all(|f| f.tabs.iter().any(|t| t.name.eq_ignore_ascii_case("performance"))),
        "every family has a Performance tab"
    );

    let r = im.content.recalls.as_ref().expect("recalls");
    let c = r.campaigns.iter().find(|c| c.recall_number == "REC-005652").expect("REC-005652");
    assert_eq!((c.affected_years.as_str(), c.affected_units), ("2021-2022", 5168));
    assert_eq!(r.faq.len(), 5);

    for t in reg.iter() {
        let name = &t.config.name;
        let s = t.content.service.as_ref().unwrap_or_else(|| panic!("{name}: service content"));
        assert_eq!(s.quote.valid_months, 12);
        let perks = serde_json::to_string(&s.perks).unwrap();
        assert!(perks.contains("8 km") && perks.contains("3,000 km"), "{name}: {perks}");
        let ti = t.content.trade_in.as_ref().expect("trade-in content");
        assert_eq!(&ti.privacy_brand, name);
        assert_eq!(ti.faq.len(), 5);
        let privacy = t.content.page("/privacy-policy").expect("privacy policy");
        for days in ["7 days", "30 days", "14 days"] {
            assert!(privacy.html.contains(days), "{name}: privacy policy says {days}");
        }
        let warranty = t.content.page("/pages/warranty").expect("/pages/warranty");
        assert!(warranty.html.contains("3-year"), "{name}: warranty wording");
        let about = t.content.page("/about-us").expect("about us");
        assert!(!about.html.contains("{{site_name}}"), "placeholders are replaced");
        for p in t.content.pages.values() {
            assert!(!p.html.contains("<script"), "{name} {}", p.path);
            assert!(p.description.chars().count() <= 160);
        }
    }
    let hm = reg.by_slug("harbourside-mercedes").unwrap();
    assert!(
        hm.content
            .service
            .as_ref()
            .unwrap()
            .external_booking_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://")),
        "harbourside books service on the manufacturer's site"
    );
    assert!(reg.by_slug("drive-depot").unwrap().content.models.is_none());
}

#[tokio::test]
async fn the_content_api_answers_per_tenant() {
    let tdb = test_db().await;
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    let state = common::state(&tdb.db, reg, &repo_tenants_dir(), None).await;
    let app = common::app(state);
    let (s, _, b) = call(&app, get("im-motors-au.localhost", "/api/v1/content/models")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v = json(&b);
    assert_eq!(v["variants"].as_array().unwrap().len(), 6);
    assert_eq!(v["colours"][0]["model_variant"]["id"].as_str().map(|s| !s.is_empty()), Some(true));
    assert!(v["families"][0]["heroImageUrl"].is_string());
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/api/v1/content/models")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    assert_eq!(json(&b)["error"]["code"], "not_found");

    let (s, _, b) = call(&app, get("im-motors-au.localhost", "/api/v1/content/recalls")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(json(&b)["campaigns"][0]["affectedUnits"], 5168);
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/api/v1/content/trade-in")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(json(&b)["privacyBrand"], "Drive Depot");
    let (s, _, b) = call(&app, get("harbourside-mercedes.localhost", "/api/v1/content/service")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(json(&b)["externalBookingUrl"].as_str().unwrap().starts_with("https://"));
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/api/v1/content/service")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(json(&b)["externalBookingUrl"], Value::Null);

    let (s, _, b) = call(&app, get("drive-depot.localhost", "/api/v1/content/pages/pages/warranty")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(json(&b)["path"], "/pages/warranty");
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/api/v1/content/pages/about-us")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(json(&b)["html"].as_str().unwrap().contains("Drive Depot"));
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/api/v1/content/pages/no-such-page")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/api/v1/content/pages/diamond-advantage")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "a page another tenant has is not this tenant's");
    let (s, _, _) = call(
        &app,
        get("harbourside-mercedes.localhost", "/api/v1/content/pages/diamond-advantage"),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
}

const PAGE: &str = "+++\ntitle = \"About {{site_name}}\"\ndescription = \"All about us.\"\n+++\n# Hello\n\n\
<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[bad](javascript:alert(1)) [good](https://example.com)\n";

#[test]
fn markdown_pages_are_sanitised_and_tenant_files_override_defaults() {
    let reg = with_content(&[
        ("_shared/content/pages/about-us.md", "+++\ntitle = \"Default\"\n+++\nDefault body\n"),
        ("_shared/content/pages/careers.md", "+++\ntitle = \"Careers at {{site_name}}\"\n+++\nJoin us.\n"),
        ("acme/content/pages/about-us.md", PAGE),
        ("_shared/content/trade_in.toml", "[[faq]]\nquestion = \"Q1\"\nanswer = \"A *1*\"\n"),
        ("_shared/content/service.toml", "[banner]\ntitle = \"Service\"\nimageUrl = \"/img/w.png\"\n[quote]\ntitle = \"Get a Quote\"\nvalidMonths = 12\n[[perks]]\ntitle = \"P\"\ndescription = \"d\"\n"),
        ("acme/content/service.toml", "externalBookingUrl = \"https://example.com/book\"\n"),
    ])
    .unwrap();
    let t = reg.by_slug("acme").unwrap();
    let about = t.content.page("/about-us").unwrap();
    assert_eq!(about.title, "About acme Motors");
    assert!(about.html.contains("<h1>Hello</h1>"));
    for bad in ["<script", "onerror", "javascript:"] {
        assert!(!about.html.contains(bad), "{bad} in {}", about.html);
    }
    assert!(about.html.contains("href=\"https://example.com\""));
    assert_eq!(t.content.page("/careers").unwrap().title, "Careers at acme Motors");
    let ti = t.content.trade_in.as_ref().unwrap();
    assert_eq!(ti.faq[0].answer_html.trim(), "<p>A <em>1</em></p>");
    let s = t.content.service.as_ref().unwrap();
    assert_eq!(
        s.external_booking_url.as_deref(),
        Some("https://example.com/book"),
        "the tenant's key over the default"
    );
    assert_eq!(s.banner.title, "Service", "the default's other keys stay");
    assert!(t.content.models.is_none() && t.content.recalls.is_none());
}

#[test]
fn a_bad_content_file_fails_the_load_naming_file_and_key() {
    let err = |files: &[(&str, &str)]| with_content(files).expect_err("must fail");
    let e = err(&[("acme/content/pages/a.md", "+++\ntitle = \"A\"\ndescription = \"")]);
    assert!(e.contains("a.md"), "{e}");
    let long = format!("+++\ntitle = \"A\"\ndescription = \"{}\"\n+++\n", "x".repeat(200));
    let e = err(&[("acme/content/pages/a.md", &long)]);
    assert!(e.contains("a.md") && e.contains("description"), "{e}");
    let e = err(&[("acme/content/pages/Bad_Name.md", "+++\ntitle = \"A\"\n+++\n")]);
    assert!(e.contains("slugs"), "{e}");
    let e = err(&[(
        "acme/content/service.toml",
        "externalBookingUrl = \"http://insecure\"\n[banner]\ntitle = \"S\"\nimageUrl = \"/a.png\"\n[quote]\ntitle = \"Q\"\nvalidMonths = 12\n",
    )]);
    assert!(e.contains("service.toml") && e.contains("externalBookingUrl"), "{e}");
    let e = err(&[("acme/content/trade_in.toml", "[[faq]]\nquestion = \"Q\"\nanswr = \"typo\"\n")]);
    assert!(e.contains("trade_in.toml") && e.contains("answr"), "{e}");

    // The model area: a compare default that is not a variant, and an unknown key.
    let im = repo_tenants_dir().join("im-motors-au/content");
    let variants = std::fs::read_to_string(im.join("model_variants.json")).unwrap();
    let colours = std::fs::read_to_string(im.join("colours.json")).unwrap();
    let models = std::fs::read_to_string(im.join("models.toml")).unwrap();
    let bad_left = models.replace("left = \"im5-performance\"", "left = \"im9-rocket\"");
    assert_ne!(bad_left, models, "models.toml names im5-performance as compare.left");
    let e = err(&[
        ("acme/content/models.toml", &bad_left),
        ("acme/content/model_variants.json", &variants),
        ("acme/content/colours.json", &colours),
    ]);
    assert!(
        e.contains("models.toml") && e.contains("compare.left") && e.contains("im9-rocket"),
        "{e}"
    );
    let typo = format!("sildes = []\n{models}");
    let e = err(&[
        ("acme/content/models.toml", &typo),
        ("acme/content/model_variants.json", &variants),
        ("acme/content/colours.json", &colours),
    ]);
    assert!(e.contains("models.toml") && e.contains("sildes"), "{e}");
    let inline = format!("{models}\n[[variants]]\nid = \"x\"\n");
    let e = err(&[
        ("acme/content/models.toml", &inline),
        ("acme/content/model_variants.json", &variants),
        ("acme/content/colours.json", &colours),
    ]);
    assert!(e.contains("models.toml") && e.contains("variants"), "{e}");
}

/// A UI build's route table (as `ui-shell/dist/routes.json` carries it) for the documents.
const ROUTES: &str = r#"[
 {"id":"home","path":"/","title":"Home","page":"home"},
 {"id":"models","path":"/models","title":"Models","page":"models"},
 {"id":"models-compare","path":"/models/compare","title":"Compare","page":"model-compare"},
 {"id":"model-family","path":"/models/:baseId","title":"Model","page":"model-family"},
 {"id":"recall","path":"/recall","title":"Recalls","page":"recall"},
 {"id":"marketing-page","path":"/pages/*","title":"Page","page":"content"},
 {"id":"privacy-policy","path":"/privacy-policy","title":"Privacy policy","page":"content"},
 {"id":"diamond-advantage","path":"/diamond-advantage","title":"Diamond advantage","page":"content"},
 {"id":"careers","path":"/careers","title":"Careers"}
]"#;

#[tokio::test]
async fn documents_inline_the_content_and_404_what_a_site_lacks() {
    let tdb = test_db().await;
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    let mut state = common::state(&tdb.db, reg, &repo_tenants_dir(), None).await;
    common::use_routes(&mut state, ROUTES);
    let app = common::app(state);

    let (s, _, b) = call(&app, get("im-motors-au.localhost", "/models")).await;
    assert_eq!(s, StatusCode::OK);
    let d = inline(&b);
    assert_eq!(d["route"]["id"], "models");
    assert_eq!(d["page"]["variants"].as_array().unwrap().len(), 6);
    assert!(b.contains("<title>Models | IM Motors</title>"), "{}", &b[..b.len().min(600)]);
    let hero = d["page"]["slides"][0]["imageSrc"].as_str().unwrap();
    assert!(
        b.contains(&format!("imagesrcset=\"{hero}?w=640 640w, {hero}?w=800 800w, {hero}?w=960 960w\"")),
        "the first slide is preloaded from the document"
    );
    let (s, _, b) = call(&app, get("im-motors-au.localhost", "/models/im6")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["route"]["params"]["baseId"], "im6");
    let (s, _, b) = call(&app, get("im-motors-au.localhost", "/models/compare")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["route"]["id"], "models-compare");
    let (s, _, _) = call(&app, get("im-motors-au.localhost", "/models/im9")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/models")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "no model area on drive-depot");

    let (s, _, b) = call(&app, get("im-motors-au.localhost", "/recall")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(b.contains("REC-005652"), "the recall number is in the document for crawlers");
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/privacy-policy")).await;
    assert_eq!(s, StatusCode::OK);
    let d = inline(&b);
    assert_eq!(d["page"]["path"], "/privacy-policy");
    let title = d["page"]["title"].as_str().unwrap();
    assert!(b.contains(&format!("<title>{title} | Drive Depot</title>")));
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/pages/warranty")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["route"]["id"], "marketing-page");
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/pages/nothing-here")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/diamond-advantage")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = call(&app, get("harbourside-mercedes.localhost", "/diamond-advantage")).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/careers")).await;
    assert_eq!(s, StatusCode::OK, "a route without a page kind renders as before");
}
