// The collapsible FAQ of the recall and trade-in pages (docs/features/platform.md
// "Marketing and content pages") on the design system's accordion (Radix: each question a button in
// an <h3>, aria-expanded, arrow keys between them).
// Spec: docs/features/locations-forms-marketing.md §2 "Recall page" ("FAQ items (collapsible)"),
// "Trade-in information".
import { Accordion } from "../design/Accordion";
import "../content/content.css";
import "./marketing.css";
import type { FaqItem } from "./types";

/** Props of {@link Faq}: the heading (an `<h2>`), its id, and the items. */
export interface FaqProps {
  title: string;
  id: string;
  items: FaqItem[];
}

/**
 * A titled FAQ: an `<h2>`, then each question as a collapsed accordion item whose answer is the
 * host's sanitised HTML. Several may be open at once. Takes {@link FaqProps}; renders a
 * `<section>` labelled by its heading, or nothing when there are no items.
 */
export function Faq({ title, id, items }: FaqProps) {
  if (items.length === 0) return null;
  return (
    <section className="fc-faq" aria-labelledby={id} data-faq="">
      <h2 id={id}>{title}</h2>
      <Accordion
        items={items.map((f, i) => ({
          id: `q${i}`,
          title: f.question,
          // Sanitised with ammonia on the host (formatting and links only).
          content: <div className="fc-prose" dangerouslySetInnerHTML={{ __html: f.answerHtml }} />,
        }))}
      />
    </section>
  );
}
