//! Each plugin's rules as table tests with the specs' numbers, run through the host against the
//! real built components (`plugins/dist`, built by `bash plugins/build.sh`), with the demo tenants'
//! real plugin config; and the host defaults for the same tables (docs/features/platform.md
//! "Plugins and extension points").

mod plugin_support;

use forecourt_host::{
    model::Car,
    plugins::{
        Eligibility, FinanceOffer, Frequency, PluginHost, PriceView, Repayment, RepaymentRequest, StockCondition, TagKind, TermInput,
        TermUnit,
        answers::TypeStatusRule,
        defaults,
        fixtures::{self, DAY, NOW},
    },
    tenant::TenantRegistry,
};
use plugin_support::{demo_plugins_toml, host_with, registry, require, tenant, tenant_with};

const TAGS: &str = "tag-rules-ev@0.1.0";
const LENDER: &str = "lender-standard@0.1.0";
const PHONE: &str = "phone-format-au@0.1.0";
const PRICE: &str = "price-display-subscription@0.1.0";
const ELIG: &str = "eligibility-online-purchase@0.1.0";
const STOCK: &str = "stock-filter-levels@0.1.0";

const DEMOS: [&str; 4] = ["harbourside-mercedes", "southern-cross-motor-group", "drive-depot", "im-motors-au"];

fn demo() -> (tempfile::TempDir, TenantRegistry, PluginHost) {
    require(&plugin_support::REAL);
    let tenants: Vec<(&str, String)> = DEMOS.iter().map(|s| (*s, demo_plugins_toml(s))).collect();
    let (dir, reg) = registry(&tenants);
    let host = host_with(&reg, plugin_support::relaxed());
    (dir, reg, host)
}

fn car(f: impl FnOnce(&mut Car)) -> Car {
    let mut c = fixtures::car(1);
    f(&mut c);
    c
}

fn electric(c: &mut Car) {
    c.fuel = Some("Electric".into());
    c.simple_fuel = Some("electric".into());
}

#[test]
fn every_demo_tenant_loads_its_plugins() {
    let (_d, _reg, host) = demo();
    let names = |slug: &str| -> Vec<String> { host.tenant(slug).unwrap().plugins().iter().map(|p| p.component.id()).collect() };
    assert_eq!(names("harbourside-mercedes"), [TAGS, LENDER, PHONE]);
    assert_eq!(names("southern-cross-motor-group"), [STOCK, TAGS, LENDER, PHONE]);
    assert_eq!(names("drive-depot"), [TAGS, LENDER, PRICE, ELIG, PHONE]);
    assert_eq!(names("im-motors-au"), [TAGS, ELIG, LENDER, PRICE, PHONE]);
}

