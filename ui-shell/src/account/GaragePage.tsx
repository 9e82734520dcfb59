// The signed-in visitor's account page: /my-garage and the tenants' garage paths (/mymotorama,
// /mybigboxcars, /myblinkr, /myservco), always gated (docs/features/locations-forms-marketing.md §2 "Gated
// routes": "Always gated ... my-garage and the my* garages"; docs/features/shopper-core.md §3
// "Favourite entry (kept in local storage per site)", §6 "The garage/favourites feature").
// A lazy route chunk.
import { useEffect, useState } from "react";
import { useNavigate } from "../app/router";
import { useDocumentTitle } from "../app/site";
import { Button, ButtonLink } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { readEnquiries, type SentEnquiry } from "../leads/lead";
import { type FavouriteEntry, readFavourites } from "../search/favourites";
import type { WatchlistCar } from "./api";
import { displayMobile } from "./phone";
import { useSession } from "./session";
import { signOutVisitor } from "./signout";
import { statusLabel, WATCHLIST_TITLE } from "./WatchlistPage";
import { syncWatchlist } from "./watchlist";
import "./account.css";

/** The page's heading. */
export const GARAGE_TITLE = "My Garage";

type Watch = { status: "loading" } | { status: "ok"; cars: WatchlistCar[] } | { status: "error" };

/** `at` (ms since 1970) as a date in en-AU, e.g. `25 Nov 2026`. */
function day(at: number): string {
  return new Date(at).toLocaleDateString("en-AU", { day: "numeric", month: "short", year: "numeric" });
}

/**
 * The account page: who is signed in ('Signed in as 04 1234 5678') with Sign out (the host's
 * sign-out, then home; a failure is shown as an alert under the heading), the watchlist
 * (`GET /api/v1/watchlist`: each car with its status, and 'View List'), the favourites kept in
 * this browser, and the enquiries sent from this browser (category, subject, date). Takes
 * nothing; renders the page.
 */
export default function GaragePage() {
  useDocumentTitle(GARAGE_TITLE);
  const session = useSession();
  const navigate = useNavigate();
  const [watch, setWatch] = useState<Watch>({ status: "loading" });
  const [favourites] = useState<FavouriteEntry[]>(readFavourites);
  const [enquiries] = useState<SentEnquiry[]>(readEnquiries);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    syncWatchlist().then((cars) => {
      if (live) setWatch(cars ? { status: "ok", cars } : { status: "error" });
    });
    return () => {
      live = false;
    };
  }, []);
  const leave = async () => {
    setLeaving(true);
    const err = await signOutVisitor();
    setLeaving(false);
    if (err) setError(err);
    else navigate("/", { replace: true });
  };
  return (
    <section className="fc-container fc-page fc-garage" data-page="garage">
      <div className="fc-watchlist__head">
        <h1>{GARAGE_TITLE}</h1>
        <div>
          {session.user ? (
            <span className="fc-muted" data-signed-in="">
              Signed in as {displayMobile(session.user.phone)}{" "}
            </span>
          ) : null}
          <Button variant="secondary" size="sm" onClick={leave} disabled={leaving} data-action="sign-out">
            {leaving ? "Signing out…" : "Sign out"}
          </Button>
        </div>
      </div>
      {error ? (
        <p className="fc-form-errors" role="alert">
          {error}
        </p>
      ) : null}
      <div className="fc-garage__grid">
        <section aria-labelledby="garage-watchlist" data-garage="watchlist">
          <h2 id="garage-watchlist">{WATCHLIST_TITLE}</h2>
          {watch.status === "loading" ? (
            <Skeleton height={104} />
          ) : watch.status === "error" ? (
            <p role="alert">We couldn't load your watchlist. Please try again.</p>
          ) : watch.cars.length === 0 ? (
            <p className="fc-muted">No saved cars yet. Save a car from its page to see it here.</p>
          ) : (
            <ul className="fc-garage__list">
              {watch.cars.map((c) => (
                <li key={c.car_id} data-car={c.slug}>
                  <a href={c.path}>{c.name}</a> <span className="fc-watchlist__status">{statusLabel(c.status)}</span>
                </li>
              ))}
            </ul>
          )}
          <ButtonLink href="/watchlist" variant="secondary" size="sm">
            View List
          </ButtonLink>
        </section>
        <section aria-labelledby="garage-favourites" data-garage="favourites">
          <h2 id="garage-favourites">My Favourites</h2>
          {favourites.length === 0 ? (
            <p className="fc-muted">No favourites on this device yet.</p>
          ) : (
            <ul className="fc-garage__list">
              {favourites.map((f) => (
                <li key={f.id}>
                  <a href={`/cars/${encodeURIComponent(f.slug)}`}>{f.name}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="garage-enquiries" data-garage="enquiries">
          <h2 id="garage-enquiries">My Enquiries</h2>
          {enquiries.length === 0 ? (
            <p className="fc-muted">No enquiries sent from this device yet.</p>
          ) : (
            <ul className="fc-garage__list">
              {enquiries.map((e) => (
                <li key={e.leadId} data-lead={e.leadId}>
                  <strong>{e.category}</strong>
                  {e.subject ? ` — ${e.subject}` : ""} <span className="fc-muted">{day(e.at)}</span>
                </li>
              ))}
            </ul>
          )}
          <ButtonLink href="/search/new-used-and-demo-cars" variant="secondary" size="sm">
            Browse cars
          </ButtonLink>
        </section>
      </div>
    </section>
  );
}
