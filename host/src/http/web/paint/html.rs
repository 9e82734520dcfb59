//! What every first-paint writer shares: reading the inline JSON (the same values the shell's
//! React components read), escaping, and the small pieces of the shell's design system
//! (`ButtonLink`, `PriceTag`, `Disclosure`) and number formats (`ui-shell/src/lib/format.ts`),
//! written as the shell's components render them.

use serde_json::Value;

/// Escapes text for HTML content and double-quoted attributes (`& < > " '`), as the shell's
/// first paint always did.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The string at `key` of a JSON object; "" when absent, null or not a string.
pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The non-empty string at `key`, or None.
pub fn opt<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str).filter(|x| !x.is_empty())
}

/// The number at `key`, or None.
pub fn num(v: &Value, key: &str) -> Option<f64> {
    v.get(key).and_then(Value::as_f64)
}

/// The boolean at `key`; false when absent.
pub fn flag(v: &Value, key: &str) -> bool {
    v.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// The array at `key`; empty when absent.
pub fn list<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[])
}

/// A number rounded and grouped in thousands: `12345.4` -> `12,345` (`formatThousands`).
pub fn thousands(n: f64) -> String {
    crate::format::group_thousands(n.round() as i64)
}

/// Whole dollars: `82990` -> `$82,990` (`formatMoney`).
pub fn money(n: f64) -> String {
    format!("${}", thousands(n))
}

/// An odometer reading: `45210` -> `45,210 kms`, `1` -> `1 km` (`formatKm`).
pub fn km(n: f64) -> String {
    let shown = thousands(n);
    let unit = if shown == "1" { "km" } else { "kms" };
    format!("{shown} {unit}")
}

/// `n` and the noun in the right number: `1 view`, `1,250 views` (`countOf`).
pub fn count_of(n: f64, singular: &str) -> String {
    let shown = thousands(n);
    if shown == "1" {
        format!("{shown} {singular}")
    } else {
        format!("{shown} {singular}s")
    }
}

/// The singular of a tenant's plural vehicle noun (`singularNoun`): `Cars` -> `Car`,
/// `Utilities` -> `Utility`, `Buses` -> `Bus`; a word not ending in `s` is kept.
pub fn singular_noun(plural: &str) -> String {
    let w = plural.trim();
    let lower = w.to_lowercase();
    let b = lower.as_bytes();
    let vowel = |c: u8| b"aeiou".contains(&c);
    let n = b.len();
    if n != w.len() {
        return w.to_string();
    }
    if n >= 4 && lower.ends_with("ies") && !vowel(b[n - 4]) {
        let y = if w.ends_with("IES") { "Y" } else { "y" };
        return format!("{}{y}", &w[..n - 3]);
    }
    let sibilant = ["sses", "shes", "ches", "xes", "zes"].iter().any(|e| lower.ends_with(e));
    if sibilant || (n >= 5 && lower.ends_with("uses") && !vowel(b[n - 5])) {
        return w[..n - 2].to_string();
    }
    if n >= 2 && lower.ends_with('s') && b[n - 2] != b's' {
        return w[..n - 1].to_string();
    }
    w.to_string()
}

