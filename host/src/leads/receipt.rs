//! Lead receipts (issue 26 item 5; docs/features/platform.md "Leads"): after a lead the shopper
//! gets a receipt with the lead's reference, the car, the dealership's contact and what happens
//! next, by email, and by SMS too when they chose SMS as their contact method.
//!
//! * The **reference** ([`new_reference`]) is a random 8-character code, unique per site (the
//!   `leads.reference` column and its unique index), answered by `POST /api/v1/leads`, carried by
//!   the receipt and the dealer's ADF/XML, so shopper and dealer quote the same code.
//! * A receipt is one more outbox row of the lead ([`destinations`]: `receipt_email` to the
//!   shopper's address, `receipt_sms` to their mobile), written in the lead's own transaction and
//!   delivered by the same worker with the same retries and dead letters as the dealer's
//!   deliveries (`super::delivery`); it is listed with them at `GET /api/v1/admin/leads/deliveries`.
//! * No receipt row when the site turns receipts off (`[leads] receipts = false`), when the
//!   shopper opts out (the form's `receipt: false`), for email when the host has no SMTP server
//!   (`smtp_host`), and for SMS unless the shopper chose SMS and gave a mobile number.
//! * A receipt goes to the shopper's own address or number and shows only what the shopper sent
//!   (their first name, the car, their requested time) and the site's public details: never the
//!   message text, the dealer's inboxes or anyone else's lead.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::intake::{Destination, StoredLead};
use crate::{
    config::Settings,
    model::Car,
    plugins::points::price_display::PriceView,
    tenant::{DealershipConfig, LocationConfig, Tenant},
};

/// The characters of a reference: Crockford's base 32 (digits and capitals without I, L, O and
/// U), so a reference read out over the phone is not misheard.
pub const REFERENCE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A new random lead reference: 8 characters of [`REFERENCE_ALPHABET`] (40 random bits from the
/// system's random source) as `XXXX-XXXX`. Not derived from any sequence, so it tells nothing
/// about other leads; the caller makes it unique per site (see `super::intake::store`).
///
/// # Panics
/// When the system's random source fails (as every random identifier of the host would).
pub fn new_reference() -> String {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the system's random source works");
    let code: String = bytes.iter().map(|b| char::from(REFERENCE_ALPHABET[usize::from(b & 31)])).collect();
    format!("{}-{}", &code[..4], &code[4..])
}

/// The receipt destinations of a validated lead's `fields` on `tenant` under the host's
/// `settings` (see the module docs): `receipt_email` to the lead's `email` when the host has an
/// SMTP server, `receipt_sms` to its `phone` when `preferred_contact` is `SMS` and the phone is a
/// mobile; none when the site turns receipts off or the shopper sent `receipt: false`.
pub fn destinations(tenant: &Tenant, settings: &Settings, fields: &Map<String, Value>) -> Vec<Destination> {
    let opted_out = fields.get("receipt").and_then(Value::as_bool) == Some(false);
    if !tenant.config.leads.receipts || opted_out {
        return Vec::new();
    }
    let text = |k: &str| fields.get(k).and_then(Value::as_str).filter(|s| !s.trim().is_empty());
    let mut out = Vec::new();
    if let Some(email) = text("email")
        && settings.smtp_host.as_deref().is_some_and(|h| !h.trim().is_empty())
    {
        out.push(Destination::ReceiptEmail(email.to_string()));
    }
    if text("preferred_contact") == Some("SMS")
        && let Some(phone) = text("phone").filter(|p| super::adf::is_mobile(p))
    {
        out.push(Destination::ReceiptSms(phone.to_string()));
    }
    out
}

/// The dealership a stored lead (its `fields`) is for, and the location that answers for it:
/// the lead's chosen `location`, else the dealership's primary location, else its first; on a
/// site without dealerships, the site's primary or first location. Both None when the site has
/// neither. Shared by the ADF vendor and the receipt.
pub fn lead_contact<'a>(
    tenant: &'a Tenant,
    fields: &BTreeMap<String, Value>,
) -> (Option<&'a DealershipConfig>, Option<&'a LocationConfig>) {
    let cfg = &tenant.config;
    let dealership = fields.get("dealership_slug").and_then(Value::as_str);
    let d = cfg.dealerships.iter().find(|d| Some(d.slug.as_str()) == dealership);
    let location = fields.get("location").and_then(Value::as_str);
    let of_dealer = |l: &&LocationConfig| d.is_none_or(|d| l.dealership == d.slug);
    let loc = cfg
        .locations
        .iter()
        .find(|l| Some(l.slug.as_str()) == location)
        .or_else(|| cfg.locations.iter().filter(of_dealer).find(|l| l.primary))
        .or_else(|| cfg.locations.iter().find(of_dealer));
    (d, loc)
}

