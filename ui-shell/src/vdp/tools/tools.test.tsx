// The tools' components in jsdom with a fake host: the calculator asks the host (debounced, one
// request per burst) and shows its answer, clamp messages and the Enquire text; the delivery
// calculator's states; the gauge's failure log; the fuel calculator's inputs.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike, RepaymentAnswer } from "./api";
import { clearAutogaugeCache } from "./api";
import DeliveryCalculator, { EMPTY_POSTCODE, NO_ESTIMATE } from "./DeliveryCalculator";
import FinanceCalculator from "./FinanceCalculator";
import FuelCalculator from "./FuelCalculator";
import { CALCULATOR_CHOICES, CAR_ELECTRIC, CAR_FINANCE, DELIVERY, fakeRepayment, GAUGE } from "./fixtures";
import PriceGauge, { GAUGE_FAILURE } from "./PriceGauge";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fake fetch answering repayments with `answer(body)`, recording each body. */
function repaymentHost(answer: (body: Record<string, unknown>) => RepaymentAnswer) {
  const bodies: Record<string, unknown>[] = [];
  const fetchImpl: FetchLike = async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    return json(200, answer(body));
  };
  return { bodies, fetchImpl };
}

describe("FinanceCalculator", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks the host once for the defaults and shows its display and total", async () => {
    const host = repaymentHost((b) => fakeRepayment(b as never));
    render(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host.fetchImpl} />);
    expect(screen.getByText("Calculating…")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(document.querySelector("[data-repayment]")?.textContent).toBe("$147/wk"));
    expect(host.bodies).toEqual([
      { car: CAR_FINANCE.car.slug, amount: 30000, deposit: 0, term_years: 5, interest: 8.99, residual: 0, frequency: "week" },
    ]);
    expect(document.querySelector("[data-total]")?.textContent).toBe("$38,220");
    expect(screen.getByText("Includes an establishment fee of $1,360.50")).toBeTruthy();
    const amount = screen.getByRole("slider", { name: "Loan amount" });
    expect(amount.getAttribute("aria-valuemin")).toBe("5000");
    expect(amount.getAttribute("aria-valuemax")).toBe("100000");
    expect(amount.getAttribute("aria-valuetext")).toBe("$30,000");
  });

  it("debounces a burst of key presses into one request with the last amount", async () => {
    const host = repaymentHost((b) => fakeRepayment(b as never));
    render(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host.fetchImpl} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(host.bodies).toHaveLength(1));
    const amount = screen.getByRole("slider", { name: "Loan amount" });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(amount, { key: "ArrowRight" });
    // Timers also follow real time here (testing-library's waitFor needs it): leave some slack.
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(host.bodies).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(host.bodies).toHaveLength(2));
    expect(host.bodies[1]?.amount).toBe(32000);
  });

  it("the loan amount can be typed: committed on Enter or blur, clamped by the host (issue 39)", async () => {
    const host = repaymentHost((b) => fakeRepayment(b as never));
    render(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host.fetchImpl} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(host.bodies).toHaveLength(1));
    const field = screen.getByRole("textbox", { name: "Loan amount in dollars" }) as HTMLInputElement;
    expect(field.value).toBe("30,000");
    // Typing asks nothing until the amount is committed (the host's clamp never rewrites a half-typed number).
    fireEvent.change(field, { target: { value: "4" } });
    fireEvent.change(field, { target: { value: "42x500" } });
    expect(field.value).toBe("42,500");
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(host.bodies).toHaveLength(1);
    fireEvent.keyDown(field, { key: "Enter" });
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(host.bodies).toHaveLength(2));
    expect(host.bodies[1]?.amount).toBe(42500);
    expect(screen.getByRole("slider", { name: "Loan amount" }).getAttribute("aria-valuenow")).toBe("42500");
    // Out of range: sent as typed, the host clamps it and says so; the field shows the host's value.
    fireEvent.change(field, { target: { value: "999999" } });
    fireEvent.blur(field);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(screen.getByText("Cannot be less than 5000 or more than 100000")).toBeTruthy());
    expect(host.bodies.at(-1)?.amount).toBe(999999);
    expect(field.value).toBe("100,000");
    // An emptied field goes back to the amount.
    fireEvent.change(field, { target: { value: "" } });
    fireEvent.blur(field);
    expect(field.value).toBe("100,000");
  });

  it("shows a clamped field's message under it and moves it to the host's value, without asking again", async () => {
    const host = repaymentHost((b) => fakeRepayment(b as never));
    render(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host.fetchImpl} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    const deposit = screen.getByLabelText("Deposit or trade-in") as HTMLInputElement;
    fireEvent.change(deposit, { target: { value: "300000" } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(screen.getByText("Cannot be less than 0 or more than 250000")).toBeTruthy());
    expect(deposit.value).toBe("250,000");
    const sent = host.bodies.length;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(host.bodies).toHaveLength(sent);
  });

  it("shows 'Enquire for Finance' and a blank total when the host gives the text", async () => {
    const host = repaymentHost((b) => ({
      ...fakeRepayment(b as never),
      per_period: null,
      total: null,
      display: "Enquire for Finance",
      text: "Enquire for Finance",
    }));
    render(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host.fetchImpl} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(document.querySelector("[data-repayment]")?.textContent).toBe("Enquire for Finance"));
    expect(document.querySelector("[data-total]")?.textContent).toBe("");
  });

  it("truncates the disclaimer at 197 characters with More/Less", async () => {
    const host = repaymentHost((b) => fakeRepayment(b as never));
    render(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host.fetchImpl} />);
    const box = document.querySelector("[data-disclaimer]") as HTMLElement;
    expect(box.dataset.disclaimer).toBe("collapsed");
    expect((box.querySelector("p")?.textContent ?? "").length).toBeLessThanOrEqual(198);
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    expect(box.dataset.disclaimer).toBe("expanded");
    expect(box.querySelector("p")?.textContent).toBe(CAR_FINANCE.finance?.calculator.disclaimer);
  });

  it("offers a list of terms in months and a disabled interest field", async () => {
    const host = repaymentHost((b) => fakeRepayment(b as never, CALCULATOR_CHOICES));
    const res = { ...CAR_FINANCE, finance: { ...CAR_FINANCE.finance, calculator: CALCULATOR_CHOICES } } as typeof CAR_FINANCE;
    render(<FinanceCalculator res={res} fetchImpl={host.fetchImpl} />);
    const term = screen.getByRole("slider", { name: "Loan term" });
    expect(term.getAttribute("aria-valuetext")).toBe("60 months");
    fireEvent.keyDown(term, { key: "ArrowLeft" });
    expect(term.getAttribute("aria-valuetext")).toBe("48 months");
    expect((screen.getByLabelText("Interest rate") as HTMLInputElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(host.bodies.at(-1)?.term_years).toBe(4));
    expect(host.bodies.at(-1)?.interest).toBe(12.94);
  });

  it("renders nothing without a calculator", () => {
    const { container } = render(<FinanceCalculator res={{ ...CAR_FINANCE, finance: null }} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("DeliveryCalculator", () => {
  it("asks for a postcode without calling the host", async () => {
    const fetchImpl = vi.fn<FetchLike>();
    render(<DeliveryCalculator res={CAR_FINANCE} fetchImpl={fetchImpl} />);
    fireEvent.click(screen.getByRole("button", { name: "Calculate delivery" }));
    await waitFor(() => expect(screen.getByText(EMPTY_POSTCODE)).toBeTruthy());
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("shows the price and region for a postcode", async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => json(200, DELIVERY));
    render(<DeliveryCalculator res={CAR_FINANCE} fetchImpl={fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Your postcode"), { target: { value: "4000" } });
    fireEvent.click(screen.getByRole("button", { name: "Calculate delivery" }));
    await waitFor(() => expect(document.querySelector("[data-delivery-price]")?.textContent).toContain("$1,190"));
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(`/api/v1/cars/${CAR_FINANCE.car.slug}/delivery?postcode=4000`);
    expect(screen.getByText("(South East Queensland)")).toBeTruthy();
  });

  it("shows the Sorry text when the host has no price, and the host's postcode error on a 400", async () => {
    let answer = json(200, { ...DELIVERY, price: null, name: null, message: null });
    const fetchImpl = vi.fn<FetchLike>(async () => answer);
    render(<DeliveryCalculator res={CAR_FINANCE} fetchImpl={fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Your postcode"), { target: { value: "0872" } });
    fireEvent.click(screen.getByRole("button", { name: "Calculate delivery" }));
    await waitFor(() => expect(screen.getByText(NO_ESTIMATE)).toBeTruthy());
    answer = json(400, { error: { code: "invalid_field", message: "Unknown postcode 0001.", field: "postcode" } });
    fireEvent.change(screen.getByLabelText("Your postcode"), { target: { value: "0001" } });
    fireEvent.click(screen.getByRole("button", { name: "Calculate delivery" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Unknown postcode 0001."));
    expect(screen.getByLabelText("Your postcode").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("PriceGauge", () => {
  beforeEach(() => clearAutogaugeCache());

  it("logs 'Failed to fetch auto gauge data.' and renders nothing on failure", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(<PriceGauge res={CAR_FINANCE} load={() => Promise.reject(new Error("500"))} />);
    await waitFor(() => expect(error).toHaveBeenCalledWith(GAUGE_FAILURE));
    expect(container.innerHTML).toBe("");
  });

  it("renders nothing for an answer the rules hide, and the gauge for one they show", async () => {
    const { container, rerender } = render(<PriceGauge res={CAR_FINANCE} load={async () => ({ ...GAUGE, confidence: 0.2 })} />);
    await act(() => Promise.resolve());
    expect(container.innerHTML).toBe("");
    rerender(<PriceGauge res={CAR_FINANCE} load={async () => GAUGE} />);
    await waitFor(() => expect(screen.getByText(GAUGE.description as string)).toBeTruthy());
    expect(document.querySelector("[data-gauge-fill]")?.getAttribute("data-gauge-fill")).toBe("62");
  });
});

describe("FuelCalculator", () => {
  it("costs the defaults with the car's consumption and follows edits", () => {
    render(<FuelCalculator res={{ ...CAR_FINANCE, car: { ...CAR_FINANCE.car, fuelconsumptioncombined: 10 } }} />);
    expect(document.querySelector('[data-fuel-cost="week"]')?.textContent).toBe("$42.50");
    expect(document.querySelector('[data-fuel-cost="year"]')?.textContent).toBe("$2,210");
    fireEvent.change(screen.getByLabelText("Distance (km per week)"), { target: { value: "500" } });
    expect(document.querySelector('[data-fuel-cost="week"]')?.textContent).toBe("$85");
  });

  it("renders nothing for an electric car", () => {
    const { container } = render(<FuelCalculator res={CAR_ELECTRIC} />);
    expect(container.innerHTML).toBe("");
  });
});
