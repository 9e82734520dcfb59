// The demo tenants' car pictures are the three.js renders of tenants/_sources/scripts/render_cars.mjs (PROVENANCE.md
// "Demo media"), not hand-drawn placeholders: every /img/illustrations/<file> that a demo feed or a tenant's
// content names must be in the renderer's MANIFEST.json with the sha256 of the file on disk, and the folder holds
// nothing the manifest does not list.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const TENANTS = resolve(__dirname, "../../../tenants");
const DIR = join(TENANTS, "_sources/media/illustrations");

interface Manifest {
  generator: string;
  script: string;
  kind: string;
  files: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(DIR, "MANIFEST.json"), "utf8")) as Manifest;
const sha256 = (file: string) =>
  createHash("sha256")
    .update(readFileSync(join(DIR, file)))
    .digest("hex");

/** Every file named as /img/illustrations/<file> in the demo tenants' stock feeds and content, with where it is named
 * first, and how many names are in the stock feeds. */
function referenced(): { refs: Map<string, string>; inFeeds: number } {
  const refs = new Map<string, string>();
  let inFeeds = 0;
  const scan = (path: string) => {
    for (const m of readFileSync(path, "utf8").matchAll(/\/img\/illustrations\/([A-Za-z0-9._-]+)/g)) {
      const file = m[1] as string;
      if (!refs.has(file)) refs.set(file, path.slice(TENANTS.length));
      if (path.includes("/stock/")) inFeeds++;
    }
  };
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.(csv|json|toml)$/.test(e.name)) scan(path);
    }
  };
  for (const e of readdirSync(TENANTS, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name.startsWith("_")) continue;
    walk(join(TENANTS, e.name));
  }
  walk(join(TENANTS, "_shared"));
  return { refs, inFeeds };
}

describe("demo illustrations", () => {
  it("come from the three.js renderer", () => {
    expect(manifest.generator).toMatch(/^three\.js \d+\.\d+\.\d+$/);
    expect(manifest.script).toBe("tenants/_sources/scripts/render_cars.mjs");
    expect(manifest.kind).toBe("illustration");
  });

  it("are exactly the files the manifest lists", () => {
    const onDisk = readdirSync(DIR)
      .filter((f) => f !== "MANIFEST.json")
      .sort();
    expect(onDisk).toEqual(Object.keys(manifest.files).sort());
  });

  it("referenced by the demo feeds are rendered files with matching hashes", () => {
    const { refs, inFeeds } = referenced();
    expect(inFeeds).toBeGreaterThan(1000);
    for (const [file, where] of refs) {
      expect(manifest.files[file], `${file} (named in ${where}) is not in MANIFEST.json`).toBeDefined();
      expect(sha256(file), `${file} differs from the render recorded in MANIFEST.json`).toBe(manifest.files[file]);
    }
  });
});
