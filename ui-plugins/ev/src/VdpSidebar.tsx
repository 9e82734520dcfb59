import type { VdpSidebarProps } from "@forecourt/ui-shell/contract";
import { countOf } from "@forecourt/ui-shell/format";
import { Price } from "../../_kit/Price";
import { SidebarActions } from "../../_kit/SidebarActions";
import { Style } from "../../_kit/Style";
import { SidebarExtras, TagBadge } from "../../_kit/VdpParts";
import css from "./styles.css?inline";

/**
 * EV VDP sidebar: a floating rounded panel, light title, price, facts as a two-column grid of
 * soft chips, pill buttons, the number to call. Sold cars show a SOLD notice.
 * Also the tag, reduced-price note, icon highlights, finance teaser slot and action links (new tab,
 * toggles, Share copying the link) of the kit. Takes VdpSidebarProps; renders an `<aside>`. Spec:
 * docs/features/shopper-core.md §2 "Vehicle detail page".
 */
export default function VdpSidebar({
  title,
  subtitle,
  price,
  facts,
  actions,
  phone,
  location,
  available,
  views,
  tag,
  priceNote,
  highlights,
  financeTeaser,
}: VdpSidebarProps) {
  return (
    <aside className="ev-sidebar" aria-label="Vehicle summary" data-fc-component="VdpSidebar" data-fc-template="ev">
      <Style template="ev" css={css} />
      <TagBadge tag={tag} prefix="ev" />
      <h1 className="ev-sidebar__title">
        {title}
        {subtitle ? <small>{subtitle}</small> : null}
      </h1>
      {available ? null : <p className="ev-sold">SOLD · Like this and want something similar?</p>}
      <Price price={price} prefix="ev" />
      <SidebarExtras priceNote={priceNote} highlights={highlights} financeTeaser={financeTeaser} prefix="ev" />
      <dl className="ev-facts">
        {facts.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <SidebarActions
        actions={actions}
        className="ev-sidebar__actions"
        buttonClass={(e) => (e === "primary" ? "ev-btn" : "ev-btn ev-btn--line")}
      />
      {phone ? (
        <p className="ev-muted">
          {phone.label} · <a href={phone.href}>{phone.display}</a>
        </p>
      ) : null}
      {location ? (
        <p className="ev-muted">
          At <a href={location.href}>{location.label}</a>
        </p>
      ) : null}
      {views > 0 ? <p className="ev-muted">{countOf(views, "view")}</p> : null}
    </aside>
  );
}
