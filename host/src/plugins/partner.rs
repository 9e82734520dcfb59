//! Partner integrations: the extension points that talk to a partner over the network (WIT
//! `forecourt:platform@0.2.0`: `lender-integration`, `rego-lookup`; plugins/README.md
//! "Capabilities"; docs/features/platform.md "Plugins and extension points").
//!
//! They run on an engine of their own with wasmtime's async support, so a call waiting on a
//! partner does not hold a thread; the pure points stay on the synchronous engine with nothing
//! linked. Each call gets a fresh store with the same memory cap, fuel per call and answer cap
//! as the pure points, then `plugin.init(config)` and the call.
//!
//! What a component may import, each only when its tenant grants it (`[plugins.capabilities]`,
//! checked at load by [`required_capabilities`]):
//! * `http`: `wasi:http/outgoing-handler` and `wasi:http/types` (wasmtime-wasi-http) with
//!   `wasi:io`. Every request goes through [`PartnerState::send_request`]: its origin must be
//!   one of the grant's `allowed_outbound_hosts` (else wasi:http's `HTTP-request-denied`), at most
//!   `max_requests` per call, each with `timeout_ms` to answer in full and at most
//!   `max_response_bytes` of body (else `HTTP-response-body-size`). Redirects are never followed.
//!   The grant's credentials are added by the host; the plugin never sees them.
//! * `logging`: `wasi:logging/logging`, into tracing with the tenant and plugin, at most
//!   [`MAX_LOG_LINES`] lines of [`MAX_LOG_CHARS`] characters per call.
//! * `clock`: `wasi:clocks/monotonic-clock`.
//!
//! Nothing else is linked: no filesystem, environment, sockets, randomness or wall clock.

use std::{
    collections::BTreeSet,
    future::Future,
    pin::Pin,
    sync::Arc,
    time::{Duration, Instant},
};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use wasmtime::{
    Config, Engine, Store, UpdateDeadline,
    component::{Component, ComponentExportIndex, HasSelf, Instance, InstancePre, Linker, ResourceTable},
};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};
use wasmtime_wasi_http::{
    HttpResult, WasiHttpCtx, WasiHttpView,
    bindings::http::types::ErrorCode,
    body::HyperOutgoingBody,
    types::{HostFutureIncomingResponse, IncomingResponse, OutgoingRequestConfig},
};

use crate::{
    plugins::{
        error::PluginError,
        partner_fields::{HeaderBudget, MAX_CALL_HEADER_BYTES},
        points::point::Point,
        runtime::{CallOutcome, CallStats, Failure, PluginLimits, StoreState, classify},
        since_v0_2_0::{lender_integration, rego_lookup},
    },
    tenant::{Capabilities, outbound_origin},
};

mod logging_wit {
    wasmtime::component::bindgen!({
        path: "../wit/since_v0.2.0/deps/logging",
        world: "wasi:logging/imports",
    });
}

use logging_wit::wasi::logging::logging::{self as wasi_logging, Level};

/// Most log lines a plugin may write per call; later lines are dropped (and counted once).
pub const MAX_LOG_LINES: u32 = 50;
/// Longest log context or message kept, characters; longer ones are cut.
pub const MAX_LOG_CHARS: usize = 1_000;
/// Time a partner call may take besides its outbound requests (instantiation, `init`, the
/// plugin's own work), on top of `max_requests` x `timeout_ms`.
pub const CALL_OVERHEAD: Duration = Duration::from_secs(2);
/// Most epoch ticks (`plugin_epoch_tick_ms` each, 10 ms by default) at which a partner call's
/// guest code may be found running: about 0.5 s of compute at the default tick, where real
/// partner calls use under 1 ms (BENCHMARKS.md "Partner integrations"; their waits on the
/// network are not guest time). Fuel cannot bound this alone: a `memory.fill` costs one unit
/// whatever its length, so a loop of them once burned a core for the call's whole 22 s wall
/// bound. Past it the call is cut and counted as out of fuel.
pub const MAX_GUEST_TICKS: u32 = 100;

/// A capability a tenant may grant a plugin (`[plugins.capabilities]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Capability {
    /// Outbound HTTP (`wasi:http/outgoing-handler`, `wasi:http/types`).
    Http,
    /// Log lines (`wasi:logging/logging`).
    Logging,
    /// The monotonic clock (`wasi:clocks/monotonic-clock`).
    Clock,
}

