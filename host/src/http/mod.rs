//! The HTTP edge: everything that knows about HTTP lives here, above the domain modules
//! (ARCHITECTURE.md "Layers"). Domain code never names this module.
//!
//! - [`state`]: the shared state handlers run with, and the tenant extractor.
//! - [`server`]: the router with its middleware (tenancy by Host, request ids, headers,
//!   compression), start-up and graceful shutdown.
//! - [`hit_path`]: the rendered-response cache's hit path, asked by the listener before the
//!   router.
//! - [`serve`]: the listener (hyper): header read timeout, `/readyz` 503 then a drain deadline
//!   on shutdown.
//! - [`request_metrics`]: the layer counting and timing every answer by tenant and route kind.
//! - [`session`]: the session cookie, client IP, Origin check and signed-in extractor.
//! - [`headers`]: the Content-Security-Policy of documents.
//! - [`error`]: the one JSON error envelope, the mapping of domain errors onto it, and the layer
//!   that puts every other error answer (405, 413, 414, ...) in it.
//! - [`extract`]: the JSON, query, path and form extractors whose rejections are the envelope.
//! - [`api`]: the JSON API handlers under `/api/v1/` and the OpenAPI document.
//! - [`web`]: HTML documents of the public routes, UI assets and images.

pub mod api;
pub mod error;
pub mod extract;
pub mod headers;
pub mod hit_path;
pub mod render_cache;
pub mod request_metrics;
pub mod serve;
pub mod server;
pub mod session;
pub mod state;
pub mod web;
