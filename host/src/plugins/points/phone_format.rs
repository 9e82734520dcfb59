//! `phone-format`: phone numbers ready to show. The answer type ([`Phone`]), the check of a
//! plugin's answer ([`phone`]), the host defaults ([`format_phone`], [`phone_for`]) and the two
//! calls ([`CarPhones`], [`FormatNumbers`]).

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
            check::{AnswerSize, ITEM, Invalid, MAX_PHONE, max_len, non_empty, really_masked, s},
            extension::{Env, ExtensionPoint, opinion_or_default},
            point::Point,
        },
        runtime::{Call, LoadedComponent, StoreState},
        since_v0_1_0::{self as wit, phone_format as wpf},
    },
    tenant::TenantConfig,
};

/// A phone number ready to show (docs/features/shopper-core.md §9: `+61` becomes `0`, grouped 2-4-4; §4 masked or
/// revealed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Phone {
    /// As shown, for example `07 5550 0700`.
    pub display: String,
    /// For `tel:` links, for example `+61755500700`.
    pub dial: String,
    /// Before the click-to-reveal, for example `07 5550 XXXX`.
    pub masked: String,
}

/// `phone-format.phone-number` still in guest memory (`lift.rs`).
#[derive(ComponentType, Lift)]
#[component(record)]
pub struct RawPhone {
    #[component(name = "display")]
    display: WasmStr,
    #[component(name = "dial")]
    dial: WasmStr,
    #[component(name = "masked")]
    masked: WasmStr,
}

impl Raw for RawPhone {
    type Owned = wpf::PhoneNumber;

    fn measure(&self, store: &mut Store<StoreState>, meter: &mut Meter) -> wasmtime::Result<()> {
        self.display.measure(store, meter)?;
        self.dial.measure(store, meter)?;
        self.masked.measure(store, meter)
    }

    fn own(self, store: &mut Store<StoreState>) -> wasmtime::Result<wpf::PhoneNumber> {
        Ok(wpf::PhoneNumber {
            display: self.display.own(store)?,
            dial: self.dial.own(store)?,
            masked: self.masked.own(store)?,
        })
    }
}

/// `phone-format.car-phones`: the number to call about each car in a page. Host item: the stored
/// car; WIT item: the WIT car; answer: `None` when the tenant has no number (a plugin's `none` is
/// no opinion: the host picks the number).
pub struct CarPhones;

impl ExtensionPoint for CarPhones {
    const POINT: Point = Point::PhoneFormat;
    type Host = Car;
    type Item = wit::Car;
    type Wit = Option<wpf::PhoneNumber>;
    type Opinion = Option<Phone>;
    type Answer = Option<Phone>;

    fn item_size(item: &wit::Car) -> usize {
        wit::car_size(item)
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[wit::Car],
    ) -> wasmtime::Result<Result<Vec<Option<wpf::PhoneNumber>>, String>> {
        let f = component.func(Self::POINT, "car-phones")?;
        call_list::<_, Option<RawPhone>>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(_env: &Env<'_>, answer: Option<wpf::PhoneNumber>) -> Result<Option<Option<Phone>>, Invalid> {
        answer.map(|p| phone(p).map(Some)).transpose()
    }

    fn default_for(env: &Env<'_>, car: &Car, _item: &wit::Car) -> Option<Phone> {
        phone_for(&env.tenant.config, car)
    }

    fn decide(env: &Env<'_>, car: &Car, item: &wit::Car, opinion: Option<Option<Phone>>) -> (Option<Phone>, bool) {
        opinion_or_default::<Self>(env, car, item, opinion)
    }
}

/// `phone-format.format-numbers`: numbers as written in config (locations, dealers), formatted.
/// Host and WIT item: the number as written; answer: the [`Phone`].
pub struct FormatNumbers;

impl ExtensionPoint for FormatNumbers {
    const POINT: Point = Point::PhoneFormat;
    type Host = String;
    type Item = String;
    type Wit = Option<wpf::PhoneNumber>;
    type Opinion = Phone;
    type Answer = Phone;

