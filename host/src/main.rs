//! `forecourt`: the Forecourt host binary.
//!
//! - `forecourt serve`: serve every tenant (ARCHITECTURE.md; default 127.0.0.1:8080).
//! - `forecourt import --tenant <slug> --source <name> <file>`: import a stock feed (host/docs/stock-feed.md).
//! - `forecourt reindex`: rebuild the search index of every tenant from storage (docs/features/platform.md "Search").
//! - `forecourt check`: validate `forecourt.toml` and every `tenants/*/tenant.toml`.
//! - `forecourt readiness --tenant <slug> [--json]`: listing readiness of the tenant's cars on
//!   sale (docs/features/platform.md "Syndication feeds and listing readiness").
//! - `forecourt plugins status [--url URL]`: the plugin runtime's counters, fuel, times and
//!   breakers, from a running server's `GET /api/v1/admin/plugins`, or from a local load.
//! - `forecourt plugin new | run | sample-cars`: the partner kit for tenant plugins
//!   (`plugins/README.md`; `forecourt_host::cli::plugin_kit`).

use std::{path::PathBuf, process::ExitCode, sync::Arc};

use clap::{Parser, Subcommand, ValueEnum};
use forecourt_host::{
    cli::plugin_kit::{PluginCommand, run_command},
    config::Settings,
    db::Db,
    http::server,
    repo::TenantRepo,
    stock::{ImportOptions, import_feed, mapping::Mapping},
    syndication::readiness,
    telemetry,
    tenant::{FeedFormat, FeedMode, Tenant, TenantRegistry},
};

/// mimalloc rather than glibc's malloc: the per-request allocations of the HTTP stack cost less
/// and fragment less (BENCHMARKS.md "HTTP: documents and hot JSON against nginx").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "forecourt", version, about = "Forecourt: multi-tenant car-dealer website host")]
struct Cli {
    /// Settings file (every key can be overridden by FORECOURT_<KEY>); give it before the
    /// subcommand (`forecourt --config other.toml serve`): after it, `--config` is the
    /// subcommand's own (`forecourt plugin run ... --config cfg.json` is the plugin's config).
    #[arg(long, env = "FORECOURT_CONFIG", default_value = "forecourt.toml")]
    config: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Csv,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    Full,
    Delta,
}

#[derive(Subcommand)]
enum Command {
    /// Serve every tenant.
    Serve,
    /// Import a stock feed (CSV or JSON) for one tenant, atomically (staged in short batches,
    /// applied in one short transaction).
    Import {
        /// Tenant slug.
        #[arg(long)]
        tenant: String,
        /// Column-mapping file for a dealer's own feed format.
        #[arg(long)]
        mapping: Option<PathBuf>,
        /// csv or json (default: from the file extension).
        #[arg(long, value_enum)]
        format: Option<FormatArg>,
        /// full: cars of this source missing from the feed become sold; delta: add/update only.
        /// Default: the mapping's mode, else full.
        #[arg(long, value_enum)]
        mode: Option<ModeArg>,
        /// Source name that owns the cars: required for a full import (the cars a full feed no
        /// longer lists are marked sold only among its source's, so the name must not follow the
        /// file's); a delta import defaults to the file name.
        #[arg(long)]
        source: Option<String>,
        /// Print the whole report as JSON.
        #[arg(long)]
        json: bool,
        /// Exit with status 3 when any row was rejected.
        #[arg(long)]
        strict: bool,
        /// The feed file.
        file: PathBuf,
    },
    /// Validate the settings and every tenant folder (config, content, template, plugins: each
    /// component compiled and `plugin.init` run with the tenant's config), print each tenant's
    /// state and exact error, then exit (status 1 when any tenant is refused).
    Check,
    /// Reload tenants without a restart (docs/operations.md "Reload and quarantine"): checks
    /// the folders here as `check` does, then records the reload in storage; every
    /// `forecourt serve` on the same storage applies it within a second (a refused tenant keeps
    /// serving its last good config). Exit status 1 when a tenant to reload is refused.
    Reload {
        /// Only this tenant (default: every tenant whose files changed, was added or removed).
        #[arg(long)]
        tenant: Option<String>,
    },
    /// Listing readiness of a tenant's cars on sale: the summary (ready, not ready, cars per
    /// finding, cars each listings feed leaves out) and the cars with a finding, with their score.
    Readiness {
        /// Tenant slug.
        #[arg(long)]
        tenant: String,
        /// Print the report as JSON (as `GET /api/v1/admin/readiness` answers it).
        #[arg(long)]
        json: bool,
        /// List at most this many cars (1 to 1000).
        #[arg(long, default_value_t = 100)]
        limit: usize,
        /// List cars with an id above this (the previous page's last).
        #[arg(long, default_value_t = 0)]
        after: i64,
        /// List every car on sale, not only those with a finding.
        #[arg(long)]
        all: bool,
    },
    /// Rebuild the search index of every tenant (or one) from storage. A running
    /// `forecourt serve` on the same data dir picks the new index up within a second.
    Reindex {
        /// Only this tenant.
        #[arg(long)]
        tenant: Option<String>,
    },
    /// Print the OpenAPI document of the JSON API (the UI generates its client types from it).
    Openapi,
    /// The tenants' WASM plugins at run time.
    Plugins {
        #[command(subcommand)]
        action: PluginsAction,
    },
    /// The partner kit: create a plugin from the template, run a built component locally, print
    /// sample cars (plugins/README.md).
    Plugin {
        #[command(subcommand)]
        command: PluginCommand,
    },
}

