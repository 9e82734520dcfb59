//! [`ExtensionPoint`]: what the host needs to know about one function of an extension point to run
//! it through the one generic path (`PluginHost::run`: batches, fuel, deadline, circuit breaker,
//! fallback to the host default, `decided_by`, metrics).

use crate::{
    plugins::{
        points::{check::Invalid, point::Point},
        runtime::{Call, LoadedComponent},
        since_v0_1_0::TenantContext,
    },
    tenant::Tenant,
};

/// What a host default and an answer check may read: the tenant, the time of the request and
/// what the tenant allows the plugin.
pub struct Env<'a> {
    /// The tenant the answer is for.
    pub tenant: &'a Tenant,
    /// Now, unix seconds.
    pub now: i64,
    /// Hosts the deciding plugin's tag images may come from (its `image_hosts`; empty: the
    /// tenant's own media only).
    pub image_hosts: &'a [String],
}

/// One batched function of an extension point (a point may have more than one, as
/// `finance-lender` has `offers` and `repayments`). Implemented by a unit struct in the point's
/// file; `PluginHost` runs every implementation through the same path.
pub trait ExtensionPoint {
    /// The WIT interface the function belongs to.
    const POINT: Point;
    /// The host's item an answer is about (a stored car, a repayment request, a number, a level).
    type Host;
    /// The item as sent to the plugin (the WIT form of [`ExtensionPoint::Host`]).
    type Item;
    /// The plugin's answer for one item, as the WIT bindings type it (lifted through `lift.rs`,
    /// measured against the output cap before it is copied).
    type Wit;
    /// The plugin's checked opinion about one item.
    type Opinion;
    /// The host's answer for one item (what the API serves).
    type Answer;

    /// Approximate bytes of `item` as passed to the guest (for the input cap).
    fn item_size(item: &Self::Item) -> usize;

    /// Calls the guest once on a batch through [`call_list`](crate::plugins::lift::call_list):
    /// `Ok(Ok(answers))` one per item in order, `Ok(Err(message))` when the plugin declines the
    /// batch, `Err` on a trap, an oversize answer or a wrong count.
    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &TenantContext,
        items: &[Self::Item],
    ) -> wasmtime::Result<Result<Vec<Self::Wit>, String>>;

    /// Checks and converts one answer for the tenant of `env`: `Ok(None)` is no opinion (the
    /// host default), `Err(reason)` an invalid answer (the whole batch is discarded and counted
    /// as a failure).
    fn check(env: &Env<'_>, answer: Self::Wit) -> Result<Option<Self::Opinion>, Invalid>;

    /// The host's own answer for an item (no plugin, no opinion, or a failed plugin).
    fn default_for(env: &Env<'_>, host: &Self::Host, item: &Self::Item) -> Self::Answer;

    /// The answer for an item given the plugin's opinion (if any), and whether the plugin decided
    /// it (`true`: `decided_by` names the plugin). Most points take the opinion whole, else the
    /// default: [`opinion_or_default`].
    fn decide(env: &Env<'_>, host: &Self::Host, item: &Self::Item, opinion: Option<Self::Opinion>) -> (Self::Answer, bool);
}

/// The usual [`ExtensionPoint::decide`]: the plugin's opinion when it has one, else `P`'s default.
pub fn opinion_or_default<P>(env: &Env<'_>, host: &P::Host, item: &P::Item, opinion: Option<P::Answer>) -> (P::Answer, bool)
where
    P: ExtensionPoint + ?Sized,
{
    match opinion {
        Some(v) => (v, true),
        None => (P::default_for(env, host, item), false),
    }
}

/// `v`, or `default` when `v` is blank (a tenant's wording that may be left empty).
pub fn text_or<'a>(v: &'a str, default: &'a str) -> &'a str {
    if v.trim().is_empty() { default } else { v }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::points::check::check_count;

    #[test]
    fn points_are_indexed_in_declaration_order_with_distinct_interfaces() {
        for (i, p) in Point::ALL.iter().enumerate() {
            assert_eq!(p.index(), i, "{p:?}");
        }
        let mut names: Vec<&str> = Point::ALL.iter().map(|p| p.interface()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Point::COUNT);
    }

    #[test]
    fn one_answer_per_input_and_blank_wording_falls_back() {
        assert!(check_count(&[1, 2], 2).is_ok());
        assert_eq!(check_count(&[1], 2).unwrap_err(), "1 answers for 2 inputs");
        assert_eq!(text_or("  ", "Enquire"), "Enquire");
        assert_eq!(text_or("POA", "Enquire"), "POA");
    }
}

/// What a plugin's answers may not show (issue 40's probes): prices of 10 AUD or less (0, -0,
/// placeholders) and texts holding control characters or bidirectional overrides.
#[cfg(test)]
mod answer_checks {
    use crate::plugins::{
        points::{check::max_len, price_display::price_view},
        since_v0_1_0::price_display as wpd,
    };

    #[test]
    fn service_urls_are_https_or_exactly_this_machine() {
        use crate::tenant::is_service_url;
        for ok in ["https://crm.example/leads", "http://127.0.0.1:9000/hook", "http://localhost/x"] {
            assert!(is_service_url(ok), "{ok}");
        }
        for bad in [
            "http://127.0.0.1.evil.example/hook",
            "http://localhost.evil.example/",
            "http://localhost@evil.example/",
            "http://crm.example/leads",
            "ftp://127.0.0.1/",
            "https://",
        ] {
            assert!(!is_service_url(bad), "{bad}");
        }
    }

    #[test]
    fn a_shown_price_is_above_10_and_texts_show_as_written() {
        let car = |price: f64| wpd::PriceView::CarPrice(wpd::CarPriceView { price, price_type: None });
        for p in [0.0, -0.0, 1.0, 10.0] {
            assert!(price_view(car(p)).unwrap_err().contains("not above 10"), "{p}");
        }
        assert!(price_view(car(10.5)).is_ok());
        let now = |now: f64| {
            wpd::PriceView::WasNow(wpd::WasNowView {
                was: 50.0,
                now,
                price_type: None,
            })
        };
        assert!(price_view(now(0.0)).is_err());
        let weekly = wpd::PriceView::Subscription(wpd::SubscriptionView {
            weekly: 0.0,
            suffix: "/wk".into(),
        });
        assert!(price_view(weekly).is_err());
        assert!(max_len("tag", "EV\u{0}", 80).unwrap_err().contains("U+0000"));
        assert!(max_len("tag", "\u{202E}VE", 80).unwrap_err().contains("U+202E"));
        assert!(max_len("tag", "Line\nTwo\tthree", 80).is_ok());
    }
}
