//! The Meilisearch backend (meilisearch-sdk), for scale: one index (`cars`) for every tenant; the
//! tenant filter is always applied by the host.
//!
//! At first use the host sets the index settings: searchable `text`; filterable every keyword
//! and numeric attribute plus `id`; sortable the numeric attributes and `id`; ranking rules
//! `sort` first (then words, typo, proximity, attribute, exactness), so an explicit sort plus the
//! `id:asc` tie-break gives one total order; typo tolerance off and matching strategy `all` (every
//! word must match, the last as a prefix), as the embedded backend does; `maxTotalHits` 1,000,000
//! and 10,000 facet values so counts are exact.
//!
//! Production setup: the host holds the master (or an admin) key in `meili_key`
//! (`FORECOURT_MEILI_KEY`); browsers never talk to Meilisearch directly. If a client must, issue
//! a search-only API key (`actions: ["search"]`, `indexes: ["cars"]`) and give each site a tenant
//! token signed with it whose search rules are `{"cars": {"filter": "tenant = \"<slug>\""}}`
//! (meilisearch-sdk `Client::generate_tenant_token`), so the tenant filter cannot be removed.
//! Stock visibility and the stock-filter level still come from the host's filter.

use std::{collections::BTreeMap, time::Duration};

use meilisearch_sdk::{
    client::Client,
    documents::DocumentDeletionQuery,
    indexes::Index,
    search::{MatchingStrategies, Selectors},
    settings::{FacetingSettings, PaginationSetting, Settings, TypoToleranceSettings},
};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::{
    backend::{BackendRequest, BackendResult, BoxFuture, SearchBackend, SearchError},
    doc::{Filter, KEYWORD_FIELDS, NUMERIC_FIELDS, SearchDoc},
};

/// The index holding every tenant's cars.
pub const INDEX_UID: &str = "cars";
/// Longest wait for an indexing task.
const TASK_TIMEOUT: Duration = Duration::from_secs(60);

/// The Meilisearch backend.
pub struct MeiliBackend {
    client: Client,
    index: Index,
    uid: String,
    configured: tokio::sync::OnceCell<()>,
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

impl MeiliBackend {
    /// A backend for the server at `url` with `key`. Does not contact the server (the settings
    /// are applied on first use), so a server that is down does not stop the host.
    pub fn new(url: &str, key: Option<&str>) -> Result<MeiliBackend, SearchError> {
        Self::with_index(url, key, INDEX_UID)
    }

    /// As [`MeiliBackend::new`] with another index uid (tests use their own).
    pub fn with_index(url: &str, key: Option<&str>, uid: &str) -> Result<MeiliBackend, SearchError> {
        let client = Client::new(url, key).map_err(unavailable)?;
        let index = client.index(uid);
        Ok(MeiliBackend {
            client,
            index,
            uid: uid.to_string(),
            configured: tokio::sync::OnceCell::new(),
        })
    }

    /// Deletes the index (tests).
    pub async fn delete_index(&self) -> Result<(), SearchError> {
        self.client
            .index(&self.uid)
            .delete()
            .await
            .map_err(unavailable)?
            .wait_for_completion(&self.client, None, Some(TASK_TIMEOUT))
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// Creates the index if needed and applies the settings (once per process).
    pub async fn configure(&self) -> Result<(), SearchError> {
        self.configured
            .get_or_try_init(|| async {
                let mut filterable: Vec<&str> = KEYWORD_FIELDS.to_vec();
                filterable.extend(NUMERIC_FIELDS);
                filterable.push("id");
                let mut sortable: Vec<&str> = NUMERIC_FIELDS.to_vec();
                sortable.push("id");
                let settings = Settings::new()
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
                    });
                let task = self.client.create_index(&self.uid, Some("id")).await.map_err(unavailable)?;
                // An existing index makes this task fail; that is fine.
                let _ = task.wait_for_completion(&self.client, None, Some(TASK_TIMEOUT)).await;
                self.index
                    .set_settings(&settings)
                    .await
                    .map_err(unavailable)?
                    .wait_for_completion(&self.client, None, Some(TASK_TIMEOUT))
                    .await
                    .map_err(unavailable)?;
                Ok::<(), SearchError>(())
            })
            .await
            .map(|_| ())
    }

