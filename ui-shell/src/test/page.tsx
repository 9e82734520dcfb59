// Test helper: a page rendered at a path inside a router and the site context, with the inline
// data a host document would carry for it (or none, so the page fetches).
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { TenantSettings } from "../api/types";
import { MemoryRouter, Routes } from "../app/router";
import { SiteContext } from "../app/site";
import type { InlineData } from "../boot/inline";
import { resolveTheme } from "../theme/theme";

/**
 * Renders `routes` (an array of keyed `<Route>` elements) at `path` for `tenant`. With `page` defined the inline data
 * says route `routeId` with that page body (status 200); with `page` undefined there is no inline
 * data. Takes the tenant, path, route id, page body and the `<Route>` elements (an array, keyed); returns testing-library's result.
 */
export function renderPageAt(tenant: TenantSettings, path: string, routeId: string, page: unknown, routes: ReactElement[]) {
  const inline: InlineData | null =
    page === undefined ? null : { version: 1, tenant, route: { id: routeId, path, params: {} }, status: 200, page };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline }}>
        <Routes>{routes}</Routes>
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}
