// The VDP's drive-away breakdown (src/vdp/DriveAway.tsx) against a fake host
// (src/vdp/driveAwayFixtures.ts: illustrative figures, not the host's tables). Try the state
// select (NSW, VIC, QLD answer; others are the host's 400) and a postcode (2xxx, 3xxx, 4xxx).
import type { Meta, StoryObj } from "@storybook/react-vite";
import DriveAwayPanel from "./DriveAway";
import { DRIVE_AWAY_NSW, DRIVE_AWAY_QLD, fakeDriveAwayHost } from "./driveAwayFixtures";

const meta: Meta = { title: "VDP/Drive-away breakdown" };
export default meta;
type Story = StoryObj;

const SLUG = "2019-mercedes-benz-c-class-hm20001";

export const Sidebar: Story = {
  name: "In the sidebar column (360 px), NSW",
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={fakeDriveAwayHost().fetchImpl} />
    </div>
  ),
};

export const Incomplete: Story = {
  name: "Incomplete estimate (QLD, no CTP figure)",
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_QLD} fetchImpl={fakeDriveAwayHost().fetchImpl} />
    </div>
  ),
};

export const Phone: Story = {
  name: "Phone width (390 px)",
  parameters: { viewport: { defaultViewport: "mobile1" } },
  render: () => (
    <div style={{ width: 358 }}>
      <DriveAwayPanel slug={SLUG} initial={DRIVE_AWAY_NSW} fetchImpl={fakeDriveAwayHost().fetchImpl} />
    </div>
  ),
};
