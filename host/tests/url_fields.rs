//! URL fields take only http(s) (and, for images, the tenant's `/img/` media path): real CSV and
//! JSON imports into a real database (SQLite, or PostgreSQL with FORECOURT_TEST_DATABASE_URL)
//! refuse a row whose image, spin, video or history-report URL is `javascript:`, `data:`, `vbscript:`,
//! protocol-relative or hides a control character, naming the field, and store none of it; the
//! VDP API then serves only the good rows' URLs. A plugin's tag answer with such an image URL is
//! an invalid answer: checked here through the answer check itself (`tag_answer`), since making
//! a WASM plugin that answers it would need a new plugin build.

mod common;

use std::sync::Arc;

use common::{call, get, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    http::state::AppState,
    plugins::{points::tag_rules::tag_answer, since_v0_1_0::tag_rules as wtr},
    repo::TenantRepo,
    stock::{
        ImportOptions, import_feed,
        validate::{MEDIA_PREFIX, URL_FIELDS, check_url},
    },
    tenant::{FeedFormat, Tenant},
};

fn opts(format: FeedFormat) -> ImportOptions {
    ImportOptions {
        source: "feed".into(),
        format,
        mode: None,
        mapping: None,
        mapping_text: None,
        progress: false,
        now: 1_795_000_000,
    }
}

/// Hostile values, each with the field it goes in.
const HOSTILE: &[(&str, &str)] = &[
    ("image_urls", "javascript:alert(document.cookie)"),
    ("image_urls", "JavaScript:alert(1)"),
    ("image_urls", "data:text/html,<script>alert(1)</script>"),
    ("image_urls", "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="),
    ("image_urls", "//evil.example/x.jpg"),
    ("image_urls", "/img/../secret.jpg"),
    ("image_urls", "/\\evil.example/x.jpg"),
    ("image_urls", "https://cdn.example/a.jpg\u{1b}"),
    ("image_urls", "java\u{0b}script:alert(1)"),
    ("spin_images", "vbscript:msgbox(1)"),
    ("spin_images", "file:///etc/passwd"),
    ("spin_interior_image", "ftp://files.example/spin.jpg"),
    ("spin_interior_image", "http:evil.example/x.jpg"),
    ("video_url", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="),
    ("video_url", "/img/cars/video.mp4"),
    ("external_video_url", "javascript://%0Aalert(1)"),
    ("external_video_url", "https://"),
    ("file", "javascript:alert(document.domain)"),
    ("file", "data:application/pdf;base64,JVBERi0="),
];

fn car(stocknum: &str, field: &str, value: serde_json::Value) -> serde_json::Value {
    let mut c = serde_json::json!({
        "stocknum": stocknum, "year": 2021, "make": "Mazda", "model": "CX-5",
        "price": 31990, "car_type": "used",
    });
    c[field] = value;
    c
}

/// A database and tenant `alpha`: (database, tenant folder, state, tenant).
async fn setup() -> (common::TestDb, tempfile::TempDir, AppState, Arc<Tenant>) {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    (tdb, dir, state, t)
}

#[tokio::test]
async fn a_json_feed_row_with_a_non_http_url_is_refused_naming_the_field() {
    let (tdb, _dir, state, t) = setup().await;

    let mut cars = vec![
        car(
            "GOOD1",
            "image_urls",
            serde_json::json!(["/img/cars/a.jpg", "https://cdn.example/b.jpg?w=2"]),
        ),
        car("GOOD2", "video_url", serde_json::json!("https://www.youtube.com/watch?v=abc")),
        car("GOOD4", "file", serde_json::json!("https://reports.example/history/WDD123.pdf")),
        car(
            "GOOD3",
            "images",
            serde_json::json!([{"image": {"url": "HTTP://CDN.example/c.jpg"}}]),
        ),
    ];
    for (i, (field, value)) in HOSTILE.iter().enumerate() {
        let v = if field.ends_with('s') {
            serde_json::json!(["https://cdn.example/ok.jpg", value])
        } else {
            serde_json::json!(value)
        };
        cars.push(car(&format!("BAD{i}"), field, v));
    }
    // The spec's nested image objects are checked too.
    cars.push(car("BADNESTED", "images", serde_json::json!([{"url": "javascript:alert(1)"}])));
    let feed = serde_json::json!({ "cars": cars }).to_string();
    let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts(FeedFormat::Json)).await.unwrap();
    assert_eq!((r.inserted, r.rejected), (4, HOSTILE.len() + 1), "{r:#?}");
    for e in &r.errors {
        let stocknum = e.stocknum.as_deref().unwrap();
        let want = match stocknum.strip_prefix("BAD").and_then(|n| n.parse::<usize>().ok()) {
            Some(i) => HOSTILE[i].0,
            None => "image_urls",
        };
        assert_eq!(e.errors.len(), 1, "{stocknum}: {e:?}");
        assert_eq!(e.errors[0].field, want, "{stocknum}: {e:?}");
        assert!(e.errors[0].reason.contains("must be an http(s) URL"), "{e:?}");
    }

    let repo = TenantRepo::new(&tdb.db, "alpha");
    let stored = repo.cars(100, 0).await.unwrap();
    let mut nums: Vec<&str> = stored.iter().map(|c| c.stocknum.as_str()).collect();
    nums.sort_unstable();
    assert_eq!(nums, ["GOOD1", "GOOD2", "GOOD3", "GOOD4"]);
    let all = serde_json::to_string(&stored).unwrap().to_ascii_lowercase();
    for bad in ["javascript", "data:", "vbscript", "evil.example", "file:"] {
        assert!(!all.contains(bad), "`{bad}` stored: {all}");
    }

    // What the page and `og:image` read is what was stored: the good URLs only.
    let app = common::app(state);
    let slug = stored.iter().find(|c| c.stocknum == "GOOD1").unwrap().slug.clone();
    let (s, _, body) = call(&app, get("alpha.localhost", &format!("/api/v1/cars/{slug}"))).await;
    assert_eq!(s, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["primary_image_url"], "/img/cars/a.jpg");
    assert_eq!(v["images"][1]["url"], "https://cdn.example/b.jpg?w=2", "{v}");
}