impl Capability {
    /// The name tenant.toml uses: `http`, `logging`, `clock`.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Http => "http",
            Capability::Logging => "logging",
            Capability::Clock => "clock",
        }
    }

    /// Whether `granted` grants this capability.
    pub fn granted_by(self, granted: &Capabilities) -> bool {
        match self {
            Capability::Http => granted.http.is_some(),
            Capability::Logging => granted.logging,
            Capability::Clock => granted.clock,
        }
    }
}

/// What importing `name` (an instance import with functions, for example
/// `wasi:http/outgoing-handler@0.2.6`) needs: `Ok(Some(capability))`; `Ok(None)` for `wasi:io`
/// (streams and pollables, which come with `http` and `clock`); `Err` when no tenant can grant
/// it (files, environment, sockets, randomness, anything else).
pub fn capability_of_import(name: &str) -> Result<Option<Capability>, String> {
    let (iface, version) = name.split_once('@').unwrap_or((name, ""));
    let wasi_02 = version.starts_with("0.2.");
    match iface {
        "wasi:http/outgoing-handler" | "wasi:http/types" if wasi_02 => Ok(Some(Capability::Http)),
        "wasi:clocks/monotonic-clock" if wasi_02 => Ok(Some(Capability::Clock)),
        "wasi:io/error" | "wasi:io/poll" | "wasi:io/streams" if wasi_02 => Ok(None),
        "wasi:logging/logging" if version == "0.1.0-draft" => Ok(Some(Capability::Logging)),
        _ => Err(format!(
            "imports `{name}`, which no tenant can grant: partner integrations may import wasi:http@0.2 \
             (capability `http`), wasi:logging@0.1.0-draft (`logging`) and wasi:clocks/monotonic-clock@0.2 \
             (`clock`) only; pure points import nothing"
        )),
    }
}

/// The capabilities a component needs, from the names of its imports that carry functions.
/// Errors with [`capability_of_import`]'s reason, or when `wasi:io` comes without `http` or
/// `clock`.
pub fn required_capabilities<'a>(imports: impl IntoIterator<Item = &'a str>) -> Result<BTreeSet<Capability>, String> {
    let mut needed = BTreeSet::new();
    let mut io = None;
    for name in imports {
        match capability_of_import(name)? {
            Some(c) => {
                needed.insert(c);
            }
            None => io = Some(name.to_string()),
        }
    }
    if let Some(name) = io
        && !needed.contains(&Capability::Http)
        && !needed.contains(&Capability::Clock)
    {
        return Err(format!("imports `{name}` without wasi:http or the monotonic clock"));
    }
    Ok(needed)
}

/// One plugin's outbound HTTP grant for one tenant, resolved at load (credentials read from the
/// environment then).
#[derive(Debug, Clone)]
pub struct OutboundGrant {
    /// Allowed origins, `scheme://host[:port]` without default ports.
    pub origins: Vec<String>,
    /// Time per request, connect to last body byte.
    pub timeout: Duration,
    /// Largest response body, bytes.
    pub max_response_bytes: usize,
    /// Most requests per call.
    pub max_requests: u32,
    /// Headers added per origin: (origin, header, value).
    pub credentials: Vec<(String, hyper::header::HeaderName, hyper::header::HeaderValue)>,
}

impl OutboundGrant {
    /// Resolves a tenant's `[plugins.capabilities.http]` (validated at config load). A
    /// credential whose variable is unset (or not a valid header value) is logged and left out.
    pub fn resolve(tenant: &str, plugin: &str, g: &crate::tenant::HttpGrant) -> OutboundGrant {
        let credentials = g
            .credentials
            .iter()
            .filter_map(|c| {
                let origin = outbound_origin(&c.origin)?;
                let header = hyper::header::HeaderName::from_bytes(c.header.as_bytes()).ok()?;
                let Ok(secret) = std::env::var(&c.value_env) else {
                    tracing::warn!(tenant, plugin, var = %c.value_env, origin = %origin, "the credential's variable is not set; requests go without it");
                    return None;
                };
                let mut value = hyper::header::HeaderValue::from_str(&format!("{}{secret}", c.prefix)).ok()?;
                value.set_sensitive(true);
                Some((origin, header, value))
            })
            .collect();
        OutboundGrant {
            origins: g.allowed_outbound_hosts.iter().filter_map(|h| outbound_origin(h)).collect(),
            timeout: Duration::from_millis(g.timeout_ms),
            max_response_bytes: g.max_response_bytes,
            max_requests: g.max_requests,
            credentials,
        }
    }

