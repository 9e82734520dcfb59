import { NativeSelect } from "../design/NativeSelect";
import type { SortBy } from "./address";
import { SORT_CHOICES } from "./filters";

/**
 * The sort choice of the SRP (docs/features/shopper-core.md §3 "Search state: sortBy"; §7 default custom_rank):
 * a labelled Radix select. Loaded after the first render (the select's code is not on the first
 * load). Takes the current order and the change handler; renders the control.
 */
export default function SortControl({ value, onChange }: { value: SortBy; onChange: (v: SortBy) => void }) {
  return (
    <NativeSelect
      label="Sort by"
      options={SORT_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
      value={value}
      onValueChange={(v) => onChange(v as SortBy)}
    />
  );
}
