// The popup dialog itself (docs/features/platform.md "Locations, offers and navigation"), a chunk
// loaded only when a popup is to be shown (PopupHost.tsx decides): image, title, description and
// button in the design system's dialog (Radix Dialog: at most 600 px wide and 80vh high, scrolling
// inside; focus trap, Escape and outside click close). Spec:
// docs/features/locations-forms-marketing.md §2 "Popup dialog", §9.
import type { Popup } from "../api/types";
import { ButtonLink } from "../design/Button";
import { Dialog } from "../design/Dialog";
import { imageAt } from "../lib/images";

/** Props of {@link PopupDialog}: the popup and what to do once it is closed or its button clicked. */
export interface PopupDialogProps {
  popup: Popup;
  /** Called once when the visitor closes the dialog or clicks its button (remember the dismissal). */
  onDismiss: () => void;
}

/**
 * The popup: its image (above the title), title, description (plain text, line breaks kept) and
 * button (a link; clicking it dismisses the popup too). Open while mounted. Takes
 * {@link PopupDialogProps}; renders the dialog.
 */
export default function PopupDialog({ popup, onDismiss }: PopupDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      title={popup.title}
      {...(popup.description ? { description: popup.description } : {})}
      className="fc-popup"
    >
      <div data-popup={popup.id}>
        {popup.image_url ? (
          <img className="fc-popup__image" src={imageAt(popup.image_url, 600)} alt="" width={600} height={338} />
        ) : null}
        {popup.button ? (
          <ButtonLink href={popup.button.href} onClick={onDismiss} data-popup-button="">
            {popup.button.label}
          </ButtonLink>
        ) : null}
      </div>
    </Dialog>
  );
}
