import { Maximize2 } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { CarResponse } from "../api/types";
import { Dialog } from "../design/Dialog";
import { Tabs } from "../design/Tabs";
import { GALLERY_SIZES, GALLERY_WIDTHS, imageAt, imageSrcSet } from "../lib/images";
import type { Hotspot, HotspotPosition, Hotspots } from "./data";
import { autoRotateStep, frameAfterDrag, SPIN_INTERVAL_MS, wrapFrame } from "./maths";
import "./vdp.css";

const rec = (v: unknown): Record<string, unknown> | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** The interior spin image URL (the response's, else the car's), or null. */
export function spinInterior(res: CarResponse): string | null {
  return str((res as { spin_interior_image?: unknown }).spin_interior_image) ?? str(res.car.spin_interior_image);
}

function hotspotList(v: unknown): Hotspot[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((h) => {
    const r = rec(h);
    const id = r && (typeof r.id === "number" ? String(r.id) : str(r.id));
    return r && id ? [{ id, description: str(r.description) ?? "" }] : [];
  });
}

/**
 * The car's hotspots read defensively from `hotspots` (the response's, else the car's): lists
 * without an id are dropped, positions need numeric angle and coordinates. Returns empty lists when absent.
 */
export function readHotspots(res: CarResponse): Hotspots {
  const raw = rec(res.hotspots) ?? rec(res.car.hotspots) ?? {};
  const positions: Record<string, HotspotPosition[]> = {};
  for (const [key, list] of Object.entries(rec(raw.positions) ?? {})) {
    if (!Array.isArray(list)) continue;
    positions[key] = list.flatMap((p) => {
      const r = rec(p);
      if (!r || typeof r.activeAngle !== "number" || typeof r.posX !== "number" || typeof r.posY !== "number") return [];
      return [{ hotspotId: String(r.hotspotId ?? key), activeAngle: r.activeAngle, posX: r.posX, posY: r.posY }];
    });
  }
  return { exterior: hotspotList(raw.exterior), interior: hotspotList(raw.interior), positions };
}

/** What the spin stage is doing: loading frames, turning by itself, or waiting for the shopper. */
export type SpinState = "loading" | "rotating" | "idle";

/**
 * Loads every frame URL as the spin stage shows it, with the stage's `srcset` and `sizes` (so the
 * browser picks the width the stage will ask for: a frame preloaded at another width is fetched
 * again, and flashes, when the turn reaches it) and decodes it off the main thread where the
 * browser can (`HTMLImageElement.decode`); returns true once all have loaded or failed (failures are
 * logged to the console only: docs/features/shopper-core.md §8 "Spin images or 3D assets fail: console only").
 * The downloads start once the page has loaded. Takes the URLs; returns whether all are settled.
 */
export function useAllLoaded(urls: readonly string[]): boolean {
  const [done, setDone] = useState(urls.length === 0);
  const key = urls.join("\n");
  useEffect(() => {
    const list = key ? key.split("\n") : [];
    let left = list.length;
    let live = true;
    setDone(left === 0);
    const settle = () => {
      left -= 1;
      if (left === 0 && live) setDone(true);
    };
    const imgs: HTMLImageElement[] = [];
    // The frames (dozens of photos) start after the page's own load: they do not compete with the
    // first load's photo and scripts, nor hold the window's load event.
    const start = () => {
      if (!live) return;
      for (const u of list) {
        const img = new Image();
        const failed = () => {
          console.error(`[forecourt] spin frame failed to load: ${u}`);
          settle();
        };
        // sizes and srcset before src: the browser chooses once, as for the stage's <img>.
        const srcset = imageSrcSet(u, GALLERY_WIDTHS);
        if (srcset) {
          img.sizes = GALLERY_SIZES;
          img.srcset = srcset;
        }
        img.src = imageAt(u, 960);
        if (typeof img.decode === "function") {
          img.decode().then(settle, failed);
        } else {
          img.onload = settle;
          img.onerror = failed;
        }
        imgs.push(img);
      }
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      live = false;
      window.removeEventListener("load", start);
      for (const i of imgs) {
        i.onload = null;
        i.onerror = null;
      }
    };
  }, [key]);
  return done;
}

function HotspotPins({
  list,
  positions,
  frame,
}: {
  list: Hotspot[];
  positions: Record<string, HotspotPosition[]>;
  frame: number | null;
}) {
  return (
    <>
      {list.flatMap((h) => {
        const at = (positions[h.id] ?? []).find((p) => frame == null || p.activeAngle === frame);
        if (!at) return [];
        return [
          <span key={h.id} className="fc-hotspot" style={{ left: `${at.posX}%`, top: `${at.posY}%` }} data-hotspot={h.id}>
            <button type="button" className="fc-hotspot__pin" aria-describedby={`fc-hotspot-${h.id}`}>
              <span className="fc-visually-hidden">Feature</span>+
            </button>
            <span role="tooltip" id={`fc-hotspot-${h.id}`} className="fc-hotspot__tip">
              {h.description}
            </span>
          </span>,
        ];
      })}
    </>
  );
}

/** Props of {@link Spin}: frame URLs in order, the car name, the exterior hotspots and positions. */
export interface SpinProps {
  frames: string[];
  name: string;
  hotspots: Hotspot[];
  positions: Record<string, HotspotPosition[]>;
  /** Offer the 'Full screen' button (default true; false inside the full-screen view itself). */
  fullScreen?: boolean;
}

