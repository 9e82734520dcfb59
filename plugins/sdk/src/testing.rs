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

impl<P: LenderIntegration> Harness<P> {
    /// `lender-integration.quote` (with the SDK's range check of the answer).
    pub fn quote(&self, req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
        bridge::call_quote(&self.plugin, req)
    }

    /// `lender-integration.create-customer`.
    pub fn create_customer(&self, app: &FinanceApplication) -> Result<String, PartnerError> {
        bridge::call_create_customer(&self.plugin, app)
    }
}

impl<P: RegoLookup> Harness<P> {
    /// `rego-lookup.lookup`.
    pub fn lookup(&self, reg: &Registration) -> Result<RegisteredVehicle, PartnerError> {
        bridge::call_lookup(&self.plugin, reg)
    }
}

/// A quote question: credit `GREAT`, $30,000 over 5 years, a 2021 car with VIN
/// `JTDBR32E720123456` and NVIC `ABC123`, no helper, car slug `2021-toyota-corolla-1`.
pub fn quote_request() -> QuoteRequest {
    QuoteRequest {
        self_assessed_credit_score: "GREAT".into(),
        purchase_price: 30_000.0,
        loan_term: 5,
        year: Some(2021),
        vin: Some("JTDBR32E720123456".into()),
        nvic: Some("ABC123".into()),
        who_is_helping: None,
        car_slug: Some("2021-toyota-corolla-1".into()),
    }
}

/// A finance application: lead `4f1c...-0001`, idempotency key `idem-0001`, applicant Jane Citizen
/// (`jane@example.com`, `0412345678`, postcode `4000`, subscribed), credit `GREAT`, $30,000 over
/// 5 years, the car of [`quote_request`] with stock number `STK0001`, and its lead JSON.
pub fn finance_application() -> FinanceApplication {
    FinanceApplication {
        lead_id: "4f1c2d3e-0000-4000-8000-000000000001".into(),
        idempotency_key: "idem-0001".into(),
        applicant: Applicant {
            first_name: "Jane".into(),
            last_name: Some("Citizen".into()),
            email: Some("jane@example.com".into()),
            phone: Some("0412345678".into()),
            post_code: Some("4000".into()),
            subscribe: true,
        },
        self_assessed_credit_score: "GREAT".into(),
        purchase_price: Some(30_000.0),
        loan_term: 5,
        year: Some(2021),
        vin: Some("JTDBR32E720123456".into()),
        nvic: Some("ABC123".into()),
        car_slug: Some("2021-toyota-corolla-1".into()),
        stocknum: Some("STK0001".into()),
        lead_json: r#"{"name":"Jane","last_name":"Citizen","email":"jane@example.com","phone":"0412345678","postcode":"4000","opt_in":true,"lead_id":"4f1c2d3e-0000-4000-8000-000000000001"}"#.into(),
    }
}

/// A registration: `ABC123` in `QLD`.
pub fn registration() -> Registration {
    Registration {
        rego: "ABC123".into(),
        state: "QLD".into(),
    }
}

/// A fake partner for native tests: installs a [`crate::http`] transport on this thread that
/// records every request and answers with `answer`; dropping it removes the transport.
///
/// ```
/// use forecourt_plugin_sdk::http::{self, Request, Response};
/// use forecourt_plugin_sdk::testing::MockHttp;
///
/// let mock = MockHttp::new(|req| Ok(Response::with_json(200, &serde_json::json!({"url": req.url}))));
/// let res = http::send(&Request::get("https://partner.example/x")).unwrap();
/// assert_eq!(res.status, 200);
/// assert_eq!(mock.requests()[0].url, "https://partner.example/x");
/// ```
#[cfg(not(target_arch = "wasm32"))]
pub struct MockHttp {
    requests: std::rc::Rc<std::cell::RefCell<Vec<crate::http::Request>>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl MockHttp {
    /// Install `answer` as this thread's transport.
    pub fn new(answer: impl Fn(&crate::http::Request) -> Result<crate::http::Response, crate::http::HttpError> + 'static) -> Self {
        let requests = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let seen = requests.clone();
        crate::http::set_transport(move |req| {
            seen.borrow_mut().push(req.clone());
            answer(req)
        });
        MockHttp { requests }
    }

    /// Answer every request with a clone of `response`.
    pub fn always(response: crate::http::Response) -> Self {
        MockHttp::new(move |_| Ok(response.clone()))
    }

    /// Answer every request with `error`.
    pub fn failing(error: crate::http::HttpError) -> Self {
        MockHttp::new(move |_| Err(error.clone()))
    }

    /// The requests sent so far, in order.
    pub fn requests(&self) -> Vec<crate::http::Request> {
        self.requests.borrow().clone()
    }

    /// The only request sent (panics unless exactly one was).
    pub fn only_request(&self) -> crate::http::Request {
        let all = self.requests();
        assert_eq!(all.len(), 1, "expected exactly one request, got {all:?}");
        all.into_iter().next().unwrap()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for MockHttp {
    fn drop(&mut self) {
        crate::http::clear_transport();
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
    impl LenderIntegration for Nothing {}
    impl RegoLookup for Nothing {}

    /// A lender whose quote is out of range and whose address is blank.
    struct BadLender;
    impl Plugin for BadLender {
        type Config = ();
        fn new(_: ()) -> Result<Self> {
            Ok(BadLender)
        }
    }
    impl LenderIntegration for BadLender {
        fn quote(&self, req: &QuoteRequest) -> Result<LenderQuote, PartnerError> {
            let body = crate::http::send(&crate::http::Request::get(format!("https://lender.example/q?t={}", req.loan_term)))?;
            Ok(LenderQuote {
                weekly_repayment: Some(-1.0),
                advertised_rate: f64::from(body.status),
                comparison_rate: 9.0,
                lender_name: None,
            })
        }
        fn create_customer(&self, _: &FinanceApplication) -> Result<String, PartnerError> {
            Ok("  ".into())
        }
    }

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
    fn integrations_default_to_not_offered() {
        let h = Harness::<Nothing>::new("").unwrap();
        assert_eq!(h.quote(&quote_request()), Err(PartnerError::NotOffered));
        assert_eq!(h.create_customer(&finance_application()), Err(PartnerError::NotOffered));
        assert_eq!(h.lookup(&registration()), Err(PartnerError::NotOffered));
    }

    #[test]
    fn integration_answers_are_checked_and_http_errors_are_unavailable() {
        let h = Harness::<BadLender>::new("").unwrap();
        {
            let mock = MockHttp::always(crate::http::Response::new(200));
            let e = h.quote(&quote_request()).unwrap_err();
            assert!(matches!(&e, PartnerError::Unavailable(why) if why.contains("out of range")), "{e}");
            assert_eq!(mock.only_request().url, "https://lender.example/q?t=5");
        }
        {
            let _mock = MockHttp::failing(crate::http::HttpError::new("HTTP-request-denied", None));
            assert_eq!(
                h.quote(&quote_request()),
                Err(PartnerError::Unavailable("HTTP-request-denied".into()))
            );
        }
        let e = h.quote(&quote_request()).unwrap_err();
        assert!(
            matches!(&e, PartnerError::Unavailable(why) if why.starts_with("no-transport")),
            "{e}"
        );
        // An empty address is passed on: the host answers the spec's "no redirect URL received".
        assert_eq!(h.create_customer(&finance_application()), Ok("  ".to_string()));
        let lead: serde_json::Value = serde_json::from_str(&finance_application().lead_json).unwrap();
        assert_eq!(lead["lead_id"], "4f1c2d3e-0000-4000-8000-000000000001");
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
