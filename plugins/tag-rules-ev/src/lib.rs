//! # tag-rules-ev
//!
//! Extension point `tag-rules` (docs/features/shopper-core.md §4 "Card tag priority"): the tag on each car's search
//! card and VDP, in the spec's order:
//!
//! 1. sold cars: the sold tag (`sold_text`, else the tenant's `sold_tag_name`, else `JUST SOLD`);
//! 2. electric or hybrid tag, when enabled (`ev_tag`, else the tenant's `ev_tag` feature flag);
//! 3. `RESERVED` for reserved cars;
//! 4. the certified-pre-owned image, for used certified cars of the one configured manufacturer;
//! 5. the car's own (custom) tag from the feed, for example `Run-Out Sale` or `Test Drive Only`;
//! 6. `COMING SOON` for cars coming soon;
//! 7. the just-arrived tag for new cars listed within `just_arrived_days` (else the tenant's
//!    `just_arrived_days`, default 8) with `just_arrived_text` (else the tenant's
//!    `just_arrived_tag_name`);
//! 8. otherwise no tag.
//!
//! ## Config (every key optional)
//!
//! ```toml
//! [[plugins]]
//! name = "tag-rules-ev"
//! config = { ev_tag = true, ev_text = "EV", hybrid_text = "HYBRID", just_arrived_days = 5,
//!            certified = { manufacturer = "mercedes-benz", image_url = "/img/badges/certified-pre-owned.png" } }
//! ```
//!
//! | key | default |
//! |---|---|
//! | `ev_tag` (bool) | the tenant's `ev_tag` feature flag |
//! | `ev_text` / `hybrid_text` | `EV` / `HYBRID` |
//! | `reserved_text` | `RESERVED` |
//! | `coming_soon_text` | `COMING SOON` |
//! | `certified.manufacturer` (required in `certified`) | no certified tag without `certified` |
//! | `certified.image_url` (required in `certified`) | |
//! | `certified.text` | `Certified Pre-Owned` (the image's alt text) |
//! | `just_arrived_days` | the tenant's `just_arrived_days` |
//! | `just_arrived_text` | the tenant's `just_arrived_tag_name` |
//! | `just_arrived_car_types` | `["new"]` |
//! | `sold_text` | the tenant's `sold_tag_name`, else `JUST SOLD` |

use forecourt_plugin_sdk::prelude::*;
use serde::Deserialize;

/// Seconds in a day.
const DAY: u64 = 86_400;

/// The plugin config (see the crate docs).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub ev_tag: Option<bool>,
    pub ev_text: Option<String>,
    pub hybrid_text: Option<String>,
    pub reserved_text: Option<String>,
    pub coming_soon_text: Option<String>,
    pub certified: Option<Certified>,
    pub just_arrived_days: Option<u32>,
    pub just_arrived_text: Option<String>,
    pub just_arrived_car_types: Option<Vec<String>>,
    pub sold_text: Option<String>,
}

/// The certified-pre-owned image for one manufacturer (docs/features/shopper-core.md §4;
/// docs/features/locations-forms-marketing.md §4 "A certified pre-owned panel is shown for one
/// manufacturer only").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certified {
    /// Manufacturer (make) slug or name, for example `mercedes-benz`.
    pub manufacturer: String,
    /// The badge image URL.
    pub image_url: String,
    /// Alt text; default `Certified Pre-Owned`.
    #[serde(default)]
    pub text: Option<String>,
}

/// The plugin, built once from its config.
pub struct TagRulesEv {
    ev_tag: Option<bool>,
    ev_text: String,
    hybrid_text: String,
    reserved_text: String,
    coming_soon_text: String,
    certified: Option<(String, String, String)>,
    just_arrived_days: Option<u32>,
    just_arrived_text: Option<String>,
    just_arrived_car_types: Vec<CarType>,
    sold_text: Option<String>,
}

fn text(field: &str, value: Option<String>, default: &str) -> Result<String> {
    let v = value.unwrap_or_else(|| default.to_string());
    if v.trim().is_empty() {
        Err(format!("config.{field}: must not be empty"))
    } else {
        Ok(v)
    }
}