/// The car a receipt names.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceiptCar {
    /// `year make model badge` (the VDP title), or what the lead recorded of a car removed since.
    pub name: String,
    /// The dealer's stock number, when known.
    pub stocknum: Option<String>,
    /// The price as the shopper saw it when they sent the lead (`$24,990 Drive Away`), when any.
    pub price: Option<String>,
    /// The car's page, absolute (`https://site/cars/{slug}`), when the car is still listed and
    /// the site's address is known.
    pub url: Option<String>,
}

/// The dealership's contact a receipt shows: the lead's location.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReceiptContact {
    /// The location's name.
    pub name: String,
    /// Its phone (the mobile-style number, else the landline), when listed.
    pub phone: Option<String>,
    /// Its email address, when listed (also the receipt email's Reply-To).
    pub email: Option<String>,
    /// `street, city STATE postcode`.
    pub address: String,
    /// Weekly hours, Monday first: `Mon 08:30-17:30`, `Sun closed`.
    pub hours: Vec<String>,
}

/// Everything a receipt says, built by [`receipt`] from the stored lead and the site's config.
#[derive(Debug, Clone, PartialEq)]
pub struct Receipt {
    /// The lead's reference (`XXXX-XXXX`).
    pub reference: String,
    /// The dealership's name (the site's name when the lead has no dealership).
    pub dealer: String,
    /// The shopper's first name as they typed it.
    pub first_name: String,
    /// What they sent, in words: `enquiry`, `test drive booking`, ...
    pub what: &'static str,
    /// The car of interest, when the lead is about one of the site's cars.
    pub car: Option<ReceiptCar>,
    /// The shopper's own car (trade-in or service booking): `2019 Mazda CX-5`.
    pub own_car: Option<String>,
    /// The time the shopper asked for (test drive appointment, preferred service date).
    pub requested: Option<String>,
    /// The dealership's contact.
    pub contact: Option<ReceiptContact>,
    /// What happens next: the site's `[leads] receipt_next_steps`, else [`next_steps`].
    pub next_steps: String,
    /// The site's address (`https://host`), when known.
    pub site_url: Option<String>,
}

/// The host's words for what happens after a lead of `form`.
pub fn next_steps(form: &str) -> &'static str {
    match form {
        "test_drive" => "We'll contact you shortly to confirm your test drive. Please bring your driver's licence.",
        "service" => "Our service team will contact you to confirm your booking time.",
        "finance" => "Our finance team will review your application and contact you, usually within one business day.",
        "trade_in" => "We'll review your car's details and contact you about its valuation.",
        "reserve" => "Our team will contact you to confirm your reservation and the next steps.",
        "career" => "Thank you for your interest in joining us. We'll be in touch if your experience suits a role.",
        _ => "Our team will contact you shortly, usually within one business day, by the contact method you chose.",
    }
}

/// The site's address for links: `site_url` from `tenant.toml`, else the address the shopper sent
/// the lead on (`site_url`, recorded by the host from the request's Host at submission), else
/// `https://` and the site's first host name. Without a trailing `/`.
fn site_url(tenant: &Tenant, lead: &StoredLead) -> Option<String> {
    let cfg = &tenant.config;
    cfg.site_url
        .clone()
        .filter(|u| !u.trim().is_empty())
        .or_else(|| lead.fields.get("site_url").and_then(Value::as_str).map(str::to_string))
        .or_else(|| cfg.hosts.first().map(|h| format!("https://{h}")))
        .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
        .map(|u| u.trim_end_matches('/').to_string())
}

