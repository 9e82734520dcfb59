import { ChevronDown } from "lucide-react";
import { Select as S } from "radix-ui";
import { Field } from "./Field";

/** One option of a {@link Select}: submitted value and visible label. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link Select}. `value` is "" when nothing is chosen. */
export interface SelectProps {
  label: string;
  options: SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  /**
   * Shown when nothing is chosen (default 'Please Select An Option...', docs/features/locations-forms-marketing.md §5).
   */
  placeholder?: string;
  required?: boolean;
  error?: string | null;
  description?: string;
  name?: string;
  disabled?: boolean;
}

/**
 * A select (Radix Select: listbox with typeahead, keyboard and screen-reader support; a native
 * select is rendered for form submission). With a single option it is chosen for the shopper
 * (docs/features/locations-forms-marketing.md §2 "auto-selects when only one option exists" is done by the caller).
 * Takes {@link SelectProps}; renders a labelled {@link Field}.
 */
export function Select({
  label,
  options,
  value,
  onValueChange,
  placeholder = "Please Select An Option...",
  required,
  error,
  description,
  name,
  disabled,
}: SelectProps) {
  return (
    <Field label={label} error={error ?? null} {...(description ? { description } : {})} {...(required ? { required } : {})}>
      {(control) => (
        <S.Root
          value={value}
          onValueChange={onValueChange}
          {...(name ? { name } : {})}
          {...(required ? { required } : {})}
          {...(disabled ? { disabled } : {})}
        >
          <S.Trigger className="fc-input fc-select__trigger" {...control}>
            <S.Value placeholder={placeholder} />
            <S.Icon className="fc-select__icon" aria-hidden="true">
              <ChevronDown size={18} />
            </S.Icon>
          </S.Trigger>
          <S.Portal>
            <S.Content className="fc-select__content" position="popper" sideOffset={4}>
              <S.Viewport className="fc-select__viewport">
                {options.map((o) => (
                  <S.Item key={o.value} value={o.value} className="fc-select__item">
                    <S.ItemText>{o.label}</S.ItemText>
                  </S.Item>
                ))}
              </S.Viewport>
            </S.Content>
          </S.Portal>
        </S.Root>
      )}
    </Field>
  );
}
