import { ArrowLeftRight, Heart } from "lucide-react";
import { type FavouriteEntry, toggleCompare, toggleFavourite } from "./favourites";

/** Props of {@link CardToggles}: which toggles exist, their state, and the car. */
export interface CardTogglesProps {
  entry: FavouriteEntry;
  favourites: boolean;
  compare: boolean;
  isFavourite: boolean;
  isCompared: boolean;
  /** The watchlist variant of the save toggle (sites without favourites): saved or not, and the toggle. */
  watchlist?: { saved: boolean; onToggle: () => void } | undefined;
}

/**
 * The favourite and compare toggles over a card's image (docs/features/shopper-core.md §4 "The favourites variant
 * stores entries locally and toggles add/remove", §5 "Compare and favourite controls are hidden
 * when the feature is off or the car fails the availability check" — the caller leaves them out
 * then), or on sites without favourites the watchlist variant (§4 "Watchlist toggle": the caller
 * runs it through src/account/watchlist.ts). Toggle buttons with `aria-pressed` and the car's name
 * in their label. Takes {@link CardTogglesProps}; renders the buttons, or nothing when all are off.
 */
export function CardToggles({ entry, favourites, compare, isFavourite, isCompared, watchlist }: CardTogglesProps) {
  if (!favourites && !compare && !watchlist) return null;
  return (
    <div className="fc-srp-toggles">
      {watchlist ? (
        <button
          type="button"
          className="fc-srp-toggle"
          aria-pressed={watchlist.saved}
          aria-label={`${watchlist.saved ? "Remove from" : "Save to"} watchlist: ${entry.name}`}
          onClick={watchlist.onToggle}
          data-toggle="watchlist"
        >
          <Heart aria-hidden="true" size={20} fill={watchlist.saved ? "currentColor" : "none"} />
        </button>
      ) : null}
      {favourites ? (
        <button
          type="button"
          className="fc-srp-toggle"
          aria-pressed={isFavourite}
          aria-label={`${isFavourite ? "Remove from" : "Save to"} favourites: ${entry.name}`}
          onClick={() => toggleFavourite(entry)}
          data-toggle="favourite"
        >
          <Heart aria-hidden="true" size={20} fill={isFavourite ? "currentColor" : "none"} />
        </button>
      ) : null}
      {compare ? (
        <button
          type="button"
          className="fc-srp-toggle"
          aria-pressed={isCompared}
          aria-label={`${isCompared ? "Remove from" : "Add to"} compare: ${entry.name}`}
          onClick={() => toggleCompare(entry)}
          data-toggle="compare"
        >
          <ArrowLeftRight aria-hidden="true" size={20} />
        </button>
      ) : null}
    </div>
  );
}
