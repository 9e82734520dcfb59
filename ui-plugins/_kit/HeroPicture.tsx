import type { HeroImageView } from "@forecourt/ui-shell/contract";
import css from "./hero-picture.css?inline";
import { Style } from "./Style";

/**
 * The home hero's picture as every template shows it: a featured car of the site's stock (the
 * shell picks it: `HomeHeroProps.image`), linking to its page, loaded first (`fetchpriority`
 * high: it is the page's largest content), with the car's name and price as caption. The box keeps
 * the image's 3:2 size while it loads. Takes the image (null or undefined: renders nothing) and the
 * template's class name for placing it; renders its stylesheet (./hero-picture.css, hoisted once
 * per page) and an `<a>`.
 */
export function HeroPicture({ image, className }: { image: HeroImageView | null | undefined; className: string }) {
  if (!image) return null;
  return (
    <>
      <Style template="kit-hero-picture" css={css} />
      <a className={`kit-hero-pic ${className}`} href={image.href} data-hero-picture="">
        <img
          src={image.src}
          {...(image.srcSet ? { srcSet: image.srcSet, sizes: image.sizes ?? "100vw" } : {})}
          width={image.width}
          height={image.height}
          alt={image.alt}
          fetchPriority="high"
          style={{ display: "block", width: "100%", height: "auto", aspectRatio: "3 / 2", objectFit: "contain" }}
        />
        <span className="kit-hero-pic__caption">{image.caption}</span>
      </a>
    </>
  );
}
