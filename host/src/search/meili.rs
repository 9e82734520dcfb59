//! The Meilisearch backend (meilisearch-sdk), for scale: one index per tenant (`cars-<tenant>`);
//! the tenant filter is still applied by the host on every search.
//!
//! Writes: a car change is `add_or_replace` of its document and `delete_documents` of the cars no
//! longer shown, by primary key (`id`), each task awaited by id and checked; a full rebuild fills
//! `cars-<tenant>-next` in batches, then `swap-indexes` exchanges it with `cars-<tenant>` in one
//! task (searches see the old index or the new one, never a partial one) and the old one is
//! deleted. The journal sequence each tenant's index holds ([`IndexState`]) is a document of the
//! index `cars-state`.
//!
//! At first use the host sets the index settings: searchable `text`; filterable every keyword
//! and numeric attribute plus `id`; sortable the numeric attributes and `id`; ranking rules
//! `sort` first (then words, typo, proximity, attribute, exactness), so an explicit sort plus the
//! `id:asc` tie-break gives one total order; typo tolerance off and matching strategy `all` (every
//! word must match, the last as a prefix), as the embedded backend does; `maxTotalHits` 1,000,000
//! and 10,000 facet values so counts are exact. Words, case and accent folding and hyphenated
//! words are Meilisearch's own tokenizer's (its default separators include `-`, and it folds case
//! and accents), which gives README "Search semantics"; where it does more (a query word split in
//! two, adjacent query words concatenated) or keeps another label for facet values that differ by
//! case, README "Search semantics" lists the difference.
//!
//! Every search, single or in a multi-search, asks the facets its request names ([`QueryRefs::query`]):
//! the host's disjunctive facets are a multi-search of the main query and one query per refined
//! facet attribute, each with its own facets, as Meilisearch's guide to disjunctive facets builds
//! them.
//!
//! Production setup: the host holds the master (or an admin) key in `meili_key`
//! (`FORECOURT_MEILI_KEY`); browsers never talk to Meilisearch directly. If a client must, issue
//! a search-only API key (`actions: ["search"]`, `indexes: ["cars-<slug>"]`) and give each site a tenant
//! token signed with it whose search rules are `{"cars-<slug>": {"filter": "tenant = \"<slug>\""}}`
//! (meilisearch-sdk `Client::generate_tenant_token`), so the tenant filter cannot be removed.
//! Stock visibility and the stock-filter level still come from the host's filter.

use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    sync::{Arc, Mutex},
    time::Duration,
};

use meilisearch_sdk::{
    DefaultHttpClient,
    client::{Client, SwapIndexes},
    errors::{Error as MeiliError, ErrorCode},
    indexes::Index,
    search::{MatchingStrategies, SearchQuery as MeiliQuery, Selectors},
    settings::{FacetingSettings, PaginationSetting, Settings, TypoToleranceSettings},
    task_info::TaskInfo,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{
    backend::{BackendRequest, BackendResult, BoxFuture, IndexState, Rebuild, SearchBackend, SearchError},
    doc::{Filter, KEYWORD_FIELDS, NUMERIC_FIELDS, SearchDoc},
};

/// The prefix of every index uid: `cars-<tenant>` holds a tenant's cars, `cars-state` the
/// journal state of each.
pub const INDEX_UID: &str = "cars";
/// Longest wait for an indexing task.
const TASK_TIMEOUT: Duration = Duration::from_secs(60);

/// The Meilisearch backend.
pub struct MeiliBackend {
    client: Client,
    /// The uid prefix ([`INDEX_UID`], or a test's own).
    base: String,
    /// Index uids whose settings this process applied.
    configured: tokio::sync::Mutex<BTreeSet<String>>,
    /// Each tenant's state as last read or written (shared with its rebuilds).
    states: Arc<Mutex<HashMap<String, IndexState>>>,
}

/// A tenant's journal state as stored in the `<base>-state` index (`id` is the tenant slug).
#[derive(Serialize, Deserialize)]
struct StateDoc {
    id: String,
    #[serde(flatten)]
    state: IndexState,
}

#[derive(Deserialize)]
struct IdHit {
    id: i64,
}

fn unavailable(e: impl std::fmt::Display) -> SearchError {
    SearchError::Unavailable(format!("meilisearch: {e}"))
}

/// A filter value quoted for Meilisearch.
fn quote(v: &str) -> String {
    format!("\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\""))
}

