//! The listener: hyper's own server under the router, for what `axum::serve` does not offer
//! (docs/features/platform.md "Foundation"):
//!
//! - a header read timeout (`header_read_timeout_ms`): a connection that sends nothing, or never
//!   finishes its request headers, within it is closed (a stalled body: `http::server::app`);
//! - graceful shutdown in three steps: when `shutdown` resolves, `/readyz` answers 503 for
//!   `shutdown_ready_grace_ms` while the host still serves (a load balancer stops sending), then
//!   the listener closes and every connection is told to finish its request and close, then after
//!   `shutdown_drain_ms` the connections still open (a client that sent headers but no body) are
//!   closed, so nothing keeps the process alive past the deadline.

use std::{
    future::Future,
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use axum::{Router, extract::ConnectInfo};
use hyper::body::Incoming;
use hyper_util::{
    rt::{TokioExecutor, TokioIo, TokioTimer},
    server::{conn::auto, graceful::GracefulShutdown},
};
use tokio::{net::TcpListener, task::JoinSet};
use tower::ServiceExt;

use crate::{config::Settings, http::hit_path::HitPath};

/// Whether shutdown began: shared by the listener (which sets it) and `/readyz` (which answers
/// 503 from then on). Cloning shares the flag.
#[derive(Debug, Clone, Default)]
pub struct Draining(Arc<AtomicBool>);

impl Draining {
    /// True once shutdown began.
    pub fn is_draining(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }

    /// Marks shutdown as begun.
    fn begin(&self) {
        self.0.store(true, Ordering::Release);
    }
}

/// The counts a served listener ends with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServeReport {
    /// Connections accepted.
    pub accepted: u64,
    /// Connections still open at the drain deadline, closed by the host.
    pub cut_at_deadline: usize,
}

/// What the listener answers with: the application router, and optionally the
/// rendered-response cache's hit path, asked first for every request (`server::edge` builds
/// both; a bare `Router` converts into an edge without a hit path).
#[derive(Clone)]
pub struct Edge {
    router: Router,
    hits: Option<Arc<HitPath>>,
}

impl Edge {
    /// The edge of `router`, with `hits` asked before it when given.
    pub fn new(router: Router, hits: Option<HitPath>) -> Edge {
        Edge {
            router,
            hits: hits.map(Arc::new),
        }
    }
}

impl From<Router> for Edge {
    fn from(router: Router) -> Edge {
        Edge::new(router, None)
    }
}

/// Serves `edge` on `listener` until `shutdown` resolves, then shuts down as the module says,
/// with the timeouts of `settings` (`header_read_timeout_ms`, `shutdown_ready_grace()`,
/// `shutdown_drain_ms`). A request the edge's hit path answers goes no further; every other
/// request carries its peer as `ConnectInfo<SocketAddr>` and the [`Draining`] flag as
/// extensions into the router. Returns the counts once every connection is closed; an accept
/// error is logged and the loop goes on.
pub async fn serve_on(
    listener: TcpListener,
    edge: impl Into<Edge>,
    settings: &Settings,
    shutdown: impl Future<Output = ()>,
) -> ServeReport {
    let draining = Draining::default();
    let Edge { router, hits } = edge.into();
    let first_byte = Duration::from_millis(settings.header_read_timeout_ms.max(1));
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(first_byte);
    let graceful = GracefulShutdown::new();
    let mut connections = JoinSet::new();
    let mut report = ServeReport::default();
    let accept = |stream: tokio::net::TcpStream, peer: SocketAddr, connections: &mut JoinSet<()>| {
        let (router, hits, draining) = (router.clone(), hits.clone(), draining.clone());
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            // A fresh cached answer is given here, before the router clones its layers.
            let hit = hits.as_deref().and_then(|h| h.answer(&req, peer.ip()));
            if hit.is_none() {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(draining.clone());
            }
            let router = router.clone();
            async move {
                match hit {
                    Some(res) => Ok(res),
                    None => router.oneshot(req.map(axum::body::Body::new)).await,
                }
            }
        });
        let (watcher, builder) = (graceful.watcher(), builder.clone());
        connections.spawn(async move {
            // hyper's header timer runs while HTTP/1 waits for a request's head; before that,
            // telling HTTP/1 from HTTP/2 reads the first bytes with no timer: a connection that
            // sends nothing is closed here instead of held open.
            if !matches!(tokio::time::timeout(first_byte, stream.peek(&mut [0u8; 1])).await, Ok(Ok(1))) {
                tracing::debug!(%peer, "connection sent nothing in time: closed");
                return;
            }
            let conn = watcher.watch(builder.serve_connection_with_upgrades(TokioIo::new(stream), service).into_owned());
            if let Err(e) = conn.await {
                tracing::debug!(%peer, error = %e, "connection ended with an error");
            }
        });
    };
    let shutdown = std::pin::pin!(shutdown);
    let grace = tokio::time::sleep(Duration::MAX / 4);
    let mut grace = std::pin::pin!(grace);
    let mut shutdown = shutdown;
    loop {
        tokio::select! {
            conn = listener.accept() => match conn {
                Ok((stream, peer)) => {
                    report.accepted += 1;
                    accept(stream, peer, &mut connections);
                }
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            () = &mut shutdown, if !draining.is_draining() => {
                draining.begin();
                let wait = settings.shutdown_ready_grace();
                tracing::info!(ready_grace_ms = wait.as_millis() as u64, "shutdown: /readyz answers 503, still serving");
                grace.as_mut().reset(tokio::time::Instant::now() + wait);
            }
            () = &mut grace, if draining.is_draining() => break,
        }
    }
    drop(listener);
    let drain = Duration::from_millis(settings.shutdown_drain_ms);
    tracing::info!(
        open = connections.len(),
        drain_ms = drain.as_millis() as u64,
        "shutdown: listener closed, draining"
    );
    let drained = async {
        graceful.shutdown().await;
        while connections.join_next().await.is_some() {}
    };
    // `drained` borrows `connections`; what is left at the deadline is counted and closed after.
    let on_time = tokio::time::timeout(drain, drained).await.is_ok();
    if !on_time {
        report.cut_at_deadline = connections.len();
        tracing::warn!(open = report.cut_at_deadline, "shutdown: drain deadline passed, closing the rest");
        connections.shutdown().await;
    }
    report
}
