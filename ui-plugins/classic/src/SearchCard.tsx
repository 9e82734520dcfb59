import type { SearchCardProps } from "@forecourt/ui-shell/contract";
import { CardImage } from "../../_kit/CardImage";
import { DriveAwayLine } from "../../_kit/DriveAwayLine";
import { Price } from "../../_kit/Price";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Classic search card: square image, small-caps tag, serif title, a thin rule, price, text links.
 * Takes SearchCardProps (the shell's favourite/compare `controls` sit over the image); renders an
 * `<article>`. Spec: docs/features/shopper-core.md §2 "Search results".
 */
export default function SearchCard({ card, actions, controls }: SearchCardProps) {
  return (
    <article className="cl-card" data-fc-component="SearchCard" data-fc-template="classic">
      <Style template="classic" css={css} />
      <div className="cl-card__media">
        <CardImage card={card} noPhoto="Photography to follow" />
        {card.tag ? <span className="cl-card__tag">{card.tag}</span> : null}
        {controls}
      </div>
      <h3 className="cl-card__title">
        <a href={card.href}>{card.title}</a>
      </h3>
      {card.subtitle ? <p className="cl-card__subtitle">{card.subtitle}</p> : null}
      <p className="cl-card__chips">{card.chips.join(" · ")}</p>
      <hr className="cl-rule" />
      <Price price={card.price} prefix="cl" />
      <DriveAwayLine card={card} />
      <p className="cl-card__actions">
        {actions.map((a) => (
          <a key={a.id} href={a.href} className={a.emphasis === "primary" ? "cl-btn cl-btn--primary" : "cl-btn"}>
            {a.label}
          </a>
        ))}
      </p>
    </article>
  );
}
