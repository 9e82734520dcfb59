//! The host parts of the SRP and VDP (docs/features/platform.md "Search results page" and
//! "Vehicle detail page") over a real database, the real plugin host and real image files: the
//! image endpoint (resize, format by Accept, disk cache, ETag, tenant confinement, placeholders),
//! SRP route scopes, view counts, phone reveals, dealer-comment sanitising and the print PDF.

mod common;

use std::{path::Path, sync::Arc};

use axum::{
    body::Body,
    http::{HeaderMap, Request, StatusCode},
};
use common::{call, get, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    config::Settings,
    http::state::{AppState, StateParts},
    repo::TenantRepo,
    stock::import_feed,
};
use http_body_util::BodyExt;
use tower::ServiceExt;

const HOSTILE: &str = "<p>Great car <img src=x onerror=alert(1)> <script>alert(2)</script>\
<a href=\"https://example.com/report\" onclick=\"steal()\">history</a></p>";

fn feed() -> String {
    format!(
        "stocknum,vin,year,make,model,badge,price,km,car_type,status,trans,body,simple_body,fuel,location_slug,image_urls,standard_equipment,dealercomments\n\
V1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,C200,45990,30000,used,in_stock,Automatic,Sedan,sedan,Petrol,alpha-sales,/img/cars/v1.png|/img/cars/v1b.jpg,Heated seats|Sunroof,\"{}\"\n\
V2,,2020,Toyota,Corolla,Ascent,19990,45000,used,in_stock,Automatic,Hatch,hatch,Petrol,alpha-sales,,,\n\
V3,,2024,Toyota,RAV4,GX,41990,12,new,in_stock,Automatic,SUV,suv,Hybrid,alpha-sales,,,\n",
        HOSTILE.replace('"', "\"\"")
    )
}

struct Fixture {
    _db: common::TestDb,
    _tenants: tempfile::TempDir,
    data: tempfile::TempDir,
    state: AppState,
    app: axum::Router,
}

/// Two tenants; alpha has a media folder with a 1200x800 PNG and a 900x600 JPEG and three cars.
async fn fixture() -> Fixture {
    let tdb = test_db().await;
    let alpha = tenant_toml("alpha").replace(
        "[[dealerships]]",
        "[phones]\nused = \"+61 7 5550 0101\"\nnew = \"07 5550 0102\"\n\n[[dealerships]]",
    );
    let (dir, reg) = write_tenants(&[("alpha", alpha), ("beta", tenant_toml("beta"))]);
    let media = dir.path().join("alpha/media/cars");
    std::fs::create_dir_all(&media).unwrap();
    let img = image::RgbImage::from_fn(1200, 800, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
    img.save(media.join("v1.png")).unwrap();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(900, 600, |x, _| image::Rgb([200, (x % 200) as u8, 40])))
        .save(media.join("v1b.jpg"))
        .unwrap();
    std::fs::write(media.join("notes.txt"), "not an image").unwrap();
    std::fs::write(media.join("broken.png"), "not a png at all").unwrap();
    std::fs::write(dir.path().join("alpha/secret.jpg"), std::fs::read(media.join("v1b.jpg")).unwrap()).unwrap();
    let data = tempfile::tempdir().unwrap();
    let base = common::state(&tdb.db, reg, dir.path(), None).await;
    let settings = Settings {
        data_dir: data.path().to_owned(),
        ..(*base.settings).clone()
    };
    let state = AppState::new(StateParts {
        settings: Arc::new(settings),
        ..(*base).clone()
    });
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let opts = common::csv_opts("feed");
    let r = import_feed(&tdb.db, &t, feed().as_bytes(), opts).await.unwrap();
    assert_eq!(r.inserted, 3, "{r:?}");
    let app = common::app(state.clone());
    Fixture {
        _db: tdb,
        _tenants: dir,
        data,
        state,
        app,
    }
}

/// (status, headers, body bytes).
async fn call_bytes(app: &axum::Router, req: Request<Body>) -> (StatusCode, HeaderMap, Vec<u8>) {
    let res = app.clone().oneshot(req).await.unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    (status, headers, res.into_body().collect().await.unwrap().to_bytes().to_vec())
}

fn img_req(host: &str, path: &str, accept: &str) -> Request<Body> {
    Request::get(path)
        .header("host", host)
        .header("accept", accept)
        .body(Body::empty())
        .unwrap()
}

