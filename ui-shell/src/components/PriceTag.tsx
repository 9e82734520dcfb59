import type { PriceView } from "../contract";

/**
 * A price as the spec shows it: the headline, a struck-through previous price on was/now, and the
 * price type. Takes a {@link PriceView}; renders inline elements. Spec:
 * docs/features/shopper-core.md §4 "Price display".
 */
export function PriceTag({ price }: { price: PriceView }) {
  return (
    <span className={`fc-price fc-price--${price.kind}`} data-fc-price="">
      {price.was ? (
        <s className="fc-price__was">
          <span className="fc-visually-hidden">Was </span>
          {price.was}
        </s>
      ) : null}
      <strong className="fc-price__text">{price.text}</strong>
      {price.typeLabel ? <span className="fc-price__type">{price.typeLabel}</span> : null}
    </span>
  );
}
