//! `forecourt plugin sample-cars --tenant <slug> [--count N]`: real input cars for
//! `forecourt plugin run`. The tenant's `[[stock.feeds]]` (its demo stock) are imported by the
//! real importer into a throw-away SQLite database, read back as stored cars and converted to the
//! WIT car exactly as the host converts them for a plugin call (`since_v0_1_0::car`). The sample
//! mixes the kinds of car a plugin meets, as far as the stock has them: new, demo and used; in
//! stock, coming soon and sold; reduced prices; electric and hybrid; low and high odometers;
//! feed tags, reserved and certified cars.

use std::path::PathBuf;

use crate::{
    cli::plugin_kit::input::CarJson,
    db::Db,
    feeds::import_changed_feeds,
    model::Car,
    plugins::since_v0_1_0 as wit,
    repo::TenantRepo,
    tenant::{TenantRegistry, load_tenant},
};

/// Most cars `sample-cars` prints (the host's batch size: one call's worth).
pub const MAX_COUNT: usize = 100;

/// A temporary folder removed on drop.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What makes cars different for a plugin: (dimension, value) pairs of condition, status,
/// reduced price, fuel family, odometer band (at most 20,000 km, more, unknown), feed tag,
/// reserved and certified.
fn traits(c: &Car) -> [(&'static str, String); 8] {
    let fuel = c.simple_fuel.as_deref().unwrap_or("").to_ascii_lowercase();
    let family = if fuel.contains("hybrid") {
        "hybrid"
    } else if fuel.contains("electric") {
        "electric"
    } else {
        "other"
    };
    let km = match c.km {
        Some(k) if k <= 20_000 => "low",
        Some(_) => "high",
        None => "unknown",
    };
    [
        ("car_type", c.car_type.clone()),
        ("status", c.status.clone()),
        ("reduced", c.before_price.is_some_and(|b| b > c.price && c.price > 0.0).to_string()),
        ("fuel", family.to_string()),
        ("km", km.to_string()),
        ("tag", c.tag.as_deref().is_some_and(|t| !t.trim().is_empty()).to_string()),
        ("reserved", c.reserved.0.to_string()),
        ("certified", c.certified.0.to_string()),
    ]
}

/// Up to `count` of `cars`, picked greedily so each next car shows the most (dimension, value)
/// pairs of [`traits`] not yet in the sample (ties: the lowest id), so a small sample is as
/// varied as the stock allows; in id order; deterministic for the same stock.
pub fn pick_varied(mut cars: Vec<Car>, count: usize) -> Vec<Car> {
    cars.sort_by_key(|c| c.id);
    let mut seen: std::collections::HashSet<(&'static str, String)> = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count.min(cars.len()));
    while out.len() < count && !cars.is_empty() {
        let best = (0..cars.len())
            .max_by_key(|&i| {
                let new = traits(&cars[i]).into_iter().filter(|t| !seen.contains(t)).count();
                (new, std::cmp::Reverse(i))
            })
            .unwrap_or(0);
        let car = cars.remove(best);
        seen.extend(traits(&car));
        out.push(car);
    }
    out.sort_by_key(|c| c.id);
    out
}

/// `count` (1..=[`MAX_COUNT`]) varied cars of tenant `slug` from its demo stock, in the runner's
/// JSON form. Errors: an unknown tenant or an invalid tenant file, a tenant with no feeds or no
/// cars, a feed that cannot be imported.
pub async fn sample_cars(tenants_dir: &std::path::Path, slug: &str, count: usize) -> anyhow::Result<Vec<CarJson>> {
    if count == 0 || count > MAX_COUNT {
        anyhow::bail!("--count: {count} is not 1..={MAX_COUNT}");
    }
    let folder = tenants_dir.join(slug);
    if !folder.join("tenant.toml").is_file() {
        anyhow::bail!("--tenant: no tenant `{slug}` ({} has no tenant.toml)", folder.display());
    }
    let tenant = load_tenant(&folder)?;
    if tenant.config.stock.feeds.is_empty() {
        anyhow::bail!("--tenant {slug}: the tenant lists no [[stock.feeds]] to take cars from");
    }
    let provider = tenant.config.finance.provider.clone();
    let registry = TenantRegistry::from_tenants(vec![tenant])?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = TempDir(std::env::temp_dir().join(format!("forecourt-sample-{}-{nanos}", std::process::id())));
    std::fs::create_dir_all(&tmp.0)?;
    let db = Db::connect(&format!("sqlite://{}", tmp.0.join("sample.db").display())).await?;
    let cars = async {
        for t in registry.iter() {
            TenantRepo::new(&db, t.slug()).sync_config(&t.config).await?;
        }
        import_changed_feeds(&db, &registry).await?;
        Ok::<_, anyhow::Error>(TenantRepo::new(&db, slug).cars(100_000, 0).await?)
    }
    .await;
    db.pool.close().await;
    let cars = cars?;
    if cars.is_empty() {
        anyhow::bail!("--tenant {slug}: its feeds gave no cars");
    }
    Ok(pick_varied(cars, count)
        .iter()
        .map(|c| CarJson::from(&wit::car(c, provider.as_deref())))
        .collect())
}
