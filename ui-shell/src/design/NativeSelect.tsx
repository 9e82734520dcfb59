import { Field } from "./Field";
import type { SelectOption } from "./Select";

/** Props of {@link NativeSelect}: label, options, the chosen value and its setter. */
export interface NativeSelectProps {
  label: string;
  options: SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  name?: string;
  disabled?: boolean;
}

/**
 * A select on the browser's own `<select>` (keyboard, screen-reader and phone pickers built in,
 * no JavaScript to load), for short choice lists where the page's JavaScript budget matters: the
 * SRP's sort, year and kilometre filters (docs/features/shopper-core.md §2 "Search results"). Use {@link Select} for
 * the styled listbox. Takes {@link NativeSelectProps}; renders a labelled {@link Field}.
 */
export function NativeSelect({ label, options, value, onValueChange, name, disabled }: NativeSelectProps) {
  return (
    <Field label={label} error={null}>
      {(control) => (
        <select
          className="fc-input fc-native-select"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...control}
          {...(name ? { name } : {})}
          {...(disabled ? { disabled } : {})}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