/// The price view the shopper saw (`price_seen`, recorded at submission), as text.
fn price_text(view: &PriceView) -> String {
    let money = crate::format::whole_dollars;
    let with_type = |text: String, t: &Option<String>| match t.as_deref().filter(|t| !t.trim().is_empty()) {
        Some(t) => format!("{text} {t}"),
        None => text,
    };
    match view {
        PriceView::CarPrice { price, price_type } => with_type(money(*price), price_type),
        PriceView::WasNow { was, now, price_type } => with_type(format!("{} (was {})", money(*now), money(*was)), price_type),
        PriceView::Subscription { weekly, suffix } => format!("{}{suffix}", money(*weekly)),
        PriceView::Preorder { text } | PriceView::NoPrice { text } => text.clone(),
    }
}

/// The weekly hours of `l`, Monday first: `Mon 08:30-17:30`, `Sun closed`.
fn hours(l: &LocationConfig) -> Vec<String> {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    let mut rows: Vec<&crate::tenant::OpeningHour> = l.opening_hours.iter().filter(|h| h.weekday < 7).collect();
    rows.sort_by_key(|h| (h.weekday + 6) % 7);
    rows.iter()
        .map(|h| {
            let day = DAYS[usize::from(h.weekday)];
            match (h.status.eq_ignore_ascii_case("open"), &h.open, &h.close) {
                (true, Some(o), Some(c)) => format!("{day} {o}-{c}"),
                _ => format!("{day} closed"),
            }
        })
        .collect()
}

fn contact_of(l: &LocationConfig) -> ReceiptContact {
    let nonempty = |s: &Option<String>| s.clone().filter(|s| !s.trim().is_empty());
    let c = &l.contact_detail;
    let a = &l.address;
    let street = nonempty(&a.street).map(|s| format!("{s}, ")).unwrap_or_default();
    ReceiptContact {
        name: l.name.clone(),
        phone: nonempty(&c.phone).or_else(|| nonempty(&c.landline_phone)),
        email: nonempty(&c.email),
        address: format!("{street}{} {} {}", a.city, a.state, a.postcode).trim().to_string(),
        hours: hours(l),
    }
}

/// The receipt of the stored `lead` on `tenant`, about `car` (the lead's car read again from
/// storage; None when the lead has none or it is gone, then what the lead recorded of it).
pub fn receipt(tenant: &Tenant, lead: &StoredLead, car: Option<&Car>) -> Receipt {
    let field = |k: &str| lead.fields.get(k).and_then(Value::as_str).filter(|s| !s.trim().is_empty());
    let number = |k: &str| match lead.fields.get(k) {
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        _ => None,
    };
    let (dealership, location) = lead_contact(tenant, &lead.fields);
    let site = site_url(tenant, lead);
    let own = matches!(lead.form.as_str(), "trade_in" | "service");
    let price = lead
        .fields
        .get("price_seen")
        .and_then(|v| serde_json::from_value::<PriceView>(v.clone()).ok())
        .map(|v| price_text(&v));
    let car = match car {
        Some(c) => Some(ReceiptCar {
            name: c.name(),
            stocknum: Some(c.stocknum.clone()).filter(|s| !s.is_empty()),
            price,
            url: site.as_ref().map(|s| format!("{s}{}", c.path())),
        }),
        // A car removed since: what the lead recorded of it.
        None => field("stock_number").map(|stock| ReceiptCar {
            name: match (own, field("Vehicle Make"), field("Vehicle Model")) {
                (false, Some(make), Some(model)) => format!("{make} {model}"),
                _ => format!("Stock number {stock}"),
            },
            stocknum: Some(stock.to_string()),
            price,
            url: None,
        }),
    };
    let own_car = own
        .then(|| {
            let parts: Vec<String> = [
                number("Vehicle Year"),
                field("Vehicle Make").map(str::to_string),
                field("Vehicle Model").map(str::to_string),
            ]
            .into_iter()
            .flatten()
            .collect();
            (!parts.is_empty()).then(|| parts.join(" "))
        })
        .flatten();
    Receipt {
        reference: lead.reference.clone(),
        dealer: dealership.map_or_else(|| tenant.config.name.clone(), |d| d.name.clone()),
        first_name: field("name").unwrap_or_default().to_string(),
        what: super::adf::form_words(&lead.form).1,
        car,
        own_car,
        requested: field("appointment").or_else(|| field("Preferred Service Date")).map(str::to_string),
        contact: location.map(contact_of),
        next_steps: tenant
            .config
            .leads
            .receipt_next_steps
            .clone()
            .unwrap_or_else(|| next_steps(&lead.form).to_string()),
        site_url: site,
    }
}

