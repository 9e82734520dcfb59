//! The tenant's theme written into every document (ARCHITECTURE.md "HTML documents and SEO"): the
//! CSS custom properties and `data-template` on `<html>`, and `<link rel="preload">` of the
//! template's web fonts in `<head>`, so the first paint is drawn themed and in its fonts before any
//! script runs (a theme applied by the start script after the first paint moved text: a layout
//! shift). The data is the shell's own theme table (`ui-shell/src/theme/theme.ts`
//! `TEMPLATE_THEMES` and its override keys), exported by the UI build as `ui-shell/dist/theme.json`
//! (`themeExport`), and resolved here as `resolveTheme` does: the template's properties (the base
//! theme's for a template the table does not name), then the tenant's `theme` overrides. The
//! start script resolves the same table and writes the same values, so it changes nothing.

use std::{collections::BTreeMap, path::Path};

use serde::Deserialize;
use serde_json::Value;

use super::paint::html::{esc, js_number};

/// One template's entry of `theme.json`.
#[derive(Debug, Clone, Default, Deserialize)]
struct TemplateTheme {
    /// CSS custom property to value.
    vars: BTreeMap<String, String>,
    /// URLs of the Latin web font files its text uses.
    #[serde(default)]
    fonts: Vec<String>,
}

/// The radius override of `theme.json`: the `tenant.theme` key, its property and range (px).
#[derive(Debug, Clone, Deserialize)]
struct Radius {
    key: String,
    property: String,
    min: f64,
    max: f64,
}

/// The shell's theme table (`ui-shell/dist/theme.json`, the `ThemeExport` of
/// `ui-shell/src/theme/theme.ts`); empty when the UI build did not write it (then documents carry
/// no theme and the start script applies it, as before).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ThemeTable {
    base: BTreeMap<String, String>,
    templates: BTreeMap<String, TemplateTheme>,
    /// `tenant.theme` key to CSS custom property, for string values.
    overrides: BTreeMap<String, String>,
    /// Characters that make a string override ignored.
    forbidden: String,
    radius: Option<Radius>,
}

/// What a document carries of the tenant's theme.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DocumentTheme {
    /// Attributes for `<html>`, each with a leading space (` data-template="..." style="..."`),
    /// already escaped; "" without a theme table.
    pub html_attrs: String,
    /// `<link rel="preload" as="font">` tags for `<head>`, one a line; "" when none.
    pub head: String,
}

impl ThemeTable {
    /// Reads `<ui_dist_dir>/theme.json`. Takes the UI build's folder; returns the table, or the
    /// empty table when the file is missing or unreadable (logged).
    pub fn load(ui_dist_dir: &Path) -> ThemeTable {
        let path = ui_dist_dir.join("theme.json");
        match std::fs::read_to_string(&path).map(|t| serde_json::from_str::<ThemeTable>(&t)) {
            Ok(Ok(table)) => table,
            Ok(Err(e)) => {
                tracing::warn!(file = %path.display(), error = %e, "theme.json unreadable; documents carry no theme");
                ThemeTable::default()
            }
            Err(_) => ThemeTable::default(),
        }
    }

    /// Whether the table has no theme at all (the UI build did not write one).
    pub fn is_empty(&self) -> bool {
        self.base.is_empty() && self.templates.is_empty()
    }

    /// The CSS custom properties of a tenant (`resolveTheme`, then `themeToCssVars`). Takes the
    /// tenant settings JSON (`GET /api/v1/tenant`: `template` and `theme`); returns property to value.
    pub fn vars(&self, tenant: &Value) -> BTreeMap<String, String> {
        let template = tenant.get("template").and_then(Value::as_str).unwrap_or("");
        let mut vars = self.templates.get(template).map_or_else(|| self.base.clone(), |t| t.vars.clone());
        let Some(theme) = tenant.get("theme").and_then(Value::as_object) else {
            return vars;
        };
        for (key, value) in theme {
            if let (Some(property), Some(v)) = (self.overrides.get(key), value.as_str())
                && !v.trim().is_empty()
                && !v.chars().any(|c| self.forbidden.contains(c))
            {
                vars.insert(property.clone(), v.to_string());
            }
            if let (Some(r), Some(n)) = (&self.radius, value.as_f64())
                && *key == r.key
                && (r.min..=r.max).contains(&n)
            {
                vars.insert(r.property.clone(), format!("{}px", js_number(n)));
            }
        }
        vars
    }

    /// The theme a tenant's documents carry. Takes the tenant settings JSON; returns the `<html>`
    /// attributes (`data-template` and the custom properties as `style`) and the font preloads of
    /// its template, both empty when the table is.
    pub fn document(&self, tenant: &Value) -> DocumentTheme {
        if self.is_empty() {
            return DocumentTheme::default();
        }
        let template = tenant.get("template").and_then(Value::as_str).unwrap_or("");
        let style: Vec<String> = self.vars(tenant).iter().map(|(k, v)| format!("{k}: {v}")).collect();
        let head = self
            .templates
            .get(template)
            .map(|t| {
                t.fonts
                    .iter()
                    .map(|f| {
                        format!(
                            "<link rel=\"preload\" href=\"{}\" as=\"font\" type=\"font/woff2\" crossorigin>\n",
                            esc(f)
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        DocumentTheme {
            html_attrs: format!(" data-template=\"{}\" style=\"{}\"", esc(template), esc(&style.join("; "))),
            head,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::ThemeTable;

    fn table() -> ThemeTable {
        serde_json::from_value(json!({
            "base": {"--fc-color-primary": "#1f3a5f", "--fc-radius": "6px"},
            "templates": {"ev": {"vars": {"--fc-color-primary": "#0f766e", "--fc-radius": "20px"}, "fonts": ["/assets/m.woff2"]}},
            "overrides": {"primary": "--fc-color-primary"},
            "forbidden": ";{}<>",
            "radius": {"key": "radius_px", "property": "--fc-radius", "min": 0, "max": 48}
        }))
        .unwrap()
    }

    #[test]
    fn overrides_apply_as_the_shell_resolves_them() {
        let t = table();
        let vars = |tenant| t.vars(&tenant).into_iter().collect::<Vec<_>>();
        let own = |p: &str, r: &str| {
            vec![
                ("--fc-color-primary".to_string(), p.to_string()),
                ("--fc-radius".to_string(), r.to_string()),
            ]
        };
        assert_eq!(vars(json!({"template": "ev"})), own("#0f766e", "20px"));
        // A template the table does not name gets the base theme.
        assert_eq!(vars(json!({"template": "other"})), own("#1f3a5f", "6px"));
        // Unsafe or blank strings, an out-of-range radius and unknown keys are ignored; null too.
        let ignored = json!({"template": "ev", "theme": {"primary": "red;}", "radius_px": 49, "x": "y", "accent": null}});
        assert_eq!(vars(ignored), own("#0f766e", "20px"));
        assert_eq!(vars(json!({"template": "ev", "theme": {"primary": "  "}})), own("#0f766e", "20px"));
        let set = json!({"template": "ev", "theme": {"primary": "#000", "radius_px": 0}});
        assert_eq!(vars(set), own("#000", "0px"));
        assert!(t.document(&json!({"template": "other"})).head.is_empty());
        assert_eq!(
            ThemeTable::default().document(&json!({"template": "ev"})),
            super::DocumentTheme::default()
        );
    }
}
