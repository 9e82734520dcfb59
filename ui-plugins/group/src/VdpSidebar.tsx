import type { VdpSidebarProps } from "@forecourt/ui-shell/contract";
import { countOf } from "@forecourt/ui-shell/format";
import { Price } from "../../_kit/Price";
import { SidebarActions } from "../../_kit/SidebarActions";
import { Style } from "../../_kit/Style";
import { SidebarExtras, TagBadge } from "../../_kit/VdpParts";
import css from "./styles.css?inline";

/**
 * Group VDP sidebar: a blue price header, then icon-style fact tiles, full-width buttons, the
 * dealership to call and the location. Sold cars show the SOLD banner.
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
    <aside className="gr-sidebar" aria-label="Vehicle summary" data-fc-component="VdpSidebar" data-fc-template="group">
      <Style template="group" css={css} />
      <TagBadge tag={tag} prefix="gr" />
      <div className="gr-sidebar__head">
        <h1>
          {title} {subtitle ? <small>{subtitle}</small> : null}
        </h1>
        <Price price={price} prefix="gr" />
      </div>
      <SidebarExtras priceNote={priceNote} highlights={highlights} financeTeaser={financeTeaser} prefix="gr" />
      {available ? null : <p className="gr-sold">SOLD — Like this and want something similar?</p>}
      <ul className="gr-tiles">
        {facts.map((f) => (
          <li key={f.label}>
            <span>{f.label}</span>
            <strong>{f.value}</strong>
          </li>
        ))}
      </ul>
      <SidebarActions
        actions={actions}
        className="gr-sidebar__actions"
        buttonClass={(e) => (e === "primary" ? "gr-btn" : "gr-btn gr-btn--outline")}
      />
      {phone ? (
        <p className="gr-call">
          <span>{phone.label}</span> <a href={phone.href}>{phone.display}</a>
        </p>
      ) : null}
      {location ? (
        <p>
          Available at <a href={location.href}>{location.label}</a>
        </p>
      ) : null}
      {views > 0 ? <p className="gr-muted">{countOf(views, "person", "people")} viewed this car</p> : null}
    </aside>
  );
}
