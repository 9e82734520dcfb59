// Run-time remotes: the tenant's template names a remote; the shell registers it with the
// module-federation runtime on first use and loads its exposed modules lazily. Nothing is declared
// at build time and nothing is preloaded at start (a failing remote must never blank the page).
// ARCHITECTURE.md "UI"; TOOLCHAIN-NOTES "Module federation".
import { loadRemote, registerRemotes } from "@module-federation/runtime";
import type { ComponentType } from "react";
import type { RemoteModule, RemoteModuleName } from "../contract";

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

/** A remote's component with its props unchecked here; RemoteSlot types them per module (src/contract.ts). */
// biome-ignore lint/suspicious/noExplicitAny: props are checked per module by RemoteSlot's RemoteProps[M].
export type RemoteComponent = ComponentType<any>;

/** Loads one exposed component of the current tenant's remote. Injected through RemoteContext. */
export type RemoteLoader = (module: RemoteModuleName) => Promise<RemoteComponent>;

const registered = new Map<string, string>();

/**
 * A loader backed by the module-federation runtime for one template. Registers the remote
 * (`type: "module"`, `force: true` only when its entry changed) on the first load, then calls
 * `loadRemote("<name>/<Module>")`. Takes the template and entry URL; returns a RemoteLoader whose
 * promise rejects when the entry or module is missing or has no default export.
 */
export function federationLoader(template: string, entry: string): RemoteLoader {
  const name = remoteName(template);
  return async (module) => {
    if (registered.get(name) !== entry) {
      registerRemotes([{ name, entry, type: "module" }], { force: registered.has(name) });
      registered.set(name, entry);
    }
    const mod = await loadRemote<RemoteModule<unknown>>(`${name}/${module}`);
    if (!mod || typeof mod.default !== "function") {
      throw new Error(`remote ${name} has no default export in ./${module}`);
    }
    return mod.default;
  };
}
