//! Repository layer. Every query is scoped by the tenant key the host resolved from the request
//! (never one from the client): a [`TenantRepo`] can only be built for one tenant and adds
//! `tenant = $1` to every statement. Implements docs/features/platform.md "Foundation".

use std::collections::HashMap;

use sqlx::{AnyPool, Row};

use crate::{
    db::{Db, Engine, bind_opt_f64},
    model::{Address, Car, ContactDetails, Dealership, Location, OpeningHourEntry, SpecialHourEntry, car_select, format_hours},
    tenant::TenantConfig,
};

/// Storage access for one tenant.
#[derive(Debug, Clone)]
pub struct TenantRepo {
    pool: AnyPool,
    engine: Engine,
    tenant: String,
}

/// The last successful import of a feed source.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ImportLogEntry {
    /// sha256 of the feed version (bytes, mapping, mode).
    pub sha256: String,
    /// Finished at, unix seconds.
    pub finished_at: i64,
}

impl TenantRepo {
    /// A repository that only ever sees `tenant`'s rows.
    pub fn new(db: &Db, tenant: &str) -> TenantRepo {
        TenantRepo {
            pool: db.pool.clone(),
            engine: db.engine,
            tenant: tenant.to_string(),
        }
    }

    /// The tenant key this repository is bound to.
    pub fn tenant(&self) -> &str {
        &self.tenant
    }

