import { useEffect, useState } from "react";
import type { CarResponse } from "../api/types";
import { PriceTag } from "../components/PriceTag";
import type { ActionView, PriceView } from "../contract";
import { ButtonLink } from "../design/Button";
import { formatMoney } from "../lib/format";
import { imageAt, placeholderImage } from "../lib/images";
import { financeHref } from "../lib/views";
import { perSuffix } from "./maths";
import "./vdp.css";

/**
 * The weekly (or per-period) estimate from the API's finance offer, e.g. `$129/wk`; null when the
 * host gave no figure (docs/features/shopper-core.md §2 sticky header "weekly finance estimate", §9 suffixes).
 * Takes the car response; returns the text or null.
 */
export function estimateText(res: CarResponse): string | null {
  const est = res.finance?.estimate;
  if (!res.finance?.show_widget || est?.kind !== "figure") return null;
  return `${formatMoney(est.per_period)}${perSuffix(res.finance.calculator.default_frequency) || "/wk"}`;
}

/** Props of {@link StickyHeader}: the car, its display price, and whether it shows (scrolled 500 px or more). */
export interface StickyHeaderProps {
  res: CarResponse;
  price: PriceView;
  visible: boolean;
  /**
   * The weekly finance estimate to show (e.g. `$147/wk`, from the lender quote when there is one:
   * src/vdp/tools/quote.ts `financeFigures`); null for none; absent: the host's `finance.estimate`.
   */
  estimate?: string | null | undefined;
  /**
   * The finance button: the sidebar's finance action (the site's label and finance page); absent:
   * 'Get Finance' to `/finance` ({@link financeHref}). A sold car's sidebar has none.
   */
  finance?: Pick<ActionView, "label" | "href"> | undefined;
}

/**
 * The VDP's sticky header (docs/features/shopper-core.md §2, §4 "Sticky header: visible when scroll is 500 or
 * more"): image, name, gearbox and body, price and price type, the weekly estimate, Get Finance
 * and Trade-In Valuation. Takes {@link StickyHeaderProps}; renders a `<div>` hidden when not visible.
 */
export function StickyHeader({ res, price, visible, estimate, finance }: StickyHeaderProps) {
  const car = res.car;
  const img = res.primary_image_url ?? placeholderImage(car.simple_body);
  const est = estimate === undefined ? estimateText(res) : estimate;
  const gear = [car.trans ?? car.simple_transmission, car.body ?? car.simple_body].filter(Boolean).join(" · ");
  return (
    <div className="fc-sticky" data-sticky-header="" hidden={!visible} aria-hidden={!visible}>
      <div className="fc-container fc-sticky__inner">
        <img src={imageAt(img, 160)} alt="" width={80} height={60} loading="lazy" />
        <div className="fc-sticky__name">
          <strong>{res.name}</strong>
          {gear ? <span className="fc-muted">{gear}</span> : null}
        </div>
        <PriceTag price={price} />
        {est ? (
          <span className="fc-sticky__estimate" data-sticky-estimate="">
            {est}
          </span>
        ) : null}
        <ButtonLink href={finance?.href ?? financeHref(car)} size="sm" tabIndex={visible ? 0 : -1}>
          {finance?.label ?? "Get Finance"}
        </ButtonLink>
        <ButtonLink href={`/cars/trade-in?car_id=${car.id}`} variant="secondary" size="sm" tabIndex={visible ? 0 : -1}>
          Trade-In Valuation
        </ButtonLink>
      </div>
    </div>
  );
}

/** How many actions the mobile bottom bar shows before it expands. */
export const BAR_COLLAPSED_ACTIONS = 2;

/**
 * The mobile bottom bar (docs/features/shopper-core.md §2 "a fixed bottom bar repeats the action buttons and
 * expands after scrolling beyond 900 px"): the first two actions, all of them when expanded;
 * Share copies the link (the page shows the 3 s copy toast). Takes the sidebar's actions and
 * whether it is expanded; renders a `<nav>`.
 */
export function BottomBar({ actions, expanded }: { actions: ActionView[]; expanded: boolean }) {
  const shown = expanded ? actions : actions.slice(0, BAR_COLLAPSED_ACTIONS);
  return (
    <nav
      className={`fc-bottom-bar${expanded ? " fc-bottom-bar--expanded" : ""}`}
      aria-label="Vehicle actions"
      data-bottom-bar={expanded ? "expanded" : "collapsed"}
    >
      {shown.map((a) => (
        <a
          key={a.id}
          href={a.href}
          className={`fc-button fc-button--sm fc-button--${a.emphasis}`}
          data-action={a.id}
          {...(a.newTab ? { target: "_blank", rel: "noopener" } : {})}
          {...(a.pressed !== undefined ? { "aria-pressed": a.pressed, role: "button" } : {})}
          onClick={
            a.onSelect
              ? (e) => {
                  e.preventDefault();
                  a.onSelect?.();
                }
              : undefined
          }
        >
          {a.label}
        </a>
      ))}
    </nav>
  );
}

/** Sticky header: shown from this scroll offset, px (docs/features/shopper-core.md §9). */
export const STICKY_FROM_PX = 500;
/** Mobile bottom bar: expanded beyond this scroll offset, px (docs/features/shopper-core.md §9). */
export const BAR_EXPAND_PX = 900;

const read = () => ({ sticky: window.scrollY >= STICKY_FROM_PX, expanded: window.scrollY > BAR_EXPAND_PX });

/** Scroll offsets the VDP reacts to: from 500 px (sticky header) and beyond 900 px (bottom bar expanded). */
export function useScrollFlags(): { sticky: boolean; expanded: boolean } {
  const [flags, setFlags] = useState(read);
  useEffect(() => {
    let frame = 0;
    const on = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        const next = read();
        setFlags((f) => (next.sticky === f.sticky && next.expanded === f.expanded ? f : next));
      });
    };
    window.addEventListener("scroll", on, { passive: true });
    on();
    return () => {
      window.removeEventListener("scroll", on);
      cancelAnimationFrame(frame);
    };
  }, []);
  return flags;
}

/** The media query of the VDP's one-column (phone) layout, where the bottom bar shows. */
export const MOBILE_QUERY = "(max-width: 899px)";

/** Props of {@link VdpChrome}: the car, its display price, the sidebar's actions, whether the tenant shows the sticky header, and the weekly estimate. */
export interface VdpChromeProps {
  res: CarResponse;
  price: PriceView;
  actions: ActionView[];
  sticky: boolean;
  /** The sticky header's finance estimate (see {@link StickyHeaderProps.estimate}). */
  estimate?: string | null | undefined;
}

/**
 * The VDP's scroll chrome (docs/features/shopper-core.md §2, §4, §9), loaded on the first scroll (or at once on a
 * phone): the sticky header from 500 px of scroll when the tenant shows it, and on phone widths
 * the bottom bar, expanded beyond 900 px. Takes {@link VdpChromeProps}; renders both.
 */
export default function VdpChrome({ res, price, actions, sticky, estimate }: VdpChromeProps) {
  const flags = useScrollFlags();
  const [mobile, setMobile] = useState(() => typeof matchMedia === "function" && matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const mq = matchMedia(MOBILE_QUERY);
    const on = () => setMobile(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return (
    <>
      {sticky ? (
        <StickyHeader
          res={res}
          price={price}
          visible={flags.sticky}
          estimate={estimate}
          finance={actions.find((a) => a.id === "finance")}
        />
      ) : null}
      {mobile ? <BottomBar actions={actions} expanded={flags.expanded} /> : null}
    </>
  );
}