fn cached_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

#[tokio::test]
async fn the_image_endpoint_resizes_by_width_and_picks_the_format_from_accept() {
    let f = fixture().await;
    let (s, h, body) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1.png?w=250", "image/webp,*/*")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h["content-type"], "image/webp");
    assert_eq!(h["vary"], "Accept");
    let webp = image::load_from_memory(&body).expect("decodes");
    assert_eq!((webp.width(), webp.height()), (250, 166), "aspect kept");

    let (s, h, body) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1.png?w=390", "*/*")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h["content-type"], "image/jpeg", "an opaque PNG becomes JPEG for old clients");
    let jpeg = image::load_from_memory(&body).unwrap();
    assert_eq!(jpeg.width(), 400, "390 rounds up to the 400 step");

    // AVIF: the first answer is the WebP (short-lived) while the AVIF is made in the
    // background; later answers are the AVIF, cached for a day.
    let avif = || img_req("alpha.localhost", "/img/cars/v1b.jpg?w=500&q=60", "image/avif,image/webp,*/*");
    let (s, h, body) = call_bytes(&f.app, avif()).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (h["content-type"].to_str().unwrap(), h["cache-control"].to_str().unwrap()),
        ("image/webp", "public, max-age=60")
    );
    assert_eq!(image::load_from_memory(&body).unwrap().width(), 500);
    let mut made = None;
    for _ in 0..600 {
        let (s, h, body) = call_bytes(&f.app, avif()).await;
        assert_eq!(s, StatusCode::OK);
        if h["content-type"] == "image/avif" {
            made = Some((h, body));
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (h, body) = made.expect("the background encoder made the AVIF within 60 s");
    assert_eq!(h["cache-control"], "public, max-age=86400");
    assert_eq!(&body[4..12], b"ftypavif", "an AVIF file");

    let (_, _, big) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1b.jpg?w=2560", "*/*")).await;
    assert_eq!(image::load_from_memory(&big).unwrap().width(), 900, "never enlarged");

    let (_, _, q90) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1b.jpg?w=640&q=90", "*/*")).await;
    let (_, _, q30) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1b.jpg?w=640&q=30", "*/*")).await;
    assert!(q30.len() < q90.len(), "quality applies: {} vs {}", q30.len(), q90.len());
}

#[tokio::test]
async fn resized_images_are_cached_on_disk_and_revalidated_by_etag() {
    let f = fixture().await;
    let cache = f.data.path().join("cache/img/alpha");
    let (s, h, first) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1.png?w=400", "image/webp")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(cached_files(&cache), 1, "written once");
    let (_, _, second) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1.png?w=400", "image/webp")).await;
    assert_eq!(first, second, "same bytes from the cache");
    assert_eq!(cached_files(&cache), 1, "no second entry, no temp files left");
    let etag = h["etag"].to_str().unwrap().to_string();
    let req = Request::get("/img/cars/v1.png?w=400")
        .header("host", "alpha.localhost")
        .header("accept", "image/webp")
        .header("if-none-match", &etag)
        .body(Body::empty())
        .unwrap();
    let (s, _, body) = call_bytes(&f.app, req).await;
    assert_eq!(s, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
    // Another format is another entry with another tag.
    let (_, h2, _) = call_bytes(&f.app, img_req("alpha.localhost", "/img/cars/v1.png?w=400", "*/*")).await;
    assert_ne!(h2["etag"].to_str().unwrap(), etag);
    assert_eq!(cached_files(&cache), 2);
}

#[tokio::test]
async fn images_stay_inside_their_tenant_and_bad_options_name_the_field() {
    let f = fixture().await;
    for (host, path) in [
        ("beta.localhost", "/img/cars/v1.png"),
        ("alpha.localhost", "/img/cars/missing.png"),
        ("alpha.localhost", "/img/../secret.jpg"),
        ("alpha.localhost", "/img/cars/%2E%2E/%2E%2E/secret.jpg"),
    ] {
        let (s, _, _) = call_bytes(&f.app, img_req(host, path, "*/*")).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{host}{path}");
    }
    let (s, _, body) = call(&f.app, get("alpha.localhost", "/img/cars/v1.png?w=99999")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("\"field\":\"w\""), "{body}");
    let (s, _, body) = call(&f.app, get("alpha.localhost", "/img/cars/v1.png?q=0")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(body.contains("\"field\":\"q\""), "{body}");
    let (s, _, _) = call(&f.app, get("alpha.localhost", "/img/cars/notes.txt")).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (s, _, _) = call(&f.app, get("alpha.localhost", "/img/cars/broken.png?w=250")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, h, svg) = call(&f.app, get("alpha.localhost", "/img/placeholder/suv.svg")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h["content-type"], "image/svg+xml");
    assert!(svg.contains("aria-label=\"SUV: photo coming soon\""), "{svg}");
}

#[tokio::test]
async fn search_paths_mean_refinements_with_a_heading_and_breadcrumbs() {
    let f = fixture().await;
    let json = |body: &str| serde_json::from_str::<serde_json::Value>(body).unwrap();
    let (s, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search?path=/search/toyota")).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let v = json(&body);
    assert_eq!(v["count"], 2);
    assert_eq!(v["scope"]["heading"], "Toyota");
    assert_eq!(v["scope"]["refinements"]["make"][0], "Toyota");
    assert_eq!(v["address"], "", "the route's own refinement is not repeated in the address");
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search?path=%2Fsearch%2Ftoyota%2Frav4")).await;
    let v = json(&body);
    assert_eq!(v["count"], 1);
    assert_eq!(v["scope"]["heading"], "Toyota RAV4");
    let crumbs: Vec<&str> = v["scope"]["breadcrumbs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["href"].as_str().unwrap())
        .collect();
    assert_eq!(
        crumbs,
        vec!["/", "/search/new-used-and-demo-cars", "/search/toyota", "/search/toyota/rav4"]
    );
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search?path=/search/new-cars")).await;
    assert_eq!(json(&body)["count"], 1);
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search?path=/search/hatch")).await;
    assert_eq!(json(&body)["scope"]["refinements"]["body"][0], "hatch");
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search?path=/search/alpha-dealer")).await;
    assert_eq!(json(&body)["scope"]["heading"], "alpha Dealer", "a dealership slug");
    // A shopper's own make is added to the route's (values of one attribute are ORed).
    let (_, _, body) = call(
        &f.app,
        get("alpha.localhost", "/api/v1/search?path=/search/toyota&make=Mercedes-Benz"),
    )
    .await;
    assert_eq!(json(&body)["count"], 3);
    // Disjunctive facets: the refined make still lists the other makes; other facets narrow.
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search?make=Toyota")).await;
    let v = json(&body);
    assert_eq!(v["count"], 2);
    let count_of = |attr: &str, value: &str| {
        v["facets"][attr]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["value"] == value)
            .map(|i| i["count"].as_u64().unwrap())
    };
    assert_eq!(count_of("make", "Toyota"), Some(2));
    assert_eq!(count_of("make", "Mercedes-Benz"), Some(1), "{}", v["facets"]["make"]);
    assert_eq!(count_of("body", "sedan"), None, "the Mercedes sedan is not a Toyota");
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/search/count?path=/search/used-cars")).await;
    assert_eq!(json(&body)["count"], 2);
    for bad in ["/search/ford", "/search/toyota/hilux", "/search/a/b/c"] {
        let (s, _, _) = call(&f.app, get("alpha.localhost", &format!("/api/v1/search?path={bad}"))).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{bad}");
    }
    // beta has no Toyotas: the same path is a 404 there.
    let (s, _, _) = call(&f.app, get("beta.localhost", "/api/v1/search?path=/search/toyota")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn views_are_counted_and_phone_reveals_are_logged_with_the_car() {
    let f = fixture().await;
    let slug = "2019-mercedes-benz-c-class-v1";
    let json = |body: &str| serde_json::from_str::<serde_json::Value>(body).unwrap();
    for n in 1..=2 {
        let (s, _, body) = call(
            &f.app,
            get(
                "alpha.localhost",
                &format!("/api/v1/cars/{slug}/view.json?photos_count=2&updated_at=1&website_id=alpha"),
            ),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{body}");
        let v = json(&body);
        assert_eq!(v["views"], n);
        assert_eq!(v["car_fields"]["photos_count"], 2);
    }
    let (s, _, body) = call(
        &f.app,
        get("alpha.localhost", &format!("/api/v1/cars/{slug}/view.json?website_id=beta")),
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "another site's page: no such car here");
    assert!(body.contains("\"field\":\"website_id\""));
    let (s, _, _) = call(&f.app, get("beta.localhost", &format!("/api/v1/cars/{slug}/view.json"))).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "another tenant's car");

    let (_, _, body) = call(&f.app, get("alpha.localhost", &format!("/api/v1/cars/{slug}"))).await;
    let car = json(&body);
    let (id, dealership) = (car["car"]["id"].as_i64().unwrap(), car["car"]["dealership_id"].as_i64().unwrap());
    assert_eq!(car["car"]["views"], 2, "the count is stored");
    let post = |host: &str, body: String| {
        Request::post(format!("/api/v1/cars/{slug}/phone-reveal"))
            .header("host", host)
            .header("content-type", "application/json")
            .header("user-agent", "e2e-test")
            .body(Body::from(body))
            .unwrap()
    };
    let repo = TenantRepo::new(&f.state.db, "alpha");
    for (body, field, status) in [
        (
            format!(r#"{{"car_id":{},"dealership_id":{dealership},"website_id":"alpha"}}"#, id + 1),
            "car_id",
            StatusCode::NOT_FOUND,
        ),
        (
            format!(r#"{{"car_id":{id},"dealership_id":{},"website_id":"alpha"}}"#, dealership + 9),
            "dealership_id",
            StatusCode::NOT_FOUND,
        ),
        (
            format!(r#"{{"car_id":{id},"dealership_id":{dealership},"website_id":"beta"}}"#),
            "website_id",
            StatusCode::NOT_FOUND,
        ),
        (r#"{"car_id":"x"}"#.to_string(), "car_id", StatusCode::BAD_REQUEST),
    ] {
        let (s, _, text) = call(&f.app, post("alpha.localhost", body)).await;
        assert_eq!(s, status, "{text}");
        assert!(text.contains(&format!("\"field\":\"{field}\"")), "{text}");
    }
    assert!(repo.phone_reveals(id).await.unwrap().is_empty(), "refused reveals are not logged");
    let (s, _, text) = call(
        &f.app,
        post(
            "alpha.localhost",
            format!(r#"{{"car_id":{id},"dealership_id":{dealership},"website_id":"alpha"}}"#),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{text}");
    let v = json(&text);
    assert_eq!(
        v["display"], "07 5550 0101",
        "+61 becomes 0, grouped 2-4-4 (docs/features/shopper-core.md §9)"
    );
    assert_eq!(v["dial"], "+61755500101");
    let log = repo.phone_reveals(id).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!((log[0].0, log[0].1.as_str()), (dealership, "alpha"));
    assert!(TenantRepo::new(&f.state.db, "beta").phone_reveals(id).await.unwrap().is_empty());
}

#[tokio::test]
async fn dealer_comments_are_sanitised_on_the_host_and_the_car_prints_as_pdf() {
    let f = fixture().await;
    let slug = "2019-mercedes-benz-c-class-v1";
    let (_, _, body) = call(&f.app, get("alpha.localhost", &format!("/api/v1/cars/{slug}"))).await;
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let html = v["dealercomments_html"].as_str().unwrap();
    assert!(html.starts_with("<p>Great car"), "{html}");
    for bad in ["<img", "onerror", "<script", "onclick", "alert(2)"] {
        assert!(!html.contains(bad), "`{bad}` removed: {html}");
        assert!(!v["car"]["dealercomments"].as_str().unwrap().contains(bad));
    }
    assert!(html.contains("rel=\"noopener noreferrer nofollow\""), "{html}");
    assert_eq!(v["images"][0]["thumb_url"], "/img/cars/v1.png?w=160");
    let (_, _, body) = call(&f.app, get("alpha.localhost", "/api/v1/cars/2020-toyota-corolla-v2")).await;
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(v["dealercomments_html"].is_null());

    let (s, h, pdf) = call_bytes(&f.app, get("alpha.localhost", &format!("/api/v1/cars/{slug}/print.pdf"))).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h["content-type"], "application/pdf");
    assert_eq!(h["content-disposition"], format!("attachment; filename=\"{slug}.pdf\""));
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(pdf.len() < 100_000, "fonts are embedded as subsets: {} bytes", pdf.len());
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("/FontFile2"), "embedded fonts (tests/print_pdf.rs covers the text)");
    assert!(text.contains("2019 Mercedes-Benz C-Class C200"), "the title is in the document");
    let (s, _, _) = call_bytes(&f.app, get("beta.localhost", &format!("/api/v1/cars/{slug}/print.pdf"))).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}
