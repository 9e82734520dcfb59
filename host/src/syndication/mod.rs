//! Listings syndication and listing readiness (docs/features/platform.md "Syndication feeds and
//! listing readiness"; ARCHITECTURE.md "Where each feature lives").
//!
//! * [`listing`]: one car as a feed sees it (absolute links, plain-text description, the
//!   dealership's address).
//! * [`google`], [`meta`]: the two feed formats, each with its required attributes and writer.
//! * [`readiness`]: per-car score and findings, and which feed leaves a car out and why;
//!   [`readiness_cache`] keeps a feed source's summary up to date from the change journal.
//! * [`feed`]: the feed token, and the feeds generated from storage and cached under the stock
//!   change journal.
//! * [`vin`]: the VIN format and North-American check digit.
//!
//! This file only declares the modules; they name each other by file.

pub mod feed;
pub mod google;
pub mod listing;
pub mod meta;
pub mod readiness;
pub mod readiness_cache;
pub mod vin;
