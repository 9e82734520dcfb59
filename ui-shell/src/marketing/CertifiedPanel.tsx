// The VDP's certified pre-owned panel (docs/features/platform.md "Marketing and content pages"):
// its own chunk, loaded by src/vdp/Details.tsx only for cars that show it
// (src/marketing/certified.ts decides).
// Spec: docs/features/locations-forms-marketing.md §4 "A certified pre-owned panel is shown for one manufacturer
// only", §9 "Certified pre-owned (one manufacturer): 1-year extra warranty, 90-point inspection,
// 12 months roadside assist".
import type { CarResponse } from "../api/types";
import "./certified.css";

/**
 * The benefits the panel lists (docs/features/locations-forms-marketing.md §9
 * "Certified pre-owned (one manufacturer)").
 */
export const CERTIFIED_BENEFITS = ["1-year extra warranty", "90-point inspection", "12 months roadside assist"] as const;

/**
 * The panel: 'Certified Pre-Owned' (an `<h2>`, like the VDP's other sections), the manufacturer's
 * badge when the car's tag is the certified one and carries an image (the tag's text as its alt),
 * and the three benefits. Takes the car response; renders a `<section>` marked `data-certified-panel`.
 */
export default function CertifiedPanel({ res }: { res: CarResponse }) {
  const tag = res.tag?.kind === "certified_pre_owned" && res.tag.image_url ? res.tag : null;
  return (
    <section className="fc-vdp-section fc-certified" aria-labelledby="fc-certified" data-certified-panel="">
      <div className="fc-certified__head">
        {tag?.image_url ? <img className="fc-certified__badge" src={tag.image_url} alt={tag.text} height={48} /> : null}
        <h2 id="fc-certified">Certified Pre-Owned</h2>
      </div>
      <ul className="fc-certified__list">
        {CERTIFIED_BENEFITS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </section>
  );
}
