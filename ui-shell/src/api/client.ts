// The typed JSON API client: openapi-fetch over the generated `paths` (src/api/schema.d.ts).
// Every call is same-origin: the host resolves the tenant from the Host header, never from the client.
import createClient from "openapi-fetch";
import type { paths } from "./schema";
import type { CarResponse, ErrorEnvelope, TenantSettings } from "./types";

/** The openapi-fetch client for the host's `/api/v1` (same origin; baseUrl is the page's origin). */
export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? "",
  // Resolved per call (not captured at start) so tests and instrumentation can wrap fetch.
  fetch: (request) => globalThis.fetch(request),
});

/** Result of an API call: the body on 2xx, else the HTTP status and the error envelope's body. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: { code: string; message: string } };

function failure(status: number, body: ErrorEnvelope | undefined, fallback: string): ApiResult<never> {
  return { ok: false, status, error: body?.error ?? { code: "http_error", message: fallback } };
}

/**
 * GET /api/v1/tenant: the tenant's public settings for this Host.
 * Takes an optional AbortSignal; returns ApiResult<TenantSettings> (404 for an unknown host).
 * Spec: docs/features/shopper-core.md §3 "Tenant config"; ARCHITECTURE.md "Tenancy".
 */
export async function fetchTenant(signal?: AbortSignal): Promise<ApiResult<TenantSettings>> {
  const { data, error, response } = await api.GET("/api/v1/tenant", signal ? { signal } : {});
  if (data) return { ok: true, data };
  return failure(response.status, error, "Could not load the site settings");
}

/**
 * GET /api/v1/cars/{slug}: one car with its location, images and display name.
 * Takes the car slug (as in `/cars/{slug}`) and an optional AbortSignal; returns
 * ApiResult<CarResponse> (404 with code `not_found` when the car is not on this site).
 * Spec: docs/features/shopper-core.md §2 "Vehicle detail page".
 */
export async function fetchCar(slug: string, signal?: AbortSignal): Promise<ApiResult<CarResponse>> {
  const { data, error, response } = await api.GET("/api/v1/cars/{slug}", {
    params: { path: { slug } },
    ...(signal ? { signal } : {}),
  });
  if (data) return { ok: true, data };
  return failure(response.status, error, "Could not load this car");
}
