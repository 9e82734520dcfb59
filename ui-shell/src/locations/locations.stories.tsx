// The docs/features/platform.md "Locations, offers and navigation" location screens
// (docs/features/locations-forms-marketing.md §2 "Location screens", "Reviews"): the card in its
// variants, the detail panel (type select, holiday hours, Enquire Now), the block and the Our
// Locations carousel, the dealer locator against a fake host, and the reviews block. Demo data: the
// dealer-group fixture (GET /api/v1/tenant of the demo group tenant).
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { TENANTS } from "../__tests__/fixtures";
import type { Location, LocationsResponse, Review, TenantSettings } from "../api/types";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { ReviewsBlock, ReviewsView } from "../reviews/ReviewsBlock";
import { resolveTheme } from "../theme/theme";
import DealerLocatorPage from "./DealerLocatorPage";
import { LocationBlock, OurLocationsCarousel } from "./LocationBlock";
import { LocationCard } from "./LocationCard";
import { LocationPanel } from "./LocationPanel";

const meta: Meta = { title: "Locations" };
export default meta;
type Story = StoryObj;

const tenant = TENANTS.group;
const loc = (i: number): Location => tenant.locations[i] as Location;
const bySlugEnd = (end: string): Location => tenant.locations.find((l) => l.slug.endsWith(end)) ?? loc(0);

function wrap(node: ReactNode, t: TenantSettings = tenant) {
  return (
    <MemoryRouter initialEntries={["/"]}>
      <SiteContext.Provider value={{ tenant: t, theme: resolveTheme(t), inline: null }}>{node}</SiteContext.Provider>
    </MemoryRouter>
  );
}

const narrow = (node: ReactNode) => <div style={{ maxWidth: 360 }}>{node}</div>;

export const Card: Story = {
  name: "Card: sales location with rating, phone and licence number",
  render: () => wrap(narrow(<LocationCard location={bySlugEnd("bmw-sales")} />)),
};

export const CardHours: Story = {
  name: "Card: with opening hours and a locator distance",
  render: () => wrap(narrow(<LocationCard location={bySlugEnd("toyota-service")} showHours distanceKm={4.12} />)),
};

export const CardParts: Story = {
  name: "Card: parts location (Parts Enquiry instead of a phone)",
  render: () => wrap(narrow(<LocationCard location={bySlugEnd("toyota-parts")} />)),
};

export const CardUpcoming: Story = {
  name: "Card: upcoming location (COMING EARLY 2026)",
  render: () => wrap(narrow(<LocationCard location={bySlugEnd("hoppers-crossing-sales")} />)),
};

export const CardNoLicence: Story = {
  name: "Card: site without the licence show flag",
  render: () => {
    const t = { ...tenant, features: { ...tenant.features, show_dealer_licence: false } };
    return wrap(narrow(<LocationCard location={bySlugEnd("bmw-sales")} />), t);
  },
};

const SATURDAY = new Date("2026-11-21T01:00:00Z");
const SUNDAY = new Date("2026-11-22T01:00:00Z");

export const Panel: Story = {
  name: "Panel: sales, service and parts (type select switches the hours)",
  render: () => wrap(<LocationPanel location={bySlugEnd("toyota-sales")} tenant={tenant} now={SATURDAY} />),
};

export const PanelClosedService: Story = {
  name: "Panel: service location closed today (Enquire Now)",
  render: () => wrap(<LocationPanel location={bySlugEnd("toyota-service")} tenant={tenant} now={SUNDAY} />),
};

export const PanelSingleType: Story = {
  name: "Panel: one location type (auto-selected)",
  render: () => wrap(<LocationPanel location={bySlugEnd("bmw-sales")} tenant={tenant} now={SATURDAY} />),
};

export const BlockSingle: Story = {
  name: "Block: one location",
  render: () => wrap(<LocationBlock entries={[loc(0)]} />),
};

export const BlockThree: Story = {
  name: "Block: three locations (3 columns)",
  render: () => wrap(<LocationBlock entries={tenant.locations.slice(0, 3)} />),
};

export const BlockMany: Story = {
  name: "Block: more than three locations (4 columns on wide screens)",
  render: () => wrap(<LocationBlock entries={tenant.locations} />),
};

export const Carousel: Story = {
  name: "Our Locations carousel",
  render: () => wrap(<OurLocationsCarousel locations={tenant.locations} />),
};

const NEAR: LocationsResponse = {
  origin: { postcode: "4000", locality: "Brisbane City", state: "QLD", lat: -27.4679, long: 153.0281 },
  locations: tenant.locations.map((location, i) => ({ location, distance_km: 3.2 + i * 311.7 })),
};

/** A fake host: 4000 answers the list above, any other postcode a 400. */
const locatorHost: typeof fetch = async (input) => {
  const url = String(input);
  if (url.includes("postcode=4000")) return Response.json(NEAR);
  return Response.json({ error: { code: "invalid_postcode", message: "Invalid postcode", field: "postcode" } }, { status: 400 });
};

export const Locator: Story = {
  name: "Dealer locator (search 4000, or another code for 'Invalid postcode')",
  render: () => wrap(<DealerLocatorPage fetchImpl={locatorHost} />),
};

const review = (i: number, over: Partial<Review> = {}): Review => ({
  id: `r${i}`,
  location: "a-location",
  customer_name: ["Priya S.", "Tom W.", "Mei L.", "Jack O'Brien"][i % 4] ?? "A customer",
  text: "Friendly team, no pressure, and the car was ready on the day they promised.",
  rating: i % 3 === 0 ? 4 : 5,
  review_date: "2026-08-01",
  review_date_in_words: `${(i % 11) + 1} months ago`,
  reply_text: i % 4 === 0 ? "Thanks for the kind words, enjoy the new car!" : null,
  reply_date: i % 4 === 0 ? "2026-08-02" : null,
  image_url: null,
  ...over,
});

export const Reviews: Story = {
  name: "Reviews: 3118 reviews averaging 4.7, 12 shown",
  render: () =>
    wrap(
      <ReviewsView
        state={{
          status: "ok",
          data: { average_rating: "4.7", count: 3118, reviews: Array.from({ length: 12 }, (_, i) => review(i)) },
        }}
      />,
    ),
};

export const ReviewsLoading: Story = {
  name: "Reviews: loading",
  render: () => wrap(<ReviewsBlock query={{ location: "x" }} fetchImpl={() => new Promise<Response>(() => {})} />),
};

export const ReviewsError: Story = {
  name: "Reviews: could not load",
  render: () => wrap(<ReviewsView state={{ status: "error", message: "offline" }} />),
};
