import { lazy, Suspense } from "react";
import { ErrorBoundary } from "../federation/RemoteSlot";
import type { LeafletMapProps } from "./LeafletMap";

// The leaflet chunk loads only when a map is shown (React.lazy), after the page has rendered.
const LeafletMap = lazy(() => import("./LeafletMap"));

/**
 * A location map, lazily loaded: a same-size placeholder while leaflet's chunk loads, a short note
 * if it cannot load, nothing when there are no points to show. The page around it always shows the
 * addresses as text, so nothing depends on the map or its tiles. Takes the props of
 * {@link LeafletMapProps}; renders the map. Spec: docs/features/locations-forms-marketing.md §2 "Location screens", §9.
 */
export function LocationMap(props: LeafletMapProps) {
  const height = props.height ?? 360;
  if (props.points.length === 0 && !props.origin) return null;
  return (
    <ErrorBoundary fallback={<p className="fc-muted">The map could not be loaded.</p>}>
      <Suspense fallback={<div className="fc-map fc-map--loading" style={{ height }} aria-hidden="true" />}>
        <LeafletMap {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
