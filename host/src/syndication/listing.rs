//! One car as the listings feeds and the readiness report see it: a [`Listing`], built from the
//! stored [`Car`] and the tenant's dealerships and locations ([`Context`]), with absolute links,
//! the plain-text description and the full dealership address. The feed writers (`google.rs`,
//! `meta.rs`) and the readiness rules (`readiness.rs`) read listings only, so a feed and the report
//! never disagree about a car.

use std::collections::HashMap;

use crate::{
    model::{Car, Location},
    repo::TenantRepo,
    tenant::Tenant,
};

/// The country of every tenant's stock: Forecourt serves Australian dealers (prices in AUD,
/// `tenant::AU_STATES`), so feeds name the country as ISO 3166-1 `AU`.
pub const COUNTRY: &str = "AU";
/// The currency of every stored price (ISO 4217).
pub const CURRENCY: &str = "AUD";

/// A car's dealership and physical location, as a feed names them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Place {
    /// The location's slug (the feed's store code), else the dealership's.
    pub store_code: String,
    /// The dealership's business name.
    pub dealership_name: String,
    /// Street line.
    pub street: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State code (`QLD`).
    pub state: Option<String>,
    /// Postcode.
    pub postcode: Option<String>,
    /// Latitude, degrees.
    pub lat: Option<f64>,
    /// Longitude, degrees.
    pub long: Option<f64>,
    /// Whether the car has a location at all (else only its dealership is known).
    pub has_location: bool,
}

impl Place {
    /// `street, city, STATE postcode, AU` when street, city and postcode are known; None
    /// otherwise (a feed's dealership address must be complete).
    pub fn full_address(&self) -> Option<String> {
        let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
        let (street, city, postcode) = (given(&self.street)?, given(&self.city)?, given(&self.postcode)?);
        let state = given(&self.state).map(|s| format!("{s} ")).unwrap_or_default();
        Some(format!("{street}, {city}, {state}{postcode}, {COUNTRY}"))
    }
}

/// What a tenant's listings share: the site's base URL and its dealerships and locations by id.
/// Built once per report or feed with [`Context::load`].
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// `site_url` without a trailing `/`, when it is https; None otherwise (then listings have
    /// no links).
    pub base_url: Option<String>,
    /// Dealership id -> (slug, name).
    dealerships: HashMap<i64, (String, String)>,
    /// Location id -> location (hidden ones too: a car may sit at a hidden yard).
    locations: HashMap<i64, Location>,
}

impl Context {
    /// The tenant's base URL and its dealerships and locations, read from storage. Errors: the
    /// storage error.
    pub async fn load(repo: &TenantRepo, t: &Tenant) -> Result<Context, sqlx::Error> {
        let dealerships = repo.dealerships().await?.into_iter().map(|d| (d.id, (d.slug, d.name))).collect();
        let locations = repo.locations(true).await?.into_iter().map(|l| (l.id, l)).collect();
        Ok(Context {
            base_url: t
                .config
                .site_url
                .as_deref()
                .filter(|u| u.starts_with("https://"))
                .map(|u| u.trim_end_matches('/').to_string()),
            dealerships,
            locations,
        })
    }

    /// A hash of everything this context holds, equal for equal contexts whatever their maps'
    /// order (the readiness summary's cache keeps per-car results only while it is unchanged).
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.base_url.hash(&mut h);
        let mut dealerships: Vec<_> = self.dealerships.iter().collect();
        dealerships.sort();
        dealerships.hash(&mut h);
        let mut locations: Vec<(i64, String)> = self.locations.iter().map(|(id, l)| (*id, format!("{l:?}"))).collect();
        locations.sort();
        locations.hash(&mut h);
        h.finish()
    }

    /// `path_or_url` as an absolute https URL: a site path (`/img/...`) under the base URL, an
    /// https URL as it is; None for anything else (plain http, or a path without a base URL).
    pub fn absolute(&self, path_or_url: &str) -> Option<String> {
        let s = path_or_url.trim();
        if s.starts_with("https://") {
            Some(s.to_string())
        } else if s.starts_with('/') && !s.starts_with("//") {
            self.base_url.as_ref().map(|b| format!("{b}{s}"))
        } else {
            None
        }
    }

    fn place(&self, car: &Car) -> Place {
        let (dealer_slug, dealer_name) = self.dealerships.get(&car.dealership_id).cloned().unwrap_or_default();
        match car.location_id.and_then(|id| self.locations.get(&id)) {
            Some(l) => Place {
                store_code: l.slug.clone(),
                dealership_name: dealer_name,
                street: l.address.street.clone(),
                city: car.city.clone().or_else(|| l.address.city.clone()),
                state: car.state.clone().or_else(|| l.address.state.clone()),
                postcode: l.address.postcode.clone(),
                lat: l.address.lat,
                long: l.address.long,
                has_location: true,
            },
            None => Place {
                store_code: dealer_slug,
                dealership_name: dealer_name,
                city: car.city.clone(),
                state: car.state.clone(),
                ..Place::default()
            },
        }
    }
}

/// New or used, as feeds classify a car.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// `car_type` `new`.
    New,
    /// `car_type` `used` and `demo`: a demonstrator is registered and has been driven, so the
    /// feeds (which know only new and used) list it as used.
    Used,
}

