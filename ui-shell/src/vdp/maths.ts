// The VDP's pure rules: the sales counter, spin frame maths, share links, specification rows,
// video embeds, directions and the location overlay. No React, no DOM: unit-tested in maths.test.ts.
// Spec: docs/features/shopper-core.md §2 "Vehicle detail page", §4, §5, §9.
import type { Car } from "../api/types";
import type { FactView } from "../contract";
import { formatKm } from "../lib/format";

/**
 * Spin: pixels of horizontal drag per frame (docs/features/shopper-core.md §9 "movement sensitivity 20 px per frame").
 */
export const SPIN_PX_PER_FRAME = 20;
/** Spin: auto-rotate interval, ms (docs/features/shopper-core.md §9 "auto-rotate interval 100 ms"). */
export const SPIN_INTERVAL_MS = 100;
/** Sales counter refresh, ms (docs/features/shopper-core.md §9 "recomputed every 150 seconds"). */
export const SALES_COUNTER_MS = 150_000;
/** Share window size, px (docs/features/shopper-core.md §9 "Share window 550x400"). */
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

let brisbane: Intl.DateTimeFormat | null = null;

/**
 * The why-buy sales counter (docs/features/shopper-core.md §9): in Brisbane time, day of month x 192 + seconds of
 * the day / 450, rounded down. Takes an instant; returns the count (cars sold, a whole number).
 */
export function salesCount(at: Date): number {
  brisbane ??= new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Brisbane",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  });
  const parts = brisbane.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const seconds = (part("hour") % 24) * 3600 + part("minute") * 60 + part("second");
  return Math.floor(part("day") * 192 + seconds / 450);
}

/** `n` modulo `count`, always in 0..count-1 (0 when count is 0). */
export function wrapFrame(n: number, count: number): number {
  return count > 0 ? ((n % count) + count) % count : 0;
}

/**
 * The spin frame after a drag: one frame per {@link SPIN_PX_PER_FRAME} px, dragging left turns the
 * car forward. Takes the frame at the drag's start, the drag distance in px (right positive) and the
 * frame count; returns the frame index (0-based, wrapped).
 */
export function frameAfterDrag(startFrame: number, dx: number, count: number): number {
  return wrapFrame(startFrame - Math.trunc(dx / SPIN_PX_PER_FRAME), count);
}

/**
 * The auto-rotate step (docs/features/shopper-core.md §4 "Auto-rotate runs until one full turn completes, then
 * stops"): takes the ticks done so far (one per {@link SPIN_INTERVAL_MS}) and the frame count;
 * returns the frame to show and whether the turn is complete (tick `count` is back at frame 0).
 */
export function autoRotateStep(tick: number, count: number): { frame: number; done: boolean } {
  return { frame: wrapFrame(tick, count), done: count <= 1 || tick >= count };
}

/** One share target of the share row: id, label and the URL to open. */
export interface ShareLink {
  id: "facebook" | "twitter" | "whatsapp" | "email" | "sms";
  label: string;
  href: string;
}

/**
 * The share row's links (docs/features/shopper-core.md §2 "Social share row"): Facebook, Twitter (unless hidden),
 * WhatsApp, email and SMS. Takes the page URL, the car's name and whether Twitter is hidden;
 * returns the links (copy link is a button, not a link).
 */
export function shareLinks(url: string, title: string, hideTwitter: boolean): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const both = encodeURIComponent(`${title} ${url}`);
  const links: ShareLink[] = [
    { id: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: "twitter", label: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { id: "whatsapp", label: "WhatsApp", href: `https://wa.me/?text=${both}` },
    { id: "email", label: "Email", href: `mailto:?subject=${t}&body=${u}` },
    { id: "sms", label: "SMS", href: `sms:?&body=${both}` },
  ];
  return hideTwitter ? links.filter((l) => l.id !== "twitter") : links;
}

/**
 * The `window.open` features of the 550x400 share window, centred on the screen.
 * Takes the screen's width and height in px; returns the features string.
 */
