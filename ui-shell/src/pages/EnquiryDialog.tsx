import { type FormEvent, useState } from "react";
import type { CarResponse, TenantSettings } from "../api/types";
import { Button } from "../design/Button";
import { Checkbox } from "../design/Checkbox";
import { Dialog } from "../design/Dialog";
import { Field, TextField } from "../design/Field";
import { RadioGroup } from "../design/RadioGroup";
import { Select } from "../design/Select";
import { REQUIRED_MESSAGE, validateEmail, validatePostcode, validateRequired } from "../design/validation";

interface Values {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
  message: string;
  location: string;
  trade_in: string;
  opt_in: boolean;
}

type Errors = Partial<Record<keyof Values, string>>;

/**
 * Validates the car enquiry form: name, email, phone and Comments required; postcode 4 digits when
 * given; location required when there are several. Takes the values and the location count; returns
 * the errors by field (empty when valid). Spec: locations-forms-marketing §2 "Enquiry form", §5.
 */
export function validateEnquiry(v: Values, locationCount: number): Errors {
  const errors: Errors = {};
  const set = (k: keyof Values, m: string | null) => {
    if (m) errors[k] = m;
  };
  set("name", validateRequired(v.name));
  set("email", validateEmail(v.email));
  set(
    "phone",
    /^(\+?61|0)\d{9}$/.test(v.phone.replace(/\s/g, ""))
      ? null
      : v.phone.trim()
        ? "Please enter a valid phone number."
        : REQUIRED_MESSAGE,
  );
  set("postcode", validatePostcode(v.postcode, false));
  set("message", validateRequired(v.message));
  if (locationCount > 1) set("location", validateRequired(v.location));
  return errors;
}

/** Props of the enquiry dialog: the car, the tenant and a close callback. */
export interface EnquiryDialogProps {
  car: CarResponse;
  tenant: TenantSettings;
  onClose: () => void;
}

/**
 * The 'Enquire Now' dialog of a VDP: the enquiry form with validation, a form-level list under
 * 'Please fix the following errors:', and the submit state. Lead submission arrives with the leads
 * API; until then a valid form says so. Takes {@link EnquiryDialogProps}; renders a {@link Dialog}.
 * Spec: shopper-core §2 ("the enquiry and test-drive forms open in dialogs"), locations-forms-marketing §2, §5.
 */
export default function EnquiryDialog({ car, tenant, onClose }: EnquiryDialogProps) {
  const sales = tenant.locations.filter((l) => l.visible && (l.location_type === "sales" || l.location_type === ""));
  const [values, setValues] = useState<Values>({
    name: "",
    last_name: "",
    email: "",
    phone: "",
    postcode: "",
    message: "",
    location: sales.length === 1 ? (sales[0]?.slug ?? "") : (car.location?.slug ?? ""),
    trade_in: "",
    opt_in: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((prev) => ({ ...prev, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateEnquiry(values, sales.length);
    setErrors(found);
    if (Object.keys(found).length === 0) setSent(true);
  };
  const list = Object.entries(errors);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Enquire Now" description={car.name}>
      {sent ? (
        <p role="status">Thanks, {values.name}. Online enquiries are coming soon: please call us for now.</p>
      ) : (
        <form noValidate onSubmit={submit} id="enquire">
          {list.length > 0 ? (
            <div className="fc-form-errors" role="alert">
              <p>Please fix the following errors:</p>
              <ul>
                {list.map(([k, m]) => (
                  <li key={k}>{m}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="fc-form-row">
            <TextField
              label="First name"
              name="name"
              autoComplete="given-name"
              required
              value={values.name}
              error={errors.name ?? null}
              onChange={(e) => set("name", e.target.value)}
            />
            <TextField
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              value={values.last_name}
              onChange={(e) => set("last_name", e.target.value)}
            />
          </div>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email ?? null}
            onChange={(e) => set("email", e.target.value)}
          />
          <div className="fc-form-row">
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              value={values.phone}
              error={errors.phone ?? null}
              onChange={(e) => set("phone", e.target.value)}
            />
            <TextField
              label="Postcode"
              name="postcode"
              inputMode="numeric"
              maxLength={4}
              autoComplete="postal-code"
              value={values.postcode}
              error={errors.postcode ?? null}
              onChange={(e) => set("postcode", e.target.value)}
            />
          </div>
          {sales.length > 1 ? (
            <Select
              label="Location"
              name="location"
              required
              options={sales.map((l) => ({ value: l.slug, label: l.name }))}
              value={values.location}
              onValueChange={(v) => set("location", v)}
              error={errors.location ?? null}
            />
          ) : null}
          <RadioGroup
            label="Do you have a car to trade in?"
            name="trade_in"
            inline
            options={[
              { value: "yes", label: "Yes" },
              { value: "no", label: "No" },
            ]}
            value={values.trade_in}
            onValueChange={(v) => set("trade_in", v)}
          />
          <Field label="Comments" required error={errors.message ?? null}>
            {(control) => (
              <textarea
                className="fc-input"
                name="message"
                value={values.message}
                onChange={(e) => set("message", e.target.value)}
                {...control}
              />
            )}
          </Field>
          <Checkbox
            label="Keep me updated with news and offers"
            name="opt_in"
            checked={values.opt_in}
            onCheckedChange={(c) => set("opt_in", c)}
          />
          <Button type="submit">Send Enquiry</Button>
        </form>
      )}
    </Dialog>
  );
}
