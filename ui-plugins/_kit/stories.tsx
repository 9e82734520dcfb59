// Storybook stories shared by every template: each exposed component with the fixture props of
// the template's demo tenant (ui-plugins/<template>/src/<template>.stories.tsx re-exports them).
import type { RemoteProps } from "@forecourt/ui-shell/contract";
import { CAR_REDUCED, CAR_SOLD, remotePropsFor, TENANTS } from "@forecourt/ui-shell/fixtures";
import type { StoryObj } from "@storybook/react-vite";
import type { ComponentType } from "react";

type Modules = { [M in keyof RemoteProps]: ComponentType<RemoteProps[M]> };

/**
 * The stories of a template: header, hero, search card (was/now), VDP sidebar (in stock and sold),
 * footer. Takes the template and its components; returns CSF story objects by name.
 */
export function templateStories(template: keyof typeof TENANTS, m: Modules): Record<string, StoryObj> {
  const tenant = TENANTS[template];
  const props = remotePropsFor(tenant);
  const globals = { template };
  const narrow = (node: React.ReactNode, width: number) => <div style={{ maxWidth: width, padding: 16 }}>{node}</div>;
  return {
    SiteHeader: { globals, render: () => <m.SiteHeader {...props.SiteHeader} /> },
    HomeHero: { globals, render: () => <m.HomeHero {...props.HomeHero} /> },
    SearchCard: { globals, render: () => narrow(<m.SearchCard {...remotePropsFor(tenant, CAR_REDUCED).SearchCard} />, 360) },
    VdpSidebar: { globals, render: () => narrow(<m.VdpSidebar {...props.VdpSidebar} />, 420) },
    VdpSidebarSold: { globals, render: () => narrow(<m.VdpSidebar {...remotePropsFor(tenant, CAR_SOLD).VdpSidebar} />, 420) },
    SiteFooter: { globals, render: () => <m.SiteFooter {...props.SiteFooter} /> },
  };
}
