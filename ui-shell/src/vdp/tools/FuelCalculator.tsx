// The VDP's fuel calculator (docs/features/platform.md "Finance and delivery tools"). Spec:
// docs/features/shopper-core.md §2 "fuel calculator", §9 "Fuel calculator defaults: $1.70 per
// litre, 250 km per week, consumption 10 L/100km; hidden for electric cars".
import { useState } from "react";
import type { CarResponse } from "../../api/types";
import { TextField } from "../../design/Field";
import { formatMoney, formatMoneyCents } from "../../lib/format";
import { type FuelInputs, fuelCosts, fuelDefaults, isElectric, parseDecimal } from "./fuel";
import "./tools.css";

/** Props of {@link FuelCalculator}: the car and the tenant's overrides (`tools.fuel`). */
export interface FuelCalculatorProps {
  res: CarResponse;
  overrides?: Partial<FuelInputs>;
}

function NumberInput({
  label,
  value,
  onChange,
  suffix,
  field,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  suffix: string;
  field: string;
}) {
  const n = parseDecimal(value);
  return (
    <TextField
      label={`${label} (${suffix})`}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      data-field={field}
      error={value.trim() !== "" && n === null ? "Please enter a number." : null}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The fuel calculator (docs/features/shopper-core.md §2, §9): price per litre, km per week and consumption
 * (the car's combined figure when known) as editable inputs, and the cost per week, month and
 * year. Renders nothing for electric cars. Takes {@link FuelCalculatorProps}; renders a `<section>`.
 */
export default function FuelCalculator({ res, overrides = {} }: FuelCalculatorProps) {
  const start = fuelDefaults(res.car, overrides);
  const [text, setText] = useState({
    pricePerLitre: String(start.pricePerLitre.toFixed(2)),
    kmPerWeek: String(start.kmPerWeek),
    consumption: String(start.consumption),
  });
  if (isElectric(res.car)) return null;
  const inputs: FuelInputs = {
    pricePerLitre: parseDecimal(text.pricePerLitre) ?? 0,
    kmPerWeek: parseDecimal(text.kmPerWeek) ?? 0,
    consumption: parseDecimal(text.consumption) ?? 0,
  };
  const costs = fuelCosts(inputs);
  const set = (k: keyof typeof text) => (v: string) => setText((t) => ({ ...t, [k]: v }));
  return (
    <section className="fc-vdp-section fc-fuel" aria-labelledby="fc-fuel-title" data-section="fuel-calculator">
      <h2 id="fc-fuel-title">Fuel Calculator</h2>
      <div className="fc-tool-grid">
        <NumberInput
          label="Fuel price"
          suffix="$ per litre"
          field="price"
          value={text.pricePerLitre}
          onChange={set("pricePerLitre")}
        />
        <NumberInput label="Distance" suffix="km per week" field="km" value={text.kmPerWeek} onChange={set("kmPerWeek")} />
        <NumberInput
          label="Fuel use"
          suffix="L/100km"
          field="consumption"
          value={text.consumption}
          onChange={set("consumption")}
        />
      </div>
      <dl className="fc-fuel__costs" aria-live="polite">
        <div>
          <dt>Per week</dt>
          <dd data-fuel-cost="week">{formatMoneyCents(Math.round(costs.week * 100) / 100)}</dd>
        </div>
        <div>
          <dt>Per month</dt>
          <dd data-fuel-cost="month">{formatMoney(costs.month)}</dd>
        </div>
        <div>
          <dt>Per year</dt>
          <dd data-fuel-cost="year">{formatMoney(costs.year)}</dd>
        </div>
      </dl>
    </section>
  );
}
