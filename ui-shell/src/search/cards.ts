// Search hits as search-card props (src/contract.ts). The tag, price view and eligibility come
// from the host (the tenant's WASM plugins decide them); this module only formats them and picks
// the tenant's buttons. docs/features/shopper-core.md §2 "Search results", §4, §5.
import type { components } from "../api/schema";
import type { TenantSettings } from "../api/types";
import type { ActionView, CarCardView, CardImageView, PriceView, SearchCardProps } from "../contract";
import { formatKm, formatMoney } from "../lib/format";
import { CARD_SIZES, CARD_WIDTHS, imageAt, imageSrcSet, placeholderImage } from "../lib/images";
import { financeHref, financePage } from "../lib/views";
import type { DriveAwaySummary } from "../vdp/driveAway";
import type { CardButton } from "./config";
import { humanLabel } from "./labels";

type S = components["schemas"];
/** A search hit (GET /api/v1/search `hits[]`): a car as a card shows it; money AUD, km. */
export type SearchHit = S["SearchHit"];
/** A page of search results (GET /api/v1/search). */
export type SearchResponse = S["SearchResponse"];
/** One facet value: label, refinement value, count. */
export type FacetItem = S["FacetItem"];
/** The host's price view of a car (plugin `price-display` or the host default). */
export type HostPriceView = S["PriceView"];

/** Cards in the first row of the grid (three columns on wide screens): their images load eagerly. */
export const FIRST_ROW = 3;

/** Card image box, CSS px (4:3, the 400x300 card size of docs/features/platform.md "Search results page"). */
const IMAGE_BOX = { width: 400, height: 300 } as const;

/**
 * The contract's price view of the host's (docs/features/shopper-core.md §4 "Price display"): `car_price` ->
 * `$82,990` with its price type, `was_now` -> now and was, `subscription` -> `$199/wk`, `preorder`
 * and `no_price` -> their text. Takes the host's view (AUD); returns a display-ready PriceView.
 */
export function cardPrice(v: HostPriceView): PriceView {
  switch (v.kind) {
    case "car_price":
      return { kind: "price", text: formatMoney(v.price), ...(v.price_type ? { typeLabel: v.price_type } : {}) };
    case "was_now":
      return {
        kind: "was_now",
        text: formatMoney(v.now),
        was: formatMoney(v.was),
        ...(v.price_type ? { typeLabel: v.price_type } : {}),
      };
    case "subscription":
      return { kind: "subscription", text: `${formatMoney(v.weekly)}${v.suffix}` };
    default:
      return { kind: v.kind, text: v.text };
  }
}

/** The price views whose price the page may quote (a placeholder price is a `no_price` view). */
const PRICED = new Set(["car_price", "was_now"]);

/**
 * The SRP card's drive-away line: `≈ $48,321 drive-away in NSW`, with `(est., excl. some on-road
 * costs)` when the host could not price every item. Only for a car whose advertised price is not
 * already drive-away and whose price view shows a price (a placeholder price is never quoted).
 * Takes the hit's `drive_away` (whole AUD) and its price view's kind; returns the text, or null
 * for no line.
 */
export function driveAwayLine(summary: DriveAwaySummary | null | undefined, priceKind: string): string | null {
  if (!summary || summary.basis === "drive_away" || !PRICED.has(priceKind)) return null;
  const line = `≈ ${formatMoney(summary.total)} drive-away in ${summary.state}`;
  return summary.complete ? line : `${line} (est., excl. some on-road costs)`;
}

/**
 * The image of a card: the primary photo through the host image endpoint (srcset at the card
 * widths 250/400/500 px), or the body-type placeholder when the car has no photo; the first row
 * eager (the very first with `fetchPriority` high), the rest lazy (docs/features/platform.md
 * "Search results page"). Takes the hit and its 0-based index on the page; returns a CardImageView.
 */
