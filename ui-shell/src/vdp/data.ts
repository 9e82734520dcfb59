// What the VDP reads around the generated API types: spin frames and dealer comments from
// CarResponse, and the tenant's `vdp` settings (not in TenantSettings' schema), read defensively:
// a missing or malformed setting gives the spec's default, never a throw.
// Spec: docs/features/shopper-core.md §2 "Vehicle detail page", §3 "Car", §9.
import type { CarResponse, TenantSettings } from "../api/types";

/** The tenant's VDP settings (tenant.toml `[vdp]`, served in GET /api/v1/tenant as `vdp`). */
export interface VdpConfig {
  /** The spin viewer's first tab: `spin` (default) or `images` (docs/features/shopper-core.md §4 "Spin viewer"). */
  spinDefaultTab: "spin" | "images";
  /** Show the sticky header after 500 px of scroll (default true). */
  stickyHeader: boolean;
  /** Hide Twitter in the share row (default false). */
  hideTwitter: boolean;
  /** The gallery's location overlay: `city_state` (default) or `location_name`. */
  locationOverlay: "city_state" | "location_name";
  /** Reserve deposit, dollars (default 200; docs/features/shopper-core.md §9). */
  reserveDeposit: number;
  /** Hours a reserved car is held (default 48; docs/features/shopper-core.md §9). */
  reserveHoldHours: number;
  /** Show price drops and offer the SRP's "Recently reduced" sort (default false; docs/features/platform.md "Price history and freshness"). */
  showPriceReduced: boolean;
}

/** One hotspot: id and its description (the tooltip). */
export interface Hotspot {
  id: string;
  description: string;
}

/** Where a hotspot shows on one spin frame: percentages of the image's width and height. */
export interface HotspotPosition {
  hotspotId: string;
  /** The frame index (0-based) it shows on. */
  activeAngle: number;
  /** Percent from the left, 0..100. */
  posX: number;
  /** Percent from the top, 0..100. */
  posY: number;
}

/**
 * The car's hotspots (docs/features/shopper-core.md §3 "Hotspots"): exterior and interior lists and positions per
 * hotspot.
 */
export interface Hotspots {
  exterior: Hotspot[];
  interior: Hotspot[];
  positions: Record<string, HotspotPosition[]>;
}

const rec = (v: unknown): Record<string, unknown> | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const num = (v: unknown, d: number): number => (typeof v === "number" && Number.isFinite(v) ? v : d);

/**
 * The tenant's VDP settings with the spec's defaults for anything missing. Takes the tenant
 * settings; returns {@link VdpConfig} (money in dollars, hold time in hours).
 */
export function vdpConfig(tenant: TenantSettings): VdpConfig {
  const v = rec((tenant as unknown as { vdp?: unknown }).vdp) ?? {};
  return {
    spinDefaultTab: v.spin_default_tab === "images" ? "images" : "spin",
    stickyHeader: v.sticky_header !== false,
    hideTwitter: v.hide_twitter === true,
    locationOverlay: v.location_overlay === "location_name" ? "location_name" : "city_state",
    reserveDeposit: num(v.reserve_deposit, 200),
    reserveHoldHours: num(v.reserve_hold_hours, 48),
    showPriceReduced: v.show_price_reduced === true,
  };
}

/**
 * The spin frame URLs in turn order: the response's `spin_images`, else the car's (both `/img/...`
 * paths or absolute URLs), empty strings dropped. Takes the car response; returns the URLs (empty:
 * no spinner).
 */
export function spinFrames(res: CarResponse): string[] {
  const list = res.spin_images.length > 0 ? res.spin_images : res.car.spin_images;
  return list.filter((u) => u !== "");
}

/**
 * The dealer comments HTML as the host sanitised it (ammonia, `dealercomments_html`; the host puts
 * the same safe HTML in `car.dealercomments`), to render as given. Takes the car response; returns
 * the HTML, "" for none.
 */
export function commentsHtml(res: CarResponse): string {
  return res.dealercomments_html ?? res.car.dealercomments ?? "";
}
