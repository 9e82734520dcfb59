import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CAR, CAR_SOLD, NOW } from "../__tests__/fixtures";
import { agoText, confirmedText, PriceHistory, reducedText } from "./PriceHistory";

const now = new Date(NOW * 1000); // 2026-11-21T00:00:00Z, 10 am in Brisbane
const HOUR = 3_600;

describe("price history and freshness on the VDP (docs/features/platform.md 'Price history and freshness')", () => {
  it("says the drop in dollars on the date in the tenant's time zone", () => {
    // 2026-11-11T15:30Z is 12 Nov in Sydney (UTC+11) and still 11 Nov in Perth (UTC+8).
    const drop = { amount: 1000, from: 24990, to: 23990, at: Date.UTC(2026, 10, 11, 15, 30) / 1000 };
    expect(reducedText(drop, "Australia/Sydney", now)).toBe("Price reduced by $1,000 on 12 Nov");
    expect(reducedText(drop, "Australia/Perth", now)).toBe("Price reduced by $1,000 on 11 Nov");
    const lastYear = { ...drop, amount: 12500, at: Date.UTC(2025, 11, 20) / 1000 };
    expect(reducedText(lastYear, "Australia/Brisbane", now)).toBe("Price reduced by $12,500 on 20 Dec 2025");
  });

  it("says the confirmation's age in the largest whole unit", () => {
    expect(agoText(NOW - 3 * HOUR - 59 * 60, now)).toBe("3 hours ago");
    expect(agoText(NOW - HOUR, now)).toBe("1 hour ago");
    expect(agoText(NOW - 5 * 60, now)).toBe("5 minutes ago");
    expect(agoText(NOW - 24 * HOUR, now)).toBe("yesterday");
    expect(agoText(NOW - 3 * 24 * HOUR, now)).toBe("3 days ago");
    expect(agoText(NOW - 20, now)).toBe("just now");
    expect(agoText(NOW + 90, now)).toBe("just now");
  });

  it("confirms only a car in stock that a feed listed", () => {
    expect(confirmedText("in_stock", NOW - 3 * HOUR, now)).toBe("In stock, confirmed 3 hours ago");
    expect(confirmedText("in_stock", null, now)).toBeNull();
    expect(confirmedText("coming_soon", NOW, now)).toBeNull();
    expect(confirmedText("sold", NOW, now)).toBeNull();
  });

  it("renders both lines, one, or nothing", () => {
    const drop = { amount: 1000, from: 83990, to: 82990, at: NOW - 2 * 24 * HOUR };
    const { rerender, container } = render(
      <PriceHistory res={{ ...CAR, price_drop: drop, confirmed_at: NOW - 3 * HOUR }} timeZone="Australia/Sydney" now={now} />,
    );
    expect(screen.getByText("Price reduced by $1,000 on 19 Nov")).toBeTruthy();
    expect(screen.getByText("In stock, confirmed 3 hours ago").tagName).toBe("TIME");
    rerender(
      <PriceHistory res={{ ...CAR, price_drop: null, confirmed_at: NOW - 3 * HOUR }} timeZone="Australia/Sydney" now={now} />,
    );
    expect(screen.queryByText(/Price reduced/)).toBeNull();
    expect(screen.getByText("In stock, confirmed 3 hours ago")).toBeTruthy();
    rerender(<PriceHistory res={{ ...CAR_SOLD, price_drop: null, confirmed_at: NOW }} timeZone="Australia/Sydney" now={now} />);
    expect(container.innerHTML).toBe("");
  });
});
