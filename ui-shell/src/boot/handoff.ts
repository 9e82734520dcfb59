// What the start script (src/boot/start.ts) hands to the module entry (src/main.tsx): the inline
// data it parsed and the theme it resolved and wrote on <html>. The entry then boots without
// parsing the document again and without the theme code (src/theme/theme.ts loads only on the
// API boot path: vite dev, a static server). Also the page-data lookup every page uses, kept here
// so that pages need none of the parsing code (src/boot/inline.ts). ui-shell/README.md "First load".
import type { CarResponse } from "../api/types";
import type { SearchResponse } from "../search/cards";
import type { Theme } from "../theme/theme";
import type { InlineData } from "./inline";

/** The global the start script writes its {@link StartHandoff} to. */
export const HANDOFF_KEY = "__forecourtStart";

/** What the start script found: the checked inline data and the theme already applied to `<html>`. */
export interface StartHandoff {
  inline: InlineData;
  theme: Theme;
}

type WithHandoff = { [HANDOFF_KEY]?: StartHandoff };

/** Stores the start script's findings for the entry. Takes the handoff and the global object (default `globalThis`). */
export function writeHandoff(handoff: StartHandoff, global: object = globalThis): void {
  (global as WithHandoff)[HANDOFF_KEY] = handoff;
}

/**
 * The start script's findings, when it ran and found usable inline data. Takes the global object
 * (default `globalThis`); returns the handoff, or null (then the entry boots by itself: src/boot/boot.ts).
 */
export function readHandoff(global: object = globalThis): StartHandoff | null {
  const h = (global as WithHandoff)[HANDOFF_KEY];
  return h && typeof h === "object" && h.inline && h.theme ? h : null;
}

/** The page data by route id: exactly the JSON body the shell would otherwise fetch. */
export interface InlinePages {
  /** GET /api/v1/cars/{slug} body. */
  car: CarResponse;
  /** The home page's featured stock: GET /api/v1/search?{featuredAddress} body (src/pages/home/featured.ts). */
  home: SearchResponse;
}

/**
 * The inline page data for a route, when the document was rendered for that exact path and id.
 * Takes the inline data, a route id and the current path; returns the page body typed by id, or
 * undefined (then the page fetches it).
 */
export function inlinePageFor<K extends keyof InlinePages>(
  data: InlineData | null,
  id: K,
  path: string,
): InlinePages[K] | undefined {
  if (!data?.route || data.route.id !== id || data.route.path !== path || data.page == null) return undefined;
  return data.page as InlinePages[K];
}
