// The platform's one slug rule, the same as the host's `slugify` (host/src/slug.rs): make, model
// and body crumbs and links, and name comparisons by slug, all go through `slugify` so a link the
// UI writes resolves on the host and a slug the host wrote matches here.
//
// The transliteration tables (the `any-ascii` package, 546 kB, 215 kB gzip) are a chunk of their
// own, loaded only when a non-ASCII label is slugified (`loadSlugTables`): a static import put
// them on every page's first load. ASCII labels, almost all makes and models, need no tables.
// This module imports no React: the first-paint start script (src/boot/start.ts, built without
// React's `process.env` define) reaches it through src/search/route.ts. The React hook that
// re-renders once the tables arrive is `useSlugTables` in ./useSlugTables.ts.

/** A character outside 7-bit ASCII: a label with one needs the transliteration tables. */
const NON_ASCII = /[^\p{ASCII}]/u;

let transliterate: ((s: string) => string) | null = null;
let loading: Promise<void> | null = null;

/**
 * Whether a label is 7-bit ASCII (then {@link slugify} needs no tables). Takes the label; returns
 * true for ASCII (and "").
 */
export function isAscii(label: string): boolean {
  return !NON_ASCII.test(label);
}

/** Whether the transliteration tables are loaded (then {@link slugify} is exact for any label). */
export function slugTablesLoaded(): boolean {
  return transliterate !== null;
}

/**
 * Loads the transliteration tables (`any-ascii` 0.3.3, the same project and tables as the host's
 * `any_ascii` crate) once. Takes nothing; resolves when {@link slugify} is exact for every label.
 * Errors: rejects when the chunk fails to load (a later call tries again).
 */
export function loadSlugTables(): Promise<void> {
  loading ??= import("any-ascii").then(
    (m) => {
      transliterate = m.default;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/**
 * The URL slug of a label: transliterated to ASCII with `any-ascii` ("Citroën" -> "Citroen",
 * "Straße" -> "Strasse"), lower-cased, every run of characters other than `[a-z0-9]` turned into
 * one `-`, none at either end: `"2019 Mercedes-Benz  C-Class+ HM1"` -> `"2019-mercedes-benz-c-class-hm1"`.
 * Takes any label (make, model, body, location name...); returns the slug, `""` for a label with
 * no letters or digits. Never throws. Exact for ASCII labels, and for every label once
 * {@link loadSlugTables} has resolved; before that a non-ASCII label starts the load and gets an
 * interim fold (accents dropped by NFKD: right for "Citroën" or "Škoda", not for "Straße" or
 * non-Latin scripts), so callers that render such labels await the tables first.
 */
export function slugify(label: string): string {
  let ascii = label;
  if (!isAscii(label)) {
    if (transliterate) ascii = transliterate(label);
    else {
      loadSlugTables().catch(() => undefined);
      ascii = label.normalize("NFKD").replace(/\p{M}+/gu, "");
    }
  }
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