fn num(v: f64) -> String {
    format!("{v}")
}

/// The Meilisearch filter expression of a [`Filter`].
pub fn filter_expr(f: &Filter) -> String {
    match f {
        Filter::All(l) if l.is_empty() => "id >= 0".into(),
        Filter::Any(l) if l.is_empty() => "id < 0".into(),
        Filter::All(l) => format!("({})", l.iter().map(filter_expr).collect::<Vec<_>>().join(" AND ")),
        Filter::Any(l) => format!("({})", l.iter().map(filter_expr).collect::<Vec<_>>().join(" OR ")),
        Filter::Not(f) => format!("(NOT {})", filter_expr(f)),
        Filter::Eq(field, v) => format!("{field} = {}", quote(v)),
        Filter::Range { field, min, max } => {
            let mut parts = Vec::new();
            if let Some((v, inc)) = min {
                parts.push(format!("{field} {} {}", if *inc { ">=" } else { ">" }, num(*v)));
            }
            if let Some((v, inc)) = max {
                parts.push(format!("{field} {} {}", if *inc { "<=" } else { "<" }, num(*v)));
            }
            if parts.is_empty() {
                format!("{field} EXISTS")
            } else {
                format!("({})", parts.join(" AND "))
            }
        }
    }
}

/// The JSON document of a [`SearchDoc`].
pub fn document(d: &SearchDoc) -> Value {
    let mut m = Map::new();
    m.insert("id".into(), d.id.into());
    m.insert("text".into(), d.text.clone().into());
    for (k, vals) in &d.keywords {
        m.insert((*k).into(), Value::from(vals.clone()));
    }
    for (k, v) in &d.numbers {
        m.insert((*k).into(), Value::from(*v));
    }
    Value::Object(m)
}

/// The index settings every tenant's index gets (see the module's documentation).
fn settings() -> Settings {
    let mut filterable: Vec<&str> = KEYWORD_FIELDS.to_vec();
    filterable.extend(NUMERIC_FIELDS);
    filterable.push("id");
    let mut sortable: Vec<&str> = NUMERIC_FIELDS.to_vec();
    sortable.push("id");
    Settings::new()
        .with_searchable_attributes(["text"])
        .with_filterable_attributes(filterable)
        .with_sortable_attributes(sortable)
        .with_ranking_rules(["sort", "words", "typo", "proximity", "attribute", "exactness"])
        .with_typo_tolerance(TypoToleranceSettings {
            enabled: Some(false),
            disable_on_attributes: None,
            disable_on_words: None,
            min_word_size_for_typos: None,
            disable_on_numbers: None,
        })
        .with_pagination(PaginationSetting { max_total_hits: 1_000_000 })
        .with_faceting(FacetingSettings {
            max_values_per_facet: 10_000,
            sort_facet_values_by: None,
        })
}

/// Awaits the task by its id and checks it succeeded. Errors: the server does not answer
/// ([`SearchError::Unavailable`]) or the task failed ([`SearchError::Backend`], its message).
async fn wait(client: &Client, task: Result<TaskInfo, MeiliError>) -> Result<(), SearchError> {
    let task = task
        .map_err(unavailable)?
        .wait_for_completion(client, None, Some(TASK_TIMEOUT))
        .await
        .map_err(unavailable)?;
    if task.is_failure() {
        return Err(SearchError::Backend(format!("meilisearch task failed: {}", task.unwrap_failure())));
    }
    Ok(())
}

