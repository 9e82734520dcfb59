// The pure logic of the electric-model area (/models, /models/{baseId}): the hero slider's looping
// index, the category carousel's end states, the tab chosen by `?tab=`, the scrolling banner's
// copies, the banner stats, button looks and image sizes.
// Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", §4 "Carousels", tabs,
// "Model status coming_soon", §9 "Hero slider 85vh, loops", "Scrolling banner text repeated 20 times".
import type { ButtonVariant } from "../design/Button";
import type { Cta, ModelFamily, ModelsContent, Stat } from "./types";

/** How many times the scrolling banner's text repeats (§9). */
export const BANNER_REPEAT = 20;

/** The category carousel's title when the content gives none (§2). */
export const DEFAULT_CATEGORIES_TITLE = "Explore Our Range";

/** The scrolling banner's target when the content gives none (§2 routes: /special-offers). */
export const DEFAULT_BANNER_HREF = "/special-offers";

/** The model banner's stats when neither the family nor the content gives any (§2). */
export const DEFAULT_BANNER_STATS: readonly Stat[] = [
  { label: "Range", value: "up to 755km" },
  { label: "0-100km/h", value: "from 3.2s" },
  { label: "Drivetrain", value: "RWD/AWD" },
];

/** Horizontal distance (CSS px) a touch must travel to count as a swipe on the hero slider. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The slide index after moving to `index` on a looping slider of `count` slides (§9 "Hero slider
 * ... loops"): next from the last is the first, previous from the first is the last. Takes any
 * integer index and the slide count; returns an index in `0..count-1` (0 when there are no slides).
 */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  const i = Math.trunc(index);
  return ((i % count) + count) % count;
}

/** Where a horizontally scrolling carousel is: at its start, at its end, or both (everything fits). */
export interface CarouselEnds {
  atStart: boolean;
  atEnd: boolean;
}

/**
 * The end states of a scrolling carousel, for disabling previous at the start and next at the end
 * (§4 "Carousels: previous/next disabled at the ends"). Takes the scroller's `scrollLeft`,
 * `scrollWidth` and `clientWidth` (CSS px) and a tolerance for sub-pixel scrolling (default 2 px);
 * returns {@link CarouselEnds} (both true when nothing overflows).
 */
export function carouselEnds(
  { scrollLeft, scrollWidth, clientWidth }: { scrollLeft: number; scrollWidth: number; clientWidth: number },
  tolerance = 2,
): CarouselEnds {
  const max = Math.max(0, scrollWidth - clientWidth);
  const at = Math.min(max, Math.max(0, Math.abs(scrollLeft)));
  return { atStart: at <= tolerance, atEnd: at >= max - tolerance };
}

/**
 * The direction of a touch swipe on the hero slider. Takes the horizontal travel (end x minus
 * start x, CSS px) and the threshold (default {@link SWIPE_THRESHOLD_PX}); returns +1 (next: a
 * swipe to the left), -1 (previous: to the right) or 0 (too short).
 */
export function swipeStep(dx: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (dx <= -threshold) return 1;
  if (dx >= threshold) return -1;
  return 0;
}

/**
 * The index of the tab selected on a family page (§2 "Tabbed content block"): the tab whose name
 * matches the `tab` query parameter case-insensitively (surrounding spaces ignored), else the first.
 * Takes the tabs (only `name` is read) and the parameter (null when absent); returns an index
 * (0 when there are no tabs or nothing matches).
 */
export function tabIndexFor(tabs: readonly { name: string }[], tab: string | null | undefined): number {
  const want = tab?.trim().toLowerCase();
  if (!want) return 0;
  const i = tabs.findIndex((t) => t.name.trim().toLowerCase() === want);
  return i < 0 ? 0 : i;
}

/**
 * A stable DOM-safe id for a tab from its name and index, e.g. `performance` for "Performance"
 * (`tab-2` for a name with no letters or digits). Takes the name and index; returns the id.
 */
export function tabId(name: string, index: number): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug ? `${slug}-${index}` : `tab-${index}`;
}

/**
 * The scrolling banner's copies (§9 "Scrolling banner text repeated 20 times"). Takes the text and
 * the count (default {@link BANNER_REPEAT}); returns `count` copies of the trimmed text (none when
 * the text is blank or the count is not positive).
 */
export function repeatBanner(text: string, count = BANNER_REPEAT): string[] {
  const t = text.trim();
  if (!t || !(count > 0)) return [];
  return Array.from({ length: Math.floor(count) }, () => t);
}

/**
 * The model family of a `/models/{baseId}` page. Takes the content and the path's baseId (matched
 * exactly, as the data's ids are lower case: `im5`, `im6`); returns the family, or undefined (the
 * page is then a 404).
 */
export function familyFor(content: ModelsContent, baseId: string | undefined): ModelFamily | undefined {
  if (!baseId) return undefined;
  return content.families.find((f) => f.baseId === baseId);
}

/**
 * The model banner's stats (§2 "Banner for a vehicle model ... default stats"): the family's own,
 * else the content's `bannerStats`, else {@link DEFAULT_BANNER_STATS}. Takes the family and the
 * content; returns the stats.
 */
export function bannerStatsFor(family: ModelFamily, content: ModelsContent): readonly Stat[] {
  if (family.stats.length > 0) return family.stats;
  if (content.bannerStats.length > 0) return content.bannerStats;
  return DEFAULT_BANNER_STATS;
}

/**
 * The design system's button variant for a CTA's `style`: `primary` filled, `secondary` and
 * `outline` outlined; anything else primary. Takes the CTA; returns the variant.
 */
export function ctaVariant(cta: Pick<Cta, "style">): ButtonVariant {
  return cta.style === "secondary" || cta.style === "outline" ? "secondary" : "primary";
}

/** True when a family shows the Coming Soon badge (§4 "Model status coming_soon"). */
export function isComingSoon(family: Pick<ModelFamily, "status">): boolean {
  return family.status === "coming_soon";
}

/** The stock search of a model family (§2 routes: /search/new-used-and-demo-cars?query={baseId}). */
export function stockSearchHref(baseId: string): string {
  return `/search/new-used-and-demo-cars?query=${encodeURIComponent(baseId)}`;
}

/**
 * Image widths (CSS px, on the host's ladder) and `sizes` for each picture of the area. The demo
 * illustrations are 960 px wide and the host never enlarges, so nothing asks for more.
 */
export const IMAGE_SIZES = {
  /** The hero slider and full-screen banners: the whole width. */
  hero: { widths: [640, 800, 960], sizes: "100vw" },
  /** Model cards: one column on phones, two from 768 px in a 1200 px container. */
  card: { widths: [400, 640, 800, 960], sizes: "(max-width: 767px) calc(100vw - 2rem), (max-width: 1232px) 50vw, 600px" },
  /** Category cards: most of a phone's width, 300 px above. */
  category: { widths: [320, 400, 640], sizes: "(max-width: 599px) 80vw, 300px" },
  /** A tab's image: the whole width on phones, half above. */
  tab: { widths: [400, 640, 800, 960], sizes: "(max-width: 899px) calc(100vw - 2rem), 600px" },
} as const;

/** The intrinsic size written on every image (the demo illustrations' 3:2), so boxes reserve their space. */
export const IMAGE_BOX = { width: 960, height: 640 } as const;
