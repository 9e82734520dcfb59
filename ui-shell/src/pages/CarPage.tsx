import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useWatchlisted } from "../account/saved";
import type { CarResponse, TenantSettings } from "../api/types";
import { preloadable } from "../app/preloadable";
import { useLocation, useNavigate, useParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlinePageFor } from "../boot/handoff";
import { Button } from "../design/Button";
import { Disclosure } from "../design/Disclosure";
import { Skeleton } from "../design/Skeleton";
import { useToast } from "../design/Toast";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteSlot } from "../federation/RemoteSlot";
import { htmlToText, truncate } from "../lib/text";
import { COMMENTS_LIMIT } from "../lib/views";
import { timeZoneOf } from "../locations/locations";
import { favouriteOf, toggleFavourite, useSavedCars } from "../search/favourites";
import { commentsHtml, spinFrames, vdpConfig } from "../vdp/data";
import { Gallery, WhenVisible } from "../vdp/Gallery";
import { PriceHistory } from "../vdp/PriceHistory";
import { locatedAt, overlayText } from "../vdp/place";
import { shownPrice, sidebarProps } from "../vdp/sidebar";
import { financeFigures, useFinanceQuote } from "../vdp/tools/quote";
import { FinanceTeaser, useMarketAverages } from "../vdp/tools/Teaser";

const EnquiryDialog = lazy(() => import("./EnquiryDialog"));
const FinanceDialog = lazy(() => import("./FinanceDialog"));
const SpinViewer = preloadable(() => import("../vdp/SpinViewer"));
const Details = lazy(() => import("../vdp/Details"));
const VdpChrome = lazy(() => import("../vdp/Chrome"));
const DriveAwayPanel = lazy(() => import("../vdp/DriveAway"));
const NotFoundPage = lazy(() => import("./NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

export { COMMENTS_LIMIT };

/**
 * Loads the chunks a car's first screen renders, so the first render has them: the spin viewer
 * for a car with spin frames (without it the gallery showed first, then the viewer's tabs replaced
 * it a frame later, taller: a layout shift). Takes the car response (undefined when the document
 * has none inline); resolves once loaded, or failed (the Suspense fallback then shows the gallery).
 */
export function preloadFirstScreen(res: CarResponse | undefined): Promise<unknown> {
  return res && spinFrames(res).length > 0 ? SpinViewer.preload().catch(() => undefined) : Promise.resolve();
}

type CarState =
  | { status: "loading" }
  | { status: "ok"; data: CarResponse }
  | { status: "error"; httpStatus: number; message: string };

/**
 * The car for `slug`: from the inline data when the document was rendered for this path, else
 * GET /api/v1/cars/{slug}. Takes the slug; returns the loading / ok / error state.
 */
export function useCar(slug: string): CarState {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const seeded = inlinePageFor(inline, "car", pathname);
  const [state, setState] = useState<CarState>(seeded ? { status: "ok", data: seeded } : { status: "loading" });
  const have = state.status === "ok" ? state.data.car.slug : null;
  useEffect(() => {
    if (have === slug || !slug) return;
    const ac = new AbortController();
    setState({ status: "loading" });
    // The API client loads on demand: a document with the car inline never needs it.
    import("../api/client")
      .then(({ fetchCar }) => fetchCar(slug, ac.signal))
      .then(
        (r) =>
          setState(r.ok ? { status: "ok", data: r.data } : { status: "error", httpStatus: r.status, message: r.error.message }),
        (e: unknown) => {
          if (!ac.signal.aborted)
            setState({ status: "error", httpStatus: 0, message: e instanceof Error ? e.message : String(e) });
        },
      );
    return () => ac.abort();
  }, [slug, have]);
  return state;
}

/**
 * The car's page views from GET /api/v1/cars/{slug}/view.json?photos_count&updated_at&website_id,
 * called once per VDP visit (the host counts one view per call; docs/features/shopper-core.md §7). Takes the car
 * response and tenant; returns the count, or null until (or unless) the host answers.
 */
export function useViewCount(res: CarResponse | null, tenant: TenantSettings): number | null {
  const [views, setViews] = useState<number | null>(null);
  const counted = useRef<string | null>(null);
  const slug = res?.car.slug;
  useEffect(() => {
    if (!res || !slug || counted.current === slug) return;
    counted.current = slug;
    const q = new URLSearchParams({
      photos_count: String(res.photos_count),
      updated_at: String(res.car.updated_at),
      website_id: tenant.slug,
    });
    // In a task of its own: starting a request costs the main thread a few milliseconds on a slow
    // phone, and the first render's effects (views, finance quote, navigation) all run in one task.
    let sent = false;
    const t = setTimeout(() => {
      sent = true;
      fetch(`/api/v1/cars/${encodeURIComponent(slug)}/view.json?${q}`)
        .then((r) => (r.ok ? (r.json() as Promise<{ views?: unknown }>) : null))
        .then(
          (b) => setViews(typeof b?.views === "number" ? b.views : null),
          () => setViews(null),
        );
    }, 0);
    return () => {
      // Unmounted before the call: count the view on the next mount.
      clearTimeout(t);
      if (!sent) counted.current = null;
    };
  }, [res, slug, tenant.slug]);
  return views;
}

/**
 * Whether the VDP's scroll chrome (sticky header, bottom bar) is needed yet: after the first
 * scroll, or at once on phone widths (the bottom bar). Keeps its chunk off the first load.
 * A page that opens already scrolled is seen in the next frame: reading `scrollY` in the effect
 * forced the first render's whole layout inside React's commit (a 60 ms task on the VDP).
 * Takes nothing; returns true once needed.
 */
function useChromeNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    if (typeof matchMedia === "function" && matchMedia("(max-width: 899px)").matches) {
      setNeeded(true);
      return;
    }
    const on = () => setNeeded(true);
    window.addEventListener("scroll", on, { passive: true, once: true });
    const frame = requestAnimationFrame(() => {
      if (window.scrollY > 0) on();
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", on);
    };
  }, [needed]);
  return needed;
}

