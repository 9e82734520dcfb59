import { describe, expect, it } from "vitest";
import type { TenantSettings } from "../api/types";
import { resolveTheme, TEMPLATE_THEMES, type Theme, themeExport, themeFontFiles, themeToCssVars } from "./theme";

const tenant = (template: string, theme?: Record<string, unknown>) => ({ template, theme }) as unknown as TenantSettings;

/** What the host does with dist/theme.json (host/src/http/web/theme.rs `ThemeTable::vars`). */
function hostVars(template: string, theme: Record<string, unknown> = {}): Record<string, string> {
  const t = themeExport();
  const vars = { ...(t.templates[template]?.vars ?? t.base) };
  for (const [k, v] of Object.entries(theme)) {
    const prop = t.overrides[k];
    if (prop && typeof v === "string" && v.trim() !== "" && ![...v].some((c) => t.forbidden.includes(c))) vars[prop] = v;
    if (k === t.radius.key && typeof v === "number" && v >= t.radius.min && v <= t.radius.max) vars[t.radius.property] = `${v}px`;
  }
  return vars;
}

describe("the theme table the host writes into documents (dist/theme.json)", () => {
  it("resolves to the same CSS properties as the start script, overrides included", () => {
    const overrides = { primary: "#c8102e", font_heading: "Georgia, serif", radius_px: 10, accent: "red; }", muted: " " };
    for (const template of [...Object.keys(TEMPLATE_THEMES), "unknown"]) {
      expect(hostVars(template)).toEqual(themeToCssVars(resolveTheme(tenant(template))));
      expect(hostVars(template, overrides)).toEqual(themeToCssVars(resolveTheme(tenant(template, overrides))));
    }
  });

  it("names each template's self-hosted Latin font files", () => {
    expect(themeFontFiles(TEMPLATE_THEMES.classic as Theme)).toEqual([
      "inter-latin-wght-normal",
      "playfair-display-latin-wght-normal",
    ]);
    expect(themeFontFiles(TEMPLATE_THEMES.ev as Theme)).toEqual(["manrope-latin-wght-normal"]);
    expect(themeFontFiles(TEMPLATE_THEMES.superstore as Theme)).toContain("archivo-latin-wght-italic");
    expect(themeExport().templates.classic?.fonts).toEqual(themeFontFiles(TEMPLATE_THEMES.classic as Theme));
  });
});
