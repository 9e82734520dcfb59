//! Native test helpers: build contexts and cars, and run a plugin through the same path the
//! component uses (config JSON -> `init` -> batch call -> one-answer-per-input check) with plain
//! `cargo test`, no wasm needed.
//!
//! ```ignore
//! use forecourt_plugin_sdk::testing::{self, Harness};
//!
//! let h = Harness::<MyPlugin>::new(r#"{"text": "ON SALE"}"#).unwrap();
//! let car = Car { before_price: Some(30000.0), price: 28000.0, ..testing::car() };
//! let answers = h.tags(&testing::ctx(), &[car]).unwrap();
//! assert!(matches!(&answers[0], TagAnswer::Show(tag) if tag.text == "ON SALE"));
//! ```

use crate::bridge::{self, Described, PluginInfo};
use crate::prelude::*;

/// A fixed "now" for tests: 2026-11-01T00:00:00Z, unix seconds.
pub const NOW: u64 = 1_793_491_200;

/// Seconds in a day.
pub const DAY: u64 = 86_400;

/// A tenant context with the spec's defaults: slug `test-tenant`, template `classic`, no
/// manufacturer, no flags, `now` = [`NOW`], just-arrived 8 days `Just Arrived`, sold tag
/// `JUST SOLD`, no-price text `Enquire for price`, finance provider `generic` at 8.5 %.
pub fn ctx() -> TenantContext {
    TenantContext {
        slug: "test-tenant".into(),
        template: "classic".into(),
        manufacturer: None,
        features: Vec::new(),
        now: NOW,
        just_arrived_days: 8,
        just_arrived_tag_name: "Just Arrived".into(),
        sold_tag_name: "JUST SOLD".into(),
        no_price_text: "Enquire for price".into(),
        finance_provider: Some("generic".into()),
        default_interest: Some(8.5),
    }
}

/// [`ctx`] with feature flags set (`&[("ev_tag", true)]`).
pub fn ctx_with_flags(flags: &[(&str, bool)]) -> TenantContext {
    let mut c = ctx();
    c.features = flags
        .iter()
        .map(|(n, e)| FeatureFlag {
            name: n.to_string(),
            enabled: *e,
        })
        .collect();
    c.features.sort_by(|a, b| a.name.cmp(&b.name));
    c
}

/// A plain used car: id 1, `2021 Toyota Corolla`, petrol, in stock, $25,000, 42,000 km,
/// 12 images, listed 30 days before [`NOW`], not reserved, not certified, no tag, no file.
/// Change fields with struct update syntax: `Car { price: 0.0, ..testing::car() }`.
pub fn car() -> Car {
    Car {
        id: 1,
        slug: "2021-toyota-corolla-1".into(),
        stocknum: "STK0001".into(),
        make: "Toyota".into(),
        model: "Corolla".into(),
        badge: Some("Ascent Sport".into()),
        year: 2021,
        car_type: CarType::Used,
        status: CarStatus::InStock,
        price: 25_000.0,
        before_price: None,
        offer_price: None,
        subscription_price: None,
        price_type: Some("Drive Away".into()),
        preorder: false,
        km: Some(42_000),
        simple_fuel: Some("petrol".into()),
        fuel: Some("Petrol".into()),
        simple_body: Some("hatch".into()),
        tag: None,
        reserved: false,
        certified: false,
        item_type: None,
        file: None,
        image_count: 12,
        created_at: NOW - 30 * DAY,
        sold_at: None,
        dealership_slug: "test-dealership".into(),
        location_id: Some(1),
        quote: None,
    }
}

/// `n` copies of [`car`] with ids 1..=n and distinct stock numbers and slugs.
pub fn cars(n: usize) -> Vec<Car> {
    (1..=n)
        .map(|i| Car {
            id: i as i64,
            stocknum: format!("STK{i:04}"),
            slug: format!("2021-toyota-corolla-{i}"),
            ..car()
        })
        .collect()
}

/// A plugin instance built exactly as `plugin.init` builds it, with the component's batch calls
/// (including the one-answer-per-input check) available as methods.
pub struct Harness<P> {
    plugin: P,
}

impl<P: Plugin> Harness<P> {
    /// Parse `config_json` (the tenant's config as JSON; `""` or `{}` for none) and build the
    /// plugin, as `plugin.init` does. `Err` is the message the host would log.
    pub fn new(config_json: &str) -> Result<Self> {
        bridge::build::<P>(config_json).map(|plugin| Harness { plugin })
    }

    /// The plugin instance.
    pub fn plugin(&self) -> &P {
        &self.plugin
    }
}

impl<P: Described> Harness<P> {
    /// What `plugin.info` answers.
    pub fn info(&self) -> PluginInfo {
        bridge::info::<P>()
    }
}

impl<P: StockFilter> Harness<P> {
    /// `stock-filter.conditions`.
    pub fn conditions(&self, ctx: &TenantContext, level: u8) -> Result<Vec<Condition>> {
        self.plugin.conditions(ctx, level)
    }
}

impl<P: TagRules> Harness<P> {
    /// `tag-rules.tags`.
    pub fn tags(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<TagAnswer>> {
        bridge::call_tags(&self.plugin, ctx, cars)
    }
}

impl<P: FinanceLender> Harness<P> {
    /// `finance-lender.offers`.
    pub fn offers(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<FinanceOffer>>> {
        bridge::call_offers(&self.plugin, ctx, cars)
    }

    /// `finance-lender.repayments`.
    pub fn repayments(&self, ctx: &TenantContext, requests: &[RepaymentRequest]) -> Result<Vec<Repayment>> {
        bridge::call_repayments(&self.plugin, ctx, requests)
    }
}

impl<P: Eligibility> Harness<P> {
    /// `eligibility.evaluate`.
    pub fn evaluate(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<CarEligibility>> {
        bridge::call_evaluate(&self.plugin, ctx, cars)
    }
}

impl<P: PriceDisplay> Harness<P> {
    /// `price-display.views`.
    pub fn views(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<PriceView>>> {
        bridge::call_views(&self.plugin, ctx, cars)
    }
}

impl<P: PhoneFormat> Harness<P> {
    /// `phone-format.car-phones`.
    pub fn car_phones(&self, ctx: &TenantContext, cars: &[Car]) -> Result<Vec<Option<PhoneNumber>>> {
        bridge::call_car_phones(&self.plugin, ctx, cars)
    }

