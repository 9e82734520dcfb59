import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { SearchHit } from "../api/schema";
import type { Car, CarResponse, TenantSettings } from "../api/types";
import { useContent } from "../content/data";
import type { FactView, SearchCardProps } from "../contract";
import { Accordion } from "../design/Accordion";
import { Button, ButtonLink } from "../design/Button";
import { Carousel } from "../design/Carousel";
import { Skeleton, SkeletonCard } from "../design/Skeleton";
import { usePerView } from "../design/usePerView";
import { FALLBACKS } from "../federation/fallbacks";
import { RemoteSlot } from "../federation/RemoteSlot";
import { formatKm, formatMoney, formatPhone, formatThousands } from "../lib/format";
import { keyFacts } from "../lib/views";
import { showsCertifiedPanel } from "../marketing/certified";
import type { VdpConfig } from "./data";
import { WhenVisible } from "./Gallery";
import { detailRows, fullSpecRows, SALES_COUNTER_MS, salesCount, shareLinks, shareWindowFeatures } from "./maths";
import { type BlogLink, carPromises, parseVdpContent, VDP_CONTENT_API } from "./promises";
import { displayPrice, shownPrice } from "./sidebar";
import { isElectric, toolsConfig } from "./tools/fuel";
import type { FinanceFigures } from "./tools/quote";
import { VideoPlayer } from "./Video";
import "./vdp.css";

// The tools (docs/features/platform.md "Finance and delivery tools") load when they come near the viewport, each its
// own chunk.
const FuelCalculator = lazy(() => import("./tools/FuelCalculator"));
const DeliveryCalculator = lazy(() => import("./tools/DeliveryCalculator"));
const FinanceCalculator = lazy(() => import("./tools/FinanceCalculator"));
const CarFinanceCard = lazy(() => import("./tools/CarFinance").then((m) => ({ default: m.CarFinanceCard })));
const PriceGauge = lazy(() => import("./tools/PriceGauge"));
// docs/features/platform.md "Marketing and content pages": the certified pre-owned panel, its own
// chunk, loaded only for cars that show it.
const CertifiedPanel = lazy(() => import("../marketing/CertifiedPanel"));

/**
 * A tool's place: loaded when within 300 px of the viewport, or at once when `eager` (the page was
 * opened at #finance-calculator). Takes the children, the placeholder height (px) and `eager`;
 * renders them when due.
 */
function ToolSlot({ children, minHeight, eager }: { children: ReactNode; minHeight: number; eager: boolean }) {
  return eager ? (
    <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense>
  ) : (
    <WhenVisible minHeight={minHeight} margin="300px">
      {children}
    </WhenVisible>
  );
}

/** Features shown before 'Show All' (docs/features/shopper-core.md §9 "feature list 8"). */
export const FEATURES_LIMIT = 8;
/** Key-information rows before 'Show More' (docs/features/shopper-core.md §9 "specs first 4"). */
export const FACTS_LIMIT = 4;
/** Similar cars: skeletons while loading (docs/features/shopper-core.md §9 "6 skeleton placeholders"). */
export const SIMILAR_SKELETONS = 6;

/**
 * A list that shows its first `limit` items and a toggle for the rest (Show More/Less, Show
 * All/Hide). Takes the items (label/value pairs or plain text), the limit and the two labels;
 * renders a `<dl>` (pairs) or `<ul>` (text) and the toggle when there are more.
 */
