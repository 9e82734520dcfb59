import { useState } from "react";
import { Dialog } from "../design/Dialog";
import { formatAddress, type SearchState } from "./address";
import { useSearchCount } from "./data";
import FilterPanel, { type FacetLists } from "./FilterPanel";
import { ShowMeButton } from "./ShowMe";

/** Props of {@link FilterDialog}. */
export interface FilterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page's state: the dialog edits a copy. */
  state: SearchState;
  facets: FacetLists;
  /** The tenant's `wording.vehicle_noun`, e.g. `Cars`. */
  noun: string;
  /** Called with the chosen filters when the shopper presses 'Show Me {count} {noun}'. */
  onApply: (next: SearchState) => void;
}

/**
 * The filters in a dialog (phones): the shopper edits a draft, the 'Show Me {count} {vehicle noun}'
 * button shows the draft's count (GET /api/v1/search/count, animated) and applies it (docs/features/shopper-core.md
 * §2 "A 'Show Me {count} {vehicle noun}' button navigates to the results with the current filters;
 * the count is animated"). Takes {@link FilterDialogProps}; renders the dialog.
 */
export default function FilterDialog({ open, onOpenChange, state, facets, noun, onApply }: FilterDialogProps) {
  const [draft, setDraft] = useState(state);
  const count = useSearchCount(formatAddress(draft));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Filter results">
      <FilterPanel state={draft} facets={facets} onChange={setDraft} />
      <div className="fc-srp-dialog__footer">
        <ShowMeButton count={count} noun={noun} onClick={() => onApply(draft)} />
      </div>
    </Dialog>
  );
}
