// Where a template's remote lives: its container name and entry URL. No federation runtime here,
// so the start script (src/boot/start.ts) can use it too.

/** Where the host serves remotes: `/ui-plugins/<template>/remoteEntry.js` (ui-shell/README.md). */
export const REMOTES_BASE = "/ui-plugins";

/** The remote entry file name every template remote emits (not content-hashed: serve it no-cache). */
export const REMOTE_ENTRY_FILE = "remoteEntry.js";

/**
 * The federation container name of a template: `forecourt_` + the template with every character
 * outside `[a-z0-9_]` replaced by `_` (`classic` -> `forecourt_classic`). Remotes build with this name.
 * Takes a template name; returns the container name.
 */
export function remoteName(template: string): string {
  return `forecourt_${template.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`;
}

/**
 * The remote entry URL of a template: `/ui-plugins/<template>/remoteEntry.js`, or the inline data's
 * `remote_entry` override. Takes the template and the optional override; returns a URL or path.
 */
export function remoteEntryUrl(template: string, override?: string | null): string {
  return override || `${REMOTES_BASE}/${encodeURIComponent(template)}/${REMOTE_ENTRY_FILE}`;
}
