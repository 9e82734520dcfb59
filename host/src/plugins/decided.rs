//! What the host answers per item and who decided it: [`Decided`], and for a car's whole
//! presentation [`CarPresentation`] with [`DecidedBy`].

use serde::Serialize;
use utoipa::ToSchema;

use crate::plugins::points::eligibility::Eligibility;
use crate::plugins::points::finance_lender::FinanceOffer;
use crate::plugins::points::phone_format::Phone;
use crate::plugins::points::price_display::PriceView;
use crate::plugins::points::tag_rules::Tag;

/// Where an answer came from: `host` for the host's default.
pub const HOST: &str = "host";

/// The answer for one item and who decided it: `host` or `name@version` of the plugin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decided<T> {
    /// The answer.
    pub value: T,
    /// `host` or the plugin's `name@version`.
    pub decided_by: String,
}

impl<T> Decided<T> {
    /// `value` decided by the host (`decided_by` is [`HOST`]).
    pub fn host(value: T) -> Decided<T> {
        Decided {
            value,
            decided_by: HOST.into(),
        }
    }
}

/// Who decided each part of a car's presentation: `host` or a plugin's `name@version`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DecidedBy {
    /// The tag (`tag-rules`).
    pub tag: String,
    /// The price view (`price-display`).
    pub price_view: String,
    /// Eligibility (`eligibility`): the plugin when it decided at least one action.
    pub eligibility: String,
    /// The phone (`phone-format`).
    pub phone: String,
    /// Finance (`finance-lender`).
    pub finance: String,
}

/// Everything the points decide about one car (docs/features/shopper-core.md §4-§5, §9).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CarPresentation {
    /// The card/VDP tag; null for no tag.
    pub tag: Option<Tag>,
    /// The price view.
    pub price_view: PriceView,
    /// Which actions the car offers.
    pub eligibility: Eligibility,
    /// The number to call about the car; null when the tenant has none.
    pub phone: Option<Phone>,
    /// Finance calculator, widget and estimate; null when finance is not offered for the car.
    pub finance: Option<FinanceOffer>,
    /// Who decided each part.
    pub decided_by: DecidedBy,
}
