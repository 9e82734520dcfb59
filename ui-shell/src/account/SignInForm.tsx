// The sign-in form (docs/features/locations-forms-marketing.md §2 "Sign-in screen": "A phone field with a Send Code
// button (after sending it reads Resend Code), a code field (enabled once a code is sent) and a
// submit. Errors appear in a red alert under the code field."; §4 "Phone verification"; §5; §7;
// §8). The calls go through ./api.ts with an injectable fetch (stories pass a fake host).
import { type FormEvent, useId, useState } from "react";
import { Button } from "../design/Button";
import { type FetchLike, probeRateLimit, type SendCodeBody, sendCode, UNKNOWN_ERROR, type User, verifyCode } from "./api";
import { checkCode, checkPhone, displayMobile } from "./phone";

/** 'Too many verification attempts. Please try again later.' (docs/features/locations-forms-marketing.md §8). */
export const TOO_MANY = "Too many verification attempts. Please try again later.";
/** 'The verification code is invalid. Please try again.' (docs/features/locations-forms-marketing.md §8). */
export const INVALID_CODE = "The verification code is invalid. Please try again.";

/**
 * Local-storage key of the saved user details (docs/features/locations-forms-marketing.md §3: name, last_name, email,
 * phone, postcode).
 */
export const USER_DETAILS_KEY = "forecourt:user-details";

/** Where the form is: docs/features/locations-forms-marketing.md §3 "Sign-in status values" plus the start. */
export type SignInStatus = "idle" | "verificationSent" | "verificationSubmitted";

/** The form's state (stories start from any of them). */
export interface SignInFormState {
  phone: string;
  code: string;
  /** The normalised number the code went to (null: no code sent yet). */
  sentTo: string | null;
  status: SignInStatus;
  busy: "send" | "verify" | null;
  error: string | null;
}

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  /** Called once the host verified the code (the session cookie is set). */
  onSignedIn: (user: User) => void;
  /** The site's dealership when it has only one (sent with the code). */
  dealershipSlug?: string;
  /** Start state (stories, tests); default an empty form. */
  initial?: Partial<SignInFormState>;
  fetchImpl?: FetchLike;
}