/// docs/features/shopper-core.md §4 "Card tag priority" and §9 just-arrived window, through `tag-rules-ev`.
#[test]
fn tag_rules_ev_table() {
    let (_d, reg, host) = demo();
    let hs = tenant(&reg, "harbourside-mercedes");
    let dd = tenant(&reg, "drive-depot");
    let im = tenant(&reg, "im-motors-au");
    type Row = (&'static str, Car, Option<(&'static str, TagKind)>);
    let harbourside: Vec<Row> = vec![
        (
            "sold beats everything",
            car(|c| {
                c.status = "sold".into();
                electric(c);
                c.reserved.0 = true
            }),
            Some(("JUST SOLD", TagKind::Sold)),
        ),
        (
            "EV first (ev_tag on)",
            car(|c| {
                electric(c);
                c.reserved.0 = true
            }),
            Some(("EV", TagKind::Ev)),
        ),
        (
            "hybrid",
            car(|c| {
                c.fuel = Some("Plug-in Hybrid".into());
                c.simple_fuel = Some("hybrid".into())
            }),
            Some(("HYBRID", TagKind::Hybrid)),
        ),
        (
            "reserved",
            car(|c| {
                c.reserved.0 = true;
                c.tag = Some("Run-Out Sale".into())
            }),
            Some(("RESERVED", TagKind::Reserved)),
        ),
        (
            "certified used Mercedes-Benz",
            car(|c| {
                c.make = "Mercedes-Benz".into();
                c.certified.0 = true;
                c.tag = Some("Run-Out Sale".into())
            }),
            Some(("Mercedes-Benz Certified Pre-Owned", TagKind::CertifiedPreOwned)),
        ),
        (
            "certified, other make: custom tag",
            car(|c| {
                c.certified.0 = true;
                c.tag = Some("Run-Out Sale".into())
            }),
            Some(("Run-Out Sale", TagKind::Custom)),
        ),
        (
            "coming soon",
            car(|c| c.status = "coming_soon".into()),
            Some(("COMING SOON", TagKind::ComingSoon)),
        ),
        (
            "new, 7 days (window 8)",
            car(|c| {
                c.car_type = "new".into();
                c.created_at = NOW - 7 * DAY
            }),
            Some(("Just Arrived", TagKind::JustArrived)),
        ),
        (
            "new, 9 days",
            car(|c| {
                c.car_type = "new".into();
                c.created_at = NOW - 9 * DAY
            }),
            None,
        ),
        ("used, 1 day: new cars only", car(|c| c.created_at = NOW - DAY), None),
    ];
    let drive_depot: Vec<Row> = vec![
        (
            "sold: tenant's sold_tag_name",
            car(|c| c.status = "sold".into()),
            Some(("SOLD", TagKind::Sold)),
        ),
        (
            "used, 4 days (window 5, used)",
            car(|c| c.created_at = NOW - 4 * DAY),
            Some(("Fresh In", TagKind::JustArrived)),
        ),
        ("used, 6 days", car(|c| c.created_at = NOW - 6 * DAY), None),
        (
            "new, 1 day: used cars only here",
            car(|c| {
                c.car_type = "new".into();
                c.created_at = NOW - DAY
            }),
            None,
        ),
    ];
    let im_rows: Vec<Row> = vec![("EV text from config", car(electric), Some(("100% ELECTRIC", TagKind::Ev)))];
    for (t, rows) in [(hs, harbourside), (dd, drive_depot), (im, im_rows)] {
        let cars: Vec<Car> = rows.iter().map(|r| r.1.clone()).collect();
        let got = host.tags(t, &cars, NOW);
        for ((name, _, want), got) in rows.iter().zip(got) {
            assert_eq!(got.decided_by, TAGS, "{}: {name}", t.slug());
            assert_eq!(got.value.as_ref().map(|g| (g.text.as_str(), g.kind)), *want, "{}: {name}", t.slug());
        }
    }
    let cpo = host.tags(
        hs,
        &[car(|c| {
            c.make = "Mercedes-Benz".into();
            c.certified.0 = true
        })],
        NOW,
    );
    assert_eq!(
        cpo[0].value.as_ref().unwrap().image_url.as_deref(),
        Some("/img/badges/certified-pre-owned.png")
    );
}

/// docs/features/shopper-core.md §4 "Price display", §5 "Price is shown only if greater than 10", through
/// `price-display-subscription`.
#[test]
fn price_display_subscription_table() {
    let (_d, reg, host) = demo();
    let dd = tenant(&reg, "drive-depot");
    let im = tenant(&reg, "im-motors-au");
    let rows: Vec<(&str, &forecourt_host::tenant::Tenant, Car, PriceView)> = vec![
        (
            "subscription first",
            dd,
            car(|c| {
                c.subscription_price = Some(199.0);
                c.before_price = Some(30_000.0)
            }),
            PriceView::Subscription {
                weekly: 199.0,
                suffix: "/wk".into(),
            },
        ),
        (
            "was/now",
            dd,
            car(|c| c.before_price = Some(27_990.0)),
            PriceView::WasNow {
                was: 27_990.0,
                now: 24_990.0,
                price_type: Some("Drive Away".into()),
            },
        ),
        (
            "price",
            dd,
            car(|_| {}),
            PriceView::CarPrice {
                price: 24_990.0,
                price_type: Some("Drive Away".into()),
            },
        ),
        (
            "price 10 is not shown",
            dd,
            car(|c| c.price = 10.0),
            PriceView::NoPrice {
                text: "Price on application".into(),
            },
        ),
        (
            "pre-order text from config",
            im,
            car(|c| {
                c.price = 0.0;
                c.preorder.0 = true
            }),
            PriceView::Preorder { text: "PRE-ORDER".into() },
        ),
        (
            "a pre-order car with a price shows the pre-order text",
            im,
            car(|c| {
                c.price = 60_000.0;
                c.preorder.0 = true
            }),
            PriceView::Preorder { text: "PRE-ORDER".into() },
        ),
        (
            "no price: tenant wording",
            im,
            car(|c| c.price = 0.0),
            PriceView::NoPrice {
                text: "Enquire for price".into(),
            },
        ),
    ];
    for (name, t, c, want) in rows {
        let got = host.price_views(t, &[c], NOW).pop().unwrap();
        assert_eq!((got.value, got.decided_by.as_str()), (want, PRICE), "{name}");
    }
}

