// The electric-model pages' largest image, asked for as soon as their chunk runs on a first load
// (before React renders them): the hero's first slide on /models, the family's banner image on
// /models/{baseId}. The page's `<img>` then uses the same response (same srcset and sizes).
// ui-shell/README.md "First load"; docs/features/locations-forms-marketing.md §2 "Electric-model marketing area".
import { readHandoff } from "../boot/handoff";
import type { InlineData } from "../boot/inline";
import { imageAt, imageSrcSet } from "../lib/images";
import { isModelsContent } from "./data";
import { familyFor, IMAGE_SIZES } from "./models";

/** An image to preload: its host path and which of {@link IMAGE_SIZES} the page draws it at. */
export interface FirstImage {
  src: string;
  size: keyof typeof IMAGE_SIZES;
}

/**
 * The largest image of the page a document was rendered for: the first slide's image (`hero`)
 * for route id `models`, the family's `heroImageUrl` (else `imageUrl`, at `tab` size) for
 * `model-family`. Takes the inline data and the current path; returns the image, or null (another
 * route or path, no usable content, an unknown family, no image).
 */
export function firstImageOf(inline: InlineData | null, pathname: string): FirstImage | null {
  const route = inline?.route;
  if (!route || route.path !== pathname || inline?.status !== 200 || !isModelsContent(inline.page)) return null;
  if (route.id === "models") {
    const src = inline.page.slides[0]?.imageSrc;
    return src ? { src, size: "hero" } : null;
  }
  if (route.id === "model-family") {
    const family = familyFor(inline.page, route.params.baseId);
    const src = family?.heroImageUrl || family?.imageUrl;
    return src ? { src, size: "tab" } : null;
  }
  return null;
}

/**
 * Adds `<link rel="preload" as="image" fetchpriority="high">` for {@link firstImageOf} the start
 * script's inline data, with the `imagesrcset`/`imagesizes` the page's image will have, unless the
 * document already preloads that set. Takes the document (default the page's); returns true when
 * it added the hint. Does nothing without a document or inline data (tests, the API boot path).
 */
export function preloadFirstImage(doc: Document | undefined = globalThis.document): boolean {
  if (!doc?.head) return false;
  const first = firstImageOf(readHandoff()?.inline ?? null, doc.location?.pathname ?? "");
  if (!first) return false;
  const { widths, sizes } = IMAGE_SIZES[first.size];
  const set = imageSrcSet(first.src, widths);
  const href = imageAt(first.src, widths[widths.length - 1] ?? 960);
  const existing = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
  if (existing.some((l) => (set ? l.getAttribute("imagesrcset") === set : l.getAttribute("href") === href))) return false;
  const link = doc.createElement("link");
  link.setAttribute("rel", "preload");
  link.setAttribute("as", "image");
  link.setAttribute("fetchpriority", "high");
  if (set) {
    link.setAttribute("imagesizes", sizes);
    link.setAttribute("imagesrcset", set);
  }
  link.href = href;
  doc.head.appendChild(link);
  return true;
}
