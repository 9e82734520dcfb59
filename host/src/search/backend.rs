//! The contract every search engine implements ([`SearchBackend`]): what it is asked
//! ([`BackendRequest`]), what it answers ([`BackendResult`], [`FacetItem`]) and how it fails
//! ([`SearchError`]). `embedded.rs` (tantivy) and `meili.rs` (Meilisearch) implement it.

use std::{collections::BTreeMap, future::Future, pin::Pin};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::doc::{Filter, SearchDoc};

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a backend is asked: one tenant, text, filter, sort, page window and facets.
#[derive(Debug, Clone, PartialEq)]
pub struct BackendRequest {
    /// Tenant key; the backend always restricts to it.
    pub tenant: String,
    /// Text query (words ANDed, the last one a prefix).
    pub text: String,
    /// Everything else (host semantics and client refinements).
    pub filter: Filter,
    /// Sort field ([`doc::NUMERIC_FIELDS`]) and descending; ties by id ascending; docs without
    /// the field last.
    pub sort: (String, bool),
    /// Hits to skip.
    pub offset: usize,
    /// Hits to return.
    pub limit: usize,
    /// Attributes to count values of.
    pub facets: Vec<String>,
}

/// A backend's answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BackendResult {
    /// Car ids of the page, in order.
    pub ids: Vec<i64>,
    /// Number of matches.
    pub total: usize,
    /// Facet value -> count per requested attribute.
    pub facets: BTreeMap<String, BTreeMap<String, u64>>,
}

/// A search failure.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SearchError {
    /// The search engine does not answer (HTTP 503).
    #[error("search is unavailable: {0}")]
    Unavailable(String),
    /// The engine answered with an error.
    #[error("search failed: {0}")]
    Backend(String),
}

/// What one tenant's index follows: the storage's change journal (`stock::journal`) by its
/// `epoch` and the last sequence applied, and the `layout` its documents were built with (a hash
/// of the document version and the tenant's config; another layout means a rebuild). Kept by
/// the backend with the index (the embedded index's `state.json`, a Meilisearch document).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexState {
    /// The journal epoch the sequence belongs to (empty: none).
    pub epoch: String,
    /// The last journal sequence the index holds.
    pub seq: i64,
    /// The document layout the index was built with.
    pub layout: String,
}

/// A full rebuild of one tenant's index, built aside: batches are added, then
/// [`Rebuild::finish`] switches searches to it at once (until then the previous index answers).
pub trait Rebuild: Send {
    /// Adds a batch of documents.
    fn add(&mut self, docs: Vec<SearchDoc>) -> BoxFuture<'_, Result<(), SearchError>>;
    /// Makes the rebuilt index the tenant's, recording `state` with it.
    fn finish(self: Box<Self>, state: IndexState) -> BoxFuture<'static, Result<(), SearchError>>;
}

/// A search engine holding [`SearchDoc`]s of every tenant.
pub trait SearchBackend: Send + Sync {
    /// `embedded` or `meilisearch`.
    fn name(&self) -> &'static str;
    /// One search.
    fn search<'a>(&'a self, req: &'a BackendRequest) -> BoxFuture<'a, Result<BackendResult, SearchError>>;
    /// Several searches (Meilisearch: one multi-search call).
    fn multi_search<'a>(&'a self, reqs: &'a [BackendRequest]) -> BoxFuture<'a, Result<Vec<BackendResult>, SearchError>> {
        Box::pin(async move {
            let mut out = Vec::new();
            for r in reqs {
                out.push(self.search(r).await?);
            }
            Ok(out)
        })
    }
    /// Applies one change set to `tenant`: the documents `deletes` (ids) removed and `upserts`
    /// added or replaced by id, then `state` recorded; searches see each car's old document or
    /// its new one, never neither.
    fn apply<'a>(
        &'a self,
        tenant: &'a str,
        upserts: Vec<SearchDoc>,
        deletes: Vec<i64>,
        state: IndexState,
    ) -> BoxFuture<'a, Result<(), SearchError>>;
    /// Starts a full rebuild of `tenant` aside ([`Rebuild`]).
    fn rebuild<'a>(&'a self, tenant: &'a str) -> BoxFuture<'a, Result<Box<dyn Rebuild>, SearchError>>;
    /// Whether the engine answers, for readiness (`/readyz`). The default (the embedded index,
    /// which lives in this process) always does; Meilisearch is asked its `GET /health`.
    /// Errors: [`SearchError::Unavailable`] when it does not answer.
    fn health(&self) -> BoxFuture<'_, Result<(), SearchError>> {
        Box::pin(async { Ok(()) })
    }
    /// The state recorded with `tenant`'s index (None: no index, or none recorded).
    fn state<'a>(&'a self, _tenant: &'a str) -> BoxFuture<'a, Result<Option<IndexState>, SearchError>> {
        Box::pin(async { Ok(None) })
    }
    /// Replaces every document of `tenant` with `docs` (a rebuild aside, then the switch),
    /// recording an empty [`IndexState`].
    fn replace_tenant<'a>(&'a self, tenant: &'a str, docs: Vec<SearchDoc>) -> BoxFuture<'a, Result<(), SearchError>> {
        Box::pin(async move {
            let mut r = self.rebuild(tenant).await?;
            r.add(docs).await?;
            r.finish(IndexState::default()).await
        })
    }
}

/// One facet value (docs/features/shopper-core.md §3 "Facet items").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FacetItem {
    /// Shown text.
    pub label: String,
    /// Refinement value (empty for `All Makes`).
    pub value: String,
    /// Matching cars.
    pub count: u64,
}

/// A search engine that does not answer is, for the shopper, a service unavailable for now:
/// `Unavailable` with code `search_unavailable` (the cause is logged).
impl From<SearchError> for crate::error::Error {
    fn from(e: SearchError) -> Self {
        tracing::error!(error = %e, "search failed");
        crate::error::Error::new(
            crate::error::ErrorKind::Unavailable,
            "search_unavailable",
            "Search is temporarily unavailable. Please try again shortly.",
        )
    }
}