/// docs/features/shopper-core.md §5 reserve / compare; docs/features/locations-forms-marketing.md
/// §4 online purchase by make and condition; docs/features/locations-forms-marketing.md §5
/// Autograb, through `eligibility-online-purchase`.
#[test]
fn eligibility_online_purchase_table() {
    let (_d, reg, host) = demo();
    let dd = tenant(&reg, "drive-depot");
    let im = tenant(&reg, "im-motors-au");
    let e = |reserve, online_purchase, trade_in, history_report, compare_favourite, autograb_report, test_drive_only| Eligibility {
        reserve,
        online_purchase,
        trade_in,
        history_report,
        compare_favourite,
        autograb_report,
        test_drive_only,
    };
    let rows: Vec<(&str, &forecourt_host::tenant::Tenant, Car, Eligibility)> = vec![
        (
            "used in stock: buy online, compare, autograb",
            dd,
            car(|_| {}),
            e(true, true, true, false, true, true, false),
        ),
        (
            "test drive only: no reserve, no buy",
            dd,
            car(|c| {
                c.tag = Some("Test Drive Only".into());
                c.file = Some("/r.pdf".into())
            }),
            e(false, false, true, true, true, true, true),
        ),
        (
            "no image: no compare",
            dd,
            car(|c| c.image_urls.0.clear()),
            e(true, true, true, false, false, true, false),
        ),
        (
            "reserved: no second reservation, no autograb, no online purchase",
            dd,
            car(|c| c.reserved.0 = true),
            e(false, false, true, false, true, false, false),
        ),
        (
            "sold: nothing",
            dd,
            car(|c| c.status = "sold".into()),
            e(false, false, false, false, false, false, false),
        ),
        (
            "IM new car: online purchase by make",
            im,
            car(|c| {
                c.make = "IM".into();
                c.car_type = "new".into()
            }),
            e(true, true, true, false, true, false, false),
        ),
        (
            "IM tenant, other make used: not online",
            im,
            car(|_| {}),
            e(true, false, true, false, true, false, false),
        ),
    ];
    for (name, t, c, want) in rows {
        let got = host.eligibility(t, &[c], NOW).pop().unwrap();
        assert_eq!((got.value, got.decided_by.as_str()), (want, ELIG), "{name}");
    }
}

