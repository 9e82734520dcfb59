import { useEffect, useState } from "react";
import type { CarResponse } from "../api/types";
import { useSearchParams } from "../app/router";
import { useDocumentTitle, useSite } from "../app/site";
import { PriceTag } from "../components/PriceTag";
import { Button } from "../design/Button";
import { Skeleton } from "../design/Skeleton";
import { GALLERY_SIZES, GALLERY_WIDTHS, imageAt, imageSrcSet, placeholderImage } from "../lib/images";
import { addressLines, keyFacts } from "../lib/views";
import { NotFoundPage } from "../pages/NotFoundPage";
import { commentsHtml } from "./data";
import { detailRows, fullSpecRows } from "./maths";
import { displayPrice } from "./sidebar";
import "./vdp.css";

/**
 * Asks the host for the car's PDF (GET /api/v1/cars/{slug}/print.pdf) and saves it. Takes the car
 * slug; resolves when the download has started, rejects with the host's error message (the
 * `{error:{message}}` envelope) or the HTTP status. Spec: docs/features/shopper-core.md §4 "Print PDF", §8.
 */
export async function downloadPdf(slug: string): Promise<void> {
  const r = await fetch(`/api/v1/cars/${encodeURIComponent(slug)}/print.pdf`);
  if (!r.ok) {
    let message = `Could not prepare the PDF (HTTP ${r.status})`;
    try {
      const body = (await r.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      // not JSON: keep the status message
    }
    throw new Error(message);
  }
  const url = URL.createObjectURL(await r.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = `${slug}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Rows({ rows, label }: { rows: { label: string; value: string }[]; label: string }) {
  if (rows.length === 0) return null;
  return (
    <section className="fc-print__section">
      <h2>{label}</h2>
      <dl className="fc-print__rows">
        {rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The print page, /print?car_id={slug} (docs/features/shopper-core.md §2 "printable page, opens in a new tab"; §4
 * "Print PDF"): a print-ready sheet of the car (photo, title, price view, key facts, details, full
 * specifications, dealer comments, location) with print CSS that drops the site chrome, a Print
 * button, and 'Download PDF' showing 'Preparing...' while the host renders it; a failure shows
 * `alert(message)`. Takes nothing (reads `car_id`); renders the page.
 */
export default function PrintPage() {
  const [params] = useSearchParams();
  const slug = params.get("car_id") ?? "";
  const { tenant } = useSite();
  const [res, setRes] = useState<CarResponse | null | "missing">(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(res && res !== "missing" ? `Print: ${res.name}` : "Print");
  useEffect(() => {
    if (!slug) {
      setRes("missing");
      return;
    }
    const ac = new AbortController();
    import("../api/client")
      .then(({ fetchCar }) => fetchCar(slug, ac.signal))
      .then(
        (r) => setRes(r.ok ? r.data : "missing"),
        () => !ac.signal.aborted && setRes("missing"),
      );
    return () => ac.abort();
  }, [slug]);
  if (res === "missing") return <NotFoundPage />;
  if (!res) {
    return (
      <div className="fc-container fc-print" role="status" aria-label="Loading vehicle">
        <Skeleton height={400} />
      </div>
    );
  }
  const car = res.car;
  const img = res.primary_image_url ?? placeholderImage(car.simple_body);
  const html = commentsHtml(res);
  const loc = res.location;
  const pdf = async () => {
    setBusy(true);
    try {
      await downloadPdf(car.slug);
    } catch (e) {
      alert(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="fc-container fc-print" data-page="print" data-car={car.slug}>
      <p className="fc-print__actions">
        <Button onClick={() => window.print()}>Print</Button>
        <Button variant="secondary" onClick={pdf} disabled={busy} aria-busy={busy}>
          {busy ? "Preparing..." : "Download PDF"}
        </Button>
        <a href={res.path}>Back to the car</a>
      </p>
      <header className="fc-print__head">
        <p className="fc-muted">{tenant.name}</p>
        <h1>{res.name}</h1>
        <PriceTag price={displayPrice(res.price_view, tenant.wording.no_price_text || "Enquire for price")} />
        {res.tag?.text ? <p className="fc-print__tag">{res.tag.text}</p> : null}
      </header>
      <img
        className="fc-print__photo"
        src={imageAt(img, 960)}
        srcSet={imageSrcSet(img, GALLERY_WIDTHS)}
        sizes={GALLERY_SIZES}
        alt={res.name}
        width={1280}
        height={960}
      />
      <Rows rows={keyFacts(car)} label="Key Information" />
      <Rows rows={detailRows(car)} label="Details" />
      <Rows rows={fullSpecRows(car)} label="Specifications" />
      {html ? (
        <section className="fc-print__section">
          <h2>Dealer Comments</h2>
          {/* The host's sanitised HTML as given: its ammonia policy (host/src/http/api/cars.rs
              `sanitize_comments`) is the one policy for dealer comments; see CarPage's DealerComments. */}
          <div className="fc-comments" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      ) : null}
      {loc ? (
        <section className="fc-print__section">
          <h2>Location</h2>
          <address>
            {loc.name}
            {addressLines(loc).map((l) => (
              <span key={l}>
                <br />
                {l}
              </span>
            ))}
            {res.phone ? (
              <>
                <br />
                {res.phone.display}
              </>
            ) : null}
          </address>
        </section>
      ) : null}
      <p className="fc-print__foot fc-muted">
        Stock number {car.stocknum}. Printed from {window.location.host}. Details and price may change without notice.
      </p>
    </article>
  );
}