/**
 * The 360° spin (docs/features/shopper-core.md §2, §4 "Spin viewer", §9): one placeholder image until every frame
 * has loaded, then one full auto-rotate turn at 100 ms a frame that stops at the first frame (or
 * at the shopper's first drag); dragging turns one frame per 20 px; Left/Right keys turn one frame;
 * the 'Swipe to spin' hint goes after the first drag; hotspots of the shown frame with tooltips;
 * a 'Full screen' button opens the spin in a full-screen dialog, a separate state (§4 "full-screen is
 * a separate state") that starts where the page's spin is.
 * Takes {@link SpinProps}; renders the stage (`data-spin-state`, `data-spin-frame` for tests).
 */
export function Spin({ frames, name, hotspots, positions, fullScreen = true }: SpinProps) {
  const count = frames.length;
  const [full, setFull] = useState(false);
  const loaded = useAllLoaded(frames);
  const [frame, setFrame] = useState(0);
  const [rotating, setRotating] = useState(true);
  const [dragged, setDragged] = useState(false);
  const drag = useRef<{ x: number; start: number } | null>(null);

  useEffect(() => {
    if (!loaded || !rotating) return;
    let tick = 0;
    const id = setInterval(() => {
      tick += 1;
      const step = autoRotateStep(tick, count);
      setFrame(step.frame);
      if (step.done) {
        clearInterval(id);
        setRotating(false);
      }
    }, SPIN_INTERVAL_MS);
    return () => clearInterval(id);
  }, [loaded, rotating, count]);

  const state: SpinState = !loaded ? "loading" : rotating ? "rotating" : "idle";
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!loaded) return;
    drag.current = { x: e.clientX, start: frame };
    setRotating(false);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || count === 0) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) >= 1) setDragged(true);
    setFrame(frameAfterDrag(d.start, dx, count));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!loaded || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
    e.preventDefault();
    setRotating(false);
    setFrame((f) => wrapFrame(f + (e.key === "ArrowLeft" ? -1 : 1), count));
  };
  const src = frames[loaded ? frame : 0] ?? "";
  return (
    <div className="fc-spin" data-spin-state={state} data-spin-frame={frame}>
      <div
        className="fc-spin__stage"
        role="slider"
        aria-label={`${name}, 360° view. Drag or use the arrow keys to spin.`}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={frame + 1}
        aria-valuetext={`Frame ${frame + 1} of ${count}`}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
      >
        <img
          src={imageAt(src, 960)}
          srcSet={imageSrcSet(src, GALLERY_WIDTHS)}
          sizes={GALLERY_SIZES}
          alt=""
          width={1280}
          height={960}
          draggable={false}
          fetchPriority="high"
        />
      </div>
      {loaded ? (
        <HotspotPins list={hotspots} positions={positions} frame={frame} />
      ) : (
        <span className="fc-spin__loading">Loading 360° view…</span>
      )}
      {dragged ? null : (
        <span className="fc-spin__hint" data-spin-hint="">
          Swipe to spin
        </span>
      )}
      {fullScreen ? (
        <button
          type="button"
          className="fc-spin__full"
          aria-label={`Full screen 360° view of ${name}`}
          data-spin-full=""
          title="Full screen"
          onClick={() => setFull(true)}
        >
          <Maximize2 aria-hidden="true" size={20} />
        </button>
      ) : null}
      {full ? (
        <Dialog open onOpenChange={(o) => setFull(o)} title={`${name}, 360° view`} className="fc-dialog--full">
          <Spin frames={frames} name={name} hotspots={hotspots} positions={positions} fullScreen={false} />
        </Dialog>
      ) : null}
    </div>
  );
}

/** Props of {@link SpinViewer}: the car (interior image and hotspots), its frames, the gallery (Images tab) and the default tab. */
export interface SpinViewerProps {
  res: CarResponse;
  frames: string[];
  gallery: ReactNode;
  defaultTab: "spin" | "images";
}

/**
 * The spin viewer (docs/features/shopper-core.md §2, §4): tabs Spin, Images (the gallery) and Interior (only with
 * an interior image, with its hotspots); the first tab from the tenant's `vdp.spin_default_tab`.
 * Takes {@link SpinViewerProps}; renders the tabs.
 */
export default function SpinViewer({ res, frames, gallery, defaultTab }: SpinViewerProps) {
  const name = res.name;
  const interior = spinInterior(res);
  const hotspots: Hotspots = readHotspots(res);
  const items = [
    {
      id: "spin",
      label: "Spin",
      content: <Spin frames={frames} name={name} hotspots={hotspots.exterior} positions={hotspots.positions} />,
    },
    { id: "images", label: "Images", content: gallery },
  ];
  if (interior) {
    items.push({
      id: "interior",
      label: "Interior",
      content: (
        <div className="fc-spin fc-spin--interior" data-spin-interior="">
          <img src={imageAt(interior, 1280)} alt={`${name}, interior`} width={1280} height={960} loading="lazy" />
          <HotspotPins list={hotspots.interior} positions={hotspots.positions} frame={null} />
        </div>
      ),
    });
  }
  return (
    <div className="fc-spin-viewer" data-spin-viewer="">
      <Tabs items={items} defaultValue={defaultTab} label="Vehicle views" />
    </div>
  );
}