/// The label a shopper reads for a raw feed value (`suv` -> `SUV`, `peopleMover` -> `People
/// Mover`, `Athena White` as it is): `humanLabel` of ui-shell/src/search/labels.ts.
pub fn human_label(value: &str) -> String {
    const KNOWN: &[(&str, &str)] = &[
        ("suv", "SUV"),
        ("4wd", "4WD"),
        ("2wd", "2WD"),
        ("awd", "AWD"),
        ("fwd", "FWD"),
        ("rwd", "RWD"),
        ("4x4", "4x4"),
        ("4x2", "4x2"),
        ("ev", "EV"),
        ("bev", "EV"),
        ("phev", "Plug-in Hybrid"),
        ("lpg", "LPG"),
        ("hatch", "Hatchback"),
        ("ute", "Ute"),
        ("peoplemover", "People Mover"),
        ("cabchassis", "Cab Chassis"),
        ("new", "New"),
        ("demo", "Demo"),
        ("used", "Used"),
        ("in_stock", "In stock"),
        ("coming_soon", "Coming soon"),
        ("sold", "Sold"),
        ("auto", "Automatic"),
        ("manual", "Manual"),
    ];
    let v = value.trim();
    let lower = v.to_lowercase();
    let key: String = lower.chars().filter(|c| !c.is_whitespace() && *c != '_' && *c != '-').collect();
    if let Some((_, l)) = KNOWN.iter().find(|(k, _)| *k == lower || *k == key) {
        return (*l).to_string();
    }
    let has_upper = v.chars().any(|c| c.is_ascii_uppercase());
    // `camelCase` (lower letters then a capital) is split; anything else with a capital is kept.
    let camel = {
        let lead = v.chars().take_while(|c| c.is_ascii_lowercase()).count();
        lead > 0 && v.chars().nth(lead).is_some_and(|c| c.is_ascii_uppercase())
    };
    if has_upper && !camel {
        return v.to_string();
    }
    let mut spaced = String::with_capacity(v.len() + 4);
    let mut prev: Option<char> = None;
    for c in v.chars() {
        if c.is_ascii_uppercase() && prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
            spaced.push(' ');
        }
        spaced.push(c);
        prev = Some(c);
    }
    spaced
        .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            cs.next()
                .map(|f| f.to_uppercase().chain(cs).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A link: `<a href>label</a>` with an optional class.
pub fn link(href: &str, label: &str, class: &str) -> String {
    let cls = if class.is_empty() {
        String::new()
    } else {
        format!(" class=\"{class}\"")
    };
    format!("<a{cls} href=\"{}\">{}</a>", esc(href), esc(label))
}

/// The shell's `ButtonLink`: `<a class="fc-button fc-button--{variant}[ fc-button--sm]">`, with
/// extra attributes already escaped (e.g. ` data-action="enquire"`).
pub fn button_link(href: &str, label: &str, variant: &str, small: bool, extra: &str) -> String {
    let sm = if small { " fc-button--sm" } else { "" };
    format!(
        "<a class=\"fc-button fc-button--{variant}{sm}\"{extra} href=\"{}\">{}</a>",
        esc(href),
        esc(label)
    )
}

/// A price as the page shows it (`cardPrice` / `displayPrice` of the shell): the host's price
/// view (`price_view` JSON: `car_price`, `was_now`, `subscription`, `preorder`, `no_price`) as
/// (contract kind, text, was, type label). A missing view is `no_price` with `no_price_text`.
/// Only `car_price` and `was_now` carry figures, so a placeholder price (a `no_price` view) is
/// never written.
pub fn price_parts(pv: Option<&Value>, no_price_text: &str) -> (String, String, Option<String>, Option<String>) {
    let Some(pv) = pv.filter(|v| v.is_object()) else {
        return ("no_price".into(), no_price_text.into(), None, None);
    };
    let label = opt(pv, "price_type").map(str::to_string);
    match s(pv, "kind") {
        "car_price" => ("price".into(), money(num(pv, "price").unwrap_or(0.0)), None, label),
        "was_now" => (
            "was_now".into(),
            money(num(pv, "now").unwrap_or(0.0)),
            Some(money(num(pv, "was").unwrap_or(0.0))),
            label,
        ),
        "subscription" => (
            "subscription".into(),
            format!("{}{}", money(num(pv, "weekly").unwrap_or(0.0)), s(pv, "suffix")),
            None,
            None,
        ),
        "preorder" => ("preorder".into(), s(pv, "text").into(), None, None),
        "no_price" => ("no_price".into(), s(pv, "text").into(), None, None),
        _ => ("no_price".into(), no_price_text.into(), None, None),
    }
}

/// The shell's `PriceTag` of a price view ([`price_parts`]).
pub fn price_tag(pv: Option<&Value>, no_price_text: &str) -> String {
    let (kind, text, was, label) = price_parts(pv, no_price_text);
    let was = was
        .map(|w| {
            format!(
                "<s class=\"fc-price__was\"><span class=\"fc-visually-hidden\">Was </span>{}</s>",
                esc(&w)
            )
        })
        .unwrap_or_default();
    let label = label
        .map(|l| format!("<span class=\"fc-price__type\">{}</span>", esc(&l)))
        .unwrap_or_default();
    format!(
        "<span class=\"fc-price fc-price--{kind}\" data-fc-price=\"\">{was}<strong class=\"fc-price__text\">{}</strong>{label}</span>",
        esc(&text)
    )
}

/// The shell's `Disclosure`: a `<details class="fc-disclosure">` with its summary and content
/// (already HTML).
pub fn disclosure(title: &str, open: bool, id: Option<&str>, content: &str) -> String {
    let open = if open { " open" } else { "" };
    let id = id.map(|i| format!(" id=\"{}\"", esc(i))).unwrap_or_default();
    format!(
        "<details class=\"fc-disclosure\"{open}{id}><summary class=\"fc-disclosure__summary\">{}</summary><div class=\"fc-disclosure__content\">{content}</div></details>",
        esc(title)
    )
}

/// The finance page of the site (`financePage`): the tenant's `finance.link` when it is a site
/// path, else `/finance`.
pub fn finance_page(tenant: &Value) -> String {
    let link = tenant.get("finance").map(|f| s(f, "link")).unwrap_or("");
    let ok =
        link.starts_with('/') && !link.starts_with("//") && link.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '/'));
    if ok { link.to_string() } else { "/finance".to_string() }
}

