// Test-drive appointment slots (docs/features/platform.md "Leads"; docs/features/shopper-core.md §7
// "Appointment fetch for test-drive booking"): `GET
// /api/v1/locations/{location_slug}/appointments?days=14` when the host has it, else half-hour
// slots in the location's opening hours for the next 14 days.
import type { Location } from "../api/types";
import type { FetchLike } from "./lead";

/** One bookable day: `YYYY-MM-DD` and its times (`HH:MM`, local to the location). */
export interface AppointmentDay {
  date: string;
  times: string[];
}

/**
 * The location's slots from the host. Takes the location slug, an AbortSignal and a fetch;
 * returns the days, or null when the host has no such call or it failed.
 */
export async function fetchAppointments(
  slug: string,
  signal: AbortSignal,
  fetchImpl: FetchLike = (i, init) => globalThis.fetch(i, init),
): Promise<AppointmentDay[] | null> {
  try {
    const r = await fetchImpl(`/api/v1/locations/${encodeURIComponent(slug)}/appointments?days=14`, { signal });
    if (!r.ok) return null;
    const body = (await r.json()) as { days?: unknown };
    if (!Array.isArray(body.days)) return null;
    return body.days.filter(
      (d): d is AppointmentDay =>
        typeof d?.date === "string" && Array.isArray(d?.times) && d.times.every((t: unknown) => typeof t === "string"),
    );
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, "0");
const minutes = (hhmm: string | null | undefined): number | null => {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? "");
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * Half-hour slots in the location's weekly opening hours (weekday 0 is Sunday; Closed days and
 * days without hours have none; the last slot starts 30 minutes before closing), from tomorrow
 * for 14 days. Takes the location and now; returns the days. Spec: docs/features/locations-forms-marketing.md §3
 * "Opening hour entry".
 */
export function fallbackSlots(loc: Pick<Location, "contact_detail">, now: Date): AppointmentDay[] {
  const hours =
    (loc.contact_detail as { opening_hours?: { weekday: number; status: string; open?: string | null; close?: string | null }[] })
      .opening_hours ?? [];
  const out: AppointmentDay[] = [];
  for (let i = 1; i <= 14; i++) {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + i);
    const h = hours.find((x) => x.weekday === d.getDay());
    const open = minutes(h?.open);
    const close = minutes(h?.close);
    const times: string[] = [];
    if (h && h.status === "Open" && open !== null && close !== null) {
      for (let t = open; t + 30 <= close; t += 30) times.push(`${pad(Math.floor(t / 60))}:${pad(t % 60)}`);
    }
    out.push({ date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, times });
  }
  return out;
}
