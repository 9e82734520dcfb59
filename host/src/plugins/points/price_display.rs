//! `price-display`: the price area of a card or VDP. The answer type ([`PriceView`]), the check
//! of a plugin's answer ([`price_view`]), the host default ([`price_view_for`]) and the call
//! ([`Views`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasmtime::{
    Store,
    component::{ComponentType, Lift, WasmStr},
};

use crate::{
    model::Car,
    plugins::{
        lift::{Meter, Raw, call_list},
        points::{
            check::{AnswerSize, ITEM, Invalid, MAX_LABEL, max_len, money, non_empty, os, s},
            extension::{Env, ExtensionPoint, opinion_or_default, text_or},
            point::Point,
        },
        runtime::{Call, LoadedComponent, StoreState},
        since_v0_1_0::{self as wit, price_display as wpd},
    },
    tenant::TenantConfig,
};

/// The price area of a card or VDP (docs/features/shopper-core.md §4 "Price display"; §5 "Price is shown only if
/// greater than 10"). Money in AUD.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PriceView {
    /// A weekly subscription price.
    Subscription {
        /// AUD per week.
        weekly: f64,
        /// Wording after the figure, for example `/wk`.
        suffix: String,
    },
    /// Was/now (reduced price).
    WasNow {
        /// Previous price, AUD.
        was: f64,
        /// Current price, AUD.
        now: f64,
        /// Price type wording, for example `Drive Away`.
        price_type: Option<String>,
    },
    /// The car's price.
    CarPrice {
        /// Price, AUD.
        price: f64,
        /// Price type wording.
        price_type: Option<String>,
    },
    /// Pre-order: this text instead of a price (normally `PREORDER`).
    Preorder {
        /// Text to show.
        text: String,
    },
    /// No price: the tenant's no-price text.
    NoPrice {
        /// Text to show.
        text: String,
    },
}

impl PriceView {
    /// The price a page may quote in figures (AUD): `now` of a was/now price or the car's price;
    /// None for a subscription, pre-order or no-price view. A placeholder price (at or under
    /// [`MIN_SHOWN_PRICE`], or whatever the tenant's `price-display` plugin turns into no price)
    /// is never quoted anywhere else either (JSON-LD, descriptions, market comparison).
    pub fn shown_price(&self) -> Option<f64> {
        match self {
            PriceView::WasNow { now, .. } => Some(*now),
            PriceView::CarPrice { price, .. } => Some(*price),
            _ => None,
        }
    }
}

/// Pre-order text (docs/features/shopper-core.md §4 "pre-order (text PREORDER)").
pub const PREORDER_TEXT: &str = "PREORDER";

/// A price is shown only above this, AUD (docs/features/shopper-core.md §5, §9 "minimum shown price 10").
pub const MIN_SHOWN_PRICE: f64 = 10.0;

/// Subscription suffix (docs/features/shopper-core.md §9 "shown as '/wk'").
pub const SUBSCRIPTION_SUFFIX: &str = "/wk";

/// `price-display.views`: the price view of each car in a page. Host item: the stored car; WIT
/// item: the WIT car; answer: the [`PriceView`] (a plugin's `none` is no opinion).
pub struct Views;

impl ExtensionPoint for Views {
    const POINT: Point = Point::PriceDisplay;
    type Host = Car;
    type Item = wit::Car;
    type Wit = Option<wpd::PriceView>;
    type Opinion = PriceView;
    type Answer = PriceView;

    fn item_size(item: &wit::Car) -> usize {
        wit::car_size(item)
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[wit::Car],
    ) -> wasmtime::Result<Result<Vec<Option<wpd::PriceView>>, String>> {
        let f = component.func(Self::POINT, "views")?;
        call_list::<_, Option<RawPriceView>>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(_env: &Env<'_>, answer: Option<wpd::PriceView>) -> Result<Option<PriceView>, Invalid> {
        answer.map(price_view).transpose()
    }

    fn default_for(env: &Env<'_>, car: &Car, _item: &wit::Car) -> PriceView {
        price_view_for(&env.tenant.config, car)
    }

    fn decide(env: &Env<'_>, car: &Car, item: &wit::Car, opinion: Option<PriceView>) -> (PriceView, bool) {
        opinion_or_default::<Self>(env, car, item, opinion)
    }
}

impl AnswerSize for wpd::PriceView {
    fn answer_size(&self) -> usize {
        ITEM + match self {
            wpd::PriceView::Subscription(v) => s(&v.suffix),
            wpd::PriceView::WasNow(v) => os(&v.price_type),
            wpd::PriceView::CarPrice(v) => os(&v.price_type),
            wpd::PriceView::Preorder(t) | wpd::PriceView::NoPrice(t) => s(t),
        }
    }
}

/// `price-display.subscription-view` still in guest memory (`lift.rs`).
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawSubscription {
    #[component(name = "weekly")]
    weekly: f64,
    #[component(name = "suffix")]
    suffix: WasmStr,
}

/// `price-display.was-now-view` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawWasNow {
    #[component(name = "was")]
    was: f64,
    #[component(name = "now")]
    now: f64,
    #[component(name = "price-type")]
    price_type: Option<WasmStr>,
}

/// `price-display.car-price-view` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawCarPrice {
    #[component(name = "price")]
    price: f64,
    #[component(name = "price-type")]
    price_type: Option<WasmStr>,
}

/// `price-display.price-view` still in guest memory.
#[derive(ComponentType, Lift)]
#[component(variant)]
pub enum RawPriceView {
    /// `subscription`.
    #[component(name = "subscription")]
    Subscription(RawSubscription),
    /// `was-now`.
    #[component(name = "was-now")]
    WasNow(RawWasNow),
    /// `car-price`.
    #[component(name = "car-price")]
    CarPrice(RawCarPrice),
    /// `preorder`.
    #[component(name = "preorder")]
    Preorder(WasmStr),
    /// `no-price`.
    #[component(name = "no-price")]
    NoPrice(WasmStr),
}