    /// The longest a call may wait on its requests: `max_requests` x `timeout`.
    pub fn call_wait(&self) -> Duration {
        self.timeout.saturating_mul(self.max_requests)
    }
}

/// Who a partner call runs for, and what it may reach.
#[derive(Debug, Clone)]
pub struct CallGrant {
    /// Tenant slug (logs, metrics).
    pub tenant: String,
    /// The plugin's `name@version` (logs, metrics).
    pub plugin: String,
    /// Outbound HTTP, when granted.
    pub http: Option<Arc<OutboundGrant>>,
    /// Whether log lines are kept.
    pub logging: bool,
}

/// Per-store state of a partner call.
pub struct PartnerState {
    memory: StoreState,
    table: ResourceTable,
    wasi: WasiCtx,
    http: WasiHttpCtx,
    grant: Arc<CallGrant>,
    requests: u32,
    /// The first [`REFUSALS_KEPT`] refusals of the call (the rest are counted in `refusals`).
    refused: Vec<String>,
    refusals: u32,
    log_lines: u32,
    /// Header fields the plugin made in this call.
    header_fields: usize,
    /// Bytes of header names and values the plugin made in this call (see
    /// [`MAX_CALL_HEADER_BYTES`]).
    header_bytes: usize,
    /// Set by a request's task when its body was past [`MAX_REQUEST_BODY_BYTES`] (a refusal
    /// the call records when it ends).
    body_refused: Arc<std::sync::atomic::AtomicBool>,
    /// Epoch ticks at which the guest was running (the deadline callback fires only in guest
    /// code): its compute time in ticks, bounded by [`MAX_GUEST_TICKS`].
    guest_ticks: u32,
}

/// Refusal reasons a call keeps (and logs); later ones are only counted.
pub const REFUSALS_KEPT: usize = 3;
/// Most header fields a partner call may make (`fields.from-list` entries, `set` and `append`,
/// counted over the whole call): past it the operation fails with `header-error.forbidden` and
/// the call counts as `refused`. Far below http's own limit of 32,768 entries per map (which
/// panics), and it bounds what the fields can hold: at most this many values, each no longer
/// than the plugin's memory.
pub const MAX_HEADER_FIELDS: usize = 64;
/// Most bytes of header names and values a request of a partner call may carry (64 KiB): a
/// larger request is refused before it is sent.
pub const MAX_HEADER_BYTES: usize = 64 << 10;
/// Largest request body a partner call may send (1 MiB): the host reads at most this much of
/// it; past it the request fails with `HTTP-request-body-size` and the call counts as `refused`.
pub const MAX_REQUEST_BODY_BYTES: usize = 1 << 20;

impl wasmtime_wasi_io::IoView for PartnerState {
    fn table(&mut self) -> &mut ResourceTable {
        &mut self.table
    }
}

impl WasiView for PartnerState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

fn outbound(tenant: &str, plugin: &str, outcome: &str) {
    crate::metrics::plugin_series()
        .outbound
        .with_label_values(&[tenant, plugin, outcome])
        .inc();
}

impl PartnerState {
    /// Refuses a request (`outcome`: `denied` or `over_budget`): logged, counted, kept for the
    /// call's verdict; the guest gets `HTTP-request-denied`.
    fn refuse(&mut self, outcome: &str, why: String) -> HttpResult<HostFutureIncomingResponse> {
        outbound(&self.grant.tenant, &self.grant.plugin, outcome);
        self.note_refusal(why);
        Err(ErrorCode::HttpRequestDenied.into())
    }

    /// Records a refusal: the first [`REFUSALS_KEPT`] of a call are kept and logged, the rest
    /// only counted (a plugin refused 10,000 times in a call writes 3 lines, not 10,000).
    fn note_refusal(&mut self, why: String) {
        self.refusals += 1;
        if self.refused.len() < REFUSALS_KEPT {
            let g = &self.grant;
            tracing::warn!(tenant = %g.tenant, plugin = %g.plugin, reason = %why, "plugin request refused");
            self.refused.push(why);
        }
    }

