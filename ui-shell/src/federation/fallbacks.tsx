// The shell's own components (src/components/defaults.tsx) as the remote slots' fallbacks, loaded
// only when they are needed: a tenant without a remote, or a remote module that fails. A first
// load whose remote works never downloads them (ui-shell/BUDGETS.md, first-load JavaScript).
import { type ComponentType, lazy, useState } from "react";
import type { RemoteModuleName, RemoteProps } from "../contract";

type Defaults = typeof import("../components/defaults");

let loaded: Defaults | null = null;
let pending: Promise<Defaults> | null = null;

/**
 * Loads the shell's default components (once). src/main.tsx calls it before the first render when
 * there is no remote or a first-screen remote module failed, so the fallbacks render in that
 * render with no placeholder between. Takes nothing; resolves with the module.
 */
export function preloadFallbacks(): Promise<Defaults> {
  pending ??= import("../components/defaults").then((m) => {
    loaded = m;
    return m;
  });
  return pending;
}

const NAMES = {
  SiteHeader: "DefaultSiteHeader",
  SiteFooter: "DefaultSiteFooter",
  HomeHero: "DefaultHomeHero",
  SearchCard: "DefaultSearchCard",
  VdpSidebar: "DefaultVdpSidebar",
} as const satisfies Record<RemoteModuleName, keyof Defaults>;

function fallback<M extends RemoteModuleName>(module: M): ComponentType<RemoteProps[M]> {
  const pick = (m: Defaults) => m[NAMES[module]] as unknown as ComponentType<RemoteProps[M]>;
  const Lazy = lazy(() => preloadFallbacks().then((m) => ({ default: pick(m) })));
  function Fallback(props: RemoteProps[M]) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [C] = useState<ComponentType<RemoteProps[M]>>(() => (loaded ? pick(loaded) : Lazy));
    return <C {...props} />;
  }
  Fallback.displayName = `Fallback(${module})`;
  return Fallback;
}

/**
 * The fallback of each remote module: the shell's default component, loaded on first use (it
 * suspends until then; {@link RemoteSlot} renders it inside Suspense). Keyed by module name.
 */
export const FALLBACKS: { [M in RemoteModuleName]: ComponentType<RemoteProps[M]> } = {
  SiteHeader: fallback("SiteHeader"),
  SiteFooter: fallback("SiteFooter"),
  HomeHero: fallback("HomeHero"),
  SearchCard: fallback("SearchCard"),
  VdpSidebar: fallback("VdpSidebar"),
};
