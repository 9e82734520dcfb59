// Validation messages and checks from docs/features/locations-forms-marketing.md §5 and §8.
import { formatThousands } from "../lib/format";

/** 'This is a required field.' (docs/features/locations-forms-marketing.md §5, §8). */
export const REQUIRED_MESSAGE = "This is a required field.";
/** 'Invalid postcode. Please enter a 4-digit number.' (docs/features/locations-forms-marketing.md §5). */
export const POSTCODE_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";
/** 'Code must be 6 digits.' (docs/features/locations-forms-marketing.md §5). */
export const CODE_MESSAGE = "Code must be 6 digits.";

/**
 * The range message 'Cannot be less than {min} or more than {max}' (docs/features/shopper-core.md §5), with the
 * bounds formatted by `format` (default thousands separators). Takes the bounds; returns the text.
 */
export function rangeMessage(min: number, max: number, format: (n: number) => string = formatThousands): string {
  return `Cannot be less than ${format(min)} or more than ${format(max)}`;
}

/**
 * Checks an Australian postcode: exactly 4 digits. Takes the text and whether it is required;
 * returns the error message, or null when valid.
 */
export function validatePostcode(text: string, required: boolean): string | null {
  if (text.trim() === "") return required ? REQUIRED_MESSAGE : null;
  return /^\d{4}$/.test(text.trim()) ? null : POSTCODE_MESSAGE;
}

/**
 * Checks a required value: empty text (after trimming), null or false fail.
 * Takes the value; returns REQUIRED_MESSAGE or null.
 */
export function validateRequired(value: string | number | boolean | null | undefined): string | null {
  if (value === null || value === undefined || value === false) return REQUIRED_MESSAGE;
  if (typeof value === "string" && value.trim() === "") return REQUIRED_MESSAGE;
  return null;
}

/**
 * Checks a simple email shape (something@something.tld). Takes the text; returns a message or null.
 */
export function validateEmail(text: string): string | null {
  if (text.trim() === "") return REQUIRED_MESSAGE;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) ? null : "Please enter a valid email address.";
}
