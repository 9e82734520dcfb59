// The shell's router: wouter (about 2 KiB gzip; react-router cost 15 KiB of every first load,
// ui-shell/BUDGETS.md) behind the small react-router-like API the shell's pages use
// (BrowserRouter, MemoryRouter, Routes/Route, useLocation, useNavigate, useParams,
// useSearchParams, matchRoutes). Path patterns are regexparam's (`/cars/:slug`, `/pages/*`, `*`),
// matched case-insensitively with an optional trailing slash; routes are ranked as react-router
// ranks them (static segments before parameters before splats, table order on ties).
// ui-shell/README.md "First load".
import { Children, isValidElement, type ReactElement, type ReactNode, useCallback, useMemo } from "react";
import { parse } from "regexparam";
import {
  matchRoute,
  Router,
  Switch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  useSearch as useWouterSearch,
  Route as WouterRoute,
} from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { useLocationProperty } from "wouter/use-browser-location";

const currentHash = () => window.location.hash;
const noHash = () => "";

/** A location: path, query (`?a=1` or "") and fragment (`#x` or ""), as react-router's. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

/** A navigation target: a URL string (absolute path) or location parts (missing parts: none). */
export type To = string | Partial<Location>;

/** Options of a navigation: `replace` the current history entry instead of pushing one. */
export interface NavigateOptions {
  replace?: boolean;
}

/** Navigates to `to`; `replace` replaces the current history entry. */
export type NavigateFunction = (to: To, options?: NavigateOptions) => void;

/**
 * The router of the page's URL (History API, back and forward). Takes the app; renders it.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>;
}

/**
 * A router kept in memory (tests, stories). Takes the history's entries (URLs; the last is
 * current, default `/`) and the app; renders it with that location.
 */
export function MemoryRouter({ initialEntries = ["/"], children }: { initialEntries?: string[]; children: ReactNode }) {
  const start = initialEntries.at(-1) ?? "/";
  const memory = useMemo(() => memoryLocation({ path: start.replace(/#.*$/, "") }), [start]);
  return (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {children}
    </Router>
  );
}

/**
 * The current location. Takes nothing; returns {@link Location}; the fragment is the window's,
 * followed through wouter's history events (a `#enquire` link re-renders its page).
 */
export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useWouterSearch();
  const hash = useLocationProperty(currentHash, noHash);
  return useMemo(() => ({ pathname, search: search ? `?${search}` : "", hash }), [pathname, search, hash]);
}

/** The navigate function. Takes nothing; returns {@link NavigateFunction}. */
export function useNavigate(): NavigateFunction {
  const [pathname, navigate] = useWouterLocation();
  return useCallback<NavigateFunction>(
    (to, options) => {
      const target = typeof to === "string" ? to : `${to.pathname ?? pathname}${to.search ?? ""}${to.hash ?? ""}`;
      navigate(target, { replace: options?.replace ?? false });
    },
    [navigate, pathname],
  );
}

const decode = (v: string | undefined) => {
  if (v === undefined) return undefined;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/** The matched route's path parameters (`:name`, and `*` for a splat), decoded. Takes nothing. */
export function useParams(): Record<string, string | undefined> {
  const raw = useWouterParams() as Record<string, string | undefined>;
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(raw)
          .filter(([k]) => !/^\d+$/.test(k))
          .map(([k, v]) => [k, decode(v)]),
      ),
    [raw],
  );
}

/** The current query as URLSearchParams (read only). Takes nothing; returns a one-element tuple. */
export function useSearchParams(): [URLSearchParams] {
  const search = useWouterSearch();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Props of {@link Route}: a path pattern (`/cars/:slug`, `/pages/*`, `*`) and what it renders. */
export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** A route inside {@link Routes}: it renders nothing itself. Takes {@link RouteProps}. */
export function Route(_props: RouteProps): null {
  return null;
}

/** react-router's ranking: per segment 10 static, 3 `:param`, 1 empty; one per segment; -2 with a splat. */
function score(path: string): number {
  const segs = path.split("/");
  let s = segs.length;
  if (segs.includes("*")) s -= 2;
  for (const seg of segs) if (seg !== "*") s += seg === "" ? 1 : seg.startsWith(":") ? 3 : 10;
  return s;
}

/** A table pattern in regexparam's syntax: a trailing splat also matches the bare prefix. */
const pattern = (path: string) => (path === "*" ? "*" : path.replace(/\/\*$/, "/*?"));

/** Routes in match order: react-router's ranking, table order on ties. */
function ranked<R extends { path: string }>(routes: readonly R[]): R[] {
  return routes
    .map((route, i) => ({ route, i, s: score(route.path) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((r) => r.route);
}

/**
 * The best route for a URL (react-router's ranking, table order on ties). Takes routes with a
 * `path` and a URL (query and fragment ignored); returns `[{ route, params }]` like react-router's
 * `matchRoutes` for flat routes, or null when none matches.
 */
export function matchRoutes<R extends { path: string }>(
  routes: readonly R[],
  url: string,
): { route: R; params: Record<string, string> }[] | null {
  const pathname = url.replace(/[?#].*$/, "") || "/";
  for (const route of ranked(routes)) {
    const [ok, params] = matchRoute(parse, pattern(route.path), pathname);
    if (ok) {
      const named = Object.entries(params ?? {}).filter(([k]) => !/^\d+$/.test(k));
      return [{ route, params: Object.fromEntries(named.map(([k, v]) => [k, decode(v) ?? ""])) }];
    }
  }
  return null;
}

/**
 * Renders the element of the best {@link Route} among its children for the current location
 * (wouter's Switch over the ranked routes). Takes `<Route>` children; renders one, or nothing.
 */
export function Routes({ children }: { children: ReactNode }) {
  const routes = useMemo(
    () =>
      ranked(
        Children.toArray(children)
          .filter((c): c is ReactElement<RouteProps> => isValidElement(c))
          .map((c) => c.props),
      ),
    [children],
  );
  return (
    <Switch>
      {routes.map((r) => (
        <WouterRoute key={r.path} path={pattern(r.path)}>
          {r.element}
        </WouterRoute>
      ))}
    </Switch>
  );
}