/// The receipt email's subject: `Your enquiry with {dealer}: reference {reference}`.
pub fn email_subject(r: &Receipt) -> String {
    format!("Your {} with {}: reference {}", r.what, r.dealer, r.reference)
}

/// The opt-out line every receipt email ends with.
fn opt_out_line(r: &Receipt) -> String {
    let reach = match r.contact.as_ref().and_then(|c| c.phone.as_deref()) {
        Some(p) => format!("reply to this email or call {p}"),
        None => "reply to this email".to_string(),
    };
    format!(
        "This is a one-off receipt for the form you sent {}; it does not subscribe you to anything. \
         If you did not send it, or do not want to hear from us about it, {reach} and we will not contact you again.",
        r.site_url
            .as_deref()
            .map_or_else(|| "on our website".to_string(), |s| format!("on {s}"))
    )
}

/// The lines of the receipt as (label, value) pairs, in the order both bodies show them.
fn facts(r: &Receipt) -> Vec<(&'static str, String)> {
    let mut out = vec![("Reference", r.reference.clone())];
    if let Some(c) = &r.car {
        out.push(("Car", c.name.clone()));
        if let Some(s) = &c.stocknum {
            out.push(("Stock number", s.clone()));
        }
        if let Some(p) = &c.price {
            out.push(("Price", p.clone()));
        }
    }
    if let Some(c) = &r.own_car {
        out.push(("Your car", c.clone()));
    }
    if let Some(t) = &r.requested {
        out.push(("Requested time", t.clone()));
    }
    out
}

/// The receipt email's plain-text body.
pub fn email_text(r: &Receipt) -> String {
    let mut s = format!(
        "Hi {},\n\nThank you for your {}. {} has received it.\n\n",
        r.first_name, r.what, r.dealer
    );
    for (label, value) in facts(r) {
        s.push_str(&format!("{label}: {value}\n"));
    }
    if let Some(url) = r.car.as_ref().and_then(|c| c.url.as_deref()) {
        s.push_str(&format!("View the car: {url}\n"));
    }
    s.push_str(&format!("\nWhat happens next\n{}\n", r.next_steps));
    if let Some(c) = &r.contact {
        s.push_str(&format!("\nContact {}\n{}\n", c.name, c.address));
        if let Some(p) = &c.phone {
            s.push_str(&format!("Phone: {p}\n"));
        }
        if let Some(e) = &c.email {
            s.push_str(&format!("Email: {e}\n"));
        }
        if !c.hours.is_empty() {
            s.push_str(&format!("Hours: {}\n", c.hours.join(", ")));
        }
    }
    s.push_str(&format!(
        "\nPlease quote your reference {} when you contact us.\n\n--\n{}\n",
        r.reference,
        opt_out_line(r)
    ));
    s
}

