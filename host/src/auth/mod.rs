//! Sign-in by SMS code, host sessions and the signed-in shopper's watchlist.
//!
//! - [`codes`]: phones, codes, the per-IP send limits, the session store, [`User`], [`sign_in()`] and
//!   [`current_user`] (re-exported here).
//! - [`keys`]: the keyed hash (HMAC-SHA-256 with the server's code secret) codes are stored as.
//! - [`mod@sign_in`]: sending a code and checking it, the lockout, with their storage.
//! - [`sms`]: the SMS provider adapter and its outbox (bodies stored redacted).
//! - [`watchlist`]: saving, removing and listing a shopper's cars.

pub mod codes;
pub mod keys;
pub mod sign_in;
pub mod sms;
pub mod watchlist;

pub use codes::*;
