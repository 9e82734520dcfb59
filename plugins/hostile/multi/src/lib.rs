//! Hostile test plugin: exports every extension point; what each point does comes from the
//! tenant's config, so one component covers the host's budget, breaker and answer-check cases
//! (host/tests/plugins_sandbox.rs):
//!
//! ```toml
//! config = { mode = { tag-rules = "spin" }, spin = 50000000, init_spin = 0, bytes = 1024 }
//! ```
//!
//! `mode.<point>` (default `good`) is one of:
//! - `good`: a sane answer, decided by the plugin (tag `MULTI`, the car's price, a masked phone,
//!   `compare-favourite` on, a figure repayment, no stock conditions);
//! - `spin`: burns `spin` loop iterations (a fuel cost), then answers as `good`;
//! - `loop`: never returns;
//! - `panic`: traps;
//! - `invalid`: a wrong value (a 1e300 price, an image on another host, a "masked" phone that is
//!   the full number, a NaN repayment, a NaN minimum price, one answer too few for eligibility);
//! - `text`: every string of the answer is `bytes` long (near and over the output cap);
//! - `alias`: every string of every answer points at one buffer of `bytes` bytes in guest memory
//!   (N strings, one allocation): the host must measure before it copies.
//!
//! `init_spin` burns that many iterations in `plugin.init` (a slow init, paid on every call).
//! `init_fill` (bytes) allocates and fills that much memory in `plugin.init` and keeps it (bulk
//! memory work that fuel barely counts, paid on every call: the host refuses it at load).
//! `max_cars` (default: none) applies the modes only to batches of more than that many items;
//! smaller batches get `good` answers (a point that fails on full pages only).

wit_bindgen::generate!({
    path: "../../../wit/since_v0.1.0",
    world: "tenant-plugin",
});

use std::cell::RefCell;

use exports::forecourt::platform::{
    eligibility::{self, CarEligibility},
    finance_lender::{self, FinanceOffer, Repayment, RepaymentFigure, RepaymentRequest},
    phone_format::{self, PhoneNumber},
    plugin::{self, PluginInfo},
    price_display::{self, CarPriceView, PriceView},
    stock_filter::{self, Condition},
    tag_rules::{self, Car, Tag, TagAnswer, TagKind, TenantContext},
};

struct Hostile;

#[derive(Default)]
struct Config {
    modes: Vec<(String, String)>,
    spin: u64,
    init_spin: u64,
    bytes: usize,
    max_items: Option<usize>,
}

thread_local! {
    static ITEMS: RefCell<usize> = const { RefCell::new(0) };
}

thread_local! {
    static CONFIG: RefCell<Config> = RefCell::new(Config::default());
}

