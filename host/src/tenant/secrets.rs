//! Tenants' secrets: the environment variables a tenant folder may name for its credentials and
//! secrets (docs/operations.md "Tenants' secrets"). A tenant folder is the tenant's to write
//! (SECURITY.md), so it names only variables of its own prefix, never the host's or a neighbour's.

use std::path::Path;

use super::error::{TenantError, invalid};

/// The prefix of the environment variables tenant `slug` may name in its credentials and secrets
/// (`acme-motors` -> `ACME_MOTORS__`): the slug upper-cased, `-` as `_`, then two underscores.
/// A tenant slug has no `--` and no `-` at either end, so no tenant's prefix starts another's
/// (`acme`'s `ACME__` cannot read `ACME_MOTORS__KEY`). docs/operations.md "Tenants' secrets".
pub fn tenant_env_prefix(slug: &str) -> String {
    format!("{}__", slug.to_ascii_uppercase().replace('-', "_"))
}

/// A variable a tenant names for a secret (`key`, e.g. `leads.webhook_secret_env`): it must be one
/// of the tenant's own ([`tenant_env_prefix`] followed
/// by at least one character), so a tenant folder can never read the host's settings or another
/// tenant's secrets. Errors: [`TenantError::Invalid`] naming `key` and the prefix.
pub(crate) fn check_secret_env(file: &Path, key: &str, slug: &str, var: &str) -> Result<(), TenantError> {
    let prefix = tenant_env_prefix(slug);
    let own = var.len() > prefix.len()
        && var.starts_with(&prefix)
        && var.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    if own {
        Ok(())
    } else {
        Err(invalid(
            file,
            key,
            format!("must name an environment variable of this tenant's own, starting with `{prefix}` (upper-case letters, digits and _)"),
        ))
    }
}
