//! Stock search (docs/features/platform.md "Search"; ARCHITECTURE.md "Search";
//! docs/features/shopper-core.md §2 "Search results", §3 "Search state", §4, §7, §9;
//! docs/features/locations-forms-marketing.md §2, §4, §7, §9).
//!
//! - [`query`]: the query model and its address form (one codec, mirrored by the UI).
//! - [`doc`]: what is indexed per car and the engine-neutral [`Filter`].
//! - [`SearchBackend`]: [`embedded::EmbeddedBackend`] (tantivy, default) and
//!   [`meili::MeiliBackend`] (Meilisearch; production setup documented there).
//! - [`semantics`]: what the host adds and the client never can: tenant scope, stock visibility,
//!   the tenant's stock-filter level (plugin), price-0 hiding, sold-run collapsing, count
//!   fallback, popular body types and makes, price band order.
//! - [`SearchService`]: the backend plus a results cache, kept in sync with storage by an
//!   indexer that follows the change journal (`stock::journal`): each car change updates that
//!   car's document only, a full reindex builds aside and swaps; the tenant's cached answers are
//!   dropped when its changes are applied.

pub mod backend;
pub mod columns;
pub mod doc;
pub mod embedded;
pub mod index;
pub mod meili;
pub mod query;
pub mod scope;
pub mod semantics;
pub mod service;
pub mod sold_runs;

pub use backend::{BackendRequest, BackendResult, BoxFuture, FacetItem, IndexState, Rebuild, SearchBackend, SearchError};
pub use doc::{Filter, SearchDoc};
pub use index::*;
pub use query::{SearchQuery, SortBy};
