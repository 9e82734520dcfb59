import type { SearchCardProps } from "@forecourt/ui-shell/contract";
import { CardImage } from "../../_kit/CardImage";
import { DriveAwayLine } from "../../_kit/DriveAwayLine";
import { Price } from "../../_kit/Price";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * EV search card: borderless, soft shadow, large rounded image, light title, price on the right,
 * pill buttons. Takes SearchCardProps (the shell's favourite/compare `controls` sit over the
 * image); renders an `<article>`. Spec: docs/features/shopper-core.md §2 "Search results".
 */
export default function SearchCard({ card, actions, controls }: SearchCardProps) {
  return (
    <article className="ev-card" data-fc-component="SearchCard" data-fc-template="ev">
      <Style template="ev" css={css} />
      <div className="ev-card__media">
        <CardImage card={card} noPhoto="Image soon" />
        {card.tag ? <span className="ev-card__tag">{card.tag}</span> : null}
        {controls}
      </div>
      <div className="ev-card__row">
        <h3>
          <a href={card.href}>{card.title}</a>
          {card.subtitle ? <small>{card.subtitle}</small> : null}
        </h3>
        <Price price={card.price} prefix="ev" />
      </div>
      <DriveAwayLine card={card} />
      <p className="ev-card__chips">{card.chips.join("  |  ")}</p>
      <p className="ev-card__actions">
        {actions.map((a) => (
          <a key={a.id} href={a.href} className={a.emphasis === "primary" ? "ev-btn" : "ev-btn ev-btn--line"}>
            {a.label}
          </a>
        ))}
      </p>
    </article>
  );
}