thread_local! {
    /// What `init_fill` allocated, kept for the instance's life.
    static KEPT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn mode(point: &str) -> String {
    let items = ITEMS.with(|n| *n.borrow());
    CONFIG.with(|c| {
        let c = c.borrow();
        if c.max_items.is_some_and(|max| items <= max) {
            return "good".to_string();
        }
        c.modes
            .iter()
            .find(|(p, _)| p == point)
            .map_or_else(|| "good".to_string(), |(_, m)| m.clone())
    })
}

fn bytes() -> usize {
    CONFIG.with(|c| c.borrow().bytes.max(1))
}

fn burn(n: u64) {
    let mut i: u64 = 0;
    while i < n {
        i = core::hint::black_box(i + 1);
    }
}

/// What a point does before answering a batch of `items`; `Some(kind)` when the answer itself
/// misbehaves.
fn act(point: &str, items: usize) -> Option<String> {
    ITEMS.with(|n| *n.borrow_mut() = items);
    let m = mode(point);
    match m.as_str() {
        "spin" => {
            burn(CONFIG.with(|c| c.borrow().spin));
            None
        }
        "loop" => loop {
            burn(u64::MAX)
        },
        "panic" => panic!("hostile-multi: {point} panics"),
        "good" => None,
        _ => Some(m),
    }
}

/// `n` strings of `bytes()` bytes that all point at one leaked buffer (the guest frees them in
/// post-return, which the host never runs for a refused answer).
fn aliased(n: usize) -> Vec<String> {
    let len = bytes();
    let mut buf = std::mem::ManuallyDrop::new(vec![b'a'; len]);
    let ptr = buf.as_mut_ptr();
    // SAFETY: every String shares one live ASCII buffer that is never freed by this guest
    // before the call returns; the host only reads it.
    (0..n).map(|_| unsafe { String::from_raw_parts(ptr, len, len) }).collect()
}

fn text() -> String {
    "t".repeat(bytes())
}

fn info() -> PluginInfo {
    PluginInfo {
        name: env!("CARGO_PKG_NAME").into(),
        version: env!("CARGO_PKG_VERSION").into(),
        description: env!("CARGO_PKG_DESCRIPTION").into(),
    }
}

fn good_phone() -> PhoneNumber {
    PhoneNumber {
        display: "07 5550 0999".into(),
        dial: "+61755500999".into(),
        masked: "07 5550 XXXX".into(),
    }
}

fn phones(n: usize, point: &str) -> Vec<Option<PhoneNumber>> {
    match act(point, n).as_deref() {
        Some("invalid") => (0..n)
            .map(|_| {
                let mut p = good_phone();
                p.masked = p.display.clone();
                Some(p)
            })
            .collect(),
        Some("text") => (0..n)
            .map(|_| {
                Some(PhoneNumber {
                    display: "0".repeat(bytes()),
                    dial: "+61755500999".into(),
                    masked: "07 5550 XXXX".into(),
                })
            })
            .collect(),
        Some("alias") => aliased(n)
            .into_iter()
            .map(|s| {
                Some(PhoneNumber {
                    display: s,
                    dial: "+61755500999".into(),
                    masked: "07 5550 XXXX".into(),
                })
            })
            .collect(),
        _ => (0..n).map(|_| Some(good_phone())).collect(),
    }
}

impl plugin::Guest for Hostile {
    fn info() -> PluginInfo {
        info()
    }

    fn init(config: String) -> Result<(), String> {
        let v: serde_json::Value = serde_json::from_str(&config).map_err(|e| format!("config: {e}"))?;
        let mut c = Config {
            spin: v.get("spin").and_then(|x| x.as_u64()).unwrap_or(0),
            init_spin: v.get("init_spin").and_then(|x| x.as_u64()).unwrap_or(0),
            bytes: v.get("bytes").and_then(|x| x.as_u64()).unwrap_or(64) as usize,
            modes: Vec::new(),
            max_items: v.get("max_cars").and_then(|x| x.as_u64()).map(|n| n as usize),
        };
        if let Some(m) = v.get("mode").and_then(|m| m.as_object()) {
            for (point, what) in m {
                c.modes.push((point.clone(), what.as_str().unwrap_or("good").to_string()));
            }
        }
        burn(c.init_spin);
        let fill = v.get("init_fill").and_then(|x| x.as_u64()).unwrap_or(0) as usize;
        if fill > 0 {
            KEPT.with(|k| *k.borrow_mut() = core::hint::black_box(vec![0x5a; fill]));
        }
        CONFIG.with(|slot| *slot.borrow_mut() = c);
        Ok(())
    }
}

impl tag_rules::Guest for Hostile {
    fn tags(_ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<TagAnswer>, String> {
        let tag = |text: String, image_url: Option<String>| {
            TagAnswer::Show(Tag {
                text,
                kind: TagKind::Custom,
                image_url,
            })
        };
        Ok(match act("tag-rules", cars.len()).as_deref() {
            Some("invalid") => cars
                .iter()
                .map(|_| tag("MULTI".into(), Some("https://tracker.example/pixel.png".into())))
                .collect(),
            Some("text") => cars.iter().map(|_| tag(text(), None)).collect(),
            Some("alias") => aliased(cars.len()).into_iter().map(|s| tag(s, None)).collect(),
            _ => cars.iter().map(|_| tag("MULTI".into(), None)).collect(),
        })
    }
}

impl price_display::Guest for Hostile {
    fn views(_ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<Option<PriceView>>, String> {
        let price = |price: f64, price_type: Option<String>| Some(PriceView::CarPrice(CarPriceView { price, price_type }));
        Ok(match act("price-display", cars.len()).as_deref() {
            Some("invalid") => cars.iter().map(|_| price(1e300, None)).collect(),
            Some("text") => cars.iter().map(|c| price(c.price, Some(text()))).collect(),
            Some("alias") => aliased(cars.len()).into_iter().map(|s| Some(PriceView::NoPrice(s))).collect(),
            _ => cars.iter().map(|c| price(c.price, None)).collect(),
        })
    }
}

impl eligibility::Guest for Hostile {
    fn evaluate(_ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<CarEligibility>, String> {
        let one = CarEligibility {
            reserve: None,
            online_purchase: None,
            trade_in: None,
            history_report: None,
            compare_favourite: Some(true),
            autograb_report: None,
            test_drive_only: None,
        };
        let n = match act("eligibility", cars.len()).as_deref() {
            Some("invalid") => cars.len().saturating_sub(1),
            _ => cars.len(),
        };
        Ok(vec![one; n])
    }
}

impl phone_format::Guest for Hostile {
    fn car_phones(_ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<Option<PhoneNumber>>, String> {
        Ok(phones(cars.len(), "phone-format"))
    }

    fn format_numbers(_ctx: TenantContext, numbers: Vec<String>) -> Result<Vec<Option<PhoneNumber>>, String> {
        Ok(phones(numbers.len(), "phone-format"))
    }
}

impl finance_lender::Guest for Hostile {
    fn offers(_ctx: TenantContext, cars: Vec<Car>) -> Result<Vec<Option<FinanceOffer>>, String> {
        let offer = |per_period: f64| {
            Some(FinanceOffer {
                calculator: None,
                show_widget: false,
                estimate: Some(Repayment::Figure(RepaymentFigure {
                    per_period,
                    total: per_period * 100.0,
                })),
            })
        };
        Ok(match act("finance-lender", cars.len()).as_deref() {
            Some("invalid") => cars.iter().map(|_| offer(f64::NAN)).collect(),
            Some("text") => cars
                .iter()
                .map(|_| {
                    Some(FinanceOffer {
                        calculator: None,
                        show_widget: false,
                        estimate: Some(Repayment::Enquire(text())),
                    })
                })
                .collect(),
            Some("alias") => aliased(cars.len())
                .into_iter()
                .map(|s| {
                    Some(FinanceOffer {
                        calculator: None,
                        show_widget: false,
                        estimate: Some(Repayment::Enquire(s)),
                    })
                })
                .collect(),
            _ => cars.iter().map(|_| offer(123.0)).collect(),
        })
    }

    fn repayments(_ctx: TenantContext, requests: Vec<RepaymentRequest>) -> Result<Vec<Repayment>, String> {
        let figure = |per_period: f64| {
            Repayment::Figure(RepaymentFigure {
                per_period,
                total: per_period * 100.0,
            })
        };
        Ok(match act("finance-lender", requests.len()).as_deref() {
            Some("invalid") => requests.iter().map(|_| figure(f64::NAN)).collect(),
            Some("text") => requests.iter().map(|_| Repayment::Enquire(text())).collect(),
            Some("alias") => aliased(requests.len()).into_iter().map(Repayment::Enquire).collect(),
            _ => requests.iter().map(|_| figure(123.0)).collect(),
        })
    }
}

impl stock_filter::Guest for Hostile {
    fn conditions(_ctx: TenantContext, _level: u8) -> Result<Vec<Condition>, String> {
        Ok(match act("stock-filter", 1).as_deref() {
            Some("invalid") => vec![Condition::MinPrice(f64::NAN)],
            Some("text") => vec![Condition::HideMakes(vec![text()])],
            Some("alias") => vec![Condition::HideMakes(aliased(64))],
            _ => Vec::new(),
        })
    }
}

// Exports only on wasm: a native cdylib cannot carry `ns:pkg/iface#func` symbol names.
#[cfg(target_arch = "wasm32")]
export!(Hostile);