export function cardImage(hit: Pick<SearchHit, "primary_image_url" | "body">, index: number): CardImageView {
  const photo = hit.primary_image_url ?? null;
  const src = photo ?? placeholderImage(hit.body);
  const srcSet = imageSrcSet(src, CARD_WIDTHS);
  return {
    src: imageAt(src, IMAGE_BOX.width),
    ...(srcSet ? { srcSet, sizes: CARD_SIZES } : {}),
    ...IMAGE_BOX,
    loading: index < FIRST_ROW ? "eager" : "lazy",
    ...(index === 0 ? { fetchPriority: "high" as const } : {}),
    placeholder: photo === null,
  };
}

/**
 * The buttons of a card, in the tenant's order (`search.card_buttons`), decided by the hit's
 * eligibility: finance (the tenant's `wording.finance_label`, default Get Finance), View Details,
 * Reserve this Car (eligibility `reserve` and not test-drive-only), and Find Me Something Similar
 * only when the car is not purchasable (sold), which then replaces finance and reserve
 * (docs/features/shopper-core.md §2, §5 "Reserve button"). The first button is primary. Takes the hit, the tenant
 * and the configured button ids; returns ActionViews.
 */
export function cardActions(hit: SearchHit, tenant: TenantSettings, buttons: readonly CardButton[]): ActionView[] {
  const out: Omit<ActionView, "emphasis">[] = [];
  const similar = { id: "similar", label: "Find Me Something Similar", href: `${hit.path}#enquire` };
  if (!hit.available) {
    out.push(similar);
    if (buttons.includes("details")) out.push({ id: "details", label: "View Details", href: hit.path });
  } else {
    for (const b of buttons) {
      if (b === "finance") {
        out.push({
          id: "finance",
          label: tenant.wording.finance_label || "Get Finance",
          href: financeHref(hit, financePage(tenant)),
        });
      } else if (b === "details") {
        out.push({ id: "details", label: "View Details", href: hit.path });
      } else if (b === "reserve" && hit.eligibility.reserve && !hit.eligibility.test_drive_only) {
        out.push({ id: "reserve", label: "Reserve this Car", href: `${hit.path}/checkout` });
      }
    }
  }
  return out.map((a, i) => ({ ...a, emphasis: i === 0 ? "primary" : "secondary" }));
}

/**
 * A search card's props from a hit: title (`year make model`), badge, image, the host-decided tag
 * and price view, the drive-away line (issue 26), chips (km, transmission, fuel, body) and the
 * tenant's buttons. Takes the hit, its 0-based index on the page, the tenant and the card button
 * ids; returns SearchCardProps (without `controls`). Spec: docs/features/shopper-core.md §2 "Search results", §4.
 */
export function hitCardProps(
  hit: SearchHit,
  index: number,
  tenant: TenantSettings,
  buttons: readonly CardButton[],
): SearchCardProps {
  const image = cardImage(hit, index);
  // The feed's values as shoppers read them (`suv` -> SUV, `sedan` -> Sedan: issue 39), as the filters show them.
  const chips = [
    hit.km != null ? formatKm(hit.km) : null,
    hit.transmission ? humanLabel(hit.transmission) : null,
    hit.fuel ? humanLabel(hit.fuel) : null,
    hit.body ? humanLabel(hit.body) : null,
  ].filter((c): c is string => Boolean(c));
  const card: CarCardView = {
    slug: hit.slug,
    href: hit.path,
    title: `${hit.year} ${hit.make} ${hit.model}`,
    subtitle: hit.badge ?? "",
    imageUrl: image.placeholder ? null : image.src,
    tag: hit.tag?.text ?? null,
    chips,
    price: cardPrice(hit.price_view),
    carType: hit.car_type,
    available: hit.available,
    place: [hit.city, hit.state].filter(Boolean).join(" "),
    image,
    ...(hit.tag ? { tagKind: hit.tag.kind } : {}),
    ...(hit.tag?.image_url ? { tagImageUrl: hit.tag.image_url } : {}),
  };
  const away = driveAwayLine(hit.drive_away, hit.price_view.kind);
  if (away) card.driveAway = away;
  return { card, actions: cardActions(hit, tenant, buttons) };
}
