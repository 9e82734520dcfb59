import { type FormEvent, useEffect, useRef, useState } from "react";
import type { LocationsResponse } from "../api/types";
import { useDocumentTitle, useSite } from "../app/site";
import { Button } from "../design/Button";
import { TextField } from "../design/Field";
import { RadioGroup } from "../design/RadioGroup";
import { validatePostcode } from "../design/validation";
import { ReviewsBlock } from "../reviews/ReviewsBlock";
import { fetchLocator } from "./data";
import { LocationBlock } from "./LocationBlock";
import { LocationMap } from "./LocationMap";
import "./locations.css";
import { allEntries, mapPoints, mapSettings, matchesType } from "./locations";

/** The locator's type filter choices. */
export const TYPE_FILTERS = [
  { value: "all", label: "All" },
  { value: "sales", label: "Sales" },
  { value: "service", label: "Service" },
  { value: "parts", label: "Parts" },
];

/** Props of {@link DealerLocatorPage}. */
export interface DealerLocatorPageProps {
  /** The fetch to use (tests, stories); default the global. */
  fetchImpl?: typeof fetch;
}

/**
 * The dealer locator (/dealer-locator): every visible location of the site (cards in a grid and a
 * map with a marker per place); a postcode search (4 digits, checked here: 'Invalid postcode.
 * Please enter a 4-digit number.') that asks GET /api/v1/locations?postcode= and lists the
 * locations nearest first with their distance ('12.3 km'), the host's 400 showing 'Invalid
 * postcode'; a type filter (All, Sales, Service, Parts). An empty search shows every location
 * again. Below the cards, the site-wide reviews block (average, count and reviews; none when the
 * site has no reviews). Takes {@link DealerLocatorPageProps}; renders the page.
 * Spec: docs/features/locations-forms-marketing.md §2 "Dealer-locator screen", §5 postcode, §7
 * geocoding, §8, §9 haversine.
 */
export default function DealerLocatorPage({ fetchImpl }: DealerLocatorPageProps) {
  useDocumentTitle("Dealer Locator");
  const { tenant } = useSite();
  const [postcode, setPostcode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [type, setType] = useState("all");
  const [result, setResult] = useState<LocationsResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    pending.current?.abort();
    setBusy(false);
    setFailure(null);
    const text = postcode.trim();
    if (text === "") {
      setFieldError(null);
      setResult(null);
      return;
    }
    const invalid = validatePostcode(text, true);
    setFieldError(invalid);
    if (invalid) return;
    const ctrl = new AbortController();
    pending.current = ctrl;
    setBusy(true);
    let r: Awaited<ReturnType<typeof fetchLocator>>;
    try {
      r = await fetchLocator(text, "", ctrl.signal, fetchImpl);
    } catch {
      return; // superseded by a newer search, or the page left
    }
    setBusy(false);
    if (r.status === "ok") setResult(r.data);
    else if (r.status === "invalid") {
      setFieldError(r.message);
      setResult(null);
    } else setFailure("The search could not be completed. Please try again.");
  };

  const entries = (result ? result.locations : allEntries(tenant.locations)).filter((e) => matchesType(e.location, type));
  const origin = result?.origin ?? null;
  const place = origin ? `${origin.postcode} ${origin.locality}, ${origin.state}` : "";
  const noun = entries.length === 1 ? "location" : "locations";
  return (
    <div className="fc-container fc-page fc-locator" data-page="dealer-locator">
      <h1>Dealer Locator</h1>
      <form className="fc-locator__search" aria-label="Find a location near you" noValidate onSubmit={onSubmit}>
        <TextField
          label="Postcode"
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={postcode}
          onChange={(e) => setPostcode(e.target.value)}
          error={fieldError}
          description="Enter your 4-digit postcode to list our locations nearest first."
        />
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          Search
        </Button>
      </form>
      <RadioGroup label="Location type" name="type" inline options={TYPE_FILTERS} value={type} onValueChange={setType} />
      {failure ? (
        <p className="fc-locator__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="fc-locator__status" aria-live="polite" data-locator-status>
        {origin ? `${entries.length} ${noun} nearest to ${place}` : `${entries.length} ${noun}`}
      </p>
      <LocationMap
        points={mapPoints(entries.map((e) => e.location))}
        settings={mapSettings(tenant)}
        label="Map of our locations"
        origin={origin ? { lat: origin.lat, long: origin.long, label: place } : null}
      />
      <h2 className="fc-locator__list-title">{origin ? "Nearest locations" : "Our Locations"}</h2>
      {entries.length > 0 ? <LocationBlock entries={entries} /> : <p className="fc-muted">No locations of this type.</p>}
      {/* The site-wide rating and reviews (issue 25; docs/features/locations-forms-marketing.md §2 "Reviews": e.g.
          3,118 reviews averaging 4.7); not asked for when the site has none (`has_reviews`). */}
      {tenant.has_reviews ? <ReviewsBlock query={{}} {...(fetchImpl ? { fetchImpl } : {})} /> : null}
    </div>
  );
}
