// The sidebar's quote fetch (once, the spec's body, failures silent) and its teaser and
// market-price indicator.
import { render, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CAR_FINANCE, CAR_YOUX, QUOTE } from "./fixtures";
import { financeFigures, useFinanceQuote } from "./quote";
import { FinanceTeaser } from "./Teaser";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("useFinanceQuote (docs/features/shopper-core.md §4, §7, §8)", () => {
  it("posts the spec's quote body once and returns the answer", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(200, QUOTE));
    const { result, rerender } = renderHook(({ res }) => useFinanceQuote(res), { initialProps: { res: CAR_FINANCE } });
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(result.current).toEqual({ status: "ok", quote: QUOTE }));
    rerender({ res: CAR_FINANCE });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/finance/quote");
    expect(JSON.parse(String(init?.body))).toEqual({
      car: CAR_FINANCE.car.slug,
      selfAssessedCreditScore: "GREAT",
      purchasePrice: CAR_FINANCE.car.price,
      loanTerm: 5,
      year: CAR_FINANCE.car.year,
      vin: CAR_FINANCE.car.vin ?? null,
      nvic: CAR_FINANCE.car.nvic ?? null,
      whoIsHelping: null,
    });
  });

  it("ignores a failure silently", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(502, { error: { code: "lender", message: "down" } }));
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    const { result } = renderHook(() => useFinanceQuote(CAR_FINANCE));
    await waitFor(() => expect(result.current.status).toBe("failed"));
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("asks nothing when the car has its own quote or no price", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    expect(renderHook(() => useFinanceQuote(CAR_YOUX)).result.current.status).toBe("none");
    const free = { ...CAR_FINANCE, car: { ...CAR_FINANCE.car, price: 0 } };
    expect(renderHook(() => useFinanceQuote(free)).result.current.status).toBe("none");
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("FinanceTeaser", () => {
  it("shows the weekly teaser and the market indicator", () => {
    render(
      <FinanceTeaser
        figures={financeFigures(CAR_FINANCE, { status: "ok", quote: QUOTE })}
        price={82990}
        averages={{ state_average_market_price: 85500, average_market_price: 86000 }}
      />,
    );
    expect(document.querySelector("[data-finance-teaser]")?.textContent).toContain("$152/wk");
    expect(document.querySelector('[data-market-indicator="state"]')?.textContent).toBe(
      "$2,510 below the state market average of $85,500",
    );
  });

  it("shows a loading line while the quote loads, and nothing when the widget is hidden", () => {
    const { rerender, container } = render(
      <FinanceTeaser figures={financeFigures(CAR_FINANCE, { status: "loading" })} price={82990} averages={null} />,
    );
    expect(screen.getByText("Loading finance estimate")).toBeTruthy();
    rerender(
      <FinanceTeaser
        figures={financeFigures(CAR_FINANCE, { status: "ok", quote: { ...QUOTE, show_widget: false } })}
        price={82990}
        averages={{ average_market_price: 83000 }}
      />,
    );
    expect(container.innerHTML).toBe("");
  });
});
