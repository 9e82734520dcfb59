// Boot: tenant settings from the inline data when present, else from GET /api/v1/tenant.
import type { ApiResult } from "../api/client";
import type { TenantSettings } from "../api/types";
import { type InlineData, readInlineData } from "./inline";

/** What the shell starts with: the tenant, how it was obtained, and the inline data (if any). */
export type BootResult =
  | { ok: true; tenant: TenantSettings; source: "inline" | "api"; inline: InlineData | null }
  | { ok: false; status: number; message: string };

/** GET /api/v1/tenant, with the API client loaded on demand (documents with inline data never need it). */
const fetchTenantLazily = (): Promise<ApiResult<TenantSettings>> => import("../api/client").then((m) => m.fetchTenant());

/**
 * Finds the tenant for this page. Takes the document and an optional tenant fetcher (for tests);
 * returns the inline tenant synchronously-resolved when `#__FORECOURT_DATA__` is present, otherwise
 * the API's answer (`ok: false` with the HTTP status when it fails, e.g. 404 for an unknown host).
 * Spec: ARCHITECTURE.md "HTML documents and SEO" (inline initial data, no second round trip).
 */
export async function boot(doc: Document = document, getTenant = fetchTenantLazily): Promise<BootResult> {
  const inline = readInlineData(doc);
  if (inline) return { ok: true, tenant: inline.tenant, source: "inline", inline };
  try {
    const res = await getTenant();
    if (res.ok) return { ok: true, tenant: res.data, source: "api", inline: null };
    return { ok: false, status: res.status, message: res.error.message };
  } catch (e) {
    return { ok: false, status: 0, message: e instanceof Error ? e.message : String(e) };
  }
}
