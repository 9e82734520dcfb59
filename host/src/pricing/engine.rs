//! The drive-away estimate (docs/features/platform.md "Price engine"): from the price a car is advertised at (the
//! price-display point's shown price), its price basis and the buyer's state, the total a buyer
//! pays with its breakdown: vehicle, dealer delivery, stamp duty, registration, CTP.
//!
//! - **drive-away** prices already include everything for the dealer's state. The vehicle's own
//!   price is solved back (the largest whole-dollar price whose on-road costs fit the advertised
//!   price); in the dealer's state the total is the advertised price, to the dollar; for a buyer
//!   in another state, that state's charges replace the dealer's.
//! - **excluding government charges** (`Excl. Gov. Charges`): the price includes dealer delivery;
//!   duty, registration and CTP are added.
//! - **plus on-road costs** (`+ORC`, before on-road costs): dealer delivery is added too.
//!
//! Every amount is whole AUD. Registration and CTP apply to new and demo cars (a used car comes
//! with its current registration). An item with no figure is listed in `missing` with the
//! reason, and the total leaves it out (`complete: false`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use super::basis::Basis;
use super::{
    config::PricingConfig,
    tables::{AppliesTo, Bracket, DutySchedule, Fee, On, STATES, StateTable, Tables, in_effect},
};
use crate::model::Car;

/// What the SRP card, the feeds and the JSON-LD carry: the total for one state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct DriveAwaySummary {
    /// The state the estimate is for (`NSW`, ...).
    pub state: String,
    /// What the advertised price includes.
    pub basis: Basis,
    /// Drive-away total, whole AUD (excludes the `missing` items when `complete` is false).
    pub total: i64,
    /// False when an item could not be estimated (listed in [`DriveAway::missing`]).
    pub complete: bool,
}

/// One line of the breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Component {
    /// `vehicle`, `dealer_delivery`, `stamp_duty`, `registration`, `ctp`.
    pub kind: String,
    /// What the shopper reads.
    pub label: String,
    /// Whole AUD.
    pub amount: i64,
    /// True when the advertised price already includes it.
    pub included_in_advertised: bool,
    /// True for a figure from the tables or the dealer's settings (not the dealer's price).
    pub estimate: bool,
    /// URL of the published rates, for government charges from the tables.
    pub source: Option<String>,
    /// First day the rates are in effect (`YYYY-MM-DD`), when the source states it.
    pub effective_from: Option<String>,
    /// What the figure assumes.
    pub note: Option<String>,
}

/// An item the estimate could not include.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Missing {
    /// `stamp_duty`, `registration`, `ctp`.
    pub kind: String,
    /// What it is.
    pub label: String,
    /// Why there is no figure, for the shopper.
    pub reason: String,
}

/// The drive-away estimate with its breakdown (`GET /api/v1/cars/{slug}/drive-away`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct DriveAway {
    /// The state the estimate is for.
    pub state: String,
    /// What the advertised price includes.
    pub basis: Basis,
    /// Drive-away total, whole AUD: the sum of the components.
    pub total: i64,
    /// False when `missing` is not empty.
    pub complete: bool,
    /// The price the car is advertised at, whole AUD.
    pub advertised_price: i64,
    /// The vehicle's own price, whole AUD (solved back from a drive-away price).
    pub vehicle_price: i64,
    /// Heading, e.g. `Drive-away estimate in NSW`, or `Drive-away price in NSW` when the total
    /// is the dealer's advertised drive-away price.
    pub label: String,
    /// The lines, vehicle first; they add up to `total`.
    pub components: Vec<Component>,
    /// Items left out of `total`.
    pub missing: Vec<Missing>,
    /// What the estimate is and is not.
    pub disclaimer: String,
    /// The states a buyer can choose.
    pub states: Vec<String>,
}

impl DriveAway {
    /// The summary the SRP card and feeds carry.
    pub fn summary(&self) -> DriveAwaySummary {
        DriveAwaySummary {
            state: self.state.clone(),
            basis: self.basis,
            total: self.total,
            complete: self.complete,
        }
    }
}

/// What the tables need to know about a car.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VehicleClass {
    /// `electric`, `hybrid` or `combustion`, from `simple_fuel` (else `fuel`).
    pub powertrain: &'static str,
    /// Ute, van or cab chassis (from `simple_body`, else `body`).
    pub goods: bool,
    /// `new`, `demo` or `used`.
    pub condition: String,
    /// Cylinders; None when the feed does not say (counted as 4, and said in the line's note).
    pub cylinders: Option<u32>,
}

