// The service page's marketing sections (docs/features/platform.md "Marketing and content pages"),
// around the booking form of src/leads/ServicePage.tsx: the banner with the perks (free ride within
// 8 km, complimentary service at 3,000 km or 3 months) and the Get a Quote button, the
// precise-price servicing and genuine-parts sections, and the manufacturer's booking link on
// tenants that book there.
// Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area" ("Service page: banner,
// precise-price servicing section, genuine-parts section and a Get a Quote modal form"), the
// routes table (/service: "one tenant links to an external manufacturer booking page"), §9.
import { Button, ButtonLink } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { imageAt, imageSrcSet } from "../lib/images";
import type { ServiceContent } from "./types";
import "../content/content.css";
import "./marketing.css";

/** The API address of the service page's content (not inlined in the document: fetched by the page). */
export const SERVICE_API = "/api/v1/content/service";

const BANNER_WIDTHS = [480, 720, 960, 1280] as const;
const BANNER_SIZES = "(max-width: 899px) calc(100vw - 4.5rem), 34rem";

/** Props of {@link ServiceBanner}. */
export interface ServiceBannerProps {
  content: ServiceContent;
  /** Opens the Get a Quote modal. */
  onQuote: () => void;
}

/**
 * The banner: image (through the host's image endpoint with a srcset when it is an `/img/` path;
 * a 16:9 box, so nothing shifts), title (`<h2>`), description, the perks as a list, the 'Get a
 * Quote' button and, when the tenant books with the manufacturer, the 'Book a service online'
 * link. Takes {@link ServiceBannerProps}; renders a `<section>`.
 */
export function ServiceBanner({ content, onQuote }: ServiceBannerProps) {
  const { banner, perks } = content;
  const srcSet = banner.imageUrl ? imageSrcSet(banner.imageUrl, BANNER_WIDTHS) : undefined;
  return (
    <section className="fc-service-banner" aria-labelledby="fc-service-banner" data-service-banner="">
      {banner.imageUrl ? (
        <div className="fc-service-banner__media">
          <img
            src={imageAt(banner.imageUrl, 960)}
            {...(srcSet ? { srcSet, sizes: BANNER_SIZES } : {})}
            alt={banner.imageAlt ?? ""}
            width={960}
            height={540}
            decoding="async"
          />
        </div>
      ) : null}
      <div>
        <h2 id="fc-service-banner">{banner.title || "Service"}</h2>
        {banner.description ? <p>{banner.description}</p> : null}
        {perks.length > 0 ? (
          <ul className="fc-service-perks" aria-label="Service perks" data-perks="">
            {perks.map((p) => (
              <li key={p.title}>
                <strong>{p.title}</strong>
                {p.description ? <p>{p.description}</p> : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="fc-service-banner__actions">
          <Button onClick={onQuote} aria-haspopup="dialog">
            {content.quote.title || "Get a Quote"}
          </Button>
          {content.externalBookingUrl ? <ExternalBookingLink url={content.externalBookingUrl} variant="secondary" /> : null}
        </div>
      </div>
    </section>
  );
}

/**
 * The 'Book a service online' link to the manufacturer's booking page (a new tab; the visitor
 * leaves the site). Takes the URL and the button look; renders a link.
 */
export function ExternalBookingLink({ url, variant = "primary" }: { url: string; variant?: "primary" | "secondary" }) {
  return (
    <ButtonLink href={url} target="_blank" rel="noopener noreferrer" variant={variant} data-external-booking="">
      Book a service online
      <span className="fc-visually-hidden"> (opens the manufacturer's booking page in a new tab)</span>
    </ButtonLink>
  );
}

/**
 * Above the booking form on tenants that book with the manufacturer: the external link first, the
 * dealer's own form kept below it. Takes the URL; renders a `<div>`.
 */
export function ExternalBooking({ url }: { url: string }) {
  return (
    <div className="fc-service-external">
      <p>Book your service online with the manufacturer, or send your booking to us with the form below.</p>
      <ExternalBookingLink url={url} />
    </div>
  );
}

/**
 * The information sections (precise-price servicing, genuine parts...): each an `<h2>` and the
 * host's sanitised HTML. Takes the sections; renders them, or nothing when there are none.
 */
export function ServiceInfo({ sections }: { sections: ServiceContent["sections"] }) {
  if (sections.length === 0) return null;
  return (
    <div className="fc-service-sections">
      {sections.map((s, i) => {
        const id = `fc-service-${i}-${s.id.replace(/[^A-Za-z0-9_-]/g, "-")}`;
        return (
          <section key={id} className="fc-service-section" aria-labelledby={id} data-service-section={s.id}>
            <h2 id={id}>{s.title}</h2>
            {/* Sanitised with ammonia on the host. */}
            <div className="fc-prose" dangerouslySetInnerHTML={{ __html: s.html }} />
          </section>
        );
      })}
    </div>
  );
}

/** The banner's place while the content loads (same rough height: little shift). Takes nothing. */
export function ServiceBannerSkeleton() {
  return (
    <div className="fc-service-banner" aria-hidden="true">
      <Skeleton height={220} />
    </div>
  );
}
