// The sign-in page, /sign-in?type=...&redirect=...&back=... (docs/features/locations-forms-marketing.md §2 "Sign-in
// screen", §4 "Phone verification"; docs/features/shopper-core.md §2 "/sign-in?type=watchlist"). A lazy route chunk.
import { ArrowLeft } from "lucide-react";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { useToast } from "../design/Toast";
import type { User } from "./api";
import { displayMobile } from "./phone";
import { safeRedirect } from "./redirect";
import { SignInForm } from "./SignInForm";
import { setSession, useSession } from "./session";
import { completePendingSave, notifyWatchlist, syncWatchlist } from "./watchlist";
import "./account.css";

/** What the visitor signs in for, by `type` (the page's lead text). */
const LEAD: Record<string, string> = {
  watchlist: "Sign in to save cars to your watchlist.",
  checkout: "Sign in to reserve or buy this car online.",
  finance: "Sign in to apply for finance.",
  "car-finance": "Sign in to see finance for this car.",
  "trade-in": "Sign in to value your trade-in.",
  "spin-to-win": "Sign in to spin to win.",
  "online-payment": "Sign in to make a payment.",
  "my-garage": "Sign in to open your garage.",
};

/**
 * The sign-in page: the {@link SignInForm}, a Back link to `back` and, once signed in, the
 * session refreshed, the local watchlist synced (a guest's save completed for `type=watchlist`,
 * with its toast) and the visitor sent to `redirect`. Both targets must be same-site paths
 * (`safeRedirect`); anything else is `/`. Takes nothing (reads the query); renders the page.
 */
export default function SignInPage() {
  const [query] = useSearchParams();
  const { tenant } = useSite();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  useDocumentTitle("Sign in");
  const type = query.get("type") ?? "";
  const redirect = safeRedirect(query.get("redirect"));
  const back = safeRedirect(query.get("back"));
  const dealerships = tenant.dealerships ?? [];
  const only = dealerships.length === 1 ? dealerships[0]?.slug : undefined;

  const signedIn = useCallback(
    async (user: User) => {
      setSession(user);
      let outcome = null;
      if (type === "watchlist") outcome = await completePendingSave();
      else await syncWatchlist();
      if (outcome) notifyWatchlist(outcome, toast.show);
      navigate(redirect, { replace: true });
    },
    [type, redirect, navigate, toast],
  );

  return (
    <section className="fc-container fc-page fc-signin-page" data-page="sign-in" data-type={type}>
      <p>
        <a href={back} className="fc-signin__back">
          <ArrowLeft aria-hidden="true" size={16} className="fc-icon" /> Back
        </a>
      </p>
      <h1>Sign in</h1>
      <p className="fc-muted">{LEAD[type] ?? "Sign in with your mobile number."} We will text you a 6-digit code.</p>
      {session.status === "signed-in" && session.user ? (
        <p className="fc-signin__already" data-signed-in="">
          You are signed in as {displayMobile(session.user.phone)}. <a href={redirect}>Continue</a>
        </p>
      ) : null}
      <SignInForm onSignedIn={signedIn} {...(only ? { dealershipSlug: only } : {})} />
    </section>
  );
}
