// Whether the VDP shows the certified pre-owned panel (docs/features/platform.md
// "Marketing and content pages"). Kept apart from the panel so the VDP's details chunk carries only
// this check, and the panel's chunk loads only for cars that show it. Imported by
// src/vdp/Details.tsx alone (the panel imports nothing from here: no shared chunk).
// Spec: docs/features/locations-forms-marketing.md §4 "A certified pre-owned panel is shown for one manufacturer
// only", §9; docs/features/shopper-core.md §4 "Card tag priority" (certified pre-owned: used
// certified car of one manufacturer).
import type { CarResponse, TenantSettings } from "../api/types";
import { slugify } from "../lib/slug";

/**
 * Whether a car gets the certified pre-owned panel: when the host (or the tenant's tag-rules
 * plugin) tagged it `certified_pre_owned`, or when it is a used car with `certified` set whose make
 * is the site's one manufacturer (`tenant.manufacturer`; a higher-priority tag such as EV or
 * reserved may have taken the tag's place). Never on sites without a manufacturer, never for other
 * makes. Takes the car response and the tenant; returns true to show it.
 */
export function showsCertifiedPanel(res: CarResponse, tenant: TenantSettings): boolean {
  if (res.tag?.kind === "certified_pre_owned") return true;
  const car = res.car;
  const maker = tenant.manufacturer;
  return car.certified === true && car.car_type === "used" && Boolean(maker) && slugify(car.make) === slugify(maker ?? "");
}