    /// Writes the tenant's dealerships, locations and hours from its config in one transaction:
    /// upserts by slug (ids stay stable), replaces hours, removes locations no longer configured
    /// (their cars keep their dealership and lose the location). Errors: the storage error; then
    /// nothing is written.
    pub async fn sync_config(&self, cfg: &TenantConfig) -> Result<(), sqlx::Error> {
        let t = &self.tenant;
        let mut tx = self.pool.begin().await?;
        let mut dealer_ids = HashMap::new();
        for d in &cfg.dealerships {
            let id: i64 = sqlx::query(
                "INSERT INTO dealerships (tenant, slug, name, manufacturer, state, youtube_url, config) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (tenant, slug) DO UPDATE SET name = excluded.name, manufacturer = excluded.manufacturer, state = excluded.state, \
                 youtube_url = excluded.youtube_url, config = excluded.config RETURNING id",
            )
            .bind(t)
            .bind(&d.slug)
            .bind(&d.name)
            .bind(d.manufacturer.clone())
            .bind(d.state.clone())
            .bind(d.youtube_url.clone())
            .bind(serde_json::to_string(&d.config).expect("config serialises"))
            .fetch_one(&mut *tx)
            .await?
            .try_get("id")?;
            dealer_ids.insert(d.slug.as_str(), id);
        }
        let keep: Vec<&str> = cfg.locations.iter().map(|l| l.slug.as_str()).collect();
        let existing = sqlx::query_as::<_, IdSlug>("SELECT id, slug FROM locations WHERE tenant = $1")
            .bind(t)
            .fetch_all(&mut *tx)
            .await?;
        for IdSlug { id, slug } in existing.iter().filter(|l| !keep.contains(&l.slug.as_str())) {
            tracing::info!(tenant = %t, location = %slug, "location removed from config");
            sqlx::query("UPDATE cars SET location_id = NULL WHERE tenant = $1 AND location_id = $2")
                .bind(t)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            for table in ["opening_hours", "special_hours"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE tenant = $1 AND location_id = $2"))
                    .bind(t)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query("DELETE FROM locations WHERE tenant = $1 AND id = $2")
                .bind(t)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        for l in &cfg.locations {
            let a = &l.address;
            let c = &l.contact_detail;
            let location_type = if l.location_type.is_empty() {
                "sales"
            } else {
                l.location_type.as_str()
            };
            let q = sqlx::query(
                "INSERT INTO locations (tenant, slug, dealership_id, name, is_primary, visible, location_type, location_subtype, manufacturers, upcoming, \
                 street, city, state, postcode, lat, long, place_url, place_id, map_key, phone, landline_phone, email, image_url, \
                 dealer_license_number, motor_vehicle_repairer, average_rating, review_count, distribution_locations) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28) \
                 ON CONFLICT (tenant, slug) DO UPDATE SET dealership_id = excluded.dealership_id, name = excluded.name, is_primary = excluded.is_primary, \
                 visible = excluded.visible, location_type = excluded.location_type, location_subtype = excluded.location_subtype, \
                 manufacturers = excluded.manufacturers, upcoming = excluded.upcoming, street = excluded.street, city = excluded.city, \
                 state = excluded.state, postcode = excluded.postcode, lat = excluded.lat, long = excluded.long, place_url = excluded.place_url, \
                 place_id = excluded.place_id, map_key = excluded.map_key, phone = excluded.phone, landline_phone = excluded.landline_phone, \
                 email = excluded.email, image_url = excluded.image_url, dealer_license_number = excluded.dealer_license_number, \
                 motor_vehicle_repairer = excluded.motor_vehicle_repairer, average_rating = excluded.average_rating, \
                 review_count = excluded.review_count, distribution_locations = excluded.distribution_locations RETURNING id",
            )
            .bind(t)
            .bind(&l.slug)
            .bind(dealer_ids[l.dealership.as_str()])
            .bind(&l.name)
            .bind(l.primary as i64)
            .bind(l.visible as i64)
            .bind(location_type)
            .bind(l.location_subtype.clone())
            .bind(serde_json::to_string(&l.manufacturers).expect("list"))
            .bind(l.upcoming as i64)
            .bind(a.street.clone())
            .bind(&a.city)
            .bind(&a.state)
            .bind(&a.postcode)
            .bind(a.lat)
            .bind(a.long)
            .bind(a.place_url.clone())
            .bind(a.place_id.clone())
            .bind(a.map_key.clone())
            .bind(c.phone.clone())
            .bind(c.landline_phone.clone())
            .bind(c.email.clone())
            .bind(l.image_url.clone())
            .bind(l.dealer_license_number.clone())
            .bind(l.motor_vehicle_repairer.clone());
            let id: i64 = bind_opt_f64(q, l.average_rating)
                .bind(l.review_count.map(i64::from))
                .bind(serde_json::to_string(&l.distribution_locations).expect("list"))
                .fetch_one(&mut *tx)
                .await?
                .try_get("id")?;
            for table in ["opening_hours", "special_hours"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE tenant = $1 AND location_id = $2"))
                    .bind(t)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            for h in &l.opening_hours {
                sqlx::query("INSERT INTO opening_hours (tenant, location_id, weekday, status, open_time, close_time) VALUES ($1, $2, $3, $4, $5, $6)")
                    .bind(t)
                    .bind(id)
                    .bind(i64::from(h.weekday))
                    .bind(&h.status)
                    .bind(h.open.clone())
                    .bind(h.close.clone())
                    .execute(&mut *tx)
                    .await?;
            }
            for h in &l.special_hours {
                sqlx::query(
                    "INSERT INTO special_hours (tenant, location_id, date, status, start_hour, end_hour) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(t)
                .bind(id)
                .bind(&h.date)
                .bind(&h.status)
                .bind(h.start_hour.clone())
                .bind(h.end_hour.clone())
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await
    }

    /// The tenant's dealerships, by name.
    pub async fn dealerships(&self) -> Result<Vec<Dealership>, sqlx::Error> {
        sqlx::query_as::<_, Dealership>(
            "SELECT id, slug, name, manufacturer, state, youtube_url, config FROM dealerships WHERE tenant = $1 ORDER BY name, id",
        )
        .bind(&self.tenant)
        .fetch_all(&self.pool)
        .await
    }

    /// The tenant's locations with their weekly and holiday hours, primary first, then by name;
    /// hidden ones (`visible = false`) only when `include_hidden`. Rows are read by column name.
    /// Errors: the storage error.
    pub async fn locations(&self, include_hidden: bool) -> Result<Vec<Location>, sqlx::Error> {
        self.load_locations(if include_hidden { "" } else { " AND l.visible = 1" }, None)
            .await
    }

    /// The visible location with row id `id`, with its hours; None when the tenant has no such
    /// visible location. Errors: the storage error.
    pub async fn location(&self, id: i64) -> Result<Option<Location>, sqlx::Error> {
        Ok(self
            .load_locations(" AND l.visible = 1 AND l.id = $2", Some(id))
            .await?
            .into_iter()
            .next())
    }

    async fn load_locations(&self, filter: &str, id: Option<i64>) -> Result<Vec<Location>, sqlx::Error> {
        let sql = format!(
            "SELECT l.id, l.slug, l.name, l.is_primary, l.visible, l.location_type, l.location_subtype, l.manufacturers, l.upcoming, \
             l.dealership_id, d.slug AS dealership_slug, l.street, l.city, l.state, l.postcode, l.lat, l.long, l.place_url, l.place_id, \
             l.map_key, l.phone, l.landline_phone, l.email, l.image_url, l.dealer_license_number, l.motor_vehicle_repairer, \
             l.average_rating, l.review_count, l.distribution_locations \
             FROM locations l JOIN dealerships d ON d.id = l.dealership_id AND d.tenant = l.tenant \
             WHERE l.tenant = $1{filter} ORDER BY l.is_primary DESC, l.name, l.id"
        );
        let mut q = sqlx::query_as::<_, LocationRow>(&sql).bind(&self.tenant);
        if let Some(id) = id {
            q = q.bind(id);
        }
        let rows = q.fetch_all(&self.pool).await?;
        let mut hours: HashMap<i64, Vec<OpeningHourEntry>> = HashMap::new();
        for r in sqlx::query_as::<_, HourRow>(
            "SELECT location_id, weekday, status, open_time, close_time FROM opening_hours WHERE tenant = $1 ORDER BY location_id, weekday",
        )
        .bind(&self.tenant)
        .fetch_all(&self.pool)
        .await?
        {
            hours.entry(r.location_id).or_default().push(OpeningHourEntry {
                weekday: r.weekday,
                formated_hours: format_hours(&r.status, r.open_time.as_deref(), r.close_time.as_deref()),
                status: r.status,
                open: r.open_time,
                close: r.close_time,
            });
        }
        let mut special: HashMap<i64, Vec<SpecialHourEntry>> = HashMap::new();
        for r in sqlx::query_as::<_, SpecialHourRow>(
            "SELECT location_id, date, status, start_hour, end_hour FROM special_hours WHERE tenant = $1 ORDER BY location_id, date",
        )
        .bind(&self.tenant)
        .fetch_all(&self.pool)
        .await?
        {
            special.entry(r.location_id).or_default().push(SpecialHourEntry {
                location_id: r.location_id,
                date: r.date,
                status: r.status,
                start_hour: r.start_hour,
                end_hour: r.end_hour,
            });
        }
        Ok(rows
            .into_iter()
            .map(|r| {
                let (opening_hours, special_hours) = (hours.remove(&r.id).unwrap_or_default(), special.remove(&r.id).unwrap_or_default());
                r.into_location(opening_hours, special_hours)
            })
            .collect())
    }

    /// A car by slug, as a shopper may see it: shown on the dealer website and with a shown status
    /// (in_stock, coming_soon or sold; docs/features/shopper-core.md §3). None for another tenant's slug.
    pub async fn car_by_slug(&self, slug: &str) -> Result<Option<Car>, sqlx::Error> {
        let sql = format!(
            "{} WHERE c.tenant = $1 AND c.slug = $2 AND c.show_on_dealer_website = 1 AND c.status IN ('in_stock', 'coming_soon', 'sold')",
            car_select(self.engine)
        );
        sqlx::query_as::<_, Car>(&sql)
            .bind(&self.tenant)
            .bind(slug)
            .fetch_optional(&self.pool)
            .await
    }

    /// The slug of the tenant's car with this id, whatever its status (links from stored
    /// records such as reservations). None for another tenant's id.
    pub async fn car_slug(&self, id: i64) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar::<_, String>("SELECT slug FROM cars WHERE tenant = $1 AND id = $2")
            .bind(&self.tenant)
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A car by stock number, whatever its status (admin and import use).
    pub async fn car_by_stocknum(&self, stocknum: &str) -> Result<Option<Car>, sqlx::Error> {
        let sql = format!("{} WHERE c.tenant = $1 AND c.stocknum = $2", car_select(self.engine));
        sqlx::query_as::<_, Car>(&sql)
            .bind(&self.tenant)
            .bind(stocknum)
            .fetch_optional(&self.pool)
            .await
    }

    /// Cars of the tenant ordered by id, `limit` from `offset` (every status).
    pub async fn cars(&self, limit: i64, offset: i64) -> Result<Vec<Car>, sqlx::Error> {
        let sql = format!("{} WHERE c.tenant = $1 ORDER BY c.id LIMIT $2 OFFSET $3", car_select(self.engine));
        sqlx::query_as::<_, Car>(&sql)
            .bind(&self.tenant)
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.pool)
            .await
    }

    /// At most `limit` cars of the tenant with ids above `after_id`, in id order (a keyset page:
    /// reading every car in pages costs the same per page at any depth). Errors: the storage
    /// error.
    pub async fn cars_after(&self, after_id: i64, limit: i64) -> Result<Vec<Car>, sqlx::Error> {
        let sql = format!(
            "{} WHERE c.tenant = $1 AND c.id > $2 ORDER BY c.id LIMIT $3",
            car_select(self.engine)
        );
        sqlx::query_as::<_, Car>(&sql)
            .bind(&self.tenant)
            .bind(after_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    /// At most `limit` of the tenant's cars on sale (in_stock or coming_soon, shown on the dealer
    /// website) with ids above `after_id`, in id order (a keyset page, as the listings feeds and
    /// the readiness report read them); only those `source` supplied when it is given (the feed
    /// source of an import). Errors: the storage error.
    pub async fn cars_on_sale_after(&self, after_id: i64, limit: i64, source: Option<&str>) -> Result<Vec<Car>, sqlx::Error> {
        let sql = format!(
            "{} WHERE c.tenant = $1 AND c.id > $2 AND c.show_on_dealer_website = 1 AND c.status IN ('in_stock', 'coming_soon'){} \
             ORDER BY c.id LIMIT $3",
            car_select(self.engine),
            if source.is_some() { " AND c.feed_source = $4" } else { "" }
        );
        let mut q = sqlx::query_as::<_, Car>(&sql).bind(&self.tenant).bind(after_id).bind(limit);
        if let Some(s) = source {
            q = q.bind(s.to_string());
        }
        q.fetch_all(&self.pool).await
    }

    /// Those of these car `ids` (at most 200 are read) that are on sale (shown, in stock or coming
    /// soon) and came from feed `source`, in id order (the readiness summary's replay of the
    /// change journal). Errors: the storage error.
    pub async fn cars_on_sale_by_ids(&self, ids: &[i64], source: &str) -> Result<Vec<Car>, sqlx::Error> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let ids = &ids[..ids.len().min(200)];
        let marks: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 3)).collect();
        let sql = format!(
            "{} WHERE c.tenant = $1 AND c.feed_source = $2 AND c.show_on_dealer_website = 1 \
             AND c.status IN ('in_stock', 'coming_soon') AND c.id IN ({}) ORDER BY c.id",
            car_select(self.engine),
            marks.join(", ")
        );
        let mut q = sqlx::query_as::<_, Car>(&sql).bind(&self.tenant).bind(source.to_string());
        for id in ids {
            q = q.bind(*id);
        }
        q.fetch_all(&self.pool).await
    }

    /// Cars of the tenant with these ids, in the order of `ids` (search hits; missing ids are
    /// skipped). At most 200 ids.
    pub async fn cars_by_ids(&self, ids: &[i64]) -> Result<Vec<Car>, sqlx::Error> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let ids = &ids[..ids.len().min(200)];
        let marks: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!("{} WHERE c.tenant = $1 AND c.id IN ({})", car_select(self.engine), marks.join(", "));
        let mut q = sqlx::query_as::<_, Car>(&sql).bind(&self.tenant);
        for id in ids {
            q = q.bind(*id);
        }
        let mut by_id: HashMap<i64, Car> = q.fetch_all(&self.pool).await?.into_iter().map(|c| (c.id, c)).collect();
        Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
    }

    /// Available cars (in_stock or coming_soon) shown on the dealer website, newest first, at
    /// most `limit` (sitemap, listing JSON-LD).
    pub async fn available_cars(&self, limit: i64) -> Result<Vec<Car>, sqlx::Error> {
        let sql = format!(
            "{} WHERE c.tenant = $1 AND c.show_on_dealer_website = 1 AND c.status IN ('in_stock', 'coming_soon') \
             ORDER BY c.created_at DESC, c.id DESC LIMIT $2",
            car_select(self.engine)
        );
        sqlx::query_as::<_, Car>(&sql)
            .bind(&self.tenant)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    /// The car types (`new`, `demo`, `used`) of the tenant's cars on sale (in_stock or
    /// coming_soon, shown on the dealer website), each once, in that order (others after, by name).
    /// Errors: the storage error.
    pub async fn car_types_on_sale(&self) -> Result<Vec<String>, sqlx::Error> {
        let mut types: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT car_type FROM cars WHERE tenant = $1 AND show_on_dealer_website = 1 \
             AND status IN ('in_stock', 'coming_soon')",
        )
        .bind(&self.tenant)
        .fetch_all(&self.pool)
        .await?;
        let rank = |t: &str| ["new", "demo", "used"].iter().position(|x| *x == t).unwrap_or(3);
        types.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
        Ok(types)
    }

    /// Number of the tenant's cars by status, as (status, count) ordered by status. Errors: the
    /// storage error.
    pub async fn car_counts(&self) -> Result<Vec<(String, i64)>, sqlx::Error> {
        Ok(
            sqlx::query_as::<_, StatusCount>("SELECT status, COUNT(*) AS n FROM cars WHERE tenant = $1 GROUP BY status ORDER BY status")
                .bind(&self.tenant)
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|r| (r.status, r.n))
                .collect(),
        )
    }

    /// Last successful import of feed `source` (its sha256 and finish time), if any. Errors: the
    /// storage error.
    pub async fn last_import(&self, source: &str) -> Result<Option<ImportLogEntry>, sqlx::Error> {
        sqlx::query_as::<_, ImportLogEntry>(
            "SELECT sha256, finished_at FROM stock_imports WHERE tenant = $1 AND source = $2 ORDER BY id DESC LIMIT 1",
        )
        .bind(&self.tenant)
        .bind(source)
        .fetch_optional(&self.pool)
        .await
    }

    /// Counts one view of the car with `slug` (docs/features/shopper-core.md §7 `view.json`; the host counts
    /// views) in one statement. Returns the new count, or None when no such car is on the site.
    /// Errors: the storage error.
    pub async fn count_view(&self, slug: &str) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query("UPDATE cars SET views = views + 1 WHERE tenant = $1 AND slug = $2 RETURNING views")
            .bind(&self.tenant)
            .bind(slug)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.try_get("views"))
            .transpose()
    }

