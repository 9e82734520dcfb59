// The tabbed content block of a model family page (docs/features/locations-forms-marketing.md §2 "Tabbed content
// block", §4): its own module so that Radix Tabs load only with /models/{baseId}.
import { useId } from "react";
import { Tabs } from "../design/Tabs";
import { ModelImage } from "./ModelImage";
import { tabId, tabIndexFor } from "./models";
import { CtaButtons, StatList } from "./sections";
import type { ModelFamily, ModelTab } from "./types";

/** At most this many paragraphs show in a tab (§2 "up to 4 text paragraphs"). */
export const TAB_PARAGRAPHS = 4;

function TabPanel({ tab }: { tab: ModelTab }) {
  return (
    <div className="fc-models-tab">
      <div className="fc-models-tab__text">
        <h3>{tab.subtitle || tab.name}</h3>
        {tab.paragraphs.slice(0, TAB_PARAGRAPHS).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <StatList stats={tab.specs} className="fc-models-specs" />
        {tab.button ? <CtaButtons ctas={[tab.button]} /> : null}
      </div>
      {tab.imageUrl ? (
        <div className="fc-models-tab__media">
          <ModelImage src={tab.imageUrl} alt={tab.imageAlt} size="tab" />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The tabbed content block (§2 "Tabbed content block", §4): one tab per family tab (subtitle, up
 * to 4 paragraphs, image, spec label/value pairs, button), the first selected initially, or the tab
 * named by the `tab` query parameter matched case-insensitively ({@link tabIndexFor}); clicking or
 * the arrow keys switch (Radix Tabs through the design system's `Tabs`). A new `tab` parameter
 * re-selects. Takes the family and the `tab` parameter (null when absent); renders the section
 * (nothing without tabs).
 */
export function ModelTabs({ family, tab }: { family: ModelFamily; tab: string | null }) {
  const id = useId();
  if (family.tabs.length === 0) return null;
  const items = family.tabs.map((t, i) => ({ id: tabId(t.name, i), label: t.name, content: <TabPanel tab={t} /> }));
  const selected = items[tabIndexFor(family.tabs, tab)]?.id;
  return (
    <section className="fc-container fc-section fc-models-tabs" aria-labelledby={id} data-section="tabs">
      <h2 id={id} className="fc-visually-hidden">
        {`${family.name} in detail`}
      </h2>
      <Tabs key={`${family.baseId}-${selected}`} items={items} label={`${family.name} features`} defaultValue={selected} />
    </section>
  );
}
