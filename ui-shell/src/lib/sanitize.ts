// Dealer comments arrive as HTML from stock feeds (shopper-core §2 "Dealer comments are rendered as
// HTML"). Only simple formatting survives; every attribute, script and unknown tag is dropped.

const ALLOWED = new Set(["P", "BR", "UL", "OL", "LI", "STRONG", "B", "EM", "I", "U", "H3", "H4"]);

function clean(node: Node, out: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return out.createTextNode(node.textContent ?? "");
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  if (el.tagName === "SCRIPT" || el.tagName === "STYLE" || el.tagName === "TEMPLATE") return null;
  const target: Node = ALLOWED.has(el.tagName) ? out.createElement(el.tagName.toLowerCase()) : out.createDocumentFragment();
  for (const child of Array.from(el.childNodes)) {
    const c = clean(child, out);
    if (c) target.appendChild(c);
  }
  return target;
}

/**
 * Reduces untrusted HTML to safe formatting: p, br, lists, strong/b, em/i, u, h3/h4; no attributes.
 * Parsed in an inert document (scripts never run). Takes the HTML; returns sanitized HTML.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const out = document.implementation.createHTMLDocument("");
  const holder = out.createElement("div");
  for (const child of Array.from(doc.body.childNodes)) {
    const c = clean(child, out);
    if (c) holder.appendChild(c);
  }
  return holder.innerHTML;
}

/**
 * The plain text of some HTML (tags removed, whitespace collapsed). Takes HTML; returns text.
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Truncates text to `max` characters at a word boundary when possible, adding `…`.
 * Takes the text and the limit (shopper-core §9: dealer comments 400); returns the text unchanged when short enough.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
