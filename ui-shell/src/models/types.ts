// Wire types of the host's content API for the electric-model area: the body of
// GET /api/v1/content/models (`ModelsContent`), also inlined as `page` in the documents of the
// `models`, `models-compare` and `model-family` routes. Shapes are fixed by the host
// (docs/features/platform.md "Marketing and content pages"); src/api/schema.d.ts will carry them
// once regenerated from the host's OpenAPI document.
// Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", §3 Slide, Category card,
// Model variant, Colour.

/** A call-to-action button: label, target path and look (`primary` | `secondary` | `outline`). */
export interface Cta {
  title: string;
  link: string;
  style: string;
}

/** A label/value pair, e.g. `{ label: "Range", value: "up to 755km" }`. */
export interface Stat {
  label: string;
  value: string;
}

/** One hero slide (§3 Slide): image (a host path), text and its two buttons. */
export interface Slide {
  imageSrc: string;
  imageAlt: string;
  title: string;
  description: string;
  btn1: Cta;
  btn2: Cta;
}

/** One tab of a family's tabbed content block (§2): up to 4 paragraphs, image, specs, a button. */
export interface ModelTab {
  name: string;
  subtitle: string;
  /** At most 4. */
  paragraphs: string[];
  imageUrl: string;
  imageAlt: string;
  specs: Stat[];
  button: Cta | null;
}

/** The full-screen image banner of a family page (§2): eyebrow, title, description, button. */
export interface ImageBanner {
  eyebrow: string;
  title: string;
  description: string;
  imageUrl: string;
  imageAlt: string;
  button: Cta | null;
}

/** A model family (im5, im6): card, banner and tabbed content. */
export interface ModelFamily {
  /** `im5` | `im6`; the `/models/{baseId}` segment and the stock search query. */
  baseId: string;
  name: string;
  title: string;
  description: string;
  imageUrl: string;
  heroImageUrl: string;
  /** `available` | `coming_soon` (§4 "Model status coming_soon shows a Coming Soon badge"). */
  status: string;
  ctas: Cta[];
  /** The banner's stats; empty: the content's `bannerStats`. */
  stats: Stat[];
  banner: ImageBanner | null;
  tabs: ModelTab[];
}

/** A category card (§3): id, title, description, image (a host path) and target. */
export interface CategoryCard {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  href: string;
}

/** A call-to-action tile (Book a Service, Search Our Stock, ...). */
export interface Tile {
  title: string;
  description: string;
  href: string;
}

/** A model variant of the compare screen (§3 Model variant). */
export interface ModelVariant {
  id: string;
  baseId: string;
  name: string;
  dimensions: {
    length: string;
    width: string;
    height: string;
    wheelbase: string;
    grossVehicleMass: string;
    dragCoefficient: string;
  };
  performance: {
    drivetrain: string;
    maximumPower: string;
    maximumTorque: string;
    zeroToHundred: string;
    drivingRange: string;
    wheels: string;
    turningRadius: string;
  };
  features: { name: string; value: string }[];
}

/** A colour of a variant (§3 Colour, embedded statically). */
export interface Colour {
  id: string;
  hexCode: string | null;
  name: string;
  colourCode: string | null;
  model_variant_id: string;
  model_id: string;
  oem_id: string;
  created_at: string;
  source: string;
  image_url: string | null;
  model_variant: { id: string; name: string };
}

/** The body of GET /api/v1/content/models (404 on tenants without the electric-model area). */
export interface ModelsContent {
  title: string;
  slides: Slide[];
  families: ModelFamily[];
  /** `title` defaults to "Explore Our Range" on the host. */
  categories: { title: string; cards: CategoryCard[] };
  /** `href` defaults to "/special-offers" on the host. */
  scrollingBanner: { text: string; href: string };
  ctaTiles: Tile[];
  /** The model banner's default stats (range up to 755km, 0-100km/h from 3.2s, RWD/AWD). */
  bannerStats: Stat[];
  compare: { title: string; subtitle: string; left: string; right: string };
  variants: ModelVariant[];
  colours: Colour[];
}
