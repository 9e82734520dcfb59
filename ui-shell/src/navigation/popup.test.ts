import { describe, expect, it } from "vitest";
import type { Popup } from "../api/types";
import { isExpired, isPopupVisible, popupStorageKey, rememberDismissed, wasDismissed } from "./popup";

const NOW = Date.parse("2026-11-21T00:00:00Z");
const popup = (expires_at: string | null): Popup => ({
  id: "p1",
  image_url: null,
  title: "Sale",
  description: "",
  button: null,
  expires_at,
});

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe("popup expiry", () => {
  it("expires at or after expires_at, never without one, and ignores an unreadable date", () => {
    expect(isExpired(popup("2026-11-20T23:59:59Z"), NOW)).toBe(true);
    expect(isExpired(popup("2026-11-21T00:00:00Z"), NOW)).toBe(true);
    expect(isExpired(popup("2026-11-21T00:00:01Z"), NOW)).toBe(false);
    expect(isExpired(popup("2026-11-21T10:00:00+10:00"), NOW)).toBe(true);
    expect(isExpired(popup(null), NOW)).toBe(false);
    expect(isExpired(popup("soon"), NOW)).toBe(false);
  });
});

describe("isPopupVisible", () => {
  it("shows a popup that is neither dismissed nor expired", () => {
    expect(isPopupVisible(popup("2027-01-01T00:00:00Z"), NOW, false, "/")).toBe(true);
    expect(isPopupVisible(popup(null), NOW, false, "/cars/x")).toBe(true);
  });
  it("hides it once dismissed, after its expiry, without one, and on the sign-in page", () => {
    expect(isPopupVisible(popup(null), NOW, true, "/")).toBe(false);
    expect(isPopupVisible(popup("2026-01-01T00:00:00Z"), NOW, false, "/")).toBe(false);
    expect(isPopupVisible(null, NOW, false, "/")).toBe(false);
    expect(isPopupVisible(undefined, NOW, false, "/")).toBe(false);
    expect(isPopupVisible(popup(null), NOW, false, "/sign-in")).toBe(false);
    expect(isPopupVisible(popup(null), NOW, false, "/sign-in-help")).toBe(true);
  });
});

describe("dismissal memory", () => {
  it("remembers a dismissal per popup id under fc-popup-dismissed:{id}", () => {
    const store = memoryStore();
    expect(wasDismissed("p1", store)).toBe(false);
    rememberDismissed("p1", store, NOW);
    expect(store.m.get(popupStorageKey("p1"))).toBe(String(NOW));
    expect(popupStorageKey("p1")).toBe("fc-popup-dismissed:p1");
    expect(wasDismissed("p1", store)).toBe(true);
    expect(wasDismissed("p2", store)).toBe(false);
  });
  it("counts a store that throws or is missing as not dismissed", () => {
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    };
    expect(wasDismissed("p1", broken)).toBe(false);
    expect(() => rememberDismissed("p1", broken)).not.toThrow();
    expect(wasDismissed("p1", null)).toBe(false);
  });
});
