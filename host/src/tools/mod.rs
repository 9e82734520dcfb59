//! The tools of the vehicle detail page and the trade-in form as domain services: each takes the
//! platform or the tenant and the shopper's input, applies the rules and answers a shape the JSON
//! API sends as is, or a [`crate::error::Error`]. The handlers in `http::api` only parse and wrap.
//!
//! - [`delivery`]: the delivery estimate from the postcode table and the tenant's distance bands.
//! - [`gauge`]: the price comparison gauge (autogauge) of a car.
//! - [`trade_in`]: the online trade-in estimate and its adjustment questions.
//! - [`rego`]: the registration lookup through the tenant's service.
//! - [`finance`]: the finance calculator's repayment through the tenant's lender.
//! - [`quote`]: the per-car weekly finance quote and its comparison rate.
//! - [`appointments`]: test-drive slots from a location's opening and holiday hours.

pub mod appointments;
pub mod delivery;
pub mod finance;
pub mod gauge;
pub mod quote;
pub mod rego;
pub mod trade_in;