/// docs/features/shopper-core.md §9 phones per car type, +61 to 0, 2-4-4 grouping, through `phone-format-au`.
#[test]
fn phone_format_au_table() {
    let (_d, reg, host) = demo();
    let hs = tenant(&reg, "harbourside-mercedes");
    let im = tenant(&reg, "im-motors-au");
    let types = ["new", "used", "demo"].map(|t| car(|c| c.car_type = t.into()));
    let got = host.car_phones(hs, &types, NOW);
    let shown: Vec<(String, String, String, String)> = got
        .into_iter()
        .map(|d| {
            let p = d.value.unwrap();
            (p.display, p.dial, p.masked, d.decided_by)
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("02 5550 0101", "+61255500101", "02 5550 XXXX", PHONE),
            ("02 5550 0102", "+61255500102", "02 5550 XXXX", PHONE),
            ("02 5550 0103", "+61255500103", "02 5550 XXXX", PHONE),
        ]
        .map(|(a, b, c, d)| (a.to_string(), b.to_string(), c.to_string(), d.to_string()))
    );
    // IM has no used number and no default: the plugin has no opinion, the host picks the
    // tenant's primary sales location number.
    let used = host.car_phones(im, &[car(|_| {})], NOW).pop().unwrap();
    assert_eq!(
        (used.value.unwrap().display.as_str(), used.decided_by.as_str()),
        ("07 5550 0999", "host")
    );
    let formatted = host.format_numbers(
        hs,
        &[
            "+61 7 5550 0700".into(),
            "1300 555 070".into(),
            "13 22 33".into(),
            "5550 0700".into(),
        ],
        NOW,
    );
    let displays: Vec<(&str, &str)> = formatted
        .iter()
        .map(|d| (d.value.display.as_str(), d.decided_by.as_str()))
        .collect();
    assert_eq!(
        displays,
        [
            ("07 5550 0700", PHONE),
            ("1300 555 070", PHONE),
            ("13 22 33", PHONE),
            ("5550 0700", "host")
        ]
    );
}

fn offer(host: &PluginHost, t: &forecourt_host::tenant::Tenant, c: Car) -> (Option<FinanceOffer>, String) {
    let d = host.finance_offers(t, &[c], NOW).pop().unwrap();
    (d.value, d.decided_by)
}

/// docs/features/shopper-core.md §5 calculator limits and §9 finance constants, through `lender-standard` with
/// each demo tenant's config.
#[test]
fn lender_standard_limits_table() {
    let (_d, reg, host) = demo();
    let hs = tenant(&reg, "harbourside-mercedes");
    let sc = tenant(&reg, "southern-cross-motor-group");
    let dd = tenant(&reg, "drive-depot");
    let im = tenant(&reg, "im-motors-au");

    // Harbourside: 5000-100000 step 500; 1.05 x price above 100000 (floored to 500); 5.99-15.99
    // default 8.5; establishment fee 1360.50; widget needs a comparison rate, year within 12.
    let (o, by) = offer(&host, hs, car(|c| c.price = 126_000.0));
    let o = o.unwrap();
    assert_eq!(by, LENDER);
    let c = &o.calculator;
    assert_eq!(c.lender_name.as_deref(), Some("Harbourside Finance"));
    assert_eq!((c.amount.min, c.amount.max, c.amount.step), (5000.0, 132_000.0, 500.0));
    let i = c.interest.unwrap();
    assert_eq!((i.min, i.max, i.step, c.default_interest), (5.99, 15.99, 0.5, 8.5));
    assert_eq!(c.establishment_fee, 1360.50);
    assert_eq!(c.default_amount, 30_000.0);
    assert_eq!(
        c.term,
        TermInput::Range {
            min: 1.0,
            max: 7.0,
            step: 0.5
        }
    );
    assert_eq!(c.default_term_years, 6.0);
    assert!(!o.show_widget, "no lender data: no widget");
    let quoted = |c: &mut Car| {
        c.youx_quote.0 = Some(serde_json::json!({"weeklyRepaymentAmount": 150.0, "advertisedRate": 8.99, "comparisonRate": 9.45}))
    };
    assert!(
        offer(&host, hs, car(quoted)).0.unwrap().show_widget,
        "rate and comparison rate: widget"
    );
    assert!(
        !offer(
            &host,
            hs,
            car(|c| {
                quoted(c);
                c.year = 2010
            })
        )
        .0
        .unwrap()
        .show_widget,
        "older than 12 years: no widget"
    );
    assert!(
        !offer(
            &host,
            hs,
            car(|c| {
                quoted(c);
                c.price = 500.0
            })
        )
        .0
        .unwrap()
        .show_widget,
        "price 500 or less: no widget"
    );
    assert_eq!(
        offer(&host, hs, car(|c| c.status = "sold".into())),
        (None, LENDER.to_string()),
        "sold: no finance"
    );

    // Southern Cross: 1000-250000, 9.95-19.95 default 12.94, fee 1300, term 1-7 step 0.5 default 5.
    let c = offer(&host, sc, car(|_| {})).0.unwrap().calculator;
    assert_eq!((c.amount.min, c.amount.max), (1000.0, 250_000.0));
    let i = c.interest.unwrap();
    assert_eq!((i.min, i.max, c.default_interest), (9.95, 19.95, 12.94));
    assert_eq!((c.establishment_fee, c.default_term_years), (1300.0, 5.0));

    // Drive Depot: the car's price as default amount; a term list shown in months, default index 4
    // (5 years); 4-20 default 9.95.
    let c = offer(&host, dd, car(|_| {})).0.unwrap().calculator;
    assert_eq!(c.default_amount, 24_990.0);
    assert_eq!(
        c.term,
        TermInput::Choices {
            years: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
            display: TermUnit::Months,
            default_index: 4
        }
    );
    assert_eq!((c.default_term_years, c.default_interest), (5.0, 9.95));

    // IM: 7.5-14.5 default 8.5, term step 1 default 5, weekly and monthly only.
    let c = offer(&host, im, car(|_| {})).0.unwrap().calculator;
    let i = c.interest.unwrap();
    assert_eq!((i.min, i.max, c.default_interest), (7.5, 14.5, 8.5));
    assert_eq!(
        c.term,
        TermInput::Range {
            min: 1.0,
            max: 7.0,
            step: 1.0
        }
    );
    assert_eq!(c.frequencies, [Frequency::Week, Frequency::Month]);
}

