// The model compare screen (docs/features/platform.md "Marketing and content pages";
// docs/features/locations-forms-marketing.md §2 "Compare screen", §4, §9) against a fake host
// serving the fixture ModelsContent. Storybook has no image endpoint, so the fixture's `/img/...`
// images are swapped for small inline SVG drawings in the colour's paint.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { resolveTheme } from "../theme/theme";
import type { FetchLike } from "./data";
import { MODELS_CONTENT } from "./fixtures";
import type { ModelsContent } from "./types";
import VariantComparePage from "./VariantComparePage";

const meta: Meta = { title: "Model compare" };
export default meta;
type Story = StoryObj;

const tenant = TENANTS.ev;

/** A 16:9 SVG of a car shape in `paint` (a data: URL). */
function drawing(paint: string, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#eef0f3"/><path d="M40 120 L70 82 Q90 66 130 64 L200 64 Q236 66 262 92 L288 104 Q298 110 296 124 L40 124 Z" fill="${paint}" stroke="#333"/><circle cx="92" cy="126" r="18" fill="#222"/><circle cx="236" cy="126" r="18" fill="#222"/><text x="160" y="168" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#333">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The fixture with drawings for images (colours keep which ones have none). */
const CONTENT: ModelsContent = {
  ...MODELS_CONTENT,
  families: MODELS_CONTENT.families.map((f) => ({ ...f, heroImageUrl: drawing("#9aa3ad", `${f.name} (family hero)`) })),
  colours: MODELS_CONTENT.colours.map((c) =>
    c.image_url ? { ...c, image_url: drawing(c.hexCode ?? "#999", `${c.model_variant.name}, ${c.name}`) } : c,
  ),
};

const serve =
  (body: unknown, status = 200): FetchLike =>
  async () =>
    Response.json(body, { status });

function wrap(url: string, fetchImpl: FetchLike) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline: null }}>
        <VariantComparePage fetchImpl={fetchImpl} />
      </SiteContext.Provider>
    </MemoryRouter>
  );
}

export const Defaults: Story = {
  name: "Defaults: IM5 Performance (left) and IM5 Premium (right)",
  render: () => wrap("/models/compare", serve(CONTENT)),
};

export const HeroFallback: Story = {
  name: "IM6 Performance: no colour images, the family hero shows",
  render: () => wrap("/models/compare?left=im6-performance&right=im6-premium", serve(CONTENT)),
};

export const ManyColours: Story = {
  name: "More than 6 colours (capped at 6) and duplicate hex codes (shown once)",
  render: () => {
    const base = CONTENT.colours.filter((c) => c.model_variant_id === "im5-premium");
    const extra = ["#AA3333", "#33AA33", "#3333AA", "#aa3333", "#DDAA00"].map((hex, i) => ({
      ...(base[0] as (typeof base)[number]),
      id: `im5-premium-extra-${i}`,
      name: `Extra ${i + 1}`,
      hexCode: hex,
      image_url: null,
    }));
    return wrap("/models/compare", serve({ ...CONTENT, colours: [...CONTENT.colours, ...extra] }));
  },
};

export const NoColourData: Story = {
  name: "A family with no colour data (IM6): no swatches, the hero shows",
  render: () =>
    wrap(
      "/models/compare?left=im6-platinum&right=im5-platinum",
      serve({ ...CONTENT, colours: CONTENT.colours.filter((c) => c.model_id !== "im6") }),
    ),
};

export const Loading: Story = {
  name: "Loading",
  render: () => wrap("/models/compare", () => new Promise<Response>(() => {})),
};

export const LoadError: Story = {
  name: "The content could not be loaded (Try again)",
  render: () => wrap("/models/compare", serve({ error: { code: "internal" } }, 500)),
};

export const NotOnThisSite: Story = {
  name: "A site without the electric-model area (404 page)",
  render: () => wrap("/models/compare", serve({ error: { code: "not_found" } }, 404)),
};
