// The React side of the slug tables (./slug.ts): re-render a component once the transliteration
// tables it needs have loaded. Kept apart from ./slug.ts so the first-paint start script, which
// reaches slug.ts, never bundles React.

import { useEffect, useState } from "react";
import { isAscii, loadSlugTables, slugTablesLoaded } from "./slug";

/**
 * Loads the transliteration tables when any of `labels` is not ASCII, and renders the calling
 * component again once they are there, so the slugs it built from those labels are exact. Takes the
 * labels the component slugifies; returns nothing. A failed load is ignored (the interim slugs stay).
 */
export function useSlugTables(labels: readonly string[]): void {
  const needed = !slugTablesLoaded() && !labels.every(isAscii);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (needed)
      loadSlugTables().then(
        () => setLoaded(true),
        () => undefined,
      );
  }, [needed]);
}
