// Decides whether the site's popup shows (issue 11) and loads its dialog only then: after the page
// has loaded and the browser is idle (never in the way of the first paint or its largest image),
// not on /sign-in, not once dismissed (local storage `fc-popup-dismissed:{id}`), not after its
// expiry (`Date.now()`). Spec: locations-forms-marketing §2 "Popup dialog", §4 "Popup".
import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "../app/router";
import { useNavigation } from "./data";
import type { PopupDialogProps } from "./PopupDialog";
import { isPopupVisible, rememberDismissed, wasDismissed } from "./popup";

/**
 * Calls `ready` once the document has loaded and the browser is idle (at most 2 s after the load).
 * Takes the callback; returns the cancel function.
 */
function afterLoad(ready: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const go = () => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(ready, { timeout: 2000 });
    else timer = window.setTimeout(ready, 0);
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
  return () => {
    window.removeEventListener("load", go);
    if (idle && typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/**
 * The popup's place in the shell: renders nothing until the navigation has a popup that
 * {@link isPopupVisible} allows, the page has loaded and its chunk is in; then the dialog, which
 * remembers its dismissal. Once decided, `<html data-fc-popup>` says `shown` or `none`. Takes
 * nothing; renders the dialog or nothing.
 */
export function PopupHost() {
  const nav = useNavigation();
  const { pathname } = useLocation();
  const popup = nav.status === "ok" ? (nav.data.popup ?? null) : null;
  const [loaded, setLoaded] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<PopupDialogProps> | null>(null);
  useEffect(() => afterLoad(() => setLoaded(true)), []);
  const show =
    loaded && popup !== null && closed !== popup.id && isPopupVisible(popup, Date.now(), wasDismissed(popup.id), pathname);
  // The decision, once there is one, on <html data-fc-popup> (`shown` or `none`): tests wait on it.
  const decided = loaded && nav.status !== "loading";
  useEffect(() => {
    if (decided) document.documentElement.dataset.fcPopup = show ? "shown" : "none";
  }, [decided, show]);
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
