//! Every repository query is scoped to its tenant: two tenants with the same slugs, stock numbers
//! and VINs never see each other's rows, and writes of one never touch the other.

mod common;

use common::{tenant_toml, test_db, write_tenants};
use forecourt_host::{
    repo::TenantRepo,
    stock::{ImportOptions, import_feed},
    tenant::{FeedFormat, FeedMode},
};

const FEED: &str = "stocknum,vin,slug,year,make,model,price,car_type,location_slug\n\
S1,WDDHF5GB7BA292772,same-slug,2019,Mercedes-Benz,C-Class,{price},used,{slug}-sales\n\
S2,,,2020,Toyota,Corolla,19990,used,\n";

fn opts(source: &str) -> ImportOptions {
    ImportOptions {
        source: source.into(),
        format: FeedFormat::Csv,
        mode: Some(FeedMode::Full),
        mapping: None,
        mapping_text: None,
        progress: false,
        now: 1_795_000_000,
    }
}

#[tokio::test]
async fn every_repository_query_is_scoped_to_its_tenant() {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha")), ("beta", tenant_toml("beta"))]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    for (slug, price) in [("alpha", "11111"), ("beta", "22222")] {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        let feed = FEED.replace("{slug}", slug).replace("{price}", price);
        let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts("feed")).await.unwrap();
        assert_eq!(r.inserted, 2, "same stocknum, VIN and slug are fine in another tenant: {r:?}");
    }
    let a = TenantRepo::new(&tdb.db, "alpha");
    let b = TenantRepo::new(&tdb.db, "beta");
    assert_eq!(a.tenant(), "alpha");

    // car_by_slug / car_by_stocknum / cars / car_counts
    assert_eq!(a.car_by_slug("same-slug").await.unwrap().unwrap().price, 11111.0);
    assert_eq!(b.car_by_slug("same-slug").await.unwrap().unwrap().price, 22222.0);
    assert_eq!(a.car_by_stocknum("S1").await.unwrap().unwrap().price, 11111.0);
    assert_eq!(b.car_by_stocknum("S1").await.unwrap().unwrap().price, 22222.0);
    assert!(a.cars(100, 0).await.unwrap().iter().all(|c| c.dealership_slug == "alpha-dealer"));
    assert!(b.cars(100, 0).await.unwrap().iter().all(|c| c.dealership_slug == "beta-dealer"));
    assert_eq!(a.car_counts().await.unwrap(), vec![("in_stock".to_string(), 2)]);
    let gamma = TenantRepo::new(&tdb.db, "gamma");
    assert!(gamma.car_by_slug("same-slug").await.unwrap().is_none());
    assert!(gamma.car_by_stocknum("S1").await.unwrap().is_none());
    assert!(gamma.cars(100, 0).await.unwrap().is_empty());
    assert!(gamma.car_counts().await.unwrap().is_empty());

    // dealerships / locations / location
    assert_eq!(
        a.dealerships().await.unwrap().iter().map(|d| d.slug.as_str()).collect::<Vec<_>>(),
        vec!["alpha-dealer"]
    );
    assert!(gamma.dealerships().await.unwrap().is_empty());
    let a_locs = a.locations(true).await.unwrap();
    assert_eq!(a_locs.len(), 2);
    assert!(a_locs.iter().all(|l| l.dealership_slug == "alpha-dealer"));
    assert_eq!(a.locations(false).await.unwrap().len(), 1);
    let b_loc = b.locations(false).await.unwrap().remove(0);
    assert!(
        a.location(b_loc.id).await.unwrap().is_none(),
        "another tenant's location id is not found"
    );
    assert!(b.location(b_loc.id).await.unwrap().is_some());
    assert_eq!(b_loc.contact_detail.opening_hours.len(), 1, "only its own hours");

    // last_import
    assert!(a.last_import("feed").await.unwrap().is_some());
    assert!(gamma.last_import("feed").await.unwrap().is_none());

    // Writes: a full feed for alpha without S2 marks only alpha's S2 sold.
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let only_s1 = FEED
        .lines()
        .take(2)
        .collect::<Vec<_>>()
        .join("\n")
        .replace("{slug}", "alpha")
        .replace("{price}", "11111");
    let r = import_feed(&tdb.db, &t, only_s1.as_bytes(), opts("feed")).await.unwrap();
    assert_eq!(r.marked_sold, 1);
    assert_eq!(a.car_by_stocknum("S2").await.unwrap().unwrap().status, "sold");
    assert_eq!(b.car_by_stocknum("S2").await.unwrap().unwrap().status, "in_stock");

    // sync_config of one tenant never touches another's locations.
    let mut cfg = t.config.clone();
    cfg.locations.truncate(1);
    a.sync_config(&cfg).await.unwrap();
    assert_eq!(a.locations(true).await.unwrap().len(), 1);
    assert_eq!(b.locations(true).await.unwrap().len(), 2);
}
