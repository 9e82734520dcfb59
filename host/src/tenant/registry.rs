//! Loading tenants from disk (`tenants/<slug>/tenant.toml` and the content files) and the
//! registry that finds a tenant by slug or by a request's `Host`.

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::Arc,
};

use figment::{
    Figment,
    providers::{Format, Toml},
};

use super::{
    config::{DEFAULT_INCLUDE_SOLD_CARS_DAYS, TenantConfig},
    error::{TenantError, invalid},
    validate::validate,
};
use crate::{
    config::describe_figment_error,
    content::{self, site::Content},
};

/// A loaded, validated tenant.
#[derive(Debug)]
pub struct Tenant {
    /// The parsed configuration.
    pub config: TenantConfig,
    /// The tenant's folder (feeds and mapping paths are relative to it).
    pub dir: PathBuf,
    /// The content files, rendered at load (`crate::content`).
    pub content: Content,
}

impl Tenant {
    /// The tenant key used in every storage query.
    pub fn slug(&self) -> &str {
        &self.config.slug
    }

    /// Sold-car visibility window of a dealership in days (default 3).
    pub fn include_sold_cars_days(&self, dealership_slug: &str) -> u32 {
        self.config
            .dealerships
            .iter()
            .find(|d| d.slug == dealership_slug)
            .and_then(|d| d.config.include_sold_cars_days)
            .unwrap_or(DEFAULT_INCLUDE_SOLD_CARS_DAYS)
    }
}

/// All tenants, resolvable by slug and by host name.
#[derive(Debug, Default)]
pub struct TenantRegistry {
    by_slug: BTreeMap<String, Arc<Tenant>>,
    by_host: HashMap<String, Arc<Tenant>>,
}

impl TenantRegistry {
    /// Reads and validates every `<dir>/<slug>/tenant.toml` (folders starting with `_` or `.` are
    /// skipped) with its content files, in folder-name order. Any invalid file fails the whole
    /// load. Errors: [`TenantError::Dir`] when `dir` cannot be read, [`TenantError::None`] when it
    /// holds no tenant, else the first tenant's error ([`load_tenant`], [`Self::from_tenants`]).
    pub fn load_dir(dir: &Path) -> Result<TenantRegistry, TenantError> {
        let entries = std::fs::read_dir(dir).map_err(|e| TenantError::Dir {
            dir: dir.to_owned(),
            reason: e.to_string(),
        })?;
        let mut folders: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.join("tenant.toml").is_file())
            .filter(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                !name.starts_with('_') && !name.starts_with('.')
            })
            .collect();
        folders.sort();
        let mut tenants = Vec::new();
        for folder in folders {
            tenants.push(load_tenant(&folder)?);
        }
        if tenants.is_empty() {
            return Err(TenantError::None(dir.to_owned()));
        }
        TenantRegistry::from_tenants(tenants)
    }

    /// Builds a registry from loaded tenants, each reachable by its slug, its `hosts` and
    /// `<slug>.localhost`. Errors: [`TenantError::Invalid`] naming the second tenant's file when
    /// two tenants share a slug or a host.
    pub fn from_tenants(tenants: Vec<Tenant>) -> Result<TenantRegistry, TenantError> {
        let mut reg = TenantRegistry::default();
        for t in tenants {
            let t = Arc::new(t);
            let file = t.dir.join("tenant.toml");
            if reg.by_slug.insert(t.slug().to_string(), t.clone()).is_some() {
                return Err(TenantError::Invalid {
                    file,
                    key: "slug".into(),
                    reason: format!("slug `{}` is used by another tenant", t.slug()),
                });
            }
            let mut hosts: Vec<String> = t.config.hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
            hosts.push(format!("{}.localhost", t.slug()));
            for (i, host) in hosts.into_iter().enumerate() {
                if let Some(other) = reg.by_host.insert(host.clone(), t.clone()) {
                    return Err(TenantError::Invalid {
                        file,
                        key: format!("hosts.{i}"),
                        reason: format!("host `{host}` is already claimed by tenant `{}`", other.slug()),
                    });
                }
            }
        }
        Ok(reg)
    }

    /// The tenant for a `Host` header value (port and trailing dot ignored, case-insensitive), or
    /// None when no tenant claims the host.
    pub fn by_host(&self, host: &str) -> Option<&Arc<Tenant>> {
        let host = host.trim().trim_end_matches('.');
        let host = match host.rsplit_once(':') {
            // Keep IPv6 literals like [::1] intact; strip a trailing :port otherwise.
            Some((h, port)) if !h.ends_with(']') || h.starts_with('[') => {
                if port.chars().all(|c| c.is_ascii_digit()) {
                    h
                } else {
                    host
                }
            }
            _ => host,
        };
        self.by_host.get(&host.trim_end_matches('.').to_ascii_lowercase())
    }

    /// The tenant with this slug, or None.
    pub fn by_slug(&self, slug: &str) -> Option<&Arc<Tenant>> {
        self.by_slug.get(slug)
    }

    /// All tenants in slug order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Tenant>> {
        self.by_slug.values()
    }
}

/// Loads one tenant folder: parses and validates `<folder>/tenant.toml`, then reads its content
/// files (`<folder>/content/` over the `content_defaults` folder). Returns the tenant. Errors:
/// [`TenantError::Parse`] for a file serde refuses, [`TenantError::Invalid`] naming the file and
/// key for a failed check (including the content files').
pub fn load_tenant(folder: &Path) -> Result<Tenant, TenantError> {
    let file = folder.join("tenant.toml");
    let config: TenantConfig = Figment::from(Toml::file_exact(&file))
        .extract()
        .map_err(|e| TenantError::Parse(describe_figment_error(e)))?;
    validate(&config, folder, &file)?;
    let defaults = config.content_defaults.as_ref().map(|d| folder.join(d));
    if let Some(d) = &defaults
        && (config.content_defaults.as_ref().is_some_and(|c| c.is_absolute()) || !d.is_dir())
    {
        return Err(invalid(&file, "content_defaults", "must be a folder relative to the tenant folder"));
    }
    let content = content::site::load(folder, defaults.as_deref(), &config.slug, &config.name)?;
    Ok(Tenant {
        config,
        dir: folder.to_owned(),
        content,
    })
}
