import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { KmField } from "./KmField";
import { DEFAULT_QUICK_PICKS, MoneyField } from "./MoneyField";
import { clampToRange } from "./NumberTextField";

function Money(props: {
  min?: number;
  max?: number;
  step?: number;
  required?: boolean;
  clampOnBlur?: boolean;
  onChange?: (v: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <MoneyField
      label="Loan amount"
      value={value}
      quickPicks={DEFAULT_QUICK_PICKS}
      onValueChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
      {...props}
    />
  );
}

describe("MoneyField", () => {
  it("shows a $ prefix and thousands separators as the shopper types, reporting whole dollars", () => {
    const onChange = vi.fn();
    render(<Money onChange={onChange} />);
    const input = screen.getByLabelText("Loan amount") as HTMLInputElement;
    expect(screen.getByText("$")).toBeTruthy();
    fireEvent.change(input, { target: { value: "1234567" } });
    expect(input.value).toBe("1,234,567");
    expect(onChange).toHaveBeenLastCalledWith(1234567);
    fireEvent.change(input, { target: { value: "$3,0a00" } });
    expect(input.value).toBe("3,000");
    expect(onChange).toHaveBeenLastCalledWith(3000);
  });

  it("clamps to min/max and rounds to the step on blur", () => {
    const onChange = vi.fn();
    render(<Money min={1000} max={100000} step={500} onChange={onChange} />);
    const input = screen.getByLabelText("Loan amount") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "250000" } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(100000);
    expect(input.value).toBe("100,000");
    fireEvent.change(input, { target: { value: "12345" } });
    fireEvent.blur(input);
    expect(input.value).toBe("12,500");
    fireEvent.change(input, { target: { value: "10" } });
    fireEvent.blur(input);
    expect(input.value).toBe("1,000");
  });

  it("shows the range message when not clamping, and the required message when empty", () => {
    render(<Money min={5000} max={100000} clampOnBlur={false} required />);
    const input = screen.getByLabelText(/Loan amount/) as HTMLInputElement;
    fireEvent.blur(input);
    expect(screen.getByRole("alert").textContent).toBe("This is a required field.");
    fireEvent.change(input, { target: { value: "200" } });
    fireEvent.blur(input);
    expect(screen.getByRole("alert").textContent).toBe("Cannot be less than $5,000 or more than $100,000");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(screen.getByRole("alert").id);
  });

  it("quick picks set the amount", () => {
    render(<Money />);
    fireEvent.click(screen.getByRole("button", { name: "$30,000" }));
    expect((screen.getByLabelText("Loan amount") as HTMLInputElement).value).toBe("30,000");
    expect(screen.getByRole("button", { name: "$30,000" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("clampToRange steps from min and clamps", () => {
    expect(clampToRange(1234, 1000, 5000, 500)).toBe(1000);
    expect(clampToRange(1300, 1000, 5000, 500)).toBe(1500);
    expect(clampToRange(9000, 1000, 5000, 500)).toBe(5000);
    expect(clampToRange(7, undefined, undefined, undefined)).toBe(7);
  });
});

describe("KmField", () => {
  it("shows a kms suffix and thousands separators", () => {
    function Km() {
      const [v, setV] = useState<number | null>(45210);
      return <KmField label="Odometer" value={v} onValueChange={setV} max={1000000} />;
    }
    render(<Km />);
    const input = screen.getByLabelText("Odometer") as HTMLInputElement;
    expect(input.value).toBe("45,210");
    expect(screen.getByText("kms")).toBeTruthy();
    fireEvent.change(input, { target: { value: "123456" } });
    expect(input.value).toBe("123,456");
    fireEvent.change(input, { target: { value: "2000000" } });
    fireEvent.blur(input);
    expect(input.value).toBe("1,000,000");
  });
});
