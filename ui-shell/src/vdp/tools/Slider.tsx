import { Slider as S } from "radix-ui";
import { useId } from "react";

const decimals = (n: number) => (Number.isInteger(n) ? 0 : (String(n).split(".")[1]?.length ?? 0));

/**
 * A value on the slider's grid `min + k x step`, clamped to `min..max` (an HTML range input's
 * grid: 5.99 to 15.99 by 0.5 gives 5.99, 6.49 ... 15.99; Radix rounds to the step's decimals, so
 * its 6.5 comes back as 6.49). Takes the value and the bounds and step (units of the value);
 * returns the snapped value.
 */
export function snapToGrid(value: number, min: number, max: number, step: number): number {
  if (!(step > 0)) return Math.min(max, Math.max(min, value));
  const k = Math.round((value - min) / step);
  const places = Math.max(decimals(min), decimals(step));
  const v = Number((min + k * step).toFixed(places));
  return Math.min(max, Math.max(min, v));
}

/** Props of {@link ValueSlider}: label, bounds and step (units of the value), the value and its display. */
export interface ValueSliderProps {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onValueChange: (value: number) => void;
  /** Display of a value, e.g. `$30,000` or `5 years`; also the thumb's `aria-valuetext`. */
  format: (v: number) => string;
  /** Help or clamp message under the slider (announced). */
  message?: string | null | undefined;
  /** `data-field` of the root, for tests. */
  field?: string;
  disabled?: boolean;
}

/**
 * A one-thumb slider (Radix Slider: `slider` role with aria-valuemin/max/now and valuetext;
 * arrows, Page Up/Down, Home/End) with its label, the current value as text and an optional
 * message (docs/features/shopper-core.md §5 calculator inputs; the clamp help text). Takes {@link ValueSliderProps};
 * renders the labelled control (the design system's `.fc-range` look).
 */
export function ValueSlider({ label, min, max, step, value, onValueChange, format, message, field, disabled }: ValueSliderProps) {
  const id = useId();
  return (
    <div className="fc-range fc-tool-slider" data-field={field}>
      <div className="fc-range__head">
        <span id={`${id}-label`} className="fc-field__label">
          {label}
        </span>
        <output className="fc-range__value" htmlFor={`${id}-thumb`} data-value="">
          {format(value)}
        </output>
      </div>
      <S.Root
        className="fc-range__root"
        min={min}
        max={max}
        step={step}
        value={[value]}
        disabled={disabled}
        onValueChange={(v) => {
          const n = v[0];
          if (n !== undefined) onValueChange(n === max || n === min ? n : snapToGrid(n, min, max, step));
        }}
        aria-labelledby={`${id}-label`}
      >
        <S.Track className="fc-range__track">
          <S.Range className="fc-range__range" />
        </S.Track>
        <S.Thumb
          id={`${id}-thumb`}
          className="fc-range__thumb"
          aria-label={label}
          aria-valuetext={format(value)}
          {...(message ? { "aria-describedby": `${id}-msg` } : {})}
        />
      </S.Root>
      {message ? (
        <p id={`${id}-msg`} className="fc-field__error" role="alert" data-clamped={field}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
