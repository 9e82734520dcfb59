// A navigation body (GET /api/v1/navigation) for tests and Storybook, shaped like the dealer
// group's: every kind of header entry, models with several body types and powertrains (one coming
// soon), stock links with counts, brand tiles, footer columns, popular bodies and a popup.
import type { Navigation } from "../api/types";

/** The fixture navigation (open on hover). */
export const NAVIGATION_FIXTURE: Navigation = {
  open_on: "hover",
  header: [
    { label: "Vehicles", href: "/models", kind: "vehicles", columns: [] },
    { label: "Offers", href: "/special-offers", kind: "links", columns: [] },
    { label: "Stock", href: "/search/new-used-and-demo-cars", kind: "stock", columns: [] },
    {
      label: "Service & Parts",
      href: null,
      kind: "links",
      columns: [
        {
          title: "Service",
          links: [
            { label: "Book a Service", href: "/service", count: null },
            { label: "Warranty", href: "/warranty", count: null },
          ],
        },
        { title: "Parts", links: [{ label: "Parts & Accessories", href: "/vehicle-parts-and-accessories", count: null }] },
      ],
    },
    { label: "Finance Enquiry", href: "/finance-enquiry", kind: "links", columns: [] },
    { label: "Brands", href: "/brands", kind: "brands", columns: [] },
    {
      label: "More",
      href: null,
      kind: "links",
      columns: [
        {
          title: "About",
          links: [
            { label: "About Us", href: "/about-us", count: null },
            { label: "Careers", href: "/careers", count: null },
          ],
        },
        { title: "Find us", links: [{ label: "Dealer Locator", href: "/dealer-locator", count: null }] },
      ],
    },
  ],
  vehicles: [
    {
      slug: "im6",
      name: "IM6",
      href: "/im6",
      status: "available",
      manufacturer_name: "IM Motors",
      image_url: null,
      bodies: ["suv"],
      powertrain: "electric",
    },
    {
      slug: "im5",
      name: "IM5",
      href: "/im5",
      status: "coming_soon",
      manufacturer_name: "IM Motors",
      image_url: null,
      bodies: ["sedan"],
      powertrain: "electric",
    },
    {
      slug: "rav4",
      name: "RAV4 Hybrid",
      href: "/rav4",
      status: "available",
      manufacturer_name: "Toyota",
      image_url: null,
      bodies: ["suv", "wagon"],
      powertrain: "hybrid",
    },
    {
      slug: "hilux",
      name: "HiLux",
      href: "/hilux",
      status: "available",
      manufacturer_name: "Toyota",
      image_url: null,
      bodies: ["ute", "cabChassis"],
      powertrain: "diesel",
    },
    {
      slug: "corolla",
      name: "Corolla",
      href: "/corolla",
      status: "available",
      manufacturer_name: "Toyota",
      image_url: null,
      bodies: ["hatch"],
      powertrain: "petrol",
    },
  ],
  stock: [
    { label: "New Cars", href: "/search/new-cars", count: 120 },
    { label: "Used Cars", href: "/search/used-cars", count: 86 },
    { label: "Demo Cars", href: "/search/demo-cars", count: 14 },
  ],
  brands: [
    { title: "Toyota", slug: "toyota", logo_url: null, href: "/search/toyota" },
    { title: "Mazda", slug: "mazda", logo_url: null, href: "/search/mazda" },
  ],
  footer: [
    { title: "Models", links: [{ label: "IM6", href: "/im6", count: null }] },
    {
      title: "Buyer Tools",
      links: [
        { label: "Finance", href: "/finance", count: null },
        { label: "Sell Your Car", href: "/sell-your-car", count: null },
      ],
    },
    { title: "Service & Parts", links: [{ label: "Book a Service", href: "/service", count: null }] },
    { title: "Empty", links: [] },
  ],
  popular_bodies: [
    { value: "SUV", label: "SUV", count: 42, href: "/search/suv" },
    { value: "Sedan", label: "Sedan", count: 30, href: "/search/sedan" },
    { value: "Ute", label: "Ute", count: 21, href: "/search/ute" },
    { value: "Hatch", label: "Hatch", count: 12, href: "/search/hatch" },
  ],
  popup: {
    id: "summer-sale",
    image_url: null,
    title: "Summer Sale",
    description: "Save on every demo car this month.",
    button: { label: "View Offers", href: "/special-offers" },
    expires_at: "2099-12-31T23:59:59Z",
  },
};
