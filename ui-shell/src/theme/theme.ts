// Theming by CSS custom properties. Each template has defaults; a tenant may override any key with
// a `theme` object in its settings (proposed `[theme]` table in tenant.toml, see ui-shell/README.md).
// The design system and every remote read only these variables (`var(--fc-color-primary)` etc.).
import type { TenantSettings } from "../api/types";

/** A resolved theme. Colours are CSS colours; fonts are CSS font-family lists; radius in px. */
export interface Theme {
  primary: string;
  primaryContrast: string;
  accent: string;
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  danger: string;
  fontBody: string;
  fontHeading: string;
  radiusPx: number;
  logoUrl: string | null;
  /** The header's word mark (the site name, without a logo): CSS font-size, letter-spacing, text-transform. */
  brandSize: string;
  brandTracking: string;
  brandTransform: string;
  /**
   * The home hero's headline (the page's largest text): CSS font-size, weight, text-transform and
   * font-style. The template's hero and the shell's first paint both use them, so the headline has
   * the same size before and after the template's components arrive.
   */
  heroTitleSize: string;
  heroTitleWeight: string;
  heroTitleTransform: string;
  heroTitleStyle: string;
}

const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
// The templates' web fonts (src/theme/fonts.css: Fontsource packages from the npm registry,
// self-hosted), each over the system fonts while it loads or when it cannot.
const INTER = `"Inter Variable", ${SYSTEM_SANS}`;
const PLAYFAIR = '"Playfair Display Variable", Georgia, "Times New Roman", serif';
const MONTSERRAT = `"Montserrat Variable", ${SYSTEM_SANS}`;
const ARCHIVO = `"Archivo Variable", ${SYSTEM_SANS}`;
const MANROPE = `"Manrope Variable", ${SYSTEM_SANS}`;

const BASE: Theme = {
  primary: "#1f3a5f",
  primaryContrast: "#ffffff",
  accent: "#c8a24a",
  background: "#ffffff",
  surface: "#f5f6f8",
  text: "#1a1d21",
  muted: "#5b6470",
  border: "#d5d9df",
  danger: "#b42318",
  fontBody: SYSTEM_SANS,
  fontHeading: SYSTEM_SANS,
  radiusPx: 6,
  logoUrl: null,
  brandSize: "1.35rem",
  brandTracking: "normal",
  brandTransform: "none",
  heroTitleSize: "clamp(2rem, 5vw, 3rem)",
  heroTitleWeight: "700",
  heroTitleTransform: "none",
  heroTitleStyle: "normal",
};

/** Per-template defaults: classic (franchise dealer), group, superstore, ev. Unknown templates get the base. */
export const TEMPLATE_THEMES: Record<string, Theme> = {
  classic: {
    ...BASE,
    primary: "#111418",
    accent: "#8a6d3b",
    surface: "#f4f2ee",
    fontBody: INTER,
    fontHeading: PLAYFAIR,
    radiusPx: 2,
    brandSize: "2rem",
    brandTracking: "0.06em",
    heroTitleSize: "clamp(1.8rem, 4vw, 3rem)",
    heroTitleWeight: "400",
  },
  group: {
    ...BASE,
    primary: "#0b4f8a",
    accent: "#f2a900",
    surface: "#eef3f8",
    fontBody: INTER,
    fontHeading: MONTSERRAT,
    radiusPx: 8,
    brandSize: "1.5rem",
    brandTracking: "-0.01em",
    brandTransform: "uppercase",
    heroTitleSize: "clamp(1.8rem, 3.5vw, 2.6rem)",
    heroTitleWeight: "800",
  },
  superstore: {
    ...BASE,
    primary: "#d7261e",
    primaryContrast: "#ffffff",
    accent: "#ffd400",
    surface: "#fff6e0",
    text: "#16181a",
    fontBody: INTER,
    fontHeading: ARCHIVO,
    radiusPx: 14,
    brandSize: "2rem",
    brandTracking: "-0.03em",
    brandTransform: "uppercase",
    heroTitleSize: "clamp(2rem, 5vw, 3.6rem)",
    heroTitleWeight: "900",
    heroTitleTransform: "uppercase",
    heroTitleStyle: "italic",
  },
  ev: {
    ...BASE,
    primary: "#0f766e",
    accent: "#22d3ee",
    background: "#fbfdfd",
    surface: "#e8f5f3",
    text: "#0b1f1d",
    muted: "#4a5f5c",
    fontBody: MANROPE,
    fontHeading: MANROPE,
    radiusPx: 20,
    brandSize: "1.5rem",
    brandTracking: "0.18em",
    brandTransform: "uppercase",
    heroTitleSize: "clamp(2.2rem, 6vw, 4.5rem)",
    heroTitleWeight: "200",
  },
};

