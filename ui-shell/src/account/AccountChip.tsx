// The header's account chip (issue 25: "the header must show who is signed in, with sign-out"):
// shown only when the hint (./hint.ts) says a visitor is signed in, so guests' first loads carry
// no session code; the session check and the sign-out load on demand.
// Spec: docs/features/locations-forms-marketing.md §6, §7 "Auth provider: sign out".
import { useEffect, useState, useSyncExternalStore } from "react";
import { useNavigate } from "../app/router";
// Its styles (./chip.css) are in the first load's stylesheet (src/main.tsx): a CSS import here put
// the chip in the entry's chunk and made the app chunk import that chunk back (vite.config.ts
// `firstLoad`'s check).
import { readSignedInHint, subscribeSignedInHint } from "./hint";

/** The path of the signed-in visitor's account page (the garage, src/routes/table.ts). */
export const ACCOUNT_PATH = "/my-garage";

/** `0412345678` → `04 1234 5678` (the 2-4-4 display groups of src/account/phone.ts, kept here to stay small). */
function grouped(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}` : phone;
}

/**
 * 'Signed in as {phone}' (a link to the account page) and a Sign out button, while the visitor is
 * signed in; nothing otherwise. When the hint says signed in, the session is confirmed with the
 * host once (an expired session clears the chip). Sign out calls the host, then goes home; a
 * failure shows the host's message in a browser alert. Takes nothing; renders a `<div>` or nothing.
 */
export function AccountChip() {
  const phone = useSyncExternalStore(subscribeSignedInHint, readSignedInHint, () => null);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const signedIn = phone !== null;
  useEffect(() => {
    if (signedIn) void import("./session").then((m) => m.ensureSession());
  }, [signedIn]);
  if (!signedIn) return null;
  const leave = async () => {
    setLeaving(true);
    const m = await import("./signout");
    const err = await m.signOutVisitor();
    setLeaving(false);
    if (err) globalThis.alert?.(err);
    else navigate("/", { replace: true });
  };
  return (
    <div className="fc-account-chip" data-account="signed-in">
      <a href={ACCOUNT_PATH}>
        <span className="fc-account-chip__label">Signed in as </span>
        {phone ? grouped(phone) : "you"}
      </a>
      <button type="button" className="fc-account-chip__out" onClick={leave} disabled={leaving} data-action="sign-out">
        {leaving ? "Signing out…" : "Sign out"}
      </button>
    </div>
  );
}
