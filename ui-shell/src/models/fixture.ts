// A ModelsContent in the host's shape (GET /api/v1/content/models) for unit tests and Storybook:
// the two families (im6 Super Intelligent SUV, im5 Super Intelligent Sedan), their hero slides,
// tabs (a Performance tab for both), banners, category cards, the scrolling banner and the
// call-to-action tiles. Images are host paths of the demo illustrations (the demo media folder).
// Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", §3.
import { stockSearchHref } from "./models";
import type { ModelFamily, ModelsContent, ModelTab } from "./types";

const img = (name: string) => `/img/illustrations/${name}.png`;

function tabs(model: string, body: string): ModelTab[] {
  return [
    {
      name: "Design",
      subtitle: `The ${model} design`,
      paragraphs: [`A clean ${body} shape drawn by the wind tunnel.`, "Frameless doors and a full-length glass roof."],
      imageUrl: img(`${body}-white-90`),
      imageAlt: `The ${model} from the side`,
      specs: [
        { label: "Drag coefficient", value: "0.23 Cd" },
        { label: "Wheels", value: '20"' },
      ],
      button: { title: "Book a Test Drive", link: "/book-test-drive", style: "primary" },
    },
    {
      name: "Performance",
      subtitle: `${model} Performance`,
      paragraphs: [
        "Dual motors and all-wheel drive.",
        "0-100km/h from 3.2s.",
        "Up to 300kW of power.",
        "Launch control as standard.",
      ],
      imageUrl: img(`${body}-black-145`),
      imageAlt: `The ${model} Performance at speed`,
      specs: [
        { label: "Maximum power", value: "300kW" },
        { label: "0-100km/h", value: "3.2s" },
        { label: "Drivetrain", value: "AWD" },
      ],
      button: { title: "Search Stock", link: stockSearchHref(model.toLowerCase()), style: "secondary" },
    },
    {
      name: "Technology",
      subtitle: "Intelligent inside",
      paragraphs: ["A 26.3-inch wide screen.", "Over-the-air updates."],
      imageUrl: img(`${body}-grey-35`),
      imageAlt: `The ${model} cabin`,
      specs: [],
      button: null,
    },
  ];
}

function family(baseId: "im5" | "im6", status = "available"): ModelFamily {
  const model = baseId.toUpperCase();
  const body = baseId === "im6" ? "suv" : "sedan";
  const kind = baseId === "im6" ? "Super Intelligent SUV" : "Super Intelligent Sedan";
  return {
    baseId,
    name: model,
    title: `IM ${model}`,
    description: `The ${kind}.`,
    imageUrl: img(`${body}-blue-35`),
    heroImageUrl: img(`${body}-silver-35`),
    status,
    ctas: [
      { title: "Discover more", link: `/models/${baseId}`, style: "primary" },
      { title: "Search Stock", link: stockSearchHref(baseId), style: "outline" },
    ],
    stats: baseId === "im6" ? [{ label: "Range", value: "up to 595km (WLTP)" }] : [],
    banner: {
      eyebrow: "Charging",
      title: "Charge at home or on the road",
      description: "Add 200km of range in 10 minutes on a fast charger.",
      imageUrl: img(`${body}-green-90`),
      imageAlt: `The ${model} charging`,
      button: { title: "View Latest Offers", link: "/special-offers", style: "primary" },
    },
    tabs: tabs(model, body),
  };
}

/** The EV demo tenant's electric-model area as the host serves it (demo values). */
export const MODELS_FIXTURE: ModelsContent = {
  title: "IM electric models",
  slides: [
    {
      imageSrc: img("suv-blue-35"),
      imageAlt: "The IM6 SUV in blue",
      title: "IM6",
      description: "Super Intelligent SUV",
      btn1: { title: "Discover more", link: "/models/im6", style: "primary" },
      btn2: { title: "Search Stock", link: stockSearchHref("im6"), style: "outline" },
    },
    {
      imageSrc: img("sedan-blue-35"),
      imageAlt: "The IM5 sedan in blue",
      title: "IM5",
      description: "Super Intelligent Sedan",
      btn1: { title: "Discover more", link: "/models/im5", style: "primary" },
      btn2: { title: "Search Stock", link: stockSearchHref("im5"), style: "outline" },
    },
  ],
  families: [family("im6"), family("im5", "coming_soon")],
  categories: {
    title: "Explore Our Range",
    cards: [
      { id: "suv", title: "SUV", description: "Room for five.", imageUrl: img("suv-white-35"), href: "/models/im6" },
      { id: "sedan", title: "Sedan", description: "Low and quick.", imageUrl: img("sedan-white-35"), href: "/models/im5" },
      {
        id: "demo",
        title: "Demo cars",
        description: "Drive away sooner.",
        imageUrl: img("suv-grey-35"),
        href: "/search/demo-cars",
      },
      { id: "new", title: "New cars", description: "Order yours.", imageUrl: img("sedan-grey-35"), href: "/search/new-cars" },
      { id: "offers", title: "Offers", description: "This month's deals.", imageUrl: img("suv-red-35"), href: "/special-offers" },
    ],
  },
  scrollingBanner: { text: "Drive away offers on every IM6", href: "/special-offers" },
  ctaTiles: [
    { title: "Book a Service", description: "Servicing by IM-trained technicians.", href: "/service" },
    { title: "Search Our Stock", description: "New and demo IM5 and IM6.", href: "/search/new-used-and-demo-cars" },
    { title: "Book a Test Drive", description: "Feel the difference.", href: "/book-test-drive" },
    { title: "View Latest Offers", description: "Current deals.", href: "/special-offers" },
    { title: "Contact Us", description: "We're here to help.", href: "/contact-us" },
    { title: "Manufacturer warranty", description: "Peace of mind as standard.", href: "/pages/warranty" },
  ],
  bannerStats: [
    { label: "Range", value: "up to 755km" },
    { label: "0-100km/h", value: "from 3.2s" },
    { label: "Drivetrain", value: "RWD/AWD" },
  ],
  compare: { title: "Compare", subtitle: "Find your perfect IM", left: "im5-performance", right: "im5-premium" },
  variants: [],
  colours: [],
};