/**
 * Dealer comments (docs/features/shopper-core.md §2): the host's sanitised HTML rendered as given, the first 400
 * characters of its text with More/Less, or the pending text when empty. The same markup as the
 * host's first paint of the VDP (host/src/http/web/paint/vdp.rs), so nothing shifts. Takes the HTML of
 * {@link commentsHtml} (`dealercomments_html` of GET /api/v1/cars/{slug}); renders it.
 *
 * Sanitising: the host's ammonia policy (`sanitize_comments` in host/src/http/api/cars.rs:
 * formatting, lists, headings, tables and links with `rel="noopener noreferrer nofollow"`; no
 * scripts, handlers, styles, images, frames or forms) is the one policy for this HTML. The shell
 * does not sanitise it again: pass only the host's sanitised fields here.
 */
export function DealerComments({ html }: { html: string }) {
  const [open, setOpen] = useState(false);
  const text = html ? htmlToText(html) : "";
  if (!text) return <p>Dealer comments are pending. Please check back here later.</p>;
  const long = text.length > COMMENTS_LIMIT;
  return (
    <div className="fc-comments" data-comments={long ? (open ? "expanded" : "collapsed") : "short"}>
      {!long || open ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <p>{truncate(text, COMMENTS_LIMIT)}</p>}
      {long ? (
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Less" : "More"}
        </Button>
      ) : null}
    </div>
  );
}

function CarSkeleton() {
  return (
    <div className="fc-container fc-vdp" role="status" aria-busy="true" aria-label="Loading vehicle">
      <Skeleton height={360} />
      <div>
        <Skeleton height="2em" width="80%" />
        <Skeleton height="1.5em" width="40%" />
        <Skeleton height={160} />
      </div>
    </div>
  );
}

/**
 * The vehicle detail page (docs/features/shopper-core.md §2 "Vehicle detail page", §4, §5, §9). First screen (in
 * this chunk): breadcrumb, the non-primary-location bar, the gallery with its location overlay (or
 * the spin viewer, loaded only for cars with spin frames), the template's sidebar (price view,
 * tag, buttons by eligibility, view count) and dealer comments; on phones the sidebar comes right
 * after the photos (src/app/app.css), so the first screen shows the title and price. Loaded later: the sticky header
 * and mobile bottom bar (src/vdp/Chrome.tsx, on the first scroll or on phones), Share and Fave
 * (Share's clipboard code in src/vdp/actions.ts, on click; Fave uses src/search/favourites.ts) and everything below the fold (src/vdp/Details.tsx).
 * Unknown cars show the 404 page. Takes nothing (reads `:slug`); renders the page.
 */