export function shareWindowFeatures(screenWidth: number, screenHeight: number): string {
  const { width, height } = SHARE_WINDOW;
  const left = Math.max(0, Math.round((screenWidth - width) / 2));
  const top = Math.max(0, Math.round((screenHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},noopener`;
}

/** A value for a specification row: text, a number, or nothing. */
export type SpecValue = string | number | null | undefined;

/**
 * Specification rows with empty values dropped (docs/features/shopper-core.md §5 "Spec rows with empty values are
 * dropped"): null, undefined, blank text and non-finite or zero-length numbers go. Takes
 * `[label, value, unit?]` triples; returns label/value pairs (`unit` appended with a space).
 */
export function specRows(rows: [string, SpecValue, string?][]): FactView[] {
  return rows.flatMap(([label, value, unit]) => {
    if (value == null) return [];
    if (typeof value === "number" && !Number.isFinite(value)) return [];
    const text = String(value).trim();
    if (text === "") return [];
    return [{ label, value: unit ? `${text} ${unit}` : text }];
  });
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The '{Car type} Details' list (docs/features/shopper-core.md §2): make, model, badge, series, variant, year, body,
 * colours, transmission, fuel, drive, seats, doors, odometer (km), stock number, VIN, rego, dates.
 * Takes the car; returns the non-empty rows.
 */
export function detailRows(car: Car): FactView[] {
  return specRows([
    ["Make", car.make],
    ["Model", car.model],
    ["Badge", car.badge],
    ["Series", car.series],
    ["Variant", car.variant],
    ["Year", car.year],
    ["Condition", titleCase(car.car_type)],
    ["Body", car.body ?? car.simple_body],
    ["Colour", car.colour],
    ["Interior colour", car.interior_colour],
    ["Transmission", car.trans ?? car.simple_transmission],
    ["Gears", car.gearnum],
    ["Fuel", car.fuel ?? car.simple_fuel],
    ["Drive", car.drive ?? car.simple_drive],
    ["Seats", car.seats],
    ["Doors", car.doors],
    ["Odometer", car.km != null ? formatKm(car.km) : null],
    ["Stock number", car.stocknum],
    ["VIN", car.vin],
    ["Registration", car.regplate],
    ["Registration expiry", car.rego_expiry],
    ["Build date", car.build_date],
    ["Compliance date", car.compliance_date],
  ]);
}

/**
 * The full specifications (docs/features/shopper-core.md §3 "Variant fields", "Caravan specifications"): cylinders,
 * engine (L), induction, fuel use (L/100km), tank (L), GVM (kg), length/height/width (mm), braked
 * towing (kg), body configuration, torque (Nm), ANCAP; then the caravan's body width/length, tare,
 * axle, sleeps and ATM. Takes the car; returns the non-empty rows.
 */
export function fullSpecRows(car: Car): FactView[] {
  const cs = (car.caravan_specifications ?? {}) as Record<string, unknown>;
  const c = (k: string): SpecValue => {
    const v = cs[k];
    return typeof v === "string" || typeof v === "number" ? v : null;
  };
  return specRows([
    ["Cylinders", car.cylinders],
    ["Engine size", car.engine_size_litres != null ? car.engine_size_litres.toFixed(1) : null, "L"],
    ["Induction", car.induction],
    ["Fuel consumption (combined)", car.fuelconsumptioncombined, "L/100km"],
    ["Fuel capacity", car.fuelcapacity, "L"],
    ["Gross vehicle mass", car.grossvehiclemass, "kg"],
    ["Length", car.vehiclelength, "mm"],
    ["Height", car.vehicleheight, "mm"],
    ["Width", car.vehiclewidth, "mm"],
    ["Towing capacity (braked)", car.towingcapacitybraked, "kg"],
    ["Body configuration", car.bodyconfiguration],
    ["Torque", car.torque, "Nm"],
    ["ANCAP rating", car.ancaprating],
    ["Body width", c("body_width")],
    ["Body length", c("body_length")],
    ["Tare weight", c("tare_weight")],
    ["Axle type", c("axle_type")],
    ["Sleeps", c("sleeps")],
    ["Aggregate trailer mass", c("aggregate_trailer_mass")],
  ]);
}

/**
 * The embeddable player URL of a YouTube or Vimeo link (docs/features/shopper-core.md §2 "dealer video (embedded
 * frame or plain video)"). Takes a video URL; returns the embed URL, or null for other videos
 * (played in a `<video>`).
 */
export function videoEmbedUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^www\.|^m\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = u.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = u.searchParams.get("v") ?? u.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  if (id && /^[\w-]{6,}$/.test(id)) return `https://www.youtube-nocookie.com/embed/${id}`;
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const v = u.pathname.match(/(\d{5,})/)?.[1];
    if (v) return `https://player.vimeo.com/video/${v}`;
  }
  return null;
}

const PER: Record<string, string> = { week: "/wk", fortnight: "/fn", month: "/mo" };

/**
 * The finance estimate's per-period suffix (docs/features/shopper-core.md §9 "suffixes wk, fn, mo"). Takes the
 * frequency (`week`, `fortnight`, `month`); returns e.g. `/wk` ("" when unknown).
 */
export function perSuffix(frequency: string | undefined): string {
  return (frequency && PER[frequency]) || "";
}
