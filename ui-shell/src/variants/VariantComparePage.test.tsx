// The compare screen rendered (jsdom) against the fixture: defaults, the model dropdown resetting
// the colour, the address, swatches, the hero fallback, inline data and the host's 404.
// docs/features/locations-forms-marketing.md §2 "Compare screen", §4, §9.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter, useLocation } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";
import { MODELS_CONTENT } from "./fixtures";
import VariantComparePage from "./VariantComparePage";

const tenant = TENANTS.ev;

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function wrap(url: string, fetchImpl: (u: string) => Promise<Response>, inline: InlineData | null = null) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>
        <VariantComparePage fetchImpl={fetchImpl} />
        <Address />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

const host = vi.fn(async (_u: string) => Response.json(MODELS_CONTENT));
const panel = (side: "left" | "right") => document.querySelector(`[data-side="${side}"].fc-variants__panel`) as HTMLElement;
const pressed = (p: HTMLElement) => [...p.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.textContent);

describe("VariantComparePage", () => {
  it("shows the title, subtitle and the default variants with their rows", async () => {
    wrap("/models/compare", host);
    expect(await screen.findByRole("heading", { level: 1, name: "Compare" })).toBeTruthy();
    expect(screen.getByText("Find your perfect IM")).toBeTruthy();
    expect((screen.getByLabelText("Left model") as HTMLSelectElement).value).toBe("im5-performance");
    expect((screen.getByLabelText("Right model") as HTMLSelectElement).value).toBe("im5-premium");
    expect(within(screen.getByLabelText("Left model")).getAllByRole("option")).toHaveLength(6);
    const dims = screen.getByRole("table", { name: "Dimensions" });
    expect(
      within(dims)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["IM5 Performance", "IM5 Premium"]);
    const perf = screen.getByRole("table", { name: "Performance" });
    const drive = within(perf).getByRole("row", { name: /Drivetrain/ });
    expect(drive.textContent).toContain("All-wheel drive");
    expect(drive.textContent).toContain("Rear-wheel drive");
    const features = document.querySelector('[data-section="features"] [data-side="left"]') as HTMLElement;
    expect(features.querySelectorAll('[data-half="1"] li')).toHaveLength(8);
    expect(features.querySelectorAll('[data-half="2"] li')).toHaveLength(7);
    const left = panel("left");
    expect(within(left).getByRole("link", { name: "Search Stock" }).getAttribute("href")).toBe(
      "/search/new-used-and-demo-cars?query=im5",
    );
    expect(within(left).getByRole("link", { name: "Learn More about the IM5" }).getAttribute("href")).toBe("/models/im5");
  });

  it("a swatch selects its colour; changing the model resets it to the first and writes the address", async () => {
    wrap("/models/compare", host);
    await screen.findByLabelText("Left model");
    const left = panel("left");
    expect(pressed(left)).toEqual(["Ares Black"]);
    fireEvent.click(within(left).getByRole("button", { name: "Rembrandt Grey" }));
    expect(pressed(left)).toEqual(["Rembrandt Grey"]);
    expect(left.querySelector("[data-colour-name]")?.textContent).toBe("Rembrandt Grey");
    fireEvent.change(screen.getByLabelText("Left model"), { target: { value: "im6-premium" } });
    await waitFor(() => expect(panel("left").getAttribute("data-variant")).toBe("im6-premium"));
    expect(pressed(panel("left"))).toEqual(["Ares Black"]);
    expect(panel("left").querySelector("[data-colour-name]")?.textContent).toBe("Ares Black");
    expect(screen.getByTestId("address").textContent).toBe("?left=im6-premium&right=im5-premium");
    // The other side keeps its own choice.
    expect(panel("right").getAttribute("data-variant")).toBe("im5-premium");
  });

  it("shows the family hero for a variant whose colours have no image, and the colour's image otherwise", async () => {
    wrap("/models/compare?left=im6-performance&right=im5-performance", host);
    await screen.findByLabelText("Left model");
    const img = (side: "left" | "right") => panel(side).querySelector("img") as HTMLImageElement;
    expect(img("left").getAttribute("data-image-source")).toBe("hero");
    expect(img("left").getAttribute("src")).toBe("/img/illustrations/suv-grey-35.png?w=640");
    expect(img("left").getAttribute("srcset")).toContain("suv-grey-35.png?w=960 960w");
    expect(img("right").getAttribute("data-image-source")).toBe("colour");
    expect(img("right").getAttribute("src")).toBe("/img/illustrations/sedan-black-90.png?w=640");
    fireEvent.click(within(panel("right")).getByRole("button", { name: "Athena White" }));
    expect(img("right").getAttribute("src")).toBe("/img/illustrations/sedan-white-90.png?w=640");
    expect(img("right").getAttribute("alt")).toBe("IM5 Performance in Athena White");
  });

  it("takes the address's variants and falls back to the defaults for unknown ids", async () => {
    wrap("/models/compare?left=im6-platinum&right=nope", host);
    await screen.findByLabelText("Left model");
    expect((screen.getByLabelText("Left model") as HTMLSelectElement).value).toBe("im6-platinum");
    expect((screen.getByLabelText("Right model") as HTMLSelectElement).value).toBe("im5-premium");
  });

  it("never shows more than 6 swatches, and none when the family has no colour data", async () => {
    const extra = Array.from({ length: 8 }, (_, i) => ({
      ...(MODELS_CONTENT.colours[25] as (typeof MODELS_CONTENT.colours)[number]),
      id: `extra-${i}`,
      name: `Extra ${i}`,
      hexCode: `#12345${i}`,
    }));
    const body = {
      ...MODELS_CONTENT,
      colours: [...MODELS_CONTENT.colours.filter((c) => c.model_id !== "im6"), ...extra],
    };
    wrap("/models/compare?left=im5-performance&right=im6-premium", async () => Response.json(body));
    await screen.findByLabelText("Left model");
    expect(panel("left").querySelectorAll(".fc-variants__swatch")).toHaveLength(6);
    expect(panel("right").querySelectorAll(".fc-variants__swatch")).toHaveLength(0);
    expect(panel("right").querySelector("img")?.getAttribute("data-image-source")).toBe("hero");
  });

  it("renders from the inline data without fetching", () => {
    const fetchImpl = vi.fn(async (_u: string) => Response.json(MODELS_CONTENT));
    const inline = {
      version: 1,
      tenant,
      route: { id: "models-compare", path: "/models/compare", params: {} },
      status: 200,
      page: MODELS_CONTENT,
    } as InlineData;
    wrap("/models/compare", fetchImpl, inline);
    expect(screen.getByRole("heading", { level: 1, name: "Compare" })).toBeTruthy();
    expect(panel("left").getAttribute("data-variant")).toBe("im5-performance");
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("shows the 404 page when the host has no models content", async () => {
    wrap("/models/compare", async () => Response.json({ error: { code: "not_found" } }, { status: 404 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });

  it("offers Try again after an error, which fetches again", async () => {
    let calls = 0;
    wrap("/models/compare", async () => (++calls === 1 ? new Response("oops", { status: 500 }) : Response.json(MODELS_CONTENT)));
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Left model")).toBeTruthy();
    expect(calls).toBe(2);
  });
});
