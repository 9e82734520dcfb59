// An offer card (docs/features/platform.md "Locations, offers and navigation"), the list's and the
// single offer's: image, name, description (the host's sanitised HTML), disclaimer, category,
// manufacturer, the model's 'Explore {model}' link, the enquiry link and, when the offer qualifies,
// 'Book a Test Drive'. A description or disclaimer longer than 200 characters starts collapsed with
// View more / View less.
// Spec: docs/features/locations-forms-marketing.md §2 "Offers", §3 Offer, §4, §9.
import { type ReactNode, useId, useState } from "react";
import type { Offer } from "../api/types";
import { ButtonLink } from "../design/Button";
import { imageAt, imageSrcSet } from "../lib/images";
import { collapsedText, needsToggle } from "./offers";

/** Props of {@link Expandable}: the full and collapsed content, and whether a toggle is needed. */
interface ExpandableProps {
  /** Shown when expanded, or always when short. */
  full: ReactNode;
  /** Shown when collapsed. */
  collapsed: ReactNode;
  /** Longer than the threshold: starts collapsed with a toggle. */
  long: boolean;
  className: string;
  /** What the toggle's button refers to, for screen readers (e.g. `description`). */
  what: string;
}

/** Content with a View more / View less button (`aria-expanded`, `aria-controls`) when long. */
function Expandable({ full, collapsed, long, className, what }: ExpandableProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!long) return <div className={className}>{full}</div>;
  return (
    <div className={className} data-expanded={open}>
      <div id={id}>{open ? full : collapsed}</div>
      <button
        type="button"
        className="fc-offer__toggle"
        aria-expanded={open}
        aria-controls={id}
        data-toggle={what}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? "View less" : "View more"}
        <span className="fc-visually-hidden"> {what}</span>
      </button>
    </div>
  );
}

/** Props of {@link OfferCard}. */
export interface OfferCardProps {
  offer: Offer;
  /** The name's heading level: 1 on the offer's own page, 2 in the list. */
  level?: 1 | 2;
  /** Where Enquire Now goes (default the offer's `enquiry_href`; the offer page points at its form). */
  enquiryHref?: string;
  /** Load the image eagerly with high priority (the first card of a page). */
  priority?: boolean;
}

/**
 * The offer's Book a Test Drive link: /book-test-drive with the vehicle (`?vehicle={manufacturer}
 * {model}`) and the make (`&make={manufacturer}`, which pre-selects its dealership on a group
 * site) when the offer names them. Takes the offer; returns the path and query.
 * Spec: docs/features/locations-forms-marketing.md §2 /book-test-drive.
 */
export function testDriveHref(offer: Pick<Offer, "manufacturer" | "model">): string {
  const make = offer.manufacturer?.trim() ?? "";
  const vehicle = [make, offer.model?.name ?? ""].join(" ").trim();
  const q = new URLSearchParams();
  if (vehicle) q.set("vehicle", vehicle);
  if (make) q.set("make", make);
  const qs = q.toString();
  return qs ? `/book-test-drive?${qs}` : "/book-test-drive";
}

/**
 * One offer: image, category and manufacturer, name (a link to the offer's page in the list),
 * description (host-sanitised HTML; over 200 characters of text: its first 200 until View more),
 * disclaimer (plain text, the same rule), 'Explore {model}' (the model's page), Enquire Now and,
 * when `test_drive`, Book a Test Drive ({@link testDriveHref}). Takes {@link OfferCardProps}; renders
 * an `<article data-offer={id}>`. Spec: docs/features/locations-forms-marketing.md §2 "Offers", §4, §9.
 */
export function OfferCard({ offer, level = 2, enquiryHref, priority = false }: OfferCardProps) {
  const titleId = useId();
  const Heading = level === 1 ? "h1" : "h2";
  const img = offer.image_url;
  const srcSet = img ? imageSrcSet(img, [400, 640, 960]) : undefined;
  return (
    <article className={`fc-offer${level === 1 ? " fc-offer--single" : ""}`} aria-labelledby={titleId} data-offer={offer.id}>
      {img ? (
        <img
          className="fc-offer__image"
          src={imageAt(img, 640)}
          {...(srcSet
            ? { srcSet, sizes: level === 1 ? "(max-width: 959px) 100vw, 50vw" : "(max-width: 699px) 100vw, 400px" }
            : {})}
          alt=""
          width={640}
          height={360}
          loading={priority ? "eager" : "lazy"}
          {...(priority ? { fetchPriority: "high" as const } : {})}
          decoding="async"
        />
      ) : null}
      <div className="fc-offer__body">
        {offer.category || offer.manufacturer ? (
          <p className="fc-offer__meta">
            {offer.category ? <span className="fc-offer__category">{offer.category}</span> : null}
            {offer.manufacturer ? <span className="fc-offer__manufacturer">{offer.manufacturer}</span> : null}
          </p>
        ) : null}
        <Heading id={titleId} className="fc-offer__name">
          {level === 1 ? offer.name : <a href={offer.href}>{offer.name}</a>}
        </Heading>
        <Expandable
          className="fc-offer__description"
          what="description"
          long={needsToggle(offer.description_text)}
          // Sanitised on the host (ammonia), like every content HTML.
          full={<div className="fc-prose" dangerouslySetInnerHTML={{ __html: offer.description_html }} />}
          collapsed={<p>{collapsedText(offer.description_text)}</p>}
        />
        {offer.model ? (
          <p className="fc-offer__model">
            <a href={offer.model.href}>Explore {offer.model.name}</a>
          </p>
        ) : null}
        <p className="fc-offer__actions">
          <ButtonLink href={enquiryHref ?? offer.enquiry_href} data-action="enquire">
            Enquire Now
          </ButtonLink>
          {offer.test_drive ? (
            <ButtonLink href={testDriveHref(offer)} variant="secondary" data-action="test-drive">
              Book a Test Drive
            </ButtonLink>
          ) : null}
        </p>
        {offer.disclaimer.trim() ? (
          <Expandable
            className="fc-offer__disclaimer"
            what="disclaimer"
            long={needsToggle(offer.disclaimer)}
            full={<p>{offer.disclaimer}</p>}
            collapsed={<p>{collapsedText(offer.disclaimer)}</p>}
          />
        ) : null}
      </div>
    </article>
  );
}
