import { describe, expect, it } from "vitest";
import {
  applyClamped,
  DISCLAIMER_LIMIT,
  disclaimerPreview,
  initialInputs,
  nearestChoice,
  repaymentBody,
  termLabel,
} from "./finance";
import { CALCULATOR, CALCULATOR_CHOICES } from "./fixtures";
import { snapToGrid } from "./Slider";

describe("finance disclaimer (docs/features/shopper-core.md §9: 197 characters)", () => {
  it("keeps a disclaimer of 197 characters whole", () => {
    const t = "a".repeat(DISCLAIMER_LIMIT);
    expect(disclaimerPreview(t)).toEqual({ text: t, truncated: false });
  });

  it("cuts a longer one at a word within 197 characters, with an ellipsis", () => {
    const t = `${"word ".repeat(50)}end`; // 253 characters
    const p = disclaimerPreview(t);
    expect(p.truncated).toBe(true);
    expect(p.text.endsWith("…")).toBe(true);
    expect(p.text.length).toBeLessThanOrEqual(DISCLAIMER_LIMIT + 1);
    expect(t.startsWith(p.text.slice(0, -1))).toBe(true);
    expect(p.text.slice(0, -1).endsWith("word")).toBe(true);
  });

  it("cuts a 198-character text", () => {
    expect(disclaimerPreview("b".repeat(198)).truncated).toBe(true);
  });
});

describe("calculator inputs (docs/features/shopper-core.md §3, §5, §9)", () => {
  it("shows terms in years or months", () => {
    expect(termLabel(5)).toBe("5 years");
    expect(termLabel(1)).toBe("1 year");
    expect(termLabel(4.5)).toBe("4.5 years");
    expect(termLabel(5, "months")).toBe("60 months");
    expect(termLabel(1.5, "months")).toBe("18 months");
  });

  it("starts at the calculator's defaults (a list's default index)", () => {
    expect(initialInputs(CALCULATOR)).toEqual({
      amount: 30000,
      deposit: 0,
      residual: 0,
      termYears: 5,
      interest: 8.99,
      frequency: "week",
    });
    expect(
      initialInputs({ ...CALCULATOR_CHOICES, term: { ...CALCULATOR_CHOICES.term, default_index: 2 } as never }).termYears,
    ).toBe(3);
  });

  it("sends every input with the car's slug", () => {
    expect(repaymentBody("glc", initialInputs(CALCULATOR))).toEqual({
      car: "glc",
      amount: 30000,
      deposit: 0,
      term_years: 5,
      interest: 8.99,
      residual: 0,
      frequency: "week",
    });
  });

  it("moves only the clamped fields to the host's values, with the host's message", () => {
    const sent = { ...initialInputs(CALCULATOR), amount: 400000, deposit: 10 };
    const moved = applyClamped(sent, {
      clamped: [{ field: "amount", message: "Cannot be less than 5000 or more than 100000" }],
      inputs: { ...sent, amount: 100000, term_years: 5, establishment_fee: 1360.5, deposit: 10 },
    });
    expect(moved.inputs).toEqual({ ...sent, amount: 100000 });
    expect(moved.messages).toEqual({ amount: "Cannot be less than 5000 or more than 100000" });
  });

  it("picks the nearest term choice by index", () => {
    expect(nearestChoice([1, 2, 3, 4, 5], 5)).toBe(4);
    expect(nearestChoice([1, 2, 3, 4, 5], 2.4)).toBe(1);
    expect(nearestChoice([], 3)).toBe(0);
  });

  it("keeps slider values on the min + k x step grid (5.99 .. 15.99 by 0.5)", () => {
    expect(snapToGrid(6.5, 5.99, 15.99, 0.5)).toBe(6.49);
    expect(snapToGrid(7, 5.99, 15.99, 0.5)).toBe(6.99);
    expect(snapToGrid(16, 5.99, 15.99, 0.5)).toBe(15.99);
    expect(snapToGrid(3, 5.99, 15.99, 0.5)).toBe(5.99);
    expect(snapToGrid(30250, 5000, 100000, 500)).toBe(30500);
    expect(snapToGrid(2.74, 1, 7, 0.5)).toBe(2.5);
  });
});
