//! One function per public route's document, grouped by area; `document.rs` dispatches on the
//! route id and assembles the HTML. Each page function reads the request's context
//! ([`context::Cx`]), calls the same domain services as the JSON handlers, and fills the head
//! tags and the inline data ([`context::Out`]).

pub mod content;
pub mod context;
pub mod site;
pub mod stock;
