// The recall page (docs/features/platform.md "Marketing and content pages"): /recall. The title,
// the host's introduction, each recall campaign as a card (recall number, model, affected years,
// affected units with a thousands separator, status, what is wrong and the remedy) and the
// collapsible FAQ (how to check for recalls, refunds, cost, expiry, how recalls are determined).
// Tenants without recall content get the 404.
// Spec: docs/features/locations-forms-marketing.md §2 "Recall page", §3 "Recall record".
import { lazy } from "react";
import { useLocation } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { inlineContent, useContent } from "../content/data";
import { Skeleton } from "../design/Skeleton";
import { formatThousands } from "../lib/format";
import { Faq } from "./Faq";
import { parseRecalls, type RecallCampaign, type RecallsContent } from "./types";
import "../content/content.css";
import "./marketing.css";

const NotFoundPage = lazy(() => import("../pages/NotFoundPage").then((m) => ({ default: m.NotFoundPage })));

/** The route id of /recall (src/routes/table.ts) and the API address of its body. */
export const RECALL_ROUTE_ID = "recall";
export const RECALLS_API = "/api/v1/content/recalls";

/** One labelled fact of a recall card. */
export interface RecallFact {
  label: string;
  value: string;
}

/**
 * A recall status as shown: its first letter capitalised (the content files write `active`; the
 * page shows 'Active'). Takes the status; returns the display text.
 */
export function recallStatus(status: string): string {
  const t = status.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * The facts a recall card lists, in order: Recall number, Model, Affected years, Affected units
 * (thousands separator: 5168 -> "5,168") and Status ('Active'); empty values are left out. Takes
 * the campaign; returns the label/value pairs. Spec: docs/features/locations-forms-marketing.md §2 "Recall page", §3.
 */
export function recallFacts(c: RecallCampaign): RecallFact[] {
  const facts: RecallFact[] = [
    { label: "Recall number", value: c.recallNumber },
    { label: "Model", value: c.modelName },
    { label: "Affected years", value: c.affectedYears },
    { label: "Affected units", value: formatThousands(c.affectedUnits) },
    { label: "Status", value: recallStatus(c.status) },
  ];
  return facts.filter((f) => f.value.trim() !== "");
}

/**
 * One recall campaign as a card: its title (or the model name) as an `<h2>`, the status as a
 * badge, the facts of {@link recallFacts} and the host's sanitised description and remedy HTML.
 * Takes the campaign; renders an `<article>` marked `data-recall` with the recall number.
 */
export function RecallCard({ campaign: c }: { campaign: RecallCampaign }) {
  const id = `fc-recall-${c.recallNumber.replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <article className="fc-recall-card" aria-labelledby={id} data-recall={c.recallNumber}>
      <header className="fc-recall-card__header">
        <h2 id={id}>{c.title || c.modelName || c.recallNumber}</h2>
        {c.status ? (
          <span className="fc-recall-card__status" data-status={c.status.trim().toLowerCase()}>
            {recallStatus(c.status)}
          </span>
        ) : null}
      </header>
      <dl className="fc-recall-card__facts">
        {recallFacts(c).map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {/* Description and remedy: sanitised with ammonia on the host. */}
      {c.descriptionHtml ? (
        <>
          <h3>What is the issue?</h3>
          <div className="fc-prose" dangerouslySetInnerHTML={{ __html: c.descriptionHtml }} />
        </>
      ) : null}
      {c.remedyHtml ? (
        <>
          <h3>What is the remedy?</h3>
          <div className="fc-prose" dangerouslySetInnerHTML={{ __html: c.remedyHtml }} />
        </>
      ) : null}
    </article>
  );
}

/**
 * The recall page's body: the title (`<h1>`), the introduction, the campaign cards and the FAQ
 * ('Frequently Asked Questions'). Takes the content; renders the page.
 */
export function RecallView({ content }: { content: RecallsContent }) {
  return (
    <div className="fc-container fc-page fc-recall-page" data-page="recall">
      <h1>{content.title}</h1>
      {/* Sanitised with ammonia on the host. */}
      {content.introHtml ? (
        <div className="fc-prose fc-recall-page__intro" dangerouslySetInnerHTML={{ __html: content.introHtml }} />
      ) : null}
      {content.campaigns.length > 0 ? (
        <div className="fc-recall-list">
          {content.campaigns.map((c) => (
            <RecallCard key={c.recallNumber} campaign={c} />
          ))}
        </div>
      ) : (
        <p className="fc-muted">There are no active recall campaigns.</p>
      )}
      <Faq title="Frequently Asked Questions" id="fc-recall-faq" items={content.faq} />
    </div>
  );
}

/**
 * The /recall page: the inline body on a first load, else `GET /api/v1/content/recalls`; the
 * not-found page when the tenant has none (404). Document title: the content's title ('Recalls'
 * while loading). Takes nothing; renders the page.
 */
export default function RecallPage() {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const state = useContent(RECALLS_API, parseRecalls, inlineContent(inline, RECALL_ROUTE_ID, pathname, parseRecalls));
  useDocumentTitle(state.status === "ok" ? state.data.title : "Recalls");
  if (state.status === "not-found") return <NotFoundPage />;
  if (state.status === "ok") return <RecallView content={state.data} />;
  return (
    <div className="fc-container fc-page fc-recall-page" data-page="recall" aria-busy={state.status === "loading"}>
      <h1>Recalls</h1>
      {state.status === "loading" ? (
        <Skeleton height={360} />
      ) : (
        <p role="alert">Sorry, the recall information could not be loaded. Please try again later.</p>
      )}
    </div>
  );
}
