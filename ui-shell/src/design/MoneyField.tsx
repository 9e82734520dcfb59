import { formatMoney, formatThousands } from "../lib/format";
import { NumberTextField, type NumberTextFieldProps } from "./NumberTextField";

/** The default quick-pick amounts, 5,000 to 70,000 dollars (docs/features/locations-forms-marketing.md §5). */
export const DEFAULT_QUICK_PICKS = [5000, 10000, 20000, 30000, 50000, 70000] as const;
/** The alternate quick-pick set, 300,000 to 800,000 dollars (docs/features/locations-forms-marketing.md §5). */
export const ALTERNATE_QUICK_PICKS = [300000, 400000, 500000, 600000, 700000, 800000] as const;

/** Props of {@link MoneyField}: {@link NumberTextFieldProps} in whole AUD dollars, plus optional quick picks. */
export interface MoneyFieldProps extends NumberTextFieldProps {
  quickPicks?: readonly number[];
}

/**
 * A dollar amount field: `$` prefix, thousands separators as the shopper types, digits only, step /
 * min / max honoured (clamped on blur by default; otherwise 'Cannot be less than $min or more than
 * $max'), and optional quick-pick buttons. Value in whole AUD dollars or null.
 * Spec: docs/features/locations-forms-marketing.md §5 "Money field", docs/features/shopper-core.md
 * §5 "Calculator loan amount". Takes {@link MoneyFieldProps}; renders the field.
 */
export function MoneyField({ quickPicks, ...props }: MoneyFieldProps) {
  return (
    <div className="fc-money">
      <NumberTextField {...props} prefix="$" formatBound={formatMoney} />
      {quickPicks && quickPicks.length > 0 ? (
        <fieldset className="fc-quickpicks">
          <legend className="fc-visually-hidden">{`Quick amounts for ${props.label}`}</legend>
          {quickPicks.map((amount) => (
            <button
              key={amount}
              type="button"
              className="fc-chip"
              aria-pressed={props.value === amount}
              onClick={() => props.onValueChange(amount)}
            >
              {`$${formatThousands(amount)}`}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
