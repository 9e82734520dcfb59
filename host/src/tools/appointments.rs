//! Test-drive appointment slots computed from a location's opening hours and holiday (special)
//! hours, in the location's own time zone (docs/features/platform.md "Leads": "test drive, with appointment slots from
//! the host computed from the location's opening and holiday hours"; docs/features/locations-forms-marketing.md §3
//! "Location, opening and special hours").
//!
//! Slots are every [`SLOT_MINUTES`] minutes from opening until [`SLOT_MINUTES`] before closing;
//! a holiday entry for a date replaces that weekday's hours (Closed: no slots); slots sooner than
//! [`LEAD_MINUTES`] from now are left out. Days without slots are left out.

use jiff::{Timestamp, ToSpan, civil, tz::TimeZone};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::{Error, Result},
    tenant::{LocationConfig, Tenant},
};

/// Minutes between slots (and the length of one).
pub const SLOT_MINUTES: i64 = 30;
/// No slot starts sooner than this after now, minutes.
pub const LEAD_MINUTES: i64 = 60;

/// One day's free slots.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct SlotDay {
    /// `YYYY-MM-DD`, the location's local date.
    pub date: String,
    /// `HH:MM` local start times, ascending.
    pub times: Vec<String>,
}

/// The slots of a location.
#[derive(Debug, Serialize, ToSchema)]
pub struct Slots {
    /// Location slug.
    pub location: String,
    /// IANA time zone of the times.
    pub time_zone: String,
    /// Days with at least one slot, ascending.
    pub days: Vec<SlotDay>,
}

fn hhmm(s: &str) -> Option<civil::Time> {
    civil::Time::strptime("%H:%M", s).ok()
}

/// The open span of `location` on `date`: the holiday entry for the date when there is one,
/// else the weekday's hours; None when closed.
fn open_span(location: &LocationConfig, date: civil::Date) -> Option<(civil::Time, civil::Time)> {
    let iso = date.to_string();
    if let Some(s) = location.special_hours.iter().find(|s| s.date == iso) {
        return if s.status.eq_ignore_ascii_case("open") {
            Some((hhmm(s.start_hour.as_deref()?)?, hhmm(s.end_hour.as_deref()?)?))
        } else {
            None
        };
    }
    let weekday = date.weekday().to_sunday_zero_offset() as u8;
    let h = location.opening_hours.iter().find(|h| h.weekday == weekday)?;
    if !h.status.eq_ignore_ascii_case("open") {
        return None;
    }
    Some((hhmm(h.open.as_deref()?)?, hhmm(h.close.as_deref()?)?))
}

/// The slots of `location` for `days` days from `now` (today in `tz` first), in `tz`: the days
/// with at least one free slot, ascending, each with its `HH:MM` local start times.
pub fn slots(location: &LocationConfig, tz: &TimeZone, now: Timestamp, days: i64) -> Vec<SlotDay> {
    let local_now = now.to_zoned(tz.clone());
    let earliest = now + LEAD_MINUTES.minutes();
    let mut out = Vec::new();
    for d in 0..days {
        let Ok(date) = local_now.date().checked_add(d.days()) else { break };
        let Some((open, close)) = open_span(location, date) else { continue };
        let mut times = Vec::new();
        let mut t = open;
        loop {
            let Ok(end) = t.checked_add(SLOT_MINUTES.minutes()) else { break };
            if end > close || end <= t {
                break;
            }
            let starts = date.to_datetime(t).to_zoned(tz.clone()).map(|z| z.timestamp());
            if starts.is_ok_and(|s| s >= earliest) {
                times.push(t.strftime("%H:%M").to_string());
            }
            t = end;
        }
        if !times.is_empty() {
            out.push(SlotDay {
                date: date.to_string(),
                times,
            });
        }
    }
    out
}

/// Days asked for when the shopper does not say.
pub const DEFAULT_DAYS: i64 = 14;