fn req(amount: f64, deposit: f64, years: f64, interest: f64, residual: f64, frequency: Frequency, fee: f64) -> RepaymentRequest {
    RepaymentRequest {
        amount,
        deposit,
        term_years: years,
        interest,
        residual,
        frequency,
        establishment_fee: fee,
        advertised_repayment: None,
    }
}

fn fig(per_period: f64, total: f64) -> Repayment {
    Repayment::Figure { per_period, total }
}

fn enquire() -> Repayment {
    Repayment::Enquire {
        text: "Enquire for Finance".into(),
    }
}

/// docs/features/shopper-core.md §9 standard amortisation (principal = amount - deposit + fee, rate = annual /
/// frequency, residual discounted, rounded up; 25 or less: Enquire for Finance) through the real
/// lender and through the host default: both give the same figures.
#[test]
fn repayment_maths_table_plugin_and_host_agree() {
    let (_d, reg, host) = demo();
    use Frequency::*;
    let table = [
        (req(30000.0, 0.0, 5.0, 10.0, 0.0, Week, 0.0), fig(147.0, 38220.0)),
        (req(30000.0, 0.0, 5.0, 10.0, 0.0, Fortnight, 0.0), fig(294.0, 38220.0)),
        (req(30000.0, 0.0, 5.0, 10.0, 0.0, Month, 0.0), fig(638.0, 38280.0)),
        (req(30000.0, 3000.0, 5.0, 9.95, 0.0, Week, 1300.0), fig(139.0, 36140.0)),
        (req(45000.0, 5000.0, 4.5, 12.94, 10000.0, Month, 1360.5), fig(878.0, 57412.0)),
        (req(30000.0, 0.0, 5.0, 0.0, 0.0, Week, 0.0), fig(116.0, 30160.0)),
        (req(100000.0, 0.0, 7.0, 4.0, 30000.0, Week, 0.0), fig(244.0, 118816.0)),
        (req(1000.0, 0.0, 7.0, 1.0, 0.0, Week, 0.0), enquire()),
        (req(5000.0, 6000.0, 5.0, 10.0, 0.0, Week, 0.0), enquire()),
    ];
    let requests: Vec<RepaymentRequest> = table.iter().map(|r| r.0).collect();
    let via_plugin = host.repayments(tenant(&reg, "southern-cross-motor-group"), &requests, NOW);
    for ((request, want), got) in table.iter().zip(&via_plugin) {
        assert_eq!((&got.value, got.decided_by.as_str()), (want, LENDER), "{request:?}");
        assert_eq!(&defaults::repayment(request), want, "host default: {request:?}");
    }
    // Drive Depot's lender rounds down below its advertised repayment (docs/features/shopper-core.md §9).
    let mut r = req(30000.0, 0.0, 5.0, 10.0, 0.0, Week, 0.0);
    r.advertised_repayment = Some(150.0);
    let got = host.repayments(tenant(&reg, "drive-depot"), &[r], NOW).pop().unwrap();
    assert_eq!(got.value, fig(146.0, 37960.0));
}