    fn page(req: &BackendRequest) -> (usize, usize) {
        match req.offset.checked_div(req.limit) {
            Some(p) => (p + 1, req.limit),
            None => (1, 0),
        }
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
        BackendResult {
            ids: r.hits.into_iter().map(|h| h.result.id).collect(),
            total: r.total_hits.or(r.estimated_total_hits).unwrap_or(0),
            facets,
        }
    }
}

impl SearchBackend for MeiliBackend {
    fn name(&self) -> &'static str {
        "meilisearch"
    }

    fn search<'a>(&'a self, req: &'a BackendRequest) -> BoxFuture<'a, Result<BackendResult, SearchError>> {
        Box::pin(async move {
            self.configure().await?;
            let filter = Self::full_filter(req);
            let sort = Self::sort(req);
            let sort_refs: Vec<&str> = sort.iter().map(String::as_str).collect();
            let facet_refs: Vec<&str> = req.facets.iter().map(String::as_str).collect();
            let (page, per) = Self::page(req);
            let mut q = self.index.search();
            q.with_query(&req.text)
                .with_filter(&filter)
                .with_sort(&sort_refs)
                .with_matching_strategy(MatchingStrategies::ALL)
                .with_page(page)
                .with_hits_per_page(per)
                .with_attributes_to_retrieve(Selectors::Some(&["id"]));
            if !facet_refs.is_empty() {
                q.with_facets(Selectors::Some(&facet_refs));
            }
            let r = q.execute::<IdHit>().await.map_err(unavailable)?;
            Ok(Self::result(req, r))
        })
    }

    fn multi_search<'a>(&'a self, reqs: &'a [BackendRequest]) -> BoxFuture<'a, Result<Vec<BackendResult>, SearchError>> {
        Box::pin(async move {
            self.configure().await?;
            let filters: Vec<String> = reqs.iter().map(Self::full_filter).collect();
            let sorts: Vec<[String; 2]> = reqs.iter().map(Self::sort).collect();
            let sort_refs: Vec<Vec<&str>> = sorts.iter().map(|s| s.iter().map(String::as_str).collect()).collect();
            let mut queries = Vec::new();
            for (i, req) in reqs.iter().enumerate() {
                let (page, per) = Self::page(req);
                let mut q = self.index.search();
                q.with_query(&req.text)
                    .with_filter(&filters[i])
                    .with_sort(&sort_refs[i])
                    .with_matching_strategy(MatchingStrategies::ALL)
                    .with_page(page)
                    .with_hits_per_page(per)
                    .with_attributes_to_retrieve(Selectors::Some(&["id"]))
                    .with_index_uid();
                queries.push(q);
            }
            let mut multi = self.client.multi_search();
            for q in queries {
                multi.with_search_query(q);
            }
            let r = multi.execute::<IdHit>().await.map_err(unavailable)?;
            Ok(reqs.iter().zip(r.results).map(|(req, r)| Self::result(req, r)).collect())
        })
    }

    fn replace_tenant<'a>(&'a self, tenant: &'a str, docs: Vec<SearchDoc>) -> BoxFuture<'a, Result<(), SearchError>> {
        Box::pin(async move {
            self.configure().await?;
            let filter = format!("tenant = {}", quote(tenant));
            let mut del = DocumentDeletionQuery::new(&self.index);
            del.with_filter(&filter);
            self.index
                .delete_documents_with(&del)
                .await
                .map_err(unavailable)?
                .wait_for_completion(&self.client, None, Some(TASK_TIMEOUT))
                .await
                .map_err(unavailable)?;
            let json: Vec<Value> = docs.iter().map(document).collect();
            for chunk in json.chunks(10_000) {
                self.index
                    .add_or_replace(chunk, Some("id"))
                    .await
                    .map_err(unavailable)?
                    .wait_for_completion(&self.client, None, Some(TASK_TIMEOUT))
                    .await
                    .map_err(unavailable)?;
            }
            Ok(())
        })
    }
}
