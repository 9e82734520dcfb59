//! The printable car PDF (docs/features/platform.md "Vehicle detail page") renders any Unicode
//! text: a car imported into a real database (SQLite, or PostgreSQL with
//! FORECOURT_TEST_DATABASE_URL) whose text mixes emoji, CJK, Hangul, Arabic and Hebrew (RTL),
//! control characters and U+FFFD is fetched over real HTTP on 127.0.0.1; the answer is a 200
//! `application/pdf` that lopdf parses, with embedded subset fonts, and the Latin text reads back
//! out of it. Then many arbitrary Unicode strings go through `print::render_pdf` (proptest): every
//! one gives a parseable PDF, never an error. `FORECOURT_PRINT_PDF_OUT=/tmp/car.pdf` keeps the
//! first test's PDF to look at.

mod common;

use std::{
    net::SocketAddr,
    sync::{Arc, Mutex},
};

use common::{tenant_toml, test_db, write_tenants};
use forecourt_host::{
    cars::CarResponse,
    http::state::AppState,
    print::{printable, render_pdf},
    stock::import_feed,
    tenant::{FeedFormat, Tenant},
};
use proptest::{prelude::*, test_runner::TestRunner};

const EMOJI: &str = "Family SUV \u{1F697}\u{1F4A8} \u{2764}\u{FE0F} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
const CJK: &str =
    "\u{8F66}\u{51B5}\u{826F}\u{597D} \u{65E5}\u{672C}\u{8A9E}\u{306E}\u{30C6}\u{30AD}\u{30B9}\u{30C8} \u{D55C}\u{AD6D}\u{C5B4}";
const RTL: &str = "\u{0633}\u{064A}\u{0627}\u{0631}\u{0629} \u{05DE}\u{05DB}\u{05D5}\u{05E0}\u{05D9}\u{05EA} 2021";
const CONTROL: &str = "Bell\u{7} escape\u{1b}[31m null\u{0} delete\u{7f} \u{FFFD}\u{FFFD} \u{202E}reversed\u{202C}";

/// The Latin sentence that must read back out of the PDF.
const LATIN: &str = "Immaculate condition throughout";

fn feed() -> String {
    serde_json::json!({"cars": [{
        "stocknum": "U1", "vin": "WDDHF5GB7BA292772", "year": 2021, "make": "Hyundai",
        "model": "Tucson", "badge": EMOJI, "series": CJK, "colour": RTL, "trans": CONTROL,
        "price": 38990, "km": 21000, "car_type": "used",
        "standard_equipment": [EMOJI, CJK, RTL, CONTROL, "Apple CarPlay"],
        "dealercomments": format!("<p>{LATIN}.</p><p>{CJK} {RTL}</p><p>{EMOJI} {CONTROL}</p>"),
    }]})
    .to_string()
}

/// Serves the router on 127.0.0.1 (a real socket) and returns its address.
async fn serve(app: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
            .await
            .unwrap()
    });
    addr
}

