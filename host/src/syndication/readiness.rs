//! Listing readiness (docs/features/platform.md "Syndication feeds and listing readiness"): per
//! car on sale, a score from 0 to 100 and the findings that keep it from being a good listing,
//! and, per listings feed (Google, Meta), the required attributes it lacks and so is left out for.
//!
//! Findings, each with a stable `code`, a [`Severity`] and a message naming the field:
//!
//! | code | severity | when |
//! |---|---|---|
//! | `too_few_photos` | error with no photo, else warning | fewer photos than `[syndication] min_photos` (default 3) |
//! | `no_vin` | error | no VIN |
//! | `vin_format` | error | the VIN is not 17 characters of `0-9A-Z` without `I`, `O`, `Q` |
//! | `vin_check_digit` | error | a North-American VIN (first character `1`-`5`) whose position 9 is not its check digit (`vin.rs`) |
//! | `no_price` | error | no price (0: price on application) |
//! | `no_km` | error | a used or demo car with no odometer reading |
//! | `short_description` | warning | a plain-text description shorter than `[syndication] min_description_chars` (default 80), or none |
//! | `no_location` | error | the car is at no location, or its location has no street, city or postcode |
//! | `not_in_feed` | warning | a listings feed leaves the car out; `left_out` names the feed and the attributes |
//!
//! The score is 100 less 25 per error and 10 per warning, at least 0. A car is ready when it has
//! no error.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    google,
    listing::{Condition, Context, Listing},
    meta,
    vin::{self, VinProblem},
};
use crate::{db::Db, error::Error, repo::TenantRepo, tenant::Tenant};

/// Points an error takes off the score.
pub const ERROR_PENALTY: u8 = 25;
/// Points a warning takes off the score.
pub const WARNING_PENALTY: u8 = 10;
/// Cars read from storage at a time.
pub const BATCH: i64 = 1000;
/// Most cars one report lists (`limit`).
pub const MAX_LIMIT: usize = 1000;

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The car is not ready (it should not be advertised as it is).
    Error,
    /// The listing is weaker than it could be.
    Warning,
}

/// One problem of one car.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Finding {
    /// Stable machine code (`too_few_photos`, `no_vin`, `vin_format`, `vin_check_digit`,
    /// `no_price`, `no_km`, `short_description`, `no_location`, `not_in_feed`).
    pub code: String,
    /// `error` or `warning`.
    pub severity: Severity,
    /// The stock field at fault (`image_urls`, `vin`, `price`, `km`, `dealercomments`,
    /// `location_slug`), or `feeds`.
    pub field: String,
    /// What is wrong, for a person.
    pub message: String,
}

/// A listings feed that leaves a car out, and why.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FeedGap {
    /// `google` or `meta`.
    pub feed: String,
    /// The feed's required attributes the car cannot fill (`vin`, `image_link`, `exterior_color`, ...).
    pub missing: Vec<String>,
}

/// One car's readiness.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CarReadiness {
    /// Storage id.
    pub id: i64,
    /// Stock number.
    pub stocknum: String,
    /// URL slug.
    pub slug: String,
    /// 0 to 100 (see the module doc).
    pub score: u8,
    /// No finding of severity `error`.
    pub ready: bool,
    /// Every finding, errors first.
    pub findings: Vec<Finding>,
    /// The feeds that leave the car out.
    pub left_out: Vec<FeedGap>,
}

/// The thresholds a tenant's readiness uses (`[syndication]` in tenant.toml).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Thresholds {
    /// Photos a listing needs.
    pub min_photos: u32,
    /// Characters of plain-text description a listing needs.
    pub min_description_chars: u32,
}

impl Thresholds {
    /// The thresholds of tenant `t`.
    pub fn of(t: &Tenant) -> Thresholds {
        Thresholds {
            min_photos: t.config.syndication.min_photos,
            min_description_chars: t.config.syndication.min_description_chars,
        }
    }
}

