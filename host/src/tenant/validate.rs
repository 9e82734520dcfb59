//! The `tenant.toml` checks serde cannot make: slugs, references between sections, ranges, URLs
//! and opening hours. Each failure is a [`TenantError::Invalid`] naming the file and the dotted key.

use std::{collections::HashSet, path::Path};

use super::{
    config::{CARD_BUTTONS, SearchSettings, TenantConfig},
    config_buying::GATEABLE,
    config_locations::{AddressConfig, LocationConfig},
    error::{TenantError, invalid},
};

/// Whether `s` is a slug: non-empty, lowercase ASCII letters, digits and `-`.
pub(crate) fn is_slug(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn is_hhmm(s: &str) -> bool {
    jiff::civil::Time::strptime("%H:%M", s).is_ok() && s.len() == 5
}

const LOCATION_TYPES: [&str; 5] = ["sales", "service", "parts", "car-buying", ""];
/// The Australian state and territory codes.
pub const AU_STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];

/// `[search]`: page size, promo jitter, clear-filters target, card buttons and promos.
fn validate_search(s: &SearchSettings, file: &Path) -> Result<(), TenantError> {
    if !(1..=100).contains(&s.page_size) {
        return Err(invalid(file, "search.page_size", "must be between 1 and 100"));
    }
    if s.promo_first_jitter > 2 {
        return Err(invalid(file, "search.promo_first_jitter", "must be 0, 1 or 2"));
    }
    if !s.clear_filters_target.starts_with('/') && !s.clear_filters_target.starts_with("https://") {
        return Err(invalid(
            file,
            "search.clear_filters_target",
            "must be a site path (`/...`) or an https URL",
        ));
    }
    for (i, b) in s.card_buttons.iter().enumerate() {
        if !CARD_BUTTONS.contains(&b.as_str()) {
            return Err(invalid(
                file,
                format!("search.card_buttons.{i}"),
                format!("`{b}` is not one of {CARD_BUTTONS:?}"),
            ));
        }
    }
    let mut ids = std::collections::BTreeSet::new();
    for (i, p) in s.promos.iter().enumerate() {
        let key = |k: &str| format!("search.promos.{i}.{k}");
        if p.id.trim().is_empty() || !ids.insert(p.id.as_str()) {
            return Err(invalid(file, key("id"), "must be non-empty and unique"));
        }
        if p.position == 0 {
            return Err(invalid(file, key("position"), "is 1-based: must be 1 or more"));
        }
        if let (Some(a), Some(b)) = (p.start, p.expiry)
            && b <= a
        {
            return Err(invalid(file, key("expiry"), "must be after start"));
        }
        for t in &p.display {
            if !["new", "demo", "used"].contains(&t.as_str()) {
                return Err(invalid(file, key("display"), format!("`{t}` is not new, demo or used")));
            }
        }
    }
    Ok(())
}

/// Whether `url` may receive the host's calls: an absolute https URL, or plain http whose host is
/// exactly `127.0.0.1` or `localhost` (this machine: tests and local stubs). Compared on the
/// parsed host, so `http://127.0.0.1.evil.example` and `http://localhost@evil.example` are not
/// this machine. Takes the URL text; false for anything unparsable.
pub fn is_service_url(url: &str) -> bool {
    match reqwest::Url::parse(url) {
        Ok(u) if u.scheme() == "https" => u.host_str().is_some(),
        Ok(u) if u.scheme() == "http" => {
            u.username().is_empty() && u.password().is_none() && matches!(u.host_str(), Some("127.0.0.1" | "localhost"))
        }
        _ => false,
    }
}

fn check_service_url(file: &Path, key: &str, url: &str) -> Result<(), TenantError> {
    if is_service_url(url) && reqwest::Url::parse(url).is_ok() {
        Ok(())
    } else {
        Err(invalid(
            file,
            key,
            "must be an https URL (plain http only to 127.0.0.1 or localhost)",
        ))
    }
}

fn check_timeout(file: &Path, key: &str, ms: u64) -> Result<(), TenantError> {
    if (1..=30_000).contains(&ms) {
        Ok(())
    } else {
        Err(invalid(file, key, "must be between 1 and 30000"))
    }
}

