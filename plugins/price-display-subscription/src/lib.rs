//! # price-display-subscription
//!
//! Extension point `price-display` (docs/features/shopper-core.md §4 "Price display: subscription, reduced,
//! car-price, pre-order (text PREORDER), no-price (configured text)"; §5 "Price is shown only if
//! greater than 10"). The first that applies:
//!
//! 1. `subscription`: the car has a subscription price above 0 (and `subscription` is on);
//! 2. `preorder`: a pre-order car, with `preorder_text` (`PREORDER`), whatever its price (a
//!    pre-order car shown as "$60,000 Drive Away" reads as a car in the yard: issue 39);
//! 3. `was-now`: the car's `before_price` is above its price and the price is shown (and
//!    `show_was_now` is on);
//! 4. `car-price`: the price is above `min_price` (10);
//! 5. `no-price`: `no_price_text`, else the tenant's `[wording] no_price_text`.
//!
//! ## Config (every key optional)
//!
//! ```toml
//! [[plugins]]
//! name = "price-display-subscription"
//! config = { subscription_suffix = "/wk", min_price = 10, preorder_text = "PREORDER" }
//! ```
//!
//! | key | default |
//! |---|---|
//! | `subscription` | `true` |
//! | `subscription_suffix` | `/wk` |
//! | `show_was_now` | `true` |
//! | `min_price` | `10` (AUD; a price must be above it to show) |
//! | `preorder_text` | `PREORDER` |
//! | `no_price_text` | the tenant's `no_price_text` |

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin config (see the crate docs).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub subscription: Option<bool>,
    pub subscription_suffix: Option<String>,
    pub show_was_now: Option<bool>,
    pub min_price: Option<f64>,
    pub preorder_text: Option<String>,
    pub no_price_text: Option<String>,
}

/// The plugin, built once from its config.
pub struct SubscriptionPrices {
    subscription: bool,
    suffix: String,
    show_was_now: bool,
    min_price: f64,
    preorder_text: String,
    no_price_text: Option<String>,
}

impl Plugin for SubscriptionPrices {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        let min_price = c.min_price.unwrap_or(10.0);
        if !(min_price.is_finite() && min_price >= 0.0) {
            return Err(format!("config.min_price ({min_price}) must be 0 or more"));
        }
        let preorder_text = c.preorder_text.unwrap_or_else(|| "PREORDER".into());
        if preorder_text.trim().is_empty() {
            return Err("config.preorder_text: must not be empty".into());
        }
        if c.no_price_text.as_deref().is_some_and(|t| t.trim().is_empty()) {
            return Err("config.no_price_text: must not be empty".into());
        }
        Ok(SubscriptionPrices {
            subscription: c.subscription.unwrap_or(true),
            suffix: c.subscription_suffix.unwrap_or_else(|| "/wk".into()),
            show_was_now: c.show_was_now.unwrap_or(true),
            min_price,
            preorder_text,
            no_price_text: c.no_price_text,
        })
    }
}

impl PriceDisplay for SubscriptionPrices {
    fn view(&self, ctx: &TenantContext, car: &Car) -> Result<Option<PriceView>> {
        if let Some(weekly) = car.subscription_price.filter(|p| self.subscription && *p > 0.0) {
            return Ok(Some(PriceView::Subscription(SubscriptionView {
                weekly,
                suffix: self.suffix.clone(),
            })));
        }
        if car.preorder {
            return Ok(Some(PriceView::Preorder(self.preorder_text.clone())));
        }
        let shown = car.price > self.min_price;
        if let Some(was) = car.before_price.filter(|was| self.show_was_now && shown && *was > car.price) {
            return Ok(Some(PriceView::WasNow(WasNowView {
                was,
                now: car.price,
                price_type: car.price_type.clone(),
            })));
        }
        if shown {
            return Ok(Some(PriceView::CarPrice(CarPriceView {
                price: car.price,
                price_type: car.price_type.clone(),
            })));
        }
        let text = self.no_price_text.clone().unwrap_or_else(|| ctx.no_price_text.clone());
        Ok(Some(PriceView::NoPrice(text)))
    }
}

