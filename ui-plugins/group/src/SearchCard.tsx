import type { SearchCardProps } from "@forecourt/ui-shell/contract";
import { MapPin } from "lucide-react";
import { CardImage } from "../../_kit/CardImage";
import { DriveAwayLine } from "../../_kit/DriveAwayLine";
import { Price } from "../../_kit/Price";
import { Style } from "../../_kit/Style";
import css from "./styles.css?inline";

/**
 * Group search card: wide image with a blue tag ribbon, title, chips, the dealership place, price
 * bar and two buttons side by side. Takes SearchCardProps (the shell's favourite/compare `controls` sit over the image); renders an `<article>`.
 * Spec: docs/features/shopper-core.md §2 "Search results".
 */
export default function SearchCard({ card, actions, controls }: SearchCardProps) {
  return (
    <article className="gr-card" data-fc-component="SearchCard" data-fc-template="group">
      <Style template="group" css={css} />
      <div className="gr-card__media">
        <CardImage card={card} noPhoto="No photo yet" />
        {card.tag ? <span className="gr-card__tag">{card.tag}</span> : null}
        {controls}
      </div>
      <div className="gr-card__body">
        <h3>
          <a href={card.href}>{card.title}</a>
        </h3>
        {card.subtitle ? <p className="gr-muted">{card.subtitle}</p> : null}
        <ul className="gr-chips">
          {card.chips.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        {card.place ? (
          <p className="gr-muted">
            <MapPin aria-hidden="true" size={14} className="kit-icon" /> {card.place}
          </p>
        ) : null}
        <Price price={card.price} prefix="gr" />
        <DriveAwayLine card={card} />
        <p className="gr-card__actions">
          {actions.map((a) => (
            <a key={a.id} href={a.href} className={a.emphasis === "primary" ? "gr-btn" : "gr-btn gr-btn--outline"}>
              {a.label}
            </a>
          ))}
        </p>
      </div>
    </article>
  );
}
