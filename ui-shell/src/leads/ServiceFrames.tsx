// The embedded service booking (docs/features/platform.md "Leads":
// "the embedded-frame variant per tenant"): a tenant whose dealer books services in another system
// lists the booking pages in `leads.service_frames`; the service page then shows them instead of
// its own form, one frame, or one tab per frame.
// Spec: docs/features/locations-forms-marketing.md §2 "Service booking can also be an embedded frame or tabbed frames".
import { Tabs } from "../design/Tabs";
import type { ServiceFrame } from "./lead";

/**
 * One booking frame: titled with its label, full width and at least 900 px tall (leads.css), loaded
 * lazily, sending only the site's origin as referrer, sandboxed to scripts, forms, its own origin
 * and popups. Takes the frame; renders an `<iframe>`. Spec:
 * docs/features/locations-forms-marketing.md §2 "Service booking".
 */
export function BookingFrame({ frame }: { frame: ServiceFrame }) {
  return (
    <iframe
      className="fc-service-frame"
      title={frame.label}
      src={frame.url}
      width="100%"
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
    />
  );
}

/**
 * The embedded booking: one frame alone, several as the design system's {@link Tabs} (one frame
 * per tab, labelled with the frame's label, the first selected). Takes the frames (non-empty);
 * renders them. Spec: docs/features/locations-forms-marketing.md §2 "Service booking can also be an embedded frame
 * or tabbed frames".
 */
export function ServiceFrames({ frames }: { frames: ServiceFrame[] }) {
  const [only] = frames;
  if (frames.length === 1 && only) {
    return (
      <div className="fc-service-frames">
        <BookingFrame frame={only} />
      </div>
    );
  }
  return (
    <div className="fc-service-frames">
      <Tabs
        label="Book a service"
        items={frames.map((f, i) => ({ id: `frame-${i}`, label: f.label, content: <BookingFrame frame={f} /> }))}
      />
    </div>
  );
}
