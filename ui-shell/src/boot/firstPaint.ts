// The first paint, before any React: the shell's default header, then the home page's hero or the
// VDP's breadcrumb, gallery and dealer comments, as static HTML built from the host's inline data,
// so the page's largest content is on screen one round trip after the document instead of after
// the whole JavaScript graph. React replaces it in one commit (src/main.tsx), with the template's
// components already loaded: nothing shifts. Markup and classes follow src/components/defaults.tsx
// and src/pages/CarPage.tsx (the shell's CSS styles both); the template's display type sizes come
// from the theme (`--fc-brand-*`, `--fc-hero-title-*`), so headings keep their size when the
// template's components replace these.
import type { CarResponse } from "../api/types";
import type { HomeHeroProps, SiteHeaderProps } from "../contract";
import { htmlToText, truncate } from "../lib/sanitize";
import { COMMENTS_LIMIT, homeHeroProps, siteHeaderProps } from "../lib/views";
import type { Theme } from "../theme/theme";
import type { FirstLoadPage } from "./firstLoad";
import { type InlineData, inlinePageFor } from "./inline";

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

function hero({ headline, subheadline, searchLinks, stats, primaryAction }: HomeHeroProps): string {
  const button = (href: string, label: string, variant: string) => link(href, label, `fc-button fc-button--${variant}`);
  const statList =
    stats.length > 0
      ? `<dl class="fc-hero__stats">${stats.map((s) => `<div><dt>${esc(s.label)}</dt><dd>${esc(s.value)}</dd></div>`).join("")}</dl>`
      : "";
  return (
    `<section class="fc-hero"><div class="fc-container"><h1>${esc(headline)}</h1><p>${esc(subheadline)}</p>` +
    `<p class="fc-hero__actions">${button(primaryAction.href, primaryAction.label, "primary")}${searchLinks
      .map((l) => button(l.href, l.label, "secondary"))
      .join("")}</p>${statList}</div></section>`
  );
}

function vdp(res: CarResponse): string {
  const car = res.car;
  const type = `${car.car_type.charAt(0).toUpperCase()}${car.car_type.slice(1)} cars`;
  const first = res.images[0];
  const gallery = first
    ? `<div class="fc-gallery"><img src="${esc(first.url)}" alt="${esc(`${res.name}, 1 of ${res.images.length}`)}"></div>`
    : `<div class="fc-gallery fc-gallery--empty" role="img" aria-label="${esc(`${res.name}: no photos yet`)}"><span>Photos coming soon</span></div>`;
  const text = car.dealercomments ? htmlToText(car.dealercomments) : "";
  const comments = text ? esc(truncate(text, COMMENTS_LIMIT)) : "Dealer comments are pending. Please check back here later.";
  return (
    `<nav aria-label="Breadcrumb" class="fc-container fc-breadcrumb"><ol><li>${link("/", "Home")}</li>` +
    `<li>${link(`/search/${car.car_type}-cars`, type)}</li><li aria-current="page">${esc(res.name)}</li></ol></nav>` +
    `<div class="fc-container fc-vdp"><div class="fc-vdp__main">${gallery}` +
    `<details class="fc-disclosure" open><summary class="fc-disclosure__summary">Dealer Comments</summary>` +
    `<div class="fc-disclosure__content"><div class="fc-comments"><p>${comments}</p></div></div></details></div></div>`
  );
}

/**
 * The first paint of a page: the default header, then the home page's hero, or the VDP's top when
 * the inline data has the car. Takes the inline data, the page (src/boot/firstLoad.ts), the path
 * and the resolved theme; returns the HTML for `#root` (escaped; marked `data-fc-first-paint`, with
 * no `data-fc-component`: it is not a component) and whether it has the page's main content.
 */
export function firstPaint(data: InlineData, page: FirstLoadPage, path: string, theme: Theme): { html: string; main: boolean } {
  const car = page === "car" ? inlinePageFor(data, "car", path) : undefined;
  const main = page === "home" ? hero(homeHeroProps(data.tenant)) : car ? vdp(car) : "";
  const head = header(siteHeaderProps(data.tenant, theme.logoUrl));
  return { html: `<div class="fc-app" data-fc-first-paint="">${head}<main>${main}</main></div>`, main: main !== "" };
}
