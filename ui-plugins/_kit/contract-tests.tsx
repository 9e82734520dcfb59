// The contract test every template runs (ui-plugins/<template>/src/remote.test.tsx): each exposed
// module renders the props the shell really sends, built by the shell's production builders
// (`remotePropsFor`: the SRP's card builder, the VDP's sidebar builder, the header, footer and
// hero builders) from the host's responses for every demo tenant, marks its root with
// data-fc-component / data-fc-template, and shows the props' key content.

import type { ActionView, RemoteProps } from "@forecourt/ui-shell/contract";
import { CAR_REDUCED, CAR_SOLD, remotePropsFor, TENANTS } from "@forecourt/ui-shell/fixtures";
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { groupActions } from "./SidebarActions";

type Modules = { [M in keyof RemoteProps]: ComponentType<RemoteProps[M]> };

/** An action as the remote renders it: a toggle (`pressed` set) is a button, the rest links. */
function expectAction(a: ActionView): void {
  expect(screen.getByRole(a.pressed === undefined ? "link" : "button", { name: a.label })).toBeTruthy();
}

/**
 * Declares the contract tests of a template. Takes the template name and its five components;
 * registers vitest cases (one per module and tenant, plus the SOLD view).
 */
export function describeRemote(template: string, modules: Modules): void {
  afterEach(cleanup);
  describe(`template ${template}`, () => {
    for (const [name, tenant] of Object.entries(TENANTS)) {
      const props = remotePropsFor(tenant);
      it(`SiteHeader shows the name, menu and phones (${name})`, () => {
        const { container } = render(<modules.SiteHeader {...props.SiteHeader} />);
        const root = container.querySelector(`[data-fc-component="SiteHeader"][data-fc-template="${template}"]`);
        expect(root).not.toBeNull();
        expect(root?.textContent).toContain(tenant.name);
        for (const p of props.SiteHeader.phones) expect(root?.querySelector(`a[href="${p.href}"]`)).not.toBeNull();
      });
      it(`SiteFooter lists every location (${name})`, () => {
        const { container } = render(<modules.SiteFooter {...props.SiteFooter} />);
        const root = container.querySelector(`[data-fc-component="SiteFooter"][data-fc-template="${template}"]`);
        expect(root).not.toBeNull();
        for (const l of props.SiteFooter.locations) expect(root?.querySelector(`a[href="${l.href}"]`)).not.toBeNull();
      });
      it(`HomeHero shows the headline and search action (${name})`, () => {
        render(<modules.HomeHero {...props.HomeHero} />);
        expect(screen.getByRole("heading", { level: 1 }).textContent).toContain(props.HomeHero.headline);
        expect(screen.getAllByRole("link", { name: props.HomeHero.primaryAction.label }).length).toBeGreaterThan(0);
      });
      it(`SearchCard shows title, price and actions (${name})`, () => {
        const { container } = render(<modules.SearchCard {...props.SearchCard} />);
        expect(container.querySelector(`[data-fc-component="SearchCard"][data-fc-template="${template}"]`)).not.toBeNull();
        expect(container.textContent).toContain(props.SearchCard.card.title);
        expect(container.textContent).toContain(props.SearchCard.card.price.text);
        expect(props.SearchCard.actions.length).toBeGreaterThan(0);
        for (const a of props.SearchCard.actions) expectAction(a);
      });
      it(`VdpSidebar shows title, price, facts and actions (${name})`, () => {
        const { container } = render(<modules.VdpSidebar {...props.VdpSidebar} />);
        expect(container.querySelector(`[data-fc-component="VdpSidebar"][data-fc-template="${template}"]`)).not.toBeNull();
        expect(screen.getByRole("heading", { level: 1 }).textContent).toContain(props.VdpSidebar.title);
        expect(container.textContent).toContain(props.VdpSidebar.price.text);
        for (const f of props.VdpSidebar.facts) expect(container.textContent).toContain(f.value);
        for (const a of props.VdpSidebar.actions) expectAction(a);
        expect(container.querySelector('[data-fc-slot="finance-teaser"]')).not.toBeNull();
      });
    }
    const props = remotePropsFor(TENANTS.classic);
    it("SiteHeader renders the shell's menu in place of its own links when given (docs/features/platform.md 'Locations, offers and navigation')", () => {
      const menu = (
        <nav aria-label="Main" data-testid="shell-menu">
          <button type="button">Vehicles</button>
        </nav>
      );
      const { container } = render(<modules.SiteHeader {...props.SiteHeader} menu={menu} />);
      const root = container.querySelector(`[data-fc-component="SiteHeader"][data-fc-template="${template}"]`);
      expect(root?.querySelector('[data-testid="shell-menu"]')).not.toBeNull();
      expect(screen.getAllByRole("navigation", { name: "Main" })).toHaveLength(1);
      for (const l of props.SiteHeader.nav) expect(root?.querySelector(`a[href="${l.href}"]`)).toBeNull();
      for (const p of props.SiteHeader.phones) expect(root?.querySelector(`a[href="${p.href}"]`)).not.toBeNull();
    });
    it("SearchCard and VdpSidebar show a was/now price with the previous price", () => {
      const reduced = remotePropsFor(TENANTS.classic, CAR_REDUCED);
      const card = render(<modules.SearchCard {...reduced.SearchCard} />);
      expect(reduced.SearchCard.card.price).toMatchObject({ kind: "was_now", text: "$82,990", was: "$89,990" });
      expect(card.container.textContent).toContain("$89,990");
      card.unmount();
      const side = render(<modules.VdpSidebar {...reduced.VdpSidebar} />);
      expect(side.container.textContent).toContain("$89,990");
      expect(side.container.textContent).toContain("Reduced by $7,000");
    });
    it("VdpSidebar shows the view count grouped in thousands (the shell's formatter)", () => {
      const { container } = render(<modules.VdpSidebar {...props.VdpSidebar} views={12345} />);
      expect(container.textContent).toContain("12,345");
    });
    it("VdpSidebar shows two or three action buttons, the others in 'More options' and the tools row (issue 39)", () => {
      const { container } = render(<modules.VdpSidebar {...props.VdpSidebar} />);
      expect(props.VdpSidebar.actions.length).toBeGreaterThan(5);
      for (const a of props.VdpSidebar.actions) expect(container.querySelectorAll(`[data-action="${a.id}"]`)).toHaveLength(1);
      const buttons = [...container.querySelectorAll("[data-action]")].filter((e) => !e.closest(".kit-more, .kit-tools"));
      expect(buttons.length).toBeGreaterThanOrEqual(2);
      expect(buttons.length).toBeLessThanOrEqual(4);
      expect(buttons[0]?.getAttribute("data-action")).toBe(props.VdpSidebar.actions[0]?.id);
      const more = container.querySelector("[data-more-actions]");
      if (buttons.length < 4) {
        expect(more?.querySelector("summary")?.textContent).toBe("More options");
        expect(more?.querySelectorAll("[data-action]").length).toBeGreaterThanOrEqual(2);
      } else expect(more).toBeNull();
    });
    it("groupActions: tools apart, three buttons, the rest in the menu (one more is a button)", () => {
      const act = (id: string) => ({ id, label: id, href: `#${id}`, emphasis: "secondary" as const });
      const ids = (list: { id: string }[]) => list.map((a) => a.id);
      const all = ["reserve", "enquire", "call", "finance", "trade-in", "history", "share", "fave", "print"].map(act);
      const g = groupActions(all);
      expect([ids(g.buttons), ids(g.more), ids(g.tools)]).toEqual([
        ["reserve", "enquire", "call"],
        ["finance", "trade-in", "history"],
        ["share", "fave", "print"],
      ]);
      const four = groupActions(["enquire", "call", "finance", "trade-in", "share", "save", "print"].map(act));
      expect([ids(four.buttons), ids(four.more)]).toEqual([["enquire", "call", "finance", "trade-in"], []]);
      expect(ids(groupActions(["similar", "call", "share", "print"].map(act)).buttons)).toEqual(["similar", "call"]);
    });
    it("VdpSidebar says one view in the singular (issue 39: '1 views')", () => {
      const { container } = render(<modules.VdpSidebar {...props.VdpSidebar} views={1} />);
      const text = container.textContent ?? "";
      expect(text).toMatch(/(^|\D)1 (view|person)\b/);
      expect(text).not.toMatch(/(^|\D)1 (views|people)\b/);
    });
    it("SearchCard shows the drive-away line after the price (issue 26), and none without one", () => {
      const line = "≈ $48,858 drive-away in NSW (est., excl. some on-road costs)";
      const card = { ...props.SearchCard.card, driveAway: line };
      const { container, unmount } = render(<modules.SearchCard {...props.SearchCard} card={card} />);
      const el = container.querySelector("[data-drive-away-line]");
      expect(el?.textContent).toBe(line);
      expect(el?.classList.contains("fc-card-drive-away")).toBe(true);
      const price = [...container.querySelectorAll("*")].find((n) => n.textContent === card.price.text);
      expect(price && el && price.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
      const plain = render(<modules.SearchCard {...props.SearchCard} />);
      expect(plain.container.querySelector("[data-drive-away-line]")).toBeNull();
    });
    it("SearchCard of a sold car offers Find Me Something Similar", () => {
      const sold = remotePropsFor(TENANTS.classic, CAR_SOLD);
      render(<modules.SearchCard {...sold.SearchCard} />);
      expect(screen.getByRole("link", { name: "Find Me Something Similar" })).toBeTruthy();
    });
    it("VdpSidebar shows the SOLD view for a sold car", () => {
      const sold = remotePropsFor(TENANTS.classic, CAR_SOLD);
      const { container } = render(<modules.VdpSidebar {...sold.VdpSidebar} />);
      expect(container.textContent).toMatch(/SOLD/);
      expect(screen.getByRole("link", { name: "Find Me Something Similar" })).toBeTruthy();
    });
  });
}
