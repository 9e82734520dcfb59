import { Check } from "lucide-react";
import { Checkbox as C } from "radix-ui";
import { useId } from "react";

/** Props of {@link Checkbox}. */
export interface CheckboxProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  required?: boolean;
  error?: string | null;
  name?: string;
  value?: string;
  disabled?: boolean;
}

/**
 * A checkbox with its label and validation message (Radix Checkbox: a button with role checkbox; a
 * hidden native input inside forms). Used for opt-in and terms (docs/features/locations-forms-marketing.md §2
 * "Enquiry form"). Takes {@link CheckboxProps}; renders the control, label and message.
 */
export function Checkbox({ label, checked, onCheckedChange, required, error, name, value, disabled }: CheckboxProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`fc-check ${error ? "fc-field--invalid" : ""}`.trim()}>
      <C.Root
        id={id}
        className="fc-check__box"
        checked={checked}
        onCheckedChange={(c) => onCheckedChange(c === true)}
        {...(name ? { name } : {})}
        {...(value ? { value } : {})}
        {...(required ? { required, "aria-required": true } : {})}
        {...(disabled ? { disabled } : {})}
        {...(error ? { "aria-invalid": true, "aria-describedby": errId } : {})}
      >
        <C.Indicator className="fc-check__indicator" aria-hidden="true">
          <Check size={14} strokeWidth={3} />
        </C.Indicator>
      </C.Root>
      <label htmlFor={id} className="fc-check__label">
        {label}
      </label>
      {error ? (
        <p id={errId} className="fc-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