impl VehicleClass {
    /// The class of `car`.
    pub fn of(car: &Car) -> VehicleClass {
        let fuel = car
            .simple_fuel
            .as_deref()
            .or(car.fuel.as_deref())
            .unwrap_or("")
            .to_ascii_lowercase();
        let powertrain = if fuel.contains("hybrid") {
            "hybrid"
        } else if fuel.contains("electric") {
            "electric"
        } else {
            "combustion"
        };
        let body = car
            .simple_body
            .as_deref()
            .or(car.body.as_deref())
            .unwrap_or("")
            .to_ascii_lowercase();
        let goods = ["ute", "utility", "van", "cab chassis", "pick-up", "pickup"]
            .iter()
            .any(|g| body.contains(g));
        VehicleClass {
            powertrain,
            goods,
            condition: car.car_type.to_ascii_lowercase(),
            cylinders: car.cylinders.and_then(|c| u32::try_from(c).ok()).filter(|c| *c > 0),
        }
    }

    fn matches(&self, a: &AppliesTo) -> bool {
        let cyl = self.cylinders.unwrap_or(4);
        a.powertrain.as_ref().is_none_or(|p| p.iter().any(|x| x == self.powertrain))
            && a.goods.is_none_or(|g| g == self.goods)
            && a.condition.as_ref().is_none_or(|c| c.contains(&self.condition))
            && a.cylinders.is_none_or(|[lo, hi]| lo <= cyl && cyl <= hi)
    }

    fn is_registered_new(&self) -> bool {
        self.condition != "used"
    }
}

/// A bad request for an estimate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EstimateError {
    /// The state is not an Australian state or territory code.
    #[error("state: `{0}` is not an Australian state or territory (one of NSW, VIC, QLD, SA, WA, TAS, NT, ACT)")]
    UnknownState(String),
}

/// The duty of `schedule` on a dutiable value of `value` dollars, unrounded.
pub fn duty_on(schedule: &DutySchedule, value: f64) -> f64 {
    let value = value.max(0.0);
    let Some(b) = schedule
        .brackets
        .iter()
        .rev()
        .find(|b| value > b.over)
        .or(schedule.brackets.first())
    else {
        return 0.0;
    };
    bracket_duty(b, value)
}

fn bracket_duty(b: &Bracket, value: f64) -> f64 {
    let amount = if let Some(p) = b.percent {
        value * p / 100.0
    } else if let Some(s) = &b.sliding {
        let r = ((s.start_percent + (value - s.from) / s.step) * 100.0).round() / 100.0;
        value * r / 100.0
    } else {
        let (per, rate) = (b.per.unwrap_or(100.0), b.rate.unwrap_or(0.0));
        match b.on.unwrap_or(On::Whole) {
            On::Whole => b.base + rate * (value / per).ceil(),
            On::Excess => b.base + rate * ((value - b.from.unwrap_or(b.over)).max(0.0) / per).ceil(),
        }
    };
    amount.max(b.minimum.unwrap_or(0.0))
}

fn dollars(v: f64) -> i64 {
    v.round() as i64
}

/// A state's government charges for one car on one day, before they are laid out.
struct Charges<'a> {
    duty: Option<&'a DutySchedule>,
    registration: Option<Line>,
    ctp: Option<Line>,
    missing: Vec<Missing>,
    notes: Vec<String>,
}

/// A registration or CTP line.
#[derive(Clone)]
struct Line {
    label: String,
    amount: f64,
    source: Option<String>,
    effective_from: Option<String>,
    note: Option<String>,
}

fn fee_line(f: &Fee) -> Line {
    Line {
        label: f.label.clone(),
        amount: f.amount,
        source: Some(f.source.clone()),
        effective_from: f.effective_from.map(|d| d.to_string()),
        note: f.note.clone(),
    }
}

const LABELS: [(&str, &str); 3] = [
    ("stamp_duty", "Stamp duty"),
    ("registration", "Registration (12 months)"),
    ("ctp", "CTP insurance (12 months)"),
];

fn kind_label(kind: &str) -> &'static str {
    LABELS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, l)| *l)
        .unwrap_or("Government charge")
}

