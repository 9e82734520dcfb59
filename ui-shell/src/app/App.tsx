import { lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useMemo } from "react";
import { AccountChip } from "../account/AccountChip";
import type { FirstLoadPage } from "../boot/firstLoad";
import { inlinePageFor } from "../boot/handoff";
import type { InlineData } from "../boot/inline";
import { Skeleton } from "../design/Skeleton";
import { ToastProvider } from "../design/Toast";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteContext, RemoteSlot } from "../federation/RemoteSlot";
import type { RemoteLoader } from "../federation/remotes";
import { siteFooterProps, siteHeaderProps } from "../lib/views";
import { forceCloseMenus, useNavigation } from "../navigation/data";
import { HeaderMenu } from "../navigation/HeaderMenu";
import { PopupGate } from "../navigation/PopupGate";
import type { RoutePageKind } from "../pages/RoutePages";
import { ROUTES, type RouteDef } from "../routes/table";
import { usedCarTarget } from "../search/usedCar";
import { preloadable } from "./preloadable";
import { PathMemory } from "./previous";
import { Route, Routes, useLocation, useNavigate } from "./router";
import { type Site, SiteContext, useSite } from "./site";

/** A lazily loaded page that can be loaded ahead of its first render (./preloadable.tsx). */
const preloadablePage = preloadable;

const HomePage = preloadablePage(() => import("../pages/HomePage"));
const SearchPage = preloadablePage(() => import("../pages/SearchPage"));
const CarPage = preloadablePage(() => import("../pages/CarPage"));
// Not on the first load of the implemented pages: loaded for other routes and 404s only.
const NotFoundPage = preloadablePage(async () => ({ default: (await import("../pages/NotFoundPage")).NotFoundPage }));
const PlaceholderPage = preloadablePage(async () => ({
  default: (await import("../pages/PlaceholderPage")).PlaceholderPage,
}));
// docs/features/platform.md "Sign-in and watchlist": lazy route chunks, and the gate (with the
// session code) only on gated routes.
const Gate = lazy(() => import("../account/Gate"));

// docs/features/platform.md "Marketing and content pages": the brand and marketing pages, each its own chunk.
const ModelsPage = preloadablePage(() => import("../models/ModelsPage"));
const ModelFamilyPage = preloadablePage(() => import("../models/ModelFamilyPage"));
// The pages no first load shows (docs/features/platform.md "Sign-in and watchlist",
// "Locations, offers and navigation" and "Marketing and content pages"): one lazy stub, each page
// its own chunk behind it.
const LazyRoutePage = preloadablePage<{ kind: RoutePageKind; route: RouteDef }>(() => import("../pages/RoutePages"));

/**
 * Loads the page a first load shows (src/boot/firstLoad.ts), so the first render has it: the
 * page's chunk, plus the 404 page when the host answered 404 (`status`, default 200), and for
 * `other` paths the placeholder and 404 pages; for a VDP also the chunks of its first screen
 * (CarPage's `preloadFirstScreen`: the spin viewer of a car with spin frames, from the inline
 * car). Takes the page, the document's HTTP status and the inline data (null without);
 * returns when the chunks are loaded.
 */
export function preloadPage(page: FirstLoadPage, status = 200, inline: InlineData | null = null): Promise<unknown> {
  const notFound = status === 404 ? [NotFoundPage.preload()] : [];
  if (page === "home") return Promise.all([HomePage.preload(), ...notFound]);
  if (page === "car") {
    const car = inlinePageFor(inline, "car", window.location.pathname);
    const parts = CarPage.preload().then((m) => (m as typeof import("../pages/CarPage")).preloadFirstScreen(car));
    return Promise.all([parts, ...notFound]);
  }
  if (page === "search") return Promise.all([SearchPage.preload(), ...notFound]);
  if (page === "models") return Promise.all([ModelsPage.preload(), ...notFound]);
  if (page === "model-family") return Promise.all([ModelFamilyPage.preload(), ...notFound]);
  return Promise.all([PlaceholderPage.preload(), NotFoundPage.preload()]);
}

/**
 * The element a route renders: the implemented page for `home`, `search`, `car`, `print`,
 * `not-found`, `sign-in`, `watchlist`, `compare`, and the docs/features/platform.md "Leads" lead pages (`contact`,
 * `success`, `trade-in`, `finance`, `service`, `reserve`, `test-drive`), the account page (`garage`: /my-garage
 * and the my* garages), the docs/features/platform.md
 * "Marketing and content pages" marketing pages (`models`, `model-family`, `model-compare`, `recall`, and `content`
 * for the markdown pages), the docs/features/platform.md "Locations, offers and navigation" `location`,
 * `dealer-locator`, `offers`, `offer`, `brands` and `brand-overview`; `model` only when the host said the slug is a
 * model (inline `route.id` "model"), else 404; every other route the placeholder with its title. Routes with a
 * sign-in gate render inside the gate (src/account/Gate.tsx: shown, or the visitor is sent to sign-in;
 * docs/features/locations-forms-marketing.md §2 "Gated routes"). Takes the route; returns the element.
 */
