// The model compare screen, /models/compare (docs/features/platform.md
// "Marketing and content pages"; docs/features/locations-forms-marketing.md §2 "Compare screen", §3
// Model variant and Colour, §4 "Compare: ...", §9 "Compare: max 6 colour swatches per side; defaults
// im5-performance (left) and im5-premium (right)"). Two panels (side by side from 768 px, stacked
// below), each with a model dropdown, the car image, up to 6 colour swatches, Search Stock and Learn
// More; then Dimensions and Performance tables and the Features lists. The chosen variants are
// written to the address (`?left=&right=`) so the screen can be shared. A lazy route chunk; the data
// comes inline on a first load, else from GET /api/v1/content/models.
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "../app/router";
import { useDocumentTitle } from "../app/site";
import { Button, ButtonLink } from "../design/Button";
import { NativeSelect } from "../design/NativeSelect";
import { Skeleton } from "../design/Skeleton";
import { imageAt, imageSrcSet, placeholderImage } from "../lib/images";
import { changeModel, pickColour, type SideState, type SideView, sideView } from "./colours";
import {
  compareSearch,
  DEFAULT_SUBTITLE,
  DEFAULT_TITLE,
  featureHalves,
  learnMoreHref,
  resolveVariantId,
  type SpecRow,
  searchStockHref,
  specRows,
} from "./compare";
import { type FetchLike, useModelsContent } from "./data";
import type { ModelsContent } from "./types";
import "./variants.css";

const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/** Image widths (CSS px) offered in a panel's srcset; the image spans its panel. */
export const PANEL_IMAGE_WIDTHS = [400, 640, 960] as const;

/** `sizes` of a panel image: the full width when the panels are stacked, half the page above. */
export const PANEL_IMAGE_SIZES = "(max-width: 767px) 100vw, 600px";

/** Which side a panel is. */
export type Side = "left" | "right";

const SIDE_LABEL: Record<Side, string> = { left: "Left model", right: "Right model" };

/** Props of {@link VariantComparePage}: an optional fetch (stories and tests pass a fake host). */
export interface VariantComparePageProps {
  fetchImpl?: FetchLike;
}

/**
 * The compare screen route (`model-compare`): loads ModelsContent ({@link useModelsContent}) and
 * renders {@link VariantCompare}; a skeleton while loading, an error with Try again, and the 404
 * page when the tenant has no electric-model area (the host answers 404). Takes
 * {@link VariantComparePageProps}; renders the page.
 */
