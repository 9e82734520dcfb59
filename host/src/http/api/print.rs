//! `GET /api/v1/cars/{slug}/print.pdf`: a printable A4 PDF of one car (docs/features/platform.md
//! "Vehicle detail page"; docs/features/shopper-core.md §7 "PDF generation for a car slug"), made
//! with genpdf. Text is set in the PDF's built-in Helvetica (nothing embedded: a few kB a page),
//! laid out with the metrics of the bundled DejaVu Sans (host/assets/fonts, Bitstream Vera
//! licence), which is wider, so lines never overflow. Built-in fonts cover Latin-1 only. It holds
//! the title, price view, key facts, features, dealer comments as text, the location and number,
//! the page address and a disclaimer. Photos are not embedded.

use crate::http::extract::Path;
use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use genpdf::{Element as _, elements, style};

use crate::{cars::CarResponse, http::error::ApiError};
use crate::{
    format::{group_thousands, whole_dollars as money},
    http::state::{AppState, CurrentTenant},
    plugins::PriceView,
};

static FONT_REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Regular.ttf");
static FONT_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The price line of a price view, e.g. `$82,990 Drive Away`, `Was $89,990 Now $82,990`.
pub fn price_line(p: &PriceView) -> String {
    match p {
        PriceView::Subscription { weekly, suffix } => format!("{}{suffix}", money(*weekly)),
        PriceView::WasNow { was, now, price_type } => {
            format!("Was {} Now {} {}", money(*was), money(*now), price_type.clone().unwrap_or_default())
                .trim_end()
                .to_string()
        }
        PriceView::CarPrice { price, price_type } => format!("{} {}", money(*price), price_type.clone().unwrap_or_default())
            .trim_end()
            .to_string(),
        PriceView::Preorder { text } | PriceView::NoPrice { text } => text.clone(),
    }
}

/// The key facts printed for a car: (label, value), empty values dropped (docs/features/shopper-core.md §5 "Spec
/// rows with empty values are dropped").
pub fn print_facts(c: &crate::model::Car) -> Vec<(&'static str, String)> {
    let opt = |v: &Option<String>| v.clone().unwrap_or_default();
    let num = |v: Option<i64>| v.map(|n| n.to_string()).unwrap_or_default();
    let rows = vec![
        ("Stock number", c.stocknum.clone()),
        ("Condition", c.car_type.clone()),
        ("Odometer", c.km.map(|k| format!("{} km", group_thousands(k))).unwrap_or_default()),
        ("Transmission", opt(&c.trans)),
        ("Body", opt(&c.body)),
        ("Fuel", opt(&c.fuel)),
        ("Drive", opt(&c.drive)),
        ("Engine", c.engine_size_litres.map(|l| format!("{l:.1} L")).unwrap_or_default()),
        ("Colour", opt(&c.colour)),
        ("Seats", num(c.seats)),
        ("Doors", num(c.doors)),
        ("VIN", opt(&c.vin)),
        ("Registration", opt(&c.regplate)),
    ];
    rows.into_iter().filter(|(_, v)| !v.trim().is_empty()).collect()
}

