//! `tag-rules`: the tag on a car's card and VDP. The answer types ([`Tag`], [`TagKind`]), the
//! check of a plugin's answer ([`tag_answer`]), the host default ([`tag_for`]) and the call
//! ([`Tags`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasmtime::{
    Store,
    component::{ComponentType, Lift, WasmStr},
};

use crate::{
    model::Car,
    plugins::{
        lift::{Meter, Raw, call_list},
        points::{
            check::{AnswerSize, ITEM, Invalid, MAX_LABEL, image_url, max_len, non_empty, os, s},
            extension::{Env, ExtensionPoint, opinion_or_default, text_or},
            point::Point,
        },
        runtime::{Call, LoadedComponent, StoreState},
        since_v0_1_0::{self as wit, tag_rules as wtr},
    },
    slug::slugify,
    tenant::TenantConfig,
};

/// What a tag means; the UI picks its colour and icon from it (docs/features/shopper-core.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TagKind {
    /// Battery-electric car.
    Ev,
    /// Hybrid or plug-in hybrid.
    Hybrid,
    /// Reserved by a shopper.
    Reserved,
    /// Certified pre-owned (usually shown as the manufacturer's image).
    CertifiedPreOwned,
    /// The car's own tag from the feed.
    Custom,
    /// Status coming soon.
    ComingSoon,
    /// Recently listed (docs/features/shopper-core.md §9 just-arrived window).
    JustArrived,
    /// Sold (default text `JUST SOLD`).
    Sold,
}

/// The tag on a car's card and VDP (docs/features/shopper-core.md §4 "Card tag priority").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Tag {
    /// The text, for example `EV` or `JUST SOLD`; also the image's alt text.
    pub text: String,
    /// What the tag means.
    pub kind: TagKind,
    /// An image shown instead of the text (certified pre-owned badge), when there is one.
    pub image_url: Option<String>,
}

/// Seconds in a day.
pub const DAY_SECONDS: i64 = 86_400;

/// Default just-arrived window, days (docs/features/shopper-core.md §9).
pub const JUST_ARRIVED_DAYS: u32 = 8;

/// Default sold tag (docs/features/shopper-core.md §4).
pub const SOLD_TAG: &str = "JUST SOLD";

/// Reserved tag text (docs/features/shopper-core.md §4).
pub const RESERVED_TAG: &str = "RESERVED";

/// Coming-soon tag text (docs/features/shopper-core.md §4 "coming_soon shows a COMING SOON tag").
pub const COMING_SOON_TAG: &str = "COMING SOON";

/// EV tag text.
pub const EV_TAG: &str = "EV";

/// Hybrid tag text.
pub const HYBRID_TAG: &str = "HYBRID";

/// Certified-pre-owned alt text.
pub const CERTIFIED_TAG: &str = "Certified Pre-Owned";

/// Tag text of a test-drive-only car (docs/features/shopper-core.md §3 `tag`).
pub const TEST_DRIVE_ONLY: &str = "Test Drive Only";

/// `tag-rules.tags`: the tag of each car in a page. Host item: the stored car; WIT item: the WIT
/// car; answer: `None` for no tag.
pub struct Tags;

impl ExtensionPoint for Tags {
    const POINT: Point = Point::TagRules;
    type Host = Car;
    type Item = wit::Car;
    type Wit = wtr::TagAnswer;
    type Opinion = Option<Tag>;
    type Answer = Option<Tag>;

