import type { SearchCardProps } from "@forecourt/ui-shell/contract";
import { CardImage } from "../../_kit/CardImage";
import { DriveAwayLine } from "../../_kit/DriveAwayLine";
import { Price } from "../../_kit/Price";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Superstore search card: rounded card with a yellow price sticker over the image, a bold title,
 * chips and big rounded buttons. Takes SearchCardProps (the shell's favourite/compare `controls` sit over the image); renders an `<article>`.
 * Spec: docs/features/shopper-core.md §2 "Search results".
 */
export default function SearchCard({ card, actions, controls }: SearchCardProps) {
  return (
    <article className="ss-card" data-fc-component="SearchCard" data-fc-template="superstore">
      <Style template="superstore" css={css} />
      <div className="ss-card__media">
        <CardImage card={card} noPhoto="PHOTO COMING" />
        {card.tag ? <span className="ss-card__tag">{card.tag}</span> : null}
        {controls}
        <div className="ss-sticker">
          <Price price={card.price} prefix="ss" />
        </div>
      </div>
      <DriveAwayLine card={card} />
      <h3 className="ss-card__title">
        <a href={card.href}>{card.title}</a>
      </h3>
      {card.subtitle ? <p className="ss-card__subtitle">{card.subtitle}</p> : null}
      <ul className="ss-chips">
        {card.chips.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className="ss-card__actions">
        {actions.map((a) => (
          <a key={a.id} href={a.href} className={a.emphasis === "primary" ? "ss-btn" : "ss-btn ss-btn--ghost"}>
            {a.label}
          </a>
        ))}
      </p>
    </article>
  );
}
