#!/usr/bin/env python3
"""Packs the demo tenants' car illustrations and names them for the stock feeds (see
../PROVENANCE.md "Demo media"). The pictures themselves are rendered by render_cars.mjs (three.js
geometry of our own, rendered in headless Chromium), which calls this script as its last step:

  node tenants/_sources/scripts/render_cars.mjs      # renders, then runs this script, then
                                                     # writes media/illustrations/MANIFEST.json
  python3 build_demo_media.py STAGE_DIR OUT_DIR      # what render_cars.mjs runs (Pillow)

The pack step scales each 2x-supersampled render in STAGE_DIR down to its size in
STAGE_DIR/sizes.json (Lanczos) and reduces it to a 256-colour palette (median cut, dithered on
the car and its shadow, not on the plain backdrop), which keeps the whole folder small; the host's image endpoint re-encodes them to AVIF/WebP per
request. Deterministic: the same renders give the same files.

build_demo_stock.py imports the names below (body -> shape, angles, spin frames, colour names) to
write each car's illustration URLs: /img/illustrations/<shape>-<colour>-<angle>.png.
"""
import json
import sys
from pathlib import Path

# simple_body values of the demo stock -> rendered body type.
BODY_SHAPE = {"sedan": "sedan", "suv": "suv", "wagon": "wagon", "coupe": "coupe", "convertible": "convertible",
              "hatch": "hatch", "ute": "ute", "van": "van", "peoplemover": "van"}
# Paint colour names rendered by render_cars.mjs (PAINTS there).
COLOURS = ("black", "white", "silver", "grey", "blue", "red", "beige", "green", "yellow", "purple")
GALLERY_ANGLES = (35, 90, 145)        # degrees: 0 = head-on front, 90 = side, 145 = rear three-quarter
SPIN_FRAMES = 24


def colour_key(name: str) -> str:
    """A stock colour name (`Ares Black`, `Athena White`, `Custom`) -> a COLOURS name."""
    n = (name or "").lower()
    for k in COLOURS:
        if k in n:
            return k
    return "grey" if "gray" in n else "silver"


def palette_image(img):
    """A 256-colour version of `img`: one median-cut palette; Floyd-Steinberg dithering where the
    picture differs from the plain backdrop (the car, its shadow), none on the backdrop itself, whose
    gradient needs no dither and would compress badly with it."""
    from PIL import Image, ImageChops, ImageFilter

    flat = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    dithered = img.quantize(palette=flat, dither=Image.Dither.FLOYDSTEINBERG)
    w, h = img.size
    backdrop = img.crop((0, 0, 1, h)).resize((w, h))  # the gradient is vertical: column 0 is backdrop
    mask = ImageChops.difference(img, backdrop).convert("L").point(lambda v: 255 if v > 4 else 0)
    out = flat.copy()
    out.paste(dithered, (0, 0), mask.filter(ImageFilter.MaxFilter(5)))
    return out


def pack(stage: Path, out: Path) -> None:
    from PIL import Image  # pip install pillow

    sizes = json.loads((stage / "sizes.json").read_text())
    out.mkdir(parents=True, exist_ok=True)
    for name in sorted(sizes):
        img = Image.open(stage / name).convert("RGB")
        w, h = sizes[name]
        if img.size != (w, h):
            img = img.resize((w, h), Image.LANCZOS)
        palette_image(img).save(out / name, optimize=True)
    print(f"packed {len(sizes)} files into {out}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pack(Path(sys.argv[1]), Path(sys.argv[2]))