#[derive(Subcommand)]
enum PluginsAction {
    /// Per (tenant, plugin, point): calls, failures by kind, fuel used, p50/p99 and the breaker.
    /// With --url, from that running server's `GET /api/v1/admin/plugins` (admin token from the
    /// settings' `admin_token`); without, from loading the plugins here (every row at zero).
    Status {
        /// Base URL of a running `forecourt serve`, for example `http://127.0.0.1:8080`.
        #[arg(long)]
        url: Option<String>,
        /// Host header to send (default: `<first tenant>.localhost`).
        #[arg(long)]
        host: Option<String>,
        /// Print the JSON answer instead of the table.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match Settings::load(&cli.config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("forecourt: {e}");
            return ExitCode::from(2);
        }
    };
    // The plugin kit prints its own report; its logs only when RUST_LOG asks for them.
    let telemetry = if !matches!(cli.command, Command::Plugin { .. }) || std::env::var_os("RUST_LOG").is_some() {
        match telemetry::init(&settings) {
            Ok(t) => Some(t),
            Err(e) => {
                eprintln!("forecourt: {e:#}");
                return ExitCode::from(2);
            }
        }
    } else {
        None
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let code = match rt.block_on(run(cli.command, settings, cli.config)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("forecourt: {e:#}");
            ExitCode::from(1)
        }
    };
    // The spans still batched are exported before the process ends.
    if let Some(t) = telemetry {
        t.shutdown();
    }
    code
}

/// Tenant `slug` of the settings' tenants folder, and the database with that tenant's
/// dealerships and locations synced from its config. Errors: no such tenant (naming it and the
/// folder), an invalid tenant file, the storage error.
async fn tenant_and_db(settings: &Settings, slug: &str) -> anyhow::Result<(Arc<Tenant>, Db)> {
    // That tenant's folder alone: another tenant's broken files do not stop a command on this one.
    let folder = forecourt_host::tenant::tenant_folders(&settings.tenants_dir)?
        .into_iter()
        .find(|f| f.file_name().is_some_and(|n| n == slug))
        .ok_or_else(|| anyhow::anyhow!("no tenant `{slug}` in {}", settings.tenants_dir.display()))?;
    let t = Arc::new(forecourt_host::tenant::load_tenant(&folder)?);
    let db = Db::connect(&settings.effective_database_url()).await?;
    TenantRepo::new(&db, t.slug()).sync_config(&t.config).await?;
    Ok((t, db))
}

/// The tenants of the settings' folder that load; each refused folder is named on stderr with
/// its error and left out (`forecourt check` says more). Errors: the folder cannot be read or
/// holds no tenant.
fn loadable_tenants(settings: &Settings) -> anyhow::Result<TenantRegistry> {
    let (tenants, refused) = TenantRegistry::load_dir_skipping(&settings.tenants_dir)?;
    for (slug, e) in refused {
        eprintln!("forecourt: tenant `{slug}` skipped: {e}");
    }
    Ok(tenants)
}

