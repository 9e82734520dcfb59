// Every remote component renders inside an extension boundary (after Backstage's
// ExtensionBoundary): Suspense while it loads, an error boundary that shows the shell's own
// component when the remote or the module is missing or throws. ARCHITECTURE.md "UI".
import {
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from "react";
import type { RemoteModuleName, RemoteProps } from "../contract";
import type { RemoteComponent, RemoteLoader } from "./remotes";

/** Props of {@link ErrorBoundary}: what to render on error, and a callback told of the error. */
export interface ErrorBoundaryProps {
  fallback: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

/**
 * Catches render errors below it and shows `fallback` instead; `resetKey` changes retry.
 * Takes {@link ErrorBoundaryProps}; renders children or the fallback.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The current tenant's remote loader, or null when the tenant has no remote (shell defaults only). */
export const RemoteContext = createContext<{ template: string; load: RemoteLoader } | null>(null);

/** A remote module's load outcome, once known. */
type Settled = { ok: true; component: RemoteComponent } | { ok: false; error: unknown };

const loads = new WeakMap<RemoteLoader, Map<RemoteModuleName, Promise<RemoteComponent>>>();
const settled = new WeakMap<RemoteLoader, Map<RemoteModuleName, Settled>>();
const lazyCache = new WeakMap<RemoteLoader, Map<RemoteModuleName, LazyExoticComponent<RemoteComponent>>>();

function byLoader<V>(map: WeakMap<RemoteLoader, Map<RemoteModuleName, V>>, load: RemoteLoader): Map<RemoteModuleName, V> {
  let m = map.get(load);
  if (!m) {
    m = new Map();
    map.set(load, m);
  }
  return m;
}

/**
 * Starts loading a remote module (once per loader and module) and remembers the outcome, so a
 * {@link RemoteSlot} rendered after it settled shows the component (or the fallback) in its first
 * render, with no loading placeholder in between. The shell calls it before its first render for
 * the modules on the first screen (src/main.tsx). Takes the loader and module; returns the load.
 */
export function preloadRemote(load: RemoteLoader, module: RemoteModuleName): Promise<RemoteComponent> {
  const pending = byLoader(loads, load);
  let p = pending.get(module);
  if (!p) {
    p = load(module);
    pending.set(module, p);
    p.then(
      (component) => byLoader(settled, load).set(module, { ok: true, component }),
      (error: unknown) => byLoader(settled, load).set(module, { ok: false, error }),
    );
  }
  return p;
}

function lazyRemote(load: RemoteLoader, module: RemoteModuleName): LazyExoticComponent<RemoteComponent> {
  const byModule = byLoader(lazyCache, load);
  let c = byModule.get(module);
  if (!c) {
    c = lazy(async () => ({ default: await preloadRemote(load, module) }));
    byModule.set(module, c);
  }
  return c;
}

function warnFallback(template: string, module: string, error: unknown): void {
  console.warn(`[forecourt] remote ${template}/${module} failed; showing the shell's component.`, error);
}

/** Props of {@link RemoteSlot}. */
export interface RemoteSlotProps<M extends RemoteModuleName> {
  /** The exposed module to render: `SiteHeader`, `SearchCard`... */
  module: M;
  /** Its props (src/contract.ts). */
  props: RemoteProps[M];
  /** The shell's default implementation: shown when there is no remote, on error. */
  fallback: ComponentType<RemoteProps[M]>;
  /** Shown while the remote loads (default: nothing, so the layout reserves no flash of the default). */
  loading?: ReactNode;
}

/**
 * Renders the tenant remote's `module` with `props`, inside Suspense and an error boundary whose
 * fallback is the shell's own component. Takes {@link RemoteSlotProps}; renders the remote, the
 * loading placeholder, or `fallback` (when no remote is configured, or it fails to load or render).
 */
export function RemoteSlot<M extends RemoteModuleName>({ module, props, fallback: Fallback, loading }: RemoteSlotProps<M>) {
  const remote = useContext(RemoteContext);
  // What was already settled when this slot mounted; kept for the slot's life so the element type
  // never switches from the lazy wrapper to the component (that would remount the remote).
  const [first] = useState(() => (remote ? { load: remote.load, settled: settled.get(remote.load)?.get(module) } : null));
  const known = first && remote && first.load === remote.load ? first.settled : undefined;
  const failed = known?.ok === false ? known.error : undefined;
  useEffect(() => {
    if (remote && failed !== undefined) warnFallback(remote.template, module, failed);
  }, [remote, module, failed]);
  // The fallback may load on first use (src/federation/fallbacks.tsx): the loading placeholder until then.
  const fallback = (
    <Suspense fallback={loading ?? null}>
      <Fallback {...props} />
    </Suspense>
  );
  if (!remote || known?.ok === false) return fallback;
  const boundary = (children: ReactNode) => (
    <ErrorBoundary fallback={fallback} onError={(error) => warnFallback(remote.template, module, error)}>
      {children}
    </ErrorBoundary>
  );
  if (known?.ok) {
    const Ready = known.component as ComponentType<RemoteProps[M]>;
    return boundary(<Ready {...props} />);
  }
  const Remote = lazyRemote(remote.load, module) as unknown as ComponentType<RemoteProps[M]>;
  return boundary(
    <Suspense fallback={loading ?? null}>
      <Remote {...props} />
    </Suspense>,
  );
}
