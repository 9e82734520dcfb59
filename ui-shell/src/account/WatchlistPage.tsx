// The watchlist page, /watchlist ('My Watchlist'; docs/features/shopper-core.md §2 "The watchlist page is linked as
// 'View List' from toasts", §3 "Watchlist entry", §4 "Watchlist toggle", §7, §8). Gated like the
// always-gated routes (src/routes/table.ts; signed-out visitors go to sign-in with type=watchlist).
// A lazy route chunk.
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Button, ButtonLink } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { useToast } from "../design/Toast";
import { imageAt, placeholderImage } from "../lib/images";
import { displayPrice } from "../vdp/sidebar";
import type { WatchlistCar } from "./api";
import { displayMobile } from "./phone";
import { useSession } from "./session";
import { signOutVisitor } from "./signout";
import { notifyWatchlist, syncWatchlist, toggleWatchlist } from "./watchlist";
import "./account.css";

/** The page title (docs/features/shopper-core.md §8 'View List' target). */
export const WATCHLIST_TITLE = "My Watchlist";

/**
 * A car status as shown on the watchlist (docs/features/shopper-core.md §3 Car.status: in_stock, coming_soon,
 * sold). Takes the status; returns its label ('In stock', 'Coming soon', 'Sold', else the value).
 */
export function statusLabel(status: string): string {
  if (status === "in_stock") return "In stock";
  if (status === "coming_soon") return "Coming soon";
  if (status === "sold") return "Sold";
  return status.replace(/_/g, " ");
}

type State = { status: "loading" } | { status: "ok"; cars: WatchlistCar[] } | { status: "error" };

/**
 * The signed-in visitor's saved cars from `GET /api/v1/watchlist`, each with its current status
 * and price (the host's price view), a Remove toggle (the watchlist toggle: local list first, then
 * the server, reverted on failure) and a Sign out control (`POST /api/v1/auth/sign-out`, then
 * home). Takes nothing; renders the page.
 */
export default function WatchlistPage() {
  const { tenant } = useSite();
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [state, setState] = useState<State>({ status: "loading" });
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(WATCHLIST_TITLE);
  const noPrice = tenant.wording.no_price_text || "Enquire for price";

  useEffect(() => {
    let live = true;
    syncWatchlist().then((cars) => {
      if (live) setState(cars ? { status: "ok", cars } : { status: "error" });
    });
    return () => {
      live = false;
    };
  }, []);

  const remove = useCallback(
    async (c: WatchlistCar) => {
      const o = await toggleWatchlist(
        { id: c.car_id, name: c.name, slug: c.slug, available: c.available },
        `${pathname}${search}`,
      );
      if (o.kind === "sign-in") return navigate(o.href);
      notifyWatchlist(o, toast.show);
      if (o.kind === "removed")
        setState((s) => (s.status === "ok" ? { status: "ok", cars: s.cars.filter((x) => x.car_id !== c.car_id) } : s));
    },
    [pathname, search, navigate, toast],
  );

  const leave = useCallback(async () => {
    setLeaving(true);
    const err = await signOutVisitor();
    setLeaving(false);
    if (err) {
      toast.show({ title: err, durationMs: 6000 });
      return;
    }
    navigate("/", { replace: true });
  }, [navigate, toast]);

  return (
    <section className="fc-container fc-page fc-watchlist" data-page="watchlist">
      <div className="fc-watchlist__head">
        <h1>{WATCHLIST_TITLE}</h1>
        <div>
          {session.user ? <span className="fc-muted">Signed in as {displayMobile(session.user.phone)} </span> : null}
          <Button variant="secondary" size="sm" onClick={leave} disabled={leaving} data-action="sign-out">
            {leaving ? "Signing out…" : "Sign out"}
          </Button>
        </div>
      </div>
      {state.status === "loading" ? (
        <div role="status" aria-busy="true" aria-label="Loading your watchlist">
          <Skeleton height={104} />
          <Skeleton height={104} />
        </div>
      ) : state.status === "error" ? (
        <p role="alert">We couldn't load your watchlist. Please try again.</p>
      ) : state.cars.length === 0 ? (
        <div data-empty="">
          <p>Your watchlist is empty. Save a car from its page to see it here.</p>
          <ButtonLink href="/search/new-used-and-demo-cars">Browse cars</ButtonLink>
        </div>
      ) : (
        <ul className="fc-watchlist__list">
          {state.cars.map((c) => {
            const price = displayPrice(c.price_view ?? undefined, noPrice);
            const img = c.primary_image_url ? imageAt(c.primary_image_url, 240) : placeholderImage(null);
            return (
              <li key={c.car_id} className="fc-watchlist__item" data-car={c.slug} data-available={c.available}>
                <img src={img} alt="" width={120} height={80} loading="lazy" />
                <div>
                  <a className="fc-watchlist__name" href={c.path}>
                    {c.name}
                  </a>
                  <p>
                    <span className="fc-watchlist__status" data-status={c.status}>
                      {statusLabel(c.status)}
                    </span>
                    <strong data-price="">{price.text}</strong>
                  </p>
                </div>
                <Button variant="ghost" size="sm" onClick={() => remove(c)} aria-label={`Remove from watchlist: ${c.name}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
