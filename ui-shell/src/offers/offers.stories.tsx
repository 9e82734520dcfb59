// Offer cards (docs/features/platform.md "Locations, offers and navigation";
// docs/features/locations-forms-marketing.md §2 "Offers"): a short one, a long one with View more
// toggles and a test drive, the single-offer card, and the list with its empty state.
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactElement } from "react";
import { TENANTS } from "../__tests__/fixtures";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { clearContentCache } from "../content/data";
import { resolveTheme } from "../theme/theme";
import { OFFER_LONG, OFFER_SHORT } from "./fixture";
import { OfferCard } from "./OfferCard";
import OffersPage from "./OffersPage";
import "./offers.css";

const meta: Meta = { title: "Offers" };
export default meta;
type Story = StoryObj;

const tenant = TENANTS.group;

function list(offers: (typeof OFFER_SHORT)[]): ReactElement {
  clearContentCache();
  const inline: InlineData = {
    version: 1,
    tenant,
    route: { id: "special-offers", path: "/special-offers", params: {} },
    status: 200,
    page: { offers },
  };
  return (
    <MemoryRouter initialEntries={["/special-offers"]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>
        <OffersPage />
      </SiteContext.Provider>
    </MemoryRouter>
  );
}

export const ShortOffer: Story = {
  render: () => (
    <div style={{ maxWidth: 400 }}>
      <OfferCard offer={OFFER_SHORT} />
    </div>
  ),
};
export const LongOfferWithToggles: Story = {
  render: () => (
    <div style={{ maxWidth: 400 }}>
      <OfferCard offer={OFFER_LONG} />
    </div>
  ),
};
export const SingleOffer: Story = { render: () => <OfferCard offer={OFFER_LONG} level={1} enquiryHref="#offer-enquiry" /> };
export const OffersList: Story = { render: () => list([OFFER_SHORT, OFFER_LONG]) };
export const NoOffers: Story = { render: () => list([]) };
