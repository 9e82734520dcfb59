// The contract between the shell and a template remote (ui-plugins/<template>): the modules a remote
// exposes and the props the shell passes them. Remotes import these types with
// `import type { ... } from "@forecourt/ui-shell/contract"` (types only: nothing is bundled).
//
// Props are display-ready view models built by the shell from the host's answers (search cards:
// `hitCardProps` in src/search/cards.ts; the VDP sidebar: `sidebarProps` in src/vdp/sidebar.ts;
// header, footer and home hero: src/lib/views.ts): the host and the shell own the spec's rules
// (price display, phone format, tag priority, wording); a remote owns the look.
// Links are plain `<a href>`: the shell turns same-origin clicks into client-side navigation.
// ARCHITECTURE.md "UI"; docs/features/shopper-core.md §2; docs/features/locations-forms-marketing.md §2 "Navigation".

import type { ComponentType, ReactNode } from "react";

/** The modules every template remote exposes (`./SearchCard` etc.), each with a default export. */
export const REMOTE_MODULES = ["SearchCard", "VdpSidebar", "HomeHero", "SiteHeader", "SiteFooter"] as const;

/** One of {@link REMOTE_MODULES}. */
export type RemoteModuleName = (typeof REMOTE_MODULES)[number];

/** A link: `href` is a site path (`/finance`), an absolute URL, or `tel:` / `sms:`. */
export interface LinkView {
  label: string;
  href: string;
}

/** A call to action; `emphasis` picks the primary (filled) or secondary (outlined) look. */
export interface ActionView extends LinkView {
  emphasis: "primary" | "secondary";
  /** Stable id for tests and analytics, e.g. `finance`, `enquire`, `call`. */
  id: string;
  /** Open in a new tab (`target="_blank"`), e.g. Print and Car History Report. */
  newTab?: boolean;
  /**
   * Called on click instead of following `href` (the remote calls `preventDefault` first), e.g.
   * Share (copies the link) and Fave (toggles the favourite); `href` stays a working fallback.
   */
  onSelect?: () => void;
  /** For toggles (Fave): whether it is on; rendered as `aria-pressed`. */
  pressed?: boolean;
}

/** A phone number ready to show (`02 5550 0101`) and dial (`tel:0255500101`), with what it is for. */
export interface PhoneLinkView {
  /** e.g. `New cars`, `Used cars`, `Service`. */
  label: string;
  display: string;
  href: string;
}

/**
 * How a price shows (docs/features/shopper-core.md §4 "Price display"): `price` ($82,990), `was_now` (with `was`),
 * `subscription` ($199/wk), `preorder` (PREORDER) or `no_price` (the tenant's text).
 */
export interface PriceView {
  kind: "price" | "was_now" | "subscription" | "preorder" | "no_price";
  /** The headline text, e.g. `$82,990`, `PREORDER`, `Enquire for price`. */
  text: string;
  /** Previous price on `was_now`, e.g. `$89,990`. */
  was?: string;
  /** Price type, e.g. `Drive Away`, `Excl. Govt. Charges`. */
  typeLabel?: string;
}

/** A label/value pair, e.g. `{label: "Odometer", value: "8 kms"}`. */
export interface FactView {
  label: string;
  value: string;
}

/**
 * A card's image ready for `<img>` (docs/features/platform.md "Search results page"): the host
 * image endpoint's `srcset`/`sizes` for resizable photos, the body-type placeholder SVG when the
 * car has no photo; `eager` loading for the first row of results (`fetchPriority` `high` on the
 * very first), `lazy` below.
 */
export interface CardImageView {
  src: string;
  /** e.g. `/img/a.jpg?w=250 250w, /img/a.jpg?w=400 400w`; absent for external photos and SVGs. */
  srcSet?: string;
  /** e.g. `(max-width: 599px) 100vw, 400px`; set with `srcSet`. */
  sizes?: string;
  /** Intrinsic size in CSS px (aspect ratio 4:3), so the card does not shift while it loads. */
  width: number;
  height: number;
  loading: "eager" | "lazy";
  fetchPriority?: "high";
  /** True for the body-type placeholder (no photo yet). */
  placeholder: boolean;
}

