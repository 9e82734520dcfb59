//! The error of loading tenants and their content: [`TenantError`] names the file, the key and
//! the reason.

use std::path::{Path, PathBuf};

/// Error loading tenants: the file, the key and the reason.
#[derive(Debug, thiserror::Error)]
pub enum TenantError {
    /// The tenants directory cannot be read.
    #[error("cannot read tenants directory {dir}: {reason}")]
    Dir {
        /// Directory.
        dir: PathBuf,
        /// OS error.
        reason: String,
    },
    /// A `tenant.toml` is invalid.
    #[error("{file}: key `{key}`: {reason}")]
    Invalid {
        /// The file.
        file: PathBuf,
        /// Dotted key path (`locations.2.address.postcode`).
        key: String,
        /// Why.
        reason: String,
    },
    /// Parse errors as figment reports them (already name file and key).
    #[error("{0}")]
    Parse(String),
    /// No tenant at all.
    #[error("no tenants found in {0} (expected <slug>/tenant.toml folders)")]
    None(PathBuf),
}

/// A [`TenantError::Invalid`] for `file`, dotted `key` (`locations.2.address.postcode`, or `""`
/// for the whole file) and `reason`.
pub(crate) fn invalid(file: &Path, key: impl Into<String>, reason: impl Into<String>) -> TenantError {
    TenantError::Invalid {
        file: file.to_owned(),
        key: key.into(),
        reason: reason.into(),
    }
}
