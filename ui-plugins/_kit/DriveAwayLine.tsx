import type { CarCardView } from "@forecourt/ui-shell/contract";

/**
 * A search card's drive-away line under the price (`≈ $48,321 drive-away in NSW`, issue 26), in
 * the shell's class `fc-card-drive-away` (styled by the shell, so every template shows it alike).
 * Takes the card; renders a `<p>`, or nothing when the card has no line.
 */
export function DriveAwayLine({ card }: { card: CarCardView }) {
  return card.driveAway ? (
    <p className="fc-card-drive-away" data-drive-away-line="">
      {card.driveAway}
    </p>
  ) : null;
}