/// One car as a feed lists it. Money in AUD, distances in km; every URL absolute https.
#[derive(Debug, Clone)]
pub struct Listing {
    /// Storage id of the car.
    pub id: i64,
    /// Dealer stock number (the feeds' `id` / `vehicle_id`).
    pub stocknum: String,
    /// URL slug of the car.
    pub slug: String,
    /// VIN as stored, trimmed; None when empty.
    pub vin: Option<String>,
    /// `year make model badge`.
    pub title: String,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge (trim), when given.
    pub trim: Option<String>,
    /// Model year.
    pub year: i64,
    /// New or used ([`Condition`]).
    pub condition: Condition,
    /// `car_type` as stored (`new`, `demo`, `used`).
    pub car_type: String,
    /// Certified pre-owned.
    pub certified: bool,
    /// Price in AUD; None when the car has no price (0: price on application). In a feed, the
    /// price the site shows ([`Listing::priced`]).
    pub price: Option<f64>,
    /// The price engine's drive-away total in the car's state (docs/features/platform.md "Price engine"), set by
    /// [`Listing::priced`]; feeds publish it as the price when it is complete.
    pub drive_away: Option<crate::pricing::DriveAwaySummary>,
    /// Odometer, km; None when unknown.
    pub km: Option<i64>,
    /// Photos as stored (site paths or URLs), primary first.
    pub photos: usize,
    /// Photo URLs made absolute https, primary first (photos that cannot be are left out).
    pub images: Vec<String>,
    /// The car's page, absolute; None without an https `site_url`.
    pub link: Option<String>,
    /// Dealer comments as plain text (tags dropped, entities decoded, whitespace folded).
    pub description: String,
    /// Exterior colour.
    pub colour: Option<String>,
    /// Normalised body type (`sedan`, `suv`, ...).
    pub body: Option<String>,
    /// Normalised fuel (`petrol`, `diesel`, `electric`, `hybrid`).
    pub fuel: Option<String>,
    /// Normalised transmission (`automatic`, `manual`).
    pub transmission: Option<String>,
    /// Normalised drive (`fwd`, `rwd`, `awd`, `4wd`).
    pub drive: Option<String>,
    /// Listed at, `YYYY-MM-DD` (UTC).
    pub date_in_stock: Option<String>,
    /// Dealership and location.
    pub place: Place,
}

/// `s` trimmed, or None when nothing is left.
fn text(s: &Option<String>) -> Option<String> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// Dealer comments (HTML) as plain text: every tag dropped (ammonia with no tag allowed),
/// entities decoded, runs of whitespace folded to one space.
pub fn plain_text(html: &str) -> String {
    let stripped = ammonia::Builder::empty()
        .clean_content_tags(["script", "style"].into_iter().collect())
        .clean(html)
        .to_string();
    let decoded = html_escape::decode_html_entities(&stripped);
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Listing {
    /// The listing of `car` in `ctx`.
    pub fn of(car: &Car, ctx: &Context) -> Listing {
        Listing {
            id: car.id,
            stocknum: car.stocknum.clone(),
            slug: car.slug.clone(),
            vin: text(&car.vin),
            title: car.name(),
            make: car.make.trim().to_string(),
            model: car.model.trim().to_string(),
            trim: text(&car.badge),
            year: car.year,
            condition: if car.car_type == "new" { Condition::New } else { Condition::Used },
            car_type: car.car_type.clone(),
            certified: car.certified.0,
            price: (car.price.is_finite() && car.price > 0.0).then_some(car.price),
            drive_away: None,
            km: car.km.filter(|k| *k >= 0),
            photos: car.image_urls.0.iter().filter(|u| !u.trim().is_empty()).count(),
            images: car.image_urls.0.iter().filter_map(|u| ctx.absolute(u)).collect(),
            link: ctx.absolute(&car.path()),
            description: car.dealercomments.as_deref().map(plain_text).unwrap_or_default(),
            colour: text(&car.colour),
            body: text(&car.simple_body),
            fuel: text(&car.simple_fuel),
            transmission: text(&car.simple_transmission),
            drive: text(&car.simple_drive),
            date_in_stock: jiff::Timestamp::from_second(car.created_at)
                .ok()
                .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date().to_string()),
            place: ctx.place(car),
        }
    }
}

impl Listing {
    /// The listing with the price the site shows for `car` under price view `view` (the
    /// price-display point's answer) and the price engine's drive-away summary for tenant `cfg`:
    /// the same figures as the SRP card and the VDP.
    pub fn priced(mut self, car: &Car, view: &crate::plugins::PriceView, cfg: &crate::tenant::TenantConfig) -> Listing {
        self.price = view.shown_price().filter(|p| p.is_finite() && *p > 0.0);
        self.drive_away = crate::pricing::for_car(cfg, car, view, None).map(|d| d.summary());
        self
    }

    /// The price a feed publishes, AUD: the drive-away total when the estimate is complete (the
    /// final price a buyer in the dealer's state pays, as both specifications ask for), else the
    /// shown price; None without a price.
    pub fn feed_price(&self) -> Option<f64> {
        let price = self.price?;
        Some(match &self.drive_away {
            Some(d) if d.complete => d.total as f64,
            _ => price,
        })
    }
}

/// A price as ISO 4217 text: `28990.00 AUD`.
pub fn iso_price(amount: f64) -> String {
    format!("{amount:.2} {CURRENCY}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn descriptions_are_plain_text() {
        assert_eq!(
            super::plain_text("<p>One <b>owner</b> &amp; full\n  history</p><script>x()</script>"),
            "One owner & full history"
        );
    }

    #[test]
    fn prices_are_iso_4217() {
        assert_eq!(super::iso_price(25990.0), "25990.00 AUD");
    }
}
