// The SRP's count line and the sold cars a page leaves out (docs/features/shopper-core.md §4
// "runs of consecutive sold cars collapsed to their first"; issue 25: "5 Vehicles found" above 3
// cards).
import { formatThousands } from "../lib/format";
import type { SearchResponse } from "./cards";

/**
 * How many sold cars this page does not show because runs of consecutive sold cars are collapsed
 * to their first (docs/features/shopper-core.md §4): the cars the page should hold (a full page,
 * or what is left on the last one) minus the cars it has. Takes the search response (count,
 * page, hits per page, hits); returns the number hidden (0 or more).
 */
export function groupedSold(r: Pick<SearchResponse, "count" | "page" | "hits_per_page" | "hits">): number {
  const per = Math.max(1, r.hits_per_page);
  const expected = Math.max(0, Math.min(per, r.count - (r.page - 1) * per));
  return Math.max(0, expected - r.hits.length);
}

/**
 * The SRP's count line: `5 Vehicles found`, and when collapsed sold runs hide cars on this page,
 * says so (`5 Vehicles found, 2 sold not shown`) so the number matches what the shopper can
 * count (issue 25). Takes the count to show, the vehicle noun and the number hidden; returns the text.
 */
export function countLine(count: number, noun: string, hidden: number): string {
  const found = `${formatThousands(count)} ${noun} found`;
  return hidden > 0 ? `${found}, ${formatThousands(hidden)} sold not shown (sold cars in a row are shown once)` : found;
}