/// Creates index `uid` (primary key `id`) unless it exists, and applies [`settings`].
async fn create_configured(client: &Client, uid: &str) -> Result<(), SearchError> {
    match wait(client, client.create_index(uid, Some("id")).await).await {
        // An index that already exists fails its creation task: that is fine.
        Ok(()) | Err(SearchError::Backend(_)) => {}
        Err(e) => return Err(e),
    }
    wait(client, client.index(uid).set_settings(&settings()).await).await
}

impl MeiliBackend {
    /// A backend for the server at `url` with `key`. Does not contact the server (the settings
    /// are applied on first use), so a server that is down does not stop the host.
    pub fn new(url: &str, key: Option<&str>) -> Result<MeiliBackend, SearchError> {
        Self::with_index(url, key, INDEX_UID)
    }

    /// As [`MeiliBackend::new`] with another uid prefix (tests use their own).
    pub fn with_index(url: &str, key: Option<&str>, uid: &str) -> Result<MeiliBackend, SearchError> {
        let client = Client::new(url, key).map_err(unavailable)?;
        Ok(MeiliBackend {
            client,
            base: uid.to_string(),
            configured: tokio::sync::Mutex::default(),
            states: Arc::default(),
        })
    }

    /// The uid of `tenant`'s index.
    pub fn tenant_uid(&self, tenant: &str) -> String {
        format!("{}-{tenant}", self.base)
    }

    fn state_uid(&self) -> String {
        format!("{}-state", self.base)
    }

    /// Deletes every index this backend wrote: the tenants' and the state index (tests).
    pub async fn delete_index(&self) -> Result<(), SearchError> {
        let mut uids: Vec<String> = self.configured.lock().await.iter().cloned().collect();
        uids.push(self.state_uid());
        for uid in uids {
            wait(&self.client, self.client.index(&uid).delete().await).await?;
        }
        Ok(())
    }

    /// Creates `tenant`'s index if needed and applies the settings (once per process).
    pub async fn configure(&self, tenant: &str) -> Result<(), SearchError> {
        let uid = self.tenant_uid(tenant);
        let mut done = self.configured.lock().await;
        if !done.contains(&uid) {
            create_configured(&self.client, &uid).await?;
            done.insert(uid);
        }
        Ok(())
    }

    /// Records `tenant`'s state in the state index (awaited) and in memory.
    async fn save_state(&self, tenant: &str, state: &IndexState) -> Result<(), SearchError> {
        save_state(&self.client, &self.state_uid(), tenant, state).await?;
        self.states
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(tenant.to_string(), state.clone());
        Ok(())
    }

    fn page(req: &BackendRequest) -> PageWindow {
        page_window(req.offset, req.limit)
    }

    fn full_filter(req: &BackendRequest) -> String {
        format!("tenant = {} AND {}", quote(&req.tenant), filter_expr(&req.filter))
    }

    fn sort(req: &BackendRequest) -> [String; 2] {
        [
            format!("{}:{}", req.sort.0, if req.sort.1 { "desc" } else { "asc" }),
            "id:asc".to_string(),
        ]
    }

    fn result(req: &BackendRequest, r: meilisearch_sdk::search::SearchResults<IdHit>) -> BackendResult {
        let mut facets: BTreeMap<String, BTreeMap<String, u64>> = req.facets.iter().map(|f| (f.clone(), BTreeMap::new())).collect();
        for (attr, m) in r.facet_distribution.unwrap_or_default() {
            if let Some(acc) = facets.get_mut(&attr) {
                for (v, n) in m {
                    acc.insert(v, n as u64);
                }
            }
        }
        let w = Self::page(req);
        BackendResult {
            ids: r.hits.into_iter().skip(w.skip).take(req.limit).map(|h| h.result.id).collect(),
            total: r.total_hits.or(r.estimated_total_hits).unwrap_or(0),
            facets,
        }
    }
}

/// The Meilisearch page that holds a backend request's window of hits, and where the window
/// starts in it ([`page_window`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageWindow {
    /// Meilisearch `page` (1-based).
    pub page: usize,
    /// Meilisearch `hitsPerPage` (0: counts and facets only).
    pub hits_per_page: usize,
    /// Hits of that page to skip before the window.
    pub skip: usize,
}

