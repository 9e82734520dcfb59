import type { CarCardView } from "@forecourt/ui-shell/contract";

/**
 * A search card's image as the shell prepared it (`card.image`: host image endpoint `srcset` and
 * `sizes`, intrinsic size, `eager` with high fetch priority on the first row, `lazy` below, the
 * body-type placeholder SVG when the car has no photo); older shells without `image` get the plain
 * `imageUrl`, or the template's no-photo text. Takes the card and that text; renders an `<img>`
 * (decorative: the card's title names the car) or a `<span>`. Spec: docs/features/platform.md
 * "Search results page": "Cards' images".
 */
export function CardImage({ card, noPhoto }: { card: CarCardView; noPhoto: string }) {
  const img = card.image;
  if (img) {
    return (
      <img
        src={img.src}
        {...(img.srcSet ? { srcSet: img.srcSet, sizes: img.sizes ?? "100vw" } : {})}
        width={img.width}
        height={img.height}
        alt=""
        loading={img.loading}
        {...(img.fetchPriority ? { fetchPriority: img.fetchPriority } : {})}
        decoding="async"
        data-placeholder={img.placeholder ? "" : undefined}
      />
    );
  }
  return card.imageUrl ? <img src={card.imageUrl} alt="" loading="lazy" /> : <span>{noPhoto}</span>;
}
