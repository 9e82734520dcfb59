import { describe, expect, it } from "vitest";
import { CAR, CAR_REDUCED, TENANTS } from "../__tests__/fixtures";
import { searchHit } from "../__tests__/fixtures/search";
import type { TenantSettings } from "../api/types";
import { resolveTheme, themeToCssVars } from "../theme/theme";
import { FIRST_LOAD_MODULES, firstLoadPage } from "./firstLoad";
import { esc, firstPaint } from "./firstPaint";
import type { InlineData } from "./inline";

function inline(tenant: TenantSettings, page: InlineData["page"] = null, path = "/"): InlineData {
  const route = page ? { id: "car", path, params: {} } : { id: "home", path, params: {} };
  return { version: 1, tenant, route, status: 200, page };
}

function dom(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("first load pages", () => {
  it("knows the home page, VDPs and search pages; everything else is 'other'", () => {
    expect(firstLoadPage("/")).toBe("home");
    expect(firstLoadPage("/cars/2021-mercedes-benz-glc-class-hm10570")).toBe("car");
    expect(firstLoadPage("/cars/2021-mercedes-benz-glc-class-hm10570/")).toBe("car");
    expect(firstLoadPage("/cars/trade-in")).toBe("other");
    expect(firstLoadPage("/models")).toBe("models");
    expect(firstLoadPage("/models/im6")).toBe("model-family");
    expect(firstLoadPage("/models/compare")).toBe("other");
    expect(firstLoadPage("/models/im6/extra")).toBe("other");
    expect(firstLoadPage("/cars/x/checkout")).toBe("other");
    expect(firstLoadPage("/search/used-cars")).toBe("search");
    expect(firstLoadPage("/search/toyota/rav4")).toBe("search");
    expect(firstLoadPage("/search/a/b/c")).toBe("other");
  });

  it("waits for the header and the page's own module, never the footer (below the fold)", () => {
    expect(FIRST_LOAD_MODULES.home).toEqual(["SiteHeader", "HomeHero"]);
    expect(FIRST_LOAD_MODULES.car).toEqual(["SiteHeader", "VdpSidebar"]);
    expect(FIRST_LOAD_MODULES.search).toEqual(["SiteHeader", "SearchCard"]);
    for (const modules of Object.values(FIRST_LOAD_MODULES)) expect(modules).not.toContain("SiteFooter");
  });
});

describe("first paint", () => {
  it("paints the home page's header and hero from the tenant, with the headline as the h1", () => {
    const t = TENANTS.group;
    const paint = firstPaint(inline(t), "home", "/", resolveTheme(t));
    expect(paint.main).toBe(true);
    const root = dom(paint.html);
    expect(root.querySelector("[data-fc-first-paint]")).not.toBeNull();
    expect(root.querySelector("h1")?.textContent).toBe("Find your next car at Southern Cross Motor Group");
    expect(root.querySelector(".fc-header__brand")?.textContent).toBe(t.name);
    expect([...root.querySelectorAll('nav[aria-label="Main"] a')].map((a) => a.getAttribute("href"))).toContain(
      "/search/new-used-and-demo-cars",
    );
    expect(root.querySelector('a[href="tel:0755500201"]')).not.toBeNull();
    // Not a component: the e2e tests and the remote-fallback checks look for data-fc-component.
    expect(root.querySelector("[data-fc-component]")).toBeNull();
  });

  it("paints the VDP's breadcrumb, gallery placeholder and dealer comments (400 characters)", () => {
    const t = TENANTS.classic;
    const long = firstPaint(inline(t, CAR_REDUCED, CAR.path), "car", CAR.path, resolveTheme(t));
    expect(long.main).toBe(true);
    const root = dom(long.html);
    expect(root.querySelector('[aria-current="page"]')?.textContent).toBe(CAR.name);
    expect(root.querySelector(".fc-gallery--empty")?.getAttribute("aria-label")).toBe(`${CAR.name}: no photos yet`);
    const text = root.querySelector(".fc-comments")?.textContent ?? "";
    expect(text.length).toBeLessThanOrEqual(401);
    expect(text.endsWith("…")).toBe(true);
    expect(root.querySelector("details.fc-disclosure[open] summary")?.textContent).toBe("Dealer Comments");
  });

  it("paints only the header when the document is not for this car, or on other pages", () => {
    const t = TENANTS.classic;
    expect(firstPaint(inline(t, CAR, "/cars/another-car"), "car", CAR.path, resolveTheme(t)).main).toBe(false);
    const other = firstPaint(inline(t), "other", "/finance", resolveTheme(t));
    expect(other.main).toBe(false);
    expect(dom(other.html).querySelector("header.fc-header")).not.toBeNull();
  });

  it("escapes everything from the data", () => {
    const t = { ...TENANTS.superstore, name: `<img src=x onerror="alert(1)">&'` };
    const html = firstPaint(inline(t), "home", "/", resolveTheme(t)).html;
    expect(html).not.toContain("<img src=x");
    expect(dom(html).querySelector("h1")?.textContent).toBe(`Find your next car at ${t.name}`);
    expect(esc(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("display type tokens", () => {
  it("gives each template's headline and word mark sizes to the first paint and the template alike", () => {
    const ev = resolveTheme(TENANTS.ev);
    expect(ev.heroTitleSize).toBe("clamp(2.2rem, 6vw, 4.5rem)");
    expect(themeToCssVars(ev)["--fc-hero-title-weight"]).toBe("200");
    const ss = themeToCssVars(resolveTheme(TENANTS.superstore));
    expect(ss["--fc-hero-title-transform"]).toBe("uppercase");
    expect(ss["--fc-brand-size"]).toBe("2rem");
    const custom = resolveTheme({
      ...TENANTS.classic,
      theme: { hero_title_size: "3rem", brand_tracking: "0" },
    } as TenantSettings);
    expect([custom.heroTitleSize, custom.brandTracking]).toEqual(["3rem", "0"]);
  });

  it("paints the SRP's breadcrumb, heading, count and first row of cards from the inline search page", () => {
    const t = TENANTS.superstore;
    const hits = [1, 2, 3, 4].map((i) => searchHit(i, i === 1 ? { primary_image_url: "/img/cars/1/a.jpg" } : {}));
    const page = {
      hits,
      count: 4,
      count_display: 4,
      page: 1,
      pages: 1,
      hits_per_page: 21,
      facets: {},
      popular_makes: [],
      popular_body_types: [],
      address: "make=Toyota",
      ms: 1,
    };
    const data: InlineData = {
      version: 1,
      tenant: t,
      route: { id: "search", path: "/search/used-cars", params: {} },
      status: 200,
      page,
    };
    const paint = firstPaint(data, "search", "/search/used-cars", resolveTheme(t));
    expect(paint.main).toBe(true);
    const root = dom(paint.html);
    expect(root.querySelector("h1")?.textContent).toBe("Used cars");
    expect(root.querySelector(".fc-srp__count")?.textContent).toBe("4 Cars found");
    expect([...root.querySelectorAll(".fc-breadcrumb li")].map((li) => li.textContent)).toEqual(["Home", "Used cars"]);
    const imgs = [...root.querySelectorAll(".fc-srp-grid img")];
    expect(imgs.length).toBe(3);
    expect(imgs[0]?.getAttribute("fetchpriority")).toBe("high");
    expect(imgs[0]?.getAttribute("srcset")).toContain("/img/cars/1/a.jpg?w=400 400w");
    expect(imgs[1]?.getAttribute("src")).toBe("/img/placeholder/suv.svg");
    expect(firstPaint({ ...data, page: null }, "search", "/search/used-cars", resolveTheme(t)).main).toBe(false);
  });
});
