//! `forecourt.toml` settings that change without a restart (docs/operations.md "Live
//! settings"). A reload of every tenant (`forecourt reload`, SIGHUP, `POST
//! /api/v1/admin/reload` without `tenant`, or another host's reload followed through storage)
//! first reads the settings file and the `FORECOURT_*` variables again, exactly as `forecourt
//! serve` read them at start ([`Settings::load`]). The settings in [`LIVE`] take their new values
//! at once; a change to any other setting (the listen address, storage, directories, the engine's
//! memory cap, SMTP ...) is reported as needing a restart and not applied, so what the host runs
//! with is always what some file said. A file that does not parse or validate changes nothing.

use std::{
    path::PathBuf,
    sync::{Arc, OnceLock},
};

use arc_swap::ArcSwapOption;

use crate::{config::Settings, plugins::PluginHost};

/// The settings a reload applies without a restart, by their `forecourt.toml` names. Each is
/// read where it is used, per request or per try: the admin token, the lead and sign-in limits
/// and the sign-in code secrets, the trusted proxies, the readiness bound on search lag, the
/// per-call plugin limits, whether tenant destinations may be private addresses, the lead
/// delivery timeout and whether reloads import changed feeds.
pub const LIVE: &[&str] = &[
    "admin_token",
    "code_secret",
    "code_secret_env",
    "code_secrets_previous",
    "import_feeds_on_start",
    "lead_delivery_timeout_seconds",
    "lead_submissions_per_minute",
    "outbound_private_networks",
    "plugin_breaker_failures",
    "plugin_deadline_ms",
    "plugin_max_output_bytes",
    "readiness_max_search_lag",
    "sign_in_client_window_seconds",
    "sign_in_failures_per_client",
    "sign_in_failures_per_phone",
    "sign_in_phone_window_seconds",
    "sign_in_sends_per_client",
    "sign_in_sends_per_phone",
    "trusted_proxies",
];

/// What a settings reload did (the `settings` part of a reload's report).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct SettingsReload {
    /// `unchanged` (no live setting moved), `reloaded` (the settings in `applied` took their new
    /// values) or `failed` (the file or a variable was refused: nothing changed, `error` says
    /// why).
    pub outcome: SettingsOutcome,
    /// The live settings whose new values now apply, by name.
    pub applied: Vec<String>,
    /// Settings whose value in the file differs from the one this process started with but
    /// that only a restart applies (they keep their start-up values until then), by name.
    pub needs_restart: Vec<String>,
    /// Why the settings were refused (`failed`): the file or variable, the key and the reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// [`SettingsReload::outcome`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SettingsOutcome {
    /// No live setting changed (or the process has no settings file to read).
    #[default]
    Unchanged,
    /// Some live settings took new values.
    Reloaded,
    /// The settings were refused; nothing changed.
    Failed,
}

/// The settings a process runs with after its settings reloads: its start-up settings with the
/// [`LIVE`] ones taken from the last good reload. Cheap to read (one atomic load).
#[derive(Default)]
pub struct LiveSettings {
    /// The settings file `forecourt serve` was started with (`--config`); unset: nothing to
    /// reload (tests, embedded uses).
    source: OnceLock<PathBuf>,
    /// The settings after the last reload that changed any; None until then (the start-up
    /// settings apply).
    current: ArcSwapOption<Settings>,
}

impl LiveSettings {
    /// Reads the settings again from `source` (the `--config` path; an absent file means
    /// defaults and variables) on every reload of all tenants from now on. Only the first call
    /// counts (a process has one settings file).
    pub fn read_from(&self, source: PathBuf) {
        let _ = self.source.set(source);
    }

    /// The settings in force: `started` (the start-up settings) with the live ones of the last
    /// reload that changed any.
    pub fn now(&self, started: &Arc<Settings>) -> Arc<Settings> {
        self.current.load_full().unwrap_or_else(|| started.clone())
    }

