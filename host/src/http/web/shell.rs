//! The built UI shell (`ui-shell/dist`): its `index.html`, read once at start, with the two markers
//! the host fills (`<!--forecourt:head-->`, `<!--forecourt:data-->`; ui-shell/README.md "Inline
//! data"), and its theme table (`theme.json`, `super::theme`).

use std::path::Path;

use super::theme::ThemeTable;

/// Marker replaced by the page's head tags.
pub const HEAD_MARKER: &str = "<!--forecourt:head-->";
/// Marker replaced by the inline data element.
pub const DATA_MARKER: &str = "<!--forecourt:data-->";
/// The shell's empty mount point, filled with the first paint (`paint::app::first_paint`).
pub const ROOT: &str = "<div id=\"root\"></div>";

/// Used when the UI has not been built: the document still carries every SEO tag and the data,
/// so crawlers and the API work; shoppers see a notice.
const FALLBACK: &str = "<!doctype html>\n<html lang=\"en-AU\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Forecourt</title>\n\
<!--forecourt:head-->\n</head>\n<body>\n<div id=\"root\"><p>This site's interface is not built on this server \
(run <code>npm run build</code>).</p></div>\n<!--forecourt:data-->\n</body>\n</html>\n";

/// The shell's document template.
#[derive(Debug, Clone)]
pub struct Shell {
    html: String,
    /// False when `index.html` was missing and the fallback is used.
    pub built: bool,
    /// The templates' themes (`theme.json`; empty when missing).
    pub theme: ThemeTable,
}

impl Shell {
    /// Reads `<ui_dist_dir>/index.html`, the fallback template when it is missing or lacks the
    /// markers (logged), and `<ui_dist_dir>/theme.json` (`ThemeTable::load`).
    pub fn load(ui_dist_dir: &Path) -> Shell {
        let path = ui_dist_dir.join("index.html");
        let shell = match std::fs::read_to_string(&path) {
            Ok(html) if html.contains(HEAD_MARKER) && html.contains(DATA_MARKER) => Shell {
                html,
                built: true,
                theme: ThemeTable::default(),
            },
            Ok(_) => {
                tracing::warn!(file = %path.display(), "index.html lacks the forecourt markers; serving the fallback document");
                Shell::fallback()
            }
            Err(e) => {
                tracing::warn!(file = %path.display(), error = %e, "UI not built; serving the fallback document");
                Shell::fallback()
            }
        };
        Shell {
            theme: ThemeTable::load(ui_dist_dir),
            ..shell
        }
    }

    /// The built-in fallback template (no theme table).
    pub fn fallback() -> Shell {
        Shell {
            html: FALLBACK.to_string(),
            built: false,
            theme: ThemeTable::default(),
        }
    }

    /// The document: `html_attrs` (each with a leading space, the theme's `DocumentTheme`) go on
    /// the `<html>` element, `title` (already plain text) replaces the template's `<title>`, `head`
    /// and `data` replace the markers, and `root` (the first paint) fills the empty `#root` (the
    /// fallback template keeps its notice). `html_attrs`, `head`, `root` and `data` must already be
    /// escaped. Returns the HTML.
    pub fn render(&self, html_attrs: &str, title: &str, head: &str, root: &str, data: &str) -> String {
        let mut html = self.html.replacen(HEAD_MARKER, head, 1).replacen(DATA_MARKER, data, 1);
        if !html_attrs.is_empty() {
            html = html.replacen("<html", &format!("<html{html_attrs}"), 1);
        }
        if !root.is_empty() {
            html = html.replacen(ROOT, &format!("<div id=\"root\">{root}</div>"), 1);
        }
        if let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>"))
            && start < end
        {
            html.replace_range(start + "<title>".len()..end, &html_escape::encode_text(title));
        }
        html
    }
}