/// A car's finance link (`financeHref`): the finance page with `preferredDealership`,
/// `vehiclePriceBudget`, `car_id`, `car_type` and `vin` (the ones the car has), then
/// `#finance-form`. Takes the car or search hit JSON and the finance page.
pub fn finance_href(car: &Value, page: &str) -> String {
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    if let Some(d) = opt(car, "dealership_slug") {
        q.append_pair("preferredDealership", d);
    }
    let price = js_number(num(car, "price").unwrap_or(0.0));
    q.append_pair("vehiclePriceBudget", &price);
    q.append_pair("car_id", s(car, "slug"));
    q.append_pair("car_type", s(car, "car_type"));
    if let Some(v) = opt(car, "vin") {
        q.append_pair("vin", v);
    }
    format!("{page}?{}#finance-form", q.finish())
}

/// A number as JavaScript's `String(n)` writes it: `45990`, `45990.5`.
pub fn js_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// A phone number as the shell shows it (`formatPhone`): (display, `tel:` href), or None.
pub fn phone(raw: Option<&str>) -> Option<(String, String)> {
    let raw = raw?;
    let mut digits: String = raw.chars().filter(|c| c.is_ascii_digit() || *c == '+').collect();
    if let Some(rest) = digits.strip_prefix("+61") {
        digits = format!("0{rest}");
    } else if digits.starts_with("61") && digits.len() == 11 {
        digits = format!("0{}", &digits[2..]);
    }
    let digits: String = digits.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let display = if digits.len() == 10 && (digits.starts_with("04") || digits.starts_with("1300") || digits.starts_with("1800")) {
        format!("{} {} {}", &digits[..4], &digits[4..7], &digits[7..])
    } else if digits.len() == 10 && digits.starts_with('0') {
        format!("{} {} {}", &digits[..2], &digits[2..6], &digits[6..])
    } else {
        digits.clone()
    };
    Some((display, format!("tel:{digits}")))
}

/// The plain text of some HTML, whitespace collapsed (`htmlToText`).
pub fn html_text(html: &str) -> String {
    let bare = ammonia::Builder::empty().clean(html).to_string();
    let text = html_escape::decode_html_entities(&bare);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Text cut to `max` characters at a word boundary in the last 40%, with `…` (`truncate` of
/// ui-shell/src/lib/text.ts).
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    let space = cut.rfind(' ').map(|b| cut[..b].chars().count());
    let kept = match space {
        Some(sp) if sp as f64 > max as f64 * 0.6 => cut.chars().take(sp).collect::<String>(),
        _ => cut,
    };
    format!("{}…", kept.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_formats_follow_the_shell() {
        assert_eq!(human_label("suv"), "SUV");
        assert_eq!(human_label("peopleMover"), "People Mover");
        assert_eq!(human_label("cab_chassis"), "Cab Chassis");
        assert_eq!(human_label("Athena White"), "Athena White");
        assert_eq!(human_label("sedan"), "Sedan");
        assert_eq!(km(1.0), "1 km");
        assert_eq!(km(45210.0), "45,210 kms");
        assert_eq!(money(82990.0), "$82,990");
        assert_eq!(phone(Some("+61 2 9876 5432")).unwrap().0, "02 9876 5432");
        assert_eq!(phone(Some("1300123456")).unwrap().0, "1300 123 456");
        assert_eq!(html_text("<p>Low &amp; <b>clean</b></p>\n<p>x</p>"), "Low & clean x");
        assert_eq!(truncate("aaaa bbbb cccc", 12), "aaaa bbbb…");
    }

    #[test]
    fn a_placeholder_price_is_never_written() {
        let pv = serde_json::json!({"kind": "no_price", "text": "Enquire for price"});
        let tag = price_tag(Some(&pv), "x");
        assert!(tag.contains("Enquire for price") && !tag.contains('$'));
        let pv = serde_json::json!({"kind": "was_now", "was": 50000.0, "now": 45990.0, "price_type": "Drive Away"});
        assert!(price_tag(Some(&pv), "x").contains("Was </span>$50,000</s><strong class=\"fc-price__text\">$45,990</strong>"));
    }
}
