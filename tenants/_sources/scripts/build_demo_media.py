#!/usr/bin/env python3
"""Draws the demo tenants' car illustrations (no real car photos are available offline; see
../PROVENANCE.md "Demo media"). Output: ../media/illustrations/*.png, served by the host image
endpoint as /img/illustrations/<file> for every demo tenant (tenant.toml `media_dir`).

Each body shape is a side profile extruded to a 3D prism and drawn with flat shading from any
angle around the vertical axis (orthographic, painter's order), so one model gives the gallery's
front three-quarter, side and rear three-quarter views and, for the EV tenant, 24 spin frames.

  python3 build_demo_media.py          # needs Pillow (pip install pillow)

Deterministic: the same script writes the same files. Run build_demo_stock.py afterwards.
"""
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "media" / "illustrations"

# Side profiles: (x, z) points, x from rear (0) to front (1), z up, in car lengths.
SHAPES = {
    "sedan": [(0.0, 0.12), (0.02, 0.28), (0.22, 0.30), (0.34, 0.46), (0.62, 0.46), (0.76, 0.31), (0.98, 0.27), (1.0, 0.12)],
    "suv": [(0.0, 0.12), (0.01, 0.45), (0.08, 0.50), (0.66, 0.50), (0.80, 0.36), (0.98, 0.33), (1.0, 0.12)],
    "coupe": [(0.0, 0.12), (0.02, 0.26), (0.28, 0.30), (0.42, 0.42), (0.60, 0.42), (0.76, 0.29), (0.98, 0.25), (1.0, 0.12)],
    "hatch": [(0.0, 0.12), (0.02, 0.40), (0.10, 0.46), (0.56, 0.46), (0.74, 0.32), (0.98, 0.29), (1.0, 0.12)],
    "ute": [(0.0, 0.14), (0.0, 0.33), (0.42, 0.33), (0.46, 0.50), (0.72, 0.50), (0.82, 0.36), (0.99, 0.33), (1.0, 0.14)],
    "van": [(0.0, 0.12), (0.0, 0.58), (0.04, 0.62), (0.78, 0.62), (0.92, 0.42), (1.0, 0.36), (1.0, 0.12)],
}
# simple_body values of the demo stock -> shape.
BODY_SHAPE = {"sedan": "sedan", "suv": "suv", "wagon": "suv", "coupe": "coupe", "convertible": "coupe",
              "hatch": "hatch", "ute": "ute", "van": "van", "peoplemover": "van"}
COLOURS = {"black": (28, 30, 34), "white": (236, 237, 239), "silver": (184, 189, 196), "grey": (112, 117, 125),
           "blue": (32, 74, 140), "red": (168, 30, 36), "beige": (196, 178, 146), "green": (40, 96, 62),
           "yellow": (226, 182, 40), "purple": (92, 52, 120)}
GALLERY_ANGLES = (35, 90, 145)        # degrees: 0 faces the viewer head-on, 90 shows the left side
SPIN_FRAMES = 24
WIDTH_RATIO = 0.42                    # car width / length


def colour_key(name: str) -> str:
    """A stock colour name (`Ares Black`, `Athena White`, `Custom`) -> a COLOURS key."""
    n = (name or "").lower()
    for k in COLOURS:
        if k in n:
            return k
    return "grey" if "gray" in n else "silver"


def shade(rgb, f):
    return tuple(max(0, min(255, int(c * f))) for c in rgb)


