// The header with the mega menu (closed, the Vehicles dropdown open, the Stock dropdown, the
// drawer), the popup, and the home page's popular car types and price search
// (docs/features/platform.md "Locations, offers and navigation";
// docs/features/locations-forms-marketing.md §2 "Navigation"), with the fixture navigation.
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactElement } from "react";
import { remotePropsFor, TENANTS } from "../__tests__/fixtures";
import { MemoryRouter } from "../app/router";
import { SiteContext } from "../app/site";
import { DefaultSiteHeader } from "../components/defaults";
import { resolveTheme } from "../theme/theme";
import { seedNavigation } from "./data";
import { entryKey, type MenuHandoff } from "./entries";
import { NAVIGATION_FIXTURE } from "./fixture";
import { HeaderMenu } from "./HeaderMenu";
import { PopularCarTypes, PriceRangeSearch } from "./HomeSections";
import MegaMenu from "./MegaMenu";
import PopupDialog from "./PopupDialog";
import "./navigation.css";

const meta: Meta = { title: "Navigation", parameters: { layout: "fullscreen" } };
export default meta;
type Story = StoryObj;

const tenant = TENANTS.group;
const header = remotePropsFor(tenant).SiteHeader;

function shell(node: ReactElement): ReactElement {
  seedNavigation(NAVIGATION_FIXTURE);
  return (
    <MemoryRouter>
      <SiteContext.Provider value={{ tenant, theme: resolveTheme(tenant), inline: null }}>
        {node}
        <div style={{ height: 560 }} />
      </SiteContext.Provider>
    </MemoryRouter>
  );
}

function headerWith(initial: MenuHandoff): ReactElement {
  return shell(<DefaultSiteHeader {...header} menu={<MegaMenu fallback={header.nav} initial={initial} />} />);
}

export const HeaderStatic: Story = {
  render: () => shell(<DefaultSiteHeader {...header} menu={<HeaderMenu fallback={header.nav} />} />),
};
export const HeaderVehiclesMegaMenu: Story = {
  render: () => headerWith({ open: entryKey(0), focus: null, drawer: false }),
};
export const HeaderStockDropdown: Story = {
  render: () => headerWith({ open: entryKey(2), focus: null, drawer: false }),
};
export const HeaderBrandTiles: Story = {
  render: () => headerWith({ open: entryKey(5), focus: null, drawer: false }),
};
export const MobileDrawer: Story = {
  parameters: { viewport: { defaultViewport: "mobile1" } },
  render: () => headerWith({ open: null, focus: null, drawer: true }),
};
export const Popup: Story = {
  render: () =>
    NAVIGATION_FIXTURE.popup ? (
      <MemoryRouter>
        <PopupDialog popup={NAVIGATION_FIXTURE.popup} onDismiss={() => {}} />
      </MemoryRouter>
    ) : (
      <p>No popup</p>
    ),
};
export const PopularCarTypesAndPriceSearch: Story = {
  render: () =>
    shell(
      <>
        <PopularCarTypes bodies={NAVIGATION_FIXTURE.popular_bodies} />
        <PriceRangeSearch />
      </>,
    ),
};
