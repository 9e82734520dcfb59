//! Leads (docs/features/platform.md "Leads"; docs/features/shopper-core.md §3 "Lead data", §4
//! "Lead form"; docs/features/locations-forms-marketing.md §2 forms, §5 validation, §7, §8):
//! validated on the host against a per-form allow-list, stored with one outbox row per delivery
//! destination in one transaction before the answer, made idempotent by the form's key, and
//! delivered to the dealer at least once by [`delivery::run_worker`] (one task per destination:
//! signed JSON webhook, ADF 1.0 XML email built by [`adf`]). The admin's paged, filtered listing of
//! leads, their CSV export, the deliveries and the retry of a dead delivery are in [`admin`]; the
//! extra data a form keeps beside a lead (`POST /api/miscellaneous`) in [`misc`]; the lead's
//! reference and the shopper's receipt (email, and SMS when they chose it), delivered through the
//! same outbox, in [`receipt`].

pub mod adf;
pub mod admin;
pub mod delivery;
pub mod intake;
pub mod lender;
pub mod misc;
pub mod receipt;

pub use intake::*;
