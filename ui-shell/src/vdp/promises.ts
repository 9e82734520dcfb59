// The VDP's promises (GET /api/v1/content/vdp, the tenant's content/vdp.toml over the shared
// default; host/src/content/vdp.rs): the warranty wording by car type and make, the money-back
// guarantee where the tenant gives one, and the blog posts the VDP links.
// Spec: docs/features/shopper-core.md §2 "blogs"; §9 "Warranty wording: 3-year standard (used),
// 5-year or 7-year for certain brands' new cars, 5-year mechanical protection for others", "a
// 48-hour money-back guarantee applies to pre-owned cars on one tenant".
import { isRecord, str } from "../content/data";
import { slugify } from "../lib/slug";

/** The content's API address. */
export const VDP_CONTENT_API = "/api/v1/content/vdp";

/** A money-back guarantee: hours to return the car (e.g. 48), the car types it covers, its headline and terms. */
export interface MoneyBack {
  hours: number;
  car_types: string[];
  title: string;
  text: string;
}

/** A blog post the VDP links: title, a site path or https URL, a one-line summary, the make slugs it is about (empty: all). */
export interface BlogLink {
  title: string;
  href: string;
  summary: string;
  makes: string[];
}

/** The VDP content as the host serves it. */
export interface VdpContent {
  warranty: { used: string; new_default: string; new: { makes: string[]; text: string }[] };
  money_back: MoneyBack | null;
  blogs: BlogLink[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/**
 * Reads the VDP content defensively: null without the warranty's `used` and `new_default`;
 * malformed entries dropped. Takes the parsed JSON; returns {@link VdpContent} or null.
 */
export function parseVdpContent(body: unknown): VdpContent | null {
  if (!isRecord(body) || !isRecord(body.warranty)) return null;
  const w = body.warranty;
  if (typeof w.used !== "string" || typeof w.new_default !== "string") return null;
  const mb = isRecord(body.money_back) ? body.money_back : null;
  return {
    warranty: {
      used: w.used,
      new_default: w.new_default,
      new: (Array.isArray(w.new) ? w.new : []).flatMap((x: unknown) =>
        isRecord(x) && typeof x.text === "string" ? [{ text: x.text, makes: strings(x.makes) }] : [],
      ),
    },
    money_back:
      mb && typeof mb.hours === "number" && mb.hours > 0 && typeof mb.title === "string"
        ? { hours: mb.hours, car_types: strings(mb.car_types), title: mb.title, text: str(mb.text) }
        : null,
    blogs: (Array.isArray(body.blogs) ? body.blogs : []).flatMap((x: unknown) =>
      isRecord(x) && typeof x.title === "string" && typeof x.href === "string"
        ? [{ title: x.title, href: x.href, summary: str(x.summary), makes: strings(x.makes) }]
        : [],
    ),
  };
}

/** What the VDP says about one car. */
export interface CarPromises {
  warranty: string;
  moneyBack: MoneyBack | null;
  blogs: BlogLink[];
}

/**
 * The lines for a car, as the host's `VdpContent::for_car` picks them: used cars get the used
 * warranty; new and demo cars the first make-specific line that lists the make (by slug), else
 * the default; the money-back guarantee when it covers the car type; the blogs about the make or
 * every car. Takes the content, the car's make (a name) and type; returns {@link CarPromises}.
 */
export function carPromises(c: VdpContent, make: string, carType: string): CarPromises {
  const m = slugify(make);
  const warranty =
    carType === "used" ? c.warranty.used : (c.warranty.new.find((w) => w.makes.includes(m))?.text ?? c.warranty.new_default);
  return {
    warranty,
    moneyBack: c.money_back?.car_types.includes(carType) ? c.money_back : null,
    blogs: c.blogs.filter((b) => b.makes.length === 0 || b.makes.includes(m)),
  };
}