/// Parses a PDF and returns its page count and its extracted text.
fn parse(pdf: &[u8]) -> (usize, String) {
    let doc = lopdf::Document::load_mem(pdf).expect("a parseable PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    assert!(!pages.is_empty(), "the PDF has pages");
    let text = doc.extract_text(&pages).unwrap_or_default();
    (pages.len(), text)
}

/// A database and tenant `alpha` with the one car of [`feed`] imported: (database, tenant folder,
/// state, tenant, the car's slug).
async fn imported() -> (common::TestDb, tempfile::TempDir, AppState, Arc<Tenant>, String) {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let r = import_feed(&tdb.db, &t, feed().as_bytes(), {
        let mut o = common::csv_opts("feed");
        o.format = FeedFormat::Json;
        o
    })
    .await
    .unwrap();
    assert_eq!(r.inserted, 1, "{r:?}");
    let slug = forecourt_host::repo::TenantRepo::new(&tdb.db, "alpha").cars(10, 0).await.unwrap()[0]
        .slug
        .clone();
    (tdb, dir, state, t, slug)
}

#[tokio::test]
async fn a_car_with_emoji_cjk_rtl_and_control_characters_prints_over_http() {
    let (_db, _dir, state, _t, slug) = imported().await;
    let addr = serve(common::app(state.clone())).await;

    let client = reqwest::Client::new();
    let fetch = |slug: &str| {
        client
            .get(format!("http://{addr}/api/v1/cars/{slug}/print.pdf"))
            .header("host", "alpha.localhost")
            .send()
    };
    let res = fetch(&slug).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let pdf = res.bytes().await.unwrap();
    if let Ok(path) = std::env::var("FORECOURT_PRINT_PDF_OUT") {
        std::fs::write(path, &pdf).unwrap();
    }
    assert!(pdf.starts_with(b"%PDF-"));
    let (pages, text) = parse(&pdf);
    assert_eq!(pages, 1, "one A4 page");
    let squeezed: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squeezed.contains(LATIN), "Latin text reads back: {squeezed}");
    assert!(squeezed.contains("Hyundai Tucson"), "{squeezed}");
    // Fonts are embedded (TrueType programs), and subset: the three bundled fonts weigh 4.9 MB.
    let raw = String::from_utf8_lossy(&pdf);
    assert!(raw.contains("/FontFile2"), "embedded TrueType fonts");
    assert!(pdf.len() < 300_000, "subset fonts: {} bytes", pdf.len());

    // The same route for a slug the tenant lacks is a 404, as before.
    assert_eq!(fetch("no-such-car").await.unwrap().status(), 404);
}

/// Any Unicode string in any text field renders: proptest over arbitrary strings (all planes,
/// controls, unpaired-bidi and combining marks included) put in the name, badge, series, colour,
/// features and comments of a real car, 48 cases plus the crafted ones.
#[tokio::test]
async fn arbitrary_unicode_text_never_fails_to_render() {
    let (_db, _dir, state, t, slug) = imported().await;
    let res = forecourt_host::cars::detail(state.platform(), &t, &slug).await.unwrap();
    let res = Mutex::new(res);

    let render = |res: &mut CarResponse, s: &str| {
        res.name = format!("{LATIN} {s}");
        res.car.badge = Some(s.to_string());
        res.car.series = Some(s.repeat(3));
        res.car.colour = Some(s.to_string());
        res.car.standard_equipment.0 = vec![s.to_string(), s.chars().rev().collect()];
        res.dealercomments_html = Some(format!("<p>{}</p><p>{s}</p>", s.repeat(20)));
        let pdf = render_pdf(res, s, &format!("https://alpha.localhost/cars/{s}")).map_err(|e| e.to_string())?;
        let (_, text) = parse(&pdf);
        if text.split_whitespace().collect::<Vec<_>>().join(" ").contains(LATIN) {
            Ok(())
        } else {
            Err(format!("the Latin name is missing from {text:?}"))
        }
    };

    let crafted = [
        EMOJI.to_string(),
        CJK.repeat(40),
        RTL.repeat(30),
        CONTROL.to_string(),
        "\u{FFFD}".repeat(500),
        "\u{0301}\u{0301}\u{0308} leading combining marks".into(),
        "\u{10FFFF}\u{E000}\u{F8FF}\u{FDD0}\u{FFFF} private use and noncharacters".into(),
        "a".repeat(5_000),
        "\u{200F}\u{202B}\u{2067} unclosed bidi \u{05D0}\u{05D1} mixed 123 \u{0627}\u{0628}".into(),
        String::new(),
        "\u{0915}\u{094D}\u{0937} \u{0BA4}\u{0BAE}\u{0BBF}\u{0BB4}\u{0BCD} Devanagari and Tamil (no font)".into(),
    ];
    for s in &crafted {
        render(&mut res.lock().unwrap(), s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    }

    let mut runner = TestRunner::new(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    runner
        .run(&proptest::string::string_regex("(?s).{0,120}").unwrap(), |s| {
            render(&mut res.lock().unwrap(), &s).map_err(TestCaseError::fail)
        })
        .unwrap();
}

#[test]
fn printable_text_keeps_letters_and_drops_controls() {
    assert_eq!(printable(CONTROL), "Bell escape[31m null delete \u{FFFD}\u{FFFD} reversed");
    assert_eq!(printable("line\nbreak\ttab"), "line break tab");
    assert_eq!(printable(CJK), CJK);
    assert_eq!(printable(RTL), RTL);
}