/// Prints `forecourt check`'s lines (of tenant `only`, when given): one per tenant, `ok` with
/// its summary or `REFUSED` with the stage and the exact error. Returns exit status 1 when a
/// printed tenant is refused.
fn print_check(lines: &[forecourt_host::live::CheckLine], only: Option<&str>) -> ExitCode {
    let mut refused = 0;
    let mut shown = 0;
    for (slug, line) in lines.iter().filter(|(s, _)| only.is_none_or(|o| o == s)) {
        shown += 1;
        match line {
            Ok(summary) => println!("{slug}: ok: {summary}"),
            Err((stage, error)) => {
                refused += 1;
                println!("{slug}: REFUSED ({stage}): {error}");
            }
        }
    }
    if refused == 0 {
        println!("settings and {shown} tenants are valid");
        ExitCode::SUCCESS
    } else {
        println!("{refused} of {shown} tenants refused: `forecourt serve` quarantines them (docs/operations.md \"Reload and quarantine\")");
        ExitCode::from(1)
    }
}

async fn run(command: Command, settings: Settings, config_file: std::path::PathBuf) -> anyhow::Result<ExitCode> {
    match command {
        Command::Plugin { command } => run_command(command, &settings).await,
        Command::Serve => {
            let started = std::time::Instant::now();
            // Serves as soon as storage is ready; tenants warm in the background (crate::live).
            let (state, _warm) = server::prepare_serving(settings).await?;
            // A reload of every tenant reads this file again (docs/operations.md "Live settings").
            state.tenancy.settings.read_from(config_file);
            tracing::info!(
                elapsed_ms = started.elapsed().as_millis() as u64,
                warming = state.tenants.pending_count(),
                "ready"
            );
            server::serve(state).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Openapi => {
            // The rules every site shares; a site's own document is `GET /api/openapi.json` on its host.
            println!(
                "{}",
                serde_json::to_string_pretty(&forecourt_host::http::api::contract::document(None, true))?
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Reindex { tenant } => {
            let tenants = loadable_tenants(&settings)?;
            let db = Db::connect(&settings.effective_database_url()).await?;
            for t in tenants.iter() {
                TenantRepo::new(&db, t.slug()).sync_config(&t.config).await?;
            }
            let svc = forecourt_host::search::open_service(&settings).await?;
            let started = std::time::Instant::now();
            let mut total = 0;
            for t in tenants.iter().filter(|t| tenant.as_deref().is_none_or(|s| s == t.slug())) {
                let n = svc.reindex_tenant(&db, &tenants, t.slug()).await?;
                total += n;
                println!("{}: {n} cars indexed", t.slug());
            }
            println!(
                "reindexed {total} cars with the {} backend in {} ms",
                svc.backend.name(),
                started.elapsed().as_millis()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Plugins {
            action: PluginsAction::Status { url, host, json },
        } => {
            let tenants = loadable_tenants(&settings)?;
            let status = match url {
                Some(url) => {
                    let host = match host {
                        Some(h) => h,
                        None => format!(
                            "{}.localhost",
                            tenants.iter().next().map(|t| t.slug().to_string()).unwrap_or_default()
                        ),
                    };
                    let token = settings.admin_token.clone().unwrap_or_default();
                    let res = reqwest::Client::new()
                        .get(format!("{}/api/v1/admin/plugins", url.trim_end_matches('/')))
                        .header(reqwest::header::HOST, host)
                        .bearer_auth(token)
                        .send()
                        .await?;
                    if !res.status().is_success() {
                        anyhow::bail!("{url} answered {}: {}", res.status(), res.text().await.unwrap_or_default());
                    }
                    res.json::<forecourt_host::plugins::PluginsStatus>().await?
                }
                None => forecourt_host::plugins::PluginHost::load_for(&settings, &tenants).await?.status(),
            };
            if json {
                println!("{}", serde_json::to_string_pretty(&status)?);
            } else {
                print!("{}", status.table());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Readiness {
            tenant,
            json,
            limit,
            after,
            all,
        } => {
            let (t, db) = tenant_and_db(&settings, &tenant).await?;
            let page = readiness::Page { after, limit, all };
            let report = readiness::report(&db, &t, page).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print!("{}", forecourt_host::cli::readiness::table(&report));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check => {
            let (note, lines) = forecourt_host::live::check(&settings)?;
            if let Some(note) = note {
                println!("note: {note}");
            }
            Ok(print_check(&lines, None))
        }
        Command::Reload { tenant } => {
            let (_, lines) = forecourt_host::live::check(&settings)?;
            if let Some(slug) = &tenant
                && !lines.iter().any(|(s, _)| s == slug)
            {
                anyhow::bail!("no tenant `{slug}` in {}", settings.tenants_dir.display());
            }
            let code = print_check(&lines, tenant.as_deref());
            let db = Db::connect(&settings.effective_database_url()).await?;
            let generation = forecourt_host::live::request(&db, tenant.as_deref()).await?;
            println!(
                "reload of {} requested (generation {generation}): every `forecourt serve` on this storage applies it within a second",
                tenant
                    .as_deref()
                    .map_or_else(|| "every changed tenant".to_string(), |t| format!("tenant `{t}`"))
            );
            Ok(code)
        }
        Command::Import {
            tenant,
            mapping,
            format,
            mode,
            source,
            json,
            strict,
            file,
        } => {
            let (t, db) = tenant_and_db(&settings, &tenant).await?;
            let bytes = std::fs::read(&file).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let (mapping, mapping_text) = match mapping {
                Some(p) => {
                    let (m, text) = Mapping::load(&p)?;
                    (Some(m), Some(text))
                }
                None => (None, None),
            };
            let format = match format {
                Some(FormatArg::Csv) => FeedFormat::Csv,
                Some(FormatArg::Json) => FeedFormat::Json,
                None if file.extension().is_some_and(|e| e.eq_ignore_ascii_case("json")) => FeedFormat::Json,
                None => FeedFormat::Csv,
            };
            let mode = mode.map(|m| match m {
                ModeArg::Full => FeedMode::Full,
                ModeArg::Delta => FeedMode::Delta,
            });
            // A full feed marks sold the cars of its source that it no longer lists, so its source
            // must be a stable name, not the file's (docs/features/platform.md "Stock import").
            let full = mode.or_else(|| mapping.as_ref().and_then(|m| m.mode)).unwrap_or_default() == FeedMode::Full;
            let source = match source {
                Some(s) if !s.trim().is_empty() => s,
                Some(_) => anyhow::bail!("--source must not be empty"),
                None if full => anyhow::bail!(
                    "--source is required for a full import: a full feed marks sold the cars of its source that it no longer lists, \
                     so the source must stay the same when the file is renamed (e.g. --source dealer-feed); nothing was imported"
                ),
                None => file
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_else(|| "cli".into()),
            };
            let report = import_feed(
                &db,
                &t,
                &bytes,
                ImportOptions {
                    source,
                    format,
                    mode,
                    mapping,
                    mapping_text,
                    progress: true,
                    now: jiff::Timestamp::now().as_second(),
                },
            )
            .await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                for e in &report.errors {
                    for fe in &e.errors {
                        println!(
                            "row {} ({}): {}: {}",
                            e.row,
                            e.stocknum.as_deref().unwrap_or("-"),
                            fe.field,
                            fe.reason
                        );
                    }
                }
                for w in &report.warnings {
                    println!("warning: {w}");
                }
                println!(
                    "{}: {} rows: {} inserted, {} updated, {} unchanged, {} marked sold, {} rejected ({} mode){}",
                    report.tenant,
                    report.rows_total,
                    report.inserted,
                    report.updated,
                    report.unchanged,
                    report.marked_sold,
                    report.rejected,
                    report.mode,
                    if report.no_change() { "; no change" } else { "" }
                );
                let codes: Vec<String> = report.readiness.by_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
                println!(
                    "readiness: {} of {} cars on sale from this source not ready{}{}",
                    report.not_ready,
                    report.readiness.cars,
                    if codes.is_empty() { "" } else { "; cars per finding: " },
                    codes.join(", ")
                );
            }
            Ok(if strict && report.rejected > 0 {
                ExitCode::from(3)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}