/** Characters that make a `tenant.theme` string value ignored (it could end the declaration or the element). */
const FORBIDDEN = ";{}<>";
/** The range of `tenant.theme.radius_px`, px. */
const RADIUS_MIN = 0;
const RADIUS_MAX = 48;

const KEYS: Record<string, keyof Theme> = {
  primary: "primary",
  primary_contrast: "primaryContrast",
  accent: "accent",
  background: "background",
  surface: "surface",
  text: "text",
  muted: "muted",
  border: "border",
  danger: "danger",
  font_body: "fontBody",
  font_heading: "fontHeading",
  brand_size: "brandSize",
  brand_tracking: "brandTracking",
  brand_transform: "brandTransform",
  hero_title_size: "heroTitleSize",
  hero_title_weight: "heroTitleWeight",
  hero_title_transform: "heroTitleTransform",
  hero_title_style: "heroTitleStyle",
};

/**
 * The theme for a tenant: its template's defaults, then any `tenant.theme` overrides (snake_case
 * keys as in the proposed `[theme]` table: primary, primary_contrast, accent, background, surface,
 * text, muted, border, danger, font_body, font_heading, brand_size, brand_tracking,
 * brand_transform, hero_title_size, hero_title_weight,
 * hero_title_transform, hero_title_style, radius_px, logo_url), then `tenant.logo_url`.
 * Takes TenantSettings (extra keys tolerated); returns a complete Theme. Spec: ARCHITECTURE.md "UI".
 */
export function resolveTheme(tenant: TenantSettings): Theme {
  const theme: Theme = { ...(TEMPLATE_THEMES[tenant.template] ?? BASE) };
  const raw = (tenant as { theme?: unknown }).theme;
  if (raw && typeof raw === "object") {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const key = KEYS[k];
      if (key && typeof v === "string" && v.trim() !== "" && ![...v].some((c) => FORBIDDEN.includes(c)))
        (theme[key] as string) = v;
      if (k === "radius_px" && typeof v === "number" && v >= RADIUS_MIN && v <= RADIUS_MAX) theme.radiusPx = v;
      if (k === "logo_url" && typeof v === "string" && v !== "") theme.logoUrl = v;
    }
  }
  if (tenant.logo_url) theme.logoUrl = tenant.logo_url;
  return theme;
}

/** The CSS custom property of each theme key that is one (all but `logoUrl`); the radius gets `px`. */
const CSS_VARS: Record<Exclude<keyof Theme, "logoUrl">, string> = {
  primary: "--fc-color-primary",
  primaryContrast: "--fc-color-primary-contrast",
  accent: "--fc-color-accent",
  background: "--fc-color-bg",
  surface: "--fc-color-surface",
  text: "--fc-color-text",
  muted: "--fc-color-muted",
  border: "--fc-color-border",
  danger: "--fc-color-danger",
  fontBody: "--fc-font-body",
  fontHeading: "--fc-font-heading",
  radiusPx: "--fc-radius",
  brandSize: "--fc-brand-size",
  brandTracking: "--fc-brand-tracking",
  brandTransform: "--fc-brand-transform",
  heroTitleSize: "--fc-hero-title-size",
  heroTitleWeight: "--fc-hero-title-weight",
  heroTitleTransform: "--fc-hero-title-transform",
  heroTitleStyle: "--fc-hero-title-style",
};

