import type { PriceView } from "@forecourt/ui-shell/contract";

/**
 * A price view in a template's markup: previous price struck through (was/now), the headline, the
 * price type. Takes the price and the template's class prefix (e.g. `cl`); renders a `<p>` marked
 * `data-fc-price` (the shell's tests find the price by it, whatever the template).
 * Spec: docs/features/shopper-core.md §4 "Price display".
 */
export function Price({ price, prefix }: { price: PriceView; prefix: string }) {
  return (
    <p className={`${prefix}-price ${prefix}-price--${price.kind}`} data-fc-price="">
      {price.was ? (
        <s className={`${prefix}-price__was`}>
          <span className="fc-visually-hidden">Was </span>
          {price.was}
        </s>
      ) : null}
      <strong className={`${prefix}-price__now`}>{price.text}</strong>
      {price.typeLabel ? <span className={`${prefix}-price__type`}>{price.typeLabel}</span> : null}
    </p>
  );
}
