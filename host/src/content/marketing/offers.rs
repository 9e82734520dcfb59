//! The site's offers (`offers.toml`): the default file's offers and the tenant's, less those that
//! exclude this site, with their page and enquiry links.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    content::files::{Dirs, check_date, check_opt_link, markdown_html, read},
    tenant::{
        error::{TenantError, invalid},
        validate::is_slug,
    },
};

/// Offer description and disclaimer length above which the UI shows View more (§9: 200).
pub const OFFER_EXPAND_AT: usize = 200;

/// An offer's model, with the 'Explore {model}' link.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OfferModel {
    /// Model name.
    pub name: String,
    /// Model slug.
    pub slug: String,
    /// The model's override URL, else `/{slug}`.
    pub href: String,
}

/// An offer (§3 Offer): `GET /api/v1/offers`, `GET /api/v1/offers/{id}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Offer {
    /// Id (a slug or number), unique in the site.
    pub id: String,
    /// Name.
    pub name: String,
    /// Description as HTML, sanitised on the host (markdown in the file).
    pub description_html: String,
    /// Description as plain text (for the 200-character View more rule).
    pub description_text: String,
    /// Disclaimer (plain text).
    pub disclaimer: String,
    /// Category, e.g. `Finance offer`.
    pub category: Option<String>,
    /// Manufacturer name.
    pub manufacturer: Option<String>,
    /// The model, with its Explore link.
    pub model: Option<OfferModel>,
    /// Image (site path or https URL).
    pub image_url: Option<String>,
    /// Whether Book a Test Drive shows (the offer qualifies).
    pub test_drive: bool,
    /// The offer's page: `/offers/{manufacturer slug}/{id}`, or `/offers/{id}` without one.
    pub href: String,
    /// The enquiry link (the offer page's form).
    pub enquiry_href: String,
    /// First day shown (YYYY-MM-DD), or null.
    pub starts_on: Option<String>,
    /// Last day shown (YYYY-MM-DD), or null.
    pub ends_on: Option<String>,
}