/// Counts over every car a report covers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
pub struct Summary {
    /// Cars on sale looked at.
    pub cars: usize,
    /// Cars with no error.
    pub ready: usize,
    /// Cars with at least one error.
    pub not_ready: usize,
    /// Cars with each finding code (a car counts once per code).
    pub by_code: BTreeMap<String, usize>,
    /// Cars each feed (`google`, `meta`) leaves out.
    pub left_out: BTreeMap<String, usize>,
}

impl Summary {
    /// Counts one car's readiness.
    pub(super) fn add(&mut self, r: &CarReadiness) {
        self.cars += 1;
        if r.ready {
            self.ready += 1;
        } else {
            self.not_ready += 1;
        }
        let codes: std::collections::BTreeSet<&str> = r.findings.iter().map(|f| f.code.as_str()).collect();
        for c in codes {
            *self.by_code.entry(c.to_string()).or_default() += 1;
        }
        for g in &r.left_out {
            *self.left_out.entry(g.feed.clone()).or_default() += 1;
        }
    }
}

/// The readiness of a tenant's cars on sale: counts over all of them and one page of cars.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Report {
    /// Tenant slug.
    pub tenant: String,
    /// The thresholds applied.
    pub thresholds: Thresholds,
    /// Counts over every car on sale.
    pub summary: Summary,
    /// This page's cars, in id order: those with an id above `after`, only those with a finding
    /// unless `all`, at most `limit`.
    pub cars: Vec<CarReadiness>,
    /// The `after` of the next page; null on the last page.
    pub next_after: Option<i64>,
}

/// Which cars a report lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// List cars with ids above this (0: from the first).
    pub after: i64,
    /// At most this many cars (1 to [`MAX_LIMIT`]).
    pub limit: usize,
    /// List every car, not only those with a finding.
    pub all: bool,
}

impl Default for Page {
    fn default() -> Self {
        Page {
            after: 0,
            limit: 100,
            all: false,
        }
    }
}

fn finding(code: &str, severity: Severity, field: &str, message: String) -> Finding {
    Finding {
        code: code.into(),
        severity,
        field: field.into(),
        message,
    }
}

/// The findings of `l` under `th` (without `not_in_feed`), in the order of the module doc's table.
fn findings(l: &Listing, th: &Thresholds) -> Vec<Finding> {
    let mut out = Vec::new();
    if (l.photos as u64) < u64::from(th.min_photos) {
        let (severity, message) = match l.photos {
            0 => (
                Severity::Error,
                format!("image_urls: the car has no photo (at least {} wanted)", th.min_photos),
            ),
            n => (
                Severity::Warning,
                format!(
                    "image_urls: the car has {n} photo{} (at least {} wanted)",
                    if n == 1 { "" } else { "s" },
                    th.min_photos
                ),
            ),
        };
        out.push(finding("too_few_photos", severity, "image_urls", message));
    }
    match l.vin.as_deref() {
        None => out.push(finding("no_vin", Severity::Error, "vin", "vin: the car has no VIN".into())),
        Some(v) => match vin::check(v) {
            Ok(()) => {}
            Err(VinProblem::Format) => out.push(finding(
                "vin_format",
                Severity::Error,
                "vin",
                format!("vin: `{v}` is not 17 characters of 0-9 and A-Z without I, O and Q"),
            )),
            Err(VinProblem::CheckDigit { expected, found }) => out.push(finding(
                "vin_check_digit",
                Severity::Error,
                "vin",
                format!("vin: `{v}` has check digit `{found}` at position 9, its other characters give `{expected}`"),
            )),
        },
    }
    if l.price.is_none() {
        out.push(finding("no_price", Severity::Error, "price", "price: the car has no price".into()));
    }
    if l.condition == Condition::Used && l.km.is_none() {
        out.push(finding(
            "no_km",
            Severity::Error,
            "km",
            format!("km: the {} car has no odometer reading", l.car_type),
        ));
    }
    let chars = l.description.chars().count();
    if (chars as u64) < u64::from(th.min_description_chars) {
        let message = match chars {
            0 => "dealercomments: the car has no description".to_string(),
            n => format!(
                "dealercomments: the description has {n} characters (at least {} wanted)",
                th.min_description_chars
            ),
        };
        out.push(finding("short_description", Severity::Warning, "dealercomments", message));
    }
    if !l.place.has_location {
        out.push(finding(
            "no_location",
            Severity::Error,
            "location_slug",
            "location_slug: the car is at no location".into(),
        ));
    } else if l.place.full_address().is_none() {
        out.push(finding(
            "no_location",
            Severity::Error,
            "location_slug",
            format!(
                "location_slug: location `{}` has no complete address (street, city and postcode)",
                l.place.store_code
            ),
        ));
    }
    out
}

