//! Cars as the shopper sees them: one car with everything its vehicle detail page needs
//! ([`detail`], [`CarResponse`]), shared by `GET /api/v1/cars/{slug}`, the VDP document and the
//! printable PDF. Dealer comments are sanitised here with ammonia ([`sanitize_comments`]): the
//! one sanitiser policy of the platform (the UI renders the result as given).

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::{Error, Result},
    model::{Car, CarImage, Location},
    platform::Platform,
    plugins::{DecidedBy, Eligibility, FinanceOffer, Phone, PriceView, Tag, unix_now},
    repo::TenantRepo,
    stock::history::{self, PriceDrop},
    tenant::Tenant,
};

/// A car with what the VDP needs around it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CarResponse {
    /// The car.
    pub car: Car,
    /// `/cars/{slug}`.
    pub path: String,
    /// 'year make model badge'.
    pub name: String,
    /// in_stock or coming_soon (otherwise the sold view shows).
    pub available: bool,
    /// The car's location, when it has a visible one.
    pub location: Option<Location>,
    /// Images, primary first; `primary_image_url` is the first.
    pub images: Vec<CarImage>,
    /// First image URL.
    pub primary_image_url: Option<String>,
    /// Number of images.
    pub photos_count: usize,
    /// The card/VDP tag (docs/features/shopper-core.md §4 "Card tag priority"); null for no tag.
    pub tag: Option<Tag>,
    /// The price view (docs/features/shopper-core.md §4 "Price display"; money in AUD).
    pub price_view: PriceView,
    /// The drive-away estimate with its breakdown for the car's state (docs/features/platform.md "Price engine";
    /// `GET /api/v1/cars/{slug}/drive-away` gives it for another state); null when the price
    /// view shows no price or the tenant turned estimates off.
    pub drive_away: Option<crate::pricing::DriveAway>,
    /// Which actions the car offers (docs/features/shopper-core.md §5;
    /// docs/features/locations-forms-marketing.md §4-§5).
    pub eligibility: Eligibility,
    /// The dealer number for this car's type (docs/features/shopper-core.md §9), shown, dialled and masked; null
    /// when the tenant has none.
    pub phone: Option<Phone>,
    /// Finance calculator limits and defaults, widget visibility and the estimate at the defaults
    /// (docs/features/shopper-core.md §5, §9); null when finance is not offered for this car.
    pub finance: Option<FinanceOffer>,
    /// Who decided each of `tag`, `price_view`, `eligibility`, `phone`, `finance`: `host` (the
    /// default rule) or the plugin's `name@version`, for example `tag-rules-ev@0.1.0`.
    pub decided_by: DecidedBy,
    /// The dealer comments as safe HTML (sanitised on the host with ammonia: formatting and
    /// links only, no scripts, handlers, styles or images); null when the car has none
    /// (docs/features/shopper-core.md §2 "Dealer comments"). `car.dealercomments` carries the same safe HTML.
    pub dealercomments_html: Option<String>,
    /// 360 spin frames in turn order (`/img/...` paths or absolute URLs); empty for no spinner.
    pub spin_images: Vec<String>,
    /// The interior panorama image, if any (the spin viewer's Interior tab).
    pub spin_interior_image: Option<String>,
    /// Hotspots (docs/features/shopper-core.md §3 "Hotspots": exterior and interior lists of `{id, description}`
    /// and `positions` per hotspot of `{hotspotId, activeAngle, posX, posY}`), or null.
    pub hotspots: Option<serde_json::Value>,
    /// The car's last price drop ("Price reduced by $1,000 on 12 Nov"; docs/features/platform.md
    /// "Price history and freshness"): only when the tenant sets `vdp.show_price_reduced`, the
    /// car is available, its last price change lowered it to the price it has now, and that was
    /// at most `vdp.price_reduced_max_age_days` days ago; null otherwise.
    pub price_drop: Option<PriceDrop>,
    /// When the last feed import that listed the car ran, unix seconds ("In stock, confirmed 3
    /// hours ago"); null for a car no feed listed.
    pub confirmed_at: Option<i64>,
}

/// Sanitises dealer-comment HTML (docs/features/platform.md "Vehicle detail page"): keeps text
/// formatting, lists, headings, tables and links (which get `rel="noopener noreferrer nofollow"`);
/// drops scripts, event handlers, styles, images, frames and forms. Returns None when nothing but
/// whitespace is left.
pub fn sanitize_comments(html: &str) -> Option<String> {
    let clean = ammonia::Builder::default()
        .rm_tags(&["img"])
        .link_rel(Some("noopener noreferrer nofollow"))
        .clean(html)
        .to_string();
    let text_left = !clean.trim().is_empty();
    text_left.then_some(clean)
}

