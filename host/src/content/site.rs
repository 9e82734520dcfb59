//! The tenant's information pages: recalls, service and trade-in (each the tenant's TOML merged
//! over the default's), the markdown pages, and [`Content`], everything a tenant's content files
//! hold, with [`load`] reading it all.

use std::{collections::BTreeMap, path::Path};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    files::{Dirs, markdown_html, merged, read},
    marketing::site_content::{self, SiteContent},
    models::{ImageBanner, ModelFamily, ModelsContent, load_models},
    vdp::{VdpContent, load_vdp},
};
use crate::tenant::error::{TenantError, invalid};
use crate::tenant::validate::is_slug;

/// Longest page description (docs/features/locations-forms-marketing.md §9 "Description truncation 160 characters").
pub const DESCRIPTION_MAX: usize = 160;

/// A question and its answer as sanitised HTML.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    /// The question.
    pub question: String,
    /// The answer (sanitised HTML).
    pub answer_html: String,
}

/// A recall campaign (§3 Recall record: recall number, affected years, affected units, model name).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallCampaign {
    /// e.g. `REC-005652`.
    pub recall_number: String,
    /// e.g. `IM6`.
    pub model_name: String,
    /// e.g. `2021-2022`.
    pub affected_years: String,
    /// Number of vehicles affected.
    pub affected_units: u32,
    /// `active` or `closed`.
    pub status: String,
    /// Campaign title.
    pub title: String,
    /// What is wrong (sanitised HTML).
    pub description_html: String,
    /// What the dealer does about it (sanitised HTML).
    pub remedy_html: String,
}

/// The recall page: `GET /api/v1/content/recalls` (§2 "Recall page").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallsContent {
    /// Page title.
    pub title: String,
    /// Introduction (sanitised HTML).
    pub intro_html: String,
    /// Campaigns, active first as written.
    pub campaigns: Vec<RecallCampaign>,
    /// The collapsible FAQ.
    pub faq: Vec<FaqItem>,
}

/// A section of the service page (precise-price servicing, genuine parts).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ServiceSection {
    /// Anchor id, e.g. `precise-price`.
    pub id: String,
    /// Heading.
    pub title: String,
    /// Body (sanitised HTML).
    pub html: String,
}

/// A value-add feature (§3: title, description), e.g. the free ride within 8 km.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Perk {
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
}

/// The Get a Quote modal's wording (§9 "Service quote is fixed for 12 months").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceQuote {
    /// Modal title, `Get a Quote`.
    pub title: String,
    /// How long a quote holds, in months (12).
    pub valid_months: u32,
    /// Note shown with the form.
    #[serde(default)]
    pub note: String,
}

/// The service page: `GET /api/v1/content/service` (§2 "Service page").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceContent {
    /// Banner (no eyebrow or button in the demo content; both optional).
    pub banner: ImageBanner,
    /// Sections in order.
    pub sections: Vec<ServiceSection>,
    /// Value-add features.
    pub perks: Vec<Perk>,
    /// The Get a Quote modal.
    pub quote: ServiceQuote,
    /// The external booking page (an https URL) on tenants that book there, else null.
    pub external_booking_url: Option<String>,
}

/// The trade-in information: `GET /api/v1/content/trade-in` (§2 "Trade-in information").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradeInContent {
    /// The FAQ.
    pub faq: Vec<FaqItem>,
    /// `{brand}` of 'By submitting this enquiry, I agree to the {brand} Privacy Policy.' (the site name).
    pub privacy_brand: String,
}

/// A markdown page: `GET /api/v1/content/pages/{path}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ContentPage {
    /// URL path, e.g. `/about-us`.
    pub path: String,
    /// Title (front matter).
    pub title: String,
    /// Description, at most 160 characters (front matter).
    pub description: String,
    /// The body (sanitised HTML).
    pub html: String,
}

/// Everything a tenant's content files hold, rendered. Absent parts are None (the API answers 404).
#[derive(Debug, Clone, Default)]
pub struct Content {
    /// The electric-model area.
    pub models: Option<ModelsContent>,
    /// The recall page.
    pub recalls: Option<RecallsContent>,
    /// The service page's information.
    pub service: Option<ServiceContent>,
    /// The trade-in information.
    pub trade_in: Option<TradeInContent>,
    /// The VDP's warranty wording, money-back guarantee and blog links.
    pub vdp: Option<VdpContent>,
    /// Pages by URL path (`/about-us`).
    pub pages: BTreeMap<String, ContentPage>,
    /// Navigation, popup, offers, brands and reviews (docs/features/platform.md
    /// "Locations, offers and navigation"; `content::marketing`).
    pub site: SiteContent,
}

