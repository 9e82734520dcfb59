// The first load's image hint of the electric-model pages (src/models/preload.ts).
import { afterEach, describe, expect, it } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { HANDOFF_KEY, writeHandoff } from "../boot/handoff";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";
import { MODELS_FIXTURE } from "./fixture";
import { firstImageOf, preloadFirstImage } from "./preload";

const tenant = TENANTS.ev;
const inline = (id: string, path: string, params: Record<string, string> = {}, status = 200): InlineData => ({
  version: 1,
  tenant,
  route: { id, path, params },
  status,
  page: MODELS_FIXTURE,
  remote_entry: null,
});

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[HANDOFF_KEY];
  for (const l of document.head.querySelectorAll("link")) l.remove();
  window.history.replaceState(null, "", "/");
});

describe("firstImageOf", () => {
  it("is the first slide on /models and the family's banner image on /models/{baseId}", () => {
    expect(firstImageOf(inline("models", "/models"), "/models")).toEqual({
      src: "/img/illustrations/suv-blue-35.png",
      size: "hero",
    });
    expect(firstImageOf(inline("model-family", "/models/im5", { baseId: "im5" }), "/models/im5")).toEqual({
      src: "/img/illustrations/sedan-silver-35.png",
      size: "tab",
    });
  });
  it("is null for another path, route, a 404 or an unknown family", () => {
    expect(firstImageOf(inline("models", "/models"), "/models/im5")).toBeNull();
    expect(firstImageOf(inline("home", "/models"), "/models")).toBeNull();
    expect(firstImageOf(inline("models", "/models", {}, 404), "/models")).toBeNull();
    expect(firstImageOf(inline("model-family", "/models/x", { baseId: "x" }), "/models/x")).toBeNull();
    expect(firstImageOf(null, "/models")).toBeNull();
  });
});

describe("preloadFirstImage", () => {
  it("adds one high-priority preload with the image's srcset and sizes", () => {
    window.history.replaceState(null, "", "/models");
    writeHandoff({ inline: inline("models", "/models"), theme: resolveTheme(tenant) });
    expect(preloadFirstImage()).toBe(true);
    const links = document.head.querySelectorAll('link[rel="preload"][as="image"]');
    expect(links).toHaveLength(1);
    const link = links[0] as HTMLLinkElement;
    expect(link.getAttribute("fetchpriority")).toBe("high");
    expect(link.getAttribute("imagesizes")).toBe("100vw");
    expect(link.getAttribute("imagesrcset")).toBe(
      "/img/illustrations/suv-blue-35.png?w=640 640w, /img/illustrations/suv-blue-35.png?w=800 800w, /img/illustrations/suv-blue-35.png?w=960 960w",
    );
    // Not twice.
    expect(preloadFirstImage()).toBe(false);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
  });
  it("does nothing without inline data", () => {
    window.history.replaceState(null, "", "/models");
    expect(preloadFirstImage()).toBe(false);
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
  });
});
