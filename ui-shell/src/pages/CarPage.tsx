import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { CarResponse } from "../api/types";
import { useDocumentTitle, useSite } from "../app/site";
import { inlinePageFor } from "../boot/inline";
import { DefaultVdpSidebar } from "../components/defaults";
import { Button } from "../design/Button";
import { Disclosure } from "../design/Disclosure";
import { Skeleton } from "../design/Skeleton";
import { useToast } from "../design/Toast";
import { RemoteSlot } from "../federation/RemoteSlot";
import { htmlToText, sanitizeHtml, truncate } from "../lib/sanitize";
import { COMMENTS_LIMIT, keyFacts, vdpSidebarProps } from "../lib/views";
import { NotFoundPage } from "./NotFoundPage";

const EnquiryDialog = lazy(() => import("./EnquiryDialog"));
// Only cars with photos need the carousel; most first loads skip it (first-load budget).
const Carousel = lazy(() => import("../design/Carousel").then((m) => ({ default: m.Carousel })));

export { COMMENTS_LIMIT };
/** Features shown before 'Show All' (shopper-core §9 "feature list 8"). */
export const FEATURES_LIMIT = 8;
/** Key-information rows before 'Show More' (shopper-core §9 "specs first 4"). */
export const FACTS_LIMIT = 4;

type CarState =
  | { status: "loading" }
  | { status: "ok"; data: CarResponse }
  | { status: "error"; httpStatus: number; message: string };

/**
 * The car for `slug`: from the inline data when the document was rendered for this path, else
 * GET /api/v1/cars/{slug}. Takes the slug; returns the loading / ok / error state.
 */
export function useCar(slug: string): CarState {
  const { inline } = useSite();
  const { pathname } = useLocation();
  const seeded = inlinePageFor(inline, "car", pathname);
  const [state, setState] = useState<CarState>(seeded ? { status: "ok", data: seeded } : { status: "loading" });
  const have = state.status === "ok" ? state.data.car.slug : null;
  useEffect(() => {
    if (have === slug) return;
    const ac = new AbortController();
    setState({ status: "loading" });
    // The API client loads on demand: a document with the car inline never needs it.
    import("../api/client")
      .then(({ fetchCar }) => fetchCar(slug, ac.signal))
      .then(
        (r) =>
          setState(r.ok ? { status: "ok", data: r.data } : { status: "error", httpStatus: r.status, message: r.error.message }),
        (e: unknown) => {
          if (!ac.signal.aborted)
            setState({ status: "error", httpStatus: 0, message: e instanceof Error ? e.message : String(e) });
        },
      );
    return () => ac.abort();
  }, [slug, have]);
  return state;
}

function DealerComments({ html }: { html: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const text = html ? htmlToText(html) : "";
  if (!text) return <p>Dealer comments are pending. Please check back here later.</p>;
  if (text.length <= COMMENTS_LIMIT) {
    return <div className="fc-comments" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html ?? "") }} />;
  }
  return (
    <div className="fc-comments">
      {open ? <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html ?? "") }} /> : <p>{truncate(text, COMMENTS_LIMIT)}</p>}
      <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "Less" : "More"}
      </Button>
    </div>
  );
}

function ShowMoreList({
  items,
  limit,
  more,
  less,
}: {
  items: { key: string; node: React.ReactNode }[];
  limit: number;
  more: string;
  less: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, limit);
  return (
    <>
      <ul className="fc-spec-list">
        {shown.map((i) => (
          <li key={i.key}>{i.node}</li>
        ))}
      </ul>
      {items.length > limit ? (
        <Button variant="ghost" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? less : more}
        </Button>
      ) : null}
    </>
  );
}

function Gallery({ res }: { res: CarResponse }) {
  if (res.images.length === 0) {
    return (
      <div className="fc-gallery fc-gallery--empty" role="img" aria-label={`${res.name}: no photos yet`}>
        <span>Photos coming soon</span>
      </div>
    );
  }
  const first = res.images[0];
  const hero = first ? <img src={first.url} alt={`${res.name}, 1 of ${res.images.length}`} /> : null;
  return (
    <div className="fc-gallery">
      <Suspense fallback={hero}>
        <Carousel
          label={`${res.name} photos`}
          items={res.images.map((img, i) => (
            <img
              key={img.url}
              src={img.url}
              alt={`${res.name}, ${i + 1} of ${res.images.length}`}
              loading={i === 0 ? "eager" : "lazy"}
            />
          ))}
        />
      </Suspense>
    </div>
  );
}