export default function CarPage() {
  const { slug = "" } = useParams();
  const { tenant } = useSite();
  const state = useCar(slug);
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const res = state.status === "ok" ? state.data : null;
  const views = useViewCount(res, tenant);
  const chrome = useChromeNeeded();
  const config = useMemo(() => vdpConfig(tenant), [tenant]);
  const quote = useFinanceQuote(res);
  const averages = useMarketAverages(res);
  useDocumentTitle(res ? res.name : state.status === "error" ? "Vehicle" : "Loading vehicle");

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  // The site's favourites (src/search/favourites.ts, shared with the search cards), kept current
  // across toggles and tabs.
  const saved = useSavedCars();
  const faved = res ? saved.isFavourite(res.car.id) : false;

  const share = useCallback(async () => {
    const url = window.location.href;
    const ok = await import("../vdp/actions").then((m) => m.copyLink(url));
    if (ok) setCopied(true);
    toast.show({ title: ok ? "Link copied" : "Copy failed", description: ok ? document.title : url, durationMs: 3000 });
  }, [toast]);
  const fave = useCallback(() => {
    if (res) toggleFavourite(favouriteOf(res));
  }, [res]);
  // Sites without favourites (the garage) get the watchlist variant of the save toggle
  // (docs/features/shopper-core.md §4 "Watchlist toggle"): its code loads on the first click.
  const features = tenant.features ?? {};
  const favouritesOn = features.favourites ?? features.garage_enabled ?? false;
  const isWatched = useWatchlisted();
  const watched = res ? isWatched(res.car.id) : false;
  const here = `${pathname}${search}`;
  const watch = useCallback(() => {
    if (!res) return;
    const car = { id: res.car.id, name: res.name, slug: res.car.slug, available: res.available };
    void import("../account/watchlist").then(async (m) => {
      const o = await m.toggleWatchlist(car, here);
      if (o.kind === "sign-in") return navigate(o.href);
      m.notifyWatchlist(o, toast.show);
    });
  }, [res, here, navigate, toast]);

  if (state.status === "loading") return <CarSkeleton />;
  if (state.status === "error" || !res) {
    if (state.status === "error" && state.httpStatus === 404)
      return (
        <Suspense fallback={null}>
          <NotFoundPage />
        </Suspense>
      );
    return (
      <section className="fc-container fc-page" role="alert">
        <h1>We couldn't load this vehicle</h1>
        <p>{state.status === "error" ? state.message : ""}</p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </section>
    );
  }
  const car = res.car;
  const finance = financeFigures(res, quote);
  const side = sidebarProps(res, tenant, {
    // Until the host answers the view call, at least this visit's view: the document's count can
    // be older than the car's (documents are cached) and 0, and a views line that appeared when
    // the answer came moved whatever is below the sidebar (a layout shift).
    views: views ?? Math.max(car.views, 1),
    copied,
    faved,
    onShare: share,
    onFave: fave,
    ...(favouritesOn ? {} : { watchlist: { saved: watched, onToggle: watch } }),
    financeTeaser: <FinanceTeaser figures={finance} price={shownPrice(res.price_view) ?? 0} averages={averages} />,
  });
  const typeLabel = `${car.car_type.charAt(0).toUpperCase()}${car.car_type.slice(1)} cars`;
  const frames = spinFrames(res);
  const away = locatedAt(res);
  const gallery = <Gallery res={res} overlay={overlayText(res, config)} />;
  return (
    <div data-page="car" data-car={car.slug}>
      <nav aria-label="Breadcrumb" className="fc-container fc-breadcrumb">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href={`/search/${car.car_type}-cars`}>{typeLabel}</a>
          </li>
          <li aria-current="page">{res.name}</li>
        </ol>
      </nav>
      {away ? (
        <p className="fc-container fc-located" data-located-at="">
          <span>{away.text}</span>{" "}
          <a href={away.href} target="_blank" rel="noopener">
            Get Directions
          </a>
        </p>
      ) : null}
      <div className="fc-container fc-vdp">
        <div className="fc-vdp__main">
          {/* The photos: on phones first, then the sidebar, then the rest of this column (app.css). */}
          <div className="fc-vdp__media">
            {frames.length > 0 ? (
              <Suspense fallback={gallery}>
                <SpinViewer
                  res={res}
                  frames={frames}
                  gallery={<Gallery res={res} overlay={overlayText(res, config)} priority={false} />}
                  defaultTab={config.spinDefaultTab}
                />
              </Suspense>
            ) : (
              gallery
            )}
          </div>
          <Disclosure id="comments" title="Dealer Comments" defaultOpen>
            <DealerComments html={commentsHtml(res)} />
          </Disclosure>
          {hash === "#finance-calculator" ? (
            <Suspense fallback={<div style={{ minHeight: 400 }} />}>
              <Details res={res} tenant={tenant} config={config} copied={copied} onCopy={share} finance={finance} />
            </Suspense>
          ) : (
            <WhenVisible minHeight={400}>
              <Details res={res} tenant={tenant} config={config} copied={copied} onCopy={share} finance={finance} />
            </WhenVisible>
          )}
        </div>
        <div className="fc-vdp__side">
          <RemoteSlot module="VdpSidebar" props={side} fallback={FALLBACKS.VdpSidebar} loading={<Skeleton height={420} />} />
          <PriceHistory res={res} timeZone={timeZoneOf(tenant.default_state)} />
          {res.drive_away && shownPrice(res.price_view) != null ? (
            <WhenVisible minHeight={1}>
              <DriveAwayPanel key={car.slug} slug={car.slug} initial={res.drive_away} />
            </WhenVisible>
          ) : null}
        </div>
      </div>
      {chrome ? (
        <Suspense fallback={null}>
          <VdpChrome
            res={res}
            price={side.price}
            actions={side.actions}
            sticky={config.stickyHeader}
            estimate={finance.show ? finance.teaser : null}
          />
        </Suspense>
      ) : null}
      {hash === "#finance-application" ? (
        <Suspense fallback={null}>
          <FinanceDialog car={res} onClose={() => navigate({ pathname, search }, { replace: true })} />
        </Suspense>
      ) : null}
      {hash === "#enquire" || hash === "#test-drive" || hash === "#request-photos" ? (
        <Suspense fallback={null}>
          <EnquiryDialog
            car={res}
            tenant={tenant}
            {...(hash === "#enquire" ? {} : { variant: hash === "#test-drive" ? "test_drive" : "request_photos" })}
            onClose={() => navigate({ pathname, search }, { replace: true })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
