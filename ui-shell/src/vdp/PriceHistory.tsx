// The VDP's price history and freshness lines (docs/features/platform.md "Price history and
// freshness"; issue 26 item 4): "Price reduced by $1,000 on 12 Nov" from the host's `price_drop`
// (present only when the tenant sets `vdp.show_price_reduced`, the drop is recent and the car
// still has that price) and "In stock, confirmed 3 hours ago" from `confirmed_at` (the last feed
// import that listed the car). Dates are in the tenant's time zone (Intl.DateTimeFormat), the
// age in words by Intl.RelativeTimeFormat; the host decides what shows, the shell only formats.
import type { CarResponse, PriceDrop } from "../api/types";
import { formatMoney } from "../lib/format";
import "./PriceHistory.css";

/**
 * The drop line, e.g. "Price reduced by $1,000 on 12 Nov" ("on 12 Nov 2025" when the drop was in
 * another year than `now`). Takes the drop (dollars, unix seconds), the IANA time zone the date is
 * read in and the current instant; returns the text.
 */
export function reducedText(drop: PriceDrop, timeZone: string, now: Date): string {
  const at = new Date(drop.at * 1000);
  const year = (d: Date) => new Intl.DateTimeFormat("en-AU", { timeZone, year: "numeric" }).format(d);
  const date = new Intl.DateTimeFormat("en-AU", {
    timeZone,
    day: "numeric",
    month: "short",
    ...(year(at) === year(now) ? {} : { year: "numeric" }),
  }).format(at);
  return `Price reduced by ${formatMoney(drop.amount)} on ${date}`;
}

/** Seconds per unit, largest first: the age is said in the largest unit it holds once. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/**
 * How long ago `at` was, in words: "3 hours ago", "yesterday", "5 minutes ago"; "just now" under a
 * minute (and for a time ahead of `now`, a clock skew). Takes unix seconds and the current
 * instant; returns the text (Intl.RelativeTimeFormat, en-AU, whole units rounded down).
 */
export function agoText(at: number, now: Date): string {
  const secs = Math.floor(now.getTime() / 1000) - at;
  const rtf = new Intl.RelativeTimeFormat("en-AU", { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (secs >= size) return rtf.format(-Math.floor(secs / size), unit);
  }
  return "just now";
}

/**
 * The freshness line, "In stock, confirmed 3 hours ago", for a car in stock that a feed listed;
 * null otherwise (coming soon, sold, or never listed by a feed). Takes the car's status,
 * `confirmed_at` (unix seconds or null) and the current instant; returns the text or null.
 */
export function confirmedText(status: string, confirmedAt: number | null | undefined, now: Date): string | null {
  if (status !== "in_stock" || confirmedAt == null) return null;
  return `In stock, confirmed ${agoText(confirmedAt, now)}`;
}

/** Props of {@link PriceHistory}: the car response, the tenant's time zone and (for tests) the clock. */
export interface PriceHistoryProps {
  res: Pick<CarResponse, "car" | "price_drop" | "confirmed_at">;
  /** IANA time zone of the tenant (e.g. `Australia/Brisbane`). */
  timeZone: string;
  /** The current instant (default: now). */
  now?: Date;
}

/**
 * The price history and freshness lines under the VDP sidebar; renders nothing when there is
 * neither a drop to show nor a feed confirmation. Takes {@link PriceHistoryProps}.
 */
export function PriceHistory({ res, timeZone, now = new Date() }: PriceHistoryProps) {
  const drop = res.price_drop ?? null;
  const confirmed = confirmedText(res.car.status, res.confirmed_at, now);
  if (!drop && !confirmed) return null;
  return (
    <div className="fc-price-history" data-fc-price-history="">
      {drop ? (
        <p className="fc-price-history__drop" data-price-drop="">
          {reducedText(drop, timeZone, now)}
        </p>
      ) : null}
      {confirmed ? (
        <p className="fc-price-history__confirmed" data-confirmed="">
          <time dateTime={new Date((res.confirmed_at ?? 0) * 1000).toISOString()}>{confirmed}</time>
        </p>
      ) : null}
    </div>
  );
}
