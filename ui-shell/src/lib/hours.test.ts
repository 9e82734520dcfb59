// Opening hours (docs/features/locations-forms-marketing.md §4 "Opening hours display") and holiday hours (§9
// "Holiday hours use 12-hour am/pm format from UTC time").
import { describe, expect, it } from "vitest";
import type { OpeningHourEntry } from "../api/types";
import { formatHolidayHours, twelveHour, upcomingHolidayHours } from "./holidays";
import { openingHoursLines } from "./hours";

const open = (weekday: number, formated_hours: string): OpeningHourEntry => ({ weekday, status: "Open", formated_hours });
const closed = (weekday: number): OpeningHourEntry => ({ weekday, status: "Closed", formated_hours: "Closed" });

describe("openingHoursLines", () => {
  it("collapses Mon-Fri when all five are equal, whatever the order of the entries", () => {
    const week = [closed(0), open(6, "8:00 am - 12:00 pm"), ...[5, 3, 1, 4, 2].map((d) => open(d, "7:30 am - 5:30 pm"))];
    expect(openingHoursLines(week)).toEqual([
      { days: "Mon-Fri", hours: "7:30 am - 5:30 pm" },
      { days: "Sat", hours: "8:00 am - 12:00 pm" },
      { days: "Sun", hours: "Closed" },
    ]);
  });

  it("keeps the weekdays apart when one differs (a late Thursday)", () => {
    const week = [1, 2, 3, 5].map((d) => open(d, "8:30 am - 5:30 pm"));
    const lines = openingHoursLines([...week, open(4, "8:30 am - 7:00 pm"), open(6, "8:30 am - 4:00 pm"), closed(0)]);
    expect(lines.map((l) => l.days)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(lines[3]).toEqual({ days: "Thu", hours: "8:30 am - 7:00 pm" });
  });

  it("reads a missing day as Closed, and an all-closed week collapses too", () => {
    expect(openingHoursLines([open(1, "9:00 am - 5:00 pm")]).map((l) => l.hours)).toEqual([
      "9:00 am - 5:00 pm",
      "Closed",
      "Closed",
      "Closed",
      "Closed",
      "Closed",
      "Closed",
    ]);
    expect(openingHoursLines([])[0]).toEqual({ days: "Mon-Fri", hours: "Closed" });
  });
});

describe("twelveHour", () => {
  it.each([
    ["09:00", "9:00 am"],
    ["13:30", "1:30 pm"],
    ["00:15", "12:15 am"],
    ["12:00", "12:00 pm"],
    ["23:59", "11:59 pm"],
    ["9:05", "9:05 am"],
  ])("%s -> %s", (hhmm, text) => {
    expect(twelveHour(hhmm)).toBe(text);
  });

  it("is null for text that is not a time", () => {
    expect(twelveHour(null)).toBeNull();
    expect(twelveHour("")).toBeNull();
    expect(twelveHour("25:00")).toBeNull();
    expect(twelveHour("noon")).toBeNull();
  });
});

describe("formatHolidayHours", () => {
  it("shows a closed day as 'Mon 26 Dec: Closed'", () => {
    expect(formatHolidayHours({ date: "2022-12-26", status: "Closed", start_hour: null, end_hour: null })).toBe(
      "Mon 26 Dec: Closed",
    );
  });

  it("shows an open day's hours in 12-hour am/pm", () => {
    expect(formatHolidayHours({ date: "2026-12-26", status: "Open", start_hour: "09:00", end_hour: "13:00" })).toBe(
      "Sat 26 Dec: 9:00 am - 1:00 pm",
    );
    expect(formatHolidayHours({ date: "2027-01-01", status: "Open", start_hour: "10:00", end_hour: "14:30" })).toBe(
      "Fri 1 Jan: 10:00 am - 2:30 pm",
    );
  });

  it("reads the date as UTC, so the weekday does not depend on the visitor's time zone", () => {
    // 2026-12-25 is a Friday everywhere: built with Date.UTC, never `new Date("2026-12-25")` in local time.
    const tz = process.env.TZ;
    for (const zone of ["Pacific/Honolulu", "Australia/Perth", "Pacific/Kiritimati"]) {
      process.env.TZ = zone;
      expect(formatHolidayHours({ date: "2026-12-25", status: "Closed" })).toBe("Fri 25 Dec: Closed");
    }
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it("says Open for an open day without both hours, and nothing for a malformed date", () => {
    expect(formatHolidayHours({ date: "2026-12-24", status: "Open", start_hour: "09:00", end_hour: null })).toBe(
      "Thu 24 Dec: Open",
    );
    expect(formatHolidayHours({ date: "24/12/2026", status: "Closed" })).toBe("");
  });
});

describe("upcomingHolidayHours", () => {
  it("keeps today and later, soonest first", () => {
    const entries = [
      { date: "2027-01-01", status: "Closed" },
      { date: "2026-11-20", status: "Closed" },
      { date: "2026-12-25", status: "Closed" },
      { date: "2026-11-21", status: "Open", start_hour: "10:00", end_hour: "14:00" },
    ];
    expect(upcomingHolidayHours(entries, "2026-11-21").map((e) => e.date)).toEqual(["2026-11-21", "2026-12-25", "2027-01-01"]);
  });
});