impl Raw for RawPriceView {
    type Owned = wpd::PriceView;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        match self {
            RawPriceView::Subscription(v) => v.suffix.measure(store, meter),
            RawPriceView::WasNow(v) => v.price_type.measure(store, meter),
            RawPriceView::CarPrice(v) => v.price_type.measure(store, meter),
            RawPriceView::Preorder(t) | RawPriceView::NoPrice(t) => t.measure(store, meter),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wpd::PriceView> {
        Ok(match self {
            RawPriceView::Subscription(v) => wpd::PriceView::Subscription(wpd::SubscriptionView {
                weekly: v.weekly,
                suffix: v.suffix.own(store)?,
            }),
            RawPriceView::WasNow(v) => wpd::PriceView::WasNow(wpd::WasNowView {
                was: v.was,
                now: v.now,
                price_type: v.price_type.own(store)?,
            }),
            RawPriceView::CarPrice(v) => wpd::PriceView::CarPrice(wpd::CarPriceView {
                price: v.price,
                price_type: v.price_type.own(store)?,
            }),
            RawPriceView::Preorder(t) => wpd::PriceView::Preorder(t.own(store)?),
            RawPriceView::NoPrice(t) => wpd::PriceView::NoPrice(t.own(store)?),
        })
    }
}

/// `Ok` when a price a plugin shows is above [`MIN_SHOWN_PRICE`] (the spec shows a price only
/// above 10 AUD: 0, -0 and placeholders such as 1 or 10 are no price, `no-price` says that).
fn shown(what: &str, v: f64) -> Result<(), Invalid> {
    if v > MIN_SHOWN_PRICE {
        Ok(())
    } else {
        Err(format!("{what} ({v}) is not above {MIN_SHOWN_PRICE} AUD (answer no-price instead)"))
    }
}

fn label(what: &str, v: &Option<String>) -> Result<(), Invalid> {
    v.as_deref().map_or(Ok(()), |t| max_len(what, t, MAX_LABEL))
}

/// A plugin's price view for one car, checked: money amounts finite, at least 0 and at most
/// [`MAX_MONEY`](crate::plugins::points::check::MAX_MONEY) AUD, a shown price (car price, now)
/// above [`MIN_SHOWN_PRICE`], a weekly subscription above 0, was above now, texts non-empty and
/// at most [`MAX_LABEL`] bytes.
pub fn price_view(v: wpd::PriceView) -> Result<PriceView, Invalid> {
    Ok(match v {
        wpd::PriceView::Subscription(x) => {
            money("subscription.weekly", x.weekly)?;
            if x.weekly <= 0.0 {
                return Err(format!("subscription.weekly ({}) is not above 0", x.weekly));
            }
            max_len("subscription.suffix", &x.suffix, MAX_LABEL)?;
            PriceView::Subscription {
                weekly: x.weekly,
                suffix: x.suffix,
            }
        }
        wpd::PriceView::WasNow(x) => {
            money("was-now.now", x.now)?;
            shown("was-now.now", x.now)?;
            money("was-now.was", x.was)?;
            label("was-now.price-type", &x.price_type)?;
            if x.was <= x.now {
                return Err(format!("was-now.was ({}) is not above now ({})", x.was, x.now));
            }
            PriceView::WasNow {
                was: x.was,
                now: x.now,
                price_type: x.price_type,
            }
        }
        wpd::PriceView::CarPrice(x) => {
            money("car-price.price", x.price)?;
            shown("car-price.price", x.price)?;
            label("car-price.price-type", &x.price_type)?;
            PriceView::CarPrice {
                price: x.price,
                price_type: x.price_type,
            }
        }
        wpd::PriceView::Preorder(t) => {
            non_empty("preorder", &t)?;
            max_len("preorder", &t, MAX_LABEL)?;
            PriceView::Preorder { text: t }
        }
        wpd::PriceView::NoPrice(t) => {
            non_empty("no-price", &t)?;
            max_len("no-price", &t, MAX_LABEL)?;
            PriceView::NoPrice { text: t }
        }
    })
}

/// The default price view (docs/features/shopper-core.md §4 "Price display"): subscription when
/// the car has a subscription price above 0; `PREORDER` for a pre-order car whatever its price
/// (issue 39: "$60,000 Drive Away" on a pre-order car reads as a car in the yard); was/now when
/// `before_price` is above a shown price; the price when above 10 AUD (§5); else the tenant's
/// no-price text.
pub fn price_view_for(cfg: &TenantConfig, car: &Car) -> PriceView {
    if let Some(weekly) = car.subscription_price.filter(|p| p.is_finite() && *p > 0.0) {
        return PriceView::Subscription {
            weekly,
            suffix: SUBSCRIPTION_SUFFIX.into(),
        };
    }
    if car.preorder.0 {
        return PriceView::Preorder {
            text: PREORDER_TEXT.into(),
        };
    }
    let shown = car.price.is_finite() && car.price > MIN_SHOWN_PRICE;
    if shown && let Some(was) = car.before_price.filter(|w| w.is_finite() && *w > car.price) {
        return PriceView::WasNow {
            was,
            now: car.price,
            price_type: car.price_type.clone(),
        };
    }
    if shown {
        return PriceView::CarPrice {
            price: car.price,
            price_type: car.price_type.clone(),
        };
    }
    PriceView::NoPrice {
        text: text_or(&cfg.wording.no_price_text, "Enquire for price").to_string(),
    }
}
