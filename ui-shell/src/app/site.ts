// The site context: the tenant settings, its theme and the inline data the shell booted with.
import { createContext, useContext, useEffect } from "react";
import type { TenantSettings } from "../api/types";
import type { InlineData } from "../boot/inline";
import type { Theme } from "../theme/theme";

/** What every page can read: tenant settings, resolved theme, inline data (null without it). */
export interface Site {
  tenant: TenantSettings;
  theme: Theme;
  inline: InlineData | null;
}

/** React context of the current {@link Site}; provided by the App. */
export const SiteContext = createContext<Site | null>(null);

/**
 * The current site. Takes nothing; returns {@link Site}. Throws outside the App's provider.
 */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite needs <SiteContext.Provider>");
  return site;
}

/**
 * Sets `document.title` to `{title} | {site name}` while the calling page is shown.
 * Takes the page title (plain text); returns nothing.
 */
export function useDocumentTitle(title: string): void {
  const { tenant } = useSite();
  useEffect(() => {
    document.title = title ? `${title} | ${tenant.name}` : tenant.name;
  }, [title, tenant.name]);
}
