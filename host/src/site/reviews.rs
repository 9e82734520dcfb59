//! The reviews block of a site, a location or a dealership ([`reviews`]).

use crate::{
    content::marketing::ReviewsResponse,
    error::{Error, Result},
    site::navigation::today,
    tenant::Tenant,
};

/// `x` rounded to one decimal, as text: `4.66` -> `"4.7"`.
pub fn one_decimal(x: f64) -> String {
    format!("{:.1}", (x * 10.0).round() / 10.0)
}

/// A reviews block for tenant `t`: the average (a string with one decimal) and count, and up to
/// 12 reviews at or above the site's minimum rating, hidden titles left out, newest first. With
/// `location` (a slug) that location's own rating; with `dealership` (a slug) its locations'
/// ratings weighted by count; with neither the site's aggregate. Errors: `NotFound` when the site
/// has no reviews or the slug is unknown; `Invalid` naming `location` when both are given.
pub fn reviews(t: &Tenant, location: Option<&str>, dealership: Option<&str>) -> Result<ReviewsResponse> {
    let reviews = t
        .content
        .site
        .reviews
        .as_ref()
        .ok_or_else(|| Error::not_found("This site has no reviews."))?;
    let today = today(t);
    // The ratings come from the tenant's config in memory (the stored locations are its copy).
    let locations: Vec<&crate::tenant::LocationConfig> = t.config.locations.iter().filter(|l| l.visible).collect();
    let rated = |l: &&crate::tenant::LocationConfig| (l.average_rating.unwrap_or(0.0), u64::from(l.review_count.unwrap_or(0)));
    let out = match (location, dealership) {
        (Some(_), Some(_)) => return Err(Error::invalid("location", "Give location or dealership, not both.")),
        (Some(slug), None) => {
            let l = locations
                .iter()
                .find(|l| l.slug == slug)
                .ok_or_else(|| Error::not_found(format!("No location `{slug}` on this site.")))?;
            let (average, count) = rated(l);
            ReviewsResponse {
                average_rating: one_decimal(average),
                count,
                reviews: reviews.pick(today, |r| r.location == slug),
            }
        }
        (None, Some(slug)) => {
            let own: Vec<_> = locations.iter().filter(|l| l.dealership == slug).collect();
            if own.is_empty() {
                return Err(Error::not_found(format!("No dealership `{slug}` on this site.")));
            }
            let count: u64 = own.iter().map(|l| rated(l).1).sum();
            let sum: f64 = own.iter().map(|l| rated(l)).map(|(a, n)| a * n as f64).sum();
            ReviewsResponse {
                average_rating: one_decimal(if count > 0 { sum / count as f64 } else { 0.0 }),
                count,
                reviews: reviews.pick(today, |r| own.iter().any(|l| l.slug == r.location)),
            }
        }
        (None, None) => ReviewsResponse {
            average_rating: reviews.average_rating.clone(),
            count: reviews.count,
            reviews: reviews.pick(today, |_| true),
        },
    };
    Ok(out)
}