function CarSkeleton() {
  return (
    <div className="fc-container fc-vdp" role="status" aria-busy="true" aria-label="Loading vehicle">
      <Skeleton height={360} />
      <div>
        <Skeleton height="2em" width="80%" />
        <Skeleton height="1.5em" width="40%" />
        <Skeleton height={160} />
      </div>
    </div>
  );
}

/**
 * The vehicle detail page: breadcrumb, gallery, the template's sidebar (title 'year make model
 * badge', price, key facts, actions), dealer comments (400 characters then More/Less), features
 * (8 then Show All), key information (4 then Show More), share (copies the link, 'Copied' 1.5 s)
 * and the enquiry dialog at `#enquire`. Sold cars show the SOLD view. Unknown cars show the 404 page.
 * Takes nothing (reads `:slug`); renders the page. Spec: shopper-core §2 "Vehicle detail page", §4, §5, §9.
 */
export default function CarPage() {
  const { slug = "" } = useParams();
  const { tenant } = useSite();
  const state = useCar(slug);
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  useDocumentTitle(state.status === "ok" ? state.data.name : state.status === "error" ? "Vehicle" : "Loading vehicle");

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);

  if (state.status === "loading") return <CarSkeleton />;
  if (state.status === "error") {
    if (state.httpStatus === 404) return <NotFoundPage />;
    return (
      <section className="fc-container fc-page" role="alert">
        <h1>We couldn't load this vehicle</h1>
        <p>{state.message}</p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </section>
    );
  }
  const res = state.data;
  const car = res.car;
  const facts = keyFacts(car);
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
      toast.show({ title: "Link copied", description: res.name });
    } catch {
      toast.show({ title: "Copy failed", description: window.location.href });
    }
  };
  const typeLabel = `${car.car_type.charAt(0).toUpperCase()}${car.car_type.slice(1)} cars`;
  const sections = [
    { id: "comments", title: "Dealer Comments", content: <DealerComments html={car.dealercomments} /> },
    ...(car.standardEquipment.length > 0
      ? [
          {
            id: "features",
            title: "Features",
            content: (
              <ShowMoreList
                items={car.standardEquipment.map((f) => ({ key: f, node: f }))}
                limit={FEATURES_LIMIT}
                more="Show All"
                less="Hide"
              />
            ),
          },
        ]
      : []),
    {
      id: "key-info",
      title: "Key Information",
      content: (
        <ShowMoreList
          items={facts.map((f) => ({
            key: f.label,
            node: (
              <>
                <span className="fc-muted">{f.label}</span> <strong>{f.value}</strong>
              </>
            ),
          }))}
          limit={FACTS_LIMIT}
          more="Show More"
          less="Show Less"
        />
      ),
    },
  ];
  return (
    <div data-page="car" data-car={car.slug}>
      <nav aria-label="Breadcrumb" className="fc-container fc-breadcrumb">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href={`/search/${car.car_type}-cars`}>{typeLabel}</a>
          </li>
          <li aria-current="page">{res.name}</li>
        </ol>
      </nav>
      <div className="fc-container fc-vdp">
        <div className="fc-vdp__main">
          <Gallery res={res} />
          {sections.map((s) => (
            <Disclosure key={s.id} id={s.id} title={s.title} defaultOpen={s.id !== "features"}>
              {s.content}
            </Disclosure>
          ))}
        </div>
        <div className="fc-vdp__side">
          <RemoteSlot
            module="VdpSidebar"
            props={vdpSidebarProps(res, tenant)}
            fallback={DefaultVdpSidebar}
            loading={<Skeleton height={420} />}
          />
          <p className="fc-vdp__share">
            <Button variant="secondary" size="sm" onClick={share}>
              {copied ? "Copied" : "Share"}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => navigate({ pathname, search, hash: "#enquire" })}>
              Enquire Now
            </Button>
          </p>
        </div>
      </div>
      {hash === "#enquire" ? (
        <Suspense fallback={null}>
          <EnquiryDialog car={res} tenant={tenant} onClose={() => navigate({ pathname, search }, { replace: true })} />
        </Suspense>
      ) : null}
    </div>
  );
}
