//! The printable car brochure: an A4 PDF of one car as the VDP shows it (docs/features/platform.md
//! "Vehicle detail page"; docs/features/shopper-core.md §7 "PDF generation for a car slug"). It
//! holds the title, price view, key facts, features, dealer comments as text, the location and
//! number, the page address and a disclaimer; photos are not embedded.
//!
//! Made with krilla: the fonts are embedded and subset (only the glyphs used), and text is shaped
//! with rustybuzz, so any Unicode text prints and a PDF reader can copy it back out. Each character
//! is set in the first font of a fallback chain that has a glyph for it (host/assets/fonts):
//!
//! 1. DejaVu Sans (regular or bold): Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic,
//!    Lao, IPA, many symbols, dingbats and the emoticon faces (U+1F600..);
//! 2. Droid Sans Fallback: Chinese, Japanese (kana and kanji) and Korean (hangul).
//!
//! A character no font has (most other emoji, Thai, Devanagari, Tamil, ...) prints as the
//! visible replacement character U+FFFD, never as an error; control characters are dropped and
//! invisible format characters (bidi marks, joiners, variation selectors) are left out. Lines
//! break where UAX #14 allows (unicode-linebreak), and right-to-left runs are ordered by the bidi
//! algorithm (unicode-bidi). Text never makes the rendering fail.

use std::sync::LazyLock;

use krilla::{
    Document,
    geom::Point,
    metadata::Metadata,
    page::PageSettings,
    text::{Font, TextDirection},
};
use skrifa::{
    FontRef, MetadataProvider,
    charmap::Charmap,
    instance::{LocationRef, Size},
    metrics::GlyphMetrics,
};
use unicode_bidi::BidiInfo;
use unicode_linebreak::{BreakOpportunity, linebreaks};

use crate::{
    cars::CarResponse,
    error::Error,
    format::{group_thousands, whole_dollars as money},
    plugins::PriceView,
};

static DEJAVU_REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Regular.ttf");
static DEJAVU_BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");
static DROID_FALLBACK: &[u8] = include_bytes!("../assets/fonts/DroidSansFallback.ttf");

/// A4 width and height in PDF points (1/72 inch).
const PAGE: (f32, f32) = (595.28, 841.89);
/// Page margin in points (15 mm).
const MARGIN: f32 = 42.52;
/// The character printed for one no font of the chain has.
const REPLACEMENT: char = '\u{FFFD}';
/// Body text size in points.
const BODY: f32 = 10.0;

/// One font of the chain: the embedded PDF font and its glyph map and advances (skrifa).
struct Face {
    pdf: Font,
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    units_per_em: f32,
}

impl Face {
    fn load(data: &'static [u8]) -> Face {
        // The bundled fonts are fixed bytes of this binary, checked by the tests: failing to read
        // one is a build defect, not a run-time condition.
        let font = FontRef::new(data).expect("bundled font parses");
        let pdf = Font::new(data.into(), 0).expect("bundled font loads in krilla");
        let units_per_em = f32::from(font.metrics(Size::unscaled(), LocationRef::default()).units_per_em.max(1));
        Face {
            pdf,
            charmap: font.charmap(),
            metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()),
            units_per_em,
        }
    }

    fn has(&self, c: char) -> bool {
        self.charmap.map(c).is_some_and(|g| g.to_u32() != 0)
    }

    /// Advance of `c` at `size` points, in points (0 for a character the font lacks).
    fn advance(&self, c: char, size: f32) -> f32 {
        let Some(g) = self.charmap.map(c) else { return 0.0 };
        self.metrics.advance_width(g).unwrap_or(0.0) / self.units_per_em * size
    }
}

/// The two chains: regular and bold text, each ending in the CJK fallback.
struct Faces {
    regular: [Face; 2],
    bold: [Face; 2],
}

static FACES: LazyLock<Faces> = LazyLock::new(|| Faces {
    regular: [Face::load(DEJAVU_REGULAR), Face::load(DROID_FALLBACK)],
    bold: [Face::load(DEJAVU_BOLD), Face::load(DROID_FALLBACK)],
});

/// Regular or bold text at a size in points.
#[derive(Clone, Copy)]
struct Style {
    bold: bool,
    size: f32,
}

impl Style {
    fn chain(self) -> &'static [Face; 2] {
        if self.bold { &FACES.bold } else { &FACES.regular }
    }

    /// The index in the chain of the face that prints `c`, and the character it prints (U+FFFD
    /// from the first face when no face has `c`).
    fn pick(self, c: char) -> (usize, char) {
        let chain = self.chain();
        chain.iter().position(|f| f.has(c)).map_or((0, REPLACEMENT), |i| (i, c))
    }

    /// Width of `text` in points.
    fn width(self, text: &str) -> f32 {
        text.chars()
            .map(|c| {
                let (i, p) = self.pick(c);
                self.chain()[i].advance(p, self.size)
            })
            .sum()
    }
}