    /// Counts one header field the plugin makes (wasi:http asks
    /// [`WasiHttpView::is_forbidden_header`] before each `fields.from-list` entry, `set` and
    /// `append`): past [`MAX_HEADER_FIELDS`] in the call it is refused (`forbidden`) and the
    /// call counts as refused.
    fn admit_header_field(&mut self) -> bool {
        self.header_fields += 1;
        if self.header_fields > MAX_HEADER_FIELDS {
            if self.header_fields == MAX_HEADER_FIELDS + 1 {
                self.note_refusal(format!("more than {MAX_HEADER_FIELDS} header fields in one call"));
            }
            return false;
        }
        true
    }
}

impl HeaderBudget for PartnerState {
    /// Charges `bytes` to the call: false (refused, noted once per call) past
    /// [`MAX_CALL_HEADER_BYTES`] in all.
    fn admit_header_bytes(&mut self, bytes: usize) -> bool {
        let before = self.header_bytes;
        self.header_bytes = before.saturating_add(bytes);
        if self.header_bytes > MAX_CALL_HEADER_BYTES {
            if before <= MAX_CALL_HEADER_BYTES {
                self.note_refusal(format!("more than {MAX_CALL_HEADER_BYTES} bytes of header fields in one call"));
            }
            self.header_bytes = before.max(MAX_CALL_HEADER_BYTES + 1);
            return false;
        }
        true
    }
}

impl WasiHttpView for PartnerState {
    fn ctx(&mut self) -> &mut WasiHttpCtx {
        &mut self.http
    }

    fn table(&mut self) -> &mut ResourceTable {
        &mut self.table
    }

    /// wasi:http's own forbidden headers, and every header field past the call's
    /// [`MAX_HEADER_FIELDS`].
    fn is_forbidden_header(&mut self, name: &hyper::header::HeaderName) -> bool {
        wasmtime_wasi_http::types::DEFAULT_FORBIDDEN_HEADERS.contains(name) || !self.admit_header_field()
    }

    /// Sends a plugin's request when the grant allows it: a listed origin, within the call's
    /// request count; with the origin's credentials added, the grant's timeout over the whole
    /// exchange and the response body capped. Redirects come back to the plugin as they are.
    fn send_request(
        &mut self,
        request: hyper::Request<HyperOutgoingBody>,
        _config: OutgoingRequestConfig,
    ) -> HttpResult<HostFutureIncomingResponse> {
        let url = request.uri().to_string();
        let Some(grant) = self.grant.http.clone() else {
            return self.refuse("denied", format!("`{url}`: the tenant grants no outbound HTTP"));
        };
        let origin = outbound_origin(&url).unwrap_or_default();
        if !grant.origins.contains(&origin) {
            return self.refuse("denied", format!("`{origin}` is not in allowed_outbound_hosts"));
        }
        if let Err(why) = reqwest::Url::parse(&url)
            .map_err(|e| e.to_string())
            .and_then(|u| crate::outbound::check_tenant_url(&u))
        {
            return self.refuse("denied", format!("`{origin}`: {why}"));
        }
        if self.requests >= grant.max_requests {
            return self.refuse(
                "over_budget",
                format!("more than {} requests in one call (max_requests)", grant.max_requests),
            );
        }
        let header_bytes: usize = request.headers().iter().map(|(n, v)| n.as_str().len() + v.len()).sum();
        if header_bytes > MAX_HEADER_BYTES {
            return self.refuse("denied", format!("{header_bytes} bytes of headers (at most {MAX_HEADER_BYTES})"));
        }
        self.requests += 1;
        let (parts, body) = request.into_parts();
        let mut headers = parts.headers;
        // reqwest writes Host from the URL.
        headers.remove(hyper::header::HOST);
        for (o, name, value) in &grant.credentials {
            if *o == origin {
                headers.insert(name.clone(), value.clone());
            }
        }
        let who = self.grant.clone();
        let method = parts.method;
        let body_refused = self.body_refused.clone();
        let task = async move {
            let exchange = async {
                let body = http_body_util::Limited::new(body, MAX_REQUEST_BODY_BYTES)
                    .collect()
                    .await
                    .map_err(|_| {
                        body_refused.store(true, std::sync::atomic::Ordering::Relaxed);
                        ErrorCode::HttpRequestBodySize(Some(MAX_REQUEST_BODY_BYTES as u64))
                    })?
                    .to_bytes();
                let mut res = crate::outbound::tenant_request(method, &url)
                    .map_err(|_| ErrorCode::HttpRequestDenied)?
                    .headers(headers)
                    .body(body)
                    .send()
                    .await
                    .map_err(|e| {
                        if e.is_connect() {
                            ErrorCode::ConnectionRefused
                        } else {
                            ErrorCode::InternalError(Some(e.to_string()))
                        }
                    })?;
                let mut head = hyper::Response::builder().status(res.status());
                if let Some(h) = head.headers_mut() {
                    *h = std::mem::take(res.headers_mut());
                }
                let mut buf: Vec<u8> = Vec::new();
                while let Some(chunk) = res.chunk().await.map_err(|e| ErrorCode::InternalError(Some(e.to_string())))? {
                    if buf.len() + chunk.len() > grant.max_response_bytes {
                        return Err(ErrorCode::HttpResponseBodySize(Some(grant.max_response_bytes as u64)));
                    }
                    buf.extend_from_slice(&chunk);
                }
                let body = Full::new(Bytes::from(buf)).map_err(|never| match never {}).boxed();
                head.body(body).map_err(|e| ErrorCode::InternalError(Some(e.to_string())))
            };
            let answer = match tokio::time::timeout(grant.timeout, exchange).await {
                Ok(Ok(resp)) => {
                    outbound(&who.tenant, &who.plugin, "answered");
                    Ok(IncomingResponse {
                        resp,
                        worker: None,
                        between_bytes_timeout: grant.timeout,
                    })
                }
                Ok(Err(code)) => {
                    let outcome = if matches!(code, ErrorCode::HttpResponseBodySize(_)) {
                        "capped"
                    } else {
                        "failed"
                    };
                    tracing::warn!(tenant = %who.tenant, plugin = %who.plugin, url = %url, error = ?code, "plugin request failed");
                    outbound(&who.tenant, &who.plugin, outcome);
                    Err(code)
                }
                Err(_) => {
                    tracing::warn!(tenant = %who.tenant, plugin = %who.plugin, url = %url, ms = grant.timeout.as_millis() as u64, "plugin request timed out");
                    outbound(&who.tenant, &who.plugin, "timeout");
                    Err(ErrorCode::ConnectionReadTimeout)
                }
            };
            Ok(answer)
        };
        Ok(HostFutureIncomingResponse::pending(wasmtime_wasi::runtime::spawn(task)))
    }
}

