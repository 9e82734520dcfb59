import { type InputHTMLAttributes, type ReactNode, useId } from "react";

/** The attributes {@link Field} gives its control: id and the ARIA links to the description and error. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

/** Props of {@link Field}. */
export interface FieldProps {
  label: string;
  /** Help text under the control. */
  description?: string;
  /** The validation message; shown in red and announced when set. */
  error?: string | null;
  required?: boolean;
  /** Renders the control with the given {@link ControlProps}. */
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form field: label, control, help text and validation message, linked by
 * `aria-describedby` / `aria-invalid` (docs/features/locations-forms-marketing.md §5). Takes {@link FieldProps};
 * renders a `<div>` around the control the render prop returns.
 */
export function Field({ label, description, error, required, children, className }: FieldProps) {
  const id = useId();
  const descId = description ? `${id}-desc` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const describedBy = [descId, errId].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = {
    id,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(required ? { "aria-required": true as const } : {}),
  };
  return (
    <div className={`fc-field ${error ? "fc-field--invalid" : ""} ${className ?? ""}`.trim()}>
      <label className="fc-field__label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children(control)}
      {description ? (
        <p id={descId} className="fc-field__description">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errId} className="fc-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of {@link TextField}: input attributes plus label, description, error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  description?: string;
  error?: string | null;
}

/**
 * A labelled text input (name, email, phone, postcode...). Takes {@link TextFieldProps}; renders a {@link Field}.
 * Spec: docs/features/locations-forms-marketing.md §2 "Enquiry form" fields.
 */
export function TextField({ label, description, error, required, className, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      {...(description ? { description } : {})}
      error={error ?? null}
      {...(required ? { required } : {})}
      {...(className ? { className } : {})}
    >
      {(control) => <input className="fc-input" required={required} {...input} {...control} />}
    </Field>
  );
}
