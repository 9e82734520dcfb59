// /models, the electric-model area's landing page (docs/features/platform.md
// "Marketing and content pages"; docs/features/locations-forms-marketing.md §2
// "Electric-model marketing area", §9 "Hero slider 85vh, loops",
// "Scrolling banner text repeated 20 times"). Content from the document's inline `page` (route id
// `models`) or GET /api/v1/content/models. A lazy route chunk.
import { useEffect } from "react";
import { useDocumentTitle } from "../app/site";
import { CategoryCarousel } from "./CategoryCarousel";
import { useModelsContent } from "./data";
import { AfterLargestImage, openImageGate } from "./gate";
import { HeroSlider } from "./HeroSlider";
import { preloadFirstImage } from "./preload";
import { CompareTeaser, CtaTiles, ModelCards, ScrollingBanner } from "./sections";
import { ModelsError, ModelsLoading, ModelsNotFound } from "./states";
import "./models.css";

// On a first load, the largest image is asked for before React renders the page.
preloadFirstImage();

/** The page title when the content gives none. */
export const MODELS_TITLE = "Electric models";

/**
 * The /models page: the hero slider, the model cards, the compare teaser (link to
 * /models/compare), the category card carousel, the scrolling text banner and the call-to-action
 * tiles, in that order, under a visually hidden h1 (the content's title); the sections below the
 * hero render once its image has painted (src/models/gate.tsx). Loading, 404 (no
 * electric-model area on this site) and error states. Takes nothing; renders the page.
 */
export default function ModelsPage() {
  const state = useModelsContent();
  const noHeroImage = state.status === "ok" && !state.content.slides[0]?.imageSrc;
  // Without a hero image nothing else would open the gate for the sections below.
  useEffect(() => {
    if (noHeroImage) openImageGate();
  }, [noHeroImage]);
  const title = (state.status === "ok" && state.content.title) || MODELS_TITLE;
  useDocumentTitle(state.status === "missing" ? "Page not found" : title);
  if (state.status === "loading") return <ModelsLoading />;
  if (state.status === "missing") return <ModelsNotFound />;
  if (state.status === "error") return <ModelsError message={state.message} retry={state.retry} />;
  const c = state.content;
  return (
    <div className="fc-models" data-page="models">
      <h1 className="fc-visually-hidden">{title}</h1>
      <HeroSlider slides={c.slides} />
      <AfterLargestImage>
        <ModelCards families={c.families} />
        <CompareTeaser compare={c.compare} />
        <CategoryCarousel title={c.categories.title} cards={c.categories.cards} />
        <ScrollingBanner text={c.scrollingBanner.text} href={c.scrollingBanner.href} />
        <CtaTiles tiles={c.ctaTiles} />
      </AfterLargestImage>
    </div>
  );
}
