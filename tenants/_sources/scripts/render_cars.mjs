#!/usr/bin/env node
// Renders the demo tenants' car illustrations (no real car photos are available offline; see
// ../PROVENANCE.md "Demo media"). Output: ../media/illustrations/*.png and MANIFEST.json, served
// by the host image endpoint as /img/illustrations/<file> for every demo tenant (tenant.toml
// `media_dir`).
//
// Each body type (sedan, suv, wagon, hatch, coupe, convertible, ute, van) is modelled procedurally with three.js
// (the `three` devDependency of the root package.json): a lofted lower body with wheel arches, a
// lofted glasshouse (windscreen, roof, rear window or tailgate, pillars), tinted glass, tyres and
// alloy rims, head and tail lights, mirrors, door shut lines, a soft contact shadow and a studio
// backdrop, with physically based materials (the stock colour as clear-coated metallic paint).
// Every car is drawn from the front three-quarter (35°), the side (90°) and the rear
// three-quarter (145°) in ten paint colours; the EV tenant's sedan (IM5) and SUV (IM6) also get 24
// spin frames in its five colours; interior.png shows a cabin (dashboard, screen, steering
// wheel, seats) and wheel.png a close-up of a wheel. Illustrations, not photos.
//
// The pages are rendered in headless Chromium (Debian's /usr/bin/chromium, software GL through
// SwiftShader) driven by playwright-core, one render at a time. Nothing is fetched from the
// network: three.js is served to the page from node_modules by a request handler, and every other
// request is refused. build_demo_media.py (Pillow) then scales each render down (2x
// supersampling) and reduces it to a 256-colour palette, so the folder stays small. Finally this
// script writes MANIFEST.json (file -> sha256, generator), which ui-shell's
// src/__tests__/demoIllustrations.test.ts checks against the demo feeds.
//
//   npm ci                                        # installs three and playwright-core
//   pip install pillow                            # for build_demo_media.py
//   node tenants/_sources/scripts/render_cars.mjs # 15-20 min on 2 cores; writes all 482 files
//   node tenants/_sources/scripts/render_cars.mjs --only=sedan-red-35,interior --out=/tmp/cars
//        (a few files elsewhere, for a look; --angle=180 or --elev=55 look from another side;
//         --raw keeps the 2x renders unpacked; --only without --out re-renders those files in
//         place and rewrites MANIFEST.json)
//
// Environment: CHROMIUM (default /usr/bin/chromium). Deterministic: the geometry, materials and
// cameras are fixed, with no random input, and SwiftShader renders the same pixels for the same
// build, so the same script writes the same files (a different Chromium build may differ in the
// last bit of a few pixels). Run build_demo_stock.py afterwards only if the file names change.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../../..");
const require = createRequire(path.join(ROOT, "package.json"));
const { chromium } = require("playwright-core");
const THREE_DIR = path.resolve(path.dirname(require.resolve("three")), "..");
const THREE_VERSION = JSON.parse(fs.readFileSync(path.join(THREE_DIR, "package.json"), "utf8")).version;

const SHAPES = ["sedan", "suv", "coupe", "hatch", "ute", "van", "wagon", "convertible"];
// Paint: sRGB colour, metalness, roughness. Keys match build_demo_media.py COLOURS (colour_key).
const PAINTS = {
  black: ["#0b0c0e", 0.55, 0.32],
  white: ["#e4e6e7", 0.08, 0.3],
  silver: ["#b3b7bc", 0.75, 0.3],
  grey: ["#5a5f66", 0.6, 0.32],
  blue: ["#1b3c78", 0.6, 0.3],
  red: ["#a3121d", 0.45, 0.3],
  beige: ["#b9a483", 0.5, 0.32],
  green: ["#21483a", 0.6, 0.3],
  yellow: ["#e0ad17", 0.35, 0.3],
  purple: ["#4a285f", 0.6, 0.3],
};
const GALLERY_ANGLES = [35, 90, 145]; // degrees: 0 = head-on front, 90 = side (front to the right)
const SPIN_FRAMES = 24;
const SPIN_COLOURS = ["black", "white", "grey", "blue", "beige"];
const GALLERY_SIZE = [960, 640];
const SPIN_SIZE = [800, 532];
const SUPERSAMPLE = 2;

// ------------------------------------------------------------------------------------------------
// The page: everything below runs inside Chromium, with THREE and the add-ons passed in.

