import { NativeSelect } from "../design/NativeSelect";
import type { SortBy } from "./address";
import { sortChoices } from "./filters";

/**
 * The sort choice of the SRP (docs/features/shopper-core.md §3 "Search state: sortBy"; §7 default custom_rank):
 * a labelled native select, in the first render (the first paint's select is the same control: a
 * lazily loaded one swapped a placeholder of another height in at hydration, a layout shift). Takes the current order, the change handler and whether the tenant offers "Recently
 * reduced" (`showReduced`, default false); renders the control.
 */
export default function SortControl({
  value,
  onChange,
  showReduced = false,
}: {
  value: SortBy;
  onChange: (v: SortBy) => void;
  showReduced?: boolean;
}) {
  return (
    <NativeSelect
      label="Sort by"
      options={sortChoices(showReduced, value).map((c) => ({ value: c.value, label: c.label }))}
      value={value}
      onValueChange={(v) => onChange(v as SortBy)}
    />
  );
}
