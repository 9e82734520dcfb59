import { ChevronDown } from "lucide-react";
import { Accordion as A } from "radix-ui";
import type { ReactNode } from "react";

/** One collapsible section: id, heading text and content. */
export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/** Props of {@link Accordion}: items, which are open at first, and whether several may be open (default yes). */
export interface AccordionProps {
  items: AccordionItem[];
  defaultOpen?: string[];
  multiple?: boolean;
}

/**
 * Collapsible sections (Radix Accordion: buttons in headings, aria-expanded, arrow-key navigation).
 * Used for the VDP tabs (Dealer Comments, Features...), FAQs and opening hours (docs/features/shopper-core.md §2,
 * docs/features/locations-forms-marketing.md §2 "Recall page", "Trade-in information"). Takes {@link AccordionProps}.
 */
export function Accordion({ items, defaultOpen = [], multiple = true }: AccordionProps) {
  const body = items.map((i) => (
    <A.Item key={i.id} value={i.id} className="fc-accordion__item">
      <A.Header className="fc-accordion__header">
        <A.Trigger className="fc-accordion__trigger">
          <span>{i.title}</span>
          <ChevronDown className="fc-accordion__chevron" aria-hidden="true" size={18} />
        </A.Trigger>
      </A.Header>
      <A.Content className="fc-accordion__content">
        <div className="fc-accordion__inner">{i.content}</div>
      </A.Content>
    </A.Item>
  ));
  return multiple ? (
    <A.Root type="multiple" className="fc-accordion" defaultValue={defaultOpen}>
      {body}
    </A.Root>
  ) : (
    <A.Root type="single" collapsible className="fc-accordion" {...(defaultOpen[0] ? { defaultValue: defaultOpen[0] } : {})}>
      {body}
    </A.Root>
  );
}
