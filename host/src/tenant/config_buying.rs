//! The `tenant.toml` sections of the buyer tools and leads: `[finance]` (with the quote's
//! built-in calculation), `[trade_in]`, `[payments]`, `[delivery]`, `[leads]`, `[sign_in]` and
//! `[fuel]`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Finance settings (docs/features/shopper-core.md §5, §9).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinanceConfig {
    /// Finance provider key; absent means no finance calculator.
    #[serde(default)]
    pub provider: Option<String>,
    /// Default interest rate, percent per year.
    #[serde(default)]
    pub default_interest: Option<f64>,
    /// The site's finance page, a site path (`/finance-enquiry`): where the VDP's Finance
    /// button, the cards' finance links and the sticky header go. None: `/finance`.
    #[serde(default)]
    pub link: Option<String>,
    /// The per-car weekly quote's built-in calculation (docs/features/shopper-core.md §7
    /// `POST /api/youx/quote`; docs/features/platform.md "Finance and delivery tools"), used when
    /// no `lender-integration` plugin asks the lender.
    #[serde(default, skip_serializing)]
    #[schema(ignore)]
    pub quote: QuoteConfig,
}

impl FinanceConfig {
    /// `Ok` when `link` is absent or a site path of letters, digits, `-`, `_` and `/` (not
    /// `//`), at most 200 bytes; else why not.
    pub fn check_link(&self) -> Result<(), &'static str> {
        match &self.link {
            Some(l)
                if !(l.starts_with('/')
                    && !l.starts_with("//")
                    && l.len() <= 200
                    && l.chars().all(|ch| ch.is_ascii_alphanumeric() || "-_/".contains(ch))) =>
            {
                Err("must be a site path of letters, digits, `-`, `_` and `/` (`/finance-enquiry`), at most 200 bytes")
            }
            _ => Ok(()),
        }
    }
}

/// `[trade_in]` (docs/features/platform.md "Leads": "trade-in valuation";
/// docs/features/shopper-core.md §3 "Lead data" rego, regoState, adjustmentAnswers).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TradeInConfig {
    /// The questions whose answers adjust the online estimate, in the order shown.
    pub adjustments: Vec<Adjustment>,
}

impl Default for TradeInConfig {
    fn default() -> Self {
        TradeInConfig {
            adjustments: default_adjustments(),
        }
    }
}

/// One trade-in adjustment question (docs/features/shopper-core.md §3 `adjustmentAnswers`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Adjustment {
    /// Key sent in `adjustmentAnswers` (`condition`).
    pub id: String,
    /// The question shown (`What condition is the car in?`).
    pub question: String,
    /// The answers, in the order shown.
    pub answers: Vec<AdjustmentAnswer>,
}

/// One answer to an [`Adjustment`] question.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentAnswer {
    /// Value sent in `adjustmentAnswers` (`excellent`).
    pub value: String,
    /// Label shown (`Excellent`).
    pub label: String,
    /// Change to the estimate, percent of the base (-50 to 20; 0 for none).
    pub percent: f64,
}

/// The default questions: condition, accident history, service history, tyres and keys. The
/// percents follow common trade-in practice: a car needing work or without its history is worth
/// less to the dealer by roughly the cost of putting it right.
pub fn default_adjustments() -> Vec<Adjustment> {
    let q = |id: &str, question: &str, answers: &[(&str, &str, f64)]| Adjustment {
        id: id.into(),
        question: question.into(),
        answers: answers
            .iter()
            .map(|(value, label, percent)| AdjustmentAnswer {
                value: (*value).into(),
                label: (*label).into(),
                percent: *percent,
            })
            .collect(),
    };
    vec![
        q(
            "condition",
            "What condition is the car in?",
            &[
                ("excellent", "Excellent", 3.0),
                ("good", "Good", 0.0),
                ("fair", "Fair", -7.0),
                ("poor", "Poor", -18.0),
            ],
        ),
        q(
            "accident_history",
            "Has the car been in an accident?",
            &[
                ("no", "No", 0.0),
                ("minor", "Yes, minor repairs", -5.0),
                ("major", "Yes, major repairs", -15.0),
            ],
        ),
        q(
            "service_history",
            "Does the car have a service history?",
            &[
                ("full", "Full service history", 0.0),
                ("partial", "Partial", -4.0),
                ("none", "None", -8.0),
            ],
        ),
        q(
            "tyres",
            "How are the tyres?",
            &[("good", "Good", 0.0), ("need_replacing", "Need replacing", -3.0)],
        ),
        q(
            "keys",
            "How many keys do you have?",
            &[("two", "Two or more", 0.0), ("one", "One", -2.0)],
        ),
    ]
}

/// `[payments]`: the provider that takes the reservation deposit online (docs/features/platform.md
/// "Leads": "reserve and buy online"). Without it the reservation is recorded and the dealer takes
/// the deposit offline. Only `provider` reaches the browser.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct PaymentsConfig {
    /// `stripe` (Stripe Checkout), or absent for offline deposits.
    pub provider: Option<String>,
    /// Environment variable holding the provider's secret API key.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub secret_key_env: Option<String>,
    /// Environment variable holding the webhook signing secret (`whsec_...`).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub webhook_secret_env: Option<String>,
    /// The provider's API base (default `https://api.stripe.com`; `http://127.0.0.1:...` for
    /// local testing).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub api_base: String,
    /// ISO currency, lower case (default `aud`).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub currency: String,
    /// Time the provider has to answer, ms (default 10000; 1 to 30000).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub timeout_ms: u64,
}

