//! The price basis: what an advertised price includes (docs/features/platform.md "Price engine").

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What an advertised price includes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Everything: vehicle, dealer delivery and government charges (`Drive Away`, `DAP`).
    DriveAway,
    /// Vehicle and dealer delivery; duty, registration and CTP are extra (`Excl. Gov. Charges`).
    ExclGovCharges,
    /// The vehicle only; dealer delivery and government charges are extra (`+ORC`).
    PlusOnRoadCosts,
}

impl Basis {
    /// The basis a feed's `price_type` text names, case and punctuation ignored: `Drive Away`,
    /// `driveaway`, `DAP`; `Excl. Gov. Charges`, `EGC`, `excluding government charges`; `+ORC`,
    /// `plus ORC`, `before on-road costs`, `MRLP`. None for other text (the tenant's default applies).
    pub fn from_price_type(text: &str) -> Option<Basis> {
        let t: String = text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '+')
            .collect::<String>()
            .to_ascii_lowercase();
        match t.as_str() {
            "driveaway" | "dap" | "driveawayprice" | "driveawaynomoretopay" => Some(Basis::DriveAway),
            "exclgovcharges" | "egc" | "excludinggovernmentcharges" | "exclgovernmentcharges" | "exclgovtcharges" => {
                Some(Basis::ExclGovCharges)
            }
            "+orc" | "plusorc" | "orc" | "beforeonroadcosts" | "plusonroadcosts" | "excludingonroadcosts" | "mrlp" => {
                Some(Basis::PlusOnRoadCosts)
            }
            _ => None,
        }
    }
}
