import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Carousel } from "./Carousel";

const slides = ["A", "B", "C", "D"].map((s) => <p key={s}>{s}</p>);

describe("Carousel", () => {
  it("disables Previous at the start and Next at the end (docs/features/locations-forms-marketing.md §4)", () => {
    const onIndex = vi.fn();
    render(<Carousel label="Cars" items={slides} perView={2} onIndexChange={onIndex} />);
    const prev = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(onIndex).toHaveBeenLastCalledWith(2);
    expect(next.disabled).toBe(true);
    expect(prev.disabled).toBe(false);
    fireEvent.click(next);
    expect(onIndex).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Showing 3 to 4 of 4")).toBeTruthy();
  });

  it("marks off-screen slides hidden and moves with arrow keys", () => {
    render(<Carousel label="Cars" items={slides} />);
    const groups = screen.getAllByRole("group", { hidden: true });
    expect(groups.map((g) => g.getAttribute("aria-hidden"))).toEqual(["false", "true", "true", "true"]);
    fireEvent.keyDown(screen.getByRole("region", { name: "Cars" }), { key: "ArrowRight" });
    expect(screen.getAllByRole("group", { hidden: true })[1]?.getAttribute("aria-hidden")).toBe("false");
  });

  it("wraps around and never disables the arrows when looping", () => {
    render(<Carousel label="Hero" items={slides} loop dots />);
    const prev = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    expect(prev.disabled).toBe(false);
    fireEvent.click(prev);
    expect(screen.getByRole("button", { name: "Go to 4" }).getAttribute("aria-current")).toBe("true");
  });

  it("shows no arrows when everything fits", () => {
    render(<Carousel label="One" items={[<p key="x">x</p>]} />);
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });
});
