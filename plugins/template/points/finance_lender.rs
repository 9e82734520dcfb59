//! # plugin-template
//!
//! A Forecourt plugin for the `finance-lender` extension point (plugins/README.md
//! "finance-lender"; docs/features/shopper-core.md §5, §9): one lender, `lender`, finances available
//! cars priced from `min_amount` dollars at a fixed `interest` (percent per year). Its calculator
//! lends `min_amount` to $100,000 in $500 steps over 1 to 7 years (default 5, weekly first), and
//! the card teaser is the weekly repayment of the car's price over 5 years. Cars priced below
//! `min_amount`, and unavailable cars, show no calculator. Repayments use the SDK's standard maths
//! (rounded up to the whole dollar; `Enquire for Finance` at $25 or less).
//!
//! Config (every key optional: with none the lender is `Example Finance` at 9.95 % from $5,000):
//!
//! ```toml
//! [[plugins]]
//! name = "plugin-template"
//! config = { lender = "Example Finance", interest = 9.95, min_amount = 5000 }
//! ```
//!
//! Test, build and run it (plugins/README.md "From the template to a plugin on a local tenant"):
//!
//! ```sh
//! (cd plugins && cargo test -p plugin-template)
//! bash plugins/build.sh plugin-template
//! forecourt plugin run plugins/dist/plugin-template.wasm --point finance-lender --cars cars.json
//! ```

use forecourt_plugin_sdk::finance;
use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// The plugin's config: the tenant's `[[plugins]] config` table. Every field is optional; unknown
/// keys are rejected (`deny_unknown_fields`) so a typo is a clear error at start-up.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Lender name shown on the widget and disclaimer; default `Example Finance`.
    pub lender: Option<String>,
    /// Fixed interest, percent per year; default 9.95.
    pub interest: Option<f64>,
    /// Smallest loan, AUD, and the lowest price financed; default 5000.
    pub min_amount: Option<f64>,
}

/// Largest loan, AUD.
const MAX_AMOUNT: f64 = 100_000.0;
/// Default term, years.
const TERM_YEARS: f64 = 5.0;

/// The plugin, built once per instance from its config.
pub struct OneLender {
    lender: String,
    interest: f64,
    min_amount: f64,
}

impl Plugin for OneLender {
    type Config = Config;

    fn new(config: Config) -> Result<Self> {
        let lender = config.lender.unwrap_or_else(|| "Example Finance".into());
        if lender.trim().is_empty() {
            return Err("config.lender: must not be empty".into());
        }
        let interest = config.interest.unwrap_or(9.95);
        forecourt_plugin_sdk::config::check_positive("interest", interest)?;
        let min_amount = config.min_amount.unwrap_or(5_000.0);
        forecourt_plugin_sdk::config::check_positive("min_amount", min_amount)?;
        forecourt_plugin_sdk::config::check_order("min_amount", min_amount, "max_amount", MAX_AMOUNT)?;
        Ok(OneLender {
            lender,
            interest,
            min_amount,
        })
    }
}

impl FinanceLender for OneLender {
    fn offer(&self, ctx: &TenantContext, car: &Car) -> Result<Option<FinanceOffer>> {
        if !car.is_available() || car.price < self.min_amount {
            return Ok(Some(FinanceOffer {
                calculator: None,
                show_widget: false,
                estimate: None,
            }));
        }
        let amount = NumberRange {
            min: self.min_amount,
            max: MAX_AMOUNT,
            step: 500.0,
        };
        let default_amount = finance::clamp(car.price, &amount);
        let calculator = Calculator {
            lender_name: Some(self.lender.clone()),
            amount,
            default_amount,
            term: TermInput::Range(NumberRange {
                min: 1.0,
                max: 7.0,
                step: 1.0,
            }),
            default_term_years: TERM_YEARS,
            interest: None, // fixed rate: the calculator's interest field is disabled
            default_interest: self.interest,
            deposit: NumberRange {
                min: 0.0,
                max: 250_000.0,
                step: 0.5,
            },
            residual: NumberRange {
                min: 0.0,
                max: 250_000.0,
                step: 0.5,
            },
            establishment_fee: 0.0,
            frequencies: vec![Frequency::Week, Frequency::Fortnight, Frequency::Month],
            default_frequency: Frequency::Week,
            comparison_rate_text: None,
            disclaimer: Some(format!("Finance by {}. Fees and conditions apply.", self.lender)),
        };
        let estimate = self.repayment(
            ctx,
            &RepaymentRequest {
                amount: default_amount,
                deposit: 0.0,
                term_years: TERM_YEARS,
                interest: self.interest,
                residual: 0.0,
                frequency: Frequency::Week,
                establishment_fee: 0.0,
                advertised_repayment: None,
            },
        )?;
        Ok(Some(FinanceOffer {
            calculator: Some(calculator),
            show_widget: true,
            estimate: Some(estimate),
        }))
    }
}

