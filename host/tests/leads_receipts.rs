//! Issue 26 item 5, lead receipts (docs/features/platform.md "Leads"): a lead submitted over HTTP
//! to a real served host (`common::serve`) gets a reference, and the shopper a receipt through
//! the lead's outbox, delivered by the delivery worker's round (`delivery::deliver_due`) to a real
//! local SMTP server (Python's standard-library smtpd, `leads_support::smtp_server`): recipient,
//! subject, reference, car, link, dealership contact, next steps and opt-out line; the dealer's
//! ADF/XML (valid against the ADF 1.0 DTD) carries the reference and the contact preference. The
//! shopper's `receipt: false` and the site's `[leads] receipts = false` mean no receipt row and
//! nothing at the server; SMS as contact preference sends an SMS receipt through the SMS
//! provider's development sink (`GET /api/v1/admin/sms-outbox`). The lead's delivery history
//! (`GET /api/v1/admin/leads/deliveries?lead_id=`) lists the receipts. Real storage: a SQLite file,
//! or PostgreSQL when FORECOURT_TEST_DATABASE_URL is set (the backfill of migration 0013 is checked
//! on SQLite in memory).

mod common;
mod leads_support;

use std::time::Duration;

use forecourt_host::{
    leads::{adf::REFERENCE_SOURCE, delivery},
    plugins::unix_now,
    repo::TenantRepo,
};
use leads_support::*;
use serde_json::{Value, json};

/// The tenant `slug`: one dealership with a sales location that lists its phone, email and hours,
/// a canonical `site_url`, the dealer's inbox, and `leads_extra` added to `[leads]`.
fn site(slug: &str, leads_extra: &str) -> String {
    format!(
        r#"
slug = "{slug}"
name = "{slug} site"
template = "classic"
site_url = "https://{slug}.example"
[leads]
email_to = ["sales@{slug}.example"]
receipt_next_steps = "A consultant from {slug} will call you within 2 business hours."
{leads_extra}
[[dealerships]]
slug = "{slug}-dealer"
name = "{slug} & Sons Motors"
state = "QLD"
[[locations]]
slug = "{slug}-sales"
name = "{slug} Sales Newstead"
dealership = "{slug}-dealer"
primary = true
location_type = "sales"
[locations.address]
street = "1 Test St"
city = "Newstead"
state = "QLD"
postcode = "4006"
lat = -27.44
long = 153.04
[locations.contact_detail]
phone = "07 3000 1234"
email = "hello@{slug}.example"
[[locations.opening_hours]]
weekday = 1
status = "Open"
open = "08:30"
close = "17:30"
[[locations.opening_hours]]
weekday = 0
status = "Closed"
"#
    )
}

/// A local SMTP server and the app on it: the sites (slug, extra `[leads]` lines).
struct Setup {
    app: App,
    served: common::Served,
    smtp: std::process::Child,
    out: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for Setup {
    fn drop(&mut self) {
        self.smtp.kill().ok();
        self.smtp.wait().ok();
    }
}

async fn setup(sites: &[(&str, &str)]) -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mail.txt");
    let (smtp, port) = smtp_server(&out);
    let files: Vec<(&str, String)> = sites.iter().map(|(slug, extra)| (*slug, site(slug, extra))).collect();
    let app = app_from(&files, Some(port)).await;
    let served = common::serve(app.state.clone()).await;
    Setup {
        app,
        served,
        smtp,
        out,
        _dir: dir,
    }
}

impl Setup {
    /// POSTs `body` to `/api/v1/leads` of site `slug` over HTTP: the status and the JSON answer.
    async fn submit(&self, slug: &str, body: &Value) -> (u16, Value) {
        let res = reqwest::Client::new()
            .post(format!("http://{}/api/v1/leads", self.served.addr))
            .header(reqwest::header::HOST, format!("{slug}.localhost"))
            .header(reqwest::header::USER_AGENT, "receipts-test/1.0")
            .json(body)
            .send()
            .await
            .unwrap();
        (res.status().as_u16(), res.json().await.unwrap())
    }

    /// GETs an admin path of site `slug` over HTTP with the admin token: the JSON answer.
    async fn admin(&self, slug: &str, path: &str) -> Value {
        let res = reqwest::Client::new()
            .get(format!("http://{}{path}", self.served.addr))
            .header(reqwest::header::HOST, format!("{slug}.localhost"))
            .bearer_auth(ADMIN)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{path}");
        res.json().await.unwrap()
    }

