// A ModelsContent body for tests and stories (GET /api/v1/content/models shape): the real
// the EV demo tenant's variants and colours (its content folder), two families whose hero images
// are host illustrations, and images on the im5 variants' Ares Black and Athena White only, so
// both the colour image and the hero fallback are shown.
import fixture from "./fixture.json";
import type { Colour, ModelsContent } from "./types";

/** The fixture body: six variants, 30 colours, families im6 and im5, the spec's compare defaults. */
export const MODELS_CONTENT: ModelsContent = fixture as unknown as ModelsContent;

/**
 * A colour for tests: the fields a colour has, with `over` applied. Takes the overrides (at least
 * `id`); returns the colour (variant im5-premium, family im5 unless given).
 */
export function colour(over: Partial<Colour> & { id: string }): Colour {
  const variant = over.model_variant_id ?? "im5-premium";
  return {
    hexCode: "#000000",
    name: over.id,
    colourCode: null,
    model_variant_id: variant,
    model_id: over.model_id ?? variant.split("-")[0] ?? "im5",
    oem_id: "im",
    created_at: "2026-11-20T00:00:00Z",
    source: "test",
    image_url: null,
    model_variant: { id: variant, name: variant.toUpperCase().replace("-", " ") },
    ...over,
  };
}