fn tag(text: &str, kind: TagKind) -> TagAnswer {
    TagAnswer::Show(Tag {
        text: text.to_string(),
        kind,
        image_url: None,
    })
}

impl Plugin for TagRulesEv {
    type Config = Config;

    fn new(c: Config) -> Result<Self> {
        let certified = match c.certified {
            None => None,
            Some(cpo) => {
                if cpo.manufacturer.trim().is_empty() {
                    return Err("config.certified.manufacturer: must not be empty".into());
                }
                if cpo.image_url.trim().is_empty() {
                    return Err("config.certified.image_url: must not be empty".into());
                }
                let alt = text("certified.text", cpo.text, "Certified Pre-Owned")?;
                Some((cpo.manufacturer, cpo.image_url, alt))
            }
        };
        let just_arrived_car_types = match c.just_arrived_car_types {
            None => vec![CarType::New],
            Some(list) => list
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    CarType::parse(s).ok_or_else(|| format!("config.just_arrived_car_types[{i}]: `{s}` must be new, demo or used"))
                })
                .collect::<Result<_>>()?,
        };
        let optional = |field: &str, v: Option<String>| -> Result<Option<String>> {
            match v {
                Some(s) if s.trim().is_empty() => Err(format!("config.{field}: must not be empty")),
                other => Ok(other),
            }
        };
        Ok(TagRulesEv {
            ev_tag: c.ev_tag,
            ev_text: text("ev_text", c.ev_text, "EV")?,
            hybrid_text: text("hybrid_text", c.hybrid_text, "HYBRID")?,
            reserved_text: text("reserved_text", c.reserved_text, "RESERVED")?,
            coming_soon_text: text("coming_soon_text", c.coming_soon_text, "COMING SOON")?,
            certified,
            just_arrived_days: c.just_arrived_days,
            just_arrived_text: optional("just_arrived_text", c.just_arrived_text)?,
            just_arrived_car_types,
            sold_text: optional("sold_text", c.sold_text)?,
        })
    }
}

impl TagRules for TagRulesEv {
    fn tag(&self, ctx: &TenantContext, car: &Car) -> Result<TagAnswer> {
        if car.is_sold() {
            let text = self.sold_text.as_deref().unwrap_or(if ctx.sold_tag_name.trim().is_empty() {
                "JUST SOLD"
            } else {
                &ctx.sold_tag_name
            });
            return Ok(tag(text, TagKind::Sold));
        }
        if self.ev_tag.unwrap_or_else(|| ctx.flag("ev_tag")) {
            if car.is_electric() {
                return Ok(tag(&self.ev_text, TagKind::Ev));
            }
            if car.is_hybrid() {
                return Ok(tag(&self.hybrid_text, TagKind::Hybrid));
            }
        }
        if car.reserved {
            return Ok(tag(&self.reserved_text, TagKind::Reserved));
        }
        if let Some((make, image_url, alt)) = &self.certified
            && car.car_type == CarType::Used
            && car.certified
            && car.make_is(make)
        {
            return Ok(TagAnswer::Show(Tag {
                text: alt.clone(),
                kind: TagKind::CertifiedPreOwned,
                image_url: Some(image_url.clone()),
            }));
        }
        if let Some(custom) = car.custom_tag() {
            return Ok(tag(custom, TagKind::Custom));
        }
        if car.status == CarStatus::ComingSoon {
            return Ok(tag(&self.coming_soon_text, TagKind::ComingSoon));
        }
        let days = self.just_arrived_days.unwrap_or(ctx.just_arrived_days) as u64;
        if self.just_arrived_car_types.contains(&car.car_type)
            && car.created_at > 0
            && car.created_at <= ctx.now
            && car.listed_for(ctx.now) <= days * DAY
        {
            let text = self
                .just_arrived_text
                .as_deref()
                .unwrap_or(if ctx.just_arrived_tag_name.trim().is_empty() {
                    "Just Arrived"
                } else {
                    &ctx.just_arrived_tag_name
                });
            return Ok(tag(text, TagKind::JustArrived));
        }
        Ok(TagAnswer::NoTag)
    }
}