const pageMain = (THREE, { RoomEnvironment }, { RoundedBoxGeometry }) => {
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  renderer.toneMapping = THREE.NeutralToneMapping;
  renderer.toneMappingExposure = 1.0;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  document.body.appendChild(renderer.domElement);
  const pmrem = new THREE.PMREMGenerator(renderer);
  const envMap = pmrem.fromScene(new RoomEnvironment(), 0.035).texture;

  // ---------- helpers ----------
  const lerp = (a, b, t) => a + (b - a) * t;
  const clamp = (v, a, b) => Math.max(a, Math.min(b, v));
  const smooth = (e0, e1, x) => {
    const t = clamp((x - e0) / (e1 - e0), 0, 1);
    return t * t * (3 - 2 * t);
  };
  /** A piecewise-linear profile through [x, z] keys, sampled finely and box-blurred `passes`
   * times with radius `r` (metres), so corners become smooth curves. Returns z(x). */
  function profile(keys, r = 0.08, passes = 3) {
    const x0 = keys[0][0], x1 = keys[keys.length - 1][0];
    const n = 600, dx = (x1 - x0) / n;
    let zs = [];
    for (let i = 0; i <= n; i++) {
      const x = x0 + i * dx;
      let k = 0;
      while (k < keys.length - 2 && x > keys[k + 1][0]) k++;
      const [ax, az] = keys[k], [bx, bz] = keys[k + 1];
      zs.push(lerp(az, bz, clamp((x - ax) / (bx - ax || 1), 0, 1)));
    }
    const rad = Math.max(1, Math.round(r / dx));
    for (let p = 0; p < passes; p++) {
      const out = zs.slice();
      for (let i = 0; i <= n; i++) {
        let s = 0, c = 0;
        for (let j = -rad; j <= rad; j++) {
          const k = clamp(i + j, 0, n);
          s += zs[k];
          c++;
        }
        out[i] = s / c;
      }
      out[0] = zs[0];
      out[n] = zs[n];
      zs = out;
    }
    return (x) => {
      const f = clamp((x - x0) / dx, 0, n);
      const i = Math.min(n - 1, Math.floor(f));
      return lerp(zs[i], zs[i + 1], f - i);
    };
  }
  /** Builds an indexed BufferGeometry from a grid of stations x rings, one material group per
   * class; `cls(i, j)` names the class of the quad between station i..i+1 and ring point j..j+1. */
  function gridGeometry(rows, closed, cls, classes, flip = false) {
    const nS = rows.length, nR = rows[0].length;
    const pos = [];
    for (const row of rows) for (const p of row) pos.push(p[0], p[1], p[2]);
    const idx = classes.map(() => []);
    const segs = closed ? nR : nR - 1;
    for (let i = 0; i < nS - 1; i++) {
      for (let j = 0; j < segs; j++) {
        const j2 = (j + 1) % nR;
        const a = i * nR + j, b = i * nR + j2, c = (i + 1) * nR + j, d = (i + 1) * nR + j2;
        const k = classes.indexOf(cls(i, j));
        if (flip) idx[k].push(a, c, b, b, c, d);
        else idx[k].push(a, b, c, b, d, c);
      }
    }
    const g = new THREE.BufferGeometry();
    g.setAttribute("position", new THREE.Float32BufferAttribute(pos, 3));
    const all = [];
    classes.forEach((_, k) => {
      g.addGroup(all.length, idx[k].length, k);
      all.push(...idx[k]);
    });
    g.setIndex(all);
    g.computeVertexNormals();
    return g;
  }
  function quarterArc(out, cy, cz, ry, rz, a0, a1, n, skipFirst) {
    for (let k = skipFirst ? 1 : 0; k <= n; k++) {
      const a = lerp(a0, a1, k / n);
      out.push([cy + ry * Math.cos(a), cz + rz * Math.sin(a)]);
    }
  }

  // ---------- materials ----------
  const M = {
    glass: new THREE.MeshPhysicalMaterial({ color: 0x080b0f, metalness: 0.0, roughness: 0.08, specularIntensity: 0.5, envMapIntensity: 0.22 }),
    trim: new THREE.MeshPhysicalMaterial({ color: 0x0c0c0d, metalness: 0.1, roughness: 0.3, envMapIntensity: 0.5 }),
    plastic: new THREE.MeshStandardMaterial({ color: 0x17181a, metalness: 0.0, roughness: 0.75 }),
    under: new THREE.MeshStandardMaterial({ color: 0x060606, metalness: 0.0, roughness: 0.95 }),
    tyre: new THREE.MeshStandardMaterial({ color: 0x141414, metalness: 0.0, roughness: 0.88 }),
    rim: new THREE.MeshPhysicalMaterial({ color: 0xc9ccd0, metalness: 0.95, roughness: 0.22, clearcoat: 0.5 }),
    rimDark: new THREE.MeshPhysicalMaterial({ color: 0x2b2d30, metalness: 0.9, roughness: 0.3, clearcoat: 0.5 }),
    disc: new THREE.MeshStandardMaterial({ color: 0x55585c, metalness: 0.8, roughness: 0.45 }),
    chrome: new THREE.MeshStandardMaterial({ color: 0xe8e8e8, metalness: 1.0, roughness: 0.08 }),
    head: new THREE.MeshPhysicalMaterial({ color: 0x9aa3ad, metalness: 1.0, roughness: 0.06, clearcoat: 1, clearcoatRoughness: 0.02 }),
    drl: new THREE.MeshStandardMaterial({ color: 0xffffff, emissive: 0xffffff, emissiveIntensity: 2.2 }),
    tail: new THREE.MeshPhysicalMaterial({ color: 0x7a0710, metalness: 0.1, roughness: 0.12, clearcoat: 1, emissive: 0xd01020, emissiveIntensity: 1.1 }),
    tonneau: new THREE.MeshStandardMaterial({ color: 0x1a1b1d, metalness: 0.0, roughness: 0.85 }),
    fabric: new THREE.MeshStandardMaterial({ color: 0x1c1d20, metalness: 0.0, roughness: 0.95 }),
    line: new THREE.MeshBasicMaterial({ color: 0x050505 }),
  };
  for (const m of Object.values(M)) m.envMap = envMap;
  function paint(hex, metalness, roughness) {
    return new THREE.MeshPhysicalMaterial({
      color: new THREE.Color(hex), metalness, roughness, clearcoat: 1, clearcoatRoughness: 0.04,
      envMap, envMapIntensity: 1.0,
    });
  }

  // ---------- body types (metres; x from the rear bumper (0) to the front (L), z up) ----------
  const TYPES = {
    sedan: {
      L: 5.0, W: 1.9, R: 0.355, rimR: 0.26, tw: 0.25, xr: 0.98, xf: 3.98,
      sill: 0.2, zbEnds: [0.4, 0.3],
      top: [[0, 0.76], [0.1, 0.96], [0.5, 1.0], [0.95, 1.0], [2.2, 0.95], [3.45, 0.93], [4.0, 0.88], [4.7, 0.82], [4.93, 0.75], [5.0, 0.6]],
      gh: { x0: 0.9, rt: 1.5, mid: 2.2, ft: 2.8, x1: 3.45, roof: 1.47, drop: [0.03, 0.01] },
      side: { from: 1.3, b: [2.36, 2.46], c: null },
      lights: { head: [4.93, 0.72, 0.58], tail: [0.06, 0.85, 0.62], tailBar: true },
      doors: [3.45, 2.41, 1.45],
    },
    suv: {
      L: 4.9, W: 1.96, R: 0.385, rimR: 0.255, tw: 0.26, xr: 0.95, xf: 3.9,
      sill: 0.3, zbEnds: [0.5, 0.42], cladding: true, roofRails: true,
      top: [[0, 0.8], [0.06, 1.06], [0.3, 1.1], [3.3, 1.1], [3.9, 1.085], [4.5, 1.05], [4.8, 1.0], [4.88, 0.93], [4.9, 0.8]],
      gh: { x0: 0.06, rt: 0.34, mid: 1.5, ft: 2.62, x1: 3.32, roof: 1.74, drop: [0.05, 0.01] },
      side: { from: 0.4, b: [2.2, 2.3], c: [1.12, 1.2] },
      lights: { head: [4.82, 0.9, 0.6], tail: [0.04, 1.0, 0.64], tailBar: true },
      doors: [3.3, 2.25, 1.18],
    },
    hatch: {
      L: 4.25, W: 1.8, R: 0.32, rimR: 0.22, tw: 0.22, xr: 0.72, xf: 3.37,
      sill: 0.18, zbEnds: [0.38, 0.28],
      top: [[0, 0.74], [0.08, 0.97], [0.3, 1.0], [2.8, 0.965], [3.0, 0.94], [3.6, 0.87], [4.05, 0.79], [4.25, 0.6]],
      gh: { x0: 0.12, rt: 0.48, mid: 1.45, ft: 2.25, x1: 2.96, roof: 1.46, drop: [0.055, 0.01] },
      side: { from: 0.58, b: [1.9, 1.99], c: null },
      lights: { head: [4.18, 0.77, 0.56], tail: [0.1, 1.02, 0.6], tailBar: false },
      doors: [2.98, 1.94, 0.95],
    },
    coupe: {
      L: 4.7, W: 1.9, R: 0.35, rimR: 0.255, tw: 0.27, xr: 0.85, xf: 3.63,
      sill: 0.16, zbEnds: [0.36, 0.26], sporty: true,
      top: [[0, 0.72], [0.12, 0.94], [0.5, 0.97], [0.75, 0.97], [3.3, 0.92], [4.0, 0.8], [4.5, 0.7], [4.7, 0.52]],
      gh: { x0: 0.62, rt: 1.78, mid: 2.15, ft: 2.52, x1: 3.3, roof: 1.34, drop: [0.02, 0.01] },
      side: { from: 1.1, b: null, c: [1.86, 1.9] },
      lights: { head: [4.63, 0.68, 0.6], tail: [0.1, 0.88, 0.62], tailBar: true },
      doors: [3.3, 1.9],
    },
    wagon: {
      L: 4.95, W: 1.86, R: 0.35, rimR: 0.25, tw: 0.25, xr: 0.95, xf: 3.9,
      sill: 0.2, zbEnds: [0.4, 0.3], roofRails: true,
      top: [[0, 0.76], [0.08, 0.97], [0.4, 1.0], [2.2, 0.96], [3.35, 0.93], [4.0, 0.88], [4.68, 0.82], [4.9, 0.75], [4.95, 0.6]],
      gh: { x0: 0.1, rt: 0.42, mid: 1.8, ft: 2.72, x1: 3.36, roof: 1.47, drop: [0.06, 0.01] },
      side: { from: 0.47, b: [2.32, 2.42], c: [1.3, 1.37] },
      lights: { head: [4.88, 0.72, 0.58], tail: [0.06, 0.9, 0.62], tailBar: false },
      doors: [3.38, 2.37, 1.4],
    },
    convertible: {
      L: 4.7, W: 1.9, R: 0.35, rimR: 0.255, tw: 0.27, xr: 0.85, xf: 3.63,
      sill: 0.16, zbEnds: [0.36, 0.26], sporty: true, softTop: true,
      top: [[0, 0.72], [0.12, 0.94], [0.5, 0.97], [0.75, 0.97], [3.3, 0.92], [4.0, 0.8], [4.5, 0.7], [4.7, 0.52]],
      gh: { x0: 1.0, rt: 1.5, mid: 2.05, ft: 2.5, x1: 3.3, roof: 1.32, drop: [0.05, 0.01] },
      side: { from: 1.2, b: null, c: [1.84, 1.9] },
      lights: { head: [4.63, 0.68, 0.6], tail: [0.1, 0.88, 0.62], tailBar: true },
      doors: [3.3, 1.9],
    },
    ute: {
      L: 5.35, W: 1.9, R: 0.39, rimR: 0.225, tw: 0.27, xr: 1.3, xf: 4.52,
      sill: 0.42, zbEnds: [0.55, 0.5], cladding: true, tray: [0.06, 1.97], sportsBar: true,
      top: [[0, 1.02], [0.05, 1.12], [3.4, 1.12], [4.0, 1.12], [4.6, 1.1], [5.15, 1.05], [5.35, 0.84]],
      gh: { x0: 2.02, rt: 2.12, mid: 2.7, ft: 3.36, x1: 4.06, roof: 1.82, drop: [0.01, 0.01] },
      side: { from: 2.2, b: [3.0, 3.09], c: null },
      lights: { head: [5.26, 1.0, 0.6], tail: [0.015, 0.98, 0.78], tailBar: false },
      doors: [4.1, 3.05, 2.05],
    },
    van: {
      L: 5.14, W: 1.93, R: 0.34, rimR: 0.24, tw: 0.24, xr: 0.95, xf: 4.15,
      sill: 0.22, zbEnds: [0.4, 0.32],
      top: [[0, 0.92], [0.05, 1.1], [3.8, 1.1], [4.25, 1.06], [4.7, 0.98], [5.0, 0.88], [5.14, 0.66]],
      gh: { x0: 0.04, rt: 0.16, mid: 2.0, ft: 3.55, x1: 4.26, roof: 1.9, drop: [0.04, 0.02] },
      side: { from: 0.34, b: [3.3, 3.4], c: [1.9, 2.0] },
      lights: { head: [5.07, 0.86, 0.6], tail: [0.02, 1.02, 0.78], tailBar: false },
      doors: [4.2, 3.35, 1.95],
    },
  };

  // ---------- the car ----------
  function buildCar(type, paintMat) {
    const T = TYPES[type];
    const { L, W, R } = T;
    const car = new THREE.Group();
    const half = W / 2;
    const topZ = profile(T.top, 0.09, 3);
    const endZone = [0.4, 0.45]; // rear, front plan rounding
    const planW = (x) => {
      let f = 1;
      if (x < endZone[0]) f = Math.pow(Math.max(0, 1 - Math.pow(clamp(1 - x / endZone[0], 0, 1), 4)), 1 / 4);
      if (x > L - endZone[1]) f = Math.pow(Math.max(0, 1 - Math.pow(clamp((x - (L - endZone[1])) / endZone[1], 0, 1), 4)), 1 / 4);
      return half * f;
    };
    const Ra = R + 0.045;
    const bottomZ = (x) => {
      let z = T.sill;
      z = Math.max(z, lerp(T.zbEnds[0], T.sill, smooth(0, 0.55, x)));
      z = Math.max(z, lerp(T.zbEnds[1], T.sill, smooth(0, 0.6, L - x)));
      for (const xw of [T.xr, T.xf]) {
        const d = Math.abs(x - xw);
        if (d < Ra) z = Math.max(z, R + 0.02 + Math.sqrt(Ra * Ra - d * d));
      }
      return Math.min(z, topZ(x) - 0.03);
    };
    // Stations: cosine spacing (dense at the ends) plus exact breaks at arches and glass edges.
    const xs = new Set();
    const N = 150;
    for (let i = 0; i <= N; i++) xs.add(+(L * (1 - Math.cos((Math.PI * i) / N)) / 2).toFixed(5));
    for (const xw of [T.xr, T.xf]) {
      for (let k = -24; k <= 24; k++) xs.add(+(xw + (Ra * k) / 24.02).toFixed(5));
      xs.add(+(xw - Ra - 0.004).toFixed(5));
      xs.add(+(xw + Ra + 0.004).toFixed(5));
    }
    const breaks = [T.side.from, ...(T.side.b || []), ...(T.side.c || []), T.gh.rt, T.gh.ft, ...(T.tray || []), ...(T.tray ? [T.tray[1] + 0.035] : [])];
    for (const b of breaks) xs.add(+b.toFixed(5));
    const stations = [...xs].filter((x) => x >= 0 && x <= L).sort((a, b) => a - b);

    // Lower body ring: top centre -> right side -> bottom centre -> left side (closed).
    const bodyRing = (x) => {
      const w = Math.max(planW(x), 0.0005);
      const zt = topZ(x), zb = bottomZ(x), H = zt - zb;
      const rt = Math.min(0.11, 0.42 * H, 0.55 * w), rb = Math.min(0.06, 0.22 * H, 0.3 * w);
      const crown = 0.035 * Math.min(1, w / half);
      const pts = [], cls = [];
      const topAt = (y) => zt + crown * (1 - (y / w) * (y / w));
      const inset = (s) => (s > 0.5 ? 0.035 * Math.pow((s - 0.5) / 0.5, 2) : 0.025 * Math.pow((0.5 - s) / 0.5, 2));
      // top: 6 segments
      for (let k = 0; k <= 6; k++) {
        const y = ((w - rt) * k) / 6;
        pts.push([y, topAt(y)]);
        if (k > 0) cls.push("top");
      }
      const yTopSide = w - inset(1) * Math.min(1, w / half);
      const zc = zt - rt;
      const zTop = topAt(w - rt);
      // top corner: 6 segments, an elliptical quarter from (w - rt, zTop) to (yTopSide, zc)
      for (let k = 1; k <= 6; k++) {
        const a = (Math.PI / 2) * (k / 6);
        pts.push([w - rt + (yTopSide - (w - rt)) * Math.sin(a), zc + (zTop - zc) * Math.cos(a)]);
        cls.push("corner");
      }
      // side: 10 segments from z = zc down to zb + rb
      for (let k = 1; k <= 10; k++) {
        const z = lerp(zc, zb + rb, k / 10);
        const s = (z - zb) / Math.max(H, 1e-4);
        pts.push([w - inset(s) * Math.min(1, w / half), z]);
        cls.push(k === 10 ? "lowside" : "side");
      }
      const yb = pts[pts.length - 1][0];
      for (let k = 1; k <= 3; k++) {
        const a = (Math.PI / 2) * (k / 3);
        pts.push([yb - rb + rb * Math.cos(a), zb + rb - rb * Math.sin(a)]);
        cls.push("bottom");
      }
      for (let k = 1; k <= 3; k++) {
        pts.push([(yb - rb) * (1 - k / 3), zb]);
        cls.push("bottom");
      }
      // mirror: left half, bottom centre back up to the top centre (excluding both ends)
      const n = pts.length;
      for (let k = n - 2; k >= 1; k--) pts.push([-pts[k][0], pts[k][1]]);
      for (let k = n - 2; k >= 0; k--) cls.push(cls[k]);
      return { pts, cls };
    };
    const bodyRows = [], bodyCls = [];
    for (const x of stations) {
      const r = bodyRing(x);
      bodyRows.push(r.pts.map(([y, z]) => [x - L / 2, z, y]));
      bodyCls.push(r.cls);
    }
    const bodyClasses = ["paint", "under", "plastic", "tonneau", "line"];
    const bodyGeo = gridGeometry(bodyRows, true, (i, j) => {
      const c = bodyCls[i][j];
      const xm = (stations[i] + stations[i + 1]) / 2;
      if (c === "bottom") return "under";
      if (T.cladding && (c === "lowside" || (c === "side" && bottomZ(xm) > T.sill + 0.05 && bodyRows[i][j][1] < bottomZ(xm) + 0.09))) return "plastic";
      if (T.tray && c === "top" && xm > T.tray[0] && xm < T.tray[1]) return "tonneau";
      if (T.tray && xm > T.tray[1] && xm < T.tray[1] + 0.035 && (c === "top" || c === "corner" || (c === "side" && bodyRows[i][j][1] > 0.62))) return "line";
      return "paint";
    }, bodyClasses);
    const body = new THREE.Mesh(bodyGeo, [paintMat, M.under, M.plastic, M.tonneau, M.line]);
    body.castShadow = true;
    body.receiveShadow = true;
    car.add(body);

    // Glasshouse: open ring from the right belt up over the roof to the left belt.
    const G = T.gh;
    const roofZ = profile([[G.x0, topZ(G.x0) - 0.02], [G.rt, G.roof - G.drop[0]], [G.mid, G.roof], [G.ft, G.roof - G.drop[1]], [G.x1, topZ(G.x1) - 0.02]], 0.07, 3);
    const ghStations = stations.filter((x) => x > G.x0 && x < G.x1);
    ghStations.unshift(G.x0);
    ghStations.push(G.x1);
    const ghRows = [], ghCls = [];
    for (const x of ghStations) {
      const zb = topZ(x) - 0.03, zt = Math.max(roofZ(x), zb + 0.0005), H = zt - zb;
      const wb = planW(x) - 0.03, wt = wb - 0.13 * Math.min(1, H / 0.4);
      const rr = Math.min(0.11, 0.45 * H, 0.3 * wt);
      const pts = [], cls = [];
      for (let k = 0; k <= 7; k++) {
        const z = lerp(zb, zt - rr, k / 7);
        pts.push([lerp(wb, wt, Math.pow(k / 7, 1.3)), z]);
        if (k > 0) cls.push(k === 1 ? "seal" : "side");
      }
      for (let k = 1; k <= 5; k++) {
        const a = (Math.PI / 2) * (k / 5);
        pts.push([wt - rr + rr * Math.cos(a), zt - rr + rr * Math.sin(a)]);
        cls.push("corner");
      }
      for (let k = 1; k <= 5; k++) {
        const y = (wt - rr) * (1 - k / 5);
        pts.push([y, zt + 0.012 * (1 - (y / wt) ** 2)]);
        cls.push("top");
      }
      const n = pts.length;
      for (let k = n - 2; k >= 0; k--) pts.push([-pts[k][0], pts[k][1]]);
      for (let k = n - 2; k >= 0; k--) cls.push(cls[k]);
      ghRows.push(pts.map(([y, z]) => [x - L / 2, z, y]));
      ghCls.push(cls);
    }
    const inBand = (x, band) => band && x > band[0] && x < band[1];
    const ghGeo = gridGeometry(ghRows, false, (i, j) => {
      const c = ghCls[i][j];
      const xm = (ghStations[i] + ghStations[i + 1]) / 2;
      if (T.softTop && c === "corner" && xm >= G.ft) return "trim"; // black windscreen frame
      if (T.softTop && xm < G.ft && (c === "top" || c === "corner")) {
        // fabric hood with a small rear window
        return c === "top" && xm < G.rt - 0.08 && xm > G.x0 + 0.12 && j >= 14 && j <= 19 ? "glass" : "fabric";
      }
      if (T.softTop && c === "side" && xm < T.side.from + 0.02) return "fabric";
      if (c === "top") return xm > G.ft || xm < G.rt ? "glass" : "paint";
      if (c === "corner") return "paint";
      if (c === "seal") return "trim";
      if (xm < T.side.from) return "paint";
      if (inBand(xm, T.side.b) || inBand(xm, T.side.c)) return "trim";
      return "glass";
    }, ["paint", "glass", "trim", "fabric"], true);
    const gh = new THREE.Mesh(ghGeo, [paintMat, M.glass, M.trim, M.fabric]);
    gh.castShadow = true;
    car.add(gh);

    const bodyMeshes = [body, gh];
    const ray = new THREE.Raycaster();
    /** The first body surface point hit from `from` along `dir` (car coordinates, x from rear). */
    function hit(from, dir) {
      ray.set(new THREE.Vector3(from[0] - L / 2, from[1], from[2]), new THREE.Vector3(...dir).normalize());
      const h = ray.intersectObjects(bodyMeshes, false)[0];
      if (!h) return null;
      const n = h.face.normal.clone().transformDirection(h.object.matrixWorld);
      return { p: h.point, n };
    }
    car.updateMatrixWorld(true);
    /** An ellipsoid lens set into the surface: radii along the surface (a, b) and depth c. */
    function lens(mat, from, dir, a, b, c, sink, tilt = 0) {
      const h = hit(from, dir);
      if (!h) return;
      const m = new THREE.Mesh(new THREE.SphereGeometry(1, 48, 24), mat);
      const n = h.n;
      const up = new THREE.Vector3(0, 1, 0);
      const t = new THREE.Vector3().crossVectors(up, n).normalize();
      const u = new THREE.Vector3().crossVectors(n, t).normalize();
      const basis = new THREE.Matrix4().makeBasis(t, u, n);
      m.quaternion.setFromRotationMatrix(basis);
      if (tilt) m.rotateZ(tilt);
      m.scale.set(a, b, c);
      m.position.copy(h.p).addScaledVector(n, -sink);
      car.add(m);
      return m;
    }
    // Head lights (both sides), a lower grille and a daytime running light strip.
    const [, hz, hy] = T.lights.head;
    // A black mask band across the nose carries the lamps (the grille on the bigger bodies).
    const big = type === "ute" || type === "suv" || type === "van";
    const maskH = big ? 0.12 : T.sporty ? 0.05 : 0.07;
    lens(M.trim, [L + 1, hz - (big ? 0.04 : 0.01), 0], [-1, 0, 0], half * 0.78, maskH, 0.06, 0.036);
    if (big) {
      for (const dz of [0.015, -0.05]) lens(M.chrome, [L + 1, hz + dz - 0.04, 0], [-1, 0, 0], half * 0.5, 0.007, 0.07, 0.042);
    }
    for (const s of [1, -1]) {
      lens(M.head, [L + 1, hz, s * hy * half], [-1, 0, 0], 0.27, 0.065, 0.07, 0.04, s * 0.05);
      lens(M.drl, [L + 1, hz + 0.035, s * hy * half], [-1, 0, 0], 0.25, 0.014, 0.05, 0.028, s * 0.05);
    }
    lens(M.plastic, [L + 1, bottomZ(L - 0.2) + 0.15, 0], [-1, 0, 0], T.sporty ? 0.7 : 0.6, 0.075, 0.08, 0.058);
    // Tail lights: a lamp each side and, for some types, a light bar across the tail.
    const [, tz, ty] = T.lights.tail;
    for (const s of [1, -1]) {
      if (type === "ute" || type === "van") {
        lens(M.tail, [-1, tz, s * ty * half], [1, 0, 0], 0.055, 0.2, 0.06, 0.04);
      } else {
        lens(M.tail, [-1, tz, s * ty * half], [1, 0, 0], 0.3, 0.07, 0.07, 0.04, -s * 0.04);
      }
    }
    if (T.lights.tailBar) lens(M.tail, [-1, tz + 0.005, 0], [1, 0, 0], 0.75, 0.018, 0.05, 0.035);
    lens(M.plastic, [-1, bottomZ(0.2) + 0.12, 0], [1, 0, 0], 0.6, 0.06, 0.08, 0.06);

    // Number plates (blank): front below the grille, rear between the lamps.
    const plateMat = new THREE.MeshStandardMaterial({ color: 0xf2f2ee, roughness: 0.5, emissive: 0x8a8a88, envMap });
    for (const [from, dir, z, off] of [[[L + 1, 0, 0], [-1, 0, 0], bottomZ(L - 0.2) + 0.15, 0.026], [[-1, 0, 0], [1, 0, 0], T.tray ? 0.66 : tz - 0.22, 0.004]]) {
      const h = hit([from[0], z, 0], dir);
      if (!h) continue;
      const pl = new THREE.Mesh(new RoundedBoxGeometry(0.372, 0.134, 0.02, 2, 0.008), plateMat);
      const frame = new THREE.Mesh(new RoundedBoxGeometry(0.39, 0.15, 0.018, 2, 0.01), M.trim);
      const grp = new THREE.Group();
      grp.add(frame, pl);
      pl.position.z = 0.004;
      grp.position.copy(h.p).addScaledVector(h.n, off);
      grp.lookAt(h.p.clone().add(new THREE.Vector3(dir[0] * -1, 0, 0)));
      car.add(grp);
    }
    // Door shut lines and handles (both sides).
    const sillTop = T.sill + 0.06;
    for (const s of [1, -1]) {
      for (const dx of T.doors) {
        const pts = [];
        const zTop = topZ(dx) - 0.035;
        for (let k = 0; k <= 24; k++) {
          const z = lerp(Math.max(sillTop, bottomZ(dx) + 0.02), zTop, k / 24);
          const h = hit([dx, z, s * (half + 1)], [0, 0, -s]);
          if (h) pts.push(h.p.clone().addScaledVector(h.n, 0.0015));
        }
        if (pts.length > 3) {
          const tube = new THREE.Mesh(new THREE.TubeGeometry(new THREE.CatmullRomCurve3(pts), 48, 0.0032, 5), M.line);
          car.add(tube);
        }
      }
      for (let d = 0; d < T.doors.length - 1; d++) {
        const hxp = T.doors[d] - 0.16;
        lens(T.sporty ? M.chrome : paintMat, [hxp, topZ(hxp) - 0.1, s * (half + 1)], [0, 0, -s], 0.012, 0.018, 0.075, 0.004, Math.PI / 2);
      }
      // Mirror on a short arm at the base of the A pillar.
      const mx = G.x1 - 0.2, mz = topZ(mx) + 0.09;
      const h = hit([mx, mz, s * (half + 1)], [0, 0, -s]) || { p: new THREE.Vector3(mx - L / 2, mz, s * (planW(mx) - 0.12)) };
      {
        const arm = new THREE.Mesh(new THREE.BoxGeometry(0.06, 0.04, 0.1), M.trim);
        const out = s * (planW(mx) + 0.06);
        arm.scale.set(1, 1, Math.abs(out - h.p.z) / 0.1);
        arm.position.set(h.p.x, mz, (h.p.z + out) / 2);
        car.add(arm);
        const cap = new THREE.Mesh(new THREE.SphereGeometry(1, 32, 16), paintMat);
        cap.scale.set(0.07, 0.08, 0.14);
        cap.position.set(h.p.x - 0.03, mz + 0.03, out);
        cap.castShadow = true;
        car.add(cap);
        const glassM = new THREE.Mesh(new THREE.SphereGeometry(1, 24, 12), M.trim);
        glassM.scale.set(0.02, 0.055, 0.11);
        glassM.position.set(h.p.x - 0.085, mz + 0.03, out);
        car.add(glassM);
      }
    }
    // Roof rails (SUV), sports bar (ute).
    if (T.roofRails) {
      for (const s of [1, -1]) {
        const pts = [];
        for (let k = 0; k <= 20; k++) {
          const x = lerp(G.rt + 0.05, G.ft - 0.12, k / 20);
          const h = hit([x, 3, s * (planW(x) - 0.045 - 0.15 - 0.04)], [0, -1, 0]);
          if (h) pts.push(h.p.clone().add(new THREE.Vector3(0, 0.045, 0)));
        }
        if (pts.length > 3) car.add(new THREE.Mesh(new THREE.TubeGeometry(new THREE.CatmullRomCurve3(pts), 40, 0.017, 8), M.trim));
      }
    }
    if (T.sportsBar) {
      const x = T.tray[1] - 0.18;
      const zt = topZ(x) + 0.03, hgt = 0.34, wy = half - 0.14;
      const curve = new THREE.CatmullRomCurve3([
        new THREE.Vector3(x - L / 2 - 0.25, zt, wy), new THREE.Vector3(x - L / 2, zt + hgt, wy - 0.02),
        new THREE.Vector3(x - L / 2, zt + hgt + 0.02, 0),
        new THREE.Vector3(x - L / 2, zt + hgt, -wy + 0.02), new THREE.Vector3(x - L / 2 - 0.25, zt, -wy),
      ], false, "centripetal");
      const bar = new THREE.Mesh(new THREE.TubeGeometry(curve, 60, 0.03, 10), M.trim);
      bar.castShadow = true;
      car.add(bar);
    }

    // Wheels: tyre (lathe), alloy rim with spokes, brake disc.
    const wheelY = half - T.tw / 2 - 0.03;
    const rimMat = T.sporty || type === "ute" ? M.rimDark : M.rim;
    for (const xw of [T.xr, T.xf]) for (const s of [1, -1]) car.add(buildWheel(T, rimMat, xw - L / 2, s * wheelY, s));

    car.userData = { T, half };
    return car;
  }

  function buildWheel(T, rimMat, x, z, side) {
    const { R, rimR, tw } = T;
    const g = new THREE.Group();
    const sw = tw / 2;
    // Tyre cross-section (radius, axial): from the inner bead over the sidewall, shoulder and tread
    // to the outer bead, turned round the axle.
    const tyrePts = [new THREE.Vector2(rimR - 0.005, -sw * 0.8)];
    for (let k = 0; k <= 16; k++) {
      const a = -Math.PI / 2 + (Math.PI * k) / 16;
      const r = lerp(rimR + 0.02, R, Math.pow(Math.cos(a), 0.35));
      tyrePts.push(new THREE.Vector2(r, sw * Math.sin(a) * (0.96 - 0.05 * Math.pow(Math.cos(a), 8))));
    }
    tyrePts.push(new THREE.Vector2(rimR - 0.005, sw * 0.8));
    const tyre = new THREE.Mesh(new THREE.LatheGeometry(tyrePts, 96), M.tyre);
    tyre.rotation.x = Math.PI / 2;
    tyre.castShadow = true;
    g.add(tyre);
    // Rim barrel and a slightly dished face.
    const barrel = new THREE.Mesh(new THREE.CylinderGeometry(rimR, rimR, tw * 0.8, 64, 1, true), M.disc);
    barrel.rotation.x = Math.PI / 2;
    g.add(barrel);
    const face = new THREE.Group();
    const lipPts = [new THREE.Vector2(rimR - 0.028, 0), new THREE.Vector2(rimR + 0.004, 0.004), new THREE.Vector2(rimR + 0.006, -0.01), new THREE.Vector2(rimR - 0.002, -0.02)];
    const lip = new THREE.Mesh(new THREE.LatheGeometry(lipPts, 96), rimMat);
    lip.rotation.x = -Math.PI / 2;
    face.add(lip);
    const back = new THREE.Mesh(new THREE.CircleGeometry(rimR - 0.01, 64), M.under);
    back.position.z = -0.07;
    face.add(back);
    const disc = new THREE.Mesh(new THREE.CylinderGeometry(rimR * 0.82, rimR * 0.82, 0.03, 48), M.disc);
    disc.rotation.x = Math.PI / 2;
    disc.position.z = -0.055;
    face.add(disc);
    const caliper = new THREE.Mesh(new RoundedBoxGeometry(0.07, rimR * 0.7, 0.05, 2, 0.015), T.sporty ? new THREE.MeshStandardMaterial({ color: 0xb01820, roughness: 0.4, envMap }) : M.rimDark);
    caliper.position.set(-rimR * 0.62, rimR * 0.1, -0.035);
    face.add(caliper);
    const spokes = T.sporty ? 10 : 5;
    for (let k = 0; k < spokes; k++) {
      const a = (Math.PI * 2 * k) / spokes + Math.PI / 2;
      const len = rimR - 0.03 - 0.045;
      const pair = T.sporty ? [0] : [-0.11, 0.11];
      for (const off of pair) {
        const sp = new THREE.Mesh(new RoundedBoxGeometry(len, T.sporty ? 0.028 : 0.034, 0.03, 2, 0.01), rimMat);
        const aa = a + off * 0.55;
        sp.position.set(Math.cos(aa) * (0.045 + len / 2), Math.sin(aa) * (0.045 + len / 2), -0.012 - 0.01 * Math.abs(off));
        sp.rotation.z = aa;
        face.add(sp);
      }
    }
    const hub = new THREE.Mesh(new THREE.CylinderGeometry(0.06, 0.065, 0.035, 40), rimMat);
    hub.rotation.x = Math.PI / 2;
    face.add(hub);
    const cap = new THREE.Mesh(new THREE.CylinderGeometry(0.03, 0.03, 0.04, 32), M.trim);
    cap.rotation.x = Math.PI / 2;
    face.add(cap);
    face.position.z = sw * 0.55;
    if (side < 0) face.rotation.y = Math.PI;
    if (side < 0) face.position.z = -sw * 0.55;
    g.add(face);
    g.position.set(x, T.R, z);
    g.traverse((o) => { if (o.isMesh) o.castShadow = true; });
    return g;
  }

  // ---------- studio ----------
  function gradientTexture(stops) {
    const c = document.createElement("canvas");
    c.width = 4;
    c.height = 512;
    const ctx = c.getContext("2d");
    const gr = ctx.createLinearGradient(0, 0, 0, 512);
    for (const [o, col] of stops) gr.addColorStop(o, col);
    ctx.fillStyle = gr;
    ctx.fillRect(0, 0, 4, 512);
    const t = new THREE.CanvasTexture(c);
    t.colorSpace = THREE.SRGBColorSpace;
    return t;
  }
  function blobTexture() {
    const c = document.createElement("canvas");
    c.width = c.height = 256;
    const ctx = c.getContext("2d");
    const gr = ctx.createRadialGradient(128, 128, 0, 128, 128, 128);
    gr.addColorStop(0, "rgba(0,0,0,1)");
    gr.addColorStop(0.45, "rgba(0,0,0,0.75)");
    gr.addColorStop(0.75, "rgba(0,0,0,0.25)");
    gr.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = gr;
    ctx.fillRect(0, 0, 256, 256);
    return new THREE.CanvasTexture(c);
  }
  const blob = blobTexture();
  function studio(scene, T) {
    scene.background = gradientTexture([[0, "#dfe3e8"], [0.3, "#eef0f3"], [0.52, "#f5f6f7"], [0.8, "#e6e9ec"], [1, "#d6dadf"]]);
    scene.environment = envMap;
    scene.environmentIntensity = 0.75;
    const hemi = new THREE.HemisphereLight(0xffffff, 0x8a8f96, 0.6);
    scene.add(hemi);
    const key = new THREE.DirectionalLight(0xffffff, 1.6);
    key.position.set(1.5, 9, 3.5);
    key.castShadow = true;
    key.shadow.mapSize.set(2048, 2048);
    key.shadow.radius = 6;
    key.shadow.blurSamples = 16;
    key.shadow.bias = -0.0004;
    const sc = key.shadow.camera;
    sc.left = -4; sc.right = 4; sc.top = 4; sc.bottom = -4; sc.near = 1; sc.far = 20;
    scene.add(key);
    const fill = new THREE.DirectionalLight(0xffffff, 0.5);
    fill.position.set(-5, 3, -4);
    scene.add(fill);
    const floor = new THREE.Mesh(new THREE.PlaneGeometry(40, 40), new THREE.ShadowMaterial({ opacity: 0.22 }));
    floor.rotation.x = -Math.PI / 2;
    floor.receiveShadow = true;
    scene.add(floor);
    const ao = new THREE.Mesh(new THREE.PlaneGeometry(T.L * 1.12, T.W * 1.45), new THREE.MeshBasicMaterial({ map: blob, transparent: true, opacity: 0.55, depthWrite: false }));
    ao.rotation.x = -Math.PI / 2;
    ao.position.y = 0.002;
    scene.add(ao);
    for (const xw of [T.xr, T.xf]) for (const s of [1, -1]) {
      const tb = new THREE.Mesh(new THREE.PlaneGeometry(T.R * 1.6, T.tw * 1.9), new THREE.MeshBasicMaterial({ map: blob, transparent: true, opacity: 0.8, depthWrite: false }));
      tb.rotation.x = -Math.PI / 2;
      tb.position.set(xw - T.L / 2, 0.003, s * (T.W / 2 - T.tw / 2 - 0.03));
      scene.add(tb);
    }
  }

  const cars = new Map();
  function carScene(type, colour, paints) {
    const key = `${type}-${colour}`;
    if (cars.has(key)) return cars.get(key);
    for (const [k, v] of cars) { // keep one scene at a time
      v.scene.traverse((o) => { if (o.geometry) o.geometry.dispose(); });
      cars.delete(k);
    }
    const scene = new THREE.Scene();
    const [hex, met, rough] = paints[colour];
    const car = buildCar(type, paint(hex, met, rough));
    scene.add(car);
    studio(scene, car.userData.T);
    const box = new THREE.Box3().setFromObject(car);
    const v = { scene, car, box };
    cars.set(key, v);
    return v;
  }

  /** Camera at `angle` (0 = front, 90 = right side), fitted so the car fills the frame. */
  function fitCamera(box, angle, w, h, elev, fill, fixedDist) {
    const cam = new THREE.PerspectiveCamera(26, w / h, 0.1, 100);
    const a = (angle * Math.PI) / 180, e = (elev * Math.PI) / 180;
    const centre = box.getCenter(new THREE.Vector3());
    const corners = [];
    for (const x of [box.min.x, box.max.x]) for (const y of [box.min.y, box.max.y]) for (const z of [box.min.z, box.max.z]) corners.push(new THREE.Vector3(x, y, z));
    let dist = fixedDist || 12, target = centre.clone();
    for (let it = 0; it < 6; it++) {
      cam.position.set(target.x + Math.cos(a) * Math.cos(e) * dist, target.y + Math.sin(e) * dist, target.z + Math.sin(a) * Math.cos(e) * dist);
      cam.lookAt(target);
      cam.updateMatrixWorld(true);
      let x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
      for (const c of corners) {
        const p = c.clone().project(cam);
        x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x); y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
      }
      const sx = (x1 - x0) / 2 / fill[0], sy = (y1 - y0) / 2 / fill[1];
      if (!fixedDist) dist *= Math.max(sx, sy);
      // shift the target so the car's box sits a little below the centre of the frame
      const up = new THREE.Vector3().setFromMatrixColumn(cam.matrixWorld, 1);
      const right = new THREE.Vector3().setFromMatrixColumn(cam.matrixWorld, 0);
      const halfH = Math.tan((cam.fov * Math.PI) / 360) * dist;
      target.addScaledVector(up, ((y0 + y1) / 2 + 0.06) * halfH * 0.8);
      target.addScaledVector(right, ((x0 + x1) / 2) * halfH * cam.aspect * 0.8);
    }
    return { cam, dist };
  }

  function setSize(w, h) {
    if (renderer.domElement.width !== w || renderer.domElement.height !== h) renderer.setSize(w, h, false);
  }
  function shot(scene, cam) {
    renderer.render(scene, cam);
    return renderer.domElement.toDataURL("image/png");
  }

  // ---------- interior ----------
  function interiorScene() {
    const scene = new THREE.Scene();
    scene.background = gradientTexture([[0, "#cfe0ef"], [0.45, "#eef3f7"], [0.6, "#dfe4e8"], [1, "#bfc5cb"]]);
    scene.environment = envMap;
    scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 1.1));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(4, 6, 1.5);
    sun.castShadow = true;
    sun.shadow.mapSize.set(2048, 2048);
    sun.shadow.radius = 5;
    const sc = sun.shadow.camera;
    sc.left = -3; sc.right = 3; sc.top = 3; sc.bottom = -3;
    scene.add(sun);
    const leather = new THREE.MeshPhysicalMaterial({ color: 0xc9b49a, roughness: 0.55, sheen: 0.4, envMap });
    const leatherDark = new THREE.MeshPhysicalMaterial({ color: 0x2c2a29, roughness: 0.6, envMap });
    const dashMat = new THREE.MeshStandardMaterial({ color: 0x26272a, roughness: 0.7, envMap });
    const trimMat = new THREE.MeshStandardMaterial({ color: 0x9a9ea3, metalness: 0.9, roughness: 0.25, envMap });
    const wood = new THREE.MeshStandardMaterial({ color: 0x4a3426, roughness: 0.35, envMap });
    const roofMat = new THREE.MeshStandardMaterial({ color: 0xd8d6d2, roughness: 0.9 });
    const add = (geo, mat, pos, rot = [0, 0, 0]) => {
      const m = new THREE.Mesh(geo, mat);
      m.position.set(...pos);
      m.rotation.set(...rot);
      m.castShadow = m.receiveShadow = true;
      scene.add(m);
      return m;
    };
    // Cabin shell: floor, roof lining, doors; car faces +x, driver on the right (+z).
    add(new THREE.BoxGeometry(4, 0.05, 1.8), leatherDark, [0.3, 0.02, 0]);
    add(new THREE.BoxGeometry(2.6, 0.04, 1.7), roofMat, [-0.1, 1.36, 0]);
    for (const s of [1, -1]) {
      add(new RoundedBoxGeometry(2.6, 0.86, 0.12, 4, 0.05), dashMat, [-0.1, 0.45, s * 0.82]);
      add(new RoundedBoxGeometry(2.2, 0.09, 0.16, 4, 0.035), leather, [-0.1, 0.86, s * 0.78]);
      add(new RoundedBoxGeometry(0.08, 0.7, 0.08, 3, 0.03), dashMat, [1.02, 1.07, s * 0.75], [0, 0, -0.75]); // A pillar
      add(new RoundedBoxGeometry(0.1, 0.5, 0.1, 3, 0.03), roofMat, [-0.15, 1.1, s * 0.8]); // B pillar
    }
    // Dashboard: a long rounded form under the windscreen with a trim strip.
    add(new RoundedBoxGeometry(0.62, 0.26, 1.72, 6, 0.1), dashMat, [1.2, 0.82, 0]);
    add(new RoundedBoxGeometry(0.5, 0.12, 1.7, 6, 0.05), leatherDark, [1.05, 0.95, 0], [0, 0, 0.25]);
    add(new RoundedBoxGeometry(0.04, 0.035, 1.66, 3, 0.015), trimMat, [0.86, 0.8, 0]);
    add(new RoundedBoxGeometry(0.05, 0.06, 1.6, 3, 0.02), wood, [0.88, 0.73, 0]);
    // Wide screen across the dash (driver display + centre touch screen).
    const sc2 = document.createElement("canvas");
    sc2.width = 1024; sc2.height = 160;
    const g2 = sc2.getContext("2d");
    const bg = g2.createLinearGradient(0, 0, 1024, 0);
    bg.addColorStop(0, "#0b1522"); bg.addColorStop(1, "#10243a");
    g2.fillStyle = bg; g2.fillRect(0, 0, 1024, 160);
    g2.strokeStyle = "#2f7fc1"; g2.lineWidth = 6;
    g2.beginPath(); g2.arc(850, 80, 52, Math.PI * 0.8, Math.PI * 2.2); g2.stroke();
    g2.fillStyle = "#cfe6ff"; g2.fillRect(826, 70, 48, 18);
    g2.fillStyle = "#1d3b5a";
    for (let k = 0; k < 4; k++) g2.fillRect(60 + k * 130, 30, 110, 100);
    g2.fillStyle = "#3c8fd6"; g2.fillRect(60, 110, 110, 8); g2.fillRect(320, 110, 60, 8);
    g2.strokeStyle = "#2b5d86"; g2.lineWidth = 3;
    g2.beginPath(); g2.moveTo(580, 140); g2.bezierCurveTo(620, 60, 680, 120, 730, 30); g2.stroke();
    const stex = new THREE.CanvasTexture(sc2);
    stex.colorSpace = THREE.SRGBColorSpace;
    const screenMat = new THREE.MeshStandardMaterial({ color: 0x000000, emissive: 0xffffff, emissiveMap: stex, emissiveIntensity: 0.9, roughness: 0.15, envMap });
    const screen = add(new RoundedBoxGeometry(0.03, 0.2, 1.25, 3, 0.012), M.trim, [0.93, 1.01, 0.05], [0, 0, 0.22]);
    const face = new THREE.Mesh(new THREE.PlaneGeometry(1.2, 0.17), screenMat);
    face.rotation.y = -Math.PI / 2;
    face.position.set(-0.017, 0, 0);
    screen.add(face);
    // Centre console with gear selector, between the seats.
    add(new RoundedBoxGeometry(1.3, 0.3, 0.26, 4, 0.06), dashMat, [0.35, 0.45, 0]);
    add(new RoundedBoxGeometry(1.2, 0.03, 0.2, 3, 0.012), wood, [0.35, 0.61, 0]);
    add(new RoundedBoxGeometry(0.55, 0.5, 0.3, 4, 0.08), dashMat, [0.95, 0.5, 0], [0, 0, -0.5]);
    add(new THREE.CylinderGeometry(0.025, 0.03, 0.08, 24), trimMat, [0.55, 0.66, 0]);
    // Steering wheel on the right (Australian market), column and airbag hub.
    const wheel = new THREE.Group();
    wheel.add(new THREE.Mesh(new THREE.TorusGeometry(0.185, 0.022, 20, 72), leatherDark));
    const hub = new THREE.Mesh(new RoundedBoxGeometry(0.13, 0.1, 0.06, 3, 0.025), leatherDark);
    wheel.add(hub);
    for (const a of [0, Math.PI, -Math.PI / 2]) {
      const sp = new THREE.Mesh(new RoundedBoxGeometry(0.14, 0.035, 0.03, 2, 0.012), trimMat);
      sp.position.set(Math.cos(a) * 0.11, Math.sin(a) * 0.11, 0);
      sp.rotation.z = a;
      wheel.add(sp);
    }
    const badge = new THREE.Mesh(new THREE.CylinderGeometry(0.022, 0.022, 0.01, 24), trimMat);
    badge.rotation.x = Math.PI / 2;
    badge.position.z = 0.032;
    wheel.add(badge);
    wheel.rotation.set(0, Math.PI / 2, 0);
    const wheelMount = new THREE.Group();
    wheelMount.add(wheel);
    wheelMount.position.set(0.72, 0.98, 0.4);
    wheelMount.rotation.z = 0.42;
    wheelMount.traverse((o) => { if (o.isMesh) o.castShadow = true; });
    scene.add(wheelMount);
    add(new THREE.CylinderGeometry(0.04, 0.05, 0.3, 24), dashMat, [0.88, 0.92, 0.4], [0, 0, 1.15]);
    // Front seats (cushion, backrest, bolsters, headrest) seen from behind.
    for (const s of [1, -1]) {
      const z = s * 0.42;
      add(new RoundedBoxGeometry(0.55, 0.14, 0.52, 5, 0.06), leather, [0.15, 0.4, z]);
      const back = new THREE.Group();
      const b = new THREE.Mesh(new RoundedBoxGeometry(0.16, 0.68, 0.52, 6, 0.07), leather);
      b.position.y = 0.34;
      back.add(b);
      for (const t of [1, -1]) {
        const bo = new THREE.Mesh(new RoundedBoxGeometry(0.18, 0.5, 0.09, 5, 0.04), leather);
        bo.position.set(0.04, 0.3, t * 0.23);
        back.add(bo);
      }
      const panel = new THREE.Mesh(new RoundedBoxGeometry(0.02, 0.55, 0.42, 3, 0.01), dashMat);
      panel.position.set(-0.085, 0.34, 0);
      back.add(panel);
      const hr = new THREE.Mesh(new RoundedBoxGeometry(0.11, 0.2, 0.28, 5, 0.05), leather);
      hr.position.set(0.01, 0.82, 0);
      back.add(hr);
      for (const t of [1, -1]) {
        const post = new THREE.Mesh(new THREE.CylinderGeometry(0.008, 0.008, 0.1, 12), trimMat);
        post.position.set(0.01, 0.7, t * 0.07);
        back.add(post);
      }
      back.position.set(-0.1, 0.44, z);
      back.rotation.z = 0.2;
      back.traverse((o) => { if (o.isMesh) o.castShadow = o.receiveShadow = true; });
      scene.add(back);
    }
    const cam = new THREE.PerspectiveCamera(62, 1.5, 0.05, 50);
    cam.position.set(-0.5, 1.13, -0.02);
    cam.lookAt(1.2, 0.84, 0.08);
    return { scene, cam };
  }

  return {
    render(spec) {
      const [w, h] = spec.size;
      setSize(w, h);
      if (spec.kind === "interior") {
        const { scene, cam } = interiorScene();
        return shot(scene, cam);
      }
      const { scene, box, car } = carScene(spec.shape, spec.colour, spec.paints);
      if (spec.kind === "wheel") {
        const T = car.userData.T;
        const cam = new THREE.PerspectiveCamera(24, w / h, 0.1, 50);
        const c = new THREE.Vector3(T.xf - T.L / 2, T.R, T.W / 2);
        cam.position.set(c.x + 0.9, 0.55, c.z + 2.35);
        cam.lookAt(c.x + 0.05, T.R + 0.05, c.z);
        return shot(scene, cam);
      }
      let dist = null;
      if (spec.kind === "spin") {
        dist = 0;
        for (let a = 0; a < 360; a += 15) dist = Math.max(dist, fitCamera(box, a, w, h, spec.elev, spec.fill).dist);
      }
      const { cam } = fitCamera(box, spec.angle, w, h, spec.elev, spec.fill, dist);
      return shot(scene, cam);
    },
  };
};

