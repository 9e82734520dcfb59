// The first paint, before any React: the shell's default header, then the home page's hero or the
// VDP's breadcrumb, gallery and dealer comments, as static HTML built from the host's inline data,
// so the page's largest content is on screen one round trip after the document instead of after
// the whole JavaScript graph. React replaces it in one commit (src/main.tsx), with the template's
// components already loaded: nothing shifts. Markup and classes follow src/components/defaults.tsx
// and src/pages/CarPage.tsx (the shell's CSS styles both); the template's display type sizes come
// from the theme (`--fc-brand-*`, `--fc-hero-title-*`), so headings keep their size when the
// template's components replace these.
import type { CarResponse } from "../api/types";
import type { HeroImageView, HomeHeroProps, SiteHeaderProps } from "../contract";
import { formatThousands } from "../lib/format";
import { GALLERY_SIZES, GALLERY_WIDTHS, imageAt, imageSrcSet } from "../lib/images";
import { htmlToText, truncate } from "../lib/text";
import { COMMENTS_LIMIT, homeHeroProps, siteHeaderProps } from "../lib/views";
import { featuredCars, heroImage, isSearchPage as isFeaturedPage } from "../pages/home/featured";
import { cardImage, FIRST_ROW, type SearchResponse } from "../search/cards";
import { CONDITIONS } from "../search/route";
import type { Theme } from "../theme/theme";
import type { FirstLoadPage } from "./firstLoad";
import { inlinePageFor } from "./handoff";
import type { InlineData } from "./inline";

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and double-quoted attributes. */
export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESC[c] as string);
}

const link = (href: string, label: string, cls = "") => `<a${cls ? ` class="${cls}"` : ""} href="${esc(href)}">${esc(label)}</a>`;

function header({ siteName, logoUrl, nav, phones }: SiteHeaderProps): string {
  const brand = logoUrl ? `<img src="${esc(logoUrl)}" alt="${esc(siteName)}" height="40">` : esc(siteName);
  return (
    `<header class="fc-header"><div class="fc-container fc-header__inner">` +
    `<a class="fc-header__brand" href="/">${brand}</a>` +
    `<nav aria-label="Main"><ul class="fc-header__nav">${nav.map((l) => `<li>${link(l.href, l.label)}</li>`).join("")}</ul></nav>` +
    `<ul class="fc-header__phones" aria-label="Call us">${phones
      .map((p) => `<li><span>${esc(p.label)}: </span>${link(p.href, p.display)}</li>`)
      .join("")}</ul></div></header>`
  );
}

function picture(image: HeroImageView): string {
  const set = image.srcSet ? ` srcset="${esc(image.srcSet)}" sizes="${esc(image.sizes ?? "100vw")}"` : "";
  return (
    `<a class="fc-hero__figure" href="${esc(image.href)}"><img src="${esc(image.src)}"${set} width="${image.width}" height="${image.height}" alt="${esc(image.alt)}" fetchpriority="high">` +
    `<span class="fc-hero__caption">${esc(image.caption)}</span></a>`
  );
}

function hero({ headline, subheadline, searchLinks, stats, primaryAction, image }: HomeHeroProps): string {
  const button = (href: string, label: string, variant: string) => link(href, label, `fc-button fc-button--${variant}`);
  const statList =
    stats.length > 0
      ? `<dl class="fc-hero__stats">${stats.map((s) => `<div><dt>${esc(s.label)}</dt><dd>${esc(s.value)}</dd></div>`).join("")}</dl>`
      : "";
  return (
    `<section class="fc-hero${image ? " fc-hero--pictured" : ""}"><div class="fc-container fc-hero__grid">${image ? picture(image) : ""}` +
    `<div class="fc-hero__text"><h1>${esc(headline)}</h1><p>${esc(subheadline)}</p>` +
    `<p class="fc-hero__actions">${button(primaryAction.href, primaryAction.label, "primary")}${searchLinks
      .map((l) => button(l.href, l.label, "secondary"))
      .join("")}</p>${statList}</div></div></section>`
  );
}

function vdp(res: CarResponse): string {
  const car = res.car;
  const type = `${car.car_type.charAt(0).toUpperCase()}${car.car_type.slice(1)} cars`;
  const first = res.images[0];
  // The same image, srcset and sizes as the VDP gallery (src/vdp/Gallery.tsx): one download, one LCP element.
  const set = first ? imageSrcSet(first.url, GALLERY_WIDTHS) : undefined;
  const gallery = first
    ? `<div class="fc-gallery"><img src="${esc(imageAt(first.url, 960))}"${set ? ` srcset="${esc(set)}" sizes="${GALLERY_SIZES}"` : ""} width="1280" height="960" fetchpriority="high" alt="${esc(`${res.name}, photo 1 of ${res.images.length}`)}"></div>`
    : `<div class="fc-gallery fc-gallery--empty" role="img" aria-label="${esc(`${res.name}: no photos yet`)}"><span>Photos coming soon</span></div>`;
  const text = car.dealercomments ? htmlToText(car.dealercomments) : "";
  const comments = text ? esc(truncate(text, COMMENTS_LIMIT)) : "Dealer comments are pending. Please check back here later.";
  return (
    `<nav aria-label="Breadcrumb" class="fc-container fc-breadcrumb"><ol><li>${link("/", "Home")}</li>` +
    `<li>${link(`/search/${car.car_type}-cars`, type)}</li><li aria-current="page">${esc(res.name)}</li></ol></nav>` +
    `<div class="fc-container fc-vdp"><div class="fc-vdp__main"><div class="fc-vdp__media">${gallery}</div>` +
    `<details class="fc-disclosure" open><summary class="fc-disclosure__summary">Dealer Comments</summary>` +
    `<div class="fc-disclosure__content"><div class="fc-comments"><p>${comments}</p></div></div></details></div></div>`
  );
}

