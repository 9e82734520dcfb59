// The demo tenants' stock feeds as the e2e tests read them (tenants/<slug>/stock/*.csv): cars
// whose pages a test opens without searching for them first.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { slugify } from "../src/lib/slug";

/**
 * Sold cars of a tenant from its stock feeds (tenants/<slug>/stock/*.csv, status `sold`), as slug
 * candidates `{year}-{make}-{model}-{stocknum}`, to be checked against the API (a sold car older
 * than the dealership's `include_sold_cars_days` is not served). Takes the tenant slug; returns
 * the slugs in feed order.
 */
export function soldSlugs(tenant: string): string[] {
  const dir = resolve(import.meta.dirname, "../../tenants", tenant, "stock");
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".csv"))) {
    const [head = "", ...rows] = readFileSync(join(dir, f), "utf8").split(/\r?\n/);
    const cols = head.split(",");
    const at = (name: string) => cols.indexOf(name);
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[at("status")] !== "sold") continue;
      const parts = ["year", "make", "model", "stocknum"].map((c) => cells[at(c)] ?? "");
      out.push(slugify(parts.join(" ")));
    }
  }
  return out;
}
