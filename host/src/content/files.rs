//! Reading the content files: the two folders looked in (the tenant's `content/` and the shared
//! defaults), `{{site_name}}` replacement, merging a tenant's TOML over the default's, markdown
//! rendering and the link and date checks every content file shares.

use std::path::{Path, PathBuf};

use figment::{
    Figment,
    providers::{Format, Toml},
};
use serde::de::DeserializeOwned;

use crate::tenant::error::{TenantError, invalid};

/// Placeholder replaced by the tenant's name in every content file.
pub const SITE_NAME: &str = "{{site_name}}";

/// Markdown (CommonMark with tables and strikethrough) to sanitised HTML. Takes the markdown;
/// returns HTML safe to insert as it is (ammonia's default allow-list, links `noopener noreferrer`).
pub fn markdown_html(markdown: &str) -> String {
    use pulldown_cmark::{Options, Parser, html};
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut out = String::new();
    html::push_html(&mut out, Parser::new_ext(markdown, opts));
    ammonia::Builder::default()
        .link_rel(Some("noopener noreferrer"))
        .clean(&out)
        .to_string()
}

/// The text of `file` with [`SITE_NAME`] replaced by `site_name`; None when the file does not
/// exist. Errors: any other read failure, naming the file.
pub(crate) fn read(file: &Path, site_name: &str) -> Result<Option<String>, TenantError> {
    match std::fs::read_to_string(file) {
        Ok(t) => Ok(Some(t.replace(SITE_NAME, site_name))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(invalid(file, "", format!("cannot read: {e}"))),
    }
}

/// Reads `<name>` from the defaults then the tenant folder, the tenant's merged over the default.
/// None when neither exists.
pub(crate) fn merged<T: DeserializeOwned>(dirs: &Dirs, name: &str, site_name: &str) -> Result<Option<T>, TenantError> {
    let mut fig = Figment::new();
    let mut last = None;
    for dir in [&dirs.defaults, &dirs.tenant].into_iter().flatten() {
        let file = dir.join(name);
        if let Some(text) = read(&file, site_name)? {
            // Each file alone must parse, so an error names its own file.
            toml::from_str::<toml::Table>(&text).map_err(|e| invalid(&file, "", e.to_string()))?;
            fig = fig.merge(Toml::string(&text));
            last = Some(file);
        }
    }
    let Some(file) = last else { return Ok(None) };
    fig.extract::<T>().map(Some).map_err(|e| {
        let key = e.path.join(".");
        invalid(&file, key, e.to_string())
    })
}

/// The two folders content files are looked up in: the shared defaults (tenant.toml
/// `content_defaults`) and the tenant's own `content/`, each None when absent.
pub(crate) struct Dirs {
    pub(crate) defaults: Option<PathBuf>,
    pub(crate) tenant: Option<PathBuf>,
}

impl Dirs {
    /// The file an error about `name` should name: the tenant's when it has one, else the
    /// default's (the file whose keys win), else the bare name.
    pub(crate) fn file(&self, name: &str) -> PathBuf {
        self.tenant
            .iter()
            .chain(self.defaults.iter())
            .map(|d| d.join(name))
            .find(|f| f.is_file())
            .unwrap_or_else(|| PathBuf::from(name))
    }
}

/// Whether `s` is a site path (`/...`, not `//...`) or an https URL.
pub(crate) fn is_link(s: &str) -> bool {
    (s.starts_with('/') && !s.starts_with("//")) || s.starts_with("https://")
}

/// [`is_link`] as a check: errors name `file` and the dotted `key`.
pub(crate) fn check_link(file: &Path, key: String, s: &str) -> Result<(), TenantError> {
    if is_link(s) {
        Ok(())
    } else {
        Err(invalid(file, key, format!("`{s}` must be a site path (`/...`) or an https URL")))
    }
}

/// Reads and parses a JSON file. Errors: unreadable or invalid JSON, naming the file.
pub(crate) fn json_file<T: DeserializeOwned>(file: &Path) -> Result<T, TenantError> {
    let text = std::fs::read_to_string(file).map_err(|e| invalid(file, "", format!("cannot read: {e}")))?;
    serde_json::from_str(&text).map_err(|e| invalid(file, "", e.to_string()))
}

/// [`check_link`] for an optional value (None passes).
pub(crate) fn check_opt_link(file: &Path, key: String, s: &Option<String>) -> Result<(), TenantError> {
    match s {
        Some(s) => check_link(file, key, s),
        None => Ok(()),
    }
}

/// An optional `YYYY-MM-DD` date (None passes). Errors name `file` and the dotted `key`.
pub(crate) fn check_date(file: &Path, key: String, s: &Option<String>) -> Result<(), TenantError> {
    match s {
        Some(d) if d.parse::<jiff::civil::Date>().is_err() => Err(invalid(file, key, format!("`{d}` is not a YYYY-MM-DD date"))),
        _ => Ok(()),
    }
}
