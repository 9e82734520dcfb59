// The brands page's parts (docs/features/platform.md "Locations, offers and navigation";
// docs/features/shopper-core.md §2 /brands): the statistics banner and the brand grids, with and
// without logos.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { BrandGrid, StatsBanner } from "./BrandGrid";
import { BRANDS_FIXTURE } from "./fixture";
import "./brands.css";

const meta: Meta = { title: "Brands" };
export default meta;
type Story = StoryObj;

const withLogos = BRANDS_FIXTURE.groups.map((g) => ({
  ...g,
  brands: g.brands.map((b) => ({ ...b, logo_url: `/logos/${b.slug}.svg` })),
}));

export const StatisticsBanner: Story = { render: () => <StatsBanner stats={BRANDS_FIXTURE.stats} /> };
export const BrandGrids: Story = {
  render: () => (
    <>
      {BRANDS_FIXTURE.groups.map((g) => (
        <BrandGrid key={g.kind} group={g} />
      ))}
    </>
  ),
};
export const BrandGridWithLogos: Story = {
  render: () => <>{withLogos[0] ? <BrandGrid group={withLogos[0]} /> : null}</>,
};