export default function VariantComparePage({ fetchImpl }: VariantComparePageProps = {}) {
  const { state, retry } = useModelsContent(fetchImpl);
  if (state.status === "missing") {
    return (
      <Suspense fallback={<Skeleton height={400} />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (state.status === "ok") return <VariantCompare content={state.data} />;
  return <ComparePending state={state.status} onRetry={retry} />;
}

/** The page while loading (a skeleton of the panels) or after an error (a message and Try again). */
function ComparePending({ state, onRetry }: { state: "loading" | "error"; onRetry: () => void }) {
  useDocumentTitle(DEFAULT_TITLE);
  return (
    <section className="fc-container fc-page fc-variants" data-page="model-compare" aria-busy={state === "loading"}>
      <div className="fc-variants__head">
        <h1>Compare</h1>
      </div>
      {state === "error" ? (
        <div role="alert" data-error="">
          <p>Sorry, the models could not be loaded.</p>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="fc-variants__panels">
          <Skeleton height={420} />
          <Skeleton height={420} />
        </div>
      )}
    </section>
  );
}

/** Props of {@link VariantCompare}: the ModelsContent body. */
export interface VariantCompareProps {
  content: ModelsContent;
}

/**
 * The compare screen itself (§2): title and subtitle from `content.compare`, two panels whose
 * variants come from `?left=`/`?right=` (unknown or absent ids: `compare.left`/`compare.right`),
 * the Dimensions and Performance tables and the Features lists. Changing a model resets that
 * side's colour to the first and writes both ids to the address (replacing the history entry).
 * Must render inside a router. Takes {@link VariantCompareProps}; renders the page.
 */
export function VariantCompare({ content }: VariantCompareProps) {
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { compare, variants } = content;
  const title = compare.title || DEFAULT_TITLE;
  useDocumentTitle(title);
  const wantLeft = resolveVariantId(variants, query.get("left"), compare.left);
  const wantRight = resolveVariantId(variants, query.get("right"), compare.right);
  const [sides, setSides] = useState<Record<Side, SideState>>(() => ({
    left: { variantId: wantLeft, colourId: null },
    right: { variantId: wantRight, colourId: null },
  }));
  // The address changed by other means (back/forward, a link): follow it.
  useEffect(() => {
    setSides((s) => {
      const left = changeModel(s.left, wantLeft);
      const right = changeModel(s.right, wantRight);
      return left === s.left && right === s.right ? s : { left, right };
    });
  }, [wantLeft, wantRight]);

  const onModel = (side: Side, variantId: string) => {
    const next = { ...sides, [side]: changeModel(sides[side], variantId) };
    setSides(next);
    navigate({ pathname, search: compareSearch(next.left.variantId, next.right.variantId) }, { replace: true });
  };
  const onColour = (side: Side, colourId: string) => {
    setSides((s) => ({ ...s, [side]: pickColour(s[side], colourId) }));
  };

  const left = sideView(content, sides.left);
  const right = sideView(content, sides.right);
  const options = variants.map((v) => ({ value: v.id, label: v.name }));

  return (
    <section className="fc-container fc-page fc-variants" data-page="model-compare">
      <div className="fc-variants__head">
        <h1>{title}</h1>
        <p className="fc-variants__subtitle">{compare.subtitle || DEFAULT_SUBTITLE}</p>
      </div>
      {left && right ? (
        <>
          <div className="fc-variants__panels">
            <Panel
              side="left"
              view={left}
              options={options}
              onModel={onModel}
              onColour={onColour}
              stockHref={searchStockHref(left.variant.baseId, content.families)}
            />
            <Panel
              side="right"
              view={right}
              options={options}
              onModel={onModel}
              onColour={onColour}
              stockHref={searchStockHref(right.variant.baseId, content.families)}
            />
          </div>
          <SpecTables left={left} right={right} />
          <Features views={[left, right]} />
        </>
      ) : (
        <p data-empty="">No models to compare.</p>
      )}
    </section>
  );
}

/** Props of {@link Panel}. */
interface PanelProps {
  side: Side;
  view: SideView;
  options: { value: string; label: string }[];
  onModel: (side: Side, variantId: string) => void;
  onColour: (side: Side, colourId: string) => void;
  /** Where Search Stock goes ({@link searchStockHref}). */
  stockHref: string;
}

/** One side: heading, model dropdown, image, selected colour's name, swatches, Search Stock and Learn More. */
function Panel({ side, view, options, onModel, onColour, stockHref }: PanelProps) {
  const headingId = useId();
  const { variant, colours, selected, image } = view;
  const src = image ?? placeholderImage(view.family === "im6" ? "SUV" : "Sedan");
  const alt = selected ? `${variant.name} in ${selected.name}` : variant.name;
  return (
    <section className="fc-variants__panel" data-side={side} data-variant={variant.id} aria-labelledby={headingId}>
      <h2 id={headingId} className="fc-variants__name">
        {variant.name}
      </h2>
      <NativeSelect
        label={SIDE_LABEL[side]}
        name={side}
        options={options}
        value={variant.id}
        onValueChange={(id) => onModel(side, id)}
      />
      <div className="fc-variants__image">
        <img
          src={imageAt(src, 640)}
          srcSet={imageSrcSet(src, PANEL_IMAGE_WIDTHS)}
          sizes={PANEL_IMAGE_SIZES}
          width={960}
          height={540}
          alt={alt}
          decoding="async"
          data-image-source={view.imageSource}
        />
      </div>
      <p className="fc-variants__colour-name" data-colour-name="" aria-live="polite">
        {selected?.name ?? ""}
      </p>
      {colours.length > 0 ? (
        <fieldset className="fc-variants__swatches">
          <legend className="fc-visually-hidden">Colours of {variant.name}</legend>
          {colours.map((c) => (
            <button
              key={c.id}
              type="button"
              className="fc-variants__swatch"
              aria-pressed={selected?.id === c.id}
              title={c.name}
              data-colour={c.id}
              style={c.hexCode?.trim() ? { background: c.hexCode.trim() } : undefined}
              onClick={() => onColour(side, c.id)}
            >
              <span className="fc-visually-hidden">{c.name}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className="fc-variants__actions">
        <ButtonLink href={stockHref}>Search Stock</ButtonLink>
        <ButtonLink
          variant="ghost"
          href={learnMoreHref(variant.baseId)}
          aria-label={`Learn More about the ${variant.baseId.toUpperCase()}`}
        >
          Learn More
        </ButtonLink>
      </div>
    </section>
  );
}

/** The Dimensions and Performance tables: one row per spec row, the two variants as columns. */
function SpecTables({ left, right }: { left: SideView; right: SideView }) {
  const rows = specRows(left.variant, right.variant);
  return (
    <>
      <SpecTable title="Dimensions" rows={rows.dimensions} left={left} right={right} />
      <SpecTable title="Performance" rows={rows.performance} left={left} right={right} />
    </>
  );
}

function SpecTable({ title, rows, left, right }: { title: string; rows: SpecRow[]; left: SideView; right: SideView }) {
  const id = useId();
  return (
    <section className="fc-variants__section" data-section={title.toLowerCase()} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className="fc-variants__table" aria-labelledby={id}>
        <thead>
          <tr>
            <td />
            <th scope="col" data-side="left">
              {left.variant.name}
            </th>
            <th scope="col" data-side="right">
              {right.variant.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} data-row={r.label}>
              <th scope="row">{r.label}</th>
              <td data-side="left">{r.left}</td>
              <td data-side="right">{r.right}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The Features section: each side's list (`name: value`) in two halves. */
function Features({ views }: { views: [SideView, SideView] }) {
  const id = useId();
  return (
    <section className="fc-variants__section" data-section="features" aria-labelledby={id}>
      <h2 id={id}>Features</h2>
      <div className="fc-variants__features">
        {views.map((v, i) => (
          <div key={i === 0 ? "left" : "right"} data-side={i === 0 ? "left" : "right"}>
            <h3>{v.variant.name}</h3>
            <div className="fc-variants__halves">
              {featureHalves(v.variant.features ?? []).map((half, h) => (
                <ul key={h === 0 ? "first" : "second"} data-half={h + 1}>
                  {half.map((f, n) => (
                    <li key={`${f.name}-${n}`}>
                      <span className="fc-variants__feature-name">{f.name}:</span> {f.value}
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