forecourt_plugin_sdk::export_plugin!(SubscriptionPrices: PriceDisplay);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn price(p: f64) -> PriceView {
        PriceView::CarPrice(CarPriceView {
            price: p,
            price_type: Some("Drive Away".into()),
        })
    }

    #[test]
    fn table() {
        let base = testing::car(); // $25,000 Drive Away
        // (config, car, expected)
        let table: Vec<(&str, Car, PriceView)> = vec![
            (
                "",
                Car {
                    subscription_price: Some(189.0),
                    ..base.clone()
                },
                PriceView::Subscription(SubscriptionView {
                    weekly: 189.0,
                    suffix: "/wk".into(),
                }),
            ),
            (
                r#"{"subscription_suffix": "per week"}"#,
                Car {
                    subscription_price: Some(189.0),
                    ..base.clone()
                },
                PriceView::Subscription(SubscriptionView {
                    weekly: 189.0,
                    suffix: "per week".into(),
                }),
            ),
            (
                r#"{"subscription": false}"#,
                Car {
                    subscription_price: Some(189.0),
                    ..base.clone()
                },
                price(25_000.0),
            ),
            (
                "",
                Car {
                    subscription_price: Some(0.0),
                    ..base.clone()
                },
                price(25_000.0),
            ),
            (
                "",
                Car {
                    before_price: Some(27_990.0),
                    ..base.clone()
                },
                PriceView::WasNow(WasNowView {
                    was: 27_990.0,
                    now: 25_000.0,
                    price_type: Some("Drive Away".into()),
                }),
            ),
            (
                "",
                Car {
                    before_price: Some(25_000.0),
                    ..base.clone()
                },
                price(25_000.0),
            ),
            (
                r#"{"show_was_now": false}"#,
                Car {
                    before_price: Some(27_990.0),
                    ..base.clone()
                },
                price(25_000.0),
            ),
            // Shown only above 10 (docs/features/shopper-core.md §5).
            (
                "",
                Car {
                    price: 11.0,
                    ..base.clone()
                },
                price(11.0),
            ),
            (
                "",
                Car {
                    price: 10.0,
                    ..base.clone()
                },
                PriceView::NoPrice("Enquire for price".into()),
            ),
            (
                "",
                Car {
                    price: 10.0,
                    before_price: Some(20_000.0),
                    ..base.clone()
                },
                PriceView::NoPrice("Enquire for price".into()),
            ),
            (
                "",
                Car {
                    price: 0.0,
                    preorder: true,
                    ..base.clone()
                },
                PriceView::Preorder("PREORDER".into()),
            ),
            (
                "",
                Car {
                    price: 60_000.0,
                    preorder: true,
                    ..base.clone()
                },
                PriceView::Preorder("PREORDER".into()),
            ),
            (
                "",
                Car {
                    price: 0.0,
                    ..base.clone()
                },
                PriceView::NoPrice("Enquire for price".into()),
            ),
            (
                r#"{"no_price_text": "Price on application"}"#,
                Car {
                    price: 0.0,
                    ..base.clone()
                },
                PriceView::NoPrice("Price on application".into()),
            ),
        ];
        for (i, (config, car, want)) in table.into_iter().enumerate() {
            let h = Harness::<SubscriptionPrices>::new(config).unwrap();
            assert_eq!(h.views(&testing::ctx(), &[car]).unwrap(), vec![Some(want)], "row {i}: {config}");
        }
    }

    #[test]
    fn bad_configs() {
        assert_eq!(
            Harness::<SubscriptionPrices>::new(r#"{"min_price": -1}"#).err().unwrap(),
            "config.min_price (-1) must be 0 or more"
        );
        assert_eq!(
            Harness::<SubscriptionPrices>::new(r#"{"preorder_text": ""}"#).err().unwrap(),
            "config.preorder_text: must not be empty"
        );
    }
}