impl wasi_logging::Host for PartnerState {
    fn log(&mut self, level: Level, context: String, message: String) {
        if !self.grant.logging {
            return;
        }
        self.log_lines += 1;
        let g = &self.grant;
        if self.log_lines > MAX_LOG_LINES {
            if self.log_lines == MAX_LOG_LINES + 1 {
                tracing::warn!(tenant = %g.tenant, plugin = %g.plugin, "plugin log lines over {MAX_LOG_LINES} in one call; the rest are dropped");
            }
            return;
        }
        let cut = |s: &str| s.chars().take(MAX_LOG_CHARS).collect::<String>();
        let (context, message) = (cut(&context), cut(&message));
        match level {
            Level::Trace | Level::Debug => tracing::debug!(tenant = %g.tenant, plugin = %g.plugin, %context, "{message}"),
            Level::Info => tracing::info!(tenant = %g.tenant, plugin = %g.plugin, %context, "{message}"),
            Level::Warn => tracing::warn!(tenant = %g.tenant, plugin = %g.plugin, %context, "{message}"),
            Level::Error | Level::Critical => tracing::error!(tenant = %g.tenant, plugin = %g.plugin, %context, "{message}"),
        }
    }
}

/// The async engine and the linker with every capability the host can grant (which of them a
/// component may use was checked at its load against its tenant's grant).
pub struct PartnerEngine {
    engine: Engine,
    linker: Linker<PartnerState>,
}

/// A component's partner side: compiled for the async engine, pre-instantiated, with the export
/// indices of `plugin.init` and the partner interfaces it implements.
pub struct PartnerComponent {
    pre: InstancePre<PartnerState>,
    init: ComponentExportIndex,
    lender: Option<lender_integration::GuestIndices>,
    rego: Option<rego_lookup::GuestIndices>,
}

/// A call's future over the store and instance it runs in.
pub type CallFuture<'a, R> = Pin<Box<dyn Future<Output = wasmtime::Result<R>> + Send + 'a>>;