/// `[trade_in]`, `[payments]` and `leads.service_frames` (docs/features/platform.md "Leads").
fn validate_adapters(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    let mut ids = HashSet::new();
    for (i, q) in c.trade_in.adjustments.iter().enumerate() {
        let key = |k: &str| format!("trade_in.adjustments.{i}.{k}");
        if !is_slug(&q.id.replace('_', "-")) || !ids.insert(q.id.as_str()) {
            return Err(invalid(
                file,
                key("id"),
                "must be a unique key of lower-case letters, digits, - and _",
            ));
        }
        if q.question.trim().is_empty() {
            return Err(invalid(file, key("question"), "must not be empty"));
        }
        if q.answers.len() < 2 {
            return Err(invalid(file, key("answers"), "must offer at least two answers"));
        }
        let mut values = HashSet::new();
        for (j, a) in q.answers.iter().enumerate() {
            if a.value.trim().is_empty() || !values.insert(a.value.as_str()) {
                return Err(invalid(
                    file,
                    key(&format!("answers.{j}.value")),
                    "must be a unique, non-empty value",
                ));
            }
            if a.label.trim().is_empty() {
                return Err(invalid(file, key(&format!("answers.{j}.label")), "must not be empty"));
            }
            if !(a.percent.is_finite() && (-50.0..=20.0).contains(&a.percent)) {
                return Err(invalid(file, key(&format!("answers.{j}.percent")), "must be -50 to 20 percent"));
            }
        }
    }
    let p = &c.payments;
    if let Some(provider) = &p.provider {
        if provider != "stripe" {
            return Err(invalid(
                file,
                "payments.provider",
                format!("`{provider}` is not a supported provider (stripe)"),
            ));
        }
        if p.secret_key_env.as_deref().is_none_or(str::is_empty) {
            return Err(invalid(file, "payments.secret_key_env", "is required with a provider"));
        }
        if p.webhook_secret_env.as_deref().is_none_or(str::is_empty) {
            return Err(invalid(file, "payments.webhook_secret_env", "is required with a provider"));
        }
    }
    for (key, var) in [
        ("payments.secret_key_env", &p.secret_key_env),
        ("payments.webhook_secret_env", &p.webhook_secret_env),
    ] {
        if let Some(v) = var {
            super::secrets::check_secret_env(file, key, &c.slug, v)?;
        }
    }
    check_service_url(file, "payments.api_base", &p.api_base)?;
    if p.currency.len() != 3 || !p.currency.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(invalid(file, "payments.currency", "must be a lower-case ISO 4217 code (aud)"));
    }
    check_timeout(file, "payments.timeout_ms", p.timeout_ms)?;
    for (i, f) in c.leads.service_frames.iter().enumerate() {
        if f.label.trim().is_empty() {
            return Err(invalid(file, format!("leads.service_frames.{i}.label"), "must not be empty"));
        }
        if !f.url.starts_with("https://") || reqwest::Url::parse(&f.url).is_err() {
            return Err(invalid(file, format!("leads.service_frames.{i}.url"), "must be an https URL"));
        }
    }
    Ok(())
}

