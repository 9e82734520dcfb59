import { describe, expect, it, vi } from "vitest";
import { CAR, TENANTS } from "../__tests__/fixtures";
import { boot } from "./boot";
import { INLINE_DATA_ID, inlinePageFor, readInlineData } from "./inline";

function docWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument("t");
  if (json !== null) {
    const s = doc.createElement("script");
    s.id = INLINE_DATA_ID;
    s.type = "application/json";
    s.textContent = json;
    doc.body.appendChild(s);
  }
  return doc;
}

const path = CAR.path;
const inline = {
  version: 1,
  tenant: TENANTS.classic,
  route: { id: "car", path, params: { slug: CAR.car.slug } },
  status: 200,
  page: CAR,
};

describe("inline-data boot", () => {
  it("boots from #__FORECOURT_DATA__ without calling the API", async () => {
    const fetchTenant = vi.fn();
    const r = await boot(docWith(JSON.stringify(inline)), fetchTenant);
    expect(fetchTenant).not.toHaveBeenCalled();
    expect(r.ok && r.source).toBe("inline");
    expect(r.ok && r.tenant.slug).toBe("harbourside-mercedes");
    expect(r.ok && inlinePageFor(r.inline, "car", path)?.name).toBe(CAR.name);
  });

  it("uses the page data only for the exact route id and path it was rendered for", () => {
    const data = readInlineData(docWith(JSON.stringify(inline)));
    expect(inlinePageFor(data, "car", "/cars/another")).toBeUndefined();
    expect(inlinePageFor({ ...inline, route: { ...inline.route, id: "home" } } as never, "car", path)).toBeUndefined();
  });

  it("accepts the JSON escaping the host writes (\\u003c for <)", () => {
    const escaped = JSON.stringify({ ...inline, page: null, tenant: { ...TENANTS.classic, name: "A </script> B" } }).replace(
      /</g,
      "\\u003c",
    );
    expect(readInlineData(docWith(escaped))?.tenant.name).toBe("A </script> B");
  });

  it("falls back to GET /api/v1/tenant when the element is absent", async () => {
    const fetchTenant = vi.fn(async () => ({ ok: true as const, data: TENANTS.group }));
    const r = await boot(docWith(null), fetchTenant);
    expect(fetchTenant).toHaveBeenCalledOnce();
    expect(r.ok && r.source).toBe("api");
    expect(r.ok && r.inline).toBeNull();
  });

  it("falls back to the API, with a warning, when the inline JSON is broken or has no tenant", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchTenant = vi.fn(async () => ({ ok: true as const, data: TENANTS.ev }));
    expect((await boot(docWith("{not json"), fetchTenant)).ok).toBe(true);
    expect((await boot(docWith('{"tenant":{"slug":1}}'), fetchTenant)).ok).toBe(true);
    expect(fetchTenant).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("reports the API's failure (unknown host -> 404)", async () => {
    const r = await boot(docWith(null), async () => ({
      ok: false,
      status: 404,
      error: { code: "not_found", message: "No site" },
    }));
    expect(r).toEqual({ ok: false, status: 404, message: "No site" });
  });
});
