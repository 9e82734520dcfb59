import { MapPin, Play } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import type { CarResponse } from "../api/types";
import { GALLERY_SIZES, GALLERY_WIDTHS, imageAt, imageSrcSet, placeholderImage } from "../lib/images";

const FullScreen = lazy(() => import("./FullScreen"));

/**
 * Photos shown before the thumbnail strip appears (docs/features/shopper-core.md §5
 * "Thumbnail strip only when more than 3 images").
 */
export const THUMBS_FROM = 4;

/** One gallery item: a photo (full and thumbnail URL) or the car's video. */
export type MediaItem = { kind: "image"; url: string; thumb: string } | { kind: "video"; url: string };

/**
 * The gallery's items: the car's photos in order, then its video (`video_url`, else
 * `external_video_url`) when it has one. Takes the car response; returns the items.
 */
export function mediaItems(res: CarResponse): MediaItem[] {
  const items: MediaItem[] = res.images.map((i) => ({ kind: "image", url: i.url, thumb: i.thumb_url || i.url }));
  const video = res.car.video_url || res.car.external_video_url;
  if (video) items.push({ kind: "video", url: video });
  return items;
}

/** Props of {@link Gallery}: the car, the location overlay text and anything drawn over the photo. */
export interface GalleryProps {
  res: CarResponse;
  overlay: string;
  /** The first photo is the page's largest content: eager with `fetchpriority=high` (default true). */
  priority?: boolean;
  children?: ReactNode;
}

/**
 * The VDP gallery (docs/features/shopper-core.md §2): the main photo through the host image endpoint with a srcset
 * (eager, `fetchpriority=high` for the first), the location overlay, a thumbnail strip above 3
 * photos (and a Video button), and the full-screen view (loaded on first open) with arrow keys and
 * swipes. No photos: the body-type placeholder. Takes {@link GalleryProps}; renders a `<div>`.
 */
export function Gallery({ res, overlay, priority = true, children }: GalleryProps) {
  const items = mediaItems(res);
  const photos = res.images.length;
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const current = res.images[Math.min(index, Math.max(0, photos - 1))];
  const video = items.findIndex((i) => i.kind === "video");
  const label = photos > 0 ? `${res.name}, photo ${index + 1} of ${photos}` : `${res.name}: no photos yet`;
  const src = current?.url ?? placeholderImage(res.car.simple_body);
  return (
    <div className={`fc-gallery${current ? "" : " fc-gallery--placeholder"}`} data-gallery={photos}>
      <div className="fc-gallery__stage">
        <button
          type="button"
          className="fc-gallery__open"
          onClick={() => setOpen(index)}
          disabled={!current}
          aria-label={current ? `${label}: view full screen` : label}
        >
          <img
            src={imageAt(src, 960)}
            srcSet={imageSrcSet(src, GALLERY_WIDTHS)}
            sizes={GALLERY_SIZES}
            alt={label}
            width={1280}
            height={960}
            loading={priority || index > 0 ? "eager" : "lazy"}
            {...(priority && index === 0 ? { fetchPriority: "high" as const } : {})}
          />
        </button>
        {current ? null : <span className="fc-gallery__soon">Photos coming soon</span>}
        {overlay ? (
          <p className="fc-gallery__overlay">
            <MapPin aria-hidden="true" size={16} className="fc-icon" /> {overlay}
          </p>
        ) : null}
        {children}
      </div>
      {photos >= THUMBS_FROM || video >= 0 ? (
        <ul className="fc-gallery__thumbs" aria-label="Photos">
          {photos >= THUMBS_FROM
            ? res.images.map((img, i) => (
                <li key={img.url}>
                  <button
                    type="button"
                    aria-label={`Show photo ${i + 1} of ${photos}`}
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => setIndex(i)}
                  >
                    <img src={imageAt(img.thumb_url || img.url, 160)} alt="" width={96} height={72} loading="lazy" />
                  </button>
                </li>
              ))
            : null}
          {video >= 0 ? (
            <li>
              <button type="button" className="fc-gallery__video" onClick={() => setOpen(video)}>
                <Play aria-hidden="true" size={16} className="fc-icon" /> Video
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {open != null ? (
        <Suspense fallback={null}>
          <FullScreen
            title={res.name}
            items={items}
            start={open}
            onClose={(at) => {
              setOpen(null);
              if (items[at]?.kind === "image") setIndex(at);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Shows `children` (a lazy chunk) once its place comes within `margin` of the viewport, so
 * below-the-fold parts of the VDP cost nothing on the first load (ui-shell/BUDGETS.md). Until
 * then it holds `minHeight` px of space. Takes the content, the placeholder height and an optional
 * root margin (default 0px); renders a `<div>`.
 */
export function WhenVisible({
  children,
  minHeight,
  margin = "0px",
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    if (typeof IntersectionObserver === "undefined") {
      setShown(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [shown, margin]);
  return (
    <div ref={ref} style={shown ? undefined : { minHeight }}>
      {shown ? <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense> : null}
    </div>
  );
}
