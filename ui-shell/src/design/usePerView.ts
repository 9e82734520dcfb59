import { useEffect, useState } from "react";

/**
 * Cards a carousel shows at once at the window's width: 1 under 600 px, 2 under 960 px, else 3
 * (a 3-up carousel on a phone squeezes each card to a third of 390 px and its buttons overlap).
 */
export function perViewForWidth(): number {
  if (typeof matchMedia !== "function") return 3;
  if (matchMedia("(max-width: 599px)").matches) return 1;
  return matchMedia("(max-width: 959px)").matches ? 2 : 3;
}

/**
 * {@link perViewForWidth}, kept current as the window is resized. Takes nothing; returns 1, 2 or 3.
 */
export function usePerView(): number {
  const [n, setN] = useState(perViewForWidth);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const queries = [matchMedia("(max-width: 599px)"), matchMedia("(max-width: 959px)")];
    const on = () => setN(perViewForWidth());
    for (const q of queries) q.addEventListener("change", on);
    return () => {
      for (const q of queries) q.removeEventListener("change", on);
    };
  }, []);
  return n;
}
