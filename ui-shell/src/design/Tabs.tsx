import { Tabs as T } from "radix-ui";
import type { ReactNode } from "react";

/** One tab: stable id, its label and its panel content. */
export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

/** Props of {@link Tabs}: the items, the initially selected id (default the first), an accessible label. */
export interface TabsProps {
  items: TabItem[];
  defaultValue?: string;
  label: string;
  onValueChange?: (id: string) => void;
}

/**
 * Tabs (Radix Tabs: arrow keys move between tabs, automatic activation). The first tab is selected
 * initially unless `defaultValue` names another (docs/features/locations-forms-marketing.md §2 "Tabbed content block").
 * Takes {@link TabsProps}; renders a tab list and the selected panel.
 */
export function Tabs({ items, defaultValue, label, onValueChange }: TabsProps) {
  const first = items[0]?.id;
  const initial = items.some((i) => i.id === defaultValue) ? defaultValue : first;
  return (
    <T.Root className="fc-tabs" {...(initial ? { defaultValue: initial } : {})} {...(onValueChange ? { onValueChange } : {})}>
      <T.List className="fc-tabs__list" aria-label={label}>
        {items.map((i) => (
          <T.Trigger key={i.id} value={i.id} className="fc-tabs__trigger">
            {i.label}
          </T.Trigger>
        ))}
      </T.List>
      {items.map((i) => (
        <T.Content key={i.id} value={i.id} className="fc-tabs__panel">
          {i.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