    /// Stores the lender quote of car `id` (docs/features/shopper-core.md §3 `youxQuote`: weeklyRepaymentAmount,
    /// advertisedRate, comparisonRate) only when the car has none yet, so a quote from the feed
    /// is never overwritten. Returns whether it was stored.
    pub async fn store_quote_if_absent(&self, id: i64, quote: &serde_json::Value) -> Result<bool, sqlx::Error> {
        Ok(
            sqlx::query("UPDATE cars SET youx_quote = $3 WHERE tenant = $1 AND id = $2 AND youx_quote IS NULL")
                .bind(&self.tenant)
                .bind(id)
                .bind(quote.to_string())
                .execute(&self.pool)
                .await?
                .rows_affected()
                == 1,
        )
    }

    /// Logs a phone reveal (docs/features/shopper-core.md §4 "Phone", §7 "Phone-reveal log") at `now` (unix s).
    pub async fn log_phone_reveal(
        &self,
        car_id: i64,
        dealership_id: i64,
        website_id: &str,
        user_agent: Option<&str>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO phone_reveals (tenant, car_id, dealership_id, website_id, user_agent, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&self.tenant)
        .bind(car_id)
        .bind(dealership_id)
        .bind(website_id)
        .bind(user_agent.map(str::to_string))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Phone reveals logged for car `car_id`: (dealership_id, website_id, created_at in unix
    /// seconds), oldest first. Errors: the storage error.
    pub async fn phone_reveals(&self, car_id: i64) -> Result<Vec<(i64, String, i64)>, sqlx::Error> {
        Ok(sqlx::query_as::<_, RevealRow>(
            "SELECT dealership_id, website_id, created_at FROM phone_reveals WHERE tenant = $1 AND car_id = $2 ORDER BY id",
        )
        .bind(&self.tenant)
        .bind(car_id)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| (r.dealership_id, r.website_id, r.created_at))
        .collect())
    }
}

/// A location's id and slug.
#[derive(sqlx::FromRow)]
struct IdSlug {
    id: i64,
    slug: String,
}

/// A `locations` row joined with its dealership's slug, as [`TenantRepo::locations`] reads it.
/// Flags are stored as integers (0 or 1), lists as JSON text.
#[derive(sqlx::FromRow)]
struct LocationRow {
    id: i64,
    slug: String,
    name: String,
    is_primary: i64,
    visible: i64,
    location_type: String,
    location_subtype: Option<String>,
    /// JSON list of manufacturer slugs.
    manufacturers: String,
    upcoming: i64,
    dealership_id: i64,
    dealership_slug: String,
    street: Option<String>,
    city: Option<String>,
    state: Option<String>,
    postcode: Option<String>,
    lat: Option<f64>,
    long: Option<f64>,
    place_url: Option<String>,
    place_id: Option<String>,
    map_key: Option<String>,
    phone: Option<String>,
    landline_phone: Option<String>,
    email: Option<String>,
    image_url: Option<String>,
    dealer_license_number: Option<String>,
    motor_vehicle_repairer: Option<String>,
    average_rating: Option<f64>,
    review_count: Option<i64>,
    /// JSON list of location slugs.
    distribution_locations: String,
}

impl LocationRow {
    /// The location with its weekly and holiday hours; a list that is not JSON reads as empty.
    fn into_location(self, opening_hours: Vec<OpeningHourEntry>, special_hours: Vec<SpecialHourEntry>) -> Location {
        let list = |s: &str| serde_json::from_str::<Vec<String>>(s).unwrap_or_default();
        Location {
            id: self.id,
            slug: self.slug,
            name: self.name,
            primary: self.is_primary != 0,
            visible: self.visible != 0,
            location_type: self.location_type,
            location_subtype: self.location_subtype,
            manufacturers: list(&self.manufacturers),
            upcoming: self.upcoming != 0,
            dealership_id: self.dealership_id,
            dealership_slug: self.dealership_slug,
            address: Address {
                street: self.street,
                city: self.city,
                state: self.state,
                postcode: self.postcode,
                lat: self.lat,
                long: self.long,
                place_url: self.place_url,
                place_id: self.place_id,
                map_key: self.map_key,
            },
            contact_detail: ContactDetails {
                phone: self.phone,
                landline_phone: self.landline_phone,
                email: self.email,
                opening_hours,
            },
            special_hours,
            image_url: self.image_url,
            dealer_license_number: self.dealer_license_number,
            motor_vehicle_repairer: self.motor_vehicle_repairer,
            average_rating: self.average_rating,
            review_count: self.review_count,
            distribution_locations: list(&self.distribution_locations),
        }
    }
}

/// An `opening_hours` row.
#[derive(sqlx::FromRow)]
struct HourRow {
    location_id: i64,
    /// 0 (Sunday) ..= 6.
    weekday: i64,
    status: String,
    open_time: Option<String>,
    close_time: Option<String>,
}

/// A `special_hours` row.
#[derive(sqlx::FromRow)]
struct SpecialHourRow {
    location_id: i64,
    date: String,
    status: String,
    start_hour: Option<String>,
    end_hour: Option<String>,
}

/// A status and how many cars have it.
#[derive(sqlx::FromRow)]
struct StatusCount {
    status: String,
    n: i64,
}

/// A `phone_reveals` row.
#[derive(sqlx::FromRow)]
struct RevealRow {
    dealership_id: i64,
    website_id: String,
    created_at: i64,
}
