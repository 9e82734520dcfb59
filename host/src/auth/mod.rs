//! Sign-in by SMS code, host sessions and the signed-in shopper's watchlist.
//!
//! - [`codes`]: phones, codes, hashing, limits, the session store, [`User`], [`sign_in()`] and
//!   [`current_user`] (re-exported here).
//! - [`mod@sign_in`]: sending a code and checking it, with their storage.
//! - [`watchlist`]: saving, removing and listing a shopper's cars.

pub mod codes;
pub mod sign_in;
pub mod watchlist;

pub use codes::*;
