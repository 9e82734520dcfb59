//! `forecourt plugin run`: one call of a built component's extension point under the host's real
//! runtime (`plugins::runtime::Runtime`, the limits of `forecourt.toml`), through the same
//! [`ExtensionPoint`] call and answer checks `PluginHost` uses, printing the answer and what the
//! call used against the limits, as Shopify's function-runner does for a Function.
//!
//! Exit status: 0 when the plugin answered or declined; 3 when it failed (the kind is printed:
//! `timeout`, `memory`, `trap`, `oversize`, `invalid`, `init`, and any kind the runtime adds); 4
//! when its `init` rejected the config; 1 when the run could not start (a file or flag is wrong,
//! the component does not load).

use std::{
    path::{Path, PathBuf},
    process::ExitCode,
    time::{Duration, Instant},
};

use serde::Serialize;

use crate::{
    cli::plugin_kit::input::{context, parse_point, read_cars, read_config, read_json, read_requests},
    config::Settings,
    plugins::{
        points::{
            check::{AnswerSize, check_count},
            eligibility::Evaluate,
            extension::{Env, ExtensionPoint},
            finance_lender::{Offers, Repayments},
            phone_format::{CarPhones, FormatNumbers},
            point::Point,
            price_display::Views,
            stock_filter::Conditions,
            tag_rules::Tags,
        },
        runtime::{CallOutcome, LoadedComponent, PluginLimits, Runtime},
        since_v0_1_0::{TenantContext, eligibility::CarEligibility},
    },
    tenant::{Tenant, load_tenant},
};

/// Exit status when the plugin failed (trap, deadline, memory, oversize, invalid answer, ...).
pub const EXIT_FAILED: u8 = 3;
/// Exit status when the plugin's `init` rejected its config.
pub const EXIT_CONFIG_REJECTED: u8 = 4;

/// `forecourt plugin run` arguments.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The component, for example `plugins/dist/my-tags.wasm` (built by `bash plugins/build.sh`).
    pub component: PathBuf,
    /// Extension point to call: stock-filter, tag-rules, finance-lender, eligibility,
    /// price-display or phone-format.
    #[arg(long, value_parser = parse_point)]
    pub point: Point,
    /// Cars, a JSON array (`forecourt plugin sample-cars` writes one): for tag-rules,
    /// eligibility, price-display, finance-lender (offers) and phone-format (car-phones).
    #[arg(long)]
    pub cars: Option<PathBuf>,
    /// Repayment requests, a JSON array, for finance-lender's `repayments` instead of `offers`.
    #[arg(long)]
    pub requests: Option<PathBuf>,
    /// Phone numbers as written in config, a JSON array of strings, for phone-format's
    /// `format-numbers` instead of `car-phones`.
    #[arg(long)]
    pub numbers: Option<PathBuf>,
    /// The tenant's stock filter level (0..=14), for stock-filter.
    #[arg(long)]
    pub level: Option<u8>,
    /// The plugin's config, a JSON object (the tenant's `[[plugins]] config` table as JSON).
    /// Default: with --tenant, that tenant's config for this plugin; else `{}`.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Call as this tenant (`tenants/<slug>`): its context (flags, wording, finance provider).
    /// Default: the platform's default context, slug `local`.
    #[arg(long)]
    pub tenant: Option<String>,
    /// The call's `now`, unix seconds (default: the clock).
    #[arg(long)]
    pub now: Option<u64>,
    /// Print one JSON object (answer, outcome, measures, limits) instead of the report.
    #[arg(long)]
    pub json: bool,
}

/// How the call ended.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// The plugin answered; one entry per input item, in order: `"host-default"` when the plugin
    /// has no opinion (the platform's rule applies), else the host's reading of its answer.
    Answered {
        /// The answers.
        answer: Vec<serde_json::Value>,
    },
    /// The plugin declined the whole call (`err(message)`): the host uses its defaults.
    Declined {
        /// The plugin's message.
        message: String,
    },
    /// The plugin failed; the host would use its defaults and count the failure.
    Failed {
        /// `timeout`, `memory`, `trap`, `oversize`, `invalid`, `init`, ... (`Failure::kind`).
        failure: String,
        /// What happened.
        message: String,
    },
    /// `init` rejected the config (at load this stops the tenant's start-up).
    ConfigRejected {
        /// The plugin's message.
        message: String,
    },
    /// The host could not run the call (its instance pool was full): not the plugin's fault.
    Unavailable {
        /// Why.
        message: String,
    },
}