impl Default for PaymentsConfig {
    fn default() -> Self {
        PaymentsConfig {
            provider: None,
            secret_key_env: None,
            webhook_secret_env: None,
            api_base: "https://api.stripe.com".into(),
            currency: "aud".into(),
            timeout_ms: 10_000,
        }
    }
}

/// One embedded service-booking frame (`[[leads.service_frames]]`; docs/features/locations-forms-marketing.md §2
/// "Service booking can also be an embedded frame or tabbed frames").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ServiceFrame {
    /// Tab label and frame title (`Book a Service`).
    pub label: String,
    /// The booking page (`https://...`); its origin is allowed in the document's `frame-src`.
    pub url: String,
}

/// The per-car quote's built-in calculation (`[finance.quote]`, docs/features/platform.md
/// "Finance and delivery tools"). A lender's own quote comes from a `lender-integration` plugin
/// (plugins/README.md "Capabilities").
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct QuoteConfig {
    /// Percentage points added to the lender's default interest per self-assessed credit score
    /// (default `{GREAT = 0, DECENT = 3, POOR = 7}`).
    pub credit_score_loading: BTreeMap<String, f64>,
}

impl Default for QuoteConfig {
    fn default() -> Self {
        QuoteConfig {
            credit_score_loading: [("GREAT", 0.0), ("DECENT", 3.0), ("POOR", 7.0)]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }
    }
}

/// One distance band of the delivery calculator (docs/features/platform.md
/// "Finance and delivery tools"): cars delivered up to `up_to_km` from their location cost `price`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryBand {
    /// Upper bound of the band, km (bands ascend; a distance above the last band has no price).
    pub up_to_km: f64,
    /// Delivery price, AUD (0 for free delivery).
    pub price: f64,
    /// Region name shown with the price (`Brisbane Metro`).
    pub name: String,
}

/// Delivery calculator settings (`[delivery]`, docs/features/shopper-core.md §2 "delivery calculator";
/// docs/features/platform.md "Finance and delivery tools"). No bands: the calculator is hidden.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeliveryConfig {
    /// Distance bands, ascending by `up_to_km`.
    #[serde(default)]
    pub bands: Vec<DeliveryBand>,
}

/// Routes gated per site (docs/features/locations-forms-marketing.md §2 "Gated routes"): `checkout` (the car
/// checkout, buy-online and checkout-journey pages), `finance`, `spin-to-win` and
/// `trade-in-finance`. Online payment and the garage pages are always gated.
pub const GATEABLE: [&str; 4] = ["checkout", "finance", "spin-to-win", "trade-in-finance"];

/// Lead settings (`[leads]`, docs/features/platform.md "Leads";
/// docs/features/locations-forms-marketing.md §5). The form rules are public (the UI shows the same
/// required fields); the destinations never leave the host.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LeadsConfig {
    /// The enquiry form's message (Comments) is optional (default required).
    pub message_optional: bool,
    /// The postcode is required on every form (default optional).
    pub postcode_required: bool,
    /// Service Interval is required on the service form.
    pub service_interval_required: bool,
    /// The service options; when set, Service Type is required and must be one of them.
    pub service_types: Vec<String>,
    /// Terms-of-use note shown under the enquiry form, when any.
    pub terms_note: Option<String>,
    /// The service booking as an embedded frame (one) or tabbed frames (several) instead of the
    /// form (default none).
    pub service_frames: Vec<ServiceFrame>,
    /// Webhook receiving each lead as signed JSON (https, or http to 127.0.0.1/localhost).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub webhook_url: Option<String>,
    /// Environment variable holding the webhook's HMAC secret (required with `webhook_url`).
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub webhook_secret_env: Option<String>,
    /// Addresses receiving each lead as ADF/XML email.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub email_to: Vec<String>,
    /// Send the shopper a receipt of each lead (default true): by email when the lead has an
    /// address and the host has an SMTP server (`smtp_host`), and by SMS when the shopper chose
    /// SMS and gave a mobile number (`crate::leads::receipt`). A shopper's `receipt: false` on the
    /// form turns off their own. Host-only.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub receipts: bool,
    /// What the receipt says happens next, instead of the host's wording for the lead's form
    /// (`crate::leads::receipt::next_steps`); plain text, at most 1000 characters. Host-only.
    #[serde(skip_serializing)]
    #[schema(ignore)]
    pub receipt_next_steps: Option<String>,
}

impl Default for LeadsConfig {
    fn default() -> Self {
        LeadsConfig {
            message_optional: false,
            postcode_required: false,
            service_interval_required: false,
            service_types: Vec::new(),
            terms_note: None,
            service_frames: Vec::new(),
            webhook_url: None,
            webhook_secret_env: None,
            email_to: Vec::new(),
            receipts: true,
            receipt_next_steps: None,
        }
    }
}

/// Sign-in settings (`[sign_in]`, docs/features/platform.md "Sign-in and watchlist").
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SignInSettings {
    /// Gated route groups among [`GATEABLE`] (default none).
    pub gated: Vec<String>,
}

/// Fuel calculator defaults (`[fuel]`, docs/features/shopper-core.md §9 "Fuel calculator defaults").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FuelConfig {
    /// Fuel price, AUD per litre (default 1.70).
    pub price_per_litre: f64,
    /// Distance driven, km per week (default 250).
    pub km_per_week: f64,
    /// Consumption when the car has no combined figure, L/100km (default 10).
    pub consumption_l_per_100km: f64,
}

impl Default for FuelConfig {
    fn default() -> Self {
        FuelConfig {
            price_per_litre: 1.70,
            km_per_week: 250.0,
            consumption_l_per_100km: 10.0,
        }
    }
}
