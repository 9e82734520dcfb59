import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeAuthHost } from "./fixtures";
import { INVALID_CODE, SignInForm, TOO_MANY } from "./SignInForm";

afterEach(() => localStorage.clear());

const phone = () => screen.getByLabelText("Mobile number") as HTMLInputElement;
const code = () => screen.getByLabelText("Verification code") as HTMLInputElement;

describe("sign-in form (docs/features/locations-forms-marketing.md §2 'Sign-in screen', §4, §5, §8)", () => {
  it("checks the phone, probes the rate limit, sends the code, then verifies", async () => {
    const host = fakeAuthHost();
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} fetchImpl={host.fetch} />);
    expect(code().disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Sign In" })).toHaveProperty("disabled", true);

    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(screen.getByRole("alert").textContent).toBe("This is a required field.");
    fireEvent.change(phone(), { target: { value: "0212345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid Australian mobile number.");
    expect(host.state.calls).toEqual([]);

    fireEvent.change(phone(), { target: { value: "+61 400 000 001" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await screen.findByRole("button", { name: "Resend Code" });
    expect(host.state.calls.map((c) => [c.url, c.body])).toEqual([
      ["/api/rate-limit", { phone: "0400000001" }],
      ["/api/v1/auth/send-code", { phone: "0400000001" }],
    ]);
    expect(phone().value).toBe("04 0000 0001");
    expect(code().disabled).toBe(false);

    // The code's errors appear in the red alert under the code field.
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByRole("alert").textContent).toBe("This is a required field.");
    fireEvent.change(code(), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByRole("alert").textContent).toBe("Code must be 6 digits.");
    fireEvent.change(code(), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(INVALID_CODE));
    const alert = screen.getByRole("alert");
    expect(code().compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(code().getAttribute("aria-describedby")).toBe(alert.id);

    fireEvent.change(code(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ id: 1, phone: "0400000001" }));
    expect(host.state.calls.at(-1)).toEqual({ url: "/api/v1/auth/verify", body: { phone: "0400000001", code: "123456" } });
    expect(JSON.parse(localStorage.getItem("forecourt:user-details") ?? "{}").phone).toBe("0400000001");
  });

  it("shows the too-many message when the rate-limit probe refuses, and sends no code", async () => {
    const host = fakeAuthHost();
    render(<SignInForm onSignedIn={() => {}} fetchImpl={host.fetch} />);
    fireEvent.change(phone(), { target: { value: "0400 000 429" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(TOO_MANY));
    expect(host.state.calls.map((c) => c.url)).toEqual(["/api/rate-limit"]);
    expect(code().disabled).toBe(true);
  });

  it("shows 'An unknown error occurred.' when the code cannot be sent, and sends saved details", async () => {
    localStorage.setItem("forecourt:user-details", JSON.stringify({ name: "Ada", last_name: "L", email: "a@example.com" }));
    const host = fakeAuthHost();
    render(<SignInForm onSignedIn={() => {}} fetchImpl={host.fetch} dealershipSlug="dd" />);
    fireEvent.change(phone(), { target: { value: "0400000502" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Code" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("An unknown error occurred."));
    expect(host.state.calls[1]?.body).toEqual({
      phone: "0400000502",
      first_name: "Ada",
      last_name: "L",
      email: "a@example.com",
      dealership_slug: "dd",
    });
  });
});
