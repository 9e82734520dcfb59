// The compare screen's colour and image rules (docs/features/locations-forms-marketing.md §4 "Compare: changing a
// side's model resets that side's selected colour to the first. Colours per side are those of the
// selected model, de-duplicated by lowercase hex code (or name plus id when the hex code is
// missing), capped at 6. The image falls back to the first colour, then to a default hero image for
// the model family (a name starting with im6 maps to im6, anything else to im5). The colour list is
// empty when the model family has no colour data."; §9 "max 6 colour swatches per side"; §7
// "a default hero image when a colour image is missing"). Pure functions, no React.
import type { Colour, ModelFamily, ModelVariant } from "./types";

/** The most colour swatches one side shows (§9). */
export const MAX_SWATCHES = 6;

/** A model family id: the compare screen knows two. */
export type FamilyId = "im5" | "im6";

/**
 * The model family of a variant, from its name: a name starting with `im6` (case-insensitive,
 * leading spaces ignored, e.g. "IM6 Premium") is `im6`, anything else (including an empty name)
 * `im5`. Takes the variant's display name; returns the family id. §4.
 */
export function familyOf(variantName: string): FamilyId {
  return variantName.trim().toLowerCase().startsWith("im6") ? "im6" : "im5";
}

/**
 * Whether any colour belongs to a model family (its `model_id`, compared case-insensitively).
 * Takes all colours and the family id; returns true when the family has colour data.
 */
export function familyHasColours(colours: readonly Colour[], family: FamilyId): boolean {
  return colours.some((c) => c.model_id.trim().toLowerCase() === family);
}

/**
 * The de-duplication key of a colour: its hex code in lower case (trimmed), or, when the hex code
 * is missing or blank, its name and id (`name|id`, so colours without a hex code are kept apart).
 * Takes a colour; returns the key.
 */
export function colourKey(colour: Colour): string {
  const hex = colour.hexCode?.trim();
  return hex ? hex.toLowerCase() : `${colour.name}|${colour.id}`;
}

/**
 * The colours one side shows for a variant (§4, §9): those whose `model_variant_id` is the
 * variant's id, in their order, the first of each {@link colourKey} kept, at most `max`
 * ({@link MAX_SWATCHES}, 6). Empty when the variant's family ({@link familyOf} its name) has no
 * colour data. Takes all colours, the variant (`id` and `name`) and the cap; returns the list.
 */
export function coloursFor(
  colours: readonly Colour[],
  variant: Pick<ModelVariant, "id" | "name">,
  max: number = MAX_SWATCHES,
): Colour[] {
  if (!familyHasColours(colours, familyOf(variant.name))) return [];
  const seen = new Set<string>();
  const out: Colour[] = [];
  for (const c of colours) {
    if (out.length >= max) break;
    if (c.model_variant_id !== variant.id) continue;
    const key = colourKey(c);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/**
 * The colour a side shows as selected: the one with `colourId` in `list`, else the first (null
 * selects the first: the state right after a model change), else null when the list is empty.
 * Takes the side's colours (from {@link coloursFor}) and the picked colour id; returns the colour.
 */
export function selectedColour(list: readonly Colour[], colourId: string | null): Colour | null {
  return (colourId !== null ? list.find((c) => c.id === colourId) : undefined) ?? list[0] ?? null;
}

/**
 * The default hero image of a variant's family: the `heroImageUrl` of the family whose `baseId` is
 * {@link familyOf} the variant's name. Takes the families and the variant's name; returns the URL,
 * or null when there is no such family or its URL is blank.
 */
export function heroImageFor(families: readonly ModelFamily[], variantName: string): string | null {
  const family = familyOf(variantName);
  const url = families.find((f) => f.baseId.trim().toLowerCase() === family)?.heroImageUrl?.trim();
  return url || null;
}

/**
 * The image one side shows (§4): the selected colour's `image_url`, else the first colour's, else
 * the family's hero image (a blank URL counts as missing). Takes the side's colours, the selected
 * colour and the hero URL (from {@link heroImageFor}); returns the URL, or null when none exists.
 */
export function imageFor(list: readonly Colour[], selected: Colour | null, hero: string | null): string | null {
  return selected?.image_url?.trim() || list[0]?.image_url?.trim() || hero || null;
}

/** One side of the compare screen: the chosen variant id and the picked colour (null: the first). */
export interface SideState {
  variantId: string;
  colourId: string | null;
}

/**
 * A side after its model dropdown changed (§4): the new variant with its colour reset to the first
 * (`colourId` null). Choosing the variant it already shows changes nothing (same object back).
 * Takes the side and the new variant id; returns the side.
 */
export function changeModel(side: SideState, variantId: string): SideState {
  return side.variantId === variantId ? side : { variantId, colourId: null };
}

/**
 * A side after a swatch was pressed: the same variant with that colour picked. Takes the side and
 * the colour id; returns the side (the same object when nothing changed).
 */
export function pickColour(side: SideState, colourId: string): SideState {
  return side.colourId === colourId ? side : { ...side, colourId };
}

/** Everything one panel shows, worked out from the content and the side's state. */
export interface SideView {
  variant: ModelVariant;
  family: FamilyId;
  /** The swatches, at most {@link MAX_SWATCHES}. */
  colours: Colour[];
  selected: Colour | null;
  /** The car image URL (colour image or family hero), or null when there is none. */
  image: string | null;
  /** Where {@link SideView.image} came from: a colour's `image_url`, the family hero, or none. */
  imageSource: "colour" | "hero" | "none";
}

/**
 * A panel's view: the variant with `side.variantId` (the first variant when unknown), its colours
 * ({@link coloursFor}), the selected colour ({@link selectedColour}) and the image ({@link imageFor}
 * with {@link heroImageFor}) and where it came from. Takes the variants, colours and families and
 * the side; returns the view, or null when there are no variants at all.
 */
export function sideView(
  content: { variants: readonly ModelVariant[]; colours: readonly Colour[]; families: readonly ModelFamily[] },
  side: SideState,
): SideView | null {
  const variant = content.variants.find((v) => v.id === side.variantId) ?? content.variants[0];
  if (!variant) return null;
  const colours = coloursFor(content.colours, variant);
  const selected = selectedColour(colours, side.colourId);
  const fromColour = imageFor(colours, selected, null);
  const image = fromColour ?? heroImageFor(content.families, variant.name);
  return {
    variant,
    family: familyOf(variant.name),
    colours,
    selected,
    image,
    imageSource: fromColour ? "colour" : image ? "hero" : "none",
  };
}
