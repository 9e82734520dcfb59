import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Dialog } from "../design/Dialog";
import { imageAt, imageSrcSet } from "../lib/images";
import type { MediaItem } from "./Gallery";
import { wrapFrame } from "./maths";
import { VideoPlayer } from "./Video";
import "./vdp.css";

/** Horizontal travel, px, that counts as a swipe in the full-screen view. */
export const SWIPE_PX = 40;

/** Full-screen widths, CSS px. */
const FULL_WIDTHS = [960, 1280, 1600, 1920] as const;

/** Props of {@link FullScreen}: the car name, the gallery items, the first index and the close callback (told the last index). */
export interface FullScreenProps {
  title: string;
  items: MediaItem[];
  start: number;
  onClose: (index: number) => void;
}

/**
 * The gallery's full-screen view (docs/features/shopper-core.md §2 "full-screen view with arrow-key navigation"):
 * a Radix dialog with the photo (or video), previous/next buttons, Left/Right arrow keys and
 * touch swipes (wrapping at the ends), and an 'n of m' counter. Takes {@link FullScreenProps};
 * renders the dialog.
 */
export default function FullScreen({ title, items, start, onClose }: FullScreenProps) {
  const [index, setIndex] = useState(start);
  const touch = useRef<number | null>(null);
  const count = items.length;
  const go = (to: number) => setIndex(wrapFrame(to, count));
  const item = items[index];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      go(index + (e.key === "ArrowLeft" ? -1 : 1));
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose(index)} title={title} className="fc-dialog--full">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the focused buttons inside bubble here. */}
      <div
        className="fc-full"
        data-full-index={index}
        onKeyDown={onKeyDown}
        onTouchStart={(e) => {
          touch.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const x0 = touch.current;
          const x1 = e.changedTouches[0]?.clientX;
          touch.current = null;
          if (x0 == null || x1 == null || Math.abs(x1 - x0) < SWIPE_PX) return;
          go(index + (x1 < x0 ? 1 : -1));
        }}
      >
        <div className="fc-full__stage">
          {item?.kind === "image" ? (
            <img
              src={imageAt(item.url, 1600)}
              srcSet={imageSrcSet(item.url, FULL_WIDTHS)}
              sizes="100vw"
              alt={`${title}, ${index + 1} of ${count}`}
            />
          ) : item ? (
            <VideoPlayer url={item.url} title={`${title} video`} />
          ) : null}
        </div>
        <div className="fc-full__controls">
          <button type="button" className="fc-full__arrow" aria-label="Previous" onClick={() => go(index - 1)}>
            <ChevronLeft aria-hidden="true" size={24} />
          </button>
          <p aria-live="polite" className="fc-full__count">
            {index + 1} of {count}
          </p>
          <button type="button" className="fc-full__arrow" aria-label="Next" onClick={() => go(index + 1)}>
            <ChevronRight aria-hidden="true" size={24} />
          </button>
        </div>
      </div>
    </Dialog>
  );
}