/// The readiness of one listing under `th`: findings, the feeds that leave it out, the score.
pub fn assess(l: &Listing, th: &Thresholds) -> CarReadiness {
    let mut findings = findings(l, th);
    let mut left_out = Vec::new();
    for (feed, missing) in [("google", google::missing(l)), ("meta", meta::missing(l))] {
        if !missing.is_empty() {
            findings.push(finding(
                "not_in_feed",
                Severity::Warning,
                "feeds",
                format!("the {feed} feed leaves the car out: it lacks {}", missing.join(", ")),
            ));
            left_out.push(FeedGap {
                feed: feed.into(),
                missing: missing.into_iter().map(String::from).collect(),
            });
        }
    }
    findings.sort_by_key(|f| f.severity != Severity::Error);
    let penalty: u32 = findings
        .iter()
        .map(|f| {
            u32::from(if f.severity == Severity::Error {
                ERROR_PENALTY
            } else {
                WARNING_PENALTY
            })
        })
        .sum();
    CarReadiness {
        id: l.id,
        stocknum: l.stocknum.clone(),
        slug: l.slug.clone(),
        score: 100u32.saturating_sub(penalty) as u8,
        ready: !findings.iter().any(|f| f.severity == Severity::Error),
        findings,
        left_out,
    }
}

/// The readiness report of tenant `t`'s cars on sale: the summary over all of them (read in
/// batches of [`BATCH`], so memory holds one batch and one page) and the cars of `page`.
/// Errors: `invalid_field` on `limit` outside 1 to [`MAX_LIMIT`] or a negative `after`; the
/// storage error as `Internal`.
pub async fn report(db: &Db, t: &Tenant, page: Page) -> Result<Report, Error> {
    if !(1..=MAX_LIMIT).contains(&page.limit) {
        return Err(Error::invalid("limit", format!("must be between 1 and {MAX_LIMIT}")));
    }
    if page.after < 0 {
        return Err(Error::invalid("after", "must be 0 or more"));
    }
    let mut cars = Vec::new();
    let mut next_after = None;
    let summary = scan(db, t, None, |r| {
        if r.id > page.after && (page.all || !r.findings.is_empty()) {
            if cars.len() < page.limit {
                cars.push(r);
            } else if next_after.is_none() {
                next_after = cars.last().map(|c: &CarReadiness| c.id);
            }
        }
    })
    .await?;
    Ok(Report {
        tenant: t.slug().to_string(),
        thresholds: Thresholds::of(t),
        summary,
        cars,
        next_after,
    })
}

/// The summary over tenant `t`'s cars on sale that feed `source` supplied (the import report's
/// readiness counts), kept up to date from the stock change journal where it can be: only the
/// cars changed since the last summary are assessed again (`super::readiness_cache`). Errors:
/// the storage error.
pub async fn summary_of_source(db: &Db, t: &Tenant, source: &str) -> Result<Summary, sqlx::Error> {
    super::readiness_cache::summary_of_source(db, t, source).await
}

/// The same summary from a full scan of the source's cars, with no cache (what the cached
/// summary must always equal). Errors: the storage error.
pub async fn scanned_summary_of_source(db: &Db, t: &Tenant, source: &str) -> Result<Summary, sqlx::Error> {
    scan(db, t, Some(source), |_| {}).await
}

