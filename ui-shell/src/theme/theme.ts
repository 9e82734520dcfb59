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
}

const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'Georgia, "Times New Roman", serif';

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
};

/** Per-template defaults: classic (franchise dealer), group, superstore, ev. Unknown templates get the base. */
export const TEMPLATE_THEMES: Record<string, Theme> = {
  classic: { ...BASE, primary: "#111418", accent: "#8a6d3b", surface: "#f4f2ee", fontHeading: SERIF, radiusPx: 2 },
  group: { ...BASE, primary: "#0b4f8a", accent: "#f2a900", surface: "#eef3f8", radiusPx: 8 },
  superstore: {
    ...BASE,
    primary: "#d7261e",
    primaryContrast: "#ffffff",
    accent: "#ffd400",
    surface: "#fff6e0",
    text: "#16181a",
    radiusPx: 14,
  },
  ev: {
    ...BASE,
    primary: "#0f766e",
    accent: "#22d3ee",
    background: "#fbfdfd",
    surface: "#e8f5f3",
    text: "#0b1f1d",
    muted: "#4a5f5c",
    radiusPx: 20,
  },
};

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
};

/**
 * The theme for a tenant: its template's defaults, then any `tenant.theme` overrides (snake_case
 * keys as in the proposed `[theme]` table: primary, primary_contrast, accent, background, surface,
 * text, muted, border, danger, font_body, font_heading, radius_px, logo_url), then `tenant.logo_url`.
 * Takes TenantSettings (extra keys tolerated); returns a complete Theme. Spec: ARCHITECTURE.md "UI".
 */
export function resolveTheme(tenant: TenantSettings): Theme {
  const theme: Theme = { ...(TEMPLATE_THEMES[tenant.template] ?? BASE) };
  const raw = (tenant as { theme?: unknown }).theme;
  if (raw && typeof raw === "object") {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const key = KEYS[k];
      if (key && typeof v === "string" && v.trim() !== "" && !/[;{}<>]/.test(v)) (theme[key] as string) = v;
      if (k === "radius_px" && typeof v === "number" && v >= 0 && v <= 48) theme.radiusPx = v;
      if (k === "logo_url" && typeof v === "string" && v !== "") theme.logoUrl = v;
    }
  }
  if (tenant.logo_url) theme.logoUrl = tenant.logo_url;
  return theme;
}

/**
 * The CSS custom properties of a theme: `--fc-color-primary`, `--fc-font-body`, `--fc-radius`...
 * Takes a Theme; returns a map of property name to value (the radius with `px`).
 */
export function themeToCssVars(theme: Theme): Record<string, string> {
  return {
    "--fc-color-primary": theme.primary,
    "--fc-color-primary-contrast": theme.primaryContrast,
    "--fc-color-accent": theme.accent,
    "--fc-color-bg": theme.background,
    "--fc-color-surface": theme.surface,
    "--fc-color-text": theme.text,
    "--fc-color-muted": theme.muted,
    "--fc-color-border": theme.border,
    "--fc-color-danger": theme.danger,
    "--fc-font-body": theme.fontBody,
    "--fc-font-heading": theme.fontHeading,
    "--fc-radius": `${theme.radiusPx}px`,
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