/// `[finance.quote]`, `[delivery]` and `[fuel]` (docs/features/platform.md "Finance and delivery tools").
fn validate_tools(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    c.finance.check_link().map_err(|why| invalid(file, "finance.link", why))?;
    let q = &c.finance.quote;
    validate_adapters(c, file)?;
    for (score, v) in &q.credit_score_loading {
        if !["GREAT", "DECENT", "POOR"].contains(&score.as_str()) {
            return Err(invalid(
                file,
                format!("finance.quote.credit_score_loading.{score}"),
                "is not GREAT, DECENT or POOR",
            ));
        }
        if !(v.is_finite() && (0.0..=50.0).contains(v)) {
            return Err(invalid(
                file,
                format!("finance.quote.credit_score_loading.{score}"),
                "must be 0 to 50 percentage points",
            ));
        }
    }
    let mut last = 0.0;
    for (i, b) in c.delivery.bands.iter().enumerate() {
        let key = |k: &str| format!("delivery.bands.{i}.{k}");
        if !(b.up_to_km.is_finite() && b.up_to_km > last) {
            return Err(invalid(file, key("up_to_km"), "must be above 0 and above the previous band's"));
        }
        if !(b.price.is_finite() && b.price >= 0.0) {
            return Err(invalid(file, key("price"), "must be 0 or more dollars"));
        }
        if b.name.trim().is_empty() {
            return Err(invalid(file, key("name"), "must not be empty"));
        }
        last = b.up_to_km;
    }
    for (i, g) in c.sign_in.gated.iter().enumerate() {
        if !GATEABLE.contains(&g.as_str()) {
            return Err(invalid(
                file,
                format!("sign_in.gated.{i}"),
                format!("`{g}` is not one of {GATEABLE:?}"),
            ));
        }
    }
    let l = &c.leads;
    if let Some(url) = &l.webhook_url {
        check_service_url(file, "leads.webhook_url", url)?;
        if l.webhook_secret_env.as_deref().is_none_or(|v| v.trim().is_empty()) {
            return Err(invalid(file, "leads.webhook_secret_env", "is required with webhook_url"));
        }
    }
    if let Some(v) = &l.webhook_secret_env {
        super::secrets::check_secret_env(file, "leads.webhook_secret_env", &c.slug, v)?;
    }
    for (i, a) in l.email_to.iter().enumerate() {
        let ok = a
            .split_once('@')
            .is_some_and(|(u, d)| !u.is_empty() && d.contains('.') && !a.contains(char::is_whitespace));
        if !ok {
            return Err(invalid(file, format!("leads.email_to.{i}"), "must be an email address"));
        }
    }
    if let Some(t) = &l.receipt_next_steps
        && (t.trim().is_empty() || t.chars().count() > 1000 || t.chars().any(|c| c.is_control() && c != '\n'))
    {
        return Err(invalid(
            file,
            "leads.receipt_next_steps",
            "must be plain text of 1 to 1000 characters (line breaks allowed)",
        ));
    }
    let f = &c.fuel;
    for (k, v, max) in [
        ("fuel.price_per_litre", f.price_per_litre, 20.0),
        ("fuel.km_per_week", f.km_per_week, 10_000.0),
        ("fuel.consumption_l_per_100km", f.consumption_l_per_100km, 100.0),
    ] {
        if !(v.is_finite() && v > 0.0 && v <= max) {
            return Err(invalid(file, k, format!("must be above 0 and at most {max}")));
        }
    }
    Ok(())
}

/// Checks the rules serde cannot: slugs, references, ranges, hours. Takes the parsed config, the
/// tenant folder (feed and mapping paths are relative to it; its name must equal the slug) and the
/// `tenant.toml` path errors name; returns the first [`TenantError::Invalid`] found, checking the
/// sections in file order: identity, search, tools, stock, dealerships, locations, look, plugins.
pub(crate) fn validate(c: &TenantConfig, folder: &Path, file: &Path) -> Result<(), TenantError> {
    validate_identity(c, folder, file)?;
    validate_search(&c.search, file)?;
    validate_tools(c, file)?;
    validate_stock(c, folder, file)?;
    let dealer_slugs = validate_dealerships(c, file)?;
    validate_locations(c, &dealer_slugs, file)?;
    validate_look(c, file)?;
    validate_plugins(c, file)
}