/// The car `slug` of tenant `t` with what the VDP needs around it ([`CarResponse`]): its
/// visible location, images, sanitised dealer comments, market averages, and the plugins' (or
/// the host defaults') tag, price view, eligibility, phone and finance, its last price drop (when
/// the tenant shows it) and the time a feed last listed it. Errors: `NotFound` for a
/// slug this tenant does not have (another tenant's included), `Internal` on a storage fault.
pub async fn detail(p: Platform<'_>, t: &Arc<Tenant>, slug: &str) -> Result<CarResponse> {
    let repo = TenantRepo::new(p.db, t.slug());
    let mut car = repo
        .car_by_slug(slug)
        .await?
        .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?;
    let dealercomments_html = car.dealercomments.as_deref().and_then(sanitize_comments);
    car.dealercomments = dealercomments_html.clone();
    // The market averages of the market-price indicator (docs/features/shopper-core.md §3 `autograb_data`, §5):
    // the feed's figures when it has them, else the host's from comparable stock
    // (docs/features/platform.md "Finance and delivery tools"), so the VDP needs no second call for
    // them. Null figures mean too few comparable cars.
    if car.autograb_data.0.is_none() {
        let g = crate::market::gauge(
            car.price,
            car.state.as_deref(),
            &crate::market::comparables(p.db, t.slug(), &car).await?,
        );
        car.autograb_data.0 = Some(serde_json::json!({
            "average_market_price": g.average_market_price,
            "state_average_market_price": g.state_average_market_price,
        }));
    }
    let location = match car.location_id {
        Some(id) => repo.location(id).await?,
        None => None,
    };
    let images: Vec<CarImage> = car
        .image_urls
        .0
        .iter()
        .map(|u| CarImage {
            url: u.clone(),
            thumb_url: if u.starts_with("/img/") { format!("{u}?w=160") } else { u.clone() },
        })
        .collect();
    let vdp = &t.config.vdp;
    let price_drop = if vdp.show_price_reduced && car.price_reduced_at.is_some() && car.is_available() {
        let since = unix_now() - i64::from(vdp.price_reduced_max_age_days) * 86_400;
        history::last_drop(p.db, t.slug(), car.id, car.price, since).await?
    } else {
        None
    };
    let decided = p
        .plugins
        .present_async(t.clone(), vec![car.clone()], unix_now())
        .await
        .pop()
        .ok_or_else(|| Error::internal("plugin presentation returned no answer"))?;
    Ok(CarResponse {
        drive_away: crate::pricing::for_car(&t.config, &car, &decided.price_view, None),
        tag: decided.tag,
        price_view: decided.price_view,
        eligibility: decided.eligibility,
        phone: decided.phone,
        finance: decided.finance,
        decided_by: decided.decided_by,
        dealercomments_html,
        spin_images: car.spin_images.0.clone(),
        spin_interior_image: car.spin_interior_image.clone(),
        hotspots: car.hotspots.0.clone(),
        price_drop,
        confirmed_at: car.listed_at,
        path: car.path(),
        name: car.name(),
        available: car.is_available(),
        primary_image_url: images.first().map(|i| i.url.clone()),
        photos_count: images.len(),
        images,
        location,
        car,
    })
}

/// `GET /api/v1/cars/{slug}/drive-away`: the estimate for tenant `t`'s car `slug` for a buyer
/// in `state` (a state code, upper case) or at `postcode` (four digits; its state is used, and it
/// wins when both are given); neither: the car's state. Errors: `invalid` naming `state` (not a
/// state code, empty included) or `postcode` (not four digits, empty included); `NotFound` naming
/// `postcode` for four digits that are not an Australian postcode; `NotFound` for an unknown car
/// or when the car shows no price or the tenant turned estimates off; storage faults.
pub async fn drive_away(
    p: Platform<'_>,
    t: &Arc<Tenant>,
    slug: &str,
    state: Option<&str>,
    postcode: Option<&str>,
) -> Result<crate::pricing::DriveAway> {
    let states = crate::pricing::tables::STATES;
    if let Some(s) = state
        && !states.contains(&s)
    {
        return Err(Error::invalid("state", format!("must be one of {}", states.join(", "))));
    }
    let from_postcode = match postcode {
        None => None,
        Some(pc) if !crate::geo::is_postcode(pc) => {
            return Err(Error::invalid("postcode", "must be a four-digit Australian postcode"));
        }
        Some(pc) => match crate::geo::postcode(pc) {
            Some(found) => Some(found.state.clone()),
            None => return Err(Error::not_found(format!("{pc} is not an Australian postcode we know")).with_field("postcode")),
        },
    };
    let buyer = from_postcode.or(state.map(str::to_string));
    let detail = detail(p, t, slug).await?;
    crate::pricing::for_car(&t.config, &detail.car, &detail.price_view, buyer.as_deref())
        .ok_or_else(|| Error::not_found(format!("No drive-away estimate for `{slug}`: the car shows no price")))
}
