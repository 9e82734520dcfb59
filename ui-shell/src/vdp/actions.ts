// The VDP's Share and Fave actions, loaded on the first click (not on the first load). Fave uses
// the site's favourites list shared with the search cards (src/search/favourites.ts).
// Spec: shopper-core §2 "Share (copies the URL)", "Fave"; §3 "Favourite entry (kept in local storage per site)".
import type { CarResponse } from "../api/types";
import { toggleFavourite } from "../search/favourites";

/**
 * Adds the car to the site's favourites, or removes it when it is there. Takes the car response;
 * returns whether it is a favourite now.
 */
export function toggleCarFavourite(res: CarResponse): boolean {
  const c = res.car;
  return toggleFavourite({
    id: c.id,
    name: res.name,
    slug: c.slug,
    make: c.make,
    model: c.model,
    primary_image_url: res.primary_image_url ?? null,
  });
}

/** Copies `url` to the clipboard. Takes the URL; resolves true when copied, false when the browser refused. */
export async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}