/// The smallest Meilisearch page (`page`, `hitsPerPage`) that holds the hits `offset` to
/// `offset + limit - 1`. The search asks by page, not by `offset`/`limit`, because only
/// `page`/`hitsPerPage` answers an exhaustive `totalHits` (`offset`/`limit` answers an
/// `estimatedTotalHits`), and the SRP shows an exact count. The window is not always aligned to
/// a page of `limit` hits: a page after the first asks one hit more, starting one earlier (the
/// hit before the page decides whether a run of sold cars goes on), so `hitsPerPage` grows to
/// the smallest size whose page boundaries do not cut the window. Takes counts of hits; returns
/// the page, its size and the hits to skip; `limit` 0 is page 1 of 0 hits.
pub fn page_window(offset: usize, limit: usize) -> PageWindow {
    if limit == 0 {
        return PageWindow {
            page: 1,
            hits_per_page: 0,
            skip: 0,
        };
    }
    let last = offset + limit - 1;
    let per = (limit..=last + 1).find(|p| offset / p == last / p).unwrap_or(last + 1);
    PageWindow {
        page: offset / per + 1,
        hits_per_page: per,
        skip: offset % per,
    }
}

/// The owned parts of one Meilisearch search a [`BackendRequest`] becomes: the filter expression
/// with the tenant, the sort with the `id` tie-break, the facets ([`QueryParts::query`] borrows
/// them).
pub struct QueryParts {
    filter: String,
    sort: [String; 2],
    facets: Vec<String>,
}

/// The borrowed lists a search query points at (the SDK's query takes slices of `&str`).
pub struct QueryRefs<'a> {
    parts: &'a QueryParts,
    sort: Vec<&'a str>,
    facets: Vec<&'a str>,
}

impl QueryParts {
    /// The parts of `req`.
    pub fn of(req: &BackendRequest) -> QueryParts {
        QueryParts {
            filter: MeiliBackend::full_filter(req),
            sort: MeiliBackend::sort(req),
            facets: req.facets.clone(),
        }
    }

    /// The slices a query borrows.
    pub fn refs(&self) -> QueryRefs<'_> {
        QueryRefs {
            parts: self,
            sort: self.sort.iter().map(String::as_str).collect(),
            facets: self.facets.iter().map(String::as_str).collect(),
        }
    }
}

impl<'a> QueryRefs<'a> {
    /// The search of `req` on `index`: text with matching strategy `all`, filter, sort, the page
    /// that holds the request's window ([`page_window`]), only `id` retrieved, and the requested
    /// facets. A single search and each query of a multi-search are built here alike, so every
    /// query of a multi-search answers its facet distribution too: the host's disjunctive facets
    /// are one query per refined facet group, each asking its own `facets`, as Meilisearch's
    /// "Build disjunctive facets" guide does with multi-search.
    pub fn query(&'a self, index: &'a Index, req: &'a BackendRequest) -> MeiliQuery<'a, DefaultHttpClient> {
        let w = page_window(req.offset, req.limit);
        let mut q = index.search();
        q.with_query(&req.text)
            .with_filter(&self.parts.filter)
            .with_sort(&self.sort)
            .with_matching_strategy(MatchingStrategies::ALL)
            .with_page(w.page)
            .with_hits_per_page(w.hits_per_page)
            .with_attributes_to_retrieve(Selectors::Some(&["id"]));
        if !self.facets.is_empty() {
            q.with_facets(Selectors::Some(&self.facets));
        }
        q
    }
}

impl SearchBackend for MeiliBackend {
    fn name(&self) -> &'static str {
        "meilisearch"
    }

