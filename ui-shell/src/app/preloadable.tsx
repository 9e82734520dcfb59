// Lazily loaded components that can be loaded ahead of their first render (pages, and the parts of
// a page's first screen that are chunks of their own): once `preload()` has resolved, the component
// renders in the same commit as its parent, with no Suspense fallback in between that it would
// replace a frame later (a layout shift when the two differ in size).
import { type ComponentType, lazy, useState } from "react";

/**
 * A lazily loaded component with `preload`. Takes the component's dynamic import; returns the
 * component (render it inside Suspense: until preloaded it suspends) with `preload()`, which
 * starts the import once and resolves with the module.
 */
export function preloadable<P extends object = object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= factory().then((m) => {
      loaded = m.default;
      return m;
    });
    return pending;
  };
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [C] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <C {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
