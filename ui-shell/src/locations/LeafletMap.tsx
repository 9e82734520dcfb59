// The map itself (leaflet, BSD-2-Clause), in its own chunk: loaded by LocationMap.tsx through
// React.lazy so pages render (list, addresses) before and without it. Tiles come from the site's
// `maps` settings; when they cannot load (no network) the markers, popups and controls still work.
// Leaflet is used directly (no React wrapper: react-leaflet's licence is not an open-source one):
// one effect creates the map and its tile layer, another keeps the markers and view in step.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import type { MapSettings } from "../api/types";
import { addressLines } from "../lib/views";
import type { MapPoint } from "./locations";

/** Props of {@link LeafletMap}. */
export interface LeafletMapProps {
  points: MapPoint[];
  /** Tile URL template, attribution (HTML, from the site's settings) and zoom, all resolved (locations.ts `mapSettings`). */
  settings: Required<MapSettings>;
  /** The map region's accessible name, e.g. `Map of our locations`. */
  label: string;
  /** A searched place to mark too (the locator's postcode), degrees. */
  origin?: { lat: number; long: number; label: string } | null;
  /** Height in CSS px (default 360). */
  height?: number;
}

// Leaflet's default marker images do not resolve under Vite: CSS pins instead (locations.css).
const PIN = L.divIcon({ className: "fc-map__pin", html: "", iconSize: [26, 30], iconAnchor: [13, 29], popupAnchor: [0, -26] });
const ORIGIN = L.divIcon({ className: "fc-map__origin", html: "", iconSize: [18, 18], iconAnchor: [9, 9], popupAnchor: [0, -8] });

/** Australia's middle, for an empty map. */
const AUSTRALIA: [number, number] = [-25.27, 133.77];

/** A marker's popup as DOM (text nodes only: names and addresses are never parsed as HTML). */
function popupContent(p: MapPoint): HTMLElement {
  const ul = document.createElement("ul");
  ul.className = "fc-map__popup";
  for (const l of p.locations) {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = l.name;
    const link = document.createElement("a");
    link.href = `/our-location/${encodeURIComponent(l.slug)}`;
    link.textContent = "View Location Details";
    li.append(name, document.createElement("br"), addressLines(l).join(", "), document.createElement("br"), link);
    ul.append(li);
  }
  return ul;
}

/**
 * A map with one marker per point (its popup names each location there with its address and a
 * View Location Details link) and an optional origin marker, fitted to them: one point at the
 * site's zoom, several fitted but never closer than that zoom. Takes {@link LeafletMapProps};
 * renders a labelled region. Spec: docs/features/locations-forms-marketing.md §2 "Location screens", §7 "Maps
 * service for location maps", §9 "Map default zoom 10".
 */
export default function LeafletMap({ points, settings, label, origin, height = 360 }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const m = L.map(el, { scrollWheelZoom: false, center: AUSTRALIA, zoom: 4 });
    L.tileLayer(settings.tile_url, { attribution: settings.attribution }).addTo(m);
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
      layer.current = null;
    };
  }, [settings.tile_url, settings.attribution]);

  const key = `${points.map((p) => `${p.key}@${p.lat},${p.long}`).join(";")}|${origin ? `${origin.lat},${origin.long},${origin.label}` : ""}|${settings.zoom}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for points, origin and zoom (new objects each render).
  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group) return;
    group.clearLayers();
    const spots: [number, number][] = [];
    for (const p of points) {
      const title = p.locations.map((l) => l.name).join(", ");
      L.marker([p.lat, p.long], { icon: PIN, title, alt: title }).bindPopup(popupContent(p)).addTo(group);
      spots.push([p.lat, p.long]);
    }
    if (origin) {
      const text = document.createElement("span");
      text.textContent = origin.label;
      L.marker([origin.lat, origin.long], { icon: ORIGIN, title: origin.label, alt: origin.label }).bindPopup(text).addTo(group);
      spots.push([origin.lat, origin.long]);
    }
    const [first] = spots;
    if (!first) m.setView(AUSTRALIA, 4);
    else if (spots.length === 1) m.setView(first, settings.zoom);
    else m.fitBounds(L.latLngBounds(spots), { padding: [32, 32], maxZoom: settings.zoom });
  }, [key]);

  return (
    <section className="fc-map" aria-label={label} style={{ height }} data-map>
      <div ref={box} style={{ height: "100%" }} />
    </section>
  );
}
