// The electric-model area (docs/features/platform.md "Marketing and content pages";
// docs/features/locations-forms-marketing.md §2 "Electric-model marketing area") with the fixture
// content: /models (hero slider, model cards, compare teaser, category carousel, scrolling banner,
// tiles), a family page with its first tab and with ?tab=performance, a family that is coming soon
// with the default stats, and the parts on their own.
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactElement } from "react";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter, Route, Routes } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";
import { CategoryCarousel } from "./CategoryCarousel";
import { resetModelsCache } from "./data";
import { MODELS_FIXTURE } from "./fixture";
import { HeroSlider } from "./HeroSlider";
import ModelFamilyPage from "./ModelFamilyPage";
import ModelsPage from "./ModelsPage";
import { ScrollingBanner } from "./sections";
import type { ModelsContent } from "./types";
import "./models.css";

const meta: Meta = { title: "Electric models" };
export default meta;
type Story = StoryObj;

const tenant = TENANTS.ev;

/** Renders `url` with the content inlined as the host would for `routeId`. */
function page(url: string, routeId: string, content: ModelsContent = MODELS_FIXTURE): ReactElement {
  resetModelsCache();
  const path = url.split("?")[0] ?? url;
  const inline: InlineData = {
    version: 1,
    tenant,
    route: { id: routeId, path, params: {} },
    status: 200,
    page: content,
    remote_entry: null,
  };
  return (
    <MemoryRouter initialEntries={[url]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>
        <Routes>
          <Route path="/models" element={<ModelsPage />} />
          <Route path="/models/:baseId" element={<ModelFamilyPage />} />
        </Routes>
      </SiteContext.Provider>
    </MemoryRouter>
  );
}

export const Models: Story = { render: () => page("/models", "models") };
export const FamilyFirstTab: Story = { render: () => page("/models/im6", "model-family") };
export const FamilyPerformanceTab: Story = { render: () => page("/models/im6?tab=performance", "model-family") };
export const FamilyComingSoonDefaultStats: Story = { render: () => page("/models/im5", "model-family") };
export const HeroSliderOnly: Story = { render: () => <HeroSlider slides={MODELS_FIXTURE.slides} /> };
export const CategoryCarouselOnly: Story = {
  render: () => <CategoryCarousel title={MODELS_FIXTURE.categories.title} cards={MODELS_FIXTURE.categories.cards} />,
};
export const ScrollingBannerOnly: Story = {
  render: () => <ScrollingBanner text={MODELS_FIXTURE.scrollingBanner.text} href={MODELS_FIXTURE.scrollingBanner.href} />,
};