/** A car on a search card (docs/features/shopper-core.md §2 "Search results"). */
export interface CarCardView {
  slug: string;
  /** `/cars/{slug}`. */
  href: string;
  /** `year make model`, e.g. `2021 Mercedes-Benz GLC-Class`. */
  title: string;
  /** Badge and series, e.g. `GLC 300 4MATIC`; empty when unknown. */
  subtitle: string;
  /** Primary image URL, or null when the car has no photos. */
  imageUrl: string | null;
  /**
   * Card tag (docs/features/shopper-core.md §4 "Card tag priority"), e.g. `Just Arrived`, `JUST SOLD`; null for none.
   */
  tag: string | null;
  /** Attribute chips, e.g. `["8 kms", "Automatic", "Petrol", "SUV"]`. */
  chips: string[];
  price: PriceView;
  /** `new`, `demo` or `used`. */
  carType: string;
  /** In stock or coming soon (otherwise the sold view shows). */
  available: boolean;
  /** Where the car is, e.g. `Drummoyne NSW`; empty when unknown. */
  place: string;
  /** The image to show (srcset, loading priority, placeholder); when absent, use `imageUrl`. */
  image?: CardImageView;
  /** What the tag means (`ev`, `reserved`, `sold`, `just_arrived`...), for its colour; absent when unknown. */
  tagKind?: string;
  /** The tag as an image (certified pre-owned badge), with `tag` as its alt text. */
  tagImageUrl?: string;
  /**
   * The drive-away estimate's line under the price, e.g. `≈ $48,321 drive-away in NSW` (issue 26):
   * only for cars whose advertised price is not drive-away; absent otherwise. Render it with the
   * kit's `DriveAwayLine` (class `fc-card-drive-away`, styled by the shell).
   */
  driveAway?: string;
}

/** Props of `SearchCard`: one car in the results grid plus its buttons (View Details, finance...). */
export interface SearchCardProps {
  card: CarCardView;
  actions: ActionView[];
  /** Shell-owned controls the card places over its image (favourite and compare toggles); absent when off. */
  controls?: ReactNode;
}

/**
 * A car's tag as the tag-rules plugin decided it (docs/features/shopper-core.md §4 "Card tag priority"), e.g.
 * `{kind: "coming_soon", text: "COMING SOON"}`; `imageUrl` replaces the text (certified pre-owned).
 */
export interface TagView {
  /** `ev`, `hybrid`, `reserved`, `certified_pre_owned`, `custom`, `coming_soon`, `just_arrived`, `sold`. */
  kind: string;
  text: string;
  imageUrl: string | null;
}

/** A key fact shown with an icon on the VDP sidebar: odometer (`km`), `transmission` or `body`. */
export interface IconFactView extends FactView {
  icon: "km" | "transmission" | "body";
}

/** Props of `VdpSidebar` (docs/features/shopper-core.md §2 "Vehicle detail page" sidebar). */
export interface VdpSidebarProps {
  /** `year make model`. */
  title: string;
  /** Badge and series; empty when unknown. */
  subtitle: string;
  price: PriceView;
  /** Key facts in display order: odometer, transmission, body, fuel, engine, colour, stock number. */
  facts: FactView[];
  /** Buttons: Enquire Now, finance, trade-in...; sold cars get Find Me Something Similar instead. */
  actions: ActionView[];
  /** The number to call for this car type, or null. */
  phone: PhoneLinkView | null;
  /** The car's location, linking to its page; null when unknown. */
  location: LinkView | null;
  /** False when the car is sold: show the SOLD notice (docs/features/shopper-core.md §2). */
  available: boolean;
  /** Page views, shown as a count; 0 hides it. */
  views: number;
  /** The car's tag (COMING SOON, JUST SOLD, EV...), or null/absent for none. */
  tag?: TagView | null;
  /** Reduced-price note under a was/now price, e.g. `Reduced by $7,000`; absent otherwise. */
  priceNote?: string;
  /** Odometer, transmission and body with icons (docs/features/shopper-core.md §2 "icons (km, transmission, body)"). */
  highlights?: IconFactView[];
  /**
   * The weekly finance teaser (docs/features/shopper-core.md §2 sidebar): the remote renders it inside an element
   * marked `data-fc-slot="finance-teaser"`, always present (empty until the finance widget fills it).
   */
  financeTeaser?: ReactNode;
}

