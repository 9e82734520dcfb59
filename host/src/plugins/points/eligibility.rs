//! `eligibility`: which actions a car offers. The answer type ([`Eligibility`]), the host
//! default ([`eligibility_for`]), how a plugin's per-action answer merges with it
//! ([`merge_eligibility`]) and the call ([`Evaluate`]).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    model::Car,
    plugins::{
        lift::call_list,
        points::{
            check::{AnswerSize, ITEM, Invalid},
            extension::{Env, ExtensionPoint},
            point::Point,
            tag_rules::is_test_drive_only,
        },
        runtime::{Call, LoadedComponent},
        since_v0_1_0::{self as wit, eligibility as wel},
    },
    tenant::TenantConfig,
};

crate::plain_raw!(wel::CarEligibility);

/// Which actions a car offers (docs/features/shopper-core.md §5; docs/features/locations-forms-marketing.md §4-§5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Eligibility {
    /// Show Reserve Car Now.
    pub reserve: bool,
    /// Offer online purchase / buy online.
    pub online_purchase: bool,
    /// Offer the trade-in valuation.
    pub trade_in: bool,
    /// Show Car History Report (needs the car's file).
    pub history_report: bool,
    /// Show compare and favourite controls.
    pub compare_favourite: bool,
    /// Offer the Autograb market report.
    pub autograb_report: bool,
    /// The car is for test drives only.
    pub test_drive_only: bool,
}

/// `eligibility.evaluate`: the eligibility of each car in a page. Host item: the stored car; WIT
/// item: the WIT car; the plugin answers per action (`none` = the host default for that action).
pub struct Evaluate;

impl ExtensionPoint for Evaluate {
    const POINT: Point = Point::Eligibility;
    type Host = Car;
    type Item = wit::Car;
    type Wit = wel::CarEligibility;
    type Opinion = wel::CarEligibility;
    type Answer = Eligibility;

    fn item_size(item: &wit::Car) -> usize {
        wit::car_size(item)
    }

    fn call(
        component: &LoadedComponent,
        call: &mut Call<'_>,
        ctx: &wit::TenantContext,
        items: &[wit::Car],
    ) -> wasmtime::Result<Result<Vec<wel::CarEligibility>, String>> {
        // A fixed-size record (no string, no list): nothing to measure but the count.
        let f = component.func(Self::POINT, "evaluate")?;
        call_list::<_, wel::CarEligibility>(call, &f, (ctx, items), Some(items.len()))
    }

    fn check(_env: &Env<'_>, answer: wel::CarEligibility) -> Result<Option<wel::CarEligibility>, Invalid> {
        Ok(Some(answer))
    }

    fn default_for(env: &Env<'_>, car: &Car, _item: &wit::Car) -> Eligibility {
        eligibility_for(&env.tenant.config, car)
    }

    fn decide(env: &Env<'_>, car: &Car, item: &wit::Car, opinion: Option<wel::CarEligibility>) -> (Eligibility, bool) {
        let d = Self::default_for(env, car, item);
        match opinion {
            Some(a) => merge_eligibility(car, d, &a),
            None => (d, false),
        }
    }
}

/// The plugin's per-action answer `a` over the host default `d` for `car`: each action the plugin
/// answers, else the default. Reserve is never offered for an unavailable or already reserved car
/// (the feed's flag or a paid deposit hold), whatever the plugin says (WIT
/// `eligibility.reserve`). Returns the eligibility and whether the plugin decided at least one
/// action.
pub fn merge_eligibility(car: &Car, d: Eligibility, a: &wel::CarEligibility) -> (Eligibility, bool) {
    let any = [
        a.reserve,
        a.online_purchase,
        a.trade_in,
        a.history_report,
        a.compare_favourite,
        a.autograb_report,
        a.test_drive_only,
    ]
    .iter()
    .any(Option::is_some);
    let test_drive_only = a.test_drive_only.unwrap_or(d.test_drive_only);
    let value = Eligibility {
        reserve: a.reserve.unwrap_or(d.reserve && !test_drive_only) && car.is_available() && !car.reserved.0,
        online_purchase: a.online_purchase.unwrap_or(d.online_purchase),
        trade_in: a.trade_in.unwrap_or(d.trade_in),
        history_report: a.history_report.unwrap_or(d.history_report),
        compare_favourite: a.compare_favourite.unwrap_or(d.compare_favourite),
        autograb_report: a.autograb_report.unwrap_or(d.autograb_report),
        test_drive_only,
    };
    (value, any)
}

impl AnswerSize for wel::CarEligibility {
    fn answer_size(&self) -> usize {
        ITEM
    }
}

/// The default eligibility (docs/features/shopper-core.md §4-§5,
/// docs/features/locations-forms-marketing.md §4-§5): a car is available when in stock or coming
/// soon; reserve needs an available car that is not test-drive-only and not already reserved (the
/// feed's flag or a paid deposit hold); online purchase needs reservation eligibility and a used
/// car (docs/features/locations-forms-marketing.md §4); trade-in needs an available car; the
/// history report needs a file; compare/favourite needs the tenant's `garage_enabled` flag and an
/// available car; the Autograb report only with a plugin
/// (docs/features/locations-forms-marketing.md §5 "only when the site's plugin list includes it").
pub fn eligibility_for(cfg: &TenantConfig, car: &Car) -> Eligibility {
    let available = car.is_available();
    let test_drive_only = is_test_drive_only(car);
    let reserve = available && !test_drive_only && !car.reserved.0;
    Eligibility {
        reserve,
        online_purchase: reserve && car.car_type == "used",
        trade_in: available,
        history_report: car.file.as_deref().is_some_and(|f| !f.trim().is_empty()),
        compare_favourite: available && cfg.features.get("garage_enabled").copied().unwrap_or(false),
        autograb_report: false,
        test_drive_only,
    }
}
