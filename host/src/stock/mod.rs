//! Stock: the canonical Car fields, feed parsing and validation, column mapping and the
//! transactional import (docs/features/platform.md "Stock import"), and the search change journal
//! every stock write adds to ([`journal`]).

pub mod fields;
pub mod history;
pub mod import;
pub mod jobs;
pub mod journal;
pub mod mapping;
mod records;
mod staging;
pub mod validate;

pub use import::{ImportOptions, ImportReport, RowError, import_feed};