/// Plain text of sanitised comment HTML (tags dropped, entities decoded, blank lines squeezed).
pub fn comments_text(html: &str) -> String {
    let stripped = ammonia::Builder::empty()
        .clean(&html.replace("<br", "\n<br").replace("</p>", "</p>\n"))
        .to_string();
    let text = html_escape::decode_html_entities(&stripped).to_string();
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

/// Renders the PDF for a car as the VDP API answers it. `site` is the site name and `url` the
/// page's absolute address. Errors: font or layout failures (internal).
pub fn render_pdf(res: &CarResponse, site: &str, url: &str) -> Result<Vec<u8>, String> {
    let font = |b: &[u8], builtin| genpdf::fonts::FontData::new(b.to_vec(), Some(builtin)).map_err(|e| e.to_string());
    let regular = font(FONT_REGULAR, printpdf::BuiltinFont::Helvetica)?;
    let bold = font(FONT_BOLD, printpdf::BuiltinFont::HelveticaBold)?;
    let family = genpdf::fonts::FontFamily {
        regular: regular.clone(),
        bold: bold.clone(),
        italic: regular,
        bold_italic: bold,
    };
    let mut doc = genpdf::Document::new(family);
    doc.set_title(format!("{} | {site}", res.name));
    // No PDF/X ICC profile or XMP packet: they add 650 kB to a one-page brochure.
    doc.set_minimal_conformance();
    doc.set_font_size(10);
    let mut deco = genpdf::SimplePageDecorator::new();
    deco.set_margins(15);
    doc.set_page_decorator(deco);
    let c = &res.car;
    doc.push(elements::Paragraph::new(site).styled(style::Style::new().with_font_size(9)));
    doc.push(elements::Paragraph::new(res.name.clone()).styled(style::Style::new().bold().with_font_size(20)));
    let sub = [c.badge.clone(), c.series.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    if !sub.is_empty() {
        doc.push(elements::Paragraph::new(sub).styled(style::Style::new().with_font_size(12)));
    }
    doc.push(elements::Break::new(0.5));
    doc.push(elements::Paragraph::new(price_line(&res.price_view)).styled(style::Style::new().bold().with_font_size(16)));
    if !res.available {
        doc.push(elements::Paragraph::new("SOLD").styled(style::Style::new().bold().with_font_size(14)));
    }
    doc.push(elements::Break::new(1));
    let mut table = elements::TableLayout::new(vec![1, 2]);
    table.set_cell_decorator(elements::FrameCellDecorator::new(false, false, false));
    for (label, value) in print_facts(c) {
        table
            .row()
            .element(elements::Paragraph::new(label).styled(style::Style::new().bold()).padded(1))
            .element(elements::Paragraph::new(value).padded(1))
            .push()
            .map_err(|e| e.to_string())?;
    }
    doc.push(table);
    if !c.standard_equipment.0.is_empty() {
        doc.push(elements::Break::new(1));
        doc.push(elements::Paragraph::new("Features").styled(style::Style::new().bold().with_font_size(13)));
        let mut list = elements::UnorderedList::new();
        for f in &c.standard_equipment.0 {
            list.push(elements::Paragraph::new(f.clone()));
        }
        doc.push(list);
    }
    doc.push(elements::Break::new(1));
    doc.push(elements::Paragraph::new("Dealer Comments").styled(style::Style::new().bold().with_font_size(13)));
    let comments = res
        .dealercomments_html
        .as_deref()
        .map(comments_text)
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "Dealer comments are pending. Please check back here later.".into());
    for line in comments.lines() {
        doc.push(elements::Paragraph::new(line.to_string()));
    }
    doc.push(elements::Break::new(1));
    if let Some(l) = &res.location {
        let addr = [
            l.address.street.clone(),
            l.address.city.clone(),
            l.address.state.clone(),
            l.address.postcode.clone(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
        doc.push(elements::Paragraph::new(format!("{}: {addr}", l.name)));
    }
    if let Some(p) = &res.phone {
        doc.push(elements::Paragraph::new(format!("Call {}", p.display)));
    }
    doc.push(elements::Paragraph::new(url.to_string()));
    doc.push(elements::Break::new(1));
    doc.push(
        elements::Paragraph::new(
            "Prices, specifications and availability are subject to change without notice. Please confirm all details with the dealer before purchase.",
        )
        .styled(style::Style::new().with_font_size(8)),
    );
    let mut out = Vec::new();
    doc.render(&mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// The car as a PDF download (`{slug}.pdf`).
#[utoipa::path(get, path = "/api/v1/cars/{slug}/print.pdf", tag = "cars",
    params(("slug" = String, Path, description = "Car slug")),
    responses((status = 200, description = "A4 PDF", content_type = "application/pdf"),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_print_pdf(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: axum::http::HeaderMap,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    let res = crate::cars::detail(state.platform(), &t, &slug).await?;
    let url = format!("{}{}", crate::http::web::seo::base_url(&t, &headers), res.path);
    let site = t.config.name.clone();
    let pdf = tokio::task::spawn_blocking(move || render_pdf(&res, &site, &url))
        .await
        .map_err(|e| ApiError::internal(format!("pdf task failed: {e}")))?
        .map_err(|e| ApiError::internal(format!("pdf rendering failed: {e}")))?;
    let mut r = pdf.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{slug}.pdf\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(r)
}
