// What the VDP reads beyond the generated API types: the fields the host is adding to CarResponse
// (dealercomments_html, spin_images, spin_interior_image, hotspots) and the tenant's `vdp` settings.
// Every reader is defensive: a missing or malformed field gives the spec's default, never a throw.
// Spec: shopper-core §2 "Vehicle detail page", §3 "Car", §9.
import type { CarResponse, TenantSettings } from "../api/types";

/** The tenant's VDP settings (tenant.toml `[vdp]`, served in GET /api/v1/tenant as `vdp`). */
export interface VdpConfig {
  /** The spin viewer's first tab: `spin` (default) or `images` (shopper-core §4 "Spin viewer"). */
  spinDefaultTab: "spin" | "images";
  /** Show the sticky header after 500 px of scroll (default true). */
  stickyHeader: boolean;
  /** Hide Twitter in the share row (default false). */
  hideTwitter: boolean;
  /** The gallery's location overlay: `city_state` (default) or `location_name`. */
  locationOverlay: "city_state" | "location_name";
  /** Reserve deposit, dollars (default 200; shopper-core §9). */
  reserveDeposit: number;
  /** Hours a reserved car is held (default 48; shopper-core §9). */
  reserveHoldHours: number;
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

/** The car's hotspots (shopper-core §3 "Hotspots"): exterior and interior lists and positions per hotspot. */
export interface Hotspots {
  exterior: Hotspot[];
  interior: Hotspot[];
  positions: Record<string, HotspotPosition[]>;
}

/** The CarResponse fields being added by the host, all optional until the schema is regenerated. */
interface CarExtras {
  dealercomments_html?: string | null;
  spin_images?: unknown;
  spin_interior_image?: unknown;
  hotspots?: unknown;
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
  };
}

/** The spin frame URLs in order (the response's `spin_images`, else the car's); empty when none. */
export function spinFrames(res: CarResponse): string[] {
  const top = (res as CarExtras).spin_images;
  const list = Array.isArray(top) && top.length > 0 ? top : (res.car as { spin_images?: unknown }).spin_images;
  return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string" && u !== "") : [];
}

/**
 * The dealer comments HTML: the host-sanitised `dealercomments_html` (ammonia), else the raw
 * `dealercomments` (the shell's own sanitiser runs over either before rendering). Returns "" for none.
 */
export function commentsHtml(res: CarResponse): string {
  const html = (res as CarExtras).dealercomments_html;
  return typeof html === "string" ? html : (res.car.dealercomments ?? "");
}
