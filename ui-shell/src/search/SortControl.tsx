import { NativeSelect } from "../design/NativeSelect";
import type { SortBy } from "./address";
import { sortChoices } from "./filters";

/**
 * The sort choice of the SRP (docs/features/shopper-core.md §3 "Search state: sortBy"; §7 default custom_rank):
 * a labelled Radix select. Loaded after the first render (the select's code is not on the first
 * load). Takes the current order, the change handler and whether the tenant offers "Recently
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
