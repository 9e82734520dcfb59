//! How many cars of a whole search result sold-run collapsing hides, so the result count says
//! what the shopper can see (docs/features/shopper-core.md §4 "only the first of a run of
//! consecutive sold cars is kept, unless all are sold"; issue 39: a 5-hit page showed 4 cars under
//! a count of 5).
//!
//! The pages themselves are collapsed by `semantics::collapse_sold_runs_on_page`; this module
//! counts, over the whole ordered result, the sold cars whose predecessor is sold, which are
//! exactly the cars that collapsing leaves off its pages.

use std::collections::HashSet;

use super::{
    backend::{BackendRequest, SearchBackend},
    doc::Filter,
};
use crate::error::Result;

/// The number of items a whole ordered result loses to sold-run collapsing: each sold item whose
/// predecessor is sold, or none when every item is sold (all are kept then). Takes whether each
/// item, in result order, is sold; returns the count hidden.
pub fn hidden_in(sold_in_order: impl IntoIterator<Item = bool>) -> usize {
    let (mut hidden, mut items, mut sold, mut prev) = (0, 0, 0, false);
    for s in sold_in_order {
        items += 1;
        if s {
            sold += 1;
            if prev {
                hidden += 1;
            }
        }
        prev = s;
    }
    if sold == items { 0 } else { hidden }
}

/// How many cars of the whole result of `whole` (a backend request of a shopper's query; its
/// offset, limit and facets are ignored) sold-run collapsing hides over all its pages; `total` is
/// that result's number of matches. Asks the backend for the result's sold cars, and, only when
/// there are two or more of them and not every car is sold, for the whole result's order. Errors:
/// `Unavailable` when the search engine does not answer.
pub async fn hidden_sold(backend: &dyn SearchBackend, whole: &BackendRequest, total: usize) -> Result<usize> {
    if total < 3 {
        // Collapsing needs two sold cars in a row and one unsold car in the result.
        return Ok(0);
    }
    let every = |filter: Filter| BackendRequest {
        filter,
        offset: 0,
        limit: total,
        facets: Vec::new(),
        ..whole.clone()
    };
    let sold = every(Filter::All(vec![whole.filter.clone(), Filter::eq("status", "sold")]));
    let sold = backend.search(&sold).await?;
    if sold.total < 2 || sold.total >= total {
        return Ok(0);
    }
    let sold: HashSet<i64> = sold.ids.into_iter().collect();
    let order = backend.search(&every(whole.filter.clone())).await?;
    Ok(hidden_in(order.ids.iter().map(|id| sold.contains(id))))
}

#[cfg(test)]
mod tests {
    use super::hidden_in;

    #[test]
    fn counts_each_sold_item_after_a_sold_one_unless_all_are_sold() {
        let h = |v: &[u8]| hidden_in(v.iter().map(|x| *x == 0));
        assert_eq!(h(&[]), 0);
        assert_eq!(h(&[1, 2, 3]), 0);
        assert_eq!(h(&[0, 1, 0, 1]), 0);
        assert_eq!(h(&[0, 0, 0, 1]), 2);
        assert_eq!(h(&[1, 0, 0, 1, 0, 0]), 2);
        assert_eq!(h(&[0, 0, 0]), 0);
    }
}
