import { useEffect, useRef } from "react";
import { imageAt, imageSrcSet } from "../lib/images";
import { openImageGateAfterPaint } from "./gate";
import { IMAGE_BOX, IMAGE_SIZES } from "./models";

/** Props of {@link ModelImage}. */
export interface ModelImageProps {
  /** A host path (`/img/illustrations/suv-blue-35.png`) or an external URL (used as it is). */
  src: string;
  /** Alternative text; "" for a decorative image. */
  alt: string;
  /** Which of {@link IMAGE_SIZES} the image is drawn at. */
  size: keyof typeof IMAGE_SIZES;
  /**
   * The page's largest image (the first hero slide, a family's banner): eager,
   * `fetchpriority="high"`; once it has loaded and painted it opens the gate
   * (src/models/gate.tsx) for the rest of the page.
   */
  priority?: boolean;
  /**
   * Eager at low priority: for images rendered only once the gate is open (the hero's other
   * slides, which lazy loading would hold back until they show). Ignored with `priority`.
   */
  deferred?: boolean;
  className?: string;
}

/**
 * An image of the electric-model area through the host's image endpoint: `srcset` over the size's
 * widths (the host rounds each up to its ladder and picks AVIF/WebP), `sizes`, and the 3:2
 * `width`/`height` so its box is reserved before it loads (no layout shift). Lazy unless
 * `priority` (eager, high; opens src/models/gate.tsx once painted) or `deferred` (eager, low).
 * Takes {@link ModelImageProps}; renders an `<img>`.
 * Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area"; ui-shell/README.md images.
 */
export function ModelImage({ src, alt, size, priority = false, deferred = false, className }: ModelImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A largest image that was already complete (from the preload) fires no load event to catch.
    if (priority && ref.current?.complete) openImageGateAfterPaint();
  }, [priority]);
  const { widths, sizes } = IMAGE_SIZES[size];
  const srcSet = imageSrcSet(src, widths);
  return (
    <img
      ref={ref}
      className={className}
      src={imageAt(src, widths[widths.length - 1] ?? 960)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={IMAGE_BOX.width}
      height={IMAGE_BOX.height}
      alt={alt}
      loading={priority || deferred ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : deferred ? "low" : "auto"}
      onLoad={priority ? openImageGateAfterPaint : undefined}
      onError={priority ? openImageGateAfterPaint : undefined}
    />
  );
}