    /// Site `slug`'s car A1 as stored.
    async fn car(&self, slug: &str) -> forecourt_host::model::Car {
        let repo = TenantRepo::new(&self.app.tdb.db, slug);
        repo.car_by_stocknum("A1").await.unwrap().expect("the feed's car A1")
    }

    /// The lead's delivery history as the admin API lists it (`?lead_id=`), newest first: (kind,
    /// target, status) of each row; every row has its `delivered_at` once delivered.
    async fn history(&self, slug: &str, lead_id: &str) -> Vec<(String, String, String)> {
        let rows = self.admin(slug, &format!("/api/v1/admin/leads/deliveries?lead_id={lead_id}")).await;
        let text = |d: &Value, k: &str| d[k].as_str().unwrap().to_string();
        rows.as_array()
            .unwrap()
            .iter()
            .inspect(|d| assert_eq!(d["status"] == "delivered", d["delivered_at"].is_i64(), "{d}"))
            .map(|d| (text(d, "kind"), text(d, "target"), text(d, "status")))
            .collect()
    }

    /// Runs delivery rounds until nothing is due (at most 5): how many rows were tried.
    async fn deliver(&self) -> usize {
        let d = self.app.state.deliverer();
        let mut tried = 0;
        for _ in 0..5 {
            match delivery::deliver_due(&d, unix_now()).await.unwrap() {
                0 => break,
                n => tried += n,
            }
        }
        tried
    }

