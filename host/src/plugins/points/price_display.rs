//! `price-display`: the price area of a card or VDP. The answer type ([`PriceView`]), the check
//! of a plugin's answer ([`price_view`]), the host default ([`price_view_for`]) and the call
//! ([`Views`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::Car,
    plugins::{
        points::{
            check::{AnswerSize, ITEM, Invalid, non_empty, non_negative, os, s},
            extension::{Env, ExtensionPoint, exports, opinion_or_default, text_or},
            point::Point,
        },
        runtime::{Call, LoadedComponent},
        since_v0_1_0::{self as wit, PointExports, price_display as wpd},
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
        let PointExports::PriceDisplay(idx) = exports(component, Self::POINT)? else {
            anyhow::bail!("price-display exports expected");
        };
        idx.load(&mut call.store, &call.instance)?.call_views(&mut call.store, ctx, items)
    }

    fn check(answer: Option<wpd::PriceView>) -> Result<Option<PriceView>, Invalid> {
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

/// A plugin's price view for one car, checked (finite, non-negative, was above now).
pub fn price_view(v: wpd::PriceView) -> Result<PriceView, Invalid> {
    Ok(match v {
        wpd::PriceView::Subscription(x) => {
            non_negative("subscription.weekly", x.weekly)?;
            PriceView::Subscription {
                weekly: x.weekly,
                suffix: x.suffix,
            }
        }
        wpd::PriceView::WasNow(x) => {
            non_negative("was-now.now", x.now)?;
            non_negative("was-now.was", x.was)?;
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
            non_negative("car-price.price", x.price)?;
            PriceView::CarPrice {
                price: x.price,
                price_type: x.price_type,
            }
        }
        wpd::PriceView::Preorder(t) => {
            non_empty("preorder", &t)?;
            PriceView::Preorder { text: t }
        }
        wpd::PriceView::NoPrice(t) => {
            non_empty("no-price", &t)?;
            PriceView::NoPrice { text: t }
        }
    })
}

/// The default price view (docs/features/shopper-core.md §4 "Price display", in its order): subscription when the
/// car has a subscription price above 0; was/now when `before_price` is above a shown price;
/// the price when above 10 AUD (§5); `PREORDER` for a pre-order car; else the tenant's no-price
/// text.
pub fn price_view_for(cfg: &TenantConfig, car: &Car) -> PriceView {
    if let Some(weekly) = car.subscription_price.filter(|p| p.is_finite() && *p > 0.0) {
        return PriceView::Subscription {
            weekly,
            suffix: SUBSCRIPTION_SUFFIX.into(),
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
    if car.preorder.0 {
        return PriceView::Preorder {
            text: PREORDER_TEXT.into(),
        };
    }
    PriceView::NoPrice {
        text: text_or(&cfg.wording.no_price_text, "Enquire for price").to_string(),
    }
}
