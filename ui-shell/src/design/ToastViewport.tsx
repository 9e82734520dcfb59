// The rendering half of the toasts (Radix Toast). Loaded on the first toast only, so pages that
// never show one do not download it (first-load budget, docs/features/shopper-core.md VDP).
import { X } from "lucide-react";
import { Toast as T } from "radix-ui";
import type { ToastItem } from "./Toast";

/** Props of {@link ToastViewport}: the toasts to render and a callback when one closes. */
export interface ToastViewportProps {
  items: ToastItem[];
  onClosed: (id: number) => void;
}

/**
 * Renders toasts with Radix Toast (announced politely, swipe or Escape to close, F8 to focus the
 * region). Takes {@link ToastViewportProps}; renders the provider, the toasts and the viewport.
 */
export default function ToastViewport({ items, onClosed }: ToastViewportProps) {
  return (
    <T.Provider swipeDirection="right" label="Notification">
      {items.map((t) => (
        <T.Root
          key={t.id}
          className="fc-toast"
          open={t.open}
          duration={t.durationMs ?? 3000}
          onOpenChange={(open) => {
            if (!open) onClosed(t.id);
          }}
        >
          <T.Title className="fc-toast__title">{t.title}</T.Title>
          {t.description ? <T.Description className="fc-toast__description">{t.description}</T.Description> : null}
          {t.action ? (
            <T.Action altText={t.action.label} asChild>
              <a className="fc-toast__action" href={t.action.href}>
                {t.action.label}
              </a>
            </T.Action>
          ) : null}
          <T.Close className="fc-toast__close" aria-label="Dismiss">
            <X aria-hidden="true" size={18} />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport className="fc-toast-viewport" />
    </T.Provider>
  );
}
