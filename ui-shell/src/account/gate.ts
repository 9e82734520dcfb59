// Gated routes (docs/features/locations-forms-marketing.md §2 "Gated routes", §6 "Signed-in status gates the
// routes listed under screens"): which routes need a signed-in visitor on this site, and the
// sign-in address a signed-out visitor is sent to.
import type { RouteDef } from "../routes/table";

/** A per-site gate group, as the host lists them in `GET /api/v1/tenant` → `sign_in.gated`. */
export type GateGroup = "checkout" | "finance" | "spin-to-win" | "trade-in-finance";

/**
 * The per-site groups of each per-site gated route (docs/features/locations-forms-marketing.md §2 "Gated per
 * site"): a route is gated when the tenant's `sign_in.gated` lists any of them. Every finance page
 * (/finance, /finance-enquiry, /apply-for-finance and the car's /personalised/finance) is in
 * `finance`, so a tenant that gates finance gates them all; /personalised/finance is also the
 * `trade-in-finance` group's.
 */
export const GATE_GROUPS: Readonly<Record<string, readonly GateGroup[]>> = {
  "car-checkout": ["checkout"],
  "car-buy-online": ["checkout"],
  "checkout-journey": ["checkout"],
  finance: ["finance"],
  "finance-enquiry": ["finance"],
  "apply-for-finance": ["finance"],
  "spin-to-win": ["spin-to-win"],
  "personalised-finance": ["finance", "trade-in-finance"],
};

const isCheckout = (routeId: string) => GATE_GROUPS[routeId]?.includes("checkout") === true;

/**
 * The sign-in `type` of a gated route (docs/features/locations-forms-marketing.md §2 "/sign-in?type={trade-in,
 * checkout, finance, spin-to-win, online-payment, car-finance, my-garage}"; docs/features/shopper-core.md §2
 * "type=watchlist"). Takes the route id; returns the type (unknown ids: the id itself).
 */
export function signInType(routeId: string): string {
  if (isCheckout(routeId)) return "checkout";
  if (routeId === "personalised-finance") return "car-finance";
  if (/^my[a-z-]+$/.test(routeId)) return "my-garage";
  return routeId;
}

/**
 * The per-site groups a tenant gates, read defensively from its settings (`sign_in.gated`; absent
 * or malformed: none). Takes the tenant settings (any shape); returns the known group names.
 */
export function gatedGroups(tenant: unknown): GateGroup[] {
  const gated = (tenant as { sign_in?: { gated?: unknown } } | null)?.sign_in?.gated;
  if (!Array.isArray(gated)) return [];
  const known = new Set<string>(Object.values(GATE_GROUPS).flat());
  return gated.filter((g): g is GateGroup => typeof g === "string" && known.has(g));
}

/**
 * Whether a route needs a signed-in visitor on this site: `always` routes always; `per-site`
 * routes when the tenant's `sign_in.gated` lists one of the route's groups; others never. Takes the route
 * and the tenant settings; returns true when gated. Spec: docs/features/locations-forms-marketing.md §2 "Gated routes".
 */
export function isGated(route: Pick<RouteDef, "id" | "gate">, tenant: unknown): boolean {
  if (route.gate === "always") return true;
  if (route.gate !== "per-site") return false;
  const gated = gatedGroups(tenant);
  return (GATE_GROUPS[route.id] ?? []).some((g) => gated.includes(g));
}

/** Whether the visitor is signed in: `unknown` until `GET /api/v1/auth/me` has answered. */
export type SessionStatus = "unknown" | "signed-in" | "signed-out";

/** What a gated route does now: show the page, wait (show a placeholder), or send to sign-in. */
export type GateDecision = "show" | "wait" | "sign-in";

/**
 * The gate's decision for a route (docs/features/locations-forms-marketing.md §2 "Gated routes": "Checkout waits
 * until the car slug is known before deciding"). Takes the route, tenant settings, the session
 * status, and for checkout routes the car slug (`undefined` while it is not known yet; `null`
 * when the address has none); returns {@link GateDecision}: `show` when not gated or signed in,
 * `wait` while the session (or a checkout's slug) is unknown, `sign-in` when signed out.
 */
export function gateDecision(
  route: Pick<RouteDef, "id" | "gate">,
  tenant: unknown,
  session: SessionStatus,
  slug?: string | null,
): GateDecision {
  if (isCheckout(route.id) && slug === undefined) return "wait";
  if (!isGated(route, tenant)) return "show";
  if (session === "unknown") return "wait";
  return session === "signed-in" ? "show" : "sign-in";
}

/**
 * The car slug a checkout route is for: `:slug` of `/cars/{slug}/checkout` and `/buy-online`, or
 * `car_id` of `/checkout-journey?car_id={slug}`. Takes the route id, path params and query;
 * returns the slug, null when the address names none, undefined for other routes.
 */
export function checkoutSlug(
  routeId: string,
  params: Record<string, string | undefined>,
  query: URLSearchParams,
): string | null | undefined {
  if (!isCheckout(routeId)) return undefined;
  const slug = routeId === "checkout-journey" ? query.get("car_id") : params.slug;
  return slug ? slug : null;
}

/**
 * The sign-in address for a signed-out visitor: `/sign-in?type={type}&redirect={path}&back={path}`
 * (docs/features/locations-forms-marketing.md §2; docs/features/shopper-core.md §2
 * `type=watchlist`). Takes the type, the target (path + query to come back to) and the previous
 * path (Back link); returns the path and query.
 */
export function signInHref(type: string, redirect: string, back: string): string {
  const q = new URLSearchParams({ type, redirect, back });
  return `/sign-in?${q.toString()}`;
}