/// `slug` (equal to the folder name), `name`, `template`, `hosts` and `default_state`.
fn validate_identity(c: &TenantConfig, folder: &Path, file: &Path) -> Result<(), TenantError> {
    let folder_name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // No `--` and no dash at either end: tenants' variable prefixes never overlap (tenant_env_prefix).
    if !is_slug(&c.slug) || c.slug.starts_with('-') || c.slug.ends_with('-') || c.slug.contains("--") {
        return Err(invalid(
            file,
            "slug",
            "must be lower-case letters, digits and single dashes between them",
        ));
    }
    if c.slug != folder_name {
        return Err(invalid(
            file,
            "slug",
            format!("`{}` must equal the folder name `{folder_name}`", c.slug),
        ));
    }
    for (key, v) in [("name", &c.name), ("template", &c.template)] {
        if v.trim().is_empty() {
            return Err(invalid(file, key, "must not be empty"));
        }
    }
    if !is_slug(&c.template) {
        return Err(invalid(file, "template", "must be lower-case letters, digits and dashes"));
    }
    for (i, h) in c.hosts.iter().enumerate() {
        if h.is_empty() || h.contains('/') || h.contains(' ') || h.contains(':') {
            return Err(invalid(
                file,
                format!("hosts.{i}"),
                "must be a bare host name (no scheme, port or path)",
            ));
        }
    }
    if !AU_STATES.contains(&c.default_state.as_str()) {
        return Err(invalid(file, "default_state", format!("must be one of {AU_STATES:?}")));
    }
    Ok(())
}

/// `media_dir`, `vdp.reserve_deposit`, `vdp.price_reduced_max_age_days`, `[stock]` (filter level, feed and mapping files that must
/// exist under `folder`) and the `phones` car types.
fn validate_stock(c: &TenantConfig, folder: &Path, file: &Path) -> Result<(), TenantError> {
    if c.media_dir.is_absolute() || c.media_dir.as_os_str().is_empty() {
        return Err(invalid(file, "media_dir", "must be a folder relative to the tenant folder"));
    }
    if !(c.vdp.reserve_deposit.is_finite() && c.vdp.reserve_deposit >= 0.0) {
        return Err(invalid(file, "vdp.reserve_deposit", "must be a number of dollars, 0 or more"));
    }
    if !(1..=365).contains(&c.vdp.price_reduced_max_age_days) {
        return Err(invalid(
            file,
            "vdp.price_reduced_max_age_days",
            "must be a number of days from 1 to 365",
        ));
    }
    if c.stock.filter_level > 14 {
        return Err(invalid(file, "stock.filter_level", "must be between 0 and 14"));
    }
    for (i, feed) in c.stock.feeds.iter().enumerate() {
        let pulled = feed.url.is_some() || !feed.credentials.is_empty() || feed.every_minutes.is_some() || feed.max_bytes.is_some();
        if pulled {
            validate_pulled_feed(c, file, i, feed)?;
        } else if !folder.join(&feed.path).is_file() {
            return Err(invalid(
                file,
                format!("stock.feeds.{i}.path"),
                format!("file {} does not exist", folder.join(&feed.path).display()),
            ));
        }
        if let Some(m) = &feed.mapping
            && !folder.join(m).is_file()
        {
            return Err(invalid(
                file,
                format!("stock.feeds.{i}.mapping"),
                format!("file {} does not exist", folder.join(m).display()),
            ));
        }
    }
    for (k, _) in c.phones.iter() {
        if !["new", "used", "demo"].contains(&k.as_str()) {
            return Err(invalid(file, format!("phones.{k}"), "car type must be new, used or demo"));
        }
    }
    crate::pricing::config::validate(&c.pricing, file).map_err(|(field, msg)| invalid(file, field, msg))?;
    validate_syndication(c, file)
}

/// `[syndication]`: a non-empty `token_env` with an https `site_url` (feed links are absolute),
/// thresholds in range.
fn validate_syndication(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    let s = &c.syndication;
    if let Some(var) = &s.token_env {
        if var.trim().is_empty() {
            return Err(invalid(file, "syndication.token_env", "must name an environment variable"));
        }
        super::secrets::check_secret_env(file, "syndication.token_env", &c.slug, var)?;
        if !c.site_url.as_deref().is_some_and(|u| u.starts_with("https://")) {
            return Err(invalid(
                file,
                "site_url",
                "must be an https URL when [syndication] token_env is set (feeds carry absolute links)",
            ));
        }
    }
    if !(1..=50).contains(&s.min_photos) {
        return Err(invalid(file, "syndication.min_photos", "must be between 1 and 50"));
    }
    if s.min_description_chars > 5000 {
        return Err(invalid(file, "syndication.min_description_chars", "must be between 0 and 5000"));
    }
    Ok(())
}

