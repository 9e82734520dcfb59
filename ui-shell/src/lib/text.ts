// Plain-text helpers for host HTML and long text: the text of some HTML (for lengths and the
// collapsed view of dealer comments) and a word-boundary cut with an ellipsis.

/**
 * The plain text of some HTML: tags removed, whitespace collapsed to single spaces, trimmed.
 * Parsed in an inert document (scripts never run, nothing is inserted into the page). Takes the
 * HTML; returns the text ("" for none).
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Truncates text to `max` characters at a word boundary when one is in the last 40%, adding `…`
 * (so the result is at most `max + 1` characters). Takes the text and the limit in characters
 * (dealer comments 400, the lender disclaimer 197); returns the text unchanged when short enough.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