impl PartnerEngine {
    /// The engine (component model, fuel, async support, on-demand instances) and the linker:
    /// wasi:io, wasi:http through [`PartnerState`], the monotonic clock, wasi:logging, and the
    /// type-only Forecourt interfaces.
    pub fn new() -> Result<PartnerEngine, PluginError> {
        let engine_err = |e: wasmtime::Error| PluginError::Engine(format!("partner engine: {e:#}"));
        let mut config = Config::new();
        config
            .wasm_component_model(true)
            .async_support(true)
            .consume_fuel(true)
            .epoch_interruption(true)
            .parallel_compilation(true)
            .cranelift_opt_level(wasmtime::OptLevel::Speed);
        let engine = Engine::new(&config).map_err(engine_err)?;
        let mut linker: Linker<PartnerState> = Linker::new(&engine);
        wasmtime_wasi_io::add_to_linker_async(&mut linker).map_err(engine_err)?;
        wasmtime_wasi::p2::bindings::clocks::monotonic_clock::add_to_linker::<PartnerState, wasmtime_wasi::clocks::WasiClocks>(
            &mut linker,
            <PartnerState as wasmtime_wasi::clocks::WasiClocksView>::clocks,
        )
        .map_err(engine_err)?;
        super::partner_fields::add_to_linker(&mut linker).map_err(engine_err)?;
        wasi_logging::add_to_linker::<PartnerState, HasSelf<PartnerState>>(&mut linker, |s| s).map_err(engine_err)?;
        for iface in ["forecourt:platform/types@0.1.0", "forecourt:platform/partner@0.2.0"] {
            linker.instance(iface).map_err(engine_err)?;
        }
        Ok(PartnerEngine { engine, linker })
    }

    /// The engine (components for partner calls are compiled for it).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Pre-instantiates `component` (compiled for [`PartnerEngine::engine`]) and finds
    /// `plugin.init` and the partner interfaces among its exports. Errors name what is missing.
    pub fn prepare(&self, name: &str, component: &Component) -> Result<PartnerComponent, PluginError> {
        let invalid = |reason: String| PluginError::Invalid {
            plugin: name.into(),
            reason,
        };
        let pre = self
            .linker
            .instantiate_pre(component)
            .map_err(|e| invalid(format!("cannot be linked for partner calls: {e:#}")))?;
        let plugin = component
            .get_export_index(None, "forecourt:platform/plugin@0.1.0")
            .ok_or_else(|| invalid("does not export forecourt:platform/plugin@0.1.0".into()))?;
        let init = component
            .get_export_index(Some(&plugin), "init")
            .ok_or_else(|| invalid("does not export plugin.init".into()))?;
        let has = |p: Point| component.get_export_index(None, &p.export_name()).is_some();
        let lender = if has(Point::LenderIntegration) {
            Some(lender_integration::GuestIndices::new(&pre).map_err(|e| invalid(format!("{e:#}")))?)
        } else {
            None
        };
        let rego = if has(Point::RegoLookup) {
            Some(rego_lookup::GuestIndices::new(&pre).map_err(|e| invalid(format!("{e:#}")))?)
        } else {
            None
        };
        Ok(PartnerComponent { pre, init, lender, rego })
    }