forecourt_plugin_sdk::export_plugin!(TagRulesEv: TagRules);

#[cfg(test)]
mod tests {
    use super::*;
    use forecourt_plugin_sdk::testing::{self, DAY, Harness, NOW};

    fn ev() -> Car {
        Car {
            simple_fuel: Some("electric".into()),
            fuel: Some("Electric".into()),
            ..testing::car()
        }
    }
    fn hybrid() -> Car {
        Car {
            simple_fuel: Some("hybrid".into()),
            fuel: Some("Hybrid".into()),
            ..testing::car()
        }
    }
    fn new_car(days_ago: u64) -> Car {
        Car {
            car_type: CarType::New,
            created_at: NOW - days_ago * DAY,
            ..testing::car()
        }
    }
    fn cpo_mercedes() -> Car {
        Car {
            make: "Mercedes-Benz".into(),
            certified: true,
            ..testing::car()
        }
    }
    fn show(text: &str, kind: TagKind) -> TagAnswer {
        tag(text, kind)
    }

    const MERCEDES: &str = r#"{"certified": {"manufacturer": "mercedes-benz", "image_url": "/assets/cpo/mb.svg"}}"#;

    #[test]
    fn priority_table() {
        let plain = testing::ctx();
        let ev_flag = testing::ctx_with_flags(&[("ev_tag", true)]);
        let cpo_tag = TagAnswer::Show(Tag {
            text: "Certified Pre-Owned".into(),
            kind: TagKind::CertifiedPreOwned,
            image_url: Some("/assets/cpo/mb.svg".into()),
        });
        // (config, context, car, expected)
        let table: Vec<(&str, &TenantContext, Car, TagAnswer)> = vec![
            // Sold beats everything, with the tenant's sold tag name.
            (
                "",
                &plain,
                Car {
                    status: CarStatus::Sold,
                    reserved: true,
                    ..ev()
                },
                show("JUST SOLD", TagKind::Sold),
            ),
            (
                r#"{"sold_text": "SOLD"}"#,
                &plain,
                Car {
                    status: CarStatus::Sold,
                    ..testing::car()
                },
                show("SOLD", TagKind::Sold),
            ),
            // EV / hybrid first when the tenant flag is on (or config says so) ...
            ("", &ev_flag, Car { reserved: true, ..ev() }, show("EV", TagKind::Ev)),
            ("", &ev_flag, hybrid(), show("HYBRID", TagKind::Hybrid)),
            (
                r#"{"ev_tag": true, "ev_text": "ELECTRIC"}"#,
                &plain,
                ev(),
                show("ELECTRIC", TagKind::Ev),
            ),
            // ... and not at all when it is off.
            ("", &plain, ev(), TagAnswer::NoTag),
            (r#"{"ev_tag": false}"#, &ev_flag, ev(), TagAnswer::NoTag),
            // Reserved before certified pre-owned, custom, coming soon.
            (
                MERCEDES,
                &plain,
                Car {
                    reserved: true,
                    tag: Some("Run-Out Sale".into()),
                    ..cpo_mercedes()
                },
                show("RESERVED", TagKind::Reserved),
            ),
            // Certified pre-owned image: used, certified, the configured make only.
            (
                MERCEDES,
                &plain,
                Car {
                    tag: Some("Run-Out Sale".into()),
                    ..cpo_mercedes()
                },
                cpo_tag.clone(),
            ),
            (
                MERCEDES,
                &plain,
                Car {
                    make: "BMW".into(),
                    ..cpo_mercedes()
                },
                TagAnswer::NoTag,
            ),
            (
                MERCEDES,
                &plain,
                Car {
                    car_type: CarType::Demo,
                    ..cpo_mercedes()
                },
                TagAnswer::NoTag,
            ),
            ("", &plain, cpo_mercedes(), TagAnswer::NoTag),
            // Custom tag before coming soon.
            (
                "",
                &plain,
                Car {
                    tag: Some("Test Drive Only".into()),
                    status: CarStatus::ComingSoon,
                    ..testing::car()
                },
                show("Test Drive Only", TagKind::Custom),
            ),
            (
                "",
                &plain,
                Car {
                    status: CarStatus::ComingSoon,
                    ..testing::car()
                },
                show("COMING SOON", TagKind::ComingSoon),
            ),
            // Just arrived: new cars within the tenant's 8 days (inclusive), not used cars.
            ("", &plain, new_car(0), show("Just Arrived", TagKind::JustArrived)),
            ("", &plain, new_car(8), show("Just Arrived", TagKind::JustArrived)),
            ("", &plain, new_car(9), TagAnswer::NoTag),
            (
                "",
                &plain,
                Car {
                    car_type: CarType::Used,
                    ..new_car(1)
                },
                TagAnswer::NoTag,
            ),
            (
                r#"{"just_arrived_days": 5, "just_arrived_text": "Fresh In"}"#,
                &plain,
                new_car(5),
                show("Fresh In", TagKind::JustArrived),
            ),
            (r#"{"just_arrived_days": 5}"#, &plain, new_car(6), TagAnswer::NoTag),
            (
                r#"{"just_arrived_car_types": ["new", "demo"]}"#,
                &plain,
                Car {
                    car_type: CarType::Demo,
                    ..new_car(2)
                },
                show("Just Arrived", TagKind::JustArrived),
            ),
            // Nothing applies.
            ("", &plain, testing::car(), TagAnswer::NoTag),
        ];
        for (i, (config, ctx, car, want)) in table.into_iter().enumerate() {
            let h = Harness::<TagRulesEv>::new(config).unwrap();
            assert_eq!(h.tags(ctx, &[car]).unwrap(), vec![want], "row {i}: {config}");
        }
    }

    #[test]
    fn tenant_specifications_are_the_defaults() {
        let mut ctx = testing::ctx();
        ctx.just_arrived_days = 5;
        ctx.just_arrived_tag_name = "Fresh In".into();
        ctx.sold_tag_name = "SOLD".into();
        let h = Harness::<TagRulesEv>::new("{}").unwrap();
        let cars = [
            new_car(5),
            new_car(6),
            Car {
                status: CarStatus::Sold,
                ..testing::car()
            },
        ];
        assert_eq!(
            h.tags(&ctx, &cars).unwrap(),
            vec![
                show("Fresh In", TagKind::JustArrived),
                TagAnswer::NoTag,
                show("SOLD", TagKind::Sold)
            ]
        );
    }

    #[test]
    fn a_page_is_answered_in_order() {
        let h = Harness::<TagRulesEv>::new(r#"{"ev_tag": true}"#).unwrap();
        let cars = [
            ev(),
            testing::car(),
            hybrid(),
            Car {
                reserved: true,
                ..testing::car()
            },
        ];
        let got = h.tags(&testing::ctx(), &cars).unwrap();
        assert_eq!(
            got,
            vec![
                show("EV", TagKind::Ev),
                TagAnswer::NoTag,
                show("HYBRID", TagKind::Hybrid),
                show("RESERVED", TagKind::Reserved)
            ]
        );
    }

    #[test]
    fn bad_configs() {
        for (config, want) in [
            (r#"{"ev_text": " "}"#, "config.ev_text: must not be empty"),
            (
                r#"{"certified": {"manufacturer": "", "image_url": "/x.svg"}}"#,
                "config.certified.manufacturer: must not be empty",
            ),
            (
                r#"{"just_arrived_car_types": ["nearly-new"]}"#,
                "config.just_arrived_car_types[0]: `nearly-new` must be new, demo or used",
            ),
            (r#"{"sold_text": ""}"#, "config.sold_text: must not be empty"),
        ] {
            assert_eq!(Harness::<TagRulesEv>::new(config).err().unwrap(), want);
        }
        let e = Harness::<TagRulesEv>::new(r#"{"certified": {"manufacturer": "mercedes-benz"}}"#)
            .err()
            .unwrap();
        assert!(e.contains("missing field `image_url`"), "{e}");
    }
}