#[tokio::test]
async fn a_csv_feed_row_with_a_script_url_is_refused_and_the_rest_import() {
    let (tdb, _dir, _state, t) = setup().await;
    let feed = "stocknum,year,make,model,price,car_type,image_urls,video_url\n\
C1,2021,Mazda,CX-5,31990,used,/img/cars/a.jpg|https://cdn.example/b.jpg,https://vimeo.com/1\n\
C2,2021,Mazda,CX-5,31990,used,https://cdn.example/a.jpg|javascript:alert(1),\n\
C3,2021,Mazda,CX-5,31990,used,,\"data:text/html,<b>hi</b>\"\n";
    let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts(FeedFormat::Csv)).await.unwrap();
    assert_eq!((r.inserted, r.rejected), (1, 2), "{r:#?}");
    let fields: Vec<(&str, &str)> = r
        .errors
        .iter()
        .map(|e| (e.stocknum.as_deref().unwrap(), e.errors[0].field.as_str()))
        .collect();
    assert_eq!(fields, [("C2", "image_urls"), ("C3", "video_url")]);
    assert!(r.errors[0].errors[0].reason.contains("`javascript:alert(1)`"), "{r:?}");

    // A re-import of the stored car with a hostile URL leaves the stored row as it was.
    let repo = TenantRepo::new(&tdb.db, "alpha");
    let before = serde_json::to_value(repo.cars(100, 0).await.unwrap()).unwrap();
    let again = "stocknum,year,make,model,price,car_type,image_urls\nC1,2021,Mazda,CX-5,29990,used,javascript:alert(1)\n";
    let r = import_feed(&tdb.db, &t, again.as_bytes(), opts(FeedFormat::Csv)).await.unwrap();
    assert_eq!((r.updated, r.rejected), (0, 1), "{r:#?}");
    assert_eq!(serde_json::to_value(repo.cars(100, 0).await.unwrap()).unwrap(), before);
}

