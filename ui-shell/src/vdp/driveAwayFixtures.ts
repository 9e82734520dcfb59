// Drive-away estimates for tests and stories (the shape of GET /api/v1/cars/{slug}/drive-away):
// a used car advertised at $45,990 "Excl. Gov. Charges" in NSW, VIC and QLD (QLD without a CTP
// figure: an incomplete estimate). Illustrative figures, not the host's tables; whole AUD dollars.
// Not part of the app bundle.
import type { DriveAway, DriveAwayComponent } from "./driveAway";
import type { FetchLike } from "./tools/api";

const vehicle: DriveAwayComponent = {
  kind: "vehicle",
  label: "Vehicle price",
  amount: 44990,
  included_in_advertised: true,
  estimate: false,
  source: null,
  effective_from: null,
  note: null,
};
const delivery: DriveAwayComponent = {
  kind: "dealer_delivery",
  label: "Dealer delivery",
  amount: 1000,
  included_in_advertised: true,
  estimate: false,
  source: null,
  effective_from: null,
  note: null,
};
const STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];
const DISCLAIMER =
  "Drive-away prices are estimates based on published government rates for a private buyer and may differ; the dealer confirms the final price.";

/** Builds an estimate from its government charges (the vehicle and delivery lines as above). */
function estimate(state: string, gov: DriveAwayComponent[], missing: DriveAway["missing"] = []): DriveAway {
  const components = [vehicle, delivery, ...gov];
  return {
    state,
    basis: "excl_gov_charges",
    total: components.reduce((sum, c) => sum + c.amount, 0),
    complete: missing.length === 0,
    advertised_price: 45990,
    vehicle_price: 44990,
    label: `Drive-away estimate in ${state}`,
    components,
    missing,
    disclaimer: DISCLAIMER,
    states: STATES,
  };
}

const gov = (
  kind: DriveAwayComponent["kind"],
  label: string,
  amount: number,
  source: string,
  effective: string,
  est = false,
): DriveAwayComponent => ({
  kind,
  label,
  amount,
  included_in_advertised: false,
  estimate: est,
  source,
  effective_from: effective,
  note: null,
});

/** NSW: stamp duty, registration and CTP; $48,858. */
export const DRIVE_AWAY_NSW: DriveAway = estimate("NSW", [
  gov(
    "stamp_duty",
    "Stamp duty (NSW)",
    1400,
    "https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/motor-vehicle-duty",
    "2025-07-01",
  ),
  gov(
    "registration",
    "Registration (NSW, 12 months)",
    905,
    "https://www.nsw.gov.au/driving-boating-and-transport/vehicle-registration/fees-concessions-and-forms",
    "2025-07-01",
    true,
  ),
  gov("ctp", "CTP insurance (NSW)", 563, "https://www.sira.nsw.gov.au/ctp-insurance", "2025-07-01", true),
]);

/** VIC: a different total ($49,570). */
export const DRIVE_AWAY_VIC: DriveAway = estimate("VIC", [
  gov("stamp_duty", "Stamp duty (VIC)", 1931, "https://www.sro.vic.gov.au/motor-vehicle-duty", "2025-07-01"),
  gov(
    "registration",
    "Registration and TAC charge (VIC, 12 months)",
    1649,
    "https://www.vicroads.vic.gov.au/registration/registration-fees",
    "2025-07-01",
    true,
  ),
]);

/** QLD: no CTP figure (incomplete); $48,249 without it. */
export const DRIVE_AWAY_QLD: DriveAway = estimate(
  "QLD",
  [
    gov("stamp_duty", "Registration duty (QLD)", 1380, "https://qro.qld.gov.au/duties/vehicle-registration/", "2025-07-01"),
    gov(
      "registration",
      "Registration (QLD, 12 months)",
      879,
      "https://www.qld.gov.au/transport/registration/fees/cost",
      "2025-07-01",
      true,
    ),
  ],
  [{ kind: "ctp", label: "CTP insurance (QLD)", reason: "No CTP table for QLD yet: your insurer quotes it." }],
);

/** The estimates of the fake host, by state. */
const BY_STATE: Record<string, DriveAway> = { NSW: DRIVE_AWAY_NSW, VIC: DRIVE_AWAY_VIC, QLD: DRIVE_AWAY_QLD };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A fake host for GET /api/v1/cars/{slug}/drive-away: `state` NSW, VIC or QLD, or a postcode
 * starting 2 (NSW), 3 (VIC) or 4 (QLD); any other postcode is the host's 404 naming `postcode` (four
 * digits that are no postcode) and any other state its 400 naming `state`. Records
 * every URL asked in `urls`. Takes nothing; returns the fetch and the list.
 */
export function fakeDriveAwayHost(): { fetchImpl: FetchLike; urls: string[] } {
  const urls: string[] = [];
  const fetchImpl: FetchLike = async (input) => {
    urls.push(input);
    const q = new URL(input, "http://fake.test").searchParams;
    const postcode = q.get("postcode");
    const state = q.get("state") ?? (postcode ? { "2": "NSW", "3": "VIC", "4": "QLD" }[postcode.charAt(0)] : undefined);
    const found = state ? BY_STATE[state] : undefined;
    if (found) return json(200, found);
    if (postcode !== null) {
      return json(404, { error: { code: "not_found", message: `Unknown postcode: ${postcode}`, field: "postcode" } });
    }
    return json(400, { error: { code: "invalid_field", message: `Unknown state: ${q.get("state")}`, field: "state" } });
  };
  return { fetchImpl, urls };
}
