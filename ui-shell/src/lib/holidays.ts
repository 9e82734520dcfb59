// Holiday (special) hours (docs/features/locations-forms-marketing.md §3 "Special (holiday) hours entry", §9
// "Holiday hours use 12-hour am/pm format from UTC time"). Apart from ./hours.ts, which the first
// load carries, so these cost only the location pages.
import { DAY } from "./hours";

/** A special (holiday) hours entry as the host sends it: `date` YYYY-MM-DD, `start_hour`/`end_hour` "HH:MM" or null. */
export interface HolidayHoursEntry {
  date: string;
  status: string;
  start_hour?: string | null;
  end_hour?: string | null;
}

const MONTH = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * An "HH:MM" (24-hour) time in 12-hour am/pm form: `09:00` -> `9:00 am`, `13:30` -> `1:30 pm`,
 * `00:15` -> `12:15 am`, `12:00` -> `12:00 pm`. Takes the text; returns null when it is not HH:MM.
 */
export function twelveHour(hhmm: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? "");
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? "am" : "pm"}`;
}

/**
 * One holiday (special) hours line: `Fri 25 Dec: Closed`, `Sat 26 Dec: 10:00 am - 2:00 pm`
 * (an open day without both hours reads `Open`). Spec: docs/features/locations-forms-marketing.md §9 "Holiday hours
 * use 12-hour am/pm format from UTC time".
 *
 * Assumes the entry's date and hours are the location's own wall-clock values (the host sends them
 * as written in the dealer's settings, with no time zone) and reads them as UTC: the weekday and
 * day come from `Date.UTC(date)`, the hours are formatted as given, so the visitor's own time zone
 * never moves a holiday to another day or hour. Takes the entry; returns the text ("" when the
 * date is not YYYY-MM-DD).
 */
export function formatHolidayHours(entry: HolidayHoursEntry): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(entry.date);
  if (!m) return "";
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const label = `${DAY[day.getUTCDay()]} ${day.getUTCDate()} ${MONTH[day.getUTCMonth()]}`;
  if (entry.status !== "Open") return `${label}: Closed`;
  const start = twelveHour(entry.start_hour);
  const end = twelveHour(entry.end_hour);
  return `${label}: ${start && end ? `${start} - ${end}` : "Open"}`;
}

/**
 * The holiday entries still to come, soonest first: those dated `today` (YYYY-MM-DD) or later.
 * Takes the entries and today's date; returns a new sorted list.
 */
export function upcomingHolidayHours<T extends HolidayHoursEntry>(entries: readonly T[], today: string): T[] {
  return entries.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}
