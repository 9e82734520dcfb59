// The VDP's Share action, loaded on the first click (not on the first load). Fave uses the site's
// favourites module shared with the search cards (src/search/favourites.ts).
// Spec: docs/features/shopper-core.md §2 "Share (copies the URL)".

/** Copies `url` to the clipboard. Takes the URL; resolves true when copied, false when the browser refused. */
export async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}
