import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useLocation } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlinePageFor } from "../boot/handoff";
import { Skeleton } from "../design/Skeleton";
import { usePerView } from "../design/usePerView";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteSlot } from "../federation/RemoteSlot";
import { carTypesOnSale, homeHeroProps } from "../lib/views";
import { OurLocationsCarousel } from "../locations/LocationBlock";
import { FIRST_ROW, hitCardProps, type SearchResponse } from "../search/cards";
import { searchConfig } from "../search/config";
import { FEATURED_COUNT, featuredAddress, featuredCars, heroImage, isSearchPage } from "./home/featured";
import "./home/home.css";

// docs/features/platform.md "Locations, offers and navigation": popular car types and the price range search, a chunk
// of their own below the hero.
const HomeSections = lazy(() => import("../navigation/HomeSections"));

/**
 * The featured stock's search page: the document's inline page on a first load, else GET
 * /api/v1/search?{featuredAddress} (a failure logs and shows no featured cars). Takes the car types
 * the site sells; returns the page, null while loading, or "failed".
 */
function useFeatured(carTypes: readonly string[] | undefined): SearchResponse | null | "failed" {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const [seeded] = useState(() => {
    const page = inlinePageFor(inline, "home", pathname);
    return isSearchPage(page) ? page : null;
  });
  const [data, setData] = useState<SearchResponse | null | "failed">(seeded);
  const address = featuredAddress(carTypes);
  useEffect(() => {
    if (seeded) return;
    const ac = new AbortController();
    fetch(`/api/v1/search?${address}`, { headers: { accept: "application/json" }, signal: ac.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(
        (body: unknown) => setData(isSearchPage(body) ? body : "failed"),
        (e: unknown) => {
          if (ac.signal.aborted) return;
          console.warn("[forecourt] featured cars could not be loaded", e);
          setData("failed");
        },
      );
    return () => ac.abort();
  }, [seeded, address]);
  return data;
}

/**
 * The home page from the tenant's settings and stock: the template's hero with a featured car's
 * picture (src/pages/home/featured.ts), search entry points for the car types the site sells,
 * the featured cars (6 in-stock cars with more than one photo, used when the site sells used
 * cars), the Our Locations carousel, then the popular car types and the price range search
 * (docs/features/platform.md "Locations, offers and navigation").
 * Takes nothing (reads the site context); renders the page. Spec: docs/features/shopper-core.md §1-§2,
 * docs/features/locations-forms-marketing.md §2 "Location screens", §5 "Featured cars".
 */
export default function HomePage() {
  const { tenant } = useSite();
  useDocumentTitle("");
  const noun = tenant.wording.vehicle_noun ?? "Cars";
  const featured = useFeatured(tenant.car_types);
  const cars = useMemo(() => (featured && featured !== "failed" ? featuredCars(featured.hits) : []), [featured]);
  const hero = useMemo(() => ({ ...homeHeroProps(tenant), image: heroImage(cars[0]) }), [tenant, cars]);
  const buttons = useMemo(() => searchConfig(tenant).card_buttons, [tenant]);
  const perView = usePerView();
  const types = carTypesOnSale(tenant);
  const onlyUsed = tenant.car_types?.includes("used");
  return (
    <div data-page="home">
      <RemoteSlot
        module="HomeHero"
        props={hero}
        fallback={FALLBACKS.HomeHero}
        loading={<div className="fc-hero fc-hero--loading" aria-hidden="true" />}
      />
      <section className="fc-container fc-section" aria-labelledby="browse">
        <h2 id="browse">Browse {noun.toLowerCase()}</h2>
        <ul className="fc-tiles">
          {types.map((t) => (
            <li key={t.type}>
              <a href={t.href}>
                {t.label} {noun}
              </a>
            </li>
          ))}
          <li>
            <a href="/special-offers">Special Offers</a>
          </li>
        </ul>
      </section>
      {featured === "failed" || (featured !== null && cars.length === 0) ? null : (
        <section className="fc-container fc-section fc-featured" aria-labelledby="featured" data-section="featured-cars">
          <div className="fc-featured__head">
            <h2 id="featured">{onlyUsed ? `Featured used ${noun.toLowerCase()}` : `Featured ${noun.toLowerCase()}`}</h2>
            <a href={onlyUsed ? "/search/used-cars" : "/search/new-used-and-demo-cars"}>View all</a>
          </div>
          <ul className="fc-featured__list">
            {featured === null
              ? Array.from({ length: FEATURED_COUNT }, (_, i) => (
                  <li key={i}>
                    <Skeleton height={360} />
                  </li>
                ))
              : cars.map((h, i) => (
                  <li key={h.slug}>
                    <RemoteSlot
                      module="SearchCard"
                      props={hitCardProps(h, i + FIRST_ROW, tenant, buttons)}
                      fallback={FALLBACKS.SearchCard}
                      loading={<Skeleton height={360} />}
                    />
                  </li>
                ))}
          </ul>
        </section>
      )}
      <section className="fc-container fc-section" aria-label="Our Locations">
        <OurLocationsCarousel locations={tenant.locations} perView={perView} />
      </section>
      {/* Last: its height depends on the navigation, so nothing above it moves when that arrives. */}
      <Suspense fallback={<div className="fc-home-extras" aria-hidden="true" />}>
        <HomeSections />
      </Suspense>
    </div>
  );
}
