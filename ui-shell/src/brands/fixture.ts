// A brands body (GET /api/v1/brands) for tests and Storybook: statistics and two groups.
import type { BrandsResponse } from "../api/types";

/** The fixture brands page. */
export const BRANDS_FIXTURE: BrandsResponse = {
  stats: [
    { label: "Locations", value: "50+" },
    { label: "Brands", value: "40+" },
    { label: "Years Established", value: "30+" },
  ],
  groups: [
    {
      kind: "cars",
      title: "Cars",
      brands: [
        {
          title: "Toyota",
          slug: "toyota",
          kind: "cars",
          logo_url: null,
          banner_url: null,
          description: "Australia's best-selling make, from the Corolla to the LandCruiser.",
          href: "/toyota/overview",
          stock_href: "/search/toyota",
          skip_page: false,
        },
        {
          title: "Mazda",
          slug: "mazda",
          kind: "cars",
          logo_url: null,
          banner_url: null,
          description: "Zoom-zoom.",
          href: "/search/mazda",
          stock_href: "/search/mazda",
          skip_page: true,
        },
      ],
    },
    {
      kind: "group",
      title: "Group Brands",
      brands: [
        {
          title: "Southern Tyres",
          slug: "southern-tyres",
          kind: "group",
          logo_url: null,
          banner_url: null,
          description: "Tyres and wheel alignments.",
          href: "/southern-tyres/overview",
          stock_href: "/search/southern-tyres",
          skip_page: false,
        },
      ],
    },
  ],
};
