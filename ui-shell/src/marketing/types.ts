// Wire types of the host's marketing content (docs/features/platform.md
// "Marketing and content pages") and defensive readers for them: the recall page, the service
// page's marketing sections and the trade-in information. All HTML fields are sanitised on the host
// (ammonia). The types are the generated OpenAPI types' names in src/api/types.ts, re-exported.
// Spec: docs/features/locations-forms-marketing.md §2 "Recall page", "Trade-in information", "Electric-model
// marketing area" (service page), §3 "Recall record", §9.
import type { FaqItem, RecallsContent, ServiceContent, TradeInContent } from "../api/types";
import { isRecord, str } from "../content/data";

export type { FaqItem, RecallCampaign, RecallsContent, ServiceContent, TradeInContent } from "../api/types";

function list<T>(v: unknown, read: (x: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((x) => {
    const r = isRecord(x) ? read(x) : null;
    return r === null ? [] : [r];
  });
}

function faqItem(x: Record<string, unknown>): FaqItem | null {
  return typeof x.question === "string" ? { question: x.question, answerHtml: str(x.answerHtml) } : null;
}

/**
 * Reads {@link RecallsContent} (title required; missing lists are empty; campaigns need a recall
 * number, units default 0). Takes the parsed JSON; returns it, or null when it does not fit.
 */
export function parseRecalls(body: unknown): RecallsContent | null {
  if (!isRecord(body) || typeof body.title !== "string") return null;
  return {
    title: body.title,
    introHtml: str(body.introHtml),
    campaigns: list(body.campaigns, (c) =>
      typeof c.recallNumber === "string"
        ? {
            recallNumber: c.recallNumber,
            modelName: str(c.modelName),
            affectedYears: str(c.affectedYears),
            affectedUnits: typeof c.affectedUnits === "number" && Number.isFinite(c.affectedUnits) ? c.affectedUnits : 0,
            status: str(c.status),
            title: str(c.title),
            descriptionHtml: str(c.descriptionHtml),
            remedyHtml: str(c.remedyHtml),
          }
        : null,
    ),
    faq: list(body.faq, faqItem),
  };
}

/**
 * Reads {@link ServiceContent} (missing parts are empty; `validMonths` defaults to 12, the spec's
 * "quote fixed for 12 months"; `externalBookingUrl` only as an http(s) URL). Takes the parsed JSON;
 * returns it, or null when it is not an object.
 */
export function parseService(body: unknown): ServiceContent | null {
  if (!isRecord(body)) return null;
  const b = isRecord(body.banner) ? body.banner : {};
  const q = isRecord(body.quote) ? body.quote : {};
  const ext = str(body.externalBookingUrl);
  return {
    banner: { title: str(b.title), description: str(b.description), imageUrl: str(b.imageUrl), imageAlt: str(b.imageAlt) },
    sections: list(body.sections, (s) =>
      typeof s.title === "string" ? { id: str(s.id, s.title), title: s.title, html: str(s.html) } : null,
    ),
    perks: list(body.perks, (p) => (typeof p.title === "string" ? { title: p.title, description: str(p.description) } : null)),
    quote: {
      title: str(q.title, "Get a Quote"),
      validMonths: typeof q.validMonths === "number" && q.validMonths > 0 ? q.validMonths : 12,
      note: str(q.note),
    },
    externalBookingUrl: /^https?:\/\//i.test(ext) ? ext : null,
  };
}

/**
 * Reads {@link TradeInContent} (missing FAQ is empty, brand ""). Takes the parsed JSON; returns
 * it, or null when it is not an object.
 */
export function parseTradeIn(body: unknown): TradeInContent | null {
  if (!isRecord(body)) return null;
  return { faq: list(body.faq, faqItem), privacyBrand: str(body.privacyBrand) };
}