// ------------------------------------------------------------------------------------------------
// Node side: serve the page and three.js to Chromium, render, pack.

function pageHtml() {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
</head><body><script type="module">
import * as THREE from "three";
import * as Room from "three/addons/environments/RoomEnvironment.js";
import * as Rounded from "three/addons/geometries/RoundedBoxGeometry.js";
window.api = (${pageMain.toString()})(THREE, Room, Rounded);
window.ready = true;
</script></body></html>`;
}

function jobs() {
  const list = [];
  const paints = PAINTS;
  const gsize = GALLERY_SIZE.map((v) => v * SUPERSAMPLE);
  const ssize = SPIN_SIZE.map((v) => v * SUPERSAMPLE);
  list.push({ file: "interior.png", size: gsize, out: GALLERY_SIZE, kind: "interior" });
  list.push({ file: "wheel.png", size: gsize, out: GALLERY_SIZE, kind: "wheel", shape: "sedan", colour: "silver", paints });
  for (const shape of SHAPES) {
    for (const colour of Object.keys(PAINTS)) {
      for (const angle of GALLERY_ANGLES) {
        list.push({ file: `${shape}-${colour}-${angle}.png`, size: gsize, out: GALLERY_SIZE, kind: "gallery", shape, colour, angle, elev: 9, fill: [0.86, 0.7], paints });
      }
    }
  }
  for (const shape of ["sedan", "suv"]) {
    for (const colour of SPIN_COLOURS) {
      for (let i = 0; i < SPIN_FRAMES; i++) {
        list.push({ file: `spin-${shape}-${colour}-${String(i).padStart(2, "0")}.png`, size: ssize, out: SPIN_SIZE, kind: "spin", shape, colour, angle: (i * 360) / SPIN_FRAMES, elev: 8, fill: [0.86, 0.72], paints });
      }
    }
  }
  return list;
}

async function main() {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => [...a.replace(/^--/, "").split("="), "1"].slice(0, 2)));
  const finalDir = path.resolve(args.out || path.join(HERE, "..", "media", "illustrations"));
  const only = args.only ? new Set(args.only.split(",").map((s) => (s.endsWith(".png") ? s : `${s}.png`))) : null;
  const all = jobs();
  const todo = only ? all.filter((j) => only.has(j.file)) : all;
  if (args.elev) for (const j of todo) j.elev = Number(args.elev); // for looking at a model from above
  if (args.angle) for (const j of todo) j.angle = Number(args.angle); // or from another side
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "render-cars-"));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "render-cars-profile-"));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    viewport: { width: 800, height: 600 },
    deviceScaleFactor: 1,
    args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const page = browser.pages()[0] || (await browser.newPage());
    page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.error("page:", m.text()); });
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await page.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.host !== "render.invalid") return route.abort();
      if (url.pathname === "/") return route.fulfill({ contentType: "text/html", body: pageHtml() });
      if (url.pathname.startsWith("/three/")) {
        const file = path.join(THREE_DIR, url.pathname.slice("/three/".length));
        if (file.startsWith(THREE_DIR) && fs.existsSync(file)) return route.fulfill({ contentType: "text/javascript", body: fs.readFileSync(file) });
      }
      return route.fulfill({ status: 404, body: "" });
    });
    await page.goto("http://render.invalid/");
    await page.waitForFunction(() => window.ready === true, null, { timeout: 60000 });
    const t0 = Date.now();
    for (const [n, job] of todo.entries()) {
      const url = await page.evaluate((spec) => window.api.render(spec), job);
      fs.writeFileSync(path.join(stage, job.file), Buffer.from(url.slice(url.indexOf(",") + 1), "base64"));
      if (n % 20 === 0 || n === todo.length - 1) console.log(`${n + 1}/${todo.length} ${job.file} ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    await browser.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  if (args.raw) { // the 2x renders as Chromium wrote them, for a look (no pack, no manifest)
    fs.mkdirSync(finalDir, { recursive: true });
    for (const j of todo) fs.copyFileSync(path.join(stage, j.file), path.join(finalDir, j.file));
    fs.rmSync(stage, { recursive: true, force: true });
    return;
  }
  // Pack: scale down and quantise (Pillow), into the output folder.
  const sizes = Object.fromEntries(todo.map((j) => [j.file, j.out]));
  fs.writeFileSync(path.join(stage, "sizes.json"), JSON.stringify(sizes));
  fs.mkdirSync(finalDir, { recursive: true });
  if (!only) for (const f of fs.readdirSync(finalDir)) if (f.endsWith(".png")) fs.unlinkSync(path.join(finalDir, f));
  const py = spawnSync("python3", [path.join(HERE, "build_demo_media.py"), stage, finalDir], { stdio: "inherit" });
  fs.rmSync(stage, { recursive: true, force: true });
  if (py.status !== 0) throw new Error("build_demo_media.py failed");
  if (!args.out) {
    const files = {};
    for (const f of fs.readdirSync(finalDir).filter((f) => f.endsWith(".png")).sort()) {
      files[f] = createHash("sha256").update(fs.readFileSync(path.join(finalDir, f))).digest("hex");
    }
    const manifest = { generator: `three.js ${THREE_VERSION}`, script: "tenants/_sources/scripts/render_cars.mjs", kind: "illustration", files };
    fs.writeFileSync(path.join(finalDir, "MANIFEST.json"), `${JSON.stringify(manifest, null, 1)}\n`);
    console.log(`wrote ${Object.keys(files).length} files and MANIFEST.json to ${finalDir}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
