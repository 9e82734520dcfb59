import { useEffect, useState } from "react";
import { formatThousands, parseDigits } from "../lib/format";
import { Field } from "./Field";
import { REQUIRED_MESSAGE, rangeMessage } from "./validation";

/** Props shared by {@link MoneyField} and {@link KmField}. Values are whole numbers (dollars or km). */
export interface NumberTextFieldProps {
  label: string;
  /** The current value, or null when empty. */
  value: number | null;
  /** Called with the parsed value (digits only) on every change, and with the clamped value on blur. */
  onValueChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Values are rounded to a multiple of `step` on blur (e.g. 500). */
  step?: number;
  /** Clamp to [min, max] on blur (default true); when false an out-of-range value shows the range message. */
  clampOnBlur?: boolean;
  required?: boolean;
  description?: string;
  /** An external validation message (e.g. from the form); shown instead of the field's own. */
  error?: string | null;
  name?: string;
  placeholder?: string;
  /** Show the field's own message before the first blur (e.g. after a submit attempt). */
  showErrors?: boolean;
}

interface AffixProps extends NumberTextFieldProps {
  prefix?: string;
  suffix?: string;
  formatBound: (n: number) => string;
}

/** The field's own validation message for a value: required, then range. */
export function numberFieldError(
  value: number | null,
  { required, min, max }: Pick<NumberTextFieldProps, "required" | "min" | "max">,
  formatBound: (n: number) => string,
): string | null {
  if (value === null) return required ? REQUIRED_MESSAGE : null;
  const lo = min ?? Number.NEGATIVE_INFINITY;
  const hi = max ?? Number.POSITIVE_INFINITY;
  if (value < lo || value > hi) {
    return rangeMessage(min ?? 0, max ?? Number.MAX_SAFE_INTEGER, formatBound);
  }
  return null;
}

/**
 * Clamps and steps a value: rounds to the nearest multiple of `step` (counted from `min`, else 0),
 * then clamps to [min, max]. Takes the value and bounds; returns the adjusted whole number.
 */
export function clampToRange(value: number, min?: number, max?: number, step?: number): number {
  let v = value;
  if (step && step > 0) {
    const base = min ?? 0;
    v = base + Math.round((v - base) / step) * step;
  }
  if (min !== undefined) v = Math.max(min, v);
  if (max !== undefined) v = Math.min(max, v);
  return v;
}

/**
 * A text input for whole numbers shown with thousands separators and a fixed prefix or suffix
 * (not typed by the shopper). Internal base of MoneyField and KmField.
 * Takes {@link AffixProps}; renders a {@link Field}.
 */
export function NumberTextField(props: AffixProps) {
  const { label, value, onValueChange, min, max, step, clampOnBlur = true, required, description, error, name } = props;
  const { prefix, suffix, formatBound, placeholder, showErrors } = props;
  const [text, setText] = useState(value === null ? "" : formatThousands(value));
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    // Follow outside changes (quick picks, resets) without fighting the shopper's typing.
    setText((t) => (parseDigits(t) === value ? t : value === null ? "" : formatThousands(value)));
  }, [value]);

  const own = numberFieldError(
    value,
    { ...(required ? { required } : {}), ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) },
    formatBound,
  );
  const message = error ?? (touched || showErrors ? own : null);

  return (
    <Field label={label} {...(description ? { description } : {})} error={message} {...(required ? { required } : {})}>
      {(control) => (
        <div className="fc-affix">
          {prefix ? (
            <span className="fc-affix__prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          <input
            className="fc-input fc-affix__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            name={name}
            placeholder={placeholder}
            value={text}
            onChange={(e) => {
              const n = parseDigits(e.target.value);
              setText(n === null ? "" : formatThousands(n));
              onValueChange(n);
            }}
            onBlur={() => {
              setTouched(true);
              if (clampOnBlur && value !== null) {
                const c = clampToRange(value, min, max, step);
                if (c !== value) onValueChange(c);
                setText(formatThousands(c));
              }
            }}
            {...control}
          />
          {suffix ? (
            <span className="fc-affix__suffix" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}