/// The offers list: `GET /api/v1/offers`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OffersResponse {
    /// Offers shown on this site today, in file order.
    pub offers: Vec<Offer>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferModelFile {
    name: String,
    slug: String,
    #[serde(default)]
    override_url: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferFile {
    id: String,
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    disclaimer: String,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    manufacturer: Option<String>,
    #[serde(default)]
    model: Option<OfferModelFile>,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    test_drive: bool,
    #[serde(default)]
    excluded_websites: Vec<String>,
    #[serde(default)]
    starts_on: Option<String>,
    #[serde(default)]
    ends_on: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OffersFile {
    #[serde(default)]
    offers: Vec<OfferFile>,
}

/// Whether an offer shows on `today` (between `starts_on` and `ends_on`, both inclusive).
pub fn offer_live(o: &Offer, today: jiff::civil::Date) -> bool {
    let day = |s: &Option<String>| s.as_deref().and_then(|d| d.parse::<jiff::civil::Date>().ok());
    day(&o.starts_on).is_none_or(|s| s <= today) && day(&o.ends_on).is_none_or(|e| today <= e)
}

/// Plain text of rendered HTML (tags dropped, entities decoded, whitespace collapsed).
fn plain_text(html: &str) -> String {
    let no_tags = ammonia::Builder::empty().clean(html).to_string();
    html_escape::decode_html_entities(&no_tags)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads and checks `offers.toml` from the defaults then the tenant folder (`{{site_name}}`
/// replaced by `site_name`), leaving out offers whose `excluded_websites` name `slug`; file
/// order. Errors: the first invalid file and key, or an id already used.
pub(crate) fn load_offers(dirs: &Dirs, slug: &str, site_name: &str) -> Result<Vec<Offer>, TenantError> {
    let mut out: Vec<Offer> = Vec::new();
    for dir in [&dirs.defaults, &dirs.tenant].into_iter().flatten() {
        let file = dir.join("offers.toml");
        let Some(text) = read(&file, site_name)? else { continue };
        let f: OffersFile = toml::from_str(&text).map_err(|e| invalid(&file, "", e.message().to_string()))?;
        for (i, o) in f.offers.into_iter().enumerate() {
            let key = |k: &str| format!("offers.{i}.{k}");
            if !is_slug(&o.id) {
                return Err(invalid(&file, key("id"), "must be a slug (a-z, 0-9, -)"));
            }
            if out.iter().any(|x| x.id == o.id) {
                return Err(invalid(&file, key("id"), format!("`{}` is already an offer", o.id)));
            }
            if o.name.trim().is_empty() {
                return Err(invalid(&file, key("name"), "must not be empty"));
            }
            check_opt_link(&file, key("image"), &o.image)?;
            check_date(&file, key("starts_on"), &o.starts_on)?;
            check_date(&file, key("ends_on"), &o.ends_on)?;
            if let Some(m) = &o.model {
                check_opt_link(&file, key("model.override_url"), &m.override_url)?;
                if !is_slug(&m.slug) {
                    return Err(invalid(&file, key("model.slug"), "must be a slug"));
                }
            }
            if o.excluded_websites.iter().any(|w| w == slug) {
                continue;
            }
            let description_html = markdown_html(&o.description);
            let href = match &o.manufacturer {
                Some(m) => format!("/offers/{}/{}", crate::slug::slugify(m), o.id),
                None => format!("/offers/{}", o.id),
            };
            out.push(Offer {
                description_text: plain_text(&description_html),
                description_html,
                disclaimer: o.disclaimer.trim().to_string(),
                category: o.category,
                manufacturer: o.manufacturer,
                model: o.model.map(|m| OfferModel {
                    href: m.override_url.unwrap_or_else(|| format!("/{}", m.slug)),
                    name: m.name,
                    slug: m.slug,
                }),
                image_url: o.image,
                test_drive: o.test_drive,
                enquiry_href: format!("{href}#enquire"),
                href,
                id: o.id,
                name: o.name,
                starts_on: o.starts_on,
                ends_on: o.ends_on,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;
    use crate::content::marketing::navigation::{Popup, popup_live};

    #[test]
    fn offers_and_popups_by_date() {
        let o = |s: Option<&str>, e: Option<&str>| Offer {
            id: "x".into(),
            name: "x".into(),
            description_html: String::new(),
            description_text: String::new(),
            disclaimer: String::new(),
            category: None,
            manufacturer: None,
            model: None,
            image_url: None,
            test_drive: false,
            href: "/offers/x".into(),
            enquiry_href: "/offers/x#enquire".into(),
            starts_on: s.map(Into::into),
            ends_on: e.map(Into::into),
        };
        let today = date(2026, 11, 21);
        assert!(offer_live(&o(None, None), today));
        assert!(offer_live(&o(Some("2026-11-21"), Some("2026-11-21")), today));
        assert!(!offer_live(&o(Some("2026-11-22"), None), today));
        assert!(!offer_live(&o(None, Some("2026-11-20")), today));
        let p = |e: Option<&str>| Popup {
            id: "p".into(),
            image_url: None,
            title: "t".into(),
            description: String::new(),
            button: None,
            expires_at: e.map(Into::into),
        };
        let now: jiff::Timestamp = "2026-11-21T00:00:00Z".parse().unwrap();
        assert!(popup_live(&p(None), now));
        assert!(popup_live(&p(Some("2026-11-21T00:00:01Z")), now));
        assert!(!popup_live(&p(Some("2026-11-21T00:00:00Z")), now));
    }
    #[test]
    fn offer_text_is_plain() {
        assert_eq!(
            plain_text("<p>Save <strong>$2,000</strong> &amp; more</p>\n<p>Now</p>"),
            "Save $2,000 & more Now"
        );
    }
}