    fn health(&self) -> BoxFuture<'_, Result<(), SearchError>> {
        Box::pin(async move { self.client.health().await.map(drop).map_err(unavailable) })
    }

    fn search<'a>(&'a self, req: &'a BackendRequest) -> BoxFuture<'a, Result<BackendResult, SearchError>> {
        Box::pin(async move {
            self.configure(&req.tenant).await?;
            let index = self.client.index(self.tenant_uid(&req.tenant));
            let parts = QueryParts::of(req);
            let refs = parts.refs();
            let r = refs.query(&index, req).execute::<IdHit>().await.map_err(unavailable)?;
            Ok(Self::result(req, r))
        })
    }

    fn multi_search<'a>(&'a self, reqs: &'a [BackendRequest]) -> BoxFuture<'a, Result<Vec<BackendResult>, SearchError>> {
        Box::pin(async move {
            for req in reqs {
                self.configure(&req.tenant).await?;
            }
            let indexes: Vec<_> = reqs.iter().map(|r| self.client.index(self.tenant_uid(&r.tenant))).collect();
            let parts: Vec<QueryParts> = reqs.iter().map(QueryParts::of).collect();
            let refs: Vec<QueryRefs> = parts.iter().map(QueryParts::refs).collect();
            let mut multi = self.client.multi_search();
            for ((index, r), req) in indexes.iter().zip(&refs).zip(reqs) {
                let mut q = r.query(index, req);
                q.with_index_uid();
                multi.with_search_query(q);
            }
            let r = multi.execute::<IdHit>().await.map_err(unavailable)?;
            Ok(reqs.iter().zip(r.results).map(|(req, r)| Self::result(req, r)).collect())
        })
    }

    fn apply<'a>(
        &'a self,
        tenant: &'a str,
        upserts: Vec<SearchDoc>,
        deletes: Vec<i64>,
        state: IndexState,
    ) -> BoxFuture<'a, Result<(), SearchError>> {
        Box::pin(async move {
            self.configure(tenant).await?;
            let index = self.client.index(self.tenant_uid(tenant));
            if !upserts.is_empty() {
                let json: Vec<Value> = upserts.iter().map(document).collect();
                wait(&self.client, index.add_or_replace(&json, Some("id")).await).await?;
            }
            if !deletes.is_empty() {
                wait(&self.client, index.delete_documents(&deletes).await).await?;
            }
            self.save_state(tenant, &state).await
        })
    }

    fn rebuild<'a>(&'a self, tenant: &'a str) -> BoxFuture<'a, Result<Box<dyn Rebuild>, SearchError>> {
        Box::pin(async move {
            let next = format!("{}-next", self.tenant_uid(tenant));
            // A rebuild that did not finish leaves its index behind: start from an empty one.
            wait(&self.client, self.client.index(&next).delete().await).await.ok();
            create_configured(&self.client, &next).await?;
            Ok(Box::new(MeiliRebuild {
                client: self.client.clone(),
                tenant: tenant.to_string(),
                live: self.tenant_uid(tenant),
                next,
                state_uid: self.state_uid(),
                states: self.states.clone(),
            }) as Box<dyn Rebuild>)
        })
    }

    fn state<'a>(&'a self, tenant: &'a str) -> BoxFuture<'a, Result<Option<IndexState>, SearchError>> {
        Box::pin(async move {
            if let Some(s) = self.states.lock().unwrap_or_else(|e| e.into_inner()).get(tenant) {
                return Ok(Some(s.clone()));
            }
            let found = match self.client.index(self.state_uid()).get_document::<StateDoc>(tenant).await {
                Ok(d) => Some(d.state),
                Err(MeiliError::Meilisearch(e)) if matches!(e.error_code, ErrorCode::DocumentNotFound | ErrorCode::IndexNotFound) => None,
                Err(e) => return Err(unavailable(e)),
            };
            if let Some(s) = &found {
                self.states
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(tenant.to_string(), s.clone());
            }
            Ok(found)
        })
    }
}

/// Writes `tenant`'s state document to the index `state_uid` (created on first write), awaited.
async fn save_state(client: &Client, state_uid: &str, tenant: &str, state: &IndexState) -> Result<(), SearchError> {
    let doc = StateDoc {
        id: tenant.to_string(),
        state: state.clone(),
    };
    wait(client, client.index(state_uid).add_or_replace(&[doc], Some("id")).await).await
}