export function ShowMore({
  items,
  limit,
  more,
  less,
  label,
}: {
  items: FactView[] | string[];
  limit: number;
  more: string;
  less: string;
  label: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, limit);
  const list =
    typeof shown[0] === "string" ? (
      <ul className="fc-feature-list" aria-label={label}>
        {(shown as string[]).map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    ) : (
      <dl className="fc-facts fc-key-info" aria-label={label}>
        {(shown as FactView[]).map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    );
  return (
    <>
      {list}
      {items.length > limit ? (
        <Button variant="ghost" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? less : more}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The why-buy sales counter (docs/features/shopper-core.md §9), recomputed every 150 s. Takes nothing; renders the
 * count in a `<strong>` marked `data-sales-counter`.
 */
export function SalesCounter() {
  const [n, setN] = useState(() => salesCount(new Date()));
  useEffect(() => {
    const id = setInterval(() => setN(salesCount(new Date())), SALES_COUNTER_MS);
    return () => clearInterval(id);
  }, []);
  return <strong data-sales-counter="">{formatThousands(n)}</strong>;
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="fc-vdp-section" aria-labelledby={`fc-${id}`} data-section={id}>
      <h2 id={`fc-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

/** The masked number until the shopper asks (`07 5550 XXXX`), when the host gave none. */
function mask(display: string): string {
  return display.replace(/\d(?=(?:\D*\d){0,3}\D*$)/g, "X");
}

/**
 * The call-the-dealer block (docs/features/shopper-core.md §2, §4 "Phone: masked or revealed"): the masked number;
 * 'Show number' POSTs /api/v1/cars/{slug}/phone-reveal {car_id, dealership_id, website_id} (the
 * host logs it) and then shows the number linking `tel:`. A failed log still reveals (console
 * warning). Takes the car response and tenant; renders a `<section>`, or nothing without a number.
 */
export function CallDealer({ res, tenant }: { res: CarResponse; tenant: TenantSettings }) {
  const fallback = formatPhone(tenant.phones[res.car.car_type] ?? res.location?.contact_detail.phone);
  const known =
    res.phone ?? (fallback ? { display: fallback.display, dial: fallback.href.slice(4), masked: mask(fallback.display) } : null);
  const [shown, setShown] = useState<{ display: string; dial: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!known) {
    console.warn("[forecourt] no phone number for this car");
    return null;
  }
  const reveal = async () => {
    setBusy(true);
    let got: { display: string; dial: string } = known;
    try {
      const r = await fetch(`/api/v1/cars/${encodeURIComponent(res.car.slug)}/phone-reveal`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ car_id: res.car.id, dealership_id: res.car.dealership_id, website_id: tenant.slug }),
      });
      const body = r.ok ? ((await r.json()) as Partial<typeof got>) : null;
      if (body?.display && body.dial) got = { display: body.display, dial: body.dial };
      else console.warn(`[forecourt] phone reveal answered ${r.status}`);
    } catch (e) {
      console.warn("[forecourt] phone reveal failed", e);
    }
    setShown(got);
    setBusy(false);
  };
  return (
    <Section title="Call the dealer" id="call">
      <p className="fc-call" data-phone={shown ? "revealed" : "masked"}>
        {shown ? (
          <a className="fc-call__number" href={`tel:${shown.dial}`}>
            {shown.display}
          </a>
        ) : (
          <>
            <span className="fc-call__number">{known.masked}</span>{" "}
            <Button variant="secondary" size="sm" onClick={reveal} disabled={busy}>
              Show number
            </Button>
          </>
        )}
      </p>
    </Section>
  );
}

/**
 * The social share row (docs/features/shopper-core.md §2): Facebook, Twitter (unless `vdp.hide_twitter`), WhatsApp,
 * email, SMS, and copy link ('Copied' for 1.5 s); web targets open in a 550x400 window. Takes the
 * page URL, car name, whether Twitter is hidden, the copied state and the copy handler; renders a `<ul>`.
 */
export function ShareRow({
  url,
  title,
  hideTwitter,
  copied,
  onCopy,
}: {
  url: string;
  title: string;
  hideTwitter: boolean;
  copied: boolean;
  onCopy: () => void;
}) {
  return (
    <ul className="fc-share" aria-label="Share this car">
      {shareLinks(url, title, hideTwitter).map((l) => (
        <li key={l.id}>
          <a
            href={l.href}
            data-share={l.id}
            {...(l.href.startsWith("http")
              ? {
                  target: "_blank",
                  rel: "noopener",
                  onClick: (e) => {
                    e.preventDefault();
                    window.open(l.href, "share", shareWindowFeatures(window.screen.width, window.screen.height));
                  },
                }
              : {})}
          >
            {l.label}
          </a>
        </li>
      ))}
      <li>
        <button type="button" data-share="copy" onClick={onCopy}>
          {copied ? "Copied" : "Copy link"}
        </button>
      </li>
    </ul>
  );
}

const FEATURES = [
  { title: "Latest offers", text: "See this month's deals on new and used cars.", href: "/special-offers", cta: "View offers" },
  {
    title: "Book a service online",
    text: "Pick a time that suits you in a few clicks.",
    href: "/service",
    cta: "Book a service",
  },
  {
    title: "Sell your car",
    text: "Get a fair offer for your car, even if you don't buy from us.",
    href: "/sell-your-car",
    cta: "Value my car",
  },
];

/**
 * The three-feature banner (docs/features/shopper-core.md §2): latest offers, book service online, sell your car;
 * a carousel below 600 px wide, three tiles above. Takes nothing; renders a `<section>`.
 */
export function FeatureBanner() {
  const [small, setSmall] = useState(() => typeof matchMedia === "function" && matchMedia("(max-width: 599px)").matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const mq = matchMedia("(max-width: 599px)");
    const on = () => setSmall(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  const tiles = FEATURES.map((f) => (
    <article key={f.href} className="fc-feature-tile">
      <h3>{f.title}</h3>
      <p>{f.text}</p>
      <ButtonLink href={f.href} variant="secondary" size="sm">
        {f.cta}
      </ButtonLink>
    </article>
  ));
  return (
    <section className="fc-feature-banner" aria-label="More from us" data-feature-banner={small ? "carousel" : "grid"}>
      {small ? <Carousel label="More from us" items={tiles} /> : <div className="fc-feature-banner__grid">{tiles}</div>}
    </section>
  );
}

/**
 * A search card for a similar car, from a search hit (the API's price view and tag, never
 * re-decided). Takes the hit and the tenant's no-price text; returns {@link SearchCardProps}.
 */
export function similarCard(hit: SearchHit, noPriceText: string): SearchCardProps {
  const chips = [hit.km != null ? formatKm(hit.km) : null, hit.transmission, hit.fuel, hit.body];
  return {
    card: {
      slug: hit.slug,
      href: hit.path,
      title: `${hit.year} ${hit.make} ${hit.model}`,
      subtitle: hit.badge ?? "",
      imageUrl: hit.primary_image_url ?? null,
      tag: hit.tag?.text ?? null,
      chips: chips.filter((c): c is string => Boolean(c)),
      price: displayPrice(hit.price_view, noPriceText),
      carType: hit.car_type,
      available: hit.available,
      place: [hit.city, hit.state].filter(Boolean).join(" "),
    },
    actions: [{ id: "details", label: "View Details", href: hit.path, emphasis: "primary" }],
  };
}

/**
 * The fallback search for similar cars when the similar-cars call fails (docs/features/shopper-core.md §8
 * "Similar cars fail: logged, then a fallback search shows"): the same make and car type within
 * the §9 price window (plus or minus 10000 AUD under 50000, else 25000; no window without a
 * price), 7 hits so 6 remain without the car itself. Takes the car; returns the
 * `GET /api/v1/search` path and query.
 */
export function similarFallbackPath(car: Pick<Car, "make" | "car_type" | "price">): string {
  const q = new URLSearchParams({ make: car.make, car_type: car.car_type, hitsPerPage: "7" });
  if (car.price > 10) {
    const w = car.price < 50000 ? 10000 : 25000;
    q.set("price", `${Math.max(0, Math.round(car.price - w))}:${Math.round(car.price + w)}`);
  }
  return `/api/v1/search?${q.toString()}`;
}

/**
 * The similar-cars heading, naming what is shown: 'Similar {make} {noun} In-Stock' (new and demo)
 * or '... Available' (used) when every hit is of the car's make, else 'Similar {noun} ...' (a
 * group's similar cars across brands must not be headed by one brand). Takes the car's make and
 * type, the hits and the tenant's vehicle noun; returns the heading.
 */
export function similarTitle(make: string, carType: string, hits: readonly Pick<SearchHit, "make">[], noun: string): string {
  const same = hits.every((h) => h.make.toLowerCase() === make.toLowerCase());
  return `Similar ${same ? `${make} ` : ""}${noun} ${carType === "used" ? "Available" : "In-Stock"}`;
}

async function hitsOf(path: string, signal: AbortSignal): Promise<SearchHit[]> {
  const r = await fetch(path, { signal });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const b = (await r.json()) as { hits?: SearchHit[] };
  return Array.isArray(b.hits) ? b.hits : [];
}

/**
 * 'Similar ... In-Stock' (new and demo) or 'Available' (used) carousel from GET
 * /api/v1/cars/{slug}/similar (docs/features/shopper-core.md §7, §9: at most 6, 6 skeletons while
 * loading). A failure is logged, then the fallback search ({@link similarFallbackPath}) shows
 * (§8); nothing shows when that fails too or finds nothing. The heading names what is shown
 * ({@link similarTitle}). Takes the car response and tenant; renders a `<section>`.
 */
export function SimilarCars({ res, tenant }: { res: CarResponse; tenant: TenantSettings }) {
  const [hits, setHits] = useState<SearchHit[] | null | "failed">(null);
  const perView = usePerView();
  const slug = res.car.slug;
  const fallback = similarFallbackPath(res.car);
  useEffect(() => {
    const ac = new AbortController();
    setHits(null);
    const mine = (list: SearchHit[]) => list.filter((h) => h.slug !== slug).slice(0, 6);
    hitsOf(`/api/v1/cars/${encodeURIComponent(slug)}/similar`, ac.signal)
      .catch((e: unknown) => {
        if (ac.signal.aborted) throw e;
        console.error("[forecourt] Failed to fetch similar cars.", e);
        return hitsOf(fallback, ac.signal);
      })
      .then(
        (list) => setHits(mine(list)),
        (e: unknown) => {
          if (ac.signal.aborted) return;
          console.error("[forecourt] The similar-cars fallback search failed.", e);
          setHits("failed");
        },
      );
    return () => ac.abort();
  }, [slug, fallback]);
  if (hits === "failed" || (Array.isArray(hits) && hits.length === 0)) return null;
  const noun = tenant.wording.vehicle_noun || "Cars";
  const title = similarTitle(res.car.make, res.car.car_type, Array.isArray(hits) ? hits : [], noun);
  const noPrice = tenant.wording.no_price_text || "Enquire for price";
  return (
    <Section title={title} id="similar">
      {hits == null ? (
        <div className="fc-similar__loading" role="status" aria-label="Loading similar cars">
          {Array.from({ length: SIMILAR_SKELETONS }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : (
        <Carousel
          label={title}
          perView={perView}
          items={hits.map((h) => (
            <RemoteSlot
              key={h.slug}
              module="SearchCard"
              props={similarCard(h, noPrice)}
              fallback={FALLBACKS.SearchCard}
              loading={<Skeleton height={320} />}
            />
          ))}
        />
      )}
    </Section>
  );
}

/**
 * 'From Our Blog': the blog posts about the car's make (or every car) from the tenant's VDP
 * content (docs/features/shopper-core.md §2 "blogs"). Takes the posts; renders a `<section>`.
 */
export function Blogs({ blogs }: { blogs: readonly BlogLink[] }) {
  return (
    <Section title="From Our Blog" id="blogs">
      <ul className="fc-vdp-blogs">
        {blogs.map((b) => (
          <li key={b.href}>
            <a href={b.href}>{b.title}</a>
            {b.summary ? <p className="fc-muted">{b.summary}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const USED_CHECKS = [
  "Independent vehicle history check",
  "Odometer verified",
  "Not recorded as written off or stolen",
  "No money owing (PPSR checked)",
  "Multi-point mechanical inspection",
  "Roadworthy on delivery",
];

/** Props of {@link Details}: the car, tenant, VDP config, the page's copy-link state and handler, and the finance widget's figures. */
export interface DetailsProps {
  res: CarResponse;
  tenant: TenantSettings;
  config: VdpConfig;
  copied: boolean;
  onCopy: () => void;
  /** The finance widget's figures (src/vdp/tools/quote.ts), for the 'Car Finance' card; absent: no card. */
  finance?: FinanceFigures;
}

/**
 * Everything below the VDP's first screen, loaded when the shopper scrolls near it (docs/features/shopper-core.md
 * §2): collapsible tabs (What's Included, Why Buy From Us? with the sales counter, Reserve Online
 * with the tenant's deposit and hold time, Protect Your Car, Features with 8 then Show All),
 * key information (4 then Show More), '{Car type} Details', used-car checks, the certified
 * pre-owned panel (its own chunk, docs/features/platform.md "Marketing and content pages"), the dealer video,
 * the fuel calculator (not for electric cars) and delivery calculator (tenant `tools.delivery`),
 * full specifications, the finance calculator and 'Car Finance' card, the price-comparison
 * gauge, call-the-dealer, share row, three-feature banner, disclaimer and similar cars; the tools
 * load near the viewport (src/vdp/tools/). Takes {@link DetailsProps}; renders a fragment.
 */
export default function Details({ res, tenant, config, copied, onCopy, finance }: DetailsProps) {
  const car = res.car;
  const tools = toolsConfig(tenant);
  const eagerFinance = typeof window !== "undefined" && window.location.hash === "#finance-calculator";
  const type = `${car.car_type.charAt(0).toUpperCase()}${car.car_type.slice(1)}`;
  const video = car.video_url || car.external_video_url;
  const specs = fullSpecRows(car);
  const vdpContent = useContent(VDP_CONTENT_API, parseVdpContent);
  const promises = vdpContent.status === "ok" ? carPromises(vdpContent.data, car.make, car.car_type) : null;
  const tabs = [
    {
      id: "included",
      title: "What's Included",
      content: (
        <ul>
          <li data-warranty="">
            {promises?.warranty ??
              (car.car_type === "used" ? "3-year standard warranty" : "Full manufacturer's new-car warranty")}
          </li>
          {promises?.moneyBack ? (
            <li data-money-back={promises.moneyBack.hours}>
              <strong>{promises.moneyBack.title}</strong>: {promises.moneyBack.text}
            </li>
          ) : null}
          <li>Comprehensive pre-delivery inspection and detail</li>
          <li>Full tank of fuel or charge on delivery</li>
          <li>12 months roadside assistance</li>
        </ul>
      ),
    },
    {
      id: "why-buy",
      title: "Why Buy From Us?",
      content: (
        <>
          <p>
            <SalesCounter /> cars sold this month. Trusted local dealer, fair prices and finance options to suit you.
          </p>
          <p>Every car is inspected, and our team looks after you long after you drive away.</p>
        </>
      ),
    },
    {
      id: "reserve",
      title: "Reserve Online",
      content: (
        <p data-reserve="">
          Reserve this car online with a {formatMoney(config.reserveDeposit)} deposit, 100% refundable. We'll hold it for you for{" "}
          {config.reserveHoldHours} hours.
        </p>
      ),
    },
    {
      id: "protect",
      title: "Protect Your Car",
      content: (
        <p>
          Extended warranty, paint and interior protection, and insurance options are available. Ask our team when you enquire.
        </p>
      ),
    },
    ...(car.standardEquipment.length > 0
      ? [
          {
            id: "features",
            title: "Features",
            content: (
              <ShowMore items={car.standardEquipment} limit={FEATURES_LIMIT} more="Show All" less="Hide" label="Features" />
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="fc-vdp-details" data-vdp-details="">
      <Accordion items={tabs} />
      <Section title="Key Information" id="key-info">
        <ShowMore items={keyFacts(car)} limit={FACTS_LIMIT} more="Show More" less="Show Less" label="Key information" />
      </Section>
      <Section title={`${type} Details`} id="details">
        <ShowMore items={detailRows(car)} limit={Number.POSITIVE_INFINITY} more="" less="" label={`${type} details`} />
      </Section>
      {car.car_type === "used" ? (
        <Section title="Used Car Checks" id="checks">
          <ul className="fc-checks">
            {USED_CHECKS.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {showsCertifiedPanel(res, tenant) ? (
        <Suspense fallback={<div style={{ minHeight: 120 }} />}>
          <CertifiedPanel res={res} />
        </Suspense>
      ) : null}
      {video ? (
        <Section title="Dealer Video" id="video">
          <VideoPlayer url={video} title={`${res.name} video`} />
        </Section>
      ) : null}
      {tools.fuel !== false && !isElectric(car) ? (
        <ToolSlot minHeight={320} eager={false}>
          <FuelCalculator res={res} overrides={tools.fuel} />
        </ToolSlot>
      ) : null}
      {tools.delivery ? (
        <ToolSlot minHeight={200} eager={false}>
          <DeliveryCalculator res={res} />
        </ToolSlot>
      ) : null}
      {specs.length > 0 ? (
        <Section title="Full Specifications" id="specs">
          <ShowMore items={specs} limit={Number.POSITIVE_INFINITY} more="" less="" label="Full specifications" />
        </Section>
      ) : null}
      {res.finance?.calculator ? (
        <ToolSlot minHeight={560} eager={eagerFinance}>
          <FinanceCalculator res={res} />
        </ToolSlot>
      ) : null}
      {finance?.show ? (
        <ToolSlot minHeight={220} eager={false}>
          <CarFinanceCard res={res} figures={finance} />
        </ToolSlot>
      ) : null}
      {shownPrice(res.price_view) !== null ? (
        <ToolSlot minHeight={0} eager={false}>
          <PriceGauge res={res} />
        </ToolSlot>
      ) : null}
      <CallDealer res={res} tenant={tenant} />
      <Section title="Share" id="share">
        <ShareRow url={window.location.href} title={res.name} hideTwitter={config.hideTwitter} copied={copied} onCopy={onCopy} />
      </Section>
      <FeatureBanner />
      <p className="fc-disclaimer fc-muted">
        Disclaimer: while every care is taken, the details, specifications, features and price of this vehicle are supplied by the
        dealer and may change without notice. Please confirm them with {tenant.name} before you buy. Images may show options not
        fitted to this vehicle.
      </p>
      <SimilarCars res={res} tenant={tenant} />
      {promises && promises.blogs.length > 0 ? <Blogs blogs={promises.blogs} /> : null}
    </div>
  );
}
