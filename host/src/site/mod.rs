//! The site a shopper visits, apart from its stock: the public settings ([`settings`]), the
//! navigation ([`navigation`]), offers and brands ([`offers`]), reviews ([`reviews`]) and the
//! dealer locator ([`locator`]). The JSON handlers (`http::api::site`, `http::api::tenant`) and
//! the documents (`http::web::pages`) both call these.

pub mod locator;
pub mod navigation;
pub mod offers;
pub mod reviews;
pub mod settings;