    /// Reads the settings again and applies the [`LIVE`] ones that changed against what is in
    /// force (`started` as the start-up settings), telling `plugins` its new per-call limits and
    /// the outbound policy its new switch. Returns what was applied and what needs a restart;
    /// a refused file or variable changes nothing (`failed` with the error).
    pub fn reload(&self, started: &Arc<Settings>, plugins: &PluginHost) -> SettingsReload {
        let Some(source) = self.source.get() else {
            return SettingsReload::default();
        };
        let read = match Settings::load(source) {
            Ok(s) => s,
            Err(e) => {
                return SettingsReload {
                    outcome: SettingsOutcome::Failed,
                    error: Some(e.to_string()),
                    ..SettingsReload::default()
                };
            }
        };
        let now = self.now(started);
        let (was, file, first) = (fields(&now), fields(&read), fields(started));
        let applied: Vec<String> = LIVE
            .iter()
            .filter(|k| was.get(**k) != file.get(**k))
            .map(|k| k.to_string())
            .collect();
        let needs_restart: Vec<String> = file
            .keys()
            .filter(|k| !LIVE.contains(&k.as_str()) && first.get(*k) != file.get(*k))
            .cloned()
            .collect();
        if applied.is_empty() {
            return SettingsReload {
                needs_restart,
                ..SettingsReload::default()
            };
        }
        let next = Arc::new(with_live(started, &read));
        plugins.set_call_limits(&next);
        crate::outbound::allow_private_networks(next.outbound_private_networks);
        self.current.store(Some(next));
        tracing::info!(applied = ?applied, needs_restart = ?needs_restart, "settings reloaded");
        SettingsReload {
            outcome: SettingsOutcome::Reloaded,
            applied,
            needs_restart,
            error: None,
        }
    }
}

/// The settings as a map of `forecourt.toml` name to value (for comparing; secrets included,
/// never printed).
fn fields(s: &Settings) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(s) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    }
}

/// `started` with the [`LIVE`] settings of `read`.
fn with_live(started: &Settings, read: &Settings) -> Settings {
    let mut out = fields(started);
    for (k, v) in fields(read) {
        if LIVE.contains(&k.as_str()) {
            out.insert(k, v);
        }
    }
    // Every value came from a Settings: it reads back (secrets keep their checked length).
    serde_json::from_value(serde_json::Value::Object(out)).unwrap_or_else(|_| started.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_live_setting_is_a_setting() {
        let names = fields(&Settings::default());
        for k in LIVE {
            assert!(names.contains_key(*k), "{k} is not a setting");
        }
    }

    #[test]
    fn only_live_settings_are_taken_and_the_others_need_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("forecourt.toml");
        std::fs::write(&file, "admin_token = \"first\"\nbind = \"127.0.0.1:1\"\n").unwrap();
        let started = Arc::new(Settings::load(&file).unwrap());
        let live = LiveSettings::default();
        live.read_from(file.clone());
        let plugins = PluginHost::disabled();
        assert_eq!(live.reload(&started, &plugins), SettingsReload::default());

        std::fs::write(
            &file,
            "admin_token = \"second\"\nbind = \"127.0.0.1:2\"\nlead_submissions_per_minute = 3\n",
        )
        .unwrap();
        let r = live.reload(&started, &plugins);
        assert_eq!(r.outcome, SettingsOutcome::Reloaded);
        assert_eq!(r.applied, ["admin_token", "lead_submissions_per_minute"]);
        assert_eq!(r.needs_restart, ["bind"]);
        let now = live.now(&started);
        assert_eq!(now.admin_token.as_deref(), Some("second"));
        assert_eq!(now.lead_submissions_per_minute, 3);
        assert_eq!(now.bind, "127.0.0.1:1", "a restart-only setting keeps its start-up value");

        std::fs::write(&file, "admin_token = \"third\"\nlead_submissions_per_minute = \"many\"\n").unwrap();
        let r = live.reload(&started, &plugins);
        assert_eq!(r.outcome, SettingsOutcome::Failed);
        assert!(
            r.error.as_deref().is_some_and(|e| e.contains("lead_submissions_per_minute")),
            "{r:?}"
        );
        assert_eq!(
            live.now(&started).admin_token.as_deref(),
            Some("second"),
            "a refused file changes nothing"
        );
    }
}
