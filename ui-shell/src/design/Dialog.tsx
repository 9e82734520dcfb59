import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import type { ReactNode } from "react";

/** Props of {@link Dialog}: controlled `open`, its setter, a title (required for accessibility), an optional description. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Extra class on the dialog panel, e.g. `fc-dialog--full` for the VDP's full-screen gallery. */
  className?: string;
}

/**
 * A modal dialog (Radix Dialog: focus trap, Escape and outside click close, scroll lock, labelled by
 * its title). Max width 600 px and max height 80vh (docs/features/locations-forms-marketing.md §2 "Popup dialog").
 * Used for the enquiry and test-drive forms (docs/features/shopper-core.md §2). Takes {@link
 * DialogProps}; renders a portal.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fc-dialog-overlay" />
        <D.Content
          className={className ? `fc-dialog ${className}` : "fc-dialog"}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <D.Title className="fc-dialog__title">{title}</D.Title>
          {description ? <D.Description className="fc-dialog__description">{description}</D.Description> : null}
          <div className="fc-dialog__body">{children}</div>
          <D.Close className="fc-dialog__close" aria-label="Close">
            <X aria-hidden="true" size={20} />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
