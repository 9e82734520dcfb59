import type { Meta, StoryObj } from "@storybook/react-vite";
import { CAR_REDUCED, CAR_SOLD, remotePropsFor, TENANTS } from "../__tests__/fixtures";
import { DefaultHomeHero, DefaultSearchCard, DefaultSiteFooter, DefaultSiteHeader, DefaultVdpSidebar } from "./defaults";

const meta: Meta = { title: "Shell defaults", parameters: { layout: "fullscreen" } };
export default meta;
type Story = StoryObj;

const props = remotePropsFor(TENANTS.classic);

export const SiteHeader: Story = { render: () => <DefaultSiteHeader {...props.SiteHeader} /> };
export const HomeHero: Story = { render: () => <DefaultHomeHero {...remotePropsFor(TENANTS.group).HomeHero} /> };
export const SearchCard: Story = {
  render: () => (
    <div style={{ maxWidth: 360, padding: 16 }}>
      <DefaultSearchCard {...remotePropsFor(TENANTS.classic, CAR_REDUCED).SearchCard} />
    </div>
  ),
};
export const VdpSidebar: Story = {
  render: () => (
    <div style={{ maxWidth: 420, padding: 16 }}>
      <DefaultVdpSidebar {...props.VdpSidebar} />
    </div>
  ),
};
export const VdpSidebarSold: Story = {
  render: () => (
    <div style={{ maxWidth: 420, padding: 16 }}>
      <DefaultVdpSidebar {...remotePropsFor(TENANTS.classic, CAR_SOLD).VdpSidebar} />
    </div>
  ),
};
export const SiteFooter: Story = { render: () => <DefaultSiteFooter {...props.SiteFooter} /> };