    /// One guarded partner call: a fresh store (memory cap, `limits.fuel_per_call`), the
    /// instance, `plugin.init(config_json)`, then `f`; the whole call bounded by the grant's
    /// `max_requests` x `timeout_ms` plus [`CALL_OVERHEAD`]. A call that had a request refused
    /// fails with [`Failure::Refused`] whatever it answered; otherwise `check` turns the answer
    /// into the host's or the failure it counts as. Returns the outcome and its cost.
    pub async fn call<R: Send, T>(
        &self,
        limits: &PluginLimits,
        component: &PartnerComponent,
        config_json: &str,
        grant: Arc<CallGrant>,
        f: impl for<'a> FnOnce(&'a PartnerComponent, &'a mut Store<PartnerState>, &'a Instance) -> CallFuture<'a, R> + Send,
        check: impl FnOnce(R) -> Result<T, Failure>,
    ) -> (CallOutcome<T>, CallStats) {
        let started = Instant::now();
        let fuel = limits.fuel_per_call;
        let wait = grant.http.as_ref().map_or(Duration::ZERO, |g| g.call_wait()) + CALL_OVERHEAD;
        let mut store = Store::new(
            &self.engine,
            PartnerState {
                memory: StoreState::new(limits),
                table: ResourceTable::new(),
                wasi: WasiCtx::builder().build(),
                http: WasiHttpCtx::new(),
                grant,
                requests: 0,
                refused: Vec::new(),
                refusals: 0,
                log_lines: 0,
                header_fields: 0,
                header_bytes: 0,
                body_refused: Arc::default(),
                guest_ticks: 0,
            },
        );
        store.limiter(|s| &mut s.memory);
        if let Err(e) = store.set_fuel(fuel) {
            return (
                CallOutcome::Failed(Failure::Trap(format!("cannot set fuel: {e:#}"))),
                CallStats::default(),
            );
        }
        // Guest code yields to the runtime every 100,000 instructions and at every epoch tick
        // (the host's ticker, `plugin_epoch_tick_ms`), so a busy plugin shares the thread; past
        // the call's bound the next tick interrupts it. Fuel alone cannot do this: bulk memory
        // instructions (`memory.fill`, `memory.copy`) cost one unit whatever their length, so a
        // loop of them runs for minutes between fuel yields; an epoch check is at every loop
        // head and function entry.
        let _ = store.fuel_async_yield_interval(Some(100_000));
        let cut_at = started + wait;
        store.epoch_deadline_callback(move |mut ctx| {
            ctx.data_mut().guest_ticks += 1;
            if Instant::now() >= cut_at || ctx.data().guest_ticks > MAX_GUEST_TICKS {
                Ok(UpdateDeadline::Interrupt)
            } else {
                Ok(UpdateDeadline::YieldCustom(1, Box::pin(tokio::task::yield_now())))
            }
        });
        store.set_epoch_deadline(1);
        let run = async {
            let instance = component.pre.instantiate_async(&mut store).await?;
            let init = instance.get_typed_func::<(&str,), (Result<(), String>,)>(&mut store, &component.init)?;
            let (accepted,) = init.call_async(&mut store, (config_json,)).await?;
            init.post_return_async(&mut store).await?;
            if let Err(m) = accepted {
                return Ok(Err(m));
            }
            Ok(Ok(f(component, &mut store, &instance).await?))
        };
        let result = tokio::time::timeout(wait, run).await;
        let fuel_left = store.get_fuel().unwrap_or(0);
        if store.data().body_refused.load(std::sync::atomic::Ordering::Relaxed) {
            store
                .data_mut()
                .note_refusal(format!("a request body over {MAX_REQUEST_BODY_BYTES} bytes"));
        }
        let state = store.data();
        let outcome = match result {
            // Its compute budget spent (bulk memory work that fuel does not see): as out of fuel.
            _ if state.guest_ticks > MAX_GUEST_TICKS => CallOutcome::Failed(Failure::Fuel),
            Err(_) => CallOutcome::Failed(Failure::Timeout),
            Ok(Err(e)) => CallOutcome::Failed(classify(&e, state.memory.memory_refused)),
            Ok(Ok(Err(m))) => CallOutcome::Failed(Failure::InitRejected(crate::plugins::lift::cut(&m, 500))),
            Ok(Ok(Ok(_))) if state.refusals > 0 => {
                CallOutcome::Failed(Failure::Refused(match state.refusals as usize - state.refused.len() {
                    0 => state.refused.join("; "),
                    more => format!("{} (and {more} more)", state.refused.join("; ")),
                }))
            }
            Ok(Ok(Ok(r))) => match check(r) {
                Ok(t) => CallOutcome::Answer(t),
                Err(f) => CallOutcome::Failed(f),
            },
        };
        let fuel_used = if matches!(outcome, CallOutcome::Failed(Failure::Fuel)) {
            fuel
        } else {
            fuel.saturating_sub(fuel_left)
        };
        let stats = CallStats {
            fuel: fuel_used,
            micros: started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64,
        };
        (outcome, stats)
    }
}

impl PartnerComponent {
    /// The `lender-integration` exports, when the component implements it.
    pub fn lender(&self) -> Option<&lender_integration::GuestIndices> {
        self.lender.as_ref()
    }

    /// The `rego-lookup` exports, when the component implements it.
    pub fn rego(&self) -> Option<&rego_lookup::GuestIndices> {
        self.rego.as_ref()
    }
}
