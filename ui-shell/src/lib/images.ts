// Image addresses through the host image endpoint (`/img/{path}?w={px}&q={1-100}`), which resizes,
// picks AVIF or WebP by the Accept header and caches on disk (docs/features/platform.md
// "Search results page", docs/features/platform.md "Vehicle detail page"). Car image URLs in the
// API are either host paths starting with `/img/` (resizable) or absolute URLs of an external photo
// host (used as they are, with no srcset).

/** Card widths in CSS px (docs/features/shopper-core.md §2 card sizes 250x120, 400x300, 500x300). */
export const CARD_WIDTHS = [250, 400, 500] as const;

/** `sizes` for a results-grid card: one column on phones, two on tablets, three above. */
export const CARD_SIZES = "(max-width: 599px) 100vw, (max-width: 959px) 50vw, 400px";

/** VDP gallery widths in CSS px. */
export const GALLERY_WIDTHS = [640, 960, 1280, 1600] as const;

/** `sizes` for the VDP main image: the full width on phones, about two thirds of the page above. */
export const GALLERY_SIZES = "(max-width: 959px) 100vw, 66vw";

/** Home hero image widths in CSS px (host `seo::HOME_HERO_WIDTHS`: its preload matches). */
export const HOME_HERO_WIDTHS = [480, 640, 960] as const;

/** `sizes` for the home hero image: the full width on phones and tablets, half the page above. */
export const HOME_HERO_SIZES = "(max-width: 899px) 100vw, 50vw";

/** Default JPEG/WebP/AVIF quality the host uses when `q` is absent. */
export const DEFAULT_QUALITY = 75;

/** True when `url` is served by the host image endpoint (and so takes `w` and `q`). */
export function isHostImage(url: string): boolean {
  return url.startsWith("/img/");
}

/**
 * The URL of `url` resized to `width` CSS px at `quality` (1-100). Takes a car image URL; returns it
 * with `?w=&q=` for host images (replacing any `w`/`q` it had: the API's `thumb_url` comes with
 * `?w=160`, and the host answers 400 to a repeated parameter), unchanged for external ones and for
 * SVG placeholders.
 */
export function imageAt(url: string, width: number, quality: number = DEFAULT_QUALITY): string {
  if (!isHostImage(url)) return url;
  const [path = url, query = ""] = url.split("?", 2);
  if (path.endsWith(".svg")) return url;
  const kept = query.split("&").filter((p) => p !== "" && !/^[wq]=/.test(p));
  const base = kept.length > 0 ? `${path}?${kept.join("&")}` : path;
  return `${base}${kept.length > 0 ? "&" : "?"}w=${Math.round(width)}${quality === DEFAULT_QUALITY ? "" : `&q=${Math.round(quality)}`}`;
}

/**
 * A `srcset` for `url` at `widths` (CSS px), e.g. `/img/a.jpg?w=250 250w, /img/a.jpg?w=400 400w`.
 * Returns undefined for external URLs and SVGs (one source, no set).
 */
export function imageSrcSet(url: string, widths: readonly number[], quality: number = DEFAULT_QUALITY): string | undefined {
  if (!isHostImage(url) || url.endsWith(".svg")) return undefined;
  return widths.map((w) => `${imageAt(url, w, quality)} ${w}w`).join(", ");
}

/**
 * The body-type placeholder (an SVG the host serves) for a car with no photo. Takes the car's
 * simple_body (e.g. `SUV`, `People Mover`, null); returns `/img/placeholder/{slug}.svg`
 * (`suv`, `people-mover`, or `car` when unknown).
 */
export function placeholderImage(simpleBody: string | null | undefined): string {
  const slug = (simpleBody ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `/img/placeholder/${slug || "car"}.svg`;
}
