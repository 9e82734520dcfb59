// /models/{baseId}, a model family's page (docs/features/platform.md "Marketing and content pages";
// docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", §4 tabs): the family
// from the document's inline `page` (route id `model-family`) or GET /api/v1/content/models; an unknown
// baseId is the 404 page. A lazy route chunk.
import { useEffect } from "react";
import { useParams, useSearchParams } from "../app/router";
import { useDocumentTitle } from "../app/site";
import { CategoryCarousel } from "./CategoryCarousel";
import { useModelsContent } from "./data";
import { AfterLargestImage, openImageGate } from "./gate";
import { ModelTabs } from "./ModelTabs";
import { bannerStatsFor, familyFor } from "./models";
import { preloadFirstImage } from "./preload";
import { CtaTiles, FullImageBanner, ModelBanner } from "./sections";
import { ModelsError, ModelsLoading, ModelsNotFound } from "./states";
import "./models.css";

// On a first load, the largest image is asked for before React renders the page.
preloadFirstImage();

/**
 * The /models/{baseId} page: the model banner (title as h1, description, CTAs, the family's stats
 * or the default ones), the tabbed content block (first tab, or the one `?tab=` names,
 * case-insensitively), the full-screen image banner, the category card carousel and the
 * call-to-action tiles (those below the banner render once its image has painted:
 * src/models/gate.tsx). The 404 page for a baseId with no family (or a site without the area).
 * Takes nothing (reads `:baseId` and `?tab=`); renders the page.
 */
export default function ModelFamilyPage() {
  const { baseId } = useParams();
  const [query] = useSearchParams();
  const state = useModelsContent();
  const family = state.status === "ok" ? familyFor(state.content, baseId) : undefined;
  const noBannerImage = family !== undefined && !(family.heroImageUrl || family.imageUrl);
  // Without a banner image nothing else would open the gate for the sections below.
  useEffect(() => {
    if (noBannerImage) openImageGate();
  }, [noBannerImage]);
  useDocumentTitle(family?.title || family?.name || (state.status === "loading" ? "Electric models" : "Page not found"));
  if (state.status === "loading") return <ModelsLoading />;
  if (state.status === "error") return <ModelsError message={state.message} retry={state.retry} />;
  if (state.status === "missing" || !family) return <ModelsNotFound />;
  const c = state.content;
  return (
    <div className="fc-models" data-page="model-family" data-model={family.baseId}>
      <ModelBanner family={family} stats={bannerStatsFor(family, c)} />
      <AfterLargestImage>
        <ModelTabs family={family} tab={query.get("tab")} />
        {family.banner ? <FullImageBanner banner={family.banner} /> : null}
        <CategoryCarousel title={c.categories.title} cards={c.categories.cards} />
        <CtaTiles tiles={c.ctaTiles} />
      </AfterLargestImage>
    </div>
  );
}