/// `[[dealerships]]`: at least one, unique slugs, sold-car window. Returns the dealership slugs
/// (locations must name one).
fn validate_dealerships<'c>(c: &'c TenantConfig, file: &Path) -> Result<HashSet<&'c str>, TenantError> {
    if c.dealerships.is_empty() {
        return Err(invalid(file, "dealerships", "at least one dealership is required"));
    }
    let mut dealer_slugs = HashSet::new();
    for (i, d) in c.dealerships.iter().enumerate() {
        if !is_slug(&d.slug) {
            return Err(invalid(
                file,
                format!("dealerships.{i}.slug"),
                "must be lower-case letters, digits and dashes",
            ));
        }
        if !dealer_slugs.insert(d.slug.as_str()) {
            return Err(invalid(
                file,
                format!("dealerships.{i}.slug"),
                format!("duplicate dealership `{}`", d.slug),
            ));
        }
        if let Some(days) = d.config.include_sold_cars_days
            && days > 365
        {
            return Err(invalid(
                file,
                format!("dealerships.{i}.config.include_sold_cars_days"),
                "must be between 0 and 365",
            ));
        }
    }
    Ok(dealer_slugs)
}

/// `[[locations]]`: unique slugs, a known dealership, type, address, rating, distribution
/// locations among this file's locations, and the opening and special hours.
fn validate_locations(c: &TenantConfig, dealer_slugs: &HashSet<&str>, file: &Path) -> Result<(), TenantError> {
    let loc_slugs: HashSet<&str> = c.locations.iter().map(|l| l.slug.as_str()).collect();
    let mut seen = HashSet::new();
    for (i, l) in c.locations.iter().enumerate() {
        let k = |rest: &str| format!("locations.{i}.{rest}");
        if !is_slug(&l.slug) {
            return Err(invalid(file, k("slug"), "must be lower-case letters, digits and dashes"));
        }
        if !seen.insert(l.slug.as_str()) {
            return Err(invalid(file, k("slug"), format!("duplicate location `{}`", l.slug)));
        }
        if !dealer_slugs.contains(l.dealership.as_str()) {
            return Err(invalid(
                file,
                k("dealership"),
                format!("no dealership `{}` in this file", l.dealership),
            ));
        }
        if !LOCATION_TYPES.contains(&l.location_type.as_str()) {
            return Err(invalid(
                file,
                k("location_type"),
                "must be sales, service, parts, car-buying or empty",
            ));
        }
        validate_address(&l.address, file, &k)?;
        if let Some(r) = l.average_rating
            && !(0.0..=5.0).contains(&r)
        {
            return Err(invalid(file, k("average_rating"), "must be between 0 and 5"));
        }
        for (j, d) in l.distribution_locations.iter().enumerate() {
            if !loc_slugs.contains(d.as_str()) {
                return Err(invalid(
                    file,
                    k(&format!("distribution_locations.{j}")),
                    format!("no location `{d}`"),
                ));
            }
        }
        validate_hours(l, file, &k)?;
    }
    Ok(())
}

/// A location's `address`: 4-digit postcode, state code, latitude and longitude in Australia.
/// `k` turns a key below the location into its full dotted key.
fn validate_address(a: &AddressConfig, file: &Path, k: &impl Fn(&str) -> String) -> Result<(), TenantError> {
    if a.postcode.len() != 4 || !a.postcode.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid(file, k("address.postcode"), "must be exactly 4 digits"));
    }
    if !AU_STATES.contains(&a.state.as_str()) {
        return Err(invalid(file, k("address.state"), format!("must be one of {AU_STATES:?}")));
    }
    if !(-44.0..=-9.0).contains(&a.lat) {
        return Err(invalid(file, k("address.lat"), "must be an Australian latitude (-44 to -9)"));
    }
    if !(112.0..=154.0).contains(&a.long) {
        return Err(invalid(file, k("address.long"), "must be an Australian longitude (112 to 154)"));
    }
    Ok(())
}