/// What the call used. Times in milliseconds, sizes in bytes, fuel in wasmtime fuel units.
#[derive(Debug, Default, Serialize)]
pub struct Measures {
    /// Instantiation, `init` and the point's function, as the deadline counts them, ms.
    pub total_ms: f64,
    /// The point's function alone, ms.
    pub call_ms: Option<f64>,
    /// Largest linear memory of the instance, bytes.
    pub memory_peak_bytes: Option<usize>,
    /// Size of the answer as the output cap counts it, bytes.
    pub answer_bytes: Option<usize>,
    /// Fuel the point's function used; `None` when the runtime does not meter fuel.
    pub fuel_used: Option<u64>,
    /// Fuel left when the point's function was called (the budget after `init`); `None` when the
    /// runtime does not meter fuel.
    pub fuel_available: Option<u64>,
}

/// The limits the call ran under (`forecourt.toml`, plugins/README.md "Limits").
#[derive(Debug, Serialize)]
pub struct LimitsView {
    /// Wall-clock deadline per call, `init` included, ms.
    pub deadline_ms: u64,
    /// Epoch tick, ms: a runaway call is cut by `deadline_ms + tick_ms`.
    pub tick_ms: u64,
    /// Linear memory cap, bytes.
    pub memory_bytes: usize,
    /// Answer cap, bytes.
    pub max_output_bytes: usize,
    /// Most items per call.
    pub max_batch: usize,
}

/// Everything `forecourt plugin run` prints.
#[derive(Debug, Serialize)]
pub struct RunReport {
    /// `name@version` from `plugin.info`.
    pub plugin: String,
    /// The component file.
    pub component: String,
    /// The WIT function called, for example `tag-rules.tags`.
    pub function: String,
    /// Input items (cars, requests, numbers; 1 for a stock-filter level).
    pub items: usize,
    /// How the call ended.
    pub outcome: Outcome,
    /// What the call used.
    pub measures: Measures,
    /// The limits.
    pub limits: LimitsView,
}

impl RunReport {
    /// The process exit status for this outcome (see the module docs).
    pub fn exit_code(&self) -> ExitCode {
        match self.outcome {
            Outcome::Answered { .. } | Outcome::Declined { .. } | Outcome::Unavailable { .. } => ExitCode::SUCCESS,
            Outcome::Failed { .. } => ExitCode::from(EXIT_FAILED),
            Outcome::ConfigRejected { .. } => ExitCode::from(EXIT_CONFIG_REJECTED),
        }
    }
}

/// A plugin opinion as JSON for the report.
pub trait OpinionJson {
    /// The JSON form.
    fn opinion_json(&self) -> serde_json::Value;
}