/** Props of `HomeHero`: the top of the home page. */
export interface HomeHeroProps {
  siteName: string;
  /** e.g. `Find your next Mercedes-Benz`. */
  headline: string;
  /** e.g. `New, demo and used vehicles in Drummoyne NSW`. */
  subheadline: string;
  /** Search entry points: all stock, new, used, demo... */
  searchLinks: LinkView[];
  /** Dealer-group statistics (docs/features/shopper-core.md §1: 50+ locations...), empty for single dealers. */
  stats: FactView[];
  /** The main call to action (search all stock). */
  primaryAction: ActionView;
  /**
   * The hero's picture: the first featured car of the site's own stock (src/pages/home/featured.ts),
   * linking to its page; absent or null while there is none (the hero is text only, and keeps its
   * height: templates reserve the picture's box from `width`/`height`).
   */
  image?: HeroImageView | null;
}

/** The home hero's picture: a car from the site's stock, ready for `<img>`, with its link and caption. */
export interface HeroImageView {
  src: string;
  /** Host image endpoint `srcset` (absent for external photos and SVGs). */
  srcSet?: string;
  /** `sizes` to go with `srcSet`. */
  sizes?: string;
  /** Intrinsic size in CSS px (3:2), so nothing shifts while it loads. */
  width: number;
  height: number;
  /** e.g. `2021 Mercedes-Benz GLC-Class`. */
  alt: string;
  /** The car's page, e.g. `/cars/2021-mercedes-benz-glc-class-hm10570`. */
  href: string;
  /** e.g. `2021 Mercedes-Benz GLC-Class, $62,990`: the car and the price the site shows. */
  caption: string;
}

/** Props of `SiteHeader` (docs/features/locations-forms-marketing.md §2 "Navigation" header). */
export interface SiteHeaderProps {
  siteName: string;
  /** Logo image URL, or null to show the name as a word mark. */
  logoUrl: string | null;
  /** Main menu: Stock, Finance, Service, Offers, Locations... */
  nav: LinkView[];
  /** Phone numbers per car type (docs/features/shopper-core.md §9 "configured per tenant and per car type"). */
  phones: PhoneLinkView[];
  /**
   * The shell's main menu (docs/features/platform.md "Locations, offers and navigation": the mega
   * menu, its dropdowns and the mobile drawer, a `<nav aria-label="Main">` of its own). When
   * present, render it where `nav` would go, instead of `nav` (which stays the list a template
   * without this slot shows). Its colours follow `--fc-menu-bg` and `--fc-menu-fg` when the
   * template sets them on a wrapper (default: inherit).
   */
  menu?: ReactNode;
}

/** A location in the footer: name, address lines, phone, link to its page. */
export interface FooterLocationView {
  name: string;
  /** e.g. `["2 Wharf Parade", "Drummoyne NSW 2047"]`. */
  addressLines: string[];
  phone: PhoneLinkView | null;
  /** `/locations/{slug}`. */
  href: string;
  /** `sales`, `service`, `parts`... */
  type: string;
}

/** Props of `SiteFooter` (docs/features/locations-forms-marketing.md §2 "Footer"). */
export interface SiteFooterProps {
  siteName: string;
  locations: FooterLocationView[];
  /** Footer menus: Buyer Tools, Service & Parts, About... */
  columns: { title: string; links: LinkView[] }[];
  /** e.g. `© 2026 Harbourside Mercedes-Benz`. */
  legal: string;
}

/** Props of each exposed module, by name. */
export interface RemoteProps {
  SearchCard: SearchCardProps;
  VdpSidebar: VdpSidebarProps;
  HomeHero: HomeHeroProps;
  SiteHeader: SiteHeaderProps;
  SiteFooter: SiteFooterProps;
}

/** What `loadRemote("<remote>/<Module>")` resolves to: an ES module whose default export is the component. */
export interface RemoteModule<P> {
  default: ComponentType<P>;
}

/**
 * Every remote component's root element carries these attributes so the shell's tests (and
 * analytics) can tell which implementation rendered: `data-fc-component="SiteHeader"` and
 * `data-fc-template="classic"` (the shell's own defaults use `data-fc-template="shell"`).
 */
export interface RemoteRootAttributes {
  "data-fc-component": RemoteModuleName;
  "data-fc-template": string;
}
