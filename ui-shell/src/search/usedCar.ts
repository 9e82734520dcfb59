// Old-style used-car addresses (docs/features/locations-forms-marketing.md §2 "/used-car/ or
// /search/{car type}/"). Kept apart from ./route.ts: the app shell imports it, so it imports nothing.

/**
 * Where an old-style used-car address goes (docs/features/locations-forms-marketing.md §2
 * "/used-car/ or /search/{car type}/"): `/used-car` -> `/search/used-cars`, `/used-car/{make}` ->
 * `/search/{make}?car_type=used`, `/used-car/{make}/{model}` -> `/search/{make}/{model}?car_type=used`,
 * keeping the address's other parameters (its own `car_type` is replaced by `used`). Takes the
 * pathname and the query string (with or without `?`); returns the target path with its query,
 * or null when the path is not a used-car address (or has more than two segments).
 */
export function usedCarTarget(pathname: string, search: string): string | null {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "used-car" || parts.length > 3) return null;
  const [, make, model] = parts.map((p) => p.toLowerCase());
  const params = new URLSearchParams(search.replace(/^\?/, ""));
  params.delete("car_type");
  if (!make) {
    const rest = params.toString();
    return `/search/used-cars${rest ? `?${rest}` : ""}`;
  }
  const rest = params.toString();
  return `/search/${make}${model ? `/${model}` : ""}?car_type=used${rest ? `&${rest}` : ""}`;
}
