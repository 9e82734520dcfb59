import type { VdpSidebarProps } from "@forecourt/ui-shell/contract";
import { countOf } from "@forecourt/ui-shell/format";
import { Check, Flame } from "lucide-react";
import { Price } from "../../_kit/Price";
import { SidebarActions } from "../../_kit/SidebarActions";
import { Style } from "../../_kit/Style";
import { SidebarExtras, TagBadge } from "../../_kit/VdpParts";
import css from "./styles.css?inline";

/**
 * Superstore VDP sidebar: a big yellow price sticker, bold title, a checklist of facts, huge rounded
 * buttons and a red call-now block. Sold cars show the SOLD stamp.
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
    <aside className="ss-sidebar" aria-label="Vehicle summary" data-fc-component="VdpSidebar" data-fc-template="superstore">
      <Style template="superstore" css={css} />
      <TagBadge tag={tag} prefix="ss" />
      <h1 className="ss-sidebar__title">
        {title}
        {subtitle ? <span>{subtitle}</span> : null}
      </h1>
      {available ? null : <p className="ss-stamp">SOLD! Like this and want something similar?</p>}
      {/* The sticker holds the price alone: the note, finance teaser and highlights spilled out of
          the tilted pill (issue 39). */}
      <div className="ss-sticker ss-sticker--big">
        <Price price={price} prefix="ss" />
      </div>
      <SidebarExtras priceNote={priceNote} highlights={highlights} financeTeaser={financeTeaser} prefix="ss" />
      <ul className="ss-checks">
        {facts.map((f) => (
          <li key={f.label}>
            <Check aria-hidden="true" size={16} className="kit-icon" /> {f.label}: <strong>{f.value}</strong>
          </li>
        ))}
      </ul>
      <SidebarActions
        actions={actions}
        className="ss-sidebar__actions"
        buttonClass={(e) => (e === "primary" ? "ss-btn ss-btn--big" : "ss-btn ss-btn--ghost")}
      />
      {phone ? (
        <a className="ss-callnow" href={phone.href}>
          Call now · {phone.display}
        </a>
      ) : null}
      {location ? (
        <p>
          Find it at <a href={location.href}>{location.label}</a>
        </p>
      ) : null}
      {views > 0 ? (
        <p className="ss-hot">
          <Flame aria-hidden="true" size={16} className="kit-icon" /> {countOf(views, "view")}
        </p>
      ) : null}
    </aside>
  );
}
