// The shell's router: the part of react-router's declarative API the shell uses (BrowserRouter,
// MemoryRouter, Routes/Route, useLocation, useNavigate, useParams, useSearchParams, matchRoutes),
// with the same path syntax and ranking, in about 1.5 KiB gzip instead of react-router's 15 KiB
// on every first load (ui-shell/BUDGETS.md). Declarative mode only: no loaders, actions or
// nested routes. ui-shell/README.md "First load".
import {
  Children,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

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

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function toLocation(to: To, from: Location): Location {
  if (typeof to !== "string") return { pathname: to.pathname ?? from.pathname, search: to.search ?? "", hash: to.hash ?? "" };
  const u = new URL(to, `http://x${from.pathname}`);
  return { pathname: u.pathname, search: u.search, hash: u.hash };
}

const href = (l: Location) => `${l.pathname}${l.search}${l.hash}`;

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function useRouter(): RouterValue {
  const r = useContext(RouterContext);
  if (!r) throw new Error("router hooks need <BrowserRouter> or <MemoryRouter>");
  return r;
}

/**
 * The router of the page's URL: the History API, and the browser's back and forward (`popstate`).
 * Takes the app; renders it with the current location.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(windowLocation);
  useEffect(() => {
    const on = () => setLocation(windowLocation());
    window.addEventListener("popstate", on);
    return () => window.removeEventListener("popstate", on);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options) => {
    const next = toLocation(to, windowLocation());
    window.history[options?.replace ? "replaceState" : "pushState"](null, "", href(next));
    setLocation(next);
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/**
 * A router kept in memory (tests, stories). Takes the history's entries (URLs; the last is
 * current, default `/`) and the app; renders it with the current location.
 */
export function MemoryRouter({ initialEntries = ["/"], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [location, setLocation] = useState(() =>
    toLocation(initialEntries.at(-1) ?? "/", { pathname: "/", search: "", hash: "" }),
  );
  const navigate = useCallback<NavigateFunction>((to) => setLocation((from) => toLocation(to, from)), []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The current location. Takes nothing; returns {@link Location}. */
export function useLocation(): Location {
  return useRouter().location;
}

/** The navigate function (stable across renders). Takes nothing; returns {@link NavigateFunction}. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The matched route's path parameters (`:name`, and `*` for a splat), decoded. Takes nothing. */
export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

/** The current query as URLSearchParams (read only). Takes nothing; returns a one-element tuple. */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
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

const decode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/**
 * Matches a path against one pattern (case-insensitive; a trailing slash is allowed). Takes the
 * pattern and the URL path; returns the decoded parameters, or null when it does not match.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  let re = pattern
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)/g, (_m, name: string) => {
      names.push(name);
      return "/([^\\/]+)";
    });
  if (pattern.endsWith("*")) {
    names.push("*");
    re += pattern === "*" || pattern === "/*" ? "(.*)" : "(?:\\/(.+)|\\/*)";
  } else re += "\\/*";
  const m = new RegExp(`^${re === "/(.*)" ? "(.*)" : re}$`, "i").exec(pathname);
  if (!m) return null;
  return Object.fromEntries(names.map((n, i) => [n, decode((m[i + 1] ?? "").replace(/^\//, ""))]));
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
  const ranked = routes.map((route, i) => ({ route, i, s: score(route.path) })).sort((a, b) => b.s - a.s || a.i - b.i);
  for (const { route } of ranked) {
    const params = matchPath(route.path, pathname);
    if (params) return [{ route, params }];
  }
  return null;
}

/**
 * Renders the element of the best {@link Route} among its children for the current location,
 * with that route's parameters for {@link useParams}. Takes `<Route>` children; renders one, or nothing.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = useMemo(
    () =>
      Children.toArray(children)
        .filter((c): c is ReactElement<RouteProps> => isValidElement(c))
        .map((c) => c.props),
    [children],
  );
  const match = useMemo(() => matchRoutes(routes, pathname)?.[0] ?? null, [routes, pathname]);
  if (!match) return null;
  return <ParamsContext.Provider value={match.params}>{match.route.element}</ParamsContext.Provider>;
}
