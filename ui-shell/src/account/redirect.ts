// The sign-in screen's `redirect` and `back` targets (docs/features/locations-forms-marketing.md §2
// "/sign-in?type=...&redirect={path}&back={path}", §4 "A successful verification takes the
// visitor to the redirect target given in the query string"). Only a path on this site is
// followed: anything else would make the sign-in page an open redirect.

/**
 * A same-site target: a path that starts with one `/` and is not `//...` or `/\...` (both are
 * protocol-relative URLs to browsers), with no control characters or backslashes (browsers
 * read `\` as `/`). Takes the raw query value (null when absent); returns it, or `/` for
 * anything else (`https://evil.example`, `//evil.example`, `/\evil.example`, `javascript:...`).
 * Spec: docs/features/locations-forms-marketing.md §2 "Sign-in screen", §4 "Phone verification".
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith("/")) return "/";
  if (raw.startsWith("//") || raw.includes("\\")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return "/";
  try {
    // The browser's own reading must stay on this origin.
    const base = "http://same.invalid";
    if (new URL(raw, base).origin !== base) return "/";
  } catch {
    return "/";
  }
  return raw;
}
