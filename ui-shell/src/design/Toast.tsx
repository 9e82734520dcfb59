import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from "react";

const ToastViewport = lazy(() => import("./ToastViewport"));

/** A toast to show: title, optional description, optional action link (e.g. `View List`), duration in ms. */
export interface ToastOptions {
  title: string;
  description?: string;
  action?: { label: string; href: string };
  /** Milliseconds before it closes by itself (default 3000, docs/features/shopper-core.md §9 "copy toast 3000 ms"). */
  durationMs?: number;
}

/** A toast in the queue: its options, id and whether it is open. */
export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

/** What {@link useToast} returns: `show(options)` queues a toast and returns its id. */
export interface ToastApi {
  show: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Props of {@link ToastProvider}: the most toasts shown at once (default 1) and the app. */
export interface ToastProviderProps {
  limit?: number;
  children: ReactNode;
}

/**
 * Provides toasts (Radix Toast: announced politely, swipe or Escape to close) with at most `limit`
 * visible; a new toast beyond the limit replaces the oldest (docs/features/locations-forms-marketing.md §9 "toast
 * limit 1"). The Radix part loads with the first toast. Takes {@link ToastProviderProps}; renders
 * the children and, once there is a toast, the viewport.
 */
export function ToastProvider({ limit = 1, children }: ToastProviderProps) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const show = useCallback(
    (options: ToastOptions) => {
      const id = nextId.current++;
      setItems((prev) => [...prev.filter((t) => t.open), { ...options, id, open: true }].slice(-Math.max(1, limit)));
      return id;
    },
    [limit],
  );
  const dismiss = useCallback((id: number) => {
    setItems((prev) => prev.map((t) => (t.id === id ? { ...t, open: false } : t)));
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {items.length > 0 ? (
        <Suspense fallback={null}>
          <ToastViewport items={items} onClosed={(id) => setItems((prev) => prev.filter((x) => x.id !== id))} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

/**
 * The toast API of the nearest {@link ToastProvider}. Takes nothing; returns {@link ToastApi}.
 * Throws when used outside a provider.
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider>");
  return api;
}