    /// The messages the SMTP server has written, once it has written `n` (polled for 5 s).
    async fn mail(&self, n: usize) -> Vec<Value> {
        for _ in 0..100 {
            let m = smtp_messages(&self.out);
            if m.len() >= n {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        smtp_messages(&self.out)
    }

    /// (kind, target, status) of `tenant`'s delivery rows, oldest first.
    async fn rows(&self, tenant: &str) -> Vec<(String, String, String)> {
        sqlx::query_as::<_, (String, String, String)>("SELECT kind, target, status FROM lead_deliveries WHERE tenant = $1 ORDER BY id")
            .bind(tenant)
            .fetch_all(&self.app.tdb.db.pool)
            .await
            .unwrap()
    }
}

fn enquiry(car_id: i64, extra: Value) -> Value {
    let mut v = json!({
        "form": "enquiry", "idempotency_key": key(), "name": "Sam", "last_name": "Lee",
        "email": "sam@shopper.example", "phone": "07 3555 0000", "message": "Is it still available? (private note)",
        "car_id": car_id, "preferred_contact": "Email"
    });
    for (k, x) in extra.as_object().unwrap() {
        v[k] = x.clone();
    }
    v
}

/// `XXXX-XXXX` of Crockford's base 32.
fn is_reference(r: &str) -> bool {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    r.len() == 9
        && r.chars()
            .enumerate()
            .all(|(i, c)| if i == 4 { c == '-' } else { ALPHABET.contains(c) })
}

#[tokio::test]
async fn the_shopper_gets_a_receipt_by_email_and_the_dealer_the_reference_in_the_adf() {
    let s = setup(&[("alpha", "")]).await;
    let car = s.car("alpha").await;
    let body = enquiry(car.id, json!({}));
    let (status, v) = s.submit("alpha", &body).await;
    assert_eq!(status, 201, "{v}");
    let (lead_id, reference) = (v["lead_id"].as_str().unwrap(), v["reference"].as_str().unwrap());
    assert!(is_reference(reference), "{reference}");
    // A double submit answers the same lead and reference and writes no other row.
    let (again, w) = s.submit("alpha", &body).await;
    assert_eq!((again, &w["lead_id"], &w["reference"]), (200, &v["lead_id"], &v["reference"]));
    assert_eq!(
        s.rows("alpha").await,
        vec![
            ("email".into(), "sales@alpha.example".into(), "pending".into()),
            ("receipt_email".into(), "sam@shopper.example".into(), "pending".into()),
        ],
        "the dealer's ADF and the shopper's receipt, in the lead's transaction"
    );
    // Another lead gets another reference.
    let (_, other) = s
        .submit("alpha", &enquiry(car.id, json!({"email": "kim@other.example", "name": "Kim"})))
        .await;
    assert_ne!(other["reference"], v["reference"]);

    assert_eq!(s.deliver().await, 4);
    let mail = s.mail(4).await;
    assert_eq!(mail.len(), 4, "{mail:#?}");
    let receipts: Vec<&Value> = mail.iter().filter(|m| m["content_type"] == "multipart/alternative").collect();
    let adfs: Vec<&Value> = mail.iter().filter(|m| m["content_type"] == "text/xml").collect();
    assert_eq!((receipts.len(), adfs.len()), (2, 2), "{mail:#?}");
    for a in &adfs {
        assert_eq!(
            a["rcpt_tos"],
            json!(["sales@alpha.example"]),
            "the dealer gets the ADF, never a receipt"
        );
    }
    let r = receipts
        .iter()
        .find(|m| m["rcpt_tos"] == json!(["sam@shopper.example"]))
        .expect("Sam's receipt, to Sam's address only");
    let h = &r["headers"];
    assert_eq!(h["to"], "sam@shopper.example");
    assert_eq!(
        h["subject"],
        format!("Your enquiry with alpha & Sons Motors: reference {reference}")
    );
    assert!(h["from"].as_str().unwrap().starts_with("alpha & Sons Motors <"), "{h}");
    assert_eq!(h["reply-to"], "hello@alpha.example");
    assert_eq!(
        h["message-id"].as_str().unwrap().split('@').next().unwrap(),
        format!("<receipt.{lead_id}")
    );
    let text = r["text"].as_str().unwrap();
    let html = r["html"].as_str().unwrap();
    let link = format!("https://alpha.example/cars/{}", car.slug);
    for want in [
        "Hi Sam,",
        &format!("Reference: {reference}"),
        "Car: 2021 Toyota Corolla Ascent",
        "Stock number: A1",
        "$24,990",
        &format!("View the car: {link}"),
        "A consultant from alpha will call you within 2 business hours.",
        "Contact alpha Sales Newstead\n1 Test St, Newstead QLD 4006",
        "Phone: 07 3000 1234",
        "Email: hello@alpha.example",
        "Mon 08:30-17:30",
        "Sun closed",
        "one-off receipt",
        "do not want to hear from us",
    ] {
        assert!(text.contains(want), "text has {want:?}:\n{text}");
    }
    for want in [
        reference,
        "2021 Toyota Corolla Ascent",
        &format!("href=\"{link}\""),
        "alpha &amp; Sons Motors",
        "07 3000 1234",
        "one-off receipt",
    ] {
        assert!(html.contains(want), "html has {want:?}:\n{html}");
    }
    for body in [text, html] {
        for never in ["private note", "sales@alpha.example", "Kim", "kim@other.example", lead_id] {
            assert!(!body.contains(never), "a receipt never shows {never:?}:\n{body}");
        }
    }

    // The dealer's ADF: valid, with the reference and the shopper's contact preference.
    let adf = adfs
        .iter()
        .filter_map(|m| m["body"].as_str())
        .find(|x| x.contains(reference))
        .expect("the ADF of Sam's lead carries the reference");
    assert_valid_adf(adf);
    let (root, _) = parse_xml(adf);
    let p = root.child("prospect").unwrap();
    let ids = p.all("id");
    assert_eq!((ids[0].text.as_str(), ids[0].attr("source")), (lead_id, Some("Forecourt")));
    assert_eq!(
        (ids[1].text.as_str(), ids[1].attr("source"), ids[1].attr("sequence")),
        (reference, Some(REFERENCE_SOURCE), Some("2"))
    );
    let contact = p.child("customer").unwrap().child("contact").unwrap();
    assert_eq!(contact.child("email").unwrap().attr("preferredcontact"), Some("1"));
    assert_eq!(contact.child("phone").unwrap().attr("preferredcontact"), Some("0"));
    let comments = &p.child("customer").unwrap().child("comments").unwrap().text;
    assert!(
        comments.contains(&format!("Reference: {reference}")) && comments.contains("Preferred contact: Email"),
        "{comments}"
    );

    // The lead's delivery history lists the receipt beside the dealer's delivery; the leads list
    // shows the reference, and the dealer's delivery state is the lead's.
    let history = s.history("alpha", lead_id).await;
    assert_eq!(
        history
            .iter()
            .map(|(k, t, st)| (k.as_str(), t.as_str(), st.as_str()))
            .collect::<Vec<_>>(),
        vec![
            ("receipt_email", "sam@shopper.example", "delivered"),
            ("email", "sales@alpha.example", "delivered")
        ]
    );
    let leads = s.admin("alpha", "/api/v1/admin/leads").await;
    let mine = leads.as_array().unwrap().iter().find(|l| l["lead_id"] == lead_id).unwrap();
    assert_eq!(
        (mine["reference"].as_str(), mine["delivery"].as_str()),
        (Some(reference), Some("delivered"))
    );
}

#[tokio::test]
async fn an_opted_out_shopper_and_a_site_without_receipts_get_none() {
    let s = setup(&[("alpha", ""), ("beta", "receipts = false")]).await;

    // The shopper opts out on a site that sends receipts.
    let (status, v) = s
        .submit("alpha", &enquiry(s.car("alpha").await.id, json!({"receipt": false})))
        .await;
    assert_eq!(status, 201, "{v}");
    assert!(
        is_reference(v["reference"].as_str().unwrap()),
        "an opted-out lead still has its reference: {v}"
    );
    // The site turns receipts off.
    let (status, v) = s
        .submit(
            "beta",
            &enquiry(
                s.car("beta").await.id,
                json!({"receipt": true, "preferred_contact": "SMS", "phone": "0412 345 678"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    for (slug, inbox) in [("alpha", "sales@alpha.example"), ("beta", "sales@beta.example")] {
        assert_eq!(
            s.rows(slug).await,
            vec![("email".into(), inbox.to_string(), "pending".into())],
            "{slug}: no receipt row"
        );
    }
    assert_eq!(s.deliver().await, 2);
    let mail = s.mail(2).await;
    // Give a stray receipt time to arrive before counting.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mail_now = smtp_messages(&s.out);
    assert_eq!(mail_now.len(), mail.len());
    // The two sites' destinations are delivered at once: in either order.
    let mut to: Vec<String> = mail_now.iter().map(|m| m["rcpt_tos"].to_string()).collect();
    to.sort();
    assert_eq!(
        to,
        [r#"["sales@alpha.example"]"#, r#"["sales@beta.example"]"#],
        "only the dealers' ADF"
    );
    let sms = s.admin("beta", "/api/v1/admin/sms-outbox?phone=0412345678").await;
    assert_eq!(sms, json!([]), "no SMS receipt either");
}

#[tokio::test]
async fn an_sms_preference_with_a_mobile_sends_an_sms_receipt_too() {
    let s = setup(&[("gamma", "")]).await;
    let car = s.car("gamma").await;
    // A unique mobile number: the SMS development sink is this process's, shared by its tests.
    let mobile = format!("04{:08}", unix_now() % 100_000_000);
    let (status, v) = s
        .submit(
            "gamma",
            &enquiry(
                car.id,
                json!({"form": "test_drive", "preferred_contact": "SMS", "phone": mobile, "appointment": "2026-12-01 10:30"}),
            ),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let (lead_id, reference) = (v["lead_id"].as_str().unwrap(), v["reference"].as_str().unwrap());
    // A landline with the SMS preference gets no SMS receipt (email only).
    let (status, landline) = s
        .submit(
            "gamma",
            &enquiry(car.id, json!({"preferred_contact": "SMS", "phone": "07 3555 0000"})),
        )
        .await;
    assert_eq!(status, 201, "{landline}");
    let kinds: Vec<String> = s.rows("gamma").await.into_iter().map(|r| r.0).collect();
    assert_eq!(kinds, ["email", "receipt_email", "receipt_sms", "email", "receipt_email"]);

    assert_eq!(s.deliver().await, 5);
    let sms = s.admin("gamma", &format!("/api/v1/admin/sms-outbox?phone={mobile}")).await;
    let sms = sms.as_array().unwrap();
    assert_eq!(sms.len(), 1, "{sms:?}");
    let text = sms[0]["body"].as_str().unwrap();
    assert!(text.starts_with("gamma & Sons Motors: "), "{text}");
    for want in [reference, "test drive booking", "07 3000 1234"] {
        assert!(text.contains(want), "the SMS has {want:?}: {text}");
    }
    let history = s.history("gamma", lead_id).await;
    assert_eq!(
        history
            .iter()
            .map(|(k, t, st)| (k.as_str(), t.as_str(), st.as_str()))
            .collect::<Vec<_>>(),
        vec![
            ("receipt_sms", mobile.as_str(), "delivered"),
            ("receipt_email", "sam@shopper.example", "delivered"),
            ("email", "sales@gamma.example", "delivered"),
        ]
    );
    // The email receipt names the requested time and the test drive's next steps wording (the
    // site's own here); the ADF marks the mobile as the preferred contact.
    let mail = s.mail(4).await;
    let receipt = mail
        .iter()
        .find(|m| m["headers"]["subject"].as_str().is_some_and(|x| x.contains(reference)))
        .expect("the test drive's receipt");
    assert_eq!(receipt["rcpt_tos"], json!(["sam@shopper.example"]));
    assert!(receipt["text"].as_str().unwrap().contains("Requested time: 2026-12-01 10:30"));
    let adf = mail
        .iter()
        .filter(|m| m["content_type"] == "text/xml")
        .filter_map(|m| m["body"].as_str())
        .find(|x| x.contains(reference))
        .unwrap();
    assert_valid_adf(adf);
    let (root, _) = parse_xml(adf);
    let contact = root.child("prospect").unwrap().child("customer").unwrap().child("contact").unwrap();
    let phone = contact.child("phone").unwrap();
    assert_eq!((phone.attr("type"), phone.attr("preferredcontact")), (Some("cellphone"), Some("1")));
}

#[test]
fn receipt_wording_must_be_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("alpha")).unwrap();
    let toml = site("alpha", "").replace(
        "receipt_next_steps = \"A consultant from alpha will call you within 2 business hours.\"",
        "receipt_next_steps = \"  \"",
    );
    std::fs::write(dir.path().join("alpha/tenant.toml"), toml).unwrap();
    let Err(err) = forecourt_host::tenant::TenantRegistry::load_dir(dir.path()) else {
        panic!("a blank receipt_next_steps is refused");
    };
    assert!(err.to_string().contains("leads.receipt_next_steps"), "{err}");
}

/// Migration 0013 on leads stored before it (SQLite; the PostgreSQL file is the same SQL): each
/// gets the first 8 hex digits of its lead id as `XXXX-XXXX`, unique per site, and a lead whose 8
/// digits another lead of its site already has gets its whole lead id, so the unique index builds.
#[tokio::test]
async fn leads_stored_before_references_get_one_unique_per_site() {
    // One connection: each connection to `sqlite::memory:` is a database of its own.
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect("sqlite::memory:")
        .await
        .unwrap();
    let migrations = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/sqlite/");
    let file = |name: &str| std::fs::read_to_string(format!("{migrations}{name}")).unwrap();
    sqlx::raw_sql(&file("0005_leads.sql")).execute(&pool).await.unwrap();
    for (id, tenant) in [
        ("0a1b2c3d-1111-4aaa-8aaa-000000000001", "a"),
        ("0a1b2c3d-2222-4aaa-8aaa-000000000002", "a"),
        ("0a1b2c3d-3333-4aaa-8aaa-000000000003", "b"),
        ("ffeeddcc-4444-4aaa-8aaa-000000000004", "a"),
    ] {
        sqlx::query(
            "INSERT INTO leads (lead_id, tenant, idempotency_key, form, category, payload, created_at) \
             VALUES ($1, $2, $1, 'enquiry', 'Enquiry', '{}', 1)",
        )
        .bind(id)
        .bind(tenant)
        .execute(&pool)
        .await
        .unwrap();
    }
    sqlx::raw_sql(&file("0013_lead_references.sql")).execute(&pool).await.unwrap();
    let refs: Vec<(String, String)> = sqlx::query_as("SELECT tenant, reference FROM leads ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    let want = [
        ("a", "0A1B-2C3D"),
        ("a", "0A1B2C3D-2222-4AAA-8AAA-000000000002"),
        ("b", "0A1B-2C3D"),
        ("a", "FFEE-DDCC"),
    ];
    assert_eq!(refs, want.map(|(t, r)| (t.to_string(), r.to_string())));
    let clash = sqlx::query(
        "INSERT INTO leads (lead_id, tenant, idempotency_key, form, category, payload, created_at, reference) \
         VALUES ('x', 'a', 'x', 'enquiry', 'Enquiry', '{}', 1, 'FFEE-DDCC')",
    )
    .execute(&pool)
    .await;
    assert!(clash.is_err(), "a reference is unique per site");
}
