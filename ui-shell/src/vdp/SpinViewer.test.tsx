import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Spin } from "./SpinViewer";

const frames = Array.from({ length: 4 }, (_, i) => `/img/spin/${i}.png`);

describe("the spin's full screen (issue 25: not built; docs/features/shopper-core.md §4 'full-screen is a separate state')", () => {
  it("opens the spin in a full-screen dialog, with no second full-screen button inside", () => {
    render(<Spin frames={frames} name="2026 IM IM6" hotspots={[]} positions={{}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Full screen 360° view of 2026 IM IM6" }));
    const dialog = screen.getByRole("dialog", { name: "2026 IM IM6, 360° view" });
    expect(within(dialog).getByRole("slider", { name: /360° view/ })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: /Full screen/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
