// The header menu in jsdom: dropdowns open by click, or by hover on hover sites (never by hover on
// click sites); Escape, force-close and navigation close them; the Vehicles chips filter the
// models; the static menu hands the first click over to the interactive one; the drawer opens.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Navigation } from "../api/types";
import { MemoryRouter, useNavigate } from "../app/router";
import { forceCloseMenus, seedNavigation } from "./data";
import { entryKey, type MenuHandoff } from "./entries";
import { NAVIGATION_FIXTURE } from "./fixture";
import { HeaderMenu } from "./HeaderMenu";
import MegaMenu from "./MegaMenu";

const CLOSED: MenuHandoff = { open: null, focus: null, drawer: false };

let go: ((to: string) => void) | null = null;
function Nav() {
  go = useNavigate();
  return null;
}

function renderMenu(nav: Navigation, initial = CLOSED) {
  seedNavigation(nav);
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <Nav />
      <MegaMenu fallback={[]} initial={initial} />
    </MemoryRouter>,
  );
}

const trigger = (name: string) => screen.getByRole("button", { name });
const mouse = { pointerType: "mouse" };
/** A mouse entering and moving over an element. */
function hover(el: HTMLElement) {
  fireEvent.pointerEnter(el, mouse);
  fireEvent.pointerMove(el, mouse);
  fireEvent.pointerMove(el, mouse);
}

afterEach(() => {
  vi.useRealTimers();
  seedNavigation(null);
});

describe("MegaMenu on a click site", () => {
  const nav: Navigation = { ...NAVIGATION_FIXTURE, open_on: "click" };

  it("does not open on hover, opens on click, closes on Escape", async () => {
    vi.useFakeTimers();
    renderMenu(nav);
    const vehicles = trigger("Vehicles");
    hover(vehicles);
    // Past any hover delay (the hover site's test below opens with the same steps): still closed.
    act(() => vi.advanceTimersByTime(1000));
    expect(vehicles.getAttribute("aria-expanded")).toBe("false");
    vi.useRealTimers();
    fireEvent.click(vehicles);
    expect(vehicles.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: /IM6/ })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(vehicles.getAttribute("aria-expanded")).toBe("false"));
  });

  it("leaves no aria-hidden tab stop in the menu when a dropdown is open (Radix's focus proxy)", () => {
    renderMenu(nav);
    fireEvent.click(trigger("Stock"));
    const menu = screen.getByRole("navigation", { name: "Main" });
    expect(menu.querySelectorAll('[tabindex="0"]').length).toBeGreaterThan(0);
    expect(menu.querySelectorAll('[aria-hidden="true"][tabindex="0"]').length).toBe(0);
  });

  it("closes on the force-close signal and on a route change", async () => {
    renderMenu(nav);
    const stock = trigger("Stock");
    fireEvent.click(stock);
    expect(stock.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "New Cars (120)" }).getAttribute("href")).toBe("/search/new-cars");
    act(() => forceCloseMenus());
    expect(stock.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(stock);
    expect(stock.getAttribute("aria-expanded")).toBe("true");
    act(() => go?.("/search/used-cars"));
    await waitFor(() => expect(stock.getAttribute("aria-expanded")).toBe("false"));
  });

  it("renders plain entries as links, brand tiles linking to the brand's stock, and link columns", () => {
    renderMenu(nav);
    expect(screen.getByRole("link", { name: "Offers" }).getAttribute("href")).toBe("/special-offers");
    expect(screen.getByRole("link", { name: "Finance Enquiry" }).getAttribute("href")).toBe("/finance-enquiry");
    fireEvent.click(trigger("Brands"));
    expect(screen.getByRole("link", { name: "Toyota" }).getAttribute("href")).toBe("/search/toyota");
    fireEvent.click(trigger("More"));
    const about = screen.getByRole("list", { name: "About" });
    expect(within(about).getByRole("link", { name: "Careers" }).getAttribute("href")).toBe("/careers");
  });

  it("filters the models by body type and powertrain chips, with Coming Soon badges", () => {
    renderMenu(nav, { open: entryKey(0), focus: null, drawer: false });
    const panel = document.querySelector('[data-panel="vehicles"]') as HTMLElement;
    const models = () => Array.from(panel.querySelectorAll("[data-model]")).map((e) => e.getAttribute("data-model"));
    expect(models()).toEqual(["im6", "im5", "rav4", "hilux", "corolla"]);
    expect(within(panel).getAllByText("Coming Soon")).toHaveLength(1);
    expect(panel.querySelector('[data-model="im5"]')?.textContent).toContain("Coming Soon");
    const body = within(panel).getByRole("group", { name: "Body type" });
    fireEvent.click(within(body).getByRole("button", { name: "SUV" }));
    expect(within(body).getByRole("button", { name: "SUV" }).getAttribute("aria-pressed")).toBe("true");
    expect(models()).toEqual(["im6", "rav4"]);
    const power = within(panel).getByRole("group", { name: "Powertrain" });
    fireEvent.click(within(power).getByRole("button", { name: "Hybrid" }));
    expect(models()).toEqual(["rav4"]);
    fireEvent.click(within(body).getByRole("button", { name: "All" }));
    fireEvent.click(within(power).getByRole("button", { name: "Electric" }));
    expect(models()).toEqual(["im6", "im5"]);
  });

  it("opens the drawer with the entries as accordions", async () => {
    renderMenu(nav);
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    const vehicles = within(drawer).getByRole("button", { name: /Vehicles/ });
    expect(vehicles.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(vehicles);
    expect(vehicles.getAttribute("aria-expanded")).toBe("true");
    expect(within(drawer).getByRole("link", { name: /HiLux/ }).getAttribute("href")).toBe("/hilux");
    expect(within(drawer).getByRole("link", { name: "Offers" }).getAttribute("href")).toBe("/special-offers");
    act(() => forceCloseMenus());
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull());
  });
});