/**
 * The CSS custom properties of a theme: `--fc-color-primary`, `--fc-font-body`, `--fc-radius`...
 * Takes a Theme; returns a map of property name to value (the radius with `px`).
 */
export function themeToCssVars(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, name] of Object.entries(CSS_VARS) as [keyof typeof CSS_VARS, string][]) {
    vars[name] = key === "radiusPx" ? `${theme.radiusPx}px` : String(theme[key]);
  }
  return vars;
}

/**
 * The Fontsource files (`<family>-latin-wght-<style>`, without hash and `.woff2`) a theme's text
 * uses in Latin script: the first family of its body and heading font lists when it is one of the
 * self-hosted `... Variable` families (src/theme/fonts.css), normal style, and italic for the
 * heading family when the hero headline is italic. Takes a Theme; returns the file stems, no repeats.
 */
export function themeFontFiles(theme: Theme): string[] {
  const stem = (list: string) => {
    const m = /^\s*"([^"]+) Variable"/.exec(list);
    return m?.[1] ? `${m[1].toLowerCase().replace(/\s+/g, "-")}-latin-wght` : null;
  };
  const files = [stem(theme.fontBody), stem(theme.fontHeading)].filter((s): s is string => s !== null).map((s) => `${s}-normal`);
  const heading = stem(theme.fontHeading);
  if (heading && theme.heroTitleStyle === "italic") files.push(`${heading}-italic`);
  return [...new Set(files)];
}

/**
 * What the host needs to write a tenant's theme into the documents it serves, so the first paint is
 * themed before any script runs (ARCHITECTURE.md "HTML documents and SEO"); the build writes it as
 * `dist/theme.json` (vite.config.ts `forecourt-theme-json`), with `fonts` as the built file names.
 */
export interface ThemeExport {
  /** CSS custom properties of a template the table does not name (the base theme). */
  base: Record<string, string>;
  /** Per template (TEMPLATE_THEMES), its CSS custom properties and its font file stems ({@link themeFontFiles}). */
  templates: Record<string, { vars: Record<string, string>; fonts: string[] }>;
  /** Per `tenant.theme` key a string overrides (the keys {@link resolveTheme} reads), its CSS custom property. */
  overrides: Record<string, string>;
  /** Characters that make a string override ignored; a value must also not be blank. */
  forbidden: string;
  /** The `tenant.theme` key holding the radius in px (a number from 0 to 48), and its property. */
  radius: { key: "radius_px"; property: string; min: number; max: number };
}

/**
 * The theme data {@link resolveTheme} uses, as plain values for the host (same defaults, same
 * override keys). Takes nothing; returns the {@link ThemeExport}.
 */
export function themeExport(): ThemeExport {
  const templates: ThemeExport["templates"] = {};
  for (const [name, theme] of Object.entries(TEMPLATE_THEMES)) {
    templates[name] = { vars: themeToCssVars(theme), fonts: themeFontFiles(theme) };
  }
  const overrides: Record<string, string> = {};
  for (const [k, key] of Object.entries(KEYS)) overrides[k] = CSS_VARS[key as keyof typeof CSS_VARS];
  return {
    base: themeToCssVars(BASE),
    templates,
    overrides,
    forbidden: FORBIDDEN,
    radius: { key: "radius_px", property: CSS_VARS.radiusPx, min: RADIUS_MIN, max: RADIUS_MAX },
  };
}

/**
 * Writes a theme's variables onto an element (default `<html>`) and sets `data-template`.
 * Takes the theme, template name and target element; returns nothing.
 */
export function applyTheme(theme: Theme, template: string, root: HTMLElement = document.documentElement): void {
  for (const [k, v] of Object.entries(themeToCssVars(theme))) root.style.setProperty(k, v);
  root.dataset.template = template;
}