fn charges<'a>(st: &'a StateTable, class: &VehicleClass, cfg: &PricingConfig, day: jiff::civil::Date) -> Charges<'a> {
    let mut missing = Vec::new();
    let mut notes = Vec::new();
    let reason = |kind: &str| {
        st.missing
            .get(kind)
            .cloned()
            .unwrap_or_else(|| format!("There is no published figure for this vehicle in {} in our tables.", st.name))
    };
    let duty = st
        .duty
        .iter()
        .find(|d| in_effect(d.effective_from, d.effective_to, day) && class.matches(&d.applies_to));
    if duty.is_none() {
        missing.push(Missing {
            kind: "stamp_duty".into(),
            label: kind_label("stamp_duty").into(),
            reason: reason("stamp_duty"),
        });
    }
    let over = cfg.states.get(&st.code);
    let mut pick = |kind: &str, fees: &[Fee], dealer: Option<f64>| -> Option<Line> {
        if !class.is_registered_new() {
            return None;
        }
        if let Some(amount) = dealer {
            return Some(Line {
                label: format!("{} (dealer's figure)", kind_label(kind)),
                amount,
                source: None,
                effective_from: None,
                note: over.and_then(|o| o.note.clone()),
            });
        }
        if let Some(why) = st.included.get(kind) {
            notes.push(why.clone());
            return None;
        }
        let f = fees
            .iter()
            .find(|f| in_effect(f.effective_from, f.effective_to, day) && class.matches(&f.applies_to));
        if f.is_none() {
            missing.push(Missing {
                kind: kind.into(),
                label: kind_label(kind).into(),
                reason: reason(kind),
            });
        }
        f.map(fee_line)
    };
    let registration = pick("registration", &st.registration, over.and_then(|o| o.registration));
    let ctp = pick("ctp", &st.ctp, over.and_then(|o| o.ctp));
    if class.cylinders.is_none() && class.powertrain != "electric" {
        notes.push("The listing does not give the number of cylinders: 4 assumed.".into());
    }
    Charges {
        duty,
        registration,
        ctp,
        missing,
        notes,
    }
}

impl Charges<'_> {
    fn duty(&self, value: f64) -> f64 {
        self.duty.map(|d| duty_on(d, value)).unwrap_or(0.0).round()
    }

    fn fixed(&self) -> f64 {
        self.registration.as_ref().map_or(0.0, |l| l.amount) + self.ctp.as_ref().map_or(0.0, |l| l.amount)
    }

    fn lines(&self, dutiable: f64, included: bool) -> Vec<Component> {
        let mut out = Vec::new();
        if let Some(d) = self.duty {
            out.push(Component {
                kind: "stamp_duty".into(),
                label: d.label.clone(),
                amount: dollars(self.duty(dutiable)),
                included_in_advertised: included,
                estimate: true,
                source: Some(d.source.clone()),
                effective_from: d.effective_from.map(|x| x.to_string()),
                note: Some(format!("{} Dutiable value {}.", d.note, crate::format::money(dutiable.round()))),
            });
        }
        for (kind, l) in [("registration", &self.registration), ("ctp", &self.ctp)] {
            if let Some(l) = l {
                out.push(Component {
                    kind: kind.into(),
                    label: l.label.clone(),
                    amount: dollars(l.amount),
                    included_in_advertised: included,
                    estimate: true,
                    source: l.source.clone(),
                    effective_from: l.effective_from.clone(),
                    note: l.note.clone(),
                });
            }
        }
        out
    }
}

/// The largest whole-dollar vehicle price `v` with `v + delivery + duty(v + delivery) + fixed`
/// at most `price` (duty never falls as the value rises, so a binary search finds it).
fn solve_vehicle_price(price: f64, delivery: f64, fixed: f64, c: &Charges<'_>) -> f64 {
    let cost = |v: f64| v + delivery + c.duty(v + delivery) + fixed;
    let (mut lo, mut hi) = (0.0_f64, price.max(0.0).floor());
    if cost(lo) > price {
        return 0.0;
    }
    while hi - lo > 0.5 {
        let mid = ((lo + hi) / 2.0).ceil();
        if cost(mid) <= price { lo = mid } else { hi = mid - 1.0 }
    }
    lo
}

