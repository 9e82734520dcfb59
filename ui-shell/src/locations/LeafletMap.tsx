// The map itself (leaflet + react-leaflet), in its own chunk: loaded by LocationMap.tsx through
// React.lazy so pages render (list, addresses) before and without it. Tiles come from the site's
// `maps` settings; when they cannot load (no network) the markers, popups and controls still work.
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap } from "react-leaflet";
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

/** Moves the map to show every point: the one point at the site's zoom, several fitted (never closer than that zoom). */
function Fit({ spots, zoom }: { spots: [number, number][]; zoom: number }) {
  const map = useMap();
  const key = spots.map((s) => s.join(",")).join(";");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `spots` (a new array each render).
  useEffect(() => {
    const [first] = spots;
    if (!first) return;
    if (spots.length === 1) map.setView(first, zoom);
    else map.fitBounds(L.latLngBounds(spots), { padding: [32, 32], maxZoom: zoom });
  }, [map, key, zoom]);
  return null;
}

/**
 * A map with one marker per point (its popup names each location there with its address and a
 * View Location Details link) and an optional origin marker, fitted to them. Takes
 * {@link LeafletMapProps}; renders a labelled region. Spec: locations-forms-marketing §2
 * "Location screens", §7 "Maps service for location maps", §9 "Map default zoom 10".
 */
export default function LeafletMap({ points, settings, label, origin, height = 360 }: LeafletMapProps) {
  const spots: [number, number][] = points.map((p) => [p.lat, p.long]);
  if (origin) spots.push([origin.lat, origin.long]);
  const center = spots[0] ?? AUSTRALIA;
  return (
    <section className="fc-map" aria-label={label} style={{ height }} data-map>
      <MapContainer
        center={center}
        zoom={spots.length > 0 ? settings.zoom : 4}
        scrollWheelZoom={false}
        style={{ height: "100%" }}
      >
        <TileLayer url={settings.tile_url} attribution={settings.attribution} />
        {points.map((p) => (
          <Marker key={p.key} position={[p.lat, p.long]} icon={PIN} title={p.locations.map((l) => l.name).join(", ")}>
            <Popup>
              <ul className="fc-map__popup">
                {p.locations.map((l) => (
                  <li key={l.slug}>
                    <strong>{l.name}</strong>
                    <br />
                    {addressLines(l).join(", ")}
                    <br />
                    <a href={`/our-location/${l.slug}`}>View Location Details</a>
                  </li>
                ))}
              </ul>
            </Popup>
          </Marker>
        ))}
        {origin ? (
          <Marker position={[origin.lat, origin.long]} icon={ORIGIN} title={origin.label}>
            <Popup>{origin.label}</Popup>
          </Marker>
        ) : null}
        <Fit spots={spots} zoom={settings.zoom} />
      </MapContainer>
    </section>
  );
}
