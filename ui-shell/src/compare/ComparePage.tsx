// The compare page, /compare?cars={slug},{slug} (docs/features/platform.md "Sign-in and watchlist"): up
// to four chosen cars side by side, each from GET /api/v1/cars/{slug}. Without `cars`, the site's
// compare list (src/search/favourites.ts). Only cars the host says may be compared
// (`eligibility.compare_favourite`) are shown. A lazy route chunk. Spec: docs/features/shopper-core.md
// §3, §5.
import { useEffect, useMemo, useState } from "react";
import { fetchCar } from "../api/client";
import type { CarResponse } from "../api/types";
import { useNavigate, useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { Button, ButtonLink } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { imageAt, placeholderImage } from "../lib/images";
import { compareHref, readCompareEntries, removeCompare } from "../search/favourites";
import { comparable, compareRows, compareSlugs } from "./compare";
import "../account/account.css";

type Loaded = { slug: string; res: CarResponse | null };

/**
 * The compare page: a table with one column per car (photo, name linking to its page, Remove)
 * and the rows of {@link compareRows}; cars that are not found or may not be compared are named
 * under it. Takes nothing (reads `?cars=`); renders the page.
 */
export default function ComparePage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { tenant } = useSite();
  useDocumentTitle("Compare cars");
  const fromUrl = query.get("cars");
  const slugs = useMemo(
    () =>
      fromUrl !== null
        ? compareSlugs(fromUrl)
        : compareSlugs(
            readCompareEntries()
              .map((e) => e.slug)
              .join(","),
          ),
    [fromUrl],
  );
  const key = slugs.join(",");
  const [loaded, setLoaded] = useState<{ key: string; cars: Loaded[] } | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    const want = key ? key.split(",") : [];
    Promise.all(
      want.map(async (slug): Promise<Loaded> => {
        const r = await fetchCar(slug, ac.signal).catch(() => null);
        return { slug, res: r?.ok ? r.data : null };
      }),
    ).then((cars) => {
      if (!ac.signal.aborted) setLoaded({ key, cars });
    });
    return () => ac.abort();
  }, [key]);

  const remove = (slug: string, id?: number) => {
    if (id !== undefined) removeCompare(id);
    navigate(compareHref(slugs.filter((s) => s !== slug)), { replace: true });
  };

  const ready = loaded?.key === key;
  const shown = ready
    ? loaded.cars.filter((c): c is { slug: string; res: CarResponse } => c.res !== null && comparable(c.res))
    : [];
  const missing = ready ? loaded.cars.filter((c) => c.res === null) : [];
  const refused = ready ? loaded.cars.filter((c) => c.res !== null && !comparable(c.res)) : [];
  const rows = compareRows(
    shown.map((c) => c.res),
    tenant.wording.no_price_text || "Enquire for price",
  );

  return (
    <section className="fc-container fc-page fc-compare" data-page="compare">
      <h1>Compare cars</h1>
      {slugs.length === 0 ? (
        <div data-empty="">
          <p>Choose up to 4 cars to compare with the compare button on their cards.</p>
          <ButtonLink href="/search/new-used-and-demo-cars">Browse cars</ButtonLink>
        </div>
      ) : !ready ? (
        <div role="status" aria-busy="true" aria-label="Loading the cars">
          <Skeleton height={320} />
        </div>
      ) : (
        <>
          {shown.length > 0 ? (
            <div className="fc-compare__scroll">
              <table data-cars={shown.length}>
                <caption className="fc-visually-hidden">Cars side by side</caption>
                <thead>
                  <tr>
                    <td />
                    {shown.map(({ slug, res }) => (
                      <th key={slug} scope="col" data-car={slug}>
                        <img
                          src={
                            res.primary_image_url ? imageAt(res.primary_image_url, 400) : placeholderImage(res.car.simple_body)
                          }
                          alt=""
                          loading="lazy"
                        />
                        <a href={res.path}>{res.name}</a>
                        <div>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => remove(slug, res.car.id)}
                            aria-label={`Remove from compare: ${res.name}`}
                          >
                            Remove
                          </Button>
                        </div>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.label} data-row={r.label}>
                      <th scope="row">{r.label}</th>
                      {r.values.map((v, i) => (
                        <td key={shown[i]?.slug ?? i}>{v}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>None of these cars can be compared.</p>
          )}
          {missing.length > 0 ? (
            <p className="fc-muted" data-missing="">
              No longer listed: {missing.map((c) => c.slug).join(", ")}.
            </p>
          ) : null}
          {refused.length > 0 ? (
            <p className="fc-muted" data-refused="">
              Cannot be compared: {refused.map((c) => c.res?.name ?? c.slug).join(", ")}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
