// The one number formatter of the UI, shared by the shell and the template remotes (which import
// it as `@forecourt/ui-shell/format`): money in AUD dollars, kilometres, counts, and Australian
// phone numbers. The output is exactly `Intl.NumberFormat("en-AU")`'s (src/lib/format.test.ts
// compares them) without calling Intl (see `group`).
// Spec: docs/features/shopper-core.md §5 and §9 (prices, repayment suffixes, phone numbers),
// docs/features/locations-forms-marketing.md §5 (money and kilometre fields) and §9 (phone
// normalisation).

/**
 * Rounds to a whole number and groups thousands with commas, as `Intl.NumberFormat("en-AU")` does
 * (`1250000.4` -> `"1,250,000"`), without Intl: loading its locale data took about 25 ms of the main
 * thread on first use here (100 ms on a throttled phone), on the first load's critical path.
 */
function group(n: number): string {
  const r = Math.round(n);
  const digits = String(Math.abs(r)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return r < 0 ? `-${digits}` : digits;
}

/**
 * Formats whole dollars with a `$` and thousands separators: `82990` -> `"$82,990"`.
 * Takes an amount in AUD dollars (cents are rounded away); returns the display string.
 * Spec: docs/features/shopper-core.md §4 "Price display", docs/features/locations-forms-marketing.md §5 "Money field".
 */
export function formatMoney(dollars: number): string {
  return `$${group(dollars)}`;
}

/**
 * Formats a whole number with thousands separators only: `12345` -> `"12,345"`.
 * Takes any finite number (rounded to an integer); returns the digits with commas.
 * Spec: docs/features/locations-forms-marketing.md §5 (money and kilometre fields use thousands separators).
 */
export function formatThousands(n: number): string {
  return group(n);
}

/**
 * Formats an odometer reading: `45210` -> `"45,210 kms"`, `1` -> `"1 km"` (singular only for
 * exactly one kilometre once rounded).
 * Takes kilometres; returns the display string with the `kms` (or `km`) suffix.
 * Spec: docs/features/locations-forms-marketing.md §5 "Kilometre field: suffix kms with thousands separators".
 */
export function formatKm(km: number): string {
  const shown = group(km);
  return `${shown} ${shown === "1" ? "km" : "kms"}`;
}

/**
 * A count with its noun in the right number: `1` -> `"1 view"`, `1250` -> `"1,250 views"`
 * (thousands separators as {@link formatThousands}; the singular only for exactly one). Takes the
 * count, the singular noun and its plural (default the singular plus `s`: pass irregular ones,
 * e.g. `person`, `people`); returns the text.
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  const shown = formatThousands(n);
  return `${shown} ${shown === "1" ? singular : plural}`;
}

/**
 * The singular of a plural noun as a tenant writes it (`wording.vehicle_noun`, e.g. `Cars`,
 * `Vehicles`, `Utes`, `Caravans`): `Cars` -> `Car`, `Utilities` -> `Utility`, `Buses` -> `Bus`;
 * a word not ending in `s` is kept (`Stock`). Takes the plural; returns the singular.
 */
export function singularNoun(plural: string): string {
  const w = plural.trim();
  if (/[^aeiou]ies$/i.test(w)) return `${w.slice(0, -3)}${w.endsWith("IES") ? "Y" : "y"}`;
  if (/(ss|sh|ch|x|z)es$/i.test(w) || /[^aeiou]uses$/i.test(w)) return w.slice(0, -2);
  if (/[^s]s$/i.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * Formats dollars with cents only when there are any: `1360.5` -> `"$1,360.50"`, `1300` ->
 * `"$1,300"`, `-12.3` -> `"-$12.30"`. Takes an amount in AUD dollars (rounded to the cent);
 * returns the display string (finance totals, establishment fees, weekly fuel cost).
 */
export function formatMoneyCents(dollars: number): string {
  const cents = Math.round(dollars * 100);
  const whole = Math.trunc(cents / 100);
  const frac = Math.abs(cents % 100);
  return `${cents < 0 ? "-" : ""}$${group(Math.abs(whole))}${frac ? `.${String(frac).padStart(2, "0")}` : ""}`;
}

/**
 * Formats a distance in kilometres with one decimal: `12.34` -> `"12.3 km"`, `3604.96` ->
 * `"3,605.0 km"`. Takes kilometres (not negative); returns the display string with the ` km`
 * suffix (the dealer locator's distances).
 */
export function formatDistance(km: number): string {
  const tenths = Math.round(km * 10);
  return `${group(Math.trunc(tenths / 10))}.${Math.abs(tenths % 10)} km`;
}

/**
 * Reads the digits out of a typed amount: `"$12,5a00"` -> `12500`; no digits -> `null`.
 * Takes the raw text of a money or kilometre input; returns a whole number or null.
 * Spec: docs/features/locations-forms-marketing.md §5 ("digits only"; `$` and commas removed).
 */
export function parseDigits(text: string): number | null {
  const digits = text.replace(/\D/g, "");
  if (digits === "") return null;
  return Number.parseInt(digits, 10);
}

/** A phone number ready to show and to dial. */
export interface PhoneView {
  /** Grouped for display, e.g. `02 5550 0101` (2-4-4) or `1300 555 012`. */
  display: string;
  /** `tel:` link target, e.g. `tel:0255500101`. */
  href: string;
}

/**
 * Normalises an Australian phone number for display and dialling: a leading `+61` (or `61`) becomes
 * `0`; 10-digit numbers starting `0[2-9]` are grouped 2-4-4, `04` mobiles and 1300/1800 numbers 4-3-3.
 * Takes the number as configured (any spacing); returns `{display, href}`, or null when it has no digits.
 * Spec: docs/features/shopper-core.md §9 ("a leading +61 become 0 and are grouped 2-4-4"),
 * docs/features/locations-forms-marketing.md §3.
 */
export function formatPhone(raw: string | null | undefined): PhoneView | null {
  if (!raw) return null;
  let digits = raw.replace(/[^\d+]/g, "");
  if (digits.startsWith("+61")) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith("61") && digits.length === 11) digits = `0${digits.slice(2)}`;
  digits = digits.replace(/\D/g, "");
  if (digits === "") return null;
  let display = digits;
  if (digits.length === 10 && /^(04|1[38]00)/.test(digits)) {
    display = `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  } else if (digits.length === 10 && digits.startsWith("0")) {
    display = `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  }
  return { display, href: `tel:${digits}` };
}

/**
 * Phone numbers de-duplicated by digits (docs/features/locations-forms-marketing.md §9 "Phone numbers de-duplicated
 * by digits"): keeps the first of each `tel:` href. Takes formatted phones; returns them in order.
 */
export function uniquePhones<T extends { href: string }>(phones: readonly T[]): T[] {
  const seen = new Set<string>();
  return phones.filter((p) => !seen.has(p.href) && seen.add(p.href));
}
