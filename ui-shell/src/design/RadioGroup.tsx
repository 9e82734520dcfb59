import { RadioGroup as R } from "radix-ui";
import { useId } from "react";
import type { SelectOption } from "./Select";

/** Props of {@link RadioGroup}. `value` is "" when nothing is chosen. */
export interface RadioGroupProps {
  label: string;
  options: SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  required?: boolean;
  error?: string | null;
  name?: string;
  /** Lay the options out in a row (default column). */
  inline?: boolean;
}

/**
 * A group of radio buttons with a group label and validation message (Radix RadioGroup: roving
 * focus, arrow keys select). Used for Preferred Contact Method (Phone, Email, SMS) and Yes/No
 * questions (docs/features/locations-forms-marketing.md §5). Takes {@link RadioGroupProps}; renders the group.
 */
export function RadioGroup({ label, options, value, onValueChange, required, error, name, inline }: RadioGroupProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`fc-field ${error ? "fc-field--invalid" : ""}`.trim()}>
      <span id={`${id}-label`} className="fc-field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </span>
      <R.Root
        className={`fc-radio-group ${inline ? "fc-radio-group--inline" : ""}`.trim()}
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={onValueChange}
        {...(name ? { name } : {})}
        {...(required ? { required, "aria-required": true } : {})}
        {...(error ? { "aria-invalid": true, "aria-describedby": errId } : {})}
      >
        {options.map((o) => (
          <div key={o.value} className="fc-radio">
            <R.Item id={`${id}-${o.value}`} value={o.value} className="fc-radio__item">
              <R.Indicator className="fc-radio__indicator" />
            </R.Item>
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </R.Root>
      {error ? (
        <p id={errId} className="fc-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