    fn item_size(item: &String) -> usize {
        16 + item.len()
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[String],
    ) -> wasmtime::Result<Result<Vec<Option<wpf::PhoneNumber>>, String>> {
        let f = component.func(Self::POINT, "format-numbers")?;
        call_list::<_, Option<RawPhone>>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(_env: &Env<'_>, answer: Option<wpf::PhoneNumber>) -> Result<Option<Phone>, Invalid> {
        answer.map(phone).transpose()
    }

    fn default_for(_env: &Env<'_>, number: &String, _item: &String) -> Phone {
        format_phone(number)
    }

    fn decide(env: &Env<'_>, number: &String, item: &String, opinion: Option<Phone>) -> (Phone, bool) {
        opinion_or_default::<Self>(env, number, item, opinion)
    }
}

impl AnswerSize for wpf::PhoneNumber {
    fn answer_size(&self) -> usize {
        ITEM + s(&self.display) + s(&self.dial) + s(&self.masked)
    }
}

/// A plugin's phone number, checked: display and dial present, each field at most
/// [`MAX_PHONE`] bytes, dial digits with an optional leading `+`, and the masked form really
/// masking (at least 3 digits hidden, [`really_masked`]).
pub fn phone(p: wpf::PhoneNumber) -> Result<Phone, Invalid> {
    non_empty("phone.display", &p.display)?;
    max_len("phone.display", &p.display, MAX_PHONE)?;
    max_len("phone.dial", &p.dial, MAX_PHONE)?;
    max_len("phone.masked", &p.masked, MAX_PHONE)?;
    really_masked(&p.display, &p.masked)?;
    let dial_ok = {
        let d = p.dial.strip_prefix('+').unwrap_or(&p.dial);
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    };
    if !dial_ok {
        return Err(format!("phone.dial `{}` is not digits with an optional leading +", p.dial));
    }
    Ok(Phone {
        display: p.display,
        dial: p.dial,
        masked: p.masked,
    })
}

/// Formats an Australian phone number (docs/features/shopper-core.md §9: a leading `+61` becomes `0`, grouped
/// 2-4-4; `13xx xxx xxx` numbers 4-3-3; `13 xx xx` 2-2-2). The dial form is `+61...` for `0`
/// numbers, the digits otherwise; the masked form hides the last group with `X`. A number that is
/// not Australian is shown as written, dialled as its digits.
pub fn format_phone(input: &str) -> Phone {
    let trimmed = input.trim();
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let national = if trimmed.starts_with('+') {
        digits
            .strip_prefix("61")
            .map(|rest| format!("0{}", rest.strip_prefix('0').unwrap_or(rest)))
    } else if digits.len() == 11 && digits.starts_with("61") {
        Some(format!("0{}", &digits[2..]))
    } else {
        Some(digits.clone())
    };
    let groups: Option<&[usize]> = match national.as_deref() {
        Some(d) if d.len() == 10 && (d.starts_with("1300") || d.starts_with("1800")) => Some(&[4, 3, 3]),
        Some(d) if d.len() == 10 && d.starts_with('0') => Some(&[2, 4, 4]),
        Some(d) if d.len() == 6 && d.starts_with("13") => Some(&[2, 2, 2]),
        _ => None,
    };
    match (national, groups) {
        (Some(d), Some(sizes)) if !trimmed.chars().any(|c| c.is_ascii_alphabetic()) => {
            let mut parts = Vec::new();
            let mut at = 0;
            for &n in sizes {
                parts.push(d[at..at + n].to_string());
                at += n;
            }
            let display = parts.join(" ");
            if let Some(last) = parts.last_mut() {
                *last = "X".repeat(last.len());
            }
            let dial = match d.strip_prefix('0') {
                Some(rest) => format!("+61{rest}"),
                None => d.clone(),
            };
            Phone {
                display,
                dial,
                masked: parts.join(" "),
            }
        }
        _ => {
            let plus = if trimmed.starts_with('+') { "+" } else { "" };
            let mut chars: Vec<char> = trimmed.chars().collect();
            let mut left = 4;
            for c in chars.iter_mut().rev() {
                if left == 0 {
                    break;
                }
                if c.is_ascii_digit() {
                    *c = 'X';
                    left -= 1;
                }
            }
            Phone {
                display: trimmed.to_string(),
                dial: format!("{plus}{digits}"),
                masked: chars.into_iter().collect(),
            }
        }
    }
}

/// The default phone for a car (docs/features/shopper-core.md §9 "Dealer phone numbers are configured per tenant and
/// per car type"): the tenant's `[phones]` number for the car's type, else the phone of the
/// tenant's primary visible sales location, formatted by [`format_phone`].
pub fn phone_for(cfg: &TenantConfig, car: &Car) -> Option<Phone> {
    let number = cfg.phones.get(&car.car_type).cloned().or_else(|| {
        let sales = |l: &&crate::tenant::LocationConfig| l.visible && (l.location_type == "sales" || l.location_type.is_empty());
        cfg.locations
            .iter()
            .filter(sales)
            .find(|l| l.primary)
            .or_else(|| cfg.locations.iter().find(sales))
            .and_then(|l| l.contact_detail.phone.clone())
    })?;
    (!number.trim().is_empty()).then(|| format_phone(&number))
}
