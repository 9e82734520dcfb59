//! Site content for finding the dealer (docs/features/platform.md
//! "Locations, offers and navigation"): navigation (header, model menu, footer), the popup, offers,
//! brands with the statistics banner, and reviews. Read at start from content files in
//! `tenants/<slug>/content/` over the shared defaults folder (`content_defaults`), checked (a wrong
//! key or link fails the load naming the file and key), and served by `site` (`http::api::site`) and inline in the
//! documents. Spec: docs/features/locations-forms-marketing.md §2 "Offers", "Navigation",
//! "Reviews"; §3 Offer, Review, Manufacturer, Model menu item, Brand entry; §4 popup, offers; §9
//! reviews, popup.
//!
//! Files (tenants/README.md "Content files"):
//! - `navigation.toml`: `open_on` (click or hover), `[[header]]` entries, `[[vehicles]]` (model
//!   menu items), `[[footer]]` columns, optional `[popup]`. The tenant's keys merge over the
//!   default's; arrays replace.
//! - `offers.toml`: `[[offers]]`; the default file's offers and the tenant's are both listed, and
//!   an offer naming the tenant in `excluded_websites` is hidden on that site.
//! - `brands.toml`: `stats` (the statistics banner) and `[[brands]]` grouped by kind; logos come
//!   from the platform's manufacturer list (`host/assets/logos`).
//! - `reviews.toml`: the site's aggregate (average kept as a string), `min_rating`,
//!   `hidden_titles` and `[[reviews]]`, each tied to a location slug.
//!
//! Files: `navigation.rs`, `offers.rs`, `brands.rs` (with the manufacturer list) and `reviews.rs`,
//! one per content file, and `site_content.rs` gathering them. This file only declares them and
//! re-exports their public items.

pub mod brands;
pub mod navigation;
pub mod offers;
pub mod reviews;
pub mod site_content;

pub use brands::*;
pub use navigation::*;
pub use offers::*;
pub use reviews::*;
pub use site_content::SiteContent;