/// The receipt email's HTML body: the same content as [`email_text`], every value escaped.
pub fn email_html(r: &Receipt) -> String {
    use html_escape::{encode_double_quoted_attribute as attr, encode_text as esc};
    let mut s = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head>\
         <body style=\"font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5\">",
    );
    s.push_str(&format!(
        "<p>Hi {},</p><p>Thank you for your {}. {} has received it.</p><table>",
        esc(&r.first_name),
        esc(r.what),
        esc(&r.dealer)
    ));
    for (label, value) in facts(r) {
        s.push_str(&format!(
            "<tr><th align=\"left\" style=\"padding-right:12px\">{}</th><td>{}</td></tr>",
            esc(label),
            esc(&value)
        ));
    }
    s.push_str("</table>");
    if let Some(url) = r.car.as_ref().and_then(|c| c.url.as_deref()) {
        s.push_str(&format!("<p><a href=\"{}\">View the car</a></p>", attr(url)));
    }
    s.push_str(&format!(
        "<h2>What happens next</h2><p>{}</p>",
        esc(&r.next_steps).replace('\n', "<br>")
    ));
    if let Some(c) = &r.contact {
        s.push_str(&format!("<h2>Contact {}</h2><p>{}", esc(&c.name), esc(&c.address)));
        if let Some(p) = &c.phone {
            s.push_str(&format!("<br>Phone: <a href=\"tel:{}\">{}</a>", attr(&p.replace(' ', "")), esc(p)));
        }
        if let Some(e) = &c.email {
            s.push_str(&format!("<br>Email: <a href=\"mailto:{}\">{}</a>", attr(e), esc(e)));
        }
        if !c.hours.is_empty() {
            s.push_str(&format!("<br>Hours: {}", esc(&c.hours.join(", "))));
        }
        s.push_str("</p>");
    }
    s.push_str(&format!(
        "<p>Please quote your reference <strong>{}</strong> when you contact us.</p>\
         <hr><p style=\"font-size:12px;color:#666\">{}</p></body></html>",
        esc(&r.reference),
        esc(&opt_out_line(r))
    ));
    s
}

/// The receipt SMS: the dealer, the reference and the phone to call, in one short text
/// (about 160 characters; the dealer's name is cut at 40).
pub fn sms_text(r: &Receipt) -> String {
    let dealer: String = r.dealer.chars().take(40).collect();
    let call = r
        .contact
        .as_ref()
        .and_then(|c| c.phone.as_deref())
        .map(|p| format!(" Questions? Call {p}."))
        .unwrap_or_default();
    format!(
        "{dealer}: thanks, we have your {}. Your reference is {}. We'll be in touch soon.{call}",
        r.what, r.reference
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_two_groups_of_four_from_the_alphabet_and_differ() {
        let a = new_reference();
        assert_eq!(a.len(), 9);
        assert_eq!(&a[4..5], "-");
        assert!(a.bytes().filter(|b| *b != b'-').all(|b| REFERENCE_ALPHABET.contains(&b)), "{a}");
        let many: std::collections::HashSet<String> = (0..1000).map(|_| new_reference()).collect();
        assert_eq!(many.len(), 1000, "40 random bits: 1000 draws do not repeat");
    }

    #[test]
    fn the_html_body_escapes_what_the_shopper_and_the_site_wrote() {
        let r = Receipt {
            reference: "AB12-CD34".into(),
            dealer: "Smith & Sons <Motors>".into(),
            first_name: "<script>alert(1)</script>".into(),
            what: "enquiry",
            car: Some(ReceiptCar {
                name: "2021 Toyota Corolla".into(),
                stocknum: Some("A1".into()),
                price: Some("$24,990".into()),
                url: Some("https://alpha.example/cars/a?x=\"y\"".into()),
            }),
            own_car: None,
            requested: None,
            contact: None,
            next_steps: "Call us\nsoon".into(),
            site_url: None,
        };
        let html = email_html(&r);
        assert!(!html.contains("<script>"), "{html}");
        assert!(
            html.contains("&lt;script&gt;") && html.contains("Smith &amp; Sons &lt;Motors&gt;"),
            "{html}"
        );
        assert!(html.contains("href=\"https://alpha.example/cars/a?x=&quot;y&quot;\""), "{html}");
        assert!(html.contains("Call us<br>soon"));
        assert_eq!(email_subject(&r), "Your enquiry with Smith & Sons <Motors>: reference AB12-CD34");
        assert!(sms_text(&r).contains("AB12-CD34"));
    }
}