/// docs/features/shopper-core.md §5 stock filter levels through `stock-filter-levels` (Southern Cross level 4).
#[test]
fn stock_filter_levels_conditions() {
    let (_d, reg, host) = demo();
    let sc = tenant(&reg, "southern-cross-motor-group");
    assert_eq!(sc.config.stock.filter_level, 4);
    let got = host.stock_conditions(sc, sc.config.stock.filter_level);
    assert_eq!(got.decided_by, STOCK);
    assert_eq!(
        got.value,
        [
            StockCondition::HideItemTypes(vec!["caravan".into()]),
            StockCondition::TypeStatusAny(vec![
                TypeStatusRule {
                    car_types: vec!["new".into()],
                    statuses: vec![]
                },
                TypeStatusRule {
                    car_types: vec!["used".into(), "demo".into()],
                    statuses: vec!["in_stock".into()]
                },
            ]),
        ]
    );
    assert_eq!(host.stock_conditions(sc, 0).value, []);
    // A level the config does not define is declined by the plugin: no extra condition.
    let seven = host.stock_conditions(sc, 7);
    assert_eq!((seven.value.len(), seven.decided_by.as_str()), (0, "host"));
    // No stock-filter plugin: the host adds nothing.
    let hs = host.stock_conditions(tenant(&reg, "harbourside-mercedes"), 0);
    assert_eq!((hs.value.len(), hs.decided_by.as_str()), (0, "host"));
}

/// The same car differs on two tenants in tag, price view, phone and finance limits, and the
/// answers say which plugin decided.
#[test]
fn same_car_differs_between_tenants() {
    let (_d, reg, host) = demo();
    let the_car = car(|c| {
        c.make = "Mercedes-Benz".into();
        c.certified.0 = true;
        c.subscription_price = Some(219.0);
        c.price = 126_000.0;
    });
    let hs = host
        .present(tenant(&reg, "harbourside-mercedes"), std::slice::from_ref(&the_car), NOW)
        .pop()
        .unwrap();
    let dd = host
        .present(tenant(&reg, "drive-depot"), std::slice::from_ref(&the_car), NOW)
        .pop()
        .unwrap();
    assert_eq!(hs.tag.as_ref().unwrap().kind, TagKind::CertifiedPreOwned);
    assert_eq!(dd.tag, None);
    assert_eq!(
        hs.price_view,
        PriceView::Subscription {
            weekly: 219.0,
            suffix: "/wk".into()
        }
    );
    assert_eq!(
        (hs.decided_by.price_view.as_str(), dd.decided_by.price_view.as_str()),
        ("host", PRICE)
    );
    assert_eq!(hs.phone.as_ref().unwrap().display, "02 5550 0102");
    assert_eq!(dd.phone.as_ref().unwrap().display, "07 5550 0700");
    let (hf, df) = (hs.finance.unwrap().calculator, dd.finance.unwrap().calculator);
    assert_eq!((hf.amount.min, hf.amount.max), (5000.0, 132_000.0));
    assert_eq!((df.amount.min, df.amount.max), (1000.0, 250_000.0));
    assert_eq!(
        (
            hs.decided_by.tag.as_str(),
            hs.decided_by.finance.as_str(),
            hs.decided_by.phone.as_str()
        ),
        (TAGS, LENDER, PHONE)
    );
    assert_eq!(
        (hs.decided_by.eligibility.as_str(), dd.decided_by.eligibility.as_str()),
        ("host", ELIG)
    );
}