    fn item_size(item: &wit::Car) -> usize {
        wit::car_size(item)
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[wit::Car],
    ) -> wasmtime::Result<Result<Vec<wtr::TagAnswer>, String>> {
        let f = component.func(Self::POINT, "tags")?;
        call_list::<_, RawTagAnswer>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(env: &Env<'_>, answer: wtr::TagAnswer) -> Result<Option<Option<Tag>>, Invalid> {
        tag_answer(answer, env.image_hosts)
    }

    fn default_for(env: &Env<'_>, car: &Car, _item: &wit::Car) -> Option<Tag> {
        tag_for(&env.tenant.config, car, env.now)
    }

    fn decide(env: &Env<'_>, car: &Car, item: &wit::Car, opinion: Option<Option<Tag>>) -> (Option<Tag>, bool) {
        opinion_or_default::<Self>(env, car, item, opinion)
    }
}

impl AnswerSize for wtr::TagAnswer {
    fn answer_size(&self) -> usize {
        match self {
            wtr::TagAnswer::Show(t) => ITEM + s(&t.text) + os(&t.image_url),
            _ => ITEM,
        }
    }
}

/// `tag-rules.tag` still in guest memory (`lift.rs`).
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawTag {
    #[component(name = "text")]
    text: WasmStr,
    #[component(name = "kind")]
    kind: wtr::TagKind,
    #[component(name = "image-url")]
    image_url: Option<WasmStr>,
}

/// `tag-rules.tag-answer` still in guest memory (`lift.rs`).
#[derive(ComponentType, Lift)]
#[component(variant)]
pub enum RawTagAnswer {
    /// `host-default`.
    #[component(name = "host-default")]
    HostDefault,
    /// `no-tag`.
    #[component(name = "no-tag")]
    NoTag,
    /// `show(tag)`.
    #[component(name = "show")]
    Show(RawTag),
}

crate::plain_raw!(wtr::TagKind);

impl Raw for RawTagAnswer {
    type Owned = wtr::TagAnswer;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        match self {
            RawTagAnswer::Show(t) => {
                t.text.measure(store, meter)?;
                t.image_url.measure(store, meter)
            }
            _ => Ok(()),
        }
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wtr::TagAnswer> {
        Ok(match self {
            RawTagAnswer::HostDefault => wtr::TagAnswer::HostDefault,
            RawTagAnswer::NoTag => wtr::TagAnswer::NoTag,
            RawTagAnswer::Show(t) => wtr::TagAnswer::Show(wtr::Tag {
                text: t.text.own(store)?,
                kind: t.kind,
                image_url: t.image_url.own(store)?,
            }),
        })
    }
}

fn kind(k: wtr::TagKind) -> TagKind {
    match k {
        wtr::TagKind::Ev => TagKind::Ev,
        wtr::TagKind::Hybrid => TagKind::Hybrid,
        wtr::TagKind::Reserved => TagKind::Reserved,
        wtr::TagKind::CertifiedPreOwned => TagKind::CertifiedPreOwned,
        wtr::TagKind::Custom => TagKind::Custom,
        wtr::TagKind::ComingSoon => TagKind::ComingSoon,
        wtr::TagKind::JustArrived => TagKind::JustArrived,
        wtr::TagKind::Sold => TagKind::Sold,
    }
}

/// A plugin's tag answer for one car: `None` = no opinion (host default), `Some(None)` = no tag.
/// The text is at most [`MAX_LABEL`] bytes; an image URL is the tenant's own media (`/img/...`)
/// or https on one of `image_hosts` (the plugin's allow-list in `tenant.toml`).
pub fn tag_answer(a: wtr::TagAnswer, image_hosts: &[String]) -> Result<Option<Option<Tag>>, Invalid> {
    Ok(match a {
        wtr::TagAnswer::HostDefault => None,
        wtr::TagAnswer::NoTag => Some(None),
        wtr::TagAnswer::Show(t) => {
            non_empty("tag.text", &t.text)?;
            max_len("tag.text", &t.text, MAX_LABEL)?;
            if let Some(u) = &t.image_url {
                non_empty("tag.image-url", u)?;
                // Only the tenant's media or an allowed host reaches `img src` (SECURITY.md).
                image_url(u, image_hosts)?;
            }
            Some(Some(Tag {
                text: t.text,
                kind: kind(t.kind),
                image_url: t.image_url,
            }))
        }
    })
}

fn is_electric(car: &Car) -> bool {
    let f = fuel_words(car);
    f.contains("electric") && !f.contains("hybrid")
}

fn is_hybrid(car: &Car) -> bool {
    fuel_words(car).contains("hybrid")
}

fn fuel_words(car: &Car) -> String {
    [car.simple_fuel.as_deref(), car.fuel.as_deref()]
        .into_iter()
        .flatten()
        .map(|s| s.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

fn custom_tag(car: &Car) -> Option<&str> {
    car.tag.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// The car's tag says `Test Drive Only` (case-insensitive).
pub fn is_test_drive_only(car: &Car) -> bool {
    custom_tag(car).is_some_and(|t| t.eq_ignore_ascii_case(TEST_DRIVE_ONLY))
}

fn tag(text: &str, kind: TagKind) -> Option<Tag> {
    Some(Tag {
        text: text.to_string(),
        kind,
        image_url: None,
    })
}

/// The default tag (docs/features/shopper-core.md §4 "Card tag priority"): sold cars get the sold tag (tenant's
/// `sold_tag_name`, default `JUST SOLD`); then EV/hybrid when the tenant's `ev_tag` flag is on;
/// `RESERVED`; certified pre-owned for a used certified car of the tenant's manufacturer; the
/// car's own tag; `COMING SOON`; the just-arrived tag for new cars listed within
/// `just_arrived_days` (default 8, §9); else none. `now` is unix seconds.
pub fn tag_for(cfg: &TenantConfig, car: &Car, now: i64) -> Option<Tag> {
    let spec = &cfg.specifications;
    if car.status == "sold" {
        return tag(text_or(&spec.sold_tag_name, SOLD_TAG), TagKind::Sold);
    }
    if cfg.features.get("ev_tag").copied().unwrap_or(false) {
        if is_electric(car) {
            return tag(EV_TAG, TagKind::Ev);
        }
        if is_hybrid(car) {
            return tag(HYBRID_TAG, TagKind::Hybrid);
        }
    }
    if car.reserved.0 {
        return tag(RESERVED_TAG, TagKind::Reserved);
    }
    if car.car_type == "used" && car.certified.0 && cfg.manufacturer.as_deref().is_some_and(|m| slugify(m) == slugify(&car.make)) {
        return tag(CERTIFIED_TAG, TagKind::CertifiedPreOwned);
    }
    if let Some(custom) = custom_tag(car) {
        return tag(custom, TagKind::Custom);
    }
    if car.status == "coming_soon" {
        return tag(COMING_SOON_TAG, TagKind::ComingSoon);
    }
    let days = i64::from(spec.just_arrived_days);
    if car.car_type == "new" && car.created_at > 0 && car.created_at <= now && now - car.created_at <= days * DAY_SECONDS {
        return tag(text_or(&spec.just_arrived_tag_name, "Just Arrived"), TagKind::JustArrived);
    }
    None
}