impl<T: Serialize> OpinionJson for T {
    fn opinion_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

/// The eligibility answer per action (`null` = the host's rule for that action); its opinion is
/// the WIT record itself, which the host merges per action.
#[derive(Serialize)]
struct EligibilityJson {
    reserve: Option<bool>,
    online_purchase: Option<bool>,
    trade_in: Option<bool>,
    history_report: Option<bool>,
    compare_favourite: Option<bool>,
    autograb_report: Option<bool>,
    test_drive_only: Option<bool>,
}

fn eligibility_json(e: &CarEligibility) -> serde_json::Value {
    EligibilityJson {
        reserve: e.reserve,
        online_purchase: e.online_purchase,
        trade_in: e.trade_in,
        history_report: e.history_report,
        compare_favourite: e.compare_favourite,
        autograb_report: e.autograb_report,
        test_drive_only: e.test_drive_only,
    }
    .opinion_json()
}

/// One guarded call of `P` through the runtime's public call path, measured.
fn call_point<P: ExtensionPoint>(
    rt: &Runtime,
    component: &LoadedComponent,
    config_json: &str,
    ctx: &TenantContext,
    env: &Env<'_>,
    items: &[P::Item],
    json: impl Fn(&P::Opinion) -> serde_json::Value,
) -> (Outcome, Measures)
where
    P::Wit: AnswerSize,
{
    let mut m = Measures::default();
    let started = Instant::now();
    let (outcome, _stats) = rt.call(
        component,
        config_json,
        rt.limits().fuel_per_call,
        |component, call: &mut crate::plugins::runtime::Call<'_>| {
            let fuel_before = call.store.get_fuel().ok();
            let t = Instant::now();
            let answer = P::call(component, call, ctx, items);
            m.call_ms = Some(ms(t.elapsed()));
            m.memory_peak_bytes = Some(call.store.data().memory_peak());
            m.fuel_available = fuel_before;
            m.fuel_used = fuel_before.zip(call.store.get_fuel().ok()).map(|(a, b)| a.saturating_sub(b));
            if let Ok(Ok(a)) = &answer {
                m.answer_bytes = Some(a.iter().map(AnswerSize::answer_size).sum());
            }
            answer
        },
        |answers: Vec<P::Wit>| {
            check_count(&answers, items.len())?;
            answers.into_iter().map(|a| P::check(env, a)).collect::<Result<Vec<_>, _>>()
        },
    );
    m.total_ms = ms(started.elapsed());
    let outcome = match outcome {
        CallOutcome::Answer(opinions) => Outcome::Answered {
            answer: opinions
                .iter()
                .map(|o| o.as_ref().map_or_else(|| serde_json::Value::from("host-default"), &json))
                .collect(),
        },
        CallOutcome::Declined(message) => Outcome::Declined { message },
        CallOutcome::Failed(f) => {
            if let crate::plugins::Failure::Oversize(n) = f {
                m.answer_bytes = Some(n);
            }
            Outcome::Failed {
                failure: f.kind().to_string(),
                message: f.to_string(),
            }
        }
        CallOutcome::Unavailable(message) => Outcome::Unavailable { message },
    };
    (outcome, m)
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// The call's input, read from the flags for `point`.
enum Input {
    Level(u8),
    Cars(Vec<crate::plugins::since_v0_1_0::Car>),
    Requests(Vec<crate::plugins::since_v0_1_0::finance_lender::RepaymentRequest>),
    Numbers(Vec<String>),
}

impl Input {
    fn len(&self) -> usize {
        match self {
            Input::Level(_) => 1,
            Input::Cars(c) => c.len(),
            Input::Requests(r) => r.len(),
            Input::Numbers(n) => n.len(),
        }
    }
}

/// Reads the input `args` give for `args.point`; errors name the flag that is missing or does not
/// apply.
fn read_input(args: &RunArgs) -> anyhow::Result<Input> {
    let point = args.point.interface();
    let given: Vec<&str> = [
        ("--cars", args.cars.is_some()),
        ("--requests", args.requests.is_some()),
        ("--numbers", args.numbers.is_some()),
        ("--level", args.level.is_some()),
    ]
    .into_iter()
    .filter_map(|(f, on)| on.then_some(f))
    .collect();
    let allowed: &[&str] = match args.point {
        Point::StockFilter => &["--level"],
        Point::FinanceLender => &["--cars", "--requests"],
        Point::PhoneFormat => &["--cars", "--numbers"],
        _ => &["--cars"],
    };
    if let Some(flag) = given.iter().find(|f| !allowed.contains(f)) {
        anyhow::bail!("{flag} does not apply to {point} (it takes {})", allowed.join(" or "));
    }
    if given.len() != 1 {
        anyhow::bail!(
            "{point} takes exactly one of {} (cars: `forecourt plugin sample-cars --tenant <slug> > cars.json`)",
            allowed.join(", ")
        );
    }
    Ok(if let Some(level) = args.level {
        if level > 14 {
            anyhow::bail!("--level: {level} is not a stock filter level (0..=14)");
        }
        Input::Level(level)
    } else if let Some(p) = &args.cars {
        Input::Cars(read_cars(p)?)
    } else if let Some(p) = &args.requests {
        Input::Requests(read_requests(p)?)
    } else {
        let p = args.numbers.as_deref().unwrap_or(Path::new(""));
        Input::Numbers(read_json(p)?)
    })
}

/// Loads the component at `path` under `rt` (its file stem is the plugin name, as in
/// `plugin_dir`).
fn load(rt: &Runtime, path: &Path) -> anyhow::Result<LoadedComponent> {
    let (Some(dir), Some(stem), Some("wasm")) = (
        path.parent(),
        path.file_stem().and_then(|s| s.to_str()),
        path.extension().and_then(|e| e.to_str()),
    ) else {
        anyhow::bail!("{}: expected a component file named <plugin>.wasm", path.display());
    };
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    // `plugin run` calls the pure points only.
    Ok(rt.load(dir, stem, false)?)
}

/// The tenant `slug` from `tenants_dir`, and the config it gives the plugin `name` (as JSON), if
/// it enables it.
/// The tenant `plugin run` checks answers for when no `--tenant` is given: defaults only.
fn local_tenant() -> anyhow::Result<Tenant> {
    let config: crate::tenant::TenantConfig =
        toml::from_str("slug = \"plugin-run\"\nname = \"plugin run\"\ntemplate = \"classic\"\ndealerships = []\n")?;
    Ok(Tenant {
        config,
        dir: PathBuf::from("."),
        content: Default::default(),
        generation: crate::tenant::next_generation(),
    })
}

fn tenant_and_config(settings: &Settings, slug: &str, name: &str) -> anyhow::Result<(Tenant, Option<String>)> {
    let tenant = load_tenant(&settings.tenants_dir.join(slug)).map_err(|e| anyhow::anyhow!("--tenant {slug}: {e}"))?;
    let config = tenant
        .config
        .plugins
        .iter()
        .find(|p| p.name == name)
        .map(|p| serde_json::to_string(&p.config))
        .transpose()?;
    Ok((tenant, config))
}

/// Runs `forecourt plugin run` and returns its report (the caller prints it). Errors: a file or
/// flag is wrong, or the component does not load (not a component, imports something, wrong WIT
/// version, no such point).
pub fn run_plugin(settings: &Settings, args: &RunArgs) -> anyhow::Result<RunReport> {
    let input = read_input(args)?;
    let limits = PluginLimits::from_settings(settings);
    let rt = Runtime::new(limits, None)?;
    let component = load(&rt, &args.component)?;
    if !component.points.contains(&args.point) {
        let have: Vec<&str> = component.points.iter().map(|p| p.interface()).collect();
        anyhow::bail!(
            "{} does not export {} (it exports {})",
            args.component.display(),
            args.point.interface(),
            have.join(", ")
        );
    }
    let (tenant, tenant_config) = match &args.tenant {
        Some(slug) => {
            let (t, c) = tenant_and_config(settings, slug, &component.name)?;
            (Some(t), c)
        }
        None => (None, None),
    };
    let config_json = match (&args.config, tenant_config) {
        (Some(p), _) => read_config(Some(p))?,
        (None, Some(c)) => c,
        (None, None) => read_config(None)?,
    };
    let now = args.now.unwrap_or_else(|| crate::plugins::unix_now().max(0) as u64);
    let ctx = context(tenant.as_ref(), now);
    // The answer checks read the tenant (its media, and the plugin's `image_hosts`); without
    // `--tenant`, a tenant of defaults with no allowed image hosts.
    let local = match tenant {
        Some(t) => t,
        None => local_tenant()?,
    };
    let image_hosts: Vec<String> = local
        .config
        .plugins
        .iter()
        .find(|p| p.name == component.name)
        .map(|p| p.image_hosts.clone())
        .unwrap_or_default();
    let env = Env {
        tenant: &local,
        now: now as i64,
        image_hosts: &image_hosts,
    };
    let l = rt.limits();
    let limits = LimitsView {
        deadline_ms: l.deadline.as_millis() as u64,
        tick_ms: l.tick.as_millis() as u64,
        memory_bytes: l.memory_bytes,
        max_output_bytes: l.max_output_bytes,
        max_batch: l.max_batch,
    };
    let mut report = RunReport {
        plugin: component.id(),
        component: args.component.display().to_string(),
        function: String::new(),
        items: input.len(),
        outcome: Outcome::Declined { message: String::new() },
        measures: Measures::default(),
        limits,
    };
    if input.len() > l.max_batch {
        anyhow::bail!(
            "{} items: the host sends at most {} per call (plugin_max_batch); give at most {}",
            input.len(),
            l.max_batch,
            l.max_batch
        );
    }
    match rt.check_config(&component, &config_json) {
        Ok(Ok(())) => {}
        Ok(Err(message)) => {
            report.function = "plugin.init".into();
            report.outcome = Outcome::ConfigRejected { message };
            return Ok(report);
        }
        Err(f) => {
            report.function = "plugin.init".into();
            report.outcome = Outcome::Failed {
                failure: f.kind().to_string(),
                message: f.to_string(),
            };
            return Ok(report);
        }
    }
    let (rt, c, cfg) = (&rt, &component, config_json.as_str());
    let (function, (outcome, measures)) = match (&input, args.point) {
        (Input::Level(level), _) => (
            "stock-filter.conditions",
            call_point::<Conditions>(rt, c, cfg, &ctx, &env, &[*level], OpinionJson::opinion_json),
        ),
        (Input::Cars(cars), Point::TagRules) => (
            "tag-rules.tags",
            call_point::<Tags>(rt, c, cfg, &ctx, &env, cars, OpinionJson::opinion_json),
        ),
        (Input::Cars(cars), Point::Eligibility) => (
            "eligibility.evaluate",
            call_point::<Evaluate>(rt, c, cfg, &ctx, &env, cars, eligibility_json),
        ),
        (Input::Cars(cars), Point::PriceDisplay) => (
            "price-display.views",
            call_point::<Views>(rt, c, cfg, &ctx, &env, cars, OpinionJson::opinion_json),
        ),
        (Input::Cars(cars), Point::FinanceLender) => (
            "finance-lender.offers",
            call_point::<Offers>(rt, c, cfg, &ctx, &env, cars, OpinionJson::opinion_json),
        ),
        (Input::Cars(cars), Point::PhoneFormat) => (
            "phone-format.car-phones",
            call_point::<CarPhones>(rt, c, cfg, &ctx, &env, cars, OpinionJson::opinion_json),
        ),
        (Input::Requests(r), _) => (
            "finance-lender.repayments",
            call_point::<Repayments>(rt, c, cfg, &ctx, &env, r, OpinionJson::opinion_json),
        ),
        (Input::Numbers(n), _) => (
            "phone-format.format-numbers",
            call_point::<FormatNumbers>(rt, c, cfg, &ctx, &env, n, OpinionJson::opinion_json),
        ),
        (Input::Cars(_), p) => anyhow::bail!("{} takes no cars", p.interface()),
    };
    report.function = function.into();
    report.outcome = outcome;
    report.measures = measures;
    Ok(report)
}

/// `n` bytes for people: `812 B`, `96.0 KiB`, `1.1 MiB`.
fn bytes(n: usize) -> String {
    match n {
        n if n < 1024 => format!("{n} B"),
        n if n < 1 << 20 => format!("{:.1} KiB", n as f64 / 1024.0),
        n => format!("{:.1} MiB", n as f64 / (1 << 20) as f64),
    }
}

/// The report for people: the call, the outcome, the answer (pretty JSON) and a table of what
/// the call used against the limits.
pub fn render(r: &RunReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let items = match r.function.as_str() {
        "stock-filter.conditions" => "a level".to_string(),
        "plugin.init" => "the config".to_string(),
        "finance-lender.repayments" => format!("{} requests", r.items),
        "phone-format.format-numbers" => format!("{} numbers", r.items),
        _ => format!("{} cars", r.items),
    };
    let _ = writeln!(out, "plugin   {} ({})", r.plugin, r.component);
    let _ = writeln!(out, "call     {} on {items}", r.function);
    match &r.outcome {
        Outcome::Answered { answer } => {
            let _ = writeln!(
                out,
                "outcome  answered (one entry per input, in order; \"host-default\": no opinion, the platform's rule applies)"
            );
            let _ = writeln!(out, "{}", serde_json::to_string_pretty(answer).unwrap_or_default());
        }
        Outcome::Declined { message } => {
            let _ = writeln!(out, "outcome  declined (the host uses its defaults for the call): {message}");
        }
        Outcome::Failed { failure, message } => {
            let _ = writeln!(
                out,
                "outcome  FAILED: {failure}: {message} (the host would use its defaults and count the failure)"
            );
        }
        Outcome::ConfigRejected { message } => {
            let _ = writeln!(
                out,
                "outcome  CONFIG REJECTED by init: {message} (the host would refuse to start the tenant)"
            );
        }
        Outcome::Unavailable { message } => {
            let _ = writeln!(out, "outcome  not run by the host: {message}");
        }
    }
    let m = &r.measures;
    let l = &r.limits;
    let na = || "n/a".to_string();
    let rows = [
        (
            "time, whole call",
            format!("{:.3} ms", m.total_ms),
            format!("{} ms deadline (+ up to one {} ms tick)", l.deadline_ms, l.tick_ms),
        ),
        (
            "time, point function",
            m.call_ms.map_or_else(na, |t| format!("{t:.3} ms")),
            String::new(),
        ),
        ("memory peak", m.memory_peak_bytes.map_or_else(na, bytes), bytes(l.memory_bytes)),
        ("answer size", m.answer_bytes.map_or_else(na, bytes), bytes(l.max_output_bytes)),
        (
            "fuel",
            m.fuel_used
                .map_or_else(|| "n/a (not metered by this runtime)".into(), |f| f.to_string()),
            m.fuel_available.map_or_else(na, |f| format!("{f} left after init")),
        ),
        ("items", r.items.to_string(), format!("{} per call", l.max_batch)),
    ];
    let _ = writeln!(out, "\n{:<22} {:<34} limit", "measure", "used");
    for (name, used, limit) in rows {
        let _ = writeln!(out, "{name:<22} {used:<34} {limit}");
    }
    out
}
