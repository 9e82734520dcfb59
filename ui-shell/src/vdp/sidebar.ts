// The VDP sidebar's props (src/contract.ts VdpSidebarProps) from the host's server-decided fields:
// `price_view` (price-display plugin), `tag` (tag-rules), `eligibility` (eligibility), `phone`
// (phone-format). The shell formats; it does not re-decide. Spec: docs/features/shopper-core.md §2 "Vehicle detail
// page" sidebar, §4 "Price display", §5.
import type { ReactNode } from "react";
import type { CarResponse, TenantSettings } from "../api/types";
import type { ActionView, IconFactView, PriceView, TagView, VdpSidebarProps } from "../contract";
import { formatMoney } from "../lib/format";
import { carSubtitle, carTitle, financeHref, financePage, keyFacts, phoneFor } from "../lib/views";

type ApiPriceView = CarResponse["price_view"];

/**
 * The key facts shown with icons (docs/features/shopper-core.md §2 "icons (km, transmission, body)"), by their label in
 * `keyFacts`.
 */
const ICONS: Record<string, IconFactView["icon"]> = { Odometer: "km", Transmission: "transmission", Body: "body" };

/**
 * The display form of the API's price view: `car_price` becomes `price` ($82,990), `was_now` keeps
 * the previous price, `subscription` is weekly dollars plus the plugin's suffix, `preorder` and
 * `no_price` show the plugin's text. Takes the API's price view (absent: the tenant's no-price text)
 * and the no-price text; returns a {@link PriceView} (AUD, whole dollars).
 */
export function displayPrice(pv: ApiPriceView | undefined, noPriceText: string): PriceView {
  const type = (t: string | null | undefined) => (t ? { typeLabel: t } : {});
  switch (pv?.kind) {
    case "car_price":
      return { kind: "price", text: formatMoney(pv.price), ...type(pv.price_type) };
    case "was_now":
      return { kind: "was_now", text: formatMoney(pv.now), was: formatMoney(pv.was), ...type(pv.price_type) };
    case "subscription":
      return { kind: "subscription", text: `${formatMoney(pv.weekly)}${pv.suffix}` };
    case "preorder":
    case "no_price":
      return { kind: pv.kind, text: pv.text };
    default:
      return { kind: "no_price", text: noPriceText };
  }
}

/**
 * The price the page may quote in figures (dollars), or null when the car shows no price: only a
 * `car_price` or `was_now` price view has one. A placeholder price under the tenant's threshold
 * (e.g. $5 in the feed) is a `no_price` view, so nothing else on the page (the market-price
 * indicator, the price-comparison gauge, finance figures) may quote it either. Takes the API's
 * price view; returns AUD or null.
 */
export function shownPrice(pv: ApiPriceView | undefined): number | null {
  if (pv?.kind === "car_price") return pv.price;
  if (pv?.kind === "was_now") return pv.now;
  return null;
}

/** The reduced-price note of a was/now price, e.g. `Reduced by $7,000`; undefined otherwise. */
export function priceNote(pv: ApiPriceView | undefined): string | undefined {
  return pv?.kind === "was_now" && pv.was > pv.now ? `Reduced by ${formatMoney(pv.was - pv.now)}` : undefined;
}

/** The API's tag as a {@link TagView}, or null. */
export function tagView(res: CarResponse): TagView | null {
  const t = res.tag;
  return t?.text ? { kind: t.kind, text: t.text, imageUrl: t.image_url ?? null } : null;
}

/** What the page knows beyond the car: view count, Share's 'Copied' state, the favourite and the handlers. */
export interface SidebarState {
  /** Views from GET view.json (null until it answers: the car's own count shows). */
  views: number | null;
  copied: boolean;
  faved: boolean;
  onShare: () => void;
  onFave: () => void;
  /** The sidebar's finance slot: market-price indicator and weekly finance teaser (src/vdp/tools/Teaser.tsx). */
  financeTeaser?: ReactNode;
  /**
   * The watchlist variant of the save toggle (sites without favourites; docs/features/shopper-core.md §4): whether
   * the car is saved and the toggle. Replaces Fave; shown on available cars and on sold cars that
   * are already saved (so they can be removed).
   */
  watchlist?: { saved: boolean; onToggle: () => void };
}