export function RouteElement({ route }: { route: RouteDef }) {
  const page = <RoutePage route={route} />;
  return route.gate && route.gate !== "public" ? <Gate route={route}>{page}</Gate> : page;
}

/**
 * `/used-car/{make}/{model}`: replaces the address with the make and model's search of used cars
 * (src/search/usedCar.ts usedCarTarget), so its make and model apply. Takes nothing; renders nothing.
 */
function UsedCarRedirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const target = usedCarTarget(pathname, search);
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  return target ? null : <NotFoundPage />;
}

function RoutePage({ route }: { route: RouteDef }) {
  const { inline } = useSite();
  const { pathname } = useLocation();
  switch (route.page) {
    case "home":
      return <HomePage />;
    case "search":
      return route.id === "used-car" ? <UsedCarRedirect /> : <SearchPage />;
    case "car":
      return <CarPage />;
    case "not-found":
      return <NotFoundPage />;
    case "models":
      return <ModelsPage />;
    case "model-family":
      return <ModelFamilyPage />;
    case "print":
    case "contact":
    case "success":
    case "trade-in":
    case "finance":
    case "service":
    case "reserve":
    case "test-drive":
    case "garage":
    case "careers":
    case "sign-in":
    case "watchlist":
    case "compare":
    case "model-compare":
    case "recall":
    case "content":
    case "offers":
    case "offer":
    case "brands":
    case "brand-overview":
    case "location":
    case "dealer-locator":
      return <LazyRoutePage key={pathname} kind={route.page} route={route} />;
    case "model":
      return inline?.route?.id === "model" && inline.route.path === pathname ? (
        <PlaceholderPage route={route} />
      ) : (
        <NotFoundPage />
      );
    default:
      return <PlaceholderPage route={route} />;
  }
}

/**
 * Turns clicks on same-origin `<a href>` (from the shell or a remote) into client-side navigation;
 * new-tab clicks, downloads, `target`, other origins and `tel:`/`mailto:` keep the browser's default.
 * Takes the subtree; renders it inside a `<div>` that listens for clicks.
 */
export function LinkInterceptor({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.("a");
    if (!a?.href || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || !/^https?:$/.test(url.protocol)) return;
    e.preventDefault();
    navigate({ pathname: url.pathname, search: url.search, hash: url.hash });
    // Every header dropdown and the drawer close on navigation
    // (docs/features/locations-forms-marketing.md §4 "close on force-close").
    forceCloseMenus();
    if (!url.hash) window.scrollTo(0, 0);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation only; the anchors themselves stay the interactive elements.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires click, which this handles.
    <div className="fc-app" onClick={onClick}>
      {children}
    </div>
  );
}

/** Props of {@link App}: the site (tenant, theme, inline data) and the remote loader (null: shell components only). */
export interface AppProps {
  site: Site;
  remote: { template: string; load: RemoteLoader } | null;
}

/**
 * The shell: site and remote contexts, toasts (limit 1), the template's header (with the shell's
 * menu in its `menu` slot) and footer (the navigation's columns once loaded) around the routes of
 * src/routes/table.ts, and the site's popup. Must render inside a router. Takes {@link AppProps}.
 * Spec: ARCHITECTURE.md "UI"; docs/features/locations-forms-marketing.md §2 "Navigation", §9 "toast limit 1".
 */
export function App({ site, remote }: AppProps) {
  // docs/features/platform.md "Locations, offers and navigation": the navigation, once per page load: the header's
  // menu, the footer's columns, the popup.
  const nav = useNavigation();
  const navFooter = nav.status === "ok" ? nav.data.footer : null;
  const header = useMemo(() => {
    const props = siteHeaderProps(site.tenant, site.theme.logoUrl);
    // Issue 25: the header shows who is signed in, with Sign out (src/account/AccountChip.tsx).
    return {
      ...props,
      menu: (
        <>
          <HeaderMenu fallback={props.nav} />
          <AccountChip />
        </>
      ),
    };
  }, [site]);
  const footer = useMemo(() => siteFooterProps(site.tenant, new Date().getFullYear(), navFooter), [site, navFooter]);
  return (
    <SiteContext.Provider value={site}>
      <RemoteContext.Provider value={remote}>
        <ToastProvider limit={1}>
          <LinkInterceptor>
            <PathMemory />
            <a className="fc-skip-link" href="#main">
              Skip to content
            </a>
            <RemoteSlot
              module="SiteHeader"
              props={header}
              fallback={FALLBACKS.SiteHeader}
              loading={<div className="fc-header fc-header--loading" />}
            />
            <main id="main" tabIndex={-1}>
              <Suspense fallback={<Skeleton height={400} />}>
                <Routes>
                  {ROUTES.map((r) => (
                    <Route key={r.id} path={r.path} element={<RouteElement route={r} />} />
                  ))}
                </Routes>
              </Suspense>
            </main>
            <RemoteSlot
              module="SiteFooter"
              props={footer}
              fallback={FALLBACKS.SiteFooter}
              loading={<div className="fc-footer fc-footer--loading" />}
            />
            <PopupGate />
          </LinkInterceptor>
        </ToastProvider>
      </RemoteContext.Provider>
    </SiteContext.Provider>
  );
}
