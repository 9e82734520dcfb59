// Decides whether the site's popup shows (issue 11) and loads its dialog only then: once the page
// has loaded and the visitor first interacts with it (scroll, wheel, key, pointer or touch), so
// the popup never becomes the page's largest contentful paint (which stops at the first input) and
// never covers the first paint; not on /sign-in, not once dismissed (local storage
// `fc-popup-dismissed:{id}`), not after its expiry (`Date.now()`).
// Spec: locations-forms-marketing §2 "Popup dialog", §4 "Popup".
import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "../app/router";
import { useNavigation } from "./data";
import type { PopupDialogProps } from "./PopupDialog";
import { isPopupVisible, rememberDismissed, wasDismissed } from "./popup";

/** The interactions after which the popup may show (each ends the largest-contentful-paint measure). */
export const POPUP_TRIGGERS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/**
 * Calls `loaded` once the document has loaded, then `engaged` on the visitor's first interaction
 * after that ({@link POPUP_TRIGGERS}; after the event has been handled). Takes both callbacks;
 * returns the cancel function.
 */
function afterLoadAndInteraction(loaded: () => void, engaged: () => void): () => void {
  let timer = 0;
  const opts = { capture: true, passive: true } as const;
  const off = () => {
    for (const t of POPUP_TRIGGERS) window.removeEventListener(t, onInput, opts);
  };
  function onInput() {
    off();
    timer = window.setTimeout(engaged, 0);
  }
  const go = () => {
    loaded();
    for (const t of POPUP_TRIGGERS) window.addEventListener(t, onInput, opts);
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
  return () => {
    window.removeEventListener("load", go);
    off();
    window.clearTimeout(timer);
  };
}

/**
 * The popup's place in the shell: renders nothing until the navigation has a popup that
 * {@link isPopupVisible} allows, the page has loaded, the visitor has interacted with it and the
 * dialog's chunk is in; then the dialog, which remembers its dismissal. Once decided,
 * `<html data-fc-popup>` says `none`, `waiting` or `shown`. Takes nothing; renders the dialog or nothing.
 */
export function PopupHost() {
  const nav = useNavigation();
  const { pathname } = useLocation();
  const popup = nav.status === "ok" ? (nav.data.popup ?? null) : null;
  const [loaded, setLoaded] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<PopupDialogProps> | null>(null);
  useEffect(
    () =>
      afterLoadAndInteraction(
        () => setLoaded(true),
        () => setEngaged(true),
      ),
    [],
  );
  const eligible =
    loaded && popup !== null && closed !== popup.id && isPopupVisible(popup, Date.now(), wasDismissed(popup.id), pathname);
  const show = eligible && engaged;
  // The decision, once there is one, on <html data-fc-popup>: `none`, `waiting` (for the first
  // interaction) or `shown`. Tests wait on it.
  const decided = loaded && nav.status !== "loading";
  const state = show ? "shown" : eligible ? "waiting" : "none";
  useEffect(() => {
    if (decided) document.documentElement.dataset.fcPopup = state;
  }, [decided, state]);
  useEffect(() => {
    if (!show || Dialog) return;
    let live = true;
    import("./PopupDialog").then((m) => {
      if (live) setDialog(() => m.default);
    });
    return () => {
      live = false;
    };
  }, [show, Dialog]);
  if (!show || !Dialog || !popup) return null;
  const dismiss = () => {
    rememberDismissed(popup.id);
    setClosed(popup.id);
  };
  return <Dialog popup={popup} onDismiss={dismiss} />;
}
