// Run-time remotes: the tenant's template names a remote; the shell registers it with the
// module-federation runtime on first use and loads its exposed modules lazily. Nothing is declared
// at build time. The start script (src/boot/start.ts) only hints the browser to fetch the remote's
// first-screen files early; loading and running them happens here, behind error boundaries, so a
// failing remote never blanks the page.
// ARCHITECTURE.md "UI", "Module federation".
import { loadRemote, registerRemotes } from "@module-federation/runtime";
import type { ComponentType } from "react";
import type { RemoteModule, RemoteModuleName } from "../contract";
import { remoteName } from "./entry";

export { REMOTE_ENTRY_FILE, REMOTES_BASE, remoteEntryUrl, remoteName } from "./entry";

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