/// A location's `opening_hours` (weekday 0-6, each once) and `special_hours` (dates, each once).
/// `k` turns a key below the location into its full dotted key.
fn validate_hours(l: &LocationConfig, file: &Path, k: &impl Fn(&str) -> String) -> Result<(), TenantError> {
    let mut days = HashSet::new();
    for (j, h) in l.opening_hours.iter().enumerate() {
        let hk = |f: &str| k(&format!("opening_hours.{j}.{f}"));
        if h.weekday > 6 {
            return Err(invalid(file, hk("weekday"), "must be 0 (Sunday) to 6 (Saturday)"));
        }
        if !days.insert(h.weekday) {
            return Err(invalid(file, hk("weekday"), "weekday listed twice"));
        }
        check_hours(
            file,
            &h.status,
            h.open.as_deref(),
            h.close.as_deref(),
            &hk("open"),
            &hk("close"),
            &hk("status"),
        )?;
    }
    let mut dates = HashSet::new();
    for (j, h) in l.special_hours.iter().enumerate() {
        let hk = |f: &str| k(&format!("special_hours.{j}.{f}"));
        if jiff::civil::Date::strptime("%Y-%m-%d", &h.date).is_err() {
            return Err(invalid(file, hk("date"), "must be a date YYYY-MM-DD"));
        }
        if !dates.insert(h.date.as_str()) {
            return Err(invalid(file, hk("date"), "date listed twice"));
        }
        check_hours(
            file,
            &h.status,
            h.start_hour.as_deref(),
            h.end_hour.as_deref(),
            &hk("start_hour"),
            &hk("end_hour"),
            &hk("status"),
        )?;
    }
    Ok(())
}

/// `[theme]` (plain CSS values, radius) and `[maps]` (tile URL, zoom).
fn validate_look(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    for (key, value) in c.theme.texts() {
        if value.trim().is_empty() || value.contains([';', '{', '}', '<', '>']) {
            return Err(invalid(file, format!("theme.{key}"), "must be a plain CSS value (no ; { } < >)"));
        }
    }
    if let Some(r) = c.theme.radius_px
        && r > 48
    {
        return Err(invalid(file, "theme.radius_px", "must be between 0 and 48"));
    }
    if !c.maps.tile_url.starts_with("https://") || !["{z}", "{x}", "{y}"].iter().all(|p| c.maps.tile_url.contains(p)) {
        return Err(invalid(file, "maps.tile_url", "must be an https URL with {z}, {x} and {y}"));
    }
    if !(1..=19).contains(&c.maps.zoom) {
        return Err(invalid(file, "maps.zoom", "must be between 1 and 19"));
    }
    Ok(())
}

/// `[[plugins]]`: slug names, each listed once.
fn validate_plugins(c: &TenantConfig, file: &Path) -> Result<(), TenantError> {
    let mut plugin_names = HashSet::new();
    for (i, p) in c.plugins.iter().enumerate() {
        if !is_slug(&p.name) {
            return Err(invalid(
                file,
                format!("plugins.{i}.name"),
                "must be lower-case letters, digits and dashes",
            ));
        }
        if !plugin_names.insert(p.name.as_str()) {
            return Err(invalid(file, format!("plugins.{i}.name"), "plugin listed twice"));
        }
        if let Some(v) = &p.version
            && (v.is_empty()
                || v.len() > 64
                || !v.starts_with(|ch: char| ch.is_ascii_digit())
                || !v.chars().all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '.' | '-' | '+')))
        {
            return Err(invalid(
                file,
                format!("plugins.{i}.version"),
                "must be a version such as 1.2.0 (digits first; letters, digits, dots, dashes and pluses; at most 64)",
            ));
        }
        if let Some(http) = &p.capabilities.http {
            validate_http_grant(file, &c.slug, &format!("plugins.{i}.capabilities.http"), http)?;
        }
    }
    Ok(())
}