/// A full rebuild of one tenant on Meilisearch: `<live>-next` filled in batches, then swapped
/// with the live index in one task and deleted.
struct MeiliRebuild {
    client: Client,
    tenant: String,
    live: String,
    next: String,
    state_uid: String,
    states: Arc<Mutex<HashMap<String, IndexState>>>,
}

impl Rebuild for MeiliRebuild {
    fn add(&mut self, docs: Vec<SearchDoc>) -> BoxFuture<'_, Result<(), SearchError>> {
        Box::pin(async move {
            let json: Vec<Value> = docs.iter().map(document).collect();
            wait(&self.client, self.client.index(&self.next).add_or_replace(&json, Some("id")).await).await
        })
    }

    fn finish(self: Box<Self>, state: IndexState) -> BoxFuture<'static, Result<(), SearchError>> {
        Box::pin(async move {
            // `swap-indexes` needs both indexes: a tenant's first build creates the live one.
            create_configured(&self.client, &self.live).await?;
            let swap = SwapIndexes {
                indexes: (self.live.clone(), self.next.clone()),
                rename: None,
            };
            wait(&self.client, self.client.swap_indexes([&swap]).await).await?;
            save_state(&self.client, &self.state_uid, &self.tenant, &state).await?;
            self.states
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(self.tenant.clone(), state);
            // `next` now holds the previous documents.
            if let Err(e) = wait(&self.client, self.client.index(&self.next).delete().await).await {
                tracing::warn!(index = %self.next, error = %e, "cannot delete the previous index after a swap");
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(facets: &[&str], offset: usize, limit: usize) -> BackendRequest {
        BackendRequest {
            tenant: "acme".into(),
            text: "corolla".into(),
            filter: Filter::eq("make", "Toyota"),
            sort: ("price".into(), false),
            offset,
            limit,
            facets: facets.iter().map(|f| f.to_string()).collect(),
        }
    }

    /// The JSON body each query of a search or multi-search sends (no server is contacted).
    fn body(req: &BackendRequest, multi: bool) -> Value {
        let client = Client::new("http://127.0.0.1:9", None::<&str>).unwrap();
        let index = client.index("cars-acme");
        let parts = QueryParts::of(req);
        let refs = parts.refs();
        let mut q = refs.query(&index, req);
        if multi {
            q.with_index_uid();
        }
        serde_json::to_value(q.build()).unwrap()
    }

    #[test]
    fn every_query_of_a_multi_search_asks_its_facets() {
        // The main query of a refined search asks every facet, a disjunctive one its own
        // attribute with no hits; both inside a multi-search.
        let main = body(&request(&["make", "model"], 0, 21), true);
        assert_eq!(main["indexUid"], "cars-acme");
        assert_eq!(main["facets"], serde_json::json!(["make", "model"]));
        assert_eq!(main["q"], "corolla");
        assert_eq!(main["filter"], "tenant = \"acme\" AND make = \"Toyota\"");
        assert_eq!(main["sort"], serde_json::json!(["price:asc", "id:asc"]));
        assert_eq!(main["matchingStrategy"], "all");
        assert_eq!((main["page"].as_u64(), main["hitsPerPage"].as_u64()), (Some(1), Some(21)));
        let facet_only = body(&request(&["make"], 0, 0), true);
        assert_eq!(facet_only["facets"], serde_json::json!(["make"]));
        assert_eq!(facet_only["hitsPerPage"], 0);
        // A single search asks the same; a query with no facets asks none.
        assert_eq!(body(&request(&["make"], 0, 5), false)["facets"], serde_json::json!(["make"]));
        assert!(body(&request(&[], 0, 5), true).get("facets").is_none());
        // A page after the first asks one hit before it, in the page that holds the window.
        let second = body(&request(&[], 20, 22), false);
        let w = page_window(20, 22);
        assert_eq!(second["page"].as_u64(), Some(w.page as u64));
        assert_eq!(second["hitsPerPage"].as_u64(), Some(w.hits_per_page as u64));
    }
}
