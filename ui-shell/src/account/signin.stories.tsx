// The sign-in form's states (docs/features/locations-forms-marketing.md §2 "Sign-in screen", §3 "Sign-in status
// values", §4 "Phone verification", §8) against a fake host (./fixtures: code 123456 is right,
// 0400 000 429 is rate-limited, 0400 000 502 cannot be texted).
import type { Meta, StoryObj } from "@storybook/react-vite";
import { fakeAuthHost } from "./fixtures";
import { INVALID_CODE, SignInForm, TOO_MANY } from "./SignInForm";
import "./account.css";

const meta: Meta = { title: "Sign-in form" };
export default meta;
type Story = StoryObj;

const wrap = (node: React.ReactNode) => <div style={{ maxWidth: 480 }}>{node}</div>;
const done = () => {};

export const Empty: Story = {
  name: "Not sent: phone and Send Code, code field disabled",
  render: () => wrap(<SignInForm onSignedIn={done} fetchImpl={fakeAuthHost().fetch} />),
};

export const InvalidPhone: Story = {
  name: "Invalid phone (no code sent)",
  render: () =>
    wrap(
      <SignInForm
        onSignedIn={done}
        fetchImpl={fakeAuthHost().fetch}
        initial={{ phone: "02 5550 0101", error: "Please enter a valid Australian mobile number." }}
      />,
    ),
};

export const Sending: Story = {
  name: "Sending the code",
  render: () =>
    wrap(<SignInForm onSignedIn={done} fetchImpl={fakeAuthHost().fetch} initial={{ phone: "0412 345 678", busy: "send" }} />),
};

export const CodeSent: Story = {
  name: "verificationSent: Resend Code, code field enabled",
  render: () =>
    wrap(
      <SignInForm
        onSignedIn={done}
        fetchImpl={fakeAuthHost().fetch}
        initial={{ phone: "04 1234 5678", sentTo: "0412345678", status: "verificationSent" }}
      />,
    ),
};

export const CodeTooShort: Story = {
  name: "Code must be 6 digits",
  render: () =>
    wrap(
      <SignInForm
        onSignedIn={done}
        fetchImpl={fakeAuthHost().fetch}
        initial={{
          phone: "04 1234 5678",
          sentTo: "0412345678",
          status: "verificationSent",
          code: "123",
          error: "Code must be 6 digits.",
        }}
      />,
    ),
};

export const Verifying: Story = {
  name: "verificationSubmitted: signing in",
  render: () =>
    wrap(
      <SignInForm
        onSignedIn={done}
        fetchImpl={fakeAuthHost({ delayMs: 60_000 }).fetch}
        initial={{ phone: "04 1234 5678", sentTo: "0412345678", status: "verificationSubmitted", code: "123456", busy: "verify" }}
      />,
    ),
};

export const InvalidCode: Story = {
  name: "Invalid code (red alert under the code field)",
  render: () =>
    wrap(
      <SignInForm
        onSignedIn={done}
        fetchImpl={fakeAuthHost().fetch}
        initial={{ phone: "04 1234 5678", sentTo: "0412345678", status: "verificationSent", code: "654321", error: INVALID_CODE }}
      />,
    ),
};

export const TooManyAttempts: Story = {
  name: "Too many verification attempts",
  render: () =>
    wrap(<SignInForm onSignedIn={done} fetchImpl={fakeAuthHost().fetch} initial={{ phone: "0400 000 429", error: TOO_MANY }} />),
};

export const Interactive: Story = {
  name: "Interactive (fake host: code 123456; 0400 000 429 rate-limited)",
  render: () =>
    wrap(
      <SignInForm onSignedIn={(u) => window.alert(`Signed in as ${u.phone}`)} fetchImpl={fakeAuthHost({ delayMs: 400 }).fetch} />,
    ),
};