/// A pulled `[[stock.feeds]]` entry: `url` set (and no `path`), an https URL (plain http only
/// to 127.0.0.1 or localhost), `every_minutes` 1 to 10080, `max_bytes` 1 to 256 MiB, each
/// credential a header name and a variable of the tenant's own prefix ([`tenant_env_prefix`]).
fn validate_pulled_feed(c: &TenantConfig, file: &Path, i: usize, feed: &crate::tenant::config::FeedConfig) -> Result<(), TenantError> {
    let key = |k: &str| format!("stock.feeds.{i}.{k}");
    let Some(url) = &feed.url else {
        return Err(invalid(
            file,
            key("url"),
            "is required with every_minutes, max_bytes or credentials (a pulled feed)",
        ));
    };
    if !feed.path.as_os_str().is_empty() {
        return Err(invalid(
            file,
            key("path"),
            "a feed has either a path (a file) or a url (pulled), not both",
        ));
    }
    if outbound_origin(url).is_none() || !is_service_url(url) {
        return Err(invalid(
            file,
            key("url"),
            "must be an https:// URL (plain http only to 127.0.0.1 or localhost)",
        ));
    }
    if feed.every_minutes.is_some_and(|m| !(1..=10_080).contains(&m)) {
        return Err(invalid(file, key("every_minutes"), "must be a number of minutes from 1 to 10080"));
    }
    if feed.max_bytes.is_some_and(|b| !(1..=256 << 20).contains(&b)) {
        return Err(invalid(file, key("max_bytes"), "must be a number of bytes from 1 to 268435456"));
    }
    for (j, cred) in feed.credentials.iter().enumerate() {
        if reqwest::header::HeaderName::from_bytes(cred.header.as_bytes()).is_err() {
            return Err(invalid(
                file,
                key(&format!("credentials.{j}.header")),
                "must be an HTTP header name",
            ));
        }
        super::secrets::check_secret_env(file, &key(&format!("credentials.{j}.value_env")), &c.slug, &cred.value_env)?;
    }
    Ok(())
}

/// The origin (`scheme://host[:port]`, default port left out) of `url`, when it is an absolute
/// http(s) URL: what a plugin's outbound request is checked against (plugins/README.md
/// "Capabilities"). Takes the URL text; returns None for anything else.
pub fn outbound_origin(url: &str) -> Option<String> {
    let u = reqwest::Url::parse(url).ok()?;
    matches!(u.scheme(), "http" | "https").then(|| u.origin().ascii_serialization())
}

/// `[plugins.capabilities.http]`: origins that are https (plain http only to 127.0.0.1 or
/// localhost) with no path (none: the plugin may import wasi:http but reach nothing), limits in
/// range, credentials for listed origins only, each from a variable of tenant `slug`'s own.
fn validate_http_grant(file: &Path, slug: &str, key: &str, g: &crate::tenant::config::HttpGrant) -> Result<(), TenantError> {
    let mut origins = Vec::new();
    for (j, h) in g.allowed_outbound_hosts.iter().enumerate() {
        let field = format!("{key}.allowed_outbound_hosts.{j}");
        let origin = outbound_origin(h).filter(|o| is_service_url(h) && h.trim_end_matches('/') == o.as_str());
        match origin {
            Some(o) => origins.push(o),
            None => {
                return Err(invalid(
                    file,
                    field,
                    "must be an origin `https://host[:port]` with no path (plain http only to 127.0.0.1 or localhost)",
                ));
            }
        }
    }
    check_timeout(file, &format!("{key}.timeout_ms"), g.timeout_ms)?;
    if !(1..=16 << 20).contains(&g.max_response_bytes) {
        return Err(invalid(file, format!("{key}.max_response_bytes"), "must be between 1 and 16777216"));
    }
    if !(1..=16).contains(&g.max_requests) {
        return Err(invalid(file, format!("{key}.max_requests"), "must be between 1 and 16"));
    }
    for (j, c) in g.credentials.iter().enumerate() {
        let field = |f: &str| format!("{key}.credentials.{j}.{f}");
        if !outbound_origin(&c.origin).is_some_and(|o| origins.contains(&o)) {
            return Err(invalid(file, field("origin"), "must be one of allowed_outbound_hosts"));
        }
        if axum::http::HeaderName::from_bytes(c.header.as_bytes()).is_err() {
            return Err(invalid(file, field("header"), "must be an HTTP header name"));
        }
        super::secrets::check_secret_env(file, &field("value_env"), slug, &c.value_env)?;
    }
    Ok(())
}