/// Host defaults (docs/features/platform.md "Plugins and extension points") for a tenant with no plugins: the specs'
/// rules.
#[test]
fn host_defaults_table() {
    let (_d, reg) = registry(&[(
        "plain",
        tenant_with(
            "plain",
            "[features]\nev_tag = true\ngarage_enabled = true\n[finance]\nprovider = \"generic\"\ndefault_interest = 8.5\n[phones]\nused = \"+61 7 5550 0700\"\n",
        ),
    )]);
    let host = PluginHost::disabled();
    let t = tenant(&reg, "plain");
    let page = fixtures::page();
    let p = host.present(t, &page, NOW);
    assert!(p.iter().all(|c| c.decided_by.tag == "host" && c.decided_by.finance == "host"));
    let kinds: Vec<Option<TagKind>> = p.iter().take(7).map(|c| c.tag.as_ref().map(|t| t.kind)).collect();
    assert_eq!(
        kinds,
        [
            Some(TagKind::Ev),
            Some(TagKind::Hybrid),
            Some(TagKind::Sold),
            None,
            Some(TagKind::Custom),
            Some(TagKind::ComingSoon),
            Some(TagKind::Custom)
        ]
    );
    assert_eq!(p[2].tag.as_ref().unwrap().text, "JUST SOLD");
    assert_eq!(
        p[1].price_view,
        PriceView::WasNow {
            was: 27_990.0,
            now: 24_990.0,
            price_type: Some("Drive Away".into())
        }
    );
    assert_eq!(
        p[4].price_view,
        PriceView::Subscription {
            weekly: 199.0,
            suffix: "/wk".into()
        }
    );
    assert_eq!(p[5].price_view, PriceView::Preorder { text: "PREORDER".into() });
    let used = p[1].phone.as_ref().unwrap();
    assert_eq!(
        (used.display.as_str(), used.dial.as_str(), used.masked.as_str()),
        ("07 5550 0700", "+61755500700", "07 5550 XXXX")
    );
    assert_eq!(
        p[0].phone.as_ref().unwrap().display,
        "07 5550 0999",
        "new: no [phones] entry, the sales location's"
    );
    // Eligibility: reserve not for test-drive-only; history report needs a file; availability.
    assert!(!p[4].eligibility.reserve && p[4].eligibility.test_drive_only);
    assert!(p[3].eligibility.history_report && !p[1].eligibility.history_report);
    assert!(!p[2].eligibility.reserve && !p[2].eligibility.compare_favourite, "sold");
    assert!(p[5].eligibility.reserve, "coming soon is available");
    // Finance: 1000-100000 step 500, 1-7 years default 6, interest default from the tenant.
    let f = p[1].finance.as_ref().unwrap();
    assert_eq!(
        (f.calculator.amount.min, f.calculator.amount.max, f.calculator.amount.step),
        (1000.0, 100_000.0, 500.0)
    );
    assert_eq!((f.calculator.default_term_years, f.calculator.default_interest), (6.0, 8.5));
    assert!(p[5].finance.is_none(), "no price: no calculator");
    assert!(p[3].finance.as_ref().unwrap().show_widget, "lender rate held: widget");
    // Just arrived: new cars within 8 days.
    let fresh = defaults::tag_for(
        &t.config,
        &car(|c| {
            c.car_type = "new".into();
            c.created_at = NOW - 8 * DAY
        }),
        NOW,
    );
    assert_eq!(
        fresh.map(|t| (t.text, t.kind)),
        Some(("Just Arrived".to_string(), TagKind::JustArrived))
    );
    assert_eq!(
        defaults::tag_for(
            &t.config,
            &car(|c| {
                c.car_type = "new".into();
                c.created_at = NOW - 9 * DAY
            }),
            NOW
        ),
        None
    );
    assert_eq!(host.stock_conditions(t, 3).value, []);
}