// The component exports `plugin` and `finance-lender`, nothing else.
forecourt_plugin_sdk::export_plugin!(OneLender: FinanceLender);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, Harness};

    fn offer(config: &str, car: Car) -> FinanceOffer {
        let h = Harness::<OneLender>::new(config).unwrap();
        h.offers(&testing::ctx(), &[car])
            .unwrap()
            .remove(0)
            .expect("an opinion for every car")
    }

    #[test]
    fn table() {
        let base = testing::car(); // in stock, $25,000
        let o = offer("", base.clone());
        let c = o.calculator.expect("a calculator");
        assert_eq!(c.lender_name.as_deref(), Some("Example Finance"));
        assert_eq!((c.amount.min, c.amount.max, c.default_amount), (5_000.0, 100_000.0, 25_000.0));
        assert_eq!(c.interest, None);
        assert_eq!(c.default_interest, 9.95);
        assert!(o.show_widget);
        // $25,000 over 5 years weekly at 9.95 %: 122.14 rounded up.
        assert_eq!(
            o.estimate,
            Some(Repayment::Figure(RepaymentFigure {
                per_period: 123.0,
                total: 31_980.0
            }))
        );

        let cheap = offer(
            "",
            Car {
                price: 4_000.0,
                ..base.clone()
            },
        );
        assert!(cheap.calculator.is_none() && !cheap.show_widget);
        let sold = offer(
            "",
            Car {
                status: CarStatus::Sold,
                ..base.clone()
            },
        );
        assert!(sold.calculator.is_none());
        let dear = offer(r#"{"lender": "Harbour Credit", "interest": 7.5}"#, Car { price: 150_000.0, ..base });
        let c = dear.calculator.unwrap();
        assert_eq!(
            (c.default_amount, c.default_interest),
            (100_000.0, 7.5),
            "clamped to the largest loan"
        );
        assert_eq!(c.lender_name.as_deref(), Some("Harbour Credit"));
    }

    #[test]
    fn repayments_use_the_standard_maths() {
        let h = Harness::<OneLender>::new("").unwrap();
        let request = RepaymentRequest {
            amount: 30_000.0,
            deposit: 0.0,
            term_years: 5.0,
            interest: 10.0,
            residual: 0.0,
            frequency: Frequency::Month,
            establishment_fee: 0.0,
            advertised_repayment: None,
        };
        let got = h.repayments(&testing::ctx(), &[request]).unwrap();
        assert_eq!(
            got,
            vec![Repayment::Figure(RepaymentFigure {
                per_period: 638.0,
                total: 38_280.0
            })]
        );
    }

    #[test]
    fn bad_config_is_rejected_with_the_field() {
        let e = Harness::<OneLender>::new(r#"{"interest": 0}"#).err().unwrap();
        assert_eq!(e, "config.interest (0) must be greater than 0");
        let e = Harness::<OneLender>::new(r#"{"min_amount": 200000}"#).err().unwrap();
        assert_eq!(e, "config.min_amount (200000) must not be above config.max_amount (100000)");
        let e = Harness::<OneLender>::new(r#"{"lender": ""}"#).err().unwrap();
        assert_eq!(e, "config.lender: must not be empty");
        let e = Harness::<OneLender>::new(r#"{"rate": 5}"#).err().unwrap();
        assert!(e.contains("unknown field `rate`"), "{e}");
    }

    /// `plugin.info` answers the package's name, version and description from Cargo.toml: the
    /// name is what tenants write in `[[plugins]]` and the component's file stem.
    #[test]
    fn info_comes_from_cargo_toml() {
        let info = Harness::<OneLender>::new("").unwrap().info();
        assert_eq!(info.name, env!("CARGO_PKG_NAME"));
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert!(
            !info.description.trim().is_empty(),
            "give the plugin a one-line description in Cargo.toml"
        );
    }
}
