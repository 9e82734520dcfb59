// Wire types of the host's content API for the electric-model area (GET /api/v1/content/models, and
// the inline `page` of the `models`, `models-compare` and `model-family` documents): the generated
// OpenAPI types' names in src/api/types.ts, re-exported under the names this folder uses. Names are
// the spec's (docs/features/locations-forms-marketing.md §3 "Model variant", "Colour", "Slide", "Category card").
export type {
  CategoryCard,
  Colour,
  CompareDefaults as CompareContent,
  Cta,
  ImageBanner,
  ModelFamily,
  ModelsContent,
  ModelTab,
  ModelVariant,
  Slide,
  Stat,
  Tile,
  VariantDimensions,
  VariantFeature,
  VariantPerformance,
} from "../api/types";
