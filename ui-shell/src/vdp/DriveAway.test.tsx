// The drive-away breakdown panel in jsdom against a fake host (src/vdp/driveAwayFixtures.ts): what
// it shows, the state select and postcode field asking the host again (one request each, the
// total announced), the postcode's inline error without a request, the host's 400 under the field
// it names; and the SRP card's drive-away line.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CAR, hitOf, TENANTS } from "../__tests__/fixtures";
import { driveAwayLine, hitCardProps } from "../search/cards";
import { searchConfig } from "../search/config";
import DriveAwayPanel from "./DriveAway";
import { POSTCODE_ERROR, postcodeError } from "./driveAway";
import { DRIVE_AWAY_NSW, DRIVE_AWAY_QLD, fakeDriveAwayHost } from "./driveAwayFixtures";

const SLUG = "2019-mercedes-benz-c-class-hm20001";
const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });
const total = () => document.querySelector("[data-drive-away-total]");

describe("DriveAwayPanel", () => {
  it("shows the total, every component with its amount, the included marks, the disclaimer and the sources", () => {
    render(<DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={fakeDriveAwayHost().fetchImpl} />);
    expect(screen.getByRole("heading", { name: "Drive-away breakdown" })).toBeTruthy();
    expect(screen.getByText("Drive-away estimate in NSW")).toBeTruthy();
    expect(total()?.textContent).toBe(aud.format(48858));
    expect(total()?.textContent).toBe("$48,858");
    const items = within(screen.getByRole("list", { name: "Breakdown" })).getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-kind"))).toEqual([
      "vehicle",
      "dealer_delivery",
      "stamp_duty",
      "registration",
      "ctp",
    ]);
    for (const [li, c] of items.map((li, i) => [li, DRIVE_AWAY_NSW.components[i]] as const)) {
      expect(li.textContent).toContain(c?.label);
      expect(li.textContent).toContain(aud.format(c?.amount ?? -1));
      expect(li.textContent?.includes("Included in the advertised price")).toBe(c?.included_in_advertised);
    }
    expect(items[3]?.textContent).toContain("(estimate)");
    expect(screen.getByText(DRIVE_AWAY_NSW.disclaimer)).toBeTruthy();
    const duty = screen.getByRole("link", { name: "Stamp duty (NSW)" });
    expect(duty.getAttribute("href")).toBe(DRIVE_AWAY_NSW.components[2]?.source);
    expect(duty.getAttribute("rel")).toContain("noopener");
    expect(screen.queryByText("Not included")).toBeNull();
    // The total is announced when it changes.
    expect(total()?.closest("[aria-live]")?.getAttribute("aria-live")).toBe("polite");
  });

  it("asks the host once for the chosen state and shows its total", async () => {
    const host = fakeDriveAwayHost();
    render(<DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={host.fetchImpl} />);
    const select = screen.getByLabelText("Your state") as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(DRIVE_AWAY_NSW.states);
    expect(select.value).toBe("NSW");
    fireEvent.change(select, { target: { value: "VIC" } });
    await waitFor(() => expect(total()?.textContent).toBe("$49,570"));
    expect(host.urls).toEqual([`/api/v1/cars/${SLUG}/drive-away?state=VIC`]);
    expect(screen.getByText("Drive-away estimate in VIC")).toBeTruthy();
    expect(document.querySelector("[data-drive-away-state]")?.getAttribute("data-drive-away-state")).toBe("VIC");
  });

  it("gives a postcode that is not 4 digits an inline error naming the field, without asking the host", () => {
    const host = fakeDriveAwayHost();
    render(<DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={host.fetchImpl} />);
    const input = screen.getByLabelText("Or your postcode") as HTMLInputElement;
    for (const bad of ["", "40a0", "400", "40001"]) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole("button", { name: "Update" }));
      expect(screen.getByRole("alert").textContent).toBe(POSTCODE_ERROR);
      expect(input.getAttribute("aria-invalid")).toBe("true");
    }
    expect(POSTCODE_ERROR).toMatch(/Postcode/);
    expect(host.urls).toEqual([]);
    expect(total()?.textContent).toBe("$48,858");
  });

  it("asks the host for a postcode, then shows its state's total, missing items and reasons", async () => {
    const host = fakeDriveAwayHost();
    render(<DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={host.fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Or your postcode"), { target: { value: " 4000 " } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(total()?.textContent).toBe("$48,249"));
    expect(host.urls).toEqual([`/api/v1/cars/${SLUG}/drive-away?postcode=4000`]);
    expect((screen.getByLabelText("Your state") as HTMLSelectElement).value).toBe("QLD");
    expect(screen.getByText("Not included")).toBeTruthy();
    const missing = document.querySelector('[data-missing="ctp"]');
    expect(missing?.textContent).toBe(`CTP insurance (QLD): ${DRIVE_AWAY_QLD.missing[0]?.reason}`);
    expect(screen.getByText(/excludes the items listed/)).toBeTruthy();
  });

  it("shows the host's 404 for an unknown postcode under the field it names and keeps the last total", async () => {
    const host = fakeDriveAwayHost();
    render(<DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={host.fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Or your postcode"), { target: { value: "9999" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Unknown postcode: 9999"));
    expect(screen.getByLabelText("Or your postcode").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Your state").getAttribute("aria-invalid")).toBeNull();
    expect(total()?.textContent).toBe("$48,858");
  });

  it("says so when the host cannot answer", async () => {
    const fetchImpl = async () => new Response("oops", { status: 503 });
    render(<DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Your state"), { target: { value: "WA" } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("We couldn't update the estimate. Please try again."));
    expect(total()?.textContent).toBe("$48,858");
  });
});

describe("postcodeError", () => {
  it("accepts exactly four digits (trimmed)", () => {
    expect(postcodeError("3000")).toBeNull();
    expect(postcodeError(" 0800 ")).toBeNull();
    for (const bad of ["", "300", "30000", "30a0", "3 00"]) expect(postcodeError(bad)).toBe(POSTCODE_ERROR);
  });
});

describe("driveAwayLine (SRP card)", () => {
  const summary = { state: "NSW", basis: "excl_gov_charges" as const, total: 48321, complete: true };
  it("reads ≈ total drive-away in the state for a price that is not drive-away", () => {
    expect(driveAwayLine(summary, "car_price")).toBe(`≈ ${aud.format(48321)} drive-away in NSW`);
    expect(driveAwayLine({ ...summary, basis: "plus_on_road_costs" }, "was_now")).toBe("≈ $48,321 drive-away in NSW");
  });
  it("says it is an estimate when incomplete", () => {
    expect(driveAwayLine({ ...summary, complete: false }, "car_price")).toBe(
      "≈ $48,321 drive-away in NSW (est., excl. some on-road costs)",
    );
  });
  it("has no line for a drive-away price, no estimate, or a price the card does not show", () => {
    expect(driveAwayLine({ ...summary, basis: "drive_away" }, "car_price")).toBeNull();
    expect(driveAwayLine(null, "car_price")).toBeNull();
    expect(driveAwayLine(undefined, "car_price")).toBeNull();
    expect(driveAwayLine(summary, "no_price")).toBeNull();
    expect(driveAwayLine(summary, "subscription")).toBeNull();
  });
  it("reaches the card's props from the hit's drive_away", () => {
    const tenant = TENANTS.classic;
    const buttons = searchConfig(tenant).card_buttons;
    const hit = { ...hitOf(CAR), drive_away: { ...summary, total: 91234 } };
    expect(hitCardProps(hit, 0, tenant, buttons).card.driveAway).toBe("≈ $91,234 drive-away in NSW");
    expect(hitCardProps(hitOf(CAR), 0, tenant, buttons).card.driveAway).toBeUndefined();
  });
});
