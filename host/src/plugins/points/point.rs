//! The extension points by name: one [`Point`] per WIT interface a plugin may export.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An extension point (one WIT interface).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Point {
    /// `stock-filter` (docs/features/shopper-core.md §5).
    StockFilter,
    /// `tag-rules` (docs/features/shopper-core.md §4).
    TagRules,
    /// `finance-lender` (docs/features/shopper-core.md §5, §9).
    FinanceLender,
    /// `eligibility` (docs/features/shopper-core.md §5, docs/features/locations-forms-marketing.md §4-§5).
    Eligibility,
    /// `price-display` (docs/features/shopper-core.md §4).
    PriceDisplay,
    /// `phone-format` (docs/features/shopper-core.md §9, docs/features/locations-forms-marketing.md §3).
    PhoneFormat,
}

impl Point {
    /// Every point, in declaration order.
    pub const ALL: [Point; 6] = [
        Point::StockFilter,
        Point::TagRules,
        Point::FinanceLender,
        Point::Eligibility,
        Point::PriceDisplay,
        Point::PhoneFormat,
    ];

    /// How many points there are (the length of [`Point::ALL`]).
    pub const COUNT: usize = Point::ALL.len();

    /// The WIT interface name, for example `tag-rules`.
    pub fn interface(self) -> &'static str {
        match self {
            Point::StockFilter => "stock-filter",
            Point::TagRules => "tag-rules",
            Point::FinanceLender => "finance-lender",
            Point::Eligibility => "eligibility",
            Point::PriceDisplay => "price-display",
            Point::PhoneFormat => "phone-format",
        }
    }

    /// The point's position in [`Point::ALL`] (`0..Point::COUNT`), for per-point arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}
