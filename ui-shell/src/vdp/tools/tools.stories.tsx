// The VDP tools (docs/features/platform.md "Finance and delivery tools") against a fake host (./fixtures fakeHost:
// illustrative figures, not the host's maths). Spec: docs/features/shopper-core.md §2 "Vehicle detail page", §4, §5,
// §8, §9.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { CarFinanceCard } from "./CarFinance";
import DeliveryCalculator from "./DeliveryCalculator";
import FinanceCalculator from "./FinanceCalculator";
import FuelCalculator from "./FuelCalculator";
import { CALCULATOR_CHOICES, CAR_FINANCE, CAR_YOUX, fakeHost, GAUGE as GAUGE_ANSWER, QUOTE } from "./fixtures";
import PriceGauge from "./PriceGauge";
import { financeFigures } from "./quote";
import { FinanceTeaser } from "./Teaser";

const meta: Meta = { title: "VDP tools" };
export default meta;
type Story = StoryObj;

const host = fakeHost();
const wrap = (node: React.ReactNode) => <div style={{ maxWidth: 880 }}>{node}</div>;

export const FinanceCalculatorRange: Story = {
  name: "Finance calculator (sliders, establishment fee)",
  render: () => wrap(<FinanceCalculator res={CAR_FINANCE} fetchImpl={host} />),
};

export const FinanceCalculatorChoices: Story = {
  name: "Finance calculator (term list in months, interest fixed)",
  render: () =>
    wrap(
      <FinanceCalculator
        res={{ ...CAR_FINANCE, finance: { calculator: CALCULATOR_CHOICES, show_widget: true, estimate: null } }}
        fetchImpl={fakeHost()}
      />,
    ),
};

export const CarFinance: Story = {
  name: "'Car Finance' card (quote)",
  render: () => wrap(<CarFinanceCard res={CAR_FINANCE} figures={financeFigures(CAR_FINANCE, { status: "ok", quote: QUOTE })} />),
};

export const SidebarTeaser: Story = {
  name: "Sidebar: market indicator and weekly teaser",
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <FinanceTeaser
        figures={financeFigures(CAR_YOUX, { status: "none" })}
        price={CAR_YOUX.car.price}
        averages={{ state_average_market_price: 85500, average_market_price: 86000 }}
      />
    </div>
  ),
};

export const SidebarTeaserLoading: Story = {
  name: "Sidebar: teaser while the quote loads",
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <FinanceTeaser figures={financeFigures(CAR_FINANCE, { status: "loading" })} price={CAR_FINANCE.car.price} averages={null} />
    </div>
  ),
};

export const Delivery: Story = {
  name: "Delivery calculator (4000 priced, 9999 no price, 0000 refused)",
  render: () => wrap(<DeliveryCalculator res={CAR_FINANCE} fetchImpl={host} />),
};

export const Fuel: Story = {
  name: "Fuel calculator",
  render: () => wrap(<FuelCalculator res={CAR_FINANCE} />),
};

export const Gauge: Story = {
  name: "Price comparison gauge",
  render: () => wrap(<PriceGauge res={CAR_FINANCE} load={async () => GAUGE_ANSWER} />),
};

export const GaugeHidden: Story = {
  name: "Price comparison gauge (confidence 0.2: hidden)",
  render: () => wrap(<PriceGauge res={CAR_FINANCE} load={async () => ({ ...GAUGE_ANSWER, confidence: 0.2 })} />),
};