/// The test-drive slots of tenant `t`'s visible location `slug` for `days` days (1 to 60,
/// default [`DEFAULT_DAYS`]) from `now`, in the time zone of the location's state. Errors:
/// `Invalid` naming `days` when out of range; `NotFound` for a location this site does not
/// show; `Internal` when the time zone is unknown.
pub fn slots_of(t: &Tenant, slug: &str, days: Option<i64>, now: Timestamp) -> Result<Slots> {
    let days = days.unwrap_or(DEFAULT_DAYS);
    if !(1..=60).contains(&days) {
        return Err(Error::invalid("days", "must be 1 to 60"));
    }
    let location = t
        .config
        .locations
        .iter()
        .find(|l| l.slug == slug && l.visible)
        .ok_or_else(|| Error::not_found(format!("No location `{slug}` on this site")))?;
    let zone = crate::geo::state_time_zone(&location.address.state);
    let tz = TimeZone::get(zone).map_err(Error::internal)?;
    Ok(Slots {
        location: slug.into(),
        time_zone: zone.into(),
        days: slots(location, &tz, now, days),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tenant::{OpeningHour, SpecialHour};

    fn location() -> LocationConfig {
        let toml = r#"
slug = "brisbane"
name = "Brisbane"
dealership = "d"
[address]
city = "Brisbane City"
state = "QLD"
postcode = "4000"
lat = -27.47
long = 153.03
"#;
        let mut l: LocationConfig = toml::from_str(toml).unwrap();
        l.opening_hours = (1..=5)
            .map(|weekday| OpeningHour {
                weekday,
                status: "Open".into(),
                open: Some("09:00".into()),
                close: Some("11:00".into()),
            })
            .chain([OpeningHour {
                weekday: 6,
                status: "Open".into(),
                open: Some("09:00".into()),
                close: Some("10:00".into()),
            }])
            .chain([OpeningHour {
                weekday: 0,
                status: "Closed".into(),
                open: None,
                close: None,
            }])
            .collect();
        l.special_hours = vec![
            SpecialHour {
                date: "2026-12-25".into(),
                status: "Closed".into(),
                start_hour: None,
                end_hour: None,
            },
            SpecialHour {
                date: "2026-12-24".into(),
                status: "Open".into(),
                start_hour: Some("10:00".into()),
                end_hour: Some("11:00".into()),
            },
        ];
        l
    }

    #[test]
    fn slots_follow_weekly_and_holiday_hours_in_local_time() {
        let tz = TimeZone::get("Australia/Brisbane").unwrap();
        // Monday 2026-12-21 07:00 in Brisbane (UTC+10): the first slot is 09:00.
        let now: Timestamp = "2026-12-20T21:00:00Z".parse().unwrap();
        let days = slots(&location(), &tz, now, 7);
        let by_date: Vec<(&str, Vec<&str>)> = days
            .iter()
            .map(|d| (d.date.as_str(), d.times.iter().map(String::as_str).collect()))
            .collect();
        assert_eq!(
            by_date,
            vec![
                ("2026-12-21", vec!["09:00", "09:30", "10:00", "10:30"]),
                ("2026-12-22", vec!["09:00", "09:30", "10:00", "10:30"]),
                ("2026-12-23", vec!["09:00", "09:30", "10:00", "10:30"]),
                // Christmas Eve: holiday hours 10:00-11:00. Christmas Day: closed.
                ("2026-12-24", vec!["10:00", "10:30"]),
                // Saturday 09:00-10:00; Sunday closed.
                ("2026-12-26", vec!["09:00", "09:30"]),
            ]
        );
    }

    #[test]
    fn slots_sooner_than_the_lead_time_are_left_out() {
        let tz = TimeZone::get("Australia/Brisbane").unwrap();
        // Monday 09:15 local: 09:30 and 10:00 are within the hour; 10:30 is left.
        let now: Timestamp = "2026-12-20T23:15:00Z".parse().unwrap();
        let days = slots(&location(), &tz, now, 1);
        assert_eq!(
            days,
            vec![SlotDay {
                date: "2026-12-21".into(),
                times: vec!["10:30".into()]
            }]
        );
        assert_eq!(crate::geo::state_time_zone("WA"), "Australia/Perth");
    }
}