impl Content {
    /// The page at a URL path (`/about-us`, trailing slash ignored), or None.
    pub fn page(&self, path: &str) -> Option<&ContentPage> {
        let p = path.trim_end_matches('/');
        self.pages.get(if p.is_empty() { "/" } else { p })
    }

    /// The model family with this `baseId`, or None (also when the tenant has no model area).
    pub fn family(&self, base_id: &str) -> Option<&ModelFamily> {
        self.models.as_ref()?.families.iter().find(|f| f.base_id == base_id)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FaqFile {
    question: String,
    answer: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CampaignFile {
    recall_number: String,
    model_name: String,
    affected_years: String,
    affected_units: u32,
    #[serde(default = "active")]
    status: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    remedy: String,
}

fn active() -> String {
    "active".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecallsFile {
    #[serde(default = "recalls_title")]
    title: String,
    #[serde(default)]
    intro: String,
    #[serde(default)]
    campaigns: Vec<CampaignFile>,
    #[serde(default)]
    faq: Vec<FaqFile>,
}

fn recalls_title() -> String {
    "Vehicle Recalls".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionFile {
    id: String,
    title: String,
    body: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ServiceFile {
    #[serde(default)]
    external_booking_url: String,
    banner: ImageBanner,
    #[serde(default)]
    sections: Vec<SectionFile>,
    #[serde(default)]
    perks: Vec<Perk>,
    quote: ServiceQuote,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TradeInFile {
    #[serde(default)]
    faq: Vec<FaqFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: String,
    #[serde(default)]
    description: String,
}

fn faq(items: Vec<FaqFile>) -> Vec<FaqItem> {
    items
        .into_iter()
        .map(|f| FaqItem {
            question: f.question,
            answer_html: markdown_html(&f.answer),
        })
        .collect()
}

fn load_recalls(dirs: &Dirs, site_name: &str) -> Result<Option<RecallsContent>, TenantError> {
    let Some(r) = merged::<RecallsFile>(dirs, "recalls.toml", site_name)? else {
        return Ok(None);
    };
    Ok(Some(RecallsContent {
        title: r.title,
        intro_html: markdown_html(&r.intro),
        campaigns: r
            .campaigns
            .into_iter()
            .map(|c| RecallCampaign {
                recall_number: c.recall_number,
                model_name: c.model_name,
                affected_years: c.affected_years,
                affected_units: c.affected_units,
                status: c.status,
                title: c.title,
                description_html: markdown_html(&c.description),
                remedy_html: markdown_html(&c.remedy),
            })
            .collect(),
        faq: faq(r.faq),
    }))
}

fn load_service(dirs: &Dirs, site_name: &str) -> Result<Option<ServiceContent>, TenantError> {
    let Some(s) = merged::<ServiceFile>(dirs, "service.toml", site_name)? else {
        return Ok(None);
    };
    let url = s.external_booking_url.trim().to_string();
    if !url.is_empty() && !url.starts_with("https://") {
        let file = dirs.file("service.toml");
        return Err(invalid(&file, "externalBookingUrl", "must be an https URL or empty"));
    }
    Ok(Some(ServiceContent {
        banner: s.banner,
        sections: s
            .sections
            .into_iter()
            .map(|x| ServiceSection {
                id: x.id,
                title: x.title,
                html: markdown_html(&x.body),
            })
            .collect(),
        perks: s.perks,
        quote: s.quote,
        external_booking_url: (!url.is_empty()).then_some(url),
    }))
}

fn load_trade_in(dirs: &Dirs, site_name: &str) -> Result<Option<TradeInContent>, TenantError> {
    Ok(merged::<TradeInFile>(dirs, "trade_in.toml", site_name)?.map(|t| TradeInContent {
        faq: faq(t.faq),
        privacy_brand: site_name.to_string(),
    }))
}

/// Parses one markdown page: front matter between `+++` lines, then the body.
fn parse_page(file: &Path, path: String, text: &str) -> Result<ContentPage, TenantError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text
        .strip_prefix("+++\n")
        .or_else(|| text.strip_prefix("+++\r\n"))
        .ok_or_else(|| invalid(file, "", "must start with TOML front matter between `+++` lines"))?;
    let end = rest
        .find("\n+++")
        .ok_or_else(|| invalid(file, "", "the front matter has no closing `+++` line"))?;
    let front: FrontMatter = toml::from_str(&rest[..end]).map_err(|e| invalid(file, "", e.to_string()))?;
    if front.title.trim().is_empty() {
        return Err(invalid(file, "title", "must not be empty"));
    }
    if front.description.chars().count() > DESCRIPTION_MAX {
        return Err(invalid(file, "description", format!("at most {DESCRIPTION_MAX} characters")));
    }
    let body = rest[end + 4..].trim_start_matches(['\r', '\n']);
    Ok(ContentPage {
        path,
        title: front.title,
        description: front.description,
        html: markdown_html(body),
    })
}

/// Every `pages/**/*.md` under `root`, keyed by URL path.
fn load_pages(root: &Path, site_name: &str, out: &mut BTreeMap<String, ContentPage>) -> Result<(), TenantError> {
    let pages = root.join("pages");
    if !pages.is_dir() {
        return Ok(());
    }
    let mut stack = vec![pages.clone()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| invalid(&dir, "", format!("cannot read: {e}")))?;
        for entry in entries.filter_map(|e| e.ok()) {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().and_then(|e| e.to_str()) != Some("md") {
                continue;
            }
            let rel = p.strip_prefix(&pages).expect("under pages").with_extension("");
            let segs: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            if segs.iter().any(|s| !is_slug(s)) {
                return Err(invalid(&p, "", "page file and folder names must be slugs (a-z, 0-9, -)"));
            }
            let url = format!("/{}", segs.join("/"));
            let text = read(&p, site_name)?.unwrap_or_default();
            out.insert(url.clone(), parse_page(&p, url, &text)?);
        }
    }
    Ok(())
}

/// Loads a tenant's content: `<tenant folder>/content/` over the shared defaults folder (module
/// docs). Takes the tenant folder, the defaults folder (tenant.toml `content_defaults`, resolved;
/// None for none), the tenant's slug (offers' `excluded_websites`) and its name (for `{{site_name}}`); returns the rendered content, or
/// the first invalid file and key.
pub fn load(tenant_folder: &Path, defaults: Option<&Path>, slug: &str, site_name: &str) -> Result<Content, TenantError> {
    let tenant = tenant_folder.join("content");
    let dirs = Dirs {
        defaults: defaults.map(Path::to_path_buf).filter(|d| d.is_dir()),
        tenant: Some(tenant.clone()).filter(|d| d.is_dir()),
    };
    let mut pages = BTreeMap::new();
    if let Some(d) = &dirs.defaults {
        load_pages(d, site_name, &mut pages)?;
    }
    if let Some(d) = &dirs.tenant {
        load_pages(d, site_name, &mut pages)?;
    }
    Ok(Content {
        models: match &dirs.tenant {
            Some(d) => load_models(d, site_name)?,
            None => None,
        },
        recalls: load_recalls(&dirs, site_name)?,
        service: load_service(&dirs, site_name)?,
        trade_in: load_trade_in(&dirs, site_name)?,
        vdp: load_vdp(&dirs, site_name)?,
        site: site_content::load(&dirs, slug, site_name)?,
        pages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_rendered_and_sanitised() {
        let html = markdown_html("# Hi\n\n<script>alert(1)</script>\n\n[x](https://e.com) | a |\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.contains("<h1>Hi</h1>"));
        assert!(!html.contains("<script"));
        assert!(html.contains("rel=\"noopener noreferrer\""));
        assert!(html.contains("<table>"));
        let js = markdown_html("[bad](javascript:alert(1))");
        assert!(!js.contains("javascript:"), "{js}");
    }

    #[test]
    fn pages_need_front_matter_and_a_short_description() {
        let f = Path::new("p.md");
        let p = parse_page(f, "/a".into(), "+++\ntitle = \"A\"\ndescription = \"d\"\n+++\nBody *b*\n").unwrap();
        assert_eq!((p.title.as_str(), p.description.as_str()), ("A", "d"));
        assert_eq!(p.html.trim(), "<p>Body <em>b</em></p>");
        assert!(parse_page(f, "/a".into(), "no front matter").is_err());
        assert!(parse_page(f, "/a".into(), "+++\ntitle = \"A\"\n").is_err());
        let long = format!("+++\ntitle = \"A\"\ndescription = \"{}\"\n+++\n", "x".repeat(161));
        let e = parse_page(f, "/a".into(), &long).unwrap_err().to_string();
        assert!(e.contains("description"), "{e}");
        assert!(
            parse_page(f, "/a".into(), "+++\ntitel = \"A\"\n+++\n").is_err(),
            "unknown keys are refused"
        );
    }
}