function savedDetails(): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(globalThis.localStorage?.getItem(USER_DETAILS_KEY) ?? "{}");
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function rememberPhone(phone: string): void {
  try {
    globalThis.localStorage?.setItem(USER_DETAILS_KEY, JSON.stringify({ ...savedDetails(), phone }));
  } catch {
    // Private mode: nothing to remember.
  }
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/**
 * The message for a failed auth call (docs/features/locations-forms-marketing.md §8): 429 'Too many verification
 * attempts. Please try again later.', 401 'The verification code is invalid. Please try again.',
 * 400 the host's field message ('This is a required field.', 'Code must be 6 digits.', 'Please
 * enter a valid Australian mobile number.'), anything else 'An unknown error occurred.'. Takes
 * the HTTP status (0: no answer) and the host's message; returns the text to show.
 */
export function authMessage(status: number, message: string): string {
  if (status === 429) return TOO_MANY;
  if (status === 401) return INVALID_CODE;
  if (status === 400 && message) return message;
  return UNKNOWN_ERROR;
}

/**
 * The sign-in form: phone and Send Code (Resend Code once sent), then the code (enabled once a
 * code is sent) and Sign In; errors in a red alert under the code field. Send Code checks the
 * phone, probes `POST /api/rate-limit` (non-OK: too many attempts), then `POST
 * /api/v1/auth/send-code`; Sign In checks the code and `POST /api/v1/auth/verify`. Takes
 * {@link SignInFormProps}; renders the form. Spec: docs/features/locations-forms-marketing.md §2, §4, §5, §7, §8.
 */
export function SignInForm({ onSignedIn, dealershipSlug, initial, fetchImpl }: SignInFormProps) {
  const [s, setS] = useState<SignInFormState>(() => ({
    phone: str(savedDetails().phone) ?? "",
    code: "",
    sentTo: null,
    status: "idle",
    busy: null,
    error: null,
    ...initial,
  }));
  const id = useId();
  const alertId = `${id}-alert`;
  const sent = s.sentTo !== null;
  const patch = (p: Partial<SignInFormState>) => setS((prev) => ({ ...prev, ...p }));

  const send = async () => {
    if (s.busy) return;
    const checked = checkPhone(s.phone);
    if ("error" in checked) return patch({ error: checked.error });
    patch({ busy: "send", error: null });
    const probe = await probeRateLimit(checked.phone, fetchImpl);
    if (!probe.ok) {
      const error = probe.status === 400 ? probe.error.message : probe.status === 0 ? UNKNOWN_ERROR : TOO_MANY;
      return patch({ busy: null, error });
    }
    const d = savedDetails();
    const body: SendCodeBody = { phone: checked.phone };
    const first = str(d.name);
    const last = str(d.last_name);
    const email = str(d.email);
    if (first) body.first_name = first;
    if (last) body.last_name = last;
    if (email) body.email = email;
    if (dealershipSlug) body.dealership_slug = dealershipSlug;
    const r = await sendCode(body, fetchImpl);
    if (!r.ok) return patch({ busy: null, error: authMessage(r.status, r.error.message) });
    patch({ busy: null, sentTo: r.data.phone, phone: displayMobile(r.data.phone), status: "verificationSent", code: "" });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (s.busy || s.sentTo === null) return;
    const checked = checkCode(s.code);
    if ("error" in checked) return patch({ error: checked.error });
    patch({ busy: "verify", error: null, status: "verificationSubmitted" });
    const r = await verifyCode(
      { phone: s.sentTo, code: checked.code, ...(dealershipSlug ? { dealership_slug: dealershipSlug } : {}) },
      fetchImpl,
    );
    if (!r.ok) return patch({ busy: null, status: "verificationSent", error: authMessage(r.status, r.error.message) });
    rememberPhone(r.data.user.phone);
    patch({ busy: null });
    onSignedIn(r.data.user);
  };

  const describedBy = s.error ? alertId : undefined;
  return (
    <form className="fc-signin" onSubmit={submit} noValidate data-status={s.status}>
      <div className="fc-field">
        <label className="fc-field__label" htmlFor={`${id}-phone`}>
          Mobile number
        </label>
        <div className="fc-signin__row">
          <input
            id={`${id}-phone`}
            className="fc-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="04XX XXX XXX"
            value={s.phone}
            onChange={(e) => patch({ phone: e.target.value })}
            aria-describedby={describedBy}
            required
          />
          <Button
            variant="secondary"
            onClick={send}
            disabled={s.busy !== null}
            aria-busy={s.busy === "send"}
            data-action="send-code"
          >
            {s.busy === "send" ? "Sending…" : sent ? "Resend Code" : "Send Code"}
          </Button>
        </div>
      </div>
      <div className="fc-field">
        <label className="fc-field__label" htmlFor={`${id}-code`}>
          Verification code
        </label>
        <input
          id={`${id}-code`}
          className="fc-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={s.code}
          disabled={!sent}
          onChange={(e) => patch({ code: e.target.value })}
          aria-describedby={describedBy}
          required
        />
      </div>
      {s.error ? (
        <p id={alertId} className="fc-signin__alert" role="alert">
          {s.error}
        </p>
      ) : sent ? (
        <p className="fc-muted" role="status">
          We sent a 6-digit code to {displayMobile(s.sentTo ?? "")}. It expires in 10 minutes.
        </p>
      ) : null}
      <Button type="submit" disabled={!sent || s.busy !== null} aria-busy={s.busy === "verify"}>
        {s.busy === "verify" ? "Signing in…" : "Sign In"}
      </Button>
    </form>
  );
}
