// The SRP's count line (docs/features/shopper-core.md §2 "Search results"). The host's count is
// the cards the result shows over all its pages: runs of consecutive sold cars are collapsed to
// their first (§4) and the collapsed cars are not counted (issue 39: "5 found" above 4 cards), so
// the line is the count as given, the same text the server's first paint writes.
import { formatThousands } from "../lib/format";

/**
 * The SRP's count line: `5 Vehicles found`. Takes the count to show (the response's
 * `count_display`) and the vehicle noun; returns the text.
 */
export function countLine(count: number, noun: string): string {
  return `${formatThousands(count)} ${noun} found`;
}