/// `text` made printable on one line: control characters dropped (tabs, line and paragraph
/// separators become spaces) and invisible format characters left out (soft hyphen, zero-width
/// joiners, bidi marks and embeddings, variation selectors, byte order mark).
pub fn printable(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' | '\u{2028}' | '\u{2029}' => Some(' '),
            c if c.is_control() => None,
            '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' => None,
            '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{E0000}'..='\u{E0FFF}' => None,
            c => Some(c),
        })
        .collect()
}

/// Splits `text` into lines no wider than `max` points, breaking where UAX #14 allows and, for a
/// piece wider than a line (a long address, a run of CJK without break points), between
/// characters. Trailing spaces are trimmed.
fn wrap(text: &str, style: Style, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut start = 0;
    for (end, kind) in linebreaks(text) {
        let piece = &text[start..end];
        start = end;
        let candidate = format!("{line}{piece}");
        if style.width(candidate.trim_end()) <= max {
            line = candidate;
        } else {
            if !line.trim().is_empty() {
                lines.push(line.trim_end().to_string());
            }
            line = String::new();
            for c in piece.chars() {
                let next = format!("{line}{c}");
                if style.width(next.trim_end()) > max && !line.is_empty() {
                    lines.push(line.trim_end().to_string());
                    line = c.to_string();
                } else {
                    line = next;
                }
            }
        }
        if kind == BreakOpportunity::Mandatory && !line.trim().is_empty() {
            lines.push(line.trim_end().to_string());
            line.clear();
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// One line of text placed on a page: left edge and baseline in points from the top left.
struct Placed {
    x: f32,
    baseline: f32,
    text: String,
    style: Style,
}

/// Lays text out top to bottom over as many A4 pages as it takes.
struct Layout {
    pages: Vec<Vec<Placed>>,
    y: f32,
}

impl Layout {
    fn new() -> Layout {
        Layout {
            pages: vec![Vec::new()],
            y: MARGIN,
        }
    }

    fn width() -> f32 {
        PAGE.0 - 2.0 * MARGIN
    }

    /// Room for `height` points below the cursor, on a new page if this one is full.
    fn room(&mut self, height: f32) {
        if self.y + height > PAGE.1 - MARGIN && self.y > MARGIN {
            self.pages.push(Vec::new());
            self.y = MARGIN;
        }
    }

    fn place(&mut self, x: f32, text: String, style: Style) {
        let baseline = self.y + style.size * 0.93;
        if let Some(page) = self.pages.last_mut() {
            page.push(Placed { x, baseline, text, style });
        }
    }

    /// A paragraph at `indent` points from the margin, wrapped to the rest of the width.
    fn para(&mut self, text: &str, style: Style, indent: f32) {
        for line in wrap(&printable(text), style, Layout::width() - indent) {
            self.room(style.size * 1.3);
            self.place(MARGIN + indent, line, style);
            self.y += style.size * 1.3;
        }
    }

    /// A bullet, then `text` indented after it.
    fn bullet(&mut self, text: &str, style: Style) {
        self.room(style.size * 1.3);
        self.place(MARGIN + 4.0, "\u{2022}".into(), style);
        self.para(text, style, 14.0);
    }

    /// A two-column row (label bold in the first third, value in the rest), kept on one page.
    fn row(&mut self, label: &str, value: &str, size: f32) {
        let third = Layout::width() / 3.0;
        let bold = Style { bold: true, size };
        let regular = Style { bold: false, size };
        let left = wrap(&printable(label), bold, third - 6.0);
        let right = wrap(&printable(value), regular, 2.0 * third);
        let lines = left.len().max(right.len()).max(1);
        let step = size * 1.3;
        self.room(step * lines as f32 + 2.0);
        let top = self.y;
        for (i, l) in left.into_iter().enumerate() {
            self.y = top + step * i as f32;
            self.place(MARGIN, l, bold);
        }
        for (i, l) in right.into_iter().enumerate() {
            self.y = top + step * i as f32;
            self.place(MARGIN + third, l, regular);
        }
        self.y = top + step * lines as f32 + 2.0;
    }

    fn gap(&mut self, points: f32) {
        self.y += points;
    }
}

/// Draws one line: bidi runs in visual order, each split into runs of one font of the chain.
fn draw_line(surface: &mut krilla::surface::Surface<'_>, placed: &Placed) {
    let chain = placed.style.chain();
    let bidi = BidiInfo::new(&placed.text, None);
    let mut x = placed.x;
    for para in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels.get(run.start).is_some_and(|l| l.is_rtl());
            let mut segments: Vec<(usize, String)> = Vec::new();
            for c in placed.text[run].chars() {
                let (face, printed) = placed.style.pick(c);
                match segments.last_mut() {
                    Some((f, s)) if *f == face => s.push(printed),
                    _ => segments.push((face, printed.to_string())),
                }
            }
            if rtl {
                segments.reverse();
            }
            for (face, text) in segments {
                let direction = if rtl {
                    TextDirection::RightToLeft
                } else {
                    TextDirection::LeftToRight
                };
                surface.draw_text(
                    Point::from_xy(x, placed.baseline),
                    chain[face].pdf.clone(),
                    placed.style.size,
                    &text,
                    false,
                    direction,
                );
                x += placed.style.width(&text);
            }
        }
    }
}

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

/// Lays out the brochure of a car as `cars::detail` answers it: `site` is the site name and `url`
/// the page's absolute address.
fn layout(res: &CarResponse, site: &str, url: &str) -> Layout {
    let body = Style { bold: false, size: BODY };
    let heading = Style { bold: true, size: 13.0 };
    let mut l = Layout::new();
    let c = &res.car;
    l.para(site, Style { bold: false, size: 9.0 }, 0.0);
    l.para(&res.name, Style { bold: true, size: 20.0 }, 0.0);
    let sub = [c.badge.clone(), c.series.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    if !sub.trim().is_empty() {
        l.para(&sub, Style { bold: false, size: 12.0 }, 0.0);
    }
    l.gap(5.0);
    l.para(&price_line(&res.price_view), Style { bold: true, size: 16.0 }, 0.0);
    if !res.available {
        l.para("SOLD", Style { bold: true, size: 14.0 }, 0.0);
    }
    l.gap(10.0);
    for (label, value) in print_facts(c) {
        l.row(label, &value, BODY);
    }
    if !c.standard_equipment.0.is_empty() {
        l.gap(10.0);
        l.para("Features", heading, 0.0);
        for f in &c.standard_equipment.0 {
            l.bullet(f, body);
        }
    }
    l.gap(10.0);
    l.para("Dealer Comments", heading, 0.0);
    let comments = res
        .dealercomments_html
        .as_deref()
        .map(comments_text)
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| "Dealer comments are pending. Please check back here later.".into());
    for line in comments.lines() {
        l.para(line, body, 0.0);
    }
    l.gap(10.0);
    if let Some(loc) = &res.location {
        let a = &loc.address;
        let addr = [&a.street, &a.city, &a.state, &a.postcode]
            .into_iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>()
            .join(" ");
        l.para(&format!("{}: {addr}", loc.name), body, 0.0);
    }
    if let Some(p) = &res.phone {
        l.para(&format!("Call {}", p.display), body, 0.0);
    }
    l.para(url, body, 0.0);
    l.gap(10.0);
    l.para(
        "Prices, specifications and availability are subject to change without notice. Please confirm all details with the dealer before purchase.",
        Style { bold: false, size: 8.0 },
        0.0,
    );
    l
}

/// Renders the brochure of a car (as `cars::detail` answers it) as PDF bytes: A4 pages, fonts
/// embedded and subset, the title `"{name} | {site}"`. `site` is the site name and `url` the
/// page's absolute address. Any text renders (see the module doc); errors: only krilla failing
/// to write the file (internal), which no text causes.
pub fn render_pdf(res: &CarResponse, site: &str, url: &str) -> Result<Vec<u8>, Error> {
    let layout = layout(res, site, url);
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(printable(&format!("{} | {site}", res.name)))
            .creator("Forecourt".into()),
    );
    for placed in &layout.pages {
        let settings = PageSettings::from_wh(PAGE.0, PAGE.1).ok_or_else(|| Error::internal("A4 page size rejected"))?;
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        for p in placed {
            draw_line(&mut surface, p);
        }
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| Error::internal(format!("pdf rendering failed: {e:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_prints_latin_cjk_and_the_replacement_character() {
        let body = Style { bold: false, size: BODY };
        assert_eq!(body.pick('A'), (0, 'A'));
        assert_eq!(body.pick('\u{05D0}'), (0, '\u{05D0}'), "Hebrew from DejaVu Sans");
        assert_eq!(body.pick('\u{0628}'), (0, '\u{0628}'), "Arabic from DejaVu Sans");
        assert_eq!(body.pick('\u{8ECA}'), (1, '\u{8ECA}'), "CJK from the fallback");
        assert_eq!(body.pick('\u{D55C}'), (1, '\u{D55C}'), "Hangul from the fallback");
        assert!(FACES.regular[0].has(REPLACEMENT) && FACES.bold[0].has(REPLACEMENT));
        assert_eq!(body.pick('\u{1F697}'), (0, REPLACEMENT), "an emoji no font has");
    }

    #[test]
    fn printable_drops_controls_and_invisible_format_characters() {
        assert_eq!(printable("a\u{0}b\u{7}\u{1b}[31mc\td\u{200F}e\u{FE0F}\u{FEFF}f"), "ab[31mc def");
    }

    #[test]
    fn wrap_keeps_every_line_within_the_width_and_loses_no_word() {
        let s = Style { bold: false, size: BODY };
        let text = "Immaculate condition 一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十 https://example.com/a/very/long/address/that/does/not/fit/on/one/line/at/all/because/it/is/long";
        let lines = wrap(text, s, 150.0);
        assert!(lines.len() > 3, "{lines:?}");
        for l in &lines {
            assert!(s.width(l) <= 150.0, "{l} is {} wide", s.width(l));
        }
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
    }
}
