import { Slider as S } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { formatThousands, parseDigits } from "../../lib/format";

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
  /**
   * A field to type the value in, shown in the value's place beside the label (the loan amount,
   * {@link AmountEntry}); absent: the value as text.
   */
  entry?: ReactNode;
}

/**
 * A one-thumb slider (Radix Slider: `slider` role with aria-valuemin/max/now and valuetext;
 * arrows, Page Up/Down, Home/End) with its label, the current value as text and an optional
 * message (docs/features/shopper-core.md §5 calculator inputs; the clamp help text), or a field to
 * type the value in (`entry`) in the value's place. Takes {@link ValueSliderProps};
 * renders the labelled control (the design system's `.fc-range` look).
 */
export function ValueSlider({
  label,
  min,
  max,
  step,
  value,
  onValueChange,
  format,
  message,
  field,
  disabled,
  entry,
}: ValueSliderProps) {
  const id = useId();
  return (
    <div className="fc-range fc-tool-slider" data-field={field}>
      <div className="fc-range__head">
        <span id={`${id}-label`} className="fc-field__label">
          {label}
        </span>
        {entry ?? (
          <output className="fc-range__value" htmlFor={`${id}-thumb`} data-value="">
            {format(value)}
          </output>
        )}
      </div>
      <S.Root
        className="fc-range__root"
        min={min}
        max={max}
        step={step}
        value={[Math.min(max, Math.max(min, value))]}
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

/** Props of {@link AmountEntry}: the field's accessible name and name, the value (whole dollars) and what to do with a typed one. */
export interface AmountEntryProps {
  label: string;
  name: string;
  value: number;
  /** Called with the typed amount (whole dollars, not clamped: the host clamps and says so) on Enter or when the field loses focus. */
  onCommit: (value: number) => void;
}

/**
 * A dollar amount typed beside its slider (issue 39: the loan amount could only be dragged): `$`
 * prefix, thousands separators as the shopper types, digits only; the amount is committed on
 * Enter or when the field loses focus (not on each key, so the host's clamp never rewrites a
 * number half typed), and an empty field goes back to the value. It follows the slider's value
 * while not being edited. Takes {@link AmountEntryProps}; renders a labelled text input.
 * Spec: docs/features/shopper-core.md §5 "Calculator loan amount ... out-of-range entries are clamped".
 */
export function AmountEntry({ label, name, value, onCommit }: AmountEntryProps) {
  const shown = formatThousands(value);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const n = draft === null ? null : parseDigits(draft);
    setDraft(null);
    if (n !== null && n !== value) onCommit(n);
  };
  return (
    <span className="fc-affix fc-range__entry">
      <span className="fc-affix__prefix" aria-hidden="true">
        $
      </span>
      <input
        className="fc-input fc-affix__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        name={name}
        aria-label={label}
        value={draft ?? shown}
        onChange={(e) => {
          const n = parseDigits(e.target.value);
          setDraft(n === null ? "" : formatThousands(n));
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          } else if (e.key === "Escape") setDraft(null);
        }}
      />
    </span>
  );
}
