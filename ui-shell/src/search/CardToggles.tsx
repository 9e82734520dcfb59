import { type FavouriteEntry, toggleCompare, toggleFavourite } from "./favourites";

/** Props of {@link CardToggles}: which toggles exist, their state, and the car. */
export interface CardTogglesProps {
  entry: FavouriteEntry;
  favourites: boolean;
  compare: boolean;
  isFavourite: boolean;
  isCompared: boolean;
}

/**
 * The favourite and compare toggles over a card's image (shopper-core §4 "The favourites variant
 * stores entries locally and toggles add/remove", §5 "Compare and favourite controls are hidden
 * when the feature is off or the car fails the availability check" — the caller leaves them out
 * then). Toggle buttons with `aria-pressed` and the car's name in their label. Takes
 * {@link CardTogglesProps}; renders the buttons, or nothing when both are off.
 */
export function CardToggles({ entry, favourites, compare, isFavourite, isCompared }: CardTogglesProps) {
  if (!favourites && !compare) return null;
  return (
    <div className="fc-srp-toggles">
      {favourites ? (
        <button
          type="button"
          className="fc-srp-toggle"
          aria-pressed={isFavourite}
          aria-label={`${isFavourite ? "Remove from" : "Save to"} favourites: ${entry.name}`}
          onClick={() => toggleFavourite(entry)}
          data-toggle="favourite"
        >
          <span aria-hidden="true">{isFavourite ? "♥" : "♡"}</span>
        </button>
      ) : null}
      {compare ? (
        <button
          type="button"
          className="fc-srp-toggle"
          aria-pressed={isCompared}
          aria-label={`${isCompared ? "Remove from" : "Add to"} compare: ${entry.name}`}
          onClick={() => toggleCompare(entry.id)}
          data-toggle="compare"
        >
          <span aria-hidden="true">⇄</span>
        </button>
      ) : null}
    </div>
  );
}
