// The "after the largest image" gate of the electric-model pages: what is below the first screen
// (its sections and their images, the hero's other slides) renders only once the page's largest
// image has loaded and been painted, so that nothing competes with it for the network or the main
// thread on a first load (ui-shell/README.md "First load"; Lighthouse, BUDGETS.md). Open for the
// rest of the session once opened (client-side navigation renders at once); if no largest image
// opens it, it opens GATE_TIMEOUT_MS after its first reader.
import { type ReactNode, useSyncExternalStore } from "react";

/** How long (ms) the gate waits, from its first reader, for the largest image before opening anyway. */
export const GATE_TIMEOUT_MS = 2500;

let open = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const readers = new Set<() => void>();

/** True once {@link openImageGate} ran. Takes nothing. */
export function imageGateOpen(): boolean {
  return open;
}

/** Opens the gate and tells every reader. Takes nothing; idempotent. */
export function openImageGate(): void {
  if (open) return;
  open = true;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  for (const r of [...readers]) r();
}

/**
 * Opens the gate once the next frame has been painted (two animation frames, then a task): for
 * the largest image's `load` handler, so that its paint (the page's largest contentful paint)
 * comes before any other image is asked for. Takes nothing.
 */
export function openImageGateAfterPaint(): void {
  if (open) return;
  if (typeof requestAnimationFrame !== "function") {
    setTimeout(openImageGate, 0);
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(openImageGate, 0)));
}

function subscribe(onChange: () => void): () => void {
  readers.add(onChange);
  if (!open && timer === null) timer = setTimeout(openImageGate, GATE_TIMEOUT_MS);
  return () => readers.delete(onChange);
}

/** Whether the calling component may ask for its (non-largest) image yet. Takes nothing; returns the gate's state. */
export function useImageGate(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

/** Closes the gate again (tests, Storybook). Takes nothing. */
export function resetImageGate(): void {
  open = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/**
 * Renders `children` once the gate is open (the page's largest image has painted); until then an
 * empty block a screen tall, so the footer below stays where it will be (off screen) and nothing
 * shifts when the sections arrive. Keeps the first commit, and the work before the largest paint,
 * to the first screen. Takes the sections below the fold; renders them or the placeholder.
 */
export function AfterLargestImage({ children }: { children: ReactNode }) {
  const open = useImageGate();
  return open ? children : <div className="fc-models-pending" aria-hidden="true" />;
}