type InlineSearchPage = SearchResponse & { scope?: { heading?: string; breadcrumbs?: { label: string; href: string }[] } };

function isSearchPage(v: unknown): v is InlineSearchPage {
  const r = v as SearchResponse;
  return typeof r === "object" && r !== null && Array.isArray(r.hits) && typeof r.address === "string";
}

/**
 * The SRP's top from its inline first page: breadcrumb and heading (the host's route scope, or the
 * condition's), the count and the first row of cards (image with srcset and high priority, title), in the page's own markup and classes, so the first card's image is the first paint's
 * largest content. Empty when the inline data has no search page for this path.
 */
function srp(data: InlineData, path: string): string {
  const page = data.route?.id.startsWith("search") && data.route.path === path ? data.page : null;
  if (!isSearchPage(page)) return "";
  const slug = path.split("/")[2] ?? "new-used-and-demo-cars";
  const condition = CONDITIONS.find((c) => c.slug === slug);
  const heading = page.scope?.heading ?? condition?.label;
  if (!heading) return "";
  const crumbs = page.scope?.breadcrumbs ?? [
    { label: "Home", href: "/" },
    { label: heading, href: path },
  ];
  const noun = data.tenant.wording.vehicle_noun || "Cars";
  const cards = page.hits.slice(0, FIRST_ROW).map((h, i) => {
    const img = cardImage(h, i);
    const set = img.srcSet ? ` srcset="${esc(img.srcSet)}" sizes="${esc(img.sizes ?? "100vw")}"` : "";
    return (
      `<li class="fc-srp-cell"><article class="fc-card"><a class="fc-card__media" href="${esc(h.path)}" tabindex="-1">` +
      `<img src="${esc(img.src)}"${set} width="${img.width}" height="${img.height}" alt=""${i === 0 ? ' fetchpriority="high"' : ""}></a>` +
      `<h3 class="fc-card__title">${link(h.path, `${h.year} ${h.make} ${h.model}`)}</h3></article></li>`
    );
  });
  return (
    `<section class="fc-container fc-page fc-srp" data-page="search">` +
    `<nav aria-label="Breadcrumb" class="fc-breadcrumb"><ol>${crumbs
      .map((c, i) =>
        i === crumbs.length - 1 ? `<li aria-current="page">${esc(c.label)}</li>` : `<li>${link(c.href, c.label)}</li>`,
      )
      .join("")}</ol></nav>` +
    `<div class="fc-srp__head"><h1>${esc(heading)}</h1><p class="fc-srp__count">${esc(
      `${formatThousands(page.count_display)} ${noun} found`,
    )}</p></div><div class="fc-srp__body"><div class="fc-srp__aside"></div><div class="fc-srp__results"><h2 class="fc-visually-hidden">Results</h2>` +
    `<ul class="fc-srp-grid">${cards.join("")}</ul></div></div></section>`
  );
}

/**
 * The first paint of a page: the default header, then the home page's hero, the VDP's top when
 * the inline data has the car, or the SRP's top and first row of cards when it has the search page. Takes the inline data, the page (src/boot/firstLoad.ts), the path
 * and the resolved theme; returns the HTML for `#root` (escaped; marked `data-fc-first-paint`, with
 * no `data-fc-component`: it is not a component) and whether it has the page's main content.
 */
export function firstPaint(data: InlineData, page: FirstLoadPage, path: string, theme: Theme): { html: string; main: boolean } {
  const car = page === "car" ? inlinePageFor(data, "car", path) : undefined;
  const featured = page === "home" ? inlinePageFor(data, "home", path) : undefined;
  const image = featured && isFeaturedPage(featured) ? heroImage(featuredCars(featured.hits)[0]) : null;
  const main =
    page === "home" ? hero({ ...homeHeroProps(data.tenant), image }) : car ? vdp(car) : page === "search" ? srp(data, path) : "";
  const head = header(siteHeaderProps(data.tenant, theme.logoUrl));
  return { html: `<div class="fc-app" data-fc-first-paint="">${head}<main>${main}</main></div>`, main: main !== "" };
}
