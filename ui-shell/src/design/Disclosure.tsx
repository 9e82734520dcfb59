import type { ReactNode } from "react";

/** Props of {@link Disclosure}: the summary text, whether it starts open, the content. */
export interface DisclosureProps {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
  id?: string;
}

/**
 * A collapsible section on the browser's own `<details>`/`<summary>` (keyboard and screen-reader
 * support built in, no JavaScript): for long pages like the VDP where the JS budget matters
 * (docs/features/shopper-core.md §2 "Collapsible tabs"). Use {@link Accordion} when arrow keys should move between
 * headers. Takes {@link DisclosureProps}; renders a `<details>`.
 */
export function Disclosure({ title, defaultOpen = false, children, id }: DisclosureProps) {
  return (
    <details className="fc-disclosure" open={defaultOpen} id={id}>
      <summary className="fc-disclosure__summary">{title}</summary>
      <div className="fc-disclosure__content">{children}</div>
    </details>
  );
}