/**
 * The VDP sidebar props. Buttons by the API's `eligibility` (docs/features/shopper-core.md §5): Reserve Car Now
 * (reserve, not test-drive-only), Enquire Now (or Instant Message when the tenant's
 * `instant_message` feature is on), Call Now, finance, Trade-In, Online Purchase, Car History
 * Report (needs the car's file), Share, Fave (compare_favourite) or, with `s.watchlist`, Save /
 * Saved (the watchlist), Print (new tab). Sold cars get Find Me Something Similar, Call Now, Share,
 * Saved when already in the watchlist, and Print. Takes the car response, tenant and page state;
 * returns {@link VdpSidebarProps}.
 */
export function sidebarProps(res: CarResponse, tenant: TenantSettings, s: SidebarState): VdpSidebarProps {
  const car = res.car;
  const el: Partial<CarResponse["eligibility"]> = res.eligibility ?? {};
  const slug = encodeURIComponent(car.slug);
  const phone = res.phone
    ? { label: "Call us", display: res.phone.masked, href: `tel:${res.phone.dial}` }
    : phoneFor(tenant, car.car_type, res.location);
  const a = (id: string, label: string, href: string, extra: Partial<ActionView> = {}): ActionView => ({
    id,
    label,
    href,
    emphasis: "secondary",
    ...extra,
  });
  const call = phone ? [a("call", "Call Now", phone.href)] : [];
  const share = a("share", s.copied ? "Copied" : "Share", res.path, { onSelect: s.onShare });
  const print = a("print", "Print", `/print?car_id=${slug}`, { newTab: true });
  const w = s.watchlist;
  const save = w ? [a("save", w.saved ? "Saved" : "Save", "#save", { onSelect: w.onToggle, pressed: w.saved })] : [];
  const actions: ActionView[] = res.available
    ? [
        ...(el.reserve && !el.test_drive_only ? [a("reserve", "Reserve Car Now", `${res.path}/checkout`)] : []),
        a("enquire", tenant.features.instant_message ? "Instant Message" : "Enquire Now", "#enquire"),
        ...call,
        a("finance", tenant.wording.finance_label || "Get Finance", financeHref(car, financePage(tenant))),
        ...(el.trade_in !== false ? [a("trade-in", "Trade-In", `/cars/trade-in?car_id=${car.id}`)] : []),
        ...(el.online_purchase ? [a("online-purchase", "Online Purchase", `/checkout-journey?car_id=${slug}`)] : []),
        ...(el.history_report && car.file ? [a("history", "Car History Report", car.file, { newTab: true })] : []),
        share,
        ...(w
          ? save
          : el.compare_favourite
            ? [a("fave", s.faved ? "Faved" : "Fave", "#fave", { onSelect: s.onFave, pressed: s.faved })]
            : []),
        print,
      ]
    : [a("similar", "Find Me Something Similar", "#enquire"), ...call, share, ...(w?.saved ? save : []), print];
  const first = actions[0];
  if (first) first.emphasis = "primary";
  const facts = keyFacts(car);
  const highlights = facts.flatMap((f): IconFactView[] => {
    const icon = ICONS[f.label];
    return icon ? [{ ...f, icon }] : [];
  });
  const note = priceNote(res.price_view);
  return {
    title: carTitle(car),
    subtitle: carSubtitle(car),
    price: displayPrice(res.price_view, tenant.wording.no_price_text || "Enquire for price"),
    ...(note ? { priceNote: note } : {}),
    facts,
    highlights,
    actions,
    phone,
    location: res.location ? { label: res.location.name, href: `/locations/${res.location.slug}` } : null,
    available: res.available,
    views: s.views ?? car.views,
    tag: tagView(res),
    ...(s.financeTeaser ? { financeTeaser: s.financeTeaser } : {}),
  };
}
