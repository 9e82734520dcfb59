// The VDP's price history and freshness lines (src/vdp/PriceHistory.tsx; docs/features/platform.md
// "Price history and freshness"): a recent drop with a confirmation, a confirmation alone, and a
// drop from last year. Demo data: the harbourside-mercedes car fixture at a fixed clock.
import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { CAR, NOW } from "../__tests__/fixtures";
import { PriceHistory } from "./PriceHistory";

const meta: Meta = { title: "VDP/Price history" };
export default meta;
type Story = StoryObj;

const now = new Date(NOW * 1000);
const narrow = (node: ReactNode) => <div style={{ maxWidth: 360 }}>{node}</div>;

export const DropAndConfirmed: Story = {
  name: "Reduced 9 days ago, confirmed 3 hours ago",
  render: () =>
    narrow(
      <PriceHistory
        res={{
          ...CAR,
          price_drop: { amount: 1000, from: 83990, to: 82990, at: NOW - 9 * 86_400 },
          confirmed_at: NOW - 3 * 3_600,
        }}
        timeZone="Australia/Sydney"
        now={now}
      />,
    ),
};

export const ConfirmedOnly: Story = {
  name: "No drop shown (switch off or no drop), confirmed 20 minutes ago",
  render: () =>
    narrow(
      <PriceHistory res={{ ...CAR, price_drop: null, confirmed_at: NOW - 20 * 60 }} timeZone="Australia/Sydney" now={now} />,
    ),
};

export const DropLastYear: Story = {
  name: "Reduced last year (the date gains the year)",
  render: () =>
    narrow(
      <PriceHistory
        res={{
          ...CAR,
          price_drop: { amount: 4500, from: 87490, to: 82990, at: NOW - 340 * 86_400 },
          confirmed_at: NOW - 2 * 86_400,
        }}
        timeZone="Australia/Brisbane"
        now={now}
      />,
    ),
};
