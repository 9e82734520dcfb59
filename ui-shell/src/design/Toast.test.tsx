import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastProvider, useToast } from "./Toast";

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => toast.show({ title: "Car Saved In Watchlist", action: { label: "View List", href: "/watchlist" } })}
      >
        save
      </button>
      <button type="button" onClick={() => toast.show({ title: "Car Removed" })}>
        remove
      </button>
    </>
  );
}

describe("Toast", () => {
  it("shows at most one toast: a new one replaces the current (limit 1)", async () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText("save"));
    expect(await screen.findByText("Car Saved In Watchlist")).toBeTruthy();
    expect(screen.getByText("View List")).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByText("remove"));
    });
    expect(screen.queryByText("Car Saved In Watchlist")).toBeNull();
    expect(screen.getAllByText("Car Removed")).toHaveLength(1);
  });

  it("honours a larger limit", async () => {
    render(
      <ToastProvider limit={2}>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText("save"));
    fireEvent.click(screen.getByText("remove"));
    fireEvent.click(screen.getByText("remove"));
    await screen.findAllByText("Car Removed");
    expect(screen.queryByText("Car Saved In Watchlist")).toBeNull();
    expect(screen.getAllByText("Car Removed")).toHaveLength(2);
  });

  it("throws outside a provider", () => {
    expect(() => render(<Trigger />)).toThrow(/ToastProvider/);
  });
});