/// Assesses every car on sale of `t` (of `source` when given), in id order and in batches of
/// [`BATCH`], handing each to `each`. Returns the summary. Errors: the storage error.
async fn scan(db: &Db, t: &Tenant, source: Option<&str>, each: impl FnMut(CarReadiness)) -> Result<Summary, sqlx::Error> {
    let ctx = Context::load(&TenantRepo::new(db, t.slug()), t).await?;
    scan_with(db, t, &ctx, &Thresholds::of(t), source, each).await
}

/// [`scan`] with the context and thresholds given.
pub(super) async fn scan_with(
    db: &Db,
    t: &Tenant,
    ctx: &Context,
    th: &Thresholds,
    source: Option<&str>,
    mut each: impl FnMut(CarReadiness),
) -> Result<Summary, sqlx::Error> {
    let repo = TenantRepo::new(db, t.slug());
    let mut summary = Summary::default();
    let mut after = 0;
    loop {
        let batch = repo.cars_on_sale_after(after, BATCH, source).await?;
        let Some(last) = batch.last() else { break };
        after = last.id;
        for car in &batch {
            let r = assess(&Listing::of(car, ctx), th);
            summary.add(&r);
            each(r);
        }
        if (batch.len() as i64) < BATCH {
            break;
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syndication::listing::Place;

    fn listing() -> Listing {
        Listing {
            id: 1,
            stocknum: "S1".into(),
            slug: "2019-honda-accord-s1".into(),
            vin: Some("1HGCM82633A004352".into()),
            title: "2019 Honda Accord".into(),
            make: "Honda".into(),
            model: "Accord".into(),
            trim: None,
            year: 2019,
            condition: Condition::Used,
            car_type: "used".into(),
            certified: false,
            price: Some(19990.0),
            drive_away: None,
            km: Some(42000),
            photos: 3,
            images: vec!["https://x.example/a.jpg".into(); 3],
            link: Some("https://x.example/cars/2019-honda-accord-s1".into()),
            description: "x".repeat(100),
            colour: Some("White".into()),
            body: Some("sedan".into()),
            fuel: None,
            transmission: None,
            drive: None,
            date_in_stock: Some("2026-11-01".into()),
            place: Place {
                store_code: "sales".into(),
                dealership_name: "Acme".into(),
                street: Some("1 Test St".into()),
                city: Some("Brisbane".into()),
                state: Some("QLD".into()),
                postcode: Some("4000".into()),
                lat: None,
                long: None,
                has_location: true,
            },
        }
    }

    const TH: Thresholds = Thresholds {
        min_photos: 3,
        min_description_chars: 80,
    };

    fn codes(l: &Listing) -> Vec<String> {
        assess(l, &TH).findings.into_iter().map(|f| f.code).collect()
    }

    #[test]
    fn a_complete_listing_scores_100() {
        let r = assess(&listing(), &TH);
        assert_eq!((r.score, r.ready, r.findings.len(), r.left_out.len()), (100, true, 0, 0));
    }

    #[test]
    fn no_price_and_a_malformed_vin_are_errors() {
        // The import refuses both (price above 0, VIN format), so only storage written another
        // way can hold them; the report still names them.
        let mut l = listing();
        l.price = None;
        assert_eq!(codes(&l), ["no_price", "not_in_feed", "not_in_feed"]);
        let r = assess(&l, &TH);
        assert_eq!((r.ready, r.score), (false, 100 - 25 - 10 - 10));
        let mut l = listing();
        l.vin = Some("WDD123".into());
        assert_eq!(codes(&l), ["vin_format", "not_in_feed", "not_in_feed"]);
    }

    #[test]
    fn new_cars_need_no_km_and_the_score_stays_in_range() {
        let mut l = listing();
        l.condition = Condition::New;
        l.car_type = "new".into();
        l.km = None;
        assert!(!codes(&l).contains(&"no_km".to_string()));
        let mut l = listing();
        l.photos = 0;
        l.images.clear();
        l.vin = None;
        l.price = None;
        l.km = None;
        l.description.clear();
        l.place.has_location = false;
        assert_eq!(assess(&l, &TH).score, 0);
    }
}
