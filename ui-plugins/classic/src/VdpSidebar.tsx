import type { VdpSidebarProps } from "@forecourt/ui-shell/contract";
import { countOf } from "@forecourt/ui-shell/format";
import { Price } from "../../_kit/Price";
import { SidebarActions } from "../../_kit/SidebarActions";
import { Style } from "../../_kit/Style";
import { SidebarExtras, TagBadge } from "../../_kit/VdpParts";
import css from "./styles.css?inline";

/**
 * Classic VDP sidebar: serif title and badge, gold rule, price, a two-column specification table,
 * stacked square buttons, the phone and location. Sold cars show the SOLD notice.
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
    <aside className="cl-sidebar" aria-label="Vehicle summary" data-fc-component="VdpSidebar" data-fc-template="classic">
      <Style template="classic" css={css} />
      <TagBadge tag={tag} prefix="cl" />
      <h1 className="cl-sidebar__title">
        {title}
        {subtitle ? <span>{subtitle}</span> : null}
      </h1>
      <hr className="cl-rule" />
      {available ? null : <p className="cl-sold">SOLD · Like this and want something similar?</p>}
      <Price price={price} prefix="cl" />
      <SidebarExtras priceNote={priceNote} highlights={highlights} financeTeaser={financeTeaser} prefix="cl" />
      <table className="cl-specs">
        <tbody>
          {facts.map((f) => (
            <tr key={f.label}>
              <th scope="row">{f.label}</th>
              <td>{f.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <SidebarActions
        actions={actions}
        className="cl-sidebar__actions"
        buttonClass={(e) => (e === "primary" ? "cl-btn cl-btn--primary" : "cl-btn")}
      />
      {phone ? (
        <p className="cl-sidebar__phone">
          {phone.label}: <a href={phone.href}>{phone.display}</a>
        </p>
      ) : null}
      {location ? (
        <p className="cl-sidebar__location">
          Located at <a href={location.href}>{location.label}</a>
        </p>
      ) : null}
      {views > 0 ? <p className="cl-muted">{countOf(views, "view")}</p> : null}
    </aside>
  );
}
