// Friendly names for the generated OpenAPI types (src/api/schema.d.ts, from ui-shell/openapi.json).
import type { components } from "./schema";

type S = components["schemas"];
/** `TenantSettings`: GET /api/v1/tenant (shopper-core §3 "Tenant config", locations-forms-marketing §3 "Site config"). */
export type TenantSettings = S["TenantSettings"];
/** `Car`: one vehicle (shopper-core §3 "Car"). Money in AUD, distances in km. */
export type Car = S["Car"];
/** `CarResponse`: GET /api/v1/cars/{slug}, a car with what the VDP needs around it. */
export type CarResponse = S["CarResponse"];
/** `Location`: a dealership location (locations-forms-marketing §3 "Location"). */
export type Location = S["Location"];
/** `OpeningHourEntry`: weekday 0 (Sunday) to 6, status Open or Closed. */
export type OpeningHourEntry = S["OpeningHourEntry"];
/** `ErrorEnvelope`: the one error shape, `{error: {code, message, field?}}`. */
export type ErrorEnvelope = S["ErrorEnvelope"];
