// Whether the site's popup shows (docs/features/platform.md "Locations, offers and navigation"), a
// chunk of its own that PopupGate.tsx loads on the visitor's first interaction: not on /sign-in,
// not once dismissed (local storage `fc-popup-dismissed:{id}`), not after its expiry
// (`Date.now()`); else the dialog, which remembers its dismissal. Spec:
// docs/features/locations-forms-marketing.md §2 "Popup dialog", §4 "Popup".
import { useEffect, useState } from "react";
import { useLocation } from "../app/router";
import { useNavigation } from "./data";
import PopupDialog from "./PopupDialog";
import { isPopupVisible, rememberDismissed, wasDismissed } from "./popup";

/**
 * The popup, when the navigation has one that {@link isPopupVisible} allows; it remembers its
 * dismissal (closed, or its button clicked). Once the navigation is in, `<html data-fc-popup>`
 * says `shown` or `none` (tests wait on it). Takes nothing; renders the dialog or nothing.
 */
export default function PopupHost() {
  const nav = useNavigation();
  const { pathname } = useLocation();
  const popup = nav.status === "ok" ? (nav.data.popup ?? null) : null;
  const [closed, setClosed] = useState<string | null>(null);
  const show = popup !== null && closed !== popup.id && isPopupVisible(popup, Date.now(), wasDismissed(popup.id), pathname);
  const decided = nav.status !== "loading";
  useEffect(() => {
    if (decided) document.documentElement.dataset.fcPopup = show ? "shown" : "none";
  }, [decided, show]);
  if (!show || !popup) return null;
  const dismiss = () => {
    rememberDismissed(popup.id);
    setClosed(popup.id);
  };
  return <PopupDialog popup={popup} onDismiss={dismiss} />;
}
