import { Slider as S } from "radix-ui";
import { useId } from "react";

/** Props of {@link RangeSlider}: bounds, step, the two values, and how each thumb is named and shown. */
export interface RangeSliderProps {
  /** Visible label of the whole control, e.g. `Price`. */
  label: string;
  min: number;
  max: number;
  step: number;
  /** [low, high], within min..max. */
  value: readonly [number, number];
  /** Called while dragging or with the keyboard. */
  onValueChange: (value: [number, number]) => void;
  /** Called when a drag or key press ends (e.g. to search). */
  onValueCommit?: (value: [number, number]) => void;
  /** Display of a value, e.g. `$5,000`; also each thumb's `aria-valuetext`. */
  format: (v: number) => string;
  /** Least steps between the thumbs (default 1: the low thumb stays below the high one). */
  minStepsBetweenThumbs?: number;
}

/**
 * A two-thumb range slider (Radix Slider: each thumb a `slider` role with arrow, Page and
 * Home/End keys; thumbs never cross), with the label and the chosen range shown as text. Used for
 * the price filter (docs/features/locations-forms-marketing.md §2 "Price range slider search: default range 5000 to
 * 250000, step 500"). Takes {@link RangeSliderProps}; renders the labelled control.
 */
export function RangeSlider({
  label,
  min,
  max,
  step,
  value,
  onValueChange,
  onValueCommit,
  format,
  minStepsBetweenThumbs = 1,
}: RangeSliderProps) {
  const id = useId();
  const pair = (v: number[]): [number, number] => [v[0] ?? min, v[1] ?? max];
  return (
    <div className="fc-range">
      <div className="fc-range__head">
        <span id={`${id}-label`} className="fc-field__label">
          {label}
        </span>
        <output className="fc-range__value" aria-live="polite">
          {`${format(value[0])} – ${format(value[1])}`}
        </output>
      </div>
      <S.Root
        className="fc-range__root"
        min={min}
        max={max}
        step={step}
        value={[value[0], value[1]]}
        minStepsBetweenThumbs={minStepsBetweenThumbs}
        onValueChange={(v) => onValueChange(pair(v))}
        {...(onValueCommit ? { onValueCommit: (v: number[]) => onValueCommit(pair(v)) } : {})}
        aria-labelledby={`${id}-label`}
      >
        <S.Track className="fc-range__track">
          <S.Range className="fc-range__range" />
        </S.Track>
        <S.Thumb className="fc-range__thumb" aria-label={`Minimum ${label.toLowerCase()}`} aria-valuetext={format(value[0])} />
        <S.Thumb className="fc-range__thumb" aria-label={`Maximum ${label.toLowerCase()}`} aria-valuetext={format(value[1])} />
      </S.Root>
    </div>
  );
}
