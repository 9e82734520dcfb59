//! Tenant content (docs/features/platform.md "Marketing and content pages"): the markdown pages, the
//! electric-model area, the recall page and the service and trade-in information, read from content
//! files at start (a wrong key or a broken reference fails the load, naming the file and the key),
//! rendered and sanitised once, and served by `http::api::content` and inline in the documents.
//!
//! Files (tenants/README.md "Content files"), each looked up in `tenants/<slug>/content/` and then in
//! the shared defaults folder the tenant names in `content_defaults` (tenant.toml), if any:
//! - `pages/<path>.md`: a page at `/<path>` (`pages/about-us.md` is `/about-us`,
//!   `pages/pages/warranty.md` is `/pages/warranty`), TOML front matter between `+++` lines
//!   (`title`, `description` of at most 160 characters), then CommonMark with tables. The tenant's
//!   file replaces the default one.
//! - `models.toml` with `model_variants.json` and `colours.json`: the electric-model area
//!   (docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", §3 Model variant, Colour, Slide,
//!   Category card). Tenant only.
//! - `recalls.toml` (§2 "Recall page", §3 Recall record), `service.toml` (§2 "Service page", §9
//!   "free ride within 8 km", "quote fixed for 12 months") and `trade_in.toml` (§2 "Trade-in
//!   information"): the tenant's file merged over the default key by key (arrays replace).
//! - `vdp.toml`: the VDP's warranty wording by car type and make, the money-back guarantee and the
//!   blog links (docs/features/shopper-core.md §2 "blogs", §9), merged the same way (`vdp.rs`).
//!
//! `{{site_name}}` in any file is replaced by the tenant's name. Markdown is rendered with
//! pulldown-cmark and sanitised with ammonia (links get `rel="noopener noreferrer"`), so the UI can
//! insert the HTML as it is.
//!
//! Files: `files.rs` (the folders, reading with defaults, markdown and link checks), `models.rs`
//! (the electric-model area), `site.rs` (recalls, service, trade-in, pages, [`Content`] and
//! [`load`]) and `marketing/` (navigation, offers, brands, reviews). This file only declares them
//! and re-exports their public items; content depends on `tenant::error` and `tenant::validate`,
//! never on the tenant registry.

pub mod files;
pub mod marketing;
pub mod models;
pub mod site;
pub mod vdp;

pub use files::{SITE_NAME, markdown_html};
pub use models::*;
pub use site::*;
pub use vdp::*;
