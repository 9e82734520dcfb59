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
    /// `lender-integration` (`forecourt:platform@0.2.0`, a partner integration): the lender's
    /// quote and create-customer calls (docs/features/shopper-core.md §7,
    /// docs/features/locations-forms-marketing.md §7).
    LenderIntegration,
    /// `rego-lookup` (`forecourt:platform@0.2.0`, a partner integration): the trade-in form's
    /// registration lookup (docs/features/platform.md "Leads").
    RegoLookup,
}

impl Point {
    /// Every point, in declaration order.
    pub const ALL: [Point; 8] = [
        Point::StockFilter,
        Point::TagRules,
        Point::FinanceLender,
        Point::Eligibility,
        Point::PriceDisplay,
        Point::PhoneFormat,
        Point::LenderIntegration,
        Point::RegoLookup,
    ];

    /// The pure points (`forecourt:platform@0.1.0`): synchronous, batched, no capabilities (the
    /// first six of [`Point::ALL`]).
    pub const PURE: &[Point] = Point::ALL.split_at(6).0;

    /// The partner integrations (`forecourt:platform@0.2.0`): asynchronous, one call per
    /// question, with the capabilities the tenant grants.
    pub const PARTNER: [Point; 2] = [Point::LenderIntegration, Point::RegoLookup];

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
            Point::LenderIntegration => "lender-integration",
            Point::RegoLookup => "rego-lookup",
        }
    }

    /// Whether this is a partner integration (`forecourt:platform@0.2.0`).
    pub fn is_partner(self) -> bool {
        matches!(self, Point::LenderIntegration | Point::RegoLookup)
    }

    /// The WIT package version the point's interface was released in (`0.1.0`, `0.2.0`).
    pub fn wit_version(self) -> &'static str {
        if self.is_partner() { "0.2.0" } else { "0.1.0" }
    }

    /// The export name of the point's interface, for example
    /// `forecourt:platform/tag-rules@0.1.0`.
    pub fn export_name(self) -> String {
        format!("forecourt:platform/{}@{}", self.interface(), self.wit_version())
    }

    /// The point's position in [`Point::ALL`] (`0..Point::COUNT`), for per-point arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}