#[test]
fn the_url_check_accepts_http_https_and_media_paths_only() {
    for ok in [
        "https://cdn.example/a.jpg",
        "http://cdn.example:8080/a b".replace(' ', "%20").as_str(),
        "HTTPS://CDN.EXAMPLE/A.JPG",
        "https://[::1]/a.jpg",
    ] {
        assert_eq!(check_url(ok, None), Ok(()), "{ok}");
    }
    assert_eq!(check_url("/img/cars/a.jpg", Some(MEDIA_PREFIX)), Ok(()));
    assert!(check_url("/img/cars/a.jpg", None).is_err(), "video fields take no media path");
    assert!(
        check_url("/assets/cpo.svg", Some(MEDIA_PREFIX)).is_err(),
        "feeds name media, not site files"
    );
    for (field, bad) in HOSTILE {
        let local = URL_FIELDS.iter().find(|(f, _)| f == field).and_then(|(_, l)| *l);
        assert!(check_url(bad, local).is_err(), "{field}: {bad:?}");
        assert!(
            check_url(bad, Some("/")).is_err() || bad.starts_with("/img/cars"),
            "{bad:?} as a plugin path"
        );
    }
    for bad in [
        "",
        "/img/",
        "/img//x.jpg",
        "/media/a.jpg",
        "img/a.jpg",
        "https://cdn.example/a b.jpg",
        "mailto:a@b.c",
    ] {
        assert!(check_url(bad, Some(MEDIA_PREFIX)).is_err(), "{bad:?}");
    }
    // The refused value is shown without its control characters (no terminal escapes).
    let why = check_url("https://cdn.example/\u{1b}[2J", Some(MEDIA_PREFIX)).unwrap_err();
    assert!(!why.contains('\u{1b}') && why.contains("\u{FFFD}[2J"), "{why}");
    // A long data: URL is named, cut to 80 characters.
    let long = format!("data:image/png;base64,{}", "A".repeat(10_000));
    let why = check_url(&long, Some(MEDIA_PREFIX)).unwrap_err();
    assert!(why.len() < 200, "{why}");
}

fn show(image_url: Option<&str>) -> wtr::TagAnswer {
    wtr::TagAnswer::Show(wtr::Tag {
        text: "Certified Pre-Owned".into(),
        kind: wtr::TagKind::CertifiedPreOwned,
        image_url: image_url.map(String::from),
    })
}

#[test]
fn a_plugin_tag_with_a_non_http_image_url_is_an_invalid_answer() {
    // The demo tenant's certified badge is a file of the site (`/assets/...`).
    for ok in [
        "https://cdn.example/cpo.svg",
        "/img/badges/cpo.png",
        "/assets/harbourside-mercedes/certified-pre-owned.svg",
    ] {
        let tag = tag_answer(show(Some(ok)), &["cdn.example".to_string()]).unwrap().unwrap().unwrap();
        assert_eq!(tag.image_url.as_deref(), Some(ok));
    }
    assert!(tag_answer(show(None), &[]).unwrap().unwrap().unwrap().image_url.is_none());
    // An https image on a host the plugin is not allowed (`image_hosts`) is refused.
    let why = tag_answer(show(Some("https://cdn.example/cpo.svg")), &[]).unwrap_err();
    assert!(why.starts_with("tag.image-url ") && why.contains("image_hosts"), "{why}");
    for (_, bad) in HOSTILE.iter().filter(|(f, _)| f.contains("image")) {
        let why = tag_answer(show(Some(bad)), &["cdn.example".to_string()]).unwrap_err();
        assert!(why.starts_with("tag.image-url "), "{bad:?}: {why}");
    }
}
