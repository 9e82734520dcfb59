//! The site's reviews (`reviews.toml`): the aggregate, the rules for which reviews show, and every
//! review tied to a location.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    content::files::{Dirs, check_date, check_opt_link, merged},
    tenant::error::{TenantError, invalid},
};

/// The most reviews a block shows (docs/features/locations-forms-marketing.md §9 "12 Google reviews").
pub const REVIEWS_MAX: usize = 12;

/// A review (§3 Review). Text is plain; the UI escapes it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Review {
    /// Id.
    pub id: String,
    /// The location it is about.
    pub location: String,
    /// Reviewer.
    pub customer_name: String,
    /// Text (plain).
    pub text: String,
    /// 1..=5.
    pub rating: u8,
    /// YYYY-MM-DD.
    pub review_date: String,
    /// e.g. `3 months ago`, from the request time.
    pub review_date_in_words: String,
    /// The dealer's reply, or null.
    pub reply_text: Option<String>,
    /// YYYY-MM-DD of the reply, or null.
    pub reply_date: Option<String>,
    /// Reviewer's picture, or null.
    pub image_url: Option<String>,
}

/// A reviews block: `GET /api/v1/reviews` (§2 "Reviews"; §9: 12 reviews, minimum rating).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReviewsResponse {
    /// Average rating as a string, e.g. `4.7` (§3 "average_rating (a string)").
    pub average_rating: String,
    /// Number of reviews behind the average.
    pub count: u64,
    /// At most 12, newest first, at or above the site's minimum rating, hidden titles left out.
    pub reviews: Vec<Review>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewFile {
    id: String,
    location: String,
    customer_name: String,
    text: String,
    rating: u8,
    review_date: String,
    #[serde(default)]
    reply_text: Option<String>,
    #[serde(default)]
    reply_date: Option<String>,
    #[serde(default)]
    image: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewsFile {
    average_rating: String,
    count: u64,
    #[serde(default = "four")]
    min_rating: u8,
    #[serde(default)]
    hidden_titles: Vec<String>,
    #[serde(default)]
    reviews: Vec<ReviewFile>,
}

fn four() -> u8 {
    4
}

/// The site's reviews as read: aggregate, rules and every review.
#[derive(Debug, Clone, Default)]
pub struct ReviewsContent {
    /// The site-wide average (string) and count (the spec's sample set: 4.7 over 3118).
    pub average_rating: String,
    /// The site-wide count.
    pub count: u64,
    /// Reviews below this rating are not shown (per site; §9).
    pub min_rating: u8,
    /// Reviews whose text starts with one of these (case-insensitive) are not shown.
    pub hidden_titles: Vec<String>,
    /// All reviews, newest first (`review_date_in_words` empty until served).
    pub reviews: Vec<Review>,
}

impl ReviewsContent {
    /// Whether a review may be shown: rating at or above the minimum and no hidden title.
    pub fn shown(&self, r: &Review) -> bool {
        let text = r.text.trim_start().to_lowercase();
        r.rating >= self.min_rating && !self.hidden_titles.iter().any(|t| text.starts_with(&t.to_lowercase()))
    }

    /// The reviews to show among those for which `keep` holds: shown ones, newest first, at most
    /// [`REVIEWS_MAX`], with `review_date_in_words` relative to `today`.
    pub fn pick(&self, today: jiff::civil::Date, keep: impl Fn(&Review) -> bool) -> Vec<Review> {
        self.reviews
            .iter()
            .filter(|r| keep(r) && self.shown(r))
            .take(REVIEWS_MAX)
            .map(|r| Review {
                review_date_in_words: date_in_words(&r.review_date, today),
                ..r.clone()
            })
            .collect()
    }
}

/// `3 months ago` for a YYYY-MM-DD date before `today` (timeago's English, days at least;
/// `today` for today). An unparsable date gives an empty string.
pub fn date_in_words(date: &str, today: jiff::civil::Date) -> String {
    let Ok(d) = date.parse::<jiff::civil::Date>() else {
        return String::new();
    };
    let days = (today - d).get_days().max(0) as u64;
    if days == 0 {
        return "today".into();
    }
    let mut f = timeago::Formatter::new();
    f.min_unit(timeago::TimeUnit::Days);
    f.convert(std::time::Duration::from_secs(days * 86_400))
}

/// Reads and checks `reviews.toml` (the tenant's keys over the default's; `{{site_name}}`
/// replaced by `site_name`), newest first. None without the file. Errors: the first invalid file
/// and key.
pub(crate) fn load_reviews(dirs: &Dirs, site_name: &str) -> Result<Option<ReviewsContent>, TenantError> {
    let Some(r) = merged::<ReviewsFile>(dirs, "reviews.toml", site_name)? else {
        return Ok(None);
    };
    let file = dirs.file("reviews.toml");
    if r.average_rating.parse::<f64>().map_or(true, |a| !(0.0..=5.0).contains(&a)) {
        return Err(invalid(
            &file,
            "average_rating",
            "must be a number from 0 to 5, written as a string",
        ));
    }
    if !(1..=5).contains(&r.min_rating) {
        return Err(invalid(&file, "min_rating", "must be between 1 and 5"));
    }
    let mut ids = BTreeSet::new();
    let mut reviews = Vec::new();
    for (i, f) in r.reviews.into_iter().enumerate() {
        let key = |k: &str| format!("reviews.{i}.{k}");
        if !ids.insert(f.id.clone()) {
            return Err(invalid(&file, key("id"), "must be unique"));
        }
        if !(1..=5).contains(&f.rating) {
            return Err(invalid(&file, key("rating"), "must be between 1 and 5"));
        }
        check_date(&file, key("review_date"), &Some(f.review_date.clone()))?;
        check_date(&file, key("reply_date"), &f.reply_date)?;
        check_opt_link(&file, key("image"), &f.image)?;
        reviews.push(Review {
            id: f.id,
            location: f.location,
            customer_name: f.customer_name,
            text: f.text.trim().to_string(),
            rating: f.rating,
            review_date: f.review_date,
            review_date_in_words: String::new(),
            reply_text: f.reply_text,
            reply_date: f.reply_date,
            image_url: f.image,
        });
    }
    reviews.sort_by(|a, b| b.review_date.cmp(&a.review_date).then(a.id.cmp(&b.id)));
    Ok(Some(ReviewsContent {
        average_rating: r.average_rating,
        count: r.count,
        min_rating: r.min_rating,
        hidden_titles: r.hidden_titles,
        reviews,
    }))
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    #[test]
    fn dates_in_words() {
        let today = date(2026, 11, 21);
        assert_eq!(date_in_words("2026-11-21", today), "today");
        assert_eq!(date_in_words("2026-11-20", today), "1 day ago");
        assert_eq!(date_in_words("2026-08-15", today), "3 months ago");
        assert_eq!(date_in_words("2024-11-01", today), "2 years ago");
        assert_eq!(date_in_words("nonsense", today), "");
    }
    #[test]
    fn reviews_below_the_minimum_or_hidden_are_left_out() {
        let r = |id: &str, rating: u8, text: &str, d: &str| Review {
            id: id.into(),
            location: "a".into(),
            customer_name: "N".into(),
            text: text.into(),
            rating,
            review_date: d.into(),
            review_date_in_words: String::new(),
            reply_text: None,
            reply_date: None,
            image_url: None,
        };
        let mut reviews: Vec<Review> = (0..20).map(|i| r(&format!("r{i:02}"), 5, "Great", "2026-01-01")).collect();
        reviews.insert(0, r("low", 3, "Meh", "2026-11-01"));
        reviews.insert(0, r("hidden", 5, "Test review please ignore", "2026-11-02"));
        let c = ReviewsContent {
            average_rating: "4.7".into(),
            count: 3118,
            min_rating: 4,
            hidden_titles: vec!["test review".into()],
            reviews,
        };
        let picked = c.pick(date(2026, 11, 21), |_| true);
        assert_eq!(picked.len(), REVIEWS_MAX);
        assert!(picked.iter().all(|r| r.rating >= 4 && r.id.starts_with('r')));
        assert_eq!(picked[0].review_date_in_words, "10 months ago");
    }
}