fn check_hours(
    file: &Path,
    status: &str,
    open: Option<&str>,
    close: Option<&str>,
    open_key: &str,
    close_key: &str,
    status_key: &str,
) -> Result<(), TenantError> {
    match status {
        "Closed" => Ok(()),
        "Open" => {
            let o = open.ok_or_else(|| invalid(file, open_key, "required when status is Open"))?;
            let c = close.ok_or_else(|| invalid(file, close_key, "required when status is Open"))?;
            if !is_hhmm(o) {
                return Err(invalid(file, open_key, "must be HH:MM (24-hour)"));
            }
            if !is_hhmm(c) {
                return Err(invalid(file, close_key, "must be HH:MM (24-hour)"));
            }
            if c <= o {
                return Err(invalid(file, close_key, "must be later than the opening time"));
            }
            Ok(())
        }
        _ => Err(invalid(file, status_key, "must be Open or Closed")),
    }
}

/// The template remotes a host can serve (ARCHITECTURE.md "Module federation"): each is a folder
/// `<ui_plugins_dir>/<name>/` (`_kit` and other `_`/`.` folders are not remotes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateRemotes {
    /// The built remotes: folders with `dist/remoteEntry.js` (served at `/ui-plugins/<name>/`).
    Built(Vec<String>),
    /// No remote is built (the UI was not built): the remotes' sources, folders with a
    /// `package.json`.
    Sources(Vec<String>),
    /// No remote at all under the directory (absent, or a host deployed without the UI).
    None,
}

/// The template remotes under `ui_plugins_dir`, sorted by name: the built ones, else the sources.
pub fn template_remotes(ui_plugins_dir: &Path) -> TemplateRemotes {
    let mut names: Vec<(String, bool)> = std::fs::read_dir(ui_plugins_dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let path = e.path();
            let built = path.join("dist/remoteEntry.js").is_file();
            (is_slug(&name) && (built || path.join("package.json").is_file())).then_some((name, built))
        })
        .collect();
    names.sort();
    let built: Vec<String> = names.iter().filter(|n| n.1).map(|n| n.0.clone()).collect();
    if !built.is_empty() {
        TemplateRemotes::Built(built)
    } else if !names.is_empty() {
        TemplateRemotes::Sources(names.into_iter().map(|n| n.0).collect())
    } else {
        TemplateRemotes::None
    }
}

/// Checks each tenant's `template` against the template remotes under `ui_plugins_dir`
/// (`forecourt check` and `serve` start; docs/features/platform.md "Foundation"). `tenants`
/// gives each tenant's folder and template. A template must be a built remote; when no remote is
/// built it must be one of the remotes' sources, and when there is no remote at all nothing can
/// be checked.
///
/// Returns a note to log when the check could not use built remotes (None when it did).
///
/// # Errors
/// [`TenantError::Invalid`] naming the tenant's `tenant.toml` and the `template` key when a
/// template is not among the remotes (the reason lists them).
pub fn check_templates<'a>(
    tenants: impl IntoIterator<Item = (&'a Path, &'a str)>,
    ui_plugins_dir: &Path,
) -> Result<Option<String>, TenantError> {
    let dir = ui_plugins_dir.display();
    let (known, what, note) = match template_remotes(ui_plugins_dir) {
        TemplateRemotes::Built(names) => (names, "a built template remote", None),
        TemplateRemotes::Sources(names) => (
            names,
            "a template remote",
            Some(format!(
                "no template remote under {dir} is built (npm run build): templates checked against the remotes' sources"
            )),
        ),
        TemplateRemotes::None => {
            return Ok(Some(format!("no template remotes under {dir}: tenant templates not checked")));
        }
    };
    for (folder, template) in tenants {
        if !known.iter().any(|k| k == template) {
            return Err(invalid(
                &folder.join("tenant.toml"),
                "template",
                format!("`{template}` is not {what} under {dir} (there are: {})", known.join(", ")),
            ));
        }
    }
    Ok(note)
}
