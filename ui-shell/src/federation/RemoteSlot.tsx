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

const lazyCache = new WeakMap<RemoteLoader, Map<string, LazyExoticComponent<RemoteComponent>>>();

function lazyRemote(load: RemoteLoader, module: RemoteModuleName): LazyExoticComponent<RemoteComponent> {
  let byModule = lazyCache.get(load);
  if (!byModule) {
    byModule = new Map();
    lazyCache.set(load, byModule);
  }
  let c = byModule.get(module);
  if (!c) {
    c = lazy(async () => ({ default: await load(module) }));
    byModule.set(module, c);
  }
  return c;
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
  if (!remote) return <Fallback {...props} />;
  const Remote = lazyRemote(remote.load, module) as unknown as ComponentType<RemoteProps[M]>;
  return (
    <ErrorBoundary
      fallback={<Fallback {...props} />}
      onError={(error) =>
        console.warn(`[forecourt] remote ${remote.template}/${module} failed; showing the shell's component.`, error)
      }
    >
      <Suspense fallback={loading ?? null}>
        <Remote {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
