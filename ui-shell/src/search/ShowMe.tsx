import { useEffect, useRef, useState } from "react";
import { Button } from "../design/Button";
import { formatThousands, singularNoun } from "../lib/format";

/** How long the count takes to roll to a new value, ms. */
export const COUNT_ANIMATION_MS = 600;

/**
 * A number that rolls from its previous value to `target` over `durationMs` (ease-out), or jumps
 * when the visitor prefers reduced motion. Takes the target (cars) and duration (ms); returns the
 * value to show now (a whole number).
 */
export function useAnimatedNumber(target: number, durationMs = COUNT_ANIMATION_MS): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = from.current;
    const reduce = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    if (start === target || reduce || typeof requestAnimationFrame !== "function") {
      from.current = target;
      setShown(target);
      return;
    }
    const t0 = performance.now();
    let raf = 0;
    const step = (t: number) => {
      const p = Math.min(1, (t - t0) / durationMs);
      const v = Math.round(start + (target - start) * (1 - (1 - p) ** 3));
      from.current = v;
      setShown(v);
      if (p < 1) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [target, durationMs]);
  return shown;
}

/**
 * The text of the 'Show Me {count} {vehicle noun}' button: the noun in the singular for exactly one
 * ('Show Me 1 Car', issue 39), 'Show Me {noun}' while the count is unknown. Takes the count (null:
 * unknown) and the tenant's plural `wording.vehicle_noun`; returns the text.
 */
export function showMeText(count: number | null, noun: string): string {
  if (count === null) return `Show Me ${noun}`;
  const shown = formatThousands(count);
  return `Show Me ${shown} ${shown === "1" ? singularNoun(noun) : noun}`;
}

/**
 * The 'Show Me {count} {vehicle noun}' button (docs/features/shopper-core.md §2): the count animated as it changes;
 * while the count is not known yet, 'Show Me {noun}' ({@link showMeText}). Takes the count (null:
 * unknown), the tenant's `wording.vehicle_noun` and the click handler; renders a primary button
 * whose accessible name is the final count (not the rolling one).
 */
export function ShowMeButton({ count, noun, onClick }: { count: number | null; noun: string; onClick: () => void }) {
  const shown = useAnimatedNumber(count ?? 0);
  const label = showMeText(count, noun);
  return (
    <Button className="fc-srp-showme" onClick={onClick} aria-label={label} data-count={count ?? ""}>
      {count === null ? label : showMeText(shown, noun)}
    </Button>
  );
}
