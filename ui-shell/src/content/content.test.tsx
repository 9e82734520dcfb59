// docs/features/platform.md "Marketing and content pages": the markdown content pages
// (docs/features/locations-forms-marketing.md §2 routes table; docs/features/shopper-core.md §9).
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { routeById } from "../routes/table";
import { resolveTheme } from "../theme/theme";
import ContentPage, { contentApiUrl, parseContentPage } from "./ContentPage";
import { clearContentCache, fetchContent, inlineContent } from "./data";

const tenant = TENANTS.classic;
const PRIVACY = {
  path: "/privacy-policy",
  title: "Privacy Policy",
  description: "How we handle your information.",
  html: "<h2>Access</h2><p>We acknowledge requests within 7 days.</p><ul><li>One</li></ul>",
};

function inlineFor(path: string, id: string, page: unknown, status = 200): InlineData {
  return { version: 1, tenant, route: { id, path, params: {} }, status, page };
}

function show(path: string, routeId: string, inline: InlineData | null = null) {
  const route = routeById(routeId);
  if (!route) throw new Error(routeId);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>
        <ContentPage route={route} />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => clearContentCache());
afterEach(() => vi.unstubAllGlobals());

describe("content page data", () => {
  it("maps a page path to its API address", () => {
    expect(contentApiUrl("/about-us")).toBe("/api/v1/content/pages/about-us");
    expect(contentApiUrl("/pages/warranty")).toBe("/api/v1/content/pages/pages/warranty");
    expect(contentApiUrl("/pages/a b/")).toBe("/api/v1/content/pages/pages/a%20b");
  });

  it("reads a page body; title and html are required", () => {
    expect(parseContentPage(PRIVACY)).toEqual(PRIVACY);
    expect(parseContentPage({ title: "T", html: "<p>x</p>" })).toEqual({
      path: "",
      title: "T",
      description: "",
      html: "<p>x</p>",
    });
    expect(parseContentPage({ title: "T" })).toBeNull();
    expect(parseContentPage("nope")).toBeNull();
  });

  it("uses the inline body only for the same route and path; a 404 document is not found", () => {
    const inline = inlineFor("/privacy-policy", "privacy-policy", PRIVACY);
    expect(inlineContent(inline, "privacy-policy", "/privacy-policy", parseContentPage)).toEqual({ status: "ok", data: PRIVACY });
    expect(inlineContent(inline, "privacy-policy", "/about-us", parseContentPage)).toBeUndefined();
    expect(inlineContent(inline, "about-us", "/privacy-policy", parseContentPage)).toBeUndefined();
    expect(inlineContent(inlineFor("/fleet", "not-found", null, 404), "fleet", "/fleet", parseContentPage)).toEqual({
      status: "not-found",
    });
    expect(inlineContent(null, "fleet", "/fleet", parseContentPage)).toBeUndefined();
  });

  it("fetchContent: 200 ok, 404 not found, other statuses and bad bodies are errors", async () => {
    const answer = (r: Response) => vi.fn(async () => r);
    await expect(fetchContent("/x", parseContentPage, undefined, answer(Response.json(PRIVACY)))).resolves.toEqual({
      status: "ok",
      data: PRIVACY,
    });
    await expect(
      fetchContent("/x", parseContentPage, undefined, answer(Response.json({ error: {} }, { status: 404 }))),
    ).resolves.toEqual({ status: "not-found" });
    await expect(fetchContent("/x", parseContentPage, undefined, answer(new Response("", { status: 500 })))).resolves.toEqual({
      status: "error",
      message: "HTTP 500",
    });
    await expect(fetchContent("/x", parseContentPage, undefined, answer(Response.json({ nope: 1 })))).resolves.toMatchObject({
      status: "error",
    });
  });
});

describe("ContentPage", () => {
  it("renders the inline page: the title as h1 and document title, the host's HTML as prose, no request", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    show("/privacy-policy", "privacy-policy", inlineFor("/privacy-policy", "privacy-policy", PRIVACY));
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Access" })).toBeTruthy();
    expect(screen.getByText("We acknowledge requests within 7 days.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Privacy Policy | ${tenant.name}`));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches /api/v1/content/pages/{path} on client-side navigation (a /pages/* route)", async () => {
    const fetch = vi.fn(async () => Response.json({ ...PRIVACY, path: "/pages/warranty", title: "Warranty" }));
    vi.stubGlobal("fetch", fetch);
    show("/pages/warranty", "marketing-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Warranty" })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/v1/content/pages/pages/warranty", expect.anything());
  });

  it("renders the not-found page when the host answers 404", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: { code: "not_found", message: "no page" } }, { status: 404 }));
    show("/diamond-advantage", "diamond-advantage");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });

  it("a failure other than 404 says so", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 503 }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    show("/careers", "careers");
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Careers" })).toBeTruthy();
  });
});