describe("MegaMenu on a hover site", () => {
  it("opens on hover (after Radix's short delay), and still on click", async () => {
    vi.useFakeTimers();
    renderMenu({ ...NAVIGATION_FIXTURE, open_on: "hover" });
    const vehicles = trigger("Vehicles");
    hover(vehicles);
    expect(vehicles.getAttribute("aria-expanded")).toBe("false");
    act(() => vi.advanceTimersByTime(1000));
    expect(vehicles.getAttribute("aria-expanded")).toBe("true");
    vi.useRealTimers();
    fireEvent.keyDown(document.body, { key: "Escape" });
    await waitFor(() => expect(vehicles.getAttribute("aria-expanded")).toBe("false"));
    const more = trigger("More");
    fireEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
  });
});

describe("HeaderMenu", () => {
  it("shows the shell's links until the navigation answers", () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    seedNavigation(null);
    render(
      <MemoryRouter>
        <HeaderMenu fallback={[{ label: "Finance", href: "/finance" }]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("navigation", { name: "Main" }).getAttribute("data-fc-menu")).toBe("static");
    expect(screen.getByRole("link", { name: "Finance" }).getAttribute("href")).toBe("/finance");
  });

  it("renders closed dropdown buttons first, and the first click loads the menu with that dropdown open", async () => {
    seedNavigation({ ...NAVIGATION_FIXTURE, open_on: "click" });
    render(
      <MemoryRouter>
        <HeaderMenu fallback={[]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav.getAttribute("data-fc-menu")).toBe("static");
    fireEvent.click(screen.getByRole("button", { name: "Stock" }));
    await waitFor(() => expect(screen.getByRole("navigation", { name: "Main" }).getAttribute("data-fc-menu")).toBe("ready"));
    const stock = screen.getByRole("button", { name: "Stock" });
    expect(stock.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(stock);
    expect(screen.getByRole("link", { name: "Used Cars (86)" })).toBeTruthy();
  });

  it("keeps the keyboard focus where it was when the menu takes over (the Menu button)", async () => {
    seedNavigation({ ...NAVIGATION_FIXTURE, open_on: "click" });
    render(
      <MemoryRouter>
        <HeaderMenu fallback={[]} />
      </MemoryRouter>,
    );
    act(() => screen.getByRole("button", { name: "Menu" }).focus());
    await waitFor(() => expect(screen.getByRole("navigation", { name: "Main" }).getAttribute("data-fc-menu")).toBe("ready"));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Menu" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
