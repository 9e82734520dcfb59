// Opening hours display (docs/features/locations-forms-marketing.md §4 "Opening hours display").
import type { OpeningHourEntry } from "../api/types";

/** Short weekday names, Sunday first (index = weekday, 0 is Sunday). */
export const DAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** One display line: the day label (`Mon-Fri`, `Sat`) and its hours (`8:30 am - 5:30 pm`, `Closed`). */
export interface HoursLine {
  days: string;
  hours: string;
}

function text(e: OpeningHourEntry | undefined): string {
  if (e?.status !== "Open") return "Closed";
  return e.formated_hours || "Open";
}

/**
 * The lines of a weekly opening-hours table, Monday first. When Monday to Friday are identical they
 * collapse into one `Mon-Fri` line, then Sat and Sun separately (docs/features/locations-forms-marketing.md §4).
 * Takes the week's entries (weekday 0 = Sunday); returns display lines.
 */
export function openingHoursLines(entries: OpeningHourEntry[]): HoursLine[] {
  const byDay = new Map(entries.map((e) => [e.weekday, e]));
  const weekdays = [1, 2, 3, 4, 5].map((d) => text(byDay.get(d)));
  const lines: HoursLine[] = [];
  if (weekdays.every((h) => h === weekdays[0])) {
    lines.push({ days: "Mon-Fri", hours: weekdays[0] ?? "Closed" });
  } else {
    weekdays.forEach((h, i) => {
      lines.push({ days: DAY[i + 1] ?? "", hours: h });
    });
  }
  lines.push({ days: "Sat", hours: text(byDay.get(6)) });
  lines.push({ days: "Sun", hours: text(byDay.get(0)) });
  return lines;
}