def render(shape: str, rgb, angle_deg: float, size=(960, 640), bg=(238, 240, 243)) -> Image.Image:
    """The car drawn at `angle_deg` around the vertical axis, 2x supersampled."""
    W, H = size[0] * 2, size[1] * 2
    img = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(img)
    prof = SHAPES[shape]
    a = math.radians(angle_deg)
    scale = W * 0.62
    cx, ground = W / 2, H * 0.70
    half_w = WIDTH_RATIO / 2

    def proj(x, y, z):  # x along the car (centred), y across, z up -> screen, depth
        xc = x - 0.5
        sx = xc * math.sin(a) + y * math.cos(a)
        depth = -xc * math.cos(a) + y * math.sin(a)
        return (cx + sx * scale, ground - z * scale * 0.95 - depth * scale * 0.12), depth

    # Floor shadow.
    d.ellipse([cx - scale * 0.55, ground - scale * 0.05, cx + scale * 0.55, ground + scale * 0.10], fill=shade(bg, 0.86))
    faces = []
    for side in (-half_w, half_w):  # the two side panels
        pts = [proj(x, side, z) for x, z in prof]
        faces.append((sum(p[1] for p in pts) / len(pts), [p[0] for p in pts], shade(rgb, 0.92), "side"))
    n = len(prof)
    for i in range(n):  # the strips between the panels (bonnet, roof, boot...)
        (x1, z1), (x2, z2) = prof[i], prof[(i + 1) % n]
        quad = [proj(x1, -half_w, z1), proj(x2, -half_w, z2), proj(x2, half_w, z2), proj(x1, half_w, z1)]
        dx, dz = x2 - x1, z2 - z1
        light = 0.70 + 0.35 * max(0.0, dx / (math.hypot(dx, dz) or 1))  # upward-facing strips are brighter
        faces.append((sum(p[1] for p in quad) / 4, [p[0] for p in quad], shade(rgb, light), "strip"))
    faces.sort(key=lambda f: f[0])  # far first
    for _, pts, fill, kind in faces:
        d.polygon(pts, fill=fill, outline=shade(rgb, 0.55) if sum(rgb) > 200 else shade(rgb, 1.6))
    # Windows on the near side panel: the glasshouse between the belt line and the roof.
    near = half_w if math.sin(a) >= 0 else -half_w
    top = max(z for _, z in prof)
    belt = top - (top - 0.12) * 0.42
    glass = [(x, min(z, top - 0.025)) for x, z in prof if z > belt]
    if len(glass) >= 2:
        xs = [x for x, _ in glass]
        lo, hi = min(xs) + 0.03, max(xs) - 0.03
        win = [(lo, belt + 0.01)] + [(min(max(x, lo), hi), z) for x, z in glass] + [(hi, belt + 0.01)]
        d.polygon([proj(x, near * 1.001, z)[0] for x, z in win], fill=(52, 64, 78))
    # Wheels on the near side, lights at the ends.
    for wx in (0.18, 0.80):
        (px, py), _ = proj(wx, near * 1.01, 0.12)
        rx = scale * 0.085 * max(0.25, abs(math.sin(a)))
        ry = scale * 0.085
        d.ellipse([px - rx, py - ry, px + rx, py + ry], fill=(26, 26, 28))
        d.ellipse([px - rx * 0.55, py - ry * 0.55, px + rx * 0.55, py + ry * 0.55], fill=(150, 154, 160))
    for lx, col in ((0.995, (250, 244, 214)), (0.005, (196, 32, 40))):
        for side in (-half_w * 0.8, half_w * 0.8):
            (px, py), depth = proj(lx, side, 0.24)
            facing = math.cos(a) if lx > 0.5 else -math.cos(a)
            if facing > 0.1:
                r = scale * 0.018
                d.ellipse([px - r * 1.6, py - r, px + r * 1.6, py + r], fill=col)
    return img.resize(size, Image.LANCZOS)


def interior(size=(960, 640)) -> Image.Image:
    W, H = size[0] * 2, size[1] * 2
    img = Image.new("RGB", (W, H), (46, 48, 54))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, H * 0.42], fill=(170, 190, 206))  # windscreen
    d.polygon([(0, H * 0.42), (W, H * 0.42), (W, H * 0.62), (0, H * 0.66)], fill=(30, 31, 35))  # dash
    d.rounded_rectangle([W * 0.42, H * 0.46, W * 0.62, H * 0.58], radius=20, fill=(18, 60, 90))  # screen
    d.ellipse([W * 0.12, H * 0.40, W * 0.40, H * 0.90], outline=(12, 12, 14), width=int(W * 0.022))  # wheel
    d.ellipse([W * 0.23, H * 0.59, W * 0.29, H * 0.70], fill=(12, 12, 14))
    return img.resize(size, Image.LANCZOS)


def wheel(size=(960, 640)) -> Image.Image:
    W, H = size[0] * 2, size[1] * 2
    img = Image.new("RGB", (W, H), (226, 228, 232))
    d = ImageDraw.Draw(img)
    cx, cy, r = W / 2, H / 2, H * 0.42
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(24, 24, 26))
    d.ellipse([cx - r * 0.68, cy - r * 0.68, cx + r * 0.68, cy + r * 0.68], fill=(170, 174, 180))
    for k in range(5):
        t = math.radians(k * 72)
        d.line([(cx, cy), (cx + math.cos(t) * r * 0.66, cy + math.sin(t) * r * 0.66)], fill=(110, 114, 120), width=int(r * 0.16))
    d.ellipse([cx - r * 0.14, cy - r * 0.14, cx + r * 0.14, cy + r * 0.14], fill=(60, 62, 66))
    return img.filter(ImageFilter.SMOOTH).resize(size, Image.LANCZOS)


def save(img: Image.Image, name: str):
    img.quantize(colors=32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(OUT / name, optimize=True)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for f in OUT.glob("*.png"):
        f.unlink()
    save(interior(), "interior.png")
    save(wheel(), "wheel.png")
    for shape in SHAPES:
        for cname, rgb in COLOURS.items():
            for ang in GALLERY_ANGLES:
                save(render(shape, rgb, ang), f"{shape}-{cname}-{ang}.png")
    # EV tenant spin frames: sedan (IM5) and SUV (IM6) in the tenant's colours.
    for shape in ("sedan", "suv"):
        for cname in ("black", "white", "grey", "blue", "beige"):
            for i in range(SPIN_FRAMES):
                save(render(shape, COLOURS[cname], i * 360 / SPIN_FRAMES, size=(800, 532)), f"spin-{shape}-{cname}-{i:02d}.png")
    print(f"wrote {len(list(OUT.glob('*.png')))} files to {OUT}")


if __name__ == "__main__":
    main()