    /// `phone-format.format-numbers`.
    pub fn format_numbers(&self, ctx: &TenantContext, numbers: &[&str]) -> Result<Vec<Option<PhoneNumber>>> {
        let numbers: Vec<String> = numbers.iter().map(|s| s.to_string()).collect();
        bridge::call_format_numbers(&self.plugin, ctx, &numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plugin that implements nothing but set-up: every point method declines.
    struct Nothing;
    impl Plugin for Nothing {
        type Config = ();
        fn new(_: ()) -> Result<Self> {
            Ok(Nothing)
        }
    }
    impl TagRules for Nothing {}
    impl FinanceLender for Nothing {}
    impl Eligibility for Nothing {}
    impl PriceDisplay for Nothing {}
    impl PhoneFormat for Nothing {}
    impl StockFilter for Nothing {}

    /// A plugin whose batch answer has the wrong length.
    struct Short;
    impl Plugin for Short {
        type Config = ();
        fn new(_: ()) -> Result<Self> {
            Ok(Short)
        }
    }
    impl TagRules for Short {
        fn tags(&self, _: &TenantContext, cars: &[Car]) -> Result<Vec<TagAnswer>> {
            Ok(vec![TagAnswer::NoTag; cars.len().saturating_sub(1)])
        }
    }

    #[test]
    fn defaults_have_no_opinion_so_the_host_uses_its_own_behaviour() {
        let h = Harness::<Nothing>::new("").unwrap();
        let c = ctx();
        let cars = cars(3);
        assert_eq!(h.tags(&c, &cars).unwrap(), vec![TagAnswer::HostDefault; 3]);
        assert_eq!(h.offers(&c, &cars).unwrap(), vec![None; 3]);
        assert_eq!(h.evaluate(&c, &cars).unwrap(), vec![CarEligibility::host_default(); 3]);
        assert_eq!(h.views(&c, &cars).unwrap(), vec![None; 3]);
        assert_eq!(h.car_phones(&c, &cars).unwrap(), vec![None; 3]);
        assert_eq!(h.format_numbers(&c, &["07 5550 0700"]).unwrap(), vec![None]);
        assert_eq!(h.conditions(&c, 0).unwrap(), vec![]);
        assert_eq!(h.tags(&c, &[]).unwrap(), vec![]);
    }

    #[test]
    fn default_repayment_is_the_standard_maths() {
        let h = Harness::<Nothing>::new("{}").unwrap();
        let r = RepaymentRequest {
            amount: 30000.0,
            deposit: 0.0,
            term_years: 5.0,
            interest: 10.0,
            residual: 0.0,
            frequency: Frequency::Week,
            establishment_fee: 0.0,
            advertised_repayment: None,
        };
        assert_eq!(
            h.repayments(&ctx(), &[r]).unwrap(),
            vec![Repayment::Figure(RepaymentFigure {
                per_period: 147.0,
                total: 38220.0
            })]
        );
    }

    #[test]
    fn wrong_answer_count_is_an_error() {
        let h = Harness::<Short>::new("").unwrap();
        let e = h.tags(&ctx(), &cars(4)).unwrap_err();
        assert_eq!(e, "tag-rules.tags: 3 answers for 4 inputs (must be one per input, in order)");
    }

    #[test]
    fn car_and_context_helpers() {
        let c = ctx_with_flags(&[("ev_tag", true), ("b", false)]);
        assert!(c.flag("ev_tag"));
        assert!(!c.flag("b"));
        assert_eq!(c.flag_opt("missing"), None);
        let mut c2 = ctx();
        c2.manufacturer = Some("mercedes-benz".into());
        assert!(c2.is_manufacturer("Mercedes-Benz"));

        let ev = Car {
            simple_fuel: Some("electric".into()),
            fuel: Some("Electric".into()),
            ..car()
        };
        let phev = Car {
            simple_fuel: Some("hybrid".into()),
            fuel: Some("Plug-in Hybrid Electric".into()),
            ..car()
        };
        assert!(ev.is_electric() && !ev.is_hybrid());
        assert!(phev.is_hybrid() && !phev.is_electric());
        assert!(!car().is_electric() && !car().is_hybrid());
        let tdo = Car {
            tag: Some(" test drive ONLY ".into()),
            ..car()
        };
        assert!(tdo.is_test_drive_only());
        assert_eq!(
            Car {
                tag: Some("  ".into()),
                ..car()
            }
            .custom_tag(),
            None
        );
        assert!(car().make_is("toyota"));
        assert!(
            Car {
                status: CarStatus::ComingSoon,
                ..car()
            }
            .is_available()
        );
        assert!(
            !Car {
                status: CarStatus::Sold,
                ..car()
            }
            .is_available()
        );
        assert_eq!(car().listed_for(NOW), 30 * DAY);
        assert_eq!(CarStatus::parse("Coming Soon"), CarStatus::ComingSoon);
        assert_eq!(CarStatus::parse("on-hold"), CarStatus::Other("on_hold".into()));
        assert_eq!(CarType::parse(" Demo"), Some(CarType::Demo));
        assert_eq!(cars(3)[2].stocknum, "STK0003");
    }
}
