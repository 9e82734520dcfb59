//! Forecourt host: the multi-tenant car-dealer website platform's axum server, storage, stock
//! import and JSON API. See `README.md` and ARCHITECTURE.md for the map.
#![warn(clippy::too_many_lines)]

pub mod auth;
pub mod cars;
pub mod cli;
pub mod config;
pub mod content;
pub mod db;
pub mod error;
pub mod feed_pull;
pub mod feeds;
pub mod format;
pub mod fsio;
pub mod geo;
pub mod http;
pub mod leads;
pub mod live;
pub mod live_settings;
pub mod market;
pub mod metrics;
pub mod model;
pub mod operations;
pub mod outbound;
pub mod payments;
pub mod platform;
pub mod plugins;
pub mod pricing;
pub mod print;
pub mod rate_limit;
pub mod repo;
pub mod search;
pub mod site;
pub mod slug;
pub mod stock;
pub mod syndication;
pub mod telemetry;
pub mod tenant;
pub mod tools;