/// The drive-away estimate for `car` advertised at `price` dollars (the shown price), sold from
/// `dealer_state` (the car's location state; None: the buyer's), for a buyer in `buyer_state`,
/// on `day`, with tenant settings `cfg` and `tables`. Errors: [`EstimateError::UnknownState`]
/// for a `buyer_state` that is not a state code (a `dealer_state` that is not one counts as the
/// buyer's).
pub fn estimate(
    tables: &Tables,
    cfg: &PricingConfig,
    car: &Car,
    price: f64,
    dealer_state: Option<&str>,
    buyer_state: &str,
    day: jiff::civil::Date,
) -> Result<DriveAway, EstimateError> {
    let buyer = buyer_state.trim().to_ascii_uppercase();
    let Some(bt) = tables.state(&buyer) else {
        return Err(EstimateError::UnknownState(buyer_state.to_string()));
    };
    let dealer = dealer_state
        .map(|s| s.trim().to_ascii_uppercase())
        .filter(|s| tables.state(s).is_some())
        .unwrap_or_else(|| buyer.clone());
    let dt = tables.state(&dealer).unwrap_or(bt);
    let class = VehicleClass::of(car);
    let basis = car
        .price_type
        .as_deref()
        .and_then(Basis::from_price_type)
        .unwrap_or(cfg.default_basis);
    let delivery = cfg.dealer_delivery.for_condition(&class.condition);
    let price = price.max(0.0).round();
    let at_buyer = charges(bt, &class, cfg, day);
    let mut components = Vec::new();
    let mut push_vehicle = |label: &str, amount: f64, included: bool, note: Option<String>| {
        components.push(Component {
            kind: "vehicle".into(),
            label: label.into(),
            amount: dollars(amount),
            included_in_advertised: included,
            estimate: false,
            source: None,
            effective_from: None,
            note,
        });
    };
    let delivery_line = |included: bool| Component {
        kind: "dealer_delivery".into(),
        label: "Dealer delivery".into(),
        amount: dollars(delivery),
        included_in_advertised: included,
        estimate: false,
        source: None,
        effective_from: None,
        note: None,
    };
    let (vehicle_price, mut missing, notes, own_price) = match basis {
        Basis::DriveAway => {
            let at_dealer = charges(dt, &class, cfg, day);
            let fixed = at_dealer.fixed();
            let v = solve_vehicle_price(price, delivery, fixed, &at_dealer);
            // In the dealer's state the lines add up to the advertised price exactly: the
            // vehicle line takes the remainder of the rounding and any item with no figure.
            let remainder = price - delivery - at_dealer.duty(v + delivery) - fixed;
            if buyer == dealer {
                let note = (!at_dealer.missing.is_empty()).then(|| {
                    let items: Vec<&str> = at_dealer.missing.iter().map(|m| m.label.as_str()).collect();
                    format!("Includes what we cannot split out: {}.", items.join(", "))
                });
                push_vehicle("Vehicle", remainder, true, note);
                if delivery > 0.0 {
                    components.push(delivery_line(true));
                }
                components.extend(at_dealer.lines(v + delivery, true));
                (remainder, Vec::new(), at_dealer.notes, true)
            } else {
                push_vehicle("Vehicle", v, true, Some(format!("Solved from the drive-away price in {dealer}.")));
                if delivery > 0.0 {
                    components.push(delivery_line(true));
                }
                components.extend(at_buyer.lines(v + delivery, false));
                (v, at_buyer.missing.clone(), at_buyer.notes.clone(), false)
            }
        }
        Basis::ExclGovCharges => {
            push_vehicle("Vehicle, with dealer delivery", price, true, None);
            components.extend(at_buyer.lines(price, false));
            ((price - delivery).max(0.0), at_buyer.missing.clone(), at_buyer.notes.clone(), false)
        }
        Basis::PlusOnRoadCosts => {
            push_vehicle("Vehicle", price, true, None);
            if delivery > 0.0 {
                components.push(delivery_line(false));
            }
            components.extend(at_buyer.lines(price + delivery, false));
            (price, at_buyer.missing.clone(), at_buyer.notes.clone(), false)
        }
    };
    if delivery <= 0.0 && basis == Basis::PlusOnRoadCosts {
        missing.push(Missing {
            kind: "dealer_delivery".into(),
            label: "Dealer delivery".into(),
            reason: "The dealer has not published its delivery charge.".into(),
        });
    }
    let total: i64 = if own_price {
        dollars(price)
    } else {
        components.iter().map(|c| c.amount).sum()
    };
    let complete = missing.is_empty();
    let mut disclaimer = String::from(if own_price {
        "The dealer's advertised drive-away price. The split into charges is our estimate from published government rates."
    } else {
        "An estimate from published government rates and the dealer's charges, not an offer: the dealer confirms the final price."
    });
    if !class.is_registered_new() {
        disclaimer.push_str(" A used car comes with its current registration; transfer fees are not included.");
    }
    for n in notes {
        disclaimer.push(' ');
        disclaimer.push_str(&n);
    }
    Ok(DriveAway {
        label: format!("{} in {buyer}", if own_price { "Drive-away price" } else { "Drive-away estimate" }),
        state: buyer,
        basis,
        total,
        complete,
        advertised_price: dollars(price),
        vehicle_price: dollars(vehicle_price),
        components,
        missing,
        disclaimer,
        states: STATES.iter().map(|s| s.to_string()).collect(),
    })
}
