// The home page's popular car types and price search, and the popup (loaded and shown on the first
// interaction after the page has loaded; not after its dismissal, its expiry or on /sign-in).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import type { Navigation } from "../api/types";
import { MemoryRouter, useLocation } from "../app/router";
import { SiteContext } from "../app/site";
import { parseAddress } from "../search/address";
import { resolveTheme } from "../theme/theme";
import { seedNavigation } from "./data";
import { NAVIGATION_FIXTURE } from "./fixture";
import HomeSections, { PopularCarTypes, PRICE_MAX, PRICE_MIN, PRICE_STEP, priceSearchHref } from "./HomeSections";
import { PopupGate } from "./PopupGate";
import { popupStorageKey } from "./popup";

const tenant = TENANTS.group;
let where = "";
function Where() {
  const l = useLocation();
  where = `${l.pathname}${l.search}`;
  return null;
}
function wrap(node: React.ReactNode, path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline: null }}>
        <Where />
        {node}
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.fcPopup;
});
/** Waits until the popup's host has decided (`<html data-fc-popup>`), and returns the decision. */
async function decision(): Promise<string | undefined> {
  await waitFor(() => expect(document.documentElement.dataset.fcPopup).toBeDefined());
  return document.documentElement.dataset.fcPopup;
}
afterEach(() => seedNavigation(null));

describe("price range search", () => {
  it("uses the spec's range and step", () => {
    expect([PRICE_MIN, PRICE_MAX, PRICE_STEP]).toEqual([5000, 250000, 500]);
  });
  it("writes the SRP's price parameter as min:max on the default search page", () => {
    expect(priceSearchHref([5000, 250000])).toBe("/search/new-used-and-demo-cars?price=5000:250000");
    expect(priceSearchHref([30000, 20000])).toBe("/search/new-used-and-demo-cars?price=20000:30000");
    const parsed = parseAddress(priceSearchHref([12500, 80000]).split("?")[1] ?? "");
    expect(parsed.ok && parsed.state.ranges.price).toEqual({ min: 12500, max: 80000 });
  });
  it("Search goes there with the slider's values (keyboard moves a thumb by a step)", () => {
    seedNavigation(NAVIGATION_FIXTURE);
    wrap(<HomeSections />);
    const [low] = screen.getAllByRole("slider");
    if (!low) throw new Error("slider");
    fireEvent.keyDown(low, { key: "ArrowRight" });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(where).toBe("/search/new-used-and-demo-cars?price=5500:250000");
  });
});

describe("popular car types", () => {
  it("shows at most 4 tiles linking to each body type's stock", () => {
    const five = [...NAVIGATION_FIXTURE.popular_bodies, { value: "Van", label: "Van", count: 3, href: "/search/van" }];
    render(<PopularCarTypes bodies={five} />);
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/search/suv", "/search/sedan", "/search/ute", "/search/hatch"]);
    expect(links[0]?.textContent).toContain("42 cars");
  });
  it("shows nothing without body types", () => {
    const { container } = render(<PopularCarTypes bodies={[]} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("the popup (PopupGate, then PopupHost)", () => {
  const withPopup = (popup: Navigation["popup"]): Navigation => ({ ...NAVIGATION_FIXTURE, popup });

  it("loads nothing before the first interaction after the load, then shows the popup; closing it remembers the id", async () => {
    seedNavigation(withPopup(NAVIGATION_FIXTURE.popup));
    const first = wrap(<PopupGate />);
    await act(async () => {});
    expect(document.documentElement.dataset.fcPopup).toBeUndefined();
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(window, { key: "Shift" });
    const dialog = await screen.findByRole("dialog", { name: "Summer Sale" });
    expect(document.documentElement.dataset.fcPopup).toBe("shown");
    expect(dialog.textContent).toContain("Save on every demo car this month.");
    expect(screen.getByRole("link", { name: "View Offers" }).getAttribute("href")).toBe("/special-offers");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(localStorage.getItem(popupStorageKey("summer-sale"))).not.toBeNull();
    first.unmount();
    delete document.documentElement.dataset.fcPopup;
    wrap(<PopupGate />);
    fireEvent.keyDown(window, { key: "Shift" });
    expect(await decision()).toBe("none");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("clicking its button dismisses it too (a scroll shows it)", async () => {
    seedNavigation(withPopup(NAVIGATION_FIXTURE.popup));
    wrap(<PopupGate />);
    fireEvent.scroll(window);
    fireEvent.click(await screen.findByRole("link", { name: "View Offers" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(localStorage.getItem(popupStorageKey("summer-sale"))).not.toBeNull();
  });

  it("does not show an expired popup, nor on /sign-in", async () => {
    seedNavigation(
      withPopup({ ...(NAVIGATION_FIXTURE.popup as NonNullable<Navigation["popup"]>), expires_at: "2020-01-01T00:00:00Z" }),
    );
    const a = wrap(<PopupGate />);
    fireEvent.pointerDown(window);
    expect(await decision()).toBe("none");
    expect(screen.queryByRole("dialog")).toBeNull();
    a.unmount();
    delete document.documentElement.dataset.fcPopup;
    seedNavigation(withPopup(NAVIGATION_FIXTURE.popup));
    wrap(<PopupGate />, "/sign-in");
    fireEvent.keyDown(window, { key: "Shift" });
    expect(await decision()).toBe("none");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
