// The popup's gate in the first load (docs/features/platform.md
// "Locations, offers and navigation"): nothing of the popup loads until the page has loaded and the
// visitor first interacts with it (scroll, wheel, key, pointer or touch); then the popup's chunk
// (PopupHost.tsx) decides and shows it. So the popup costs no first-load JavaScript, never becomes
// the largest contentful paint (whose measure stops at the first input) and never covers the first
// paint. Spec: docs/features/locations-forms-marketing.md §2 "Popup dialog", §4 "Popup".
import { type ComponentType, useEffect, useState } from "react";

/** The interactions after which the popup may show (each ends the largest-contentful-paint measure). */
export const POPUP_TRIGGERS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/**
 * Calls `engaged` on the visitor's first interaction ({@link POPUP_TRIGGERS}) once the document
 * has loaded, after that event has been handled. Takes the callback; returns the cancel function.
 */
export function onFirstInteraction(engaged: () => void): () => void {
  let timer = 0;
  const opts = { capture: true, passive: true } as const;
  const off = () => {
    for (const t of POPUP_TRIGGERS) window.removeEventListener(t, onInput, opts);
  };
  function onInput() {
    off();
    timer = window.setTimeout(engaged, 0);
  }
  const listen = () => {
    for (const t of POPUP_TRIGGERS) window.addEventListener(t, onInput, opts);
  };
  if (document.readyState === "complete") listen();
  else window.addEventListener("load", listen, { once: true });
  return () => {
    window.removeEventListener("load", listen);
    off();
    window.clearTimeout(timer);
  };
}

/**
 * Renders the popup's host (PopupHost.tsx, loaded then) from the visitor's first interaction
 * after the load on; nothing before. Takes nothing; renders the host or nothing.
 */
export function PopupGate() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(
    () =>
      onFirstInteraction(() => {
        void import("./PopupHost").then((m) => setHost(() => m.default));
      }),
    [],
  );
  return Host ? <Host /> : null;
}
