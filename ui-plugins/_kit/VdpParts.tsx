import type { ActionView, IconFactView, TagView } from "@forecourt/ui-shell/contract";
import { CarFront, Cog, Gauge, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const ROW = { display: "flex", flexWrap: "wrap", gap: "1rem", listStyle: "none", padding: 0, margin: 0 } as const;
const ICONS: Record<IconFactView["icon"], LucideIcon> = { km: Gauge, transmission: Cog, body: CarFront };

/** A highlight's icon (lucide, decorative: the label follows as text). Takes the icon component; renders an `<svg>`. */
function Icon({ icon: I }: { icon: LucideIcon }) {
  return <I aria-hidden="true" size={18} className="kit-icon" />;
}

/**
 * One VDP or card action as a link: `target="_blank"` for new-tab actions (Print, history report),
 * `aria-pressed` for toggles (Fave), and `onSelect` instead of navigation when given (Share copies
 * the link). Takes the action and the template's class name; renders an `<a>`.
 * Spec: docs/features/shopper-core.md §2 "Vehicle detail page" sidebar buttons.
 */
export function ActionLink({ action: a, className }: { action: ActionView; className: string }) {
  const { onSelect } = a;
  return (
    <a
      href={a.href}
      data-action={a.id}
      className={className}
      {...(a.newTab ? { target: "_blank", rel: "noopener" } : {})}
      {...(a.pressed !== undefined ? { "aria-pressed": a.pressed, role: "button" } : {})}
      {...(onSelect
        ? {
            onClick: (e: { preventDefault: () => void }) => {
              e.preventDefault();
              onSelect();
            },
          }
        : {})}
    >
      {a.label}
    </a>
  );
}

/**
 * The car's tag (COMING SOON, EV, JUST SOLD...) as text or its badge image.
 * Takes the tag (nothing renders for null) and the template's class prefix; renders a `<p>`.
 * Spec: docs/features/shopper-core.md §4 "Card tag priority".
 */
export function TagBadge({ tag, prefix }: { tag: TagView | null | undefined; prefix: string }) {
  if (!tag) return null;
  return (
    <p className={`${prefix}-tag ${prefix}-tag--${tag.kind}`} data-tag={tag.kind}>
      {tag.imageUrl ? <img src={tag.imageUrl} alt={tag.text} height={28} /> : tag.text}
    </p>
  );
}

/**
 * The sidebar's extras under the price: the reduced-price note, odometer/transmission/body with
 * icons, and the finance teaser slot (always present: the finance widget fills it).
 * Takes the sidebar's optional props and the template's class prefix; renders a fragment.
 * Spec: docs/features/shopper-core.md §2 "Vehicle detail page" sidebar.
 */
export function SidebarExtras({
  priceNote,
  highlights,
  financeTeaser,
  prefix,
}: {
  priceNote?: string | undefined;
  highlights?: IconFactView[] | undefined;
  financeTeaser?: ReactNode;
  prefix: string;
}) {
  return (
    <>
      {priceNote ? <p className={`${prefix}-price-note`}>{priceNote}</p> : null}
      <div className={`${prefix}-teaser`} data-fc-slot="finance-teaser">
        {financeTeaser}
      </div>
      {highlights && highlights.length > 0 ? (
        <ul className={`${prefix}-icons`} aria-label="Highlights" style={ROW}>
          {highlights.map((h) => (
            <li key={h.icon} data-icon={h.icon}>
              <Icon icon={ICONS[h.icon]} /> <span className="fc-visually-hidden">{h.label}: </span>
              {h.value}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
