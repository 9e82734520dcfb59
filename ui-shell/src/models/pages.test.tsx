// The electric-model pages in jsdom (docs/features/locations-forms-marketing.md §2, §4, §9): the hero slider loops
// with its arrows and dots, the buttons are the data's; the scrolling banner's copies; the Coming
// Soon badge; the tab chosen by ?tab=; unknown families and sites without the area are 404s; the
// content comes from the inline document or the API.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter, Route, Routes } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";
import { inlineModels, resetModelsCache } from "./data";
import { MODELS_FIXTURE } from "./fixture";
import { GATE_TIMEOUT_MS, openImageGate, resetImageGate } from "./gate";
import ModelFamilyPage from "./ModelFamilyPage";
import ModelsPage from "./ModelsPage";

const tenant = TENANTS.ev;

function inlineFor(id: string, path: string, page: unknown, status = 200): InlineData {
  return { version: 1, tenant, route: { id, path, params: {} }, status, page, remote_entry: null };
}

/** Renders `url`; the image gate opens first unless `gated` (src/models/gate.tsx). */
function renderAt(url: string, inline: InlineData | null = null, gated = false) {
  if (!gated) openImageGate();
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>
        <Routes>
          <Route path="/models" element={<ModelsPage />} />
          <Route path="/models/:baseId" element={<ModelFamilyPage />} />
        </Routes>
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

const activeSlide = () => document.querySelector(".fc-models-hero__slide[data-active]") as HTMLElement;

beforeEach(() => {
  resetModelsCache();
  resetImageGate();
});
afterEach(() => vi.unstubAllGlobals());

describe("/models", () => {
  it("loops the hero slider both ways; the first slide's image is eager and high priority", () => {
    renderAt("/models", inlineFor("models", "/models", MODELS_FIXTURE));
    const hero = screen.getByRole("region", { name: "Featured models" });
    expect(within(activeSlide()).getByRole("heading", { name: "IM6" })).toBeTruthy();
    const img = activeSlide().querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("srcset")).toContain("/img/illustrations/suv-blue-35.png?w=800 800w");
    expect(img.getAttribute("width")).toBe("960");

    fireEvent.click(within(hero).getByRole("button", { name: "Previous slide" }));
    expect(within(activeSlide()).getByRole("heading", { name: "IM5" })).toBeTruthy();
    fireEvent.click(within(hero).getByRole("button", { name: "Next slide" }));
    expect(within(activeSlide()).getByRole("heading", { name: "IM6" })).toBeTruthy();
    fireEvent.click(within(hero).getByRole("button", { name: "Next slide" }));
    fireEvent.click(within(hero).getByRole("button", { name: "Next slide" }));
    expect(within(activeSlide()).getByRole("heading", { name: "IM6" })).toBeTruthy();
    fireEvent.click(within(hero).getByRole("button", { name: "Go to slide 2: IM5" }));
    expect(within(activeSlide()).getByRole("heading", { name: "IM5" })).toBeTruthy();
    expect(within(hero).getByRole("button", { name: "Go to slide 2: IM5" }).getAttribute("aria-current")).toBe("true");
    fireEvent.keyDown(hero, { key: "ArrowRight" });
    expect(within(activeSlide()).getByRole("heading", { name: "IM6" })).toBeTruthy();
    expect(screen.getByText("Slide 1 of 2: IM6")).toBeTruthy();
  });

  it("shows the slides' buttons as the data gives them; hidden slides are inert", () => {
    renderAt("/models", inlineFor("models", "/models", MODELS_FIXTURE));
    const slides = document.querySelectorAll(".fc-models-hero__slide");
    expect(slides[1]?.getAttribute("aria-hidden")).toBe("true");
    expect(slides[1]?.hasAttribute("inert")).toBe(true);
    const links = within(slides[1] as HTMLElement).getAllByRole("link", { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Discover more", "/models/im5"],
      ["Search Stock", "/search/new-used-and-demo-cars?query=im5"],
    ]);
  });

  it("renders what is below the hero once its image has painted, in a screen-tall placeholder until then", () => {
    renderAt("/models", inlineFor("models", "/models", MODELS_FIXTURE), true);
    expect(document.querySelector('[data-section="model-cards"]')).toBeNull();
    expect(document.querySelector(".fc-models-pending")).not.toBeNull();
    expect(document.querySelectorAll(".fc-models-hero__slide")[1]?.querySelector("img")).toBeNull();
    act(() => openImageGate());
    expect(document.querySelector(".fc-models-pending")).toBeNull();
    const card = document.querySelector('[data-model="im6"] img') as HTMLImageElement;
    expect(card.getAttribute("loading")).toBe("lazy");
    expect(card.getAttribute("srcset")).toContain("/img/illustrations/suv-blue-35.png?w=800 800w");
    expect([card.getAttribute("width"), card.getAttribute("height")]).toEqual(["960", "640"]);
    const second = document.querySelectorAll(".fc-models-hero__slide")[1]?.querySelector("img");
    expect(second?.getAttribute("fetchpriority")).toBe("low");
    expect(second?.getAttribute("loading")).toBe("eager");
  });

  it("opens the gate when the hero image loads, at once without one, else after a timeout", () => {
    vi.useFakeTimers();
    try {
      renderAt("/models", inlineFor("models", "/models", MODELS_FIXTURE), true);
      const hero = document.querySelector(".fc-models-hero__slide[data-active] img") as HTMLImageElement;
      fireEvent.load(hero);
      act(() => vi.advanceTimersByTime(100));
      expect(document.querySelector(".fc-models-pending")).toBeNull();
      cleanup();

      resetImageGate();
      resetModelsCache();
      renderAt("/models", inlineFor("models", "/models", { ...MODELS_FIXTURE, slides: [] }), true);
      expect(document.querySelector(".fc-models-pending")).toBeNull();
      cleanup();

      resetImageGate();
      resetModelsCache();
      renderAt("/models", inlineFor("models", "/models", MODELS_FIXTURE), true);
      expect(document.querySelector(".fc-models-pending")).not.toBeNull();
      act(() => vi.advanceTimersByTime(GATE_TIMEOUT_MS));
      expect(document.querySelector(".fc-models-pending")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to the default banner target and categories title", () => {
    renderAt(
      "/models",
      inlineFor("models", "/models", {
        ...MODELS_FIXTURE,
        categories: { ...MODELS_FIXTURE.categories, title: "" },
        scrollingBanner: { text: "Offers", href: "" },
      }),
    );
    expect(screen.getByRole("link", { name: "Offers" }).getAttribute("href")).toBe("/special-offers");
    expect(screen.getByRole("heading", { name: "Explore Our Range" })).toBeTruthy();
  });

  it("fetches the content without inline data; a 404 is the not-found page", async () => {
    const fetchMock = vi.fn(async () => Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    renderAt("/models");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/api/v1/content/models", expect.anything());
  });

  it("shows an error with Try again, which fetches again", async () => {
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => (++calls === 1 ? new Response("oops", { status: 500 }) : Response.json(MODELS_FIXTURE))),
    );
    renderAt("/models");
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("region", { name: "Featured models" })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe("/models/{baseId}", () => {
  it("shows the banner with the family's stats and the first tab by default", () => {
    renderAt("/models/im6", inlineFor("model-family", "/models/im6", MODELS_FIXTURE));
    expect(screen.getByRole("heading", { level: 1, name: "IM IM6" })).toBeTruthy();
    expect(screen.getByText("up to 595km (WLTP)")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Design" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { name: "Charge at home or on the road" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Explore Our Range" })).toBeTruthy();
  });

  it("selects the tab named by ?tab= case-insensitively; clicking switches", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(MODELS_FIXTURE)),
    );
    renderAt("/models/im5?tab=PERFORMANCE");
    const tab = await screen.findByRole("tab", { name: "Performance" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { name: "IM5 Performance" })).toBeTruthy();
    // The content's default stats (im5 has none of its own) and the Coming Soon badge.
    expect(screen.getByText("up to 755km")).toBeTruthy();
    expect(within(screen.getByRole("heading", { level: 1 })).getByText("Coming Soon")).toBeTruthy();
    const tech = screen.getByRole("tab", { name: "Technology" });
    await act(async () => {
      fireEvent.mouseDown(tech, { button: 0, ctrlKey: false });
      fireEvent.focus(tech);
    });
    expect(tech.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("heading", { name: "Intelligent inside" })).toBeTruthy();
  });

  it("is a 404 for an unknown baseId, and for the host's 404 document", async () => {
    renderAt("/models/nope", inlineFor("model-family", "/models/nope", null, 404));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  it("is a 404 for a baseId the content has no family for", async () => {
    renderAt("/models/im9", inlineFor("models", "/models/im9", MODELS_FIXTURE));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});

describe("inlineModels", () => {
  it("uses the inline page only for its own path and route ids", () => {
    expect(inlineModels(inlineFor("models", "/models", MODELS_FIXTURE), "/models")).toEqual({
      status: "ok",
      content: MODELS_FIXTURE,
    });
    expect(inlineModels(inlineFor("models", "/models", MODELS_FIXTURE), "/models/im5")).toBeNull();
    expect(inlineModels(inlineFor("home", "/models", MODELS_FIXTURE), "/models")).toBeNull();
    expect(inlineModels(inlineFor("models", "/models", { title: "x" }), "/models")).toBeNull();
    expect(inlineModels(inlineFor("model-family", "/models/x", null, 404), "/models/x")).toEqual({ status: "missing" });
    expect(inlineModels(null, "/models")).toBeNull();
  });
});
