import type { CSSProperties } from "react";

/** Props of {@link Skeleton}: CSS width/height (numbers are px) and a shape. */
export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  shape?: "rect" | "text" | "circle";
  className?: string;
}

/**
 * A pulsing placeholder while content loads (docs/features/shopper-core.md §2 "Loading shows skeleton cards").
 * Hidden from assistive technology. Takes {@link SkeletonProps}; renders a `<span>` block.
 */
export function Skeleton({ width = "100%", height = "1em", shape = "rect", className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  return <span aria-hidden="true" className={`fc-skeleton fc-skeleton--${shape} ${className ?? ""}`.trim()} style={style} />;
}

/**
 * A search-card-shaped skeleton (image, title, two lines, price).
 * Takes nothing; renders a card placeholder (docs/features/shopper-core.md §2 search results loading state).
 */
export function SkeletonCard() {
  return (
    <div className="fc-skeleton-card" aria-hidden="true">
      <Skeleton height={180} />
      <Skeleton height="1.4em" width="80%" shape="text" />
      <Skeleton height="1em" width="60%" shape="text" />
      <Skeleton height="1.6em" width="40%" shape="text" />
    </div>
  );
}
