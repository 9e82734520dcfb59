// Australian mobile numbers on the sign-in screen (docs/features/locations-forms-marketing.md §3 "Saved user
// details": "An Australian phone number is normalised to a leading 0 (a leading +61 becomes 0;
// display groups 2-4-4)"; §5 "The phone must be valid before a code can be sent"). The same rule
// as the host's `normalise_phone` (host/src/auth.rs), so the two never disagree on a number.

/** The message for a phone that is not an Australian mobile (the host answers the same). */
export const INVALID_PHONE = "Please enter a valid Australian mobile number.";
/** The message for an empty required field (docs/features/locations-forms-marketing.md §8). */
export const REQUIRED = "This is a required field.";

/**
 * Normalises an Australian mobile number to ten digits with a leading 0: `+61 412 345 678`,
 * `61412345678`, `+610412345678` and `(04) 1234-5678` all give `0412345678`; spaces, dashes, dots
 * and brackets are ignored. Takes what the visitor typed; returns the ten digits, or null unless
 * the result is a mobile (`04` or `05`). Spec: docs/features/locations-forms-marketing.md §3 "Saved user details", §5.
 */
export function normaliseMobile(raw: string): string | null {
  const kept = raw.replace(/[\s\-.()]/g, "");
  let digits = kept;
  if (kept.startsWith("+61")) {
    const rest = kept.slice(3);
    digits = `0${rest.startsWith("0") ? rest.slice(1) : rest}`;
  } else if (kept.length === 11 && kept.startsWith("61")) {
    digits = `0${kept.slice(2)}`;
  }
  return /^0[45]\d{8}$/.test(digits) ? digits : null;
}

/**
 * The display form of a normalised number in groups of 2-4-4 (`0412345678` → `04 1234 5678`).
 * Takes ten digits (anything else is returned unchanged); returns the grouped text.
 * Spec: docs/features/locations-forms-marketing.md §3 "display groups 2-4-4".
 */
export function displayMobile(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}` : phone;
}

/**
 * Checks the phone field before a code is sent. Takes what the visitor typed; returns
 * `{ phone }` (normalised) or `{ error }` ('This is a required field.' when empty, else
 * 'Please enter a valid Australian mobile number.'). Spec: docs/features/locations-forms-marketing.md §5.
 */
export function checkPhone(raw: string): { phone: string } | { error: string } {
  if (!raw.trim()) return { error: REQUIRED };
  const phone = normaliseMobile(raw);
  return phone ? { phone } : { error: INVALID_PHONE };
}

/** The message for a code that is not six characters (docs/features/locations-forms-marketing.md §5, §8). */
export const CODE_LENGTH = "Code must be 6 digits.";

/**
 * Checks the code field (docs/features/locations-forms-marketing.md §5 "Code field: required (This is a required
 * field.), exactly 6 characters (Code must be 6 digits.)"; §9 "Code length 6"). Takes the typed
 * code; returns `{ code }` (trimmed) or `{ error }`. Six characters that are not all digits also
 * get 'Code must be 6 digits.' (the host's rule).
 */
export function checkCode(raw: string): { code: string } | { error: string } {
  const code = raw.trim();
  if (!code) return { error: REQUIRED };
  return /^\d{6}$/.test(code) ? { code } : { error: CODE_LENGTH };
}
