#!/usr/bin/env python3
"""Draws the demo tenants' tag badges (../PROVENANCE.md "Demo media"): a round certified-pre-owned
rosette with a tick, as a PNG the host image endpoint serves (`/img/badges/<file>`, tenant.toml
`media_dir`). Standard library only (zlib, struct): no Pillow needed. Deterministic.

  python3 build_badges.py
"""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "media" / "badges"
SIZE = 112  # px; shown at 28 px high (ui-plugins/_kit/VdpParts.tsx TagBadge), 4x for sharp screens


def seg_dist(px, py, ax, ay, bx, by):
    """Distance from (px, py) to the segment (ax, ay)-(bx, by)."""
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def rosette(ring, fill, tick):
    """RGBA rows of a 12-point rosette (ring colour), a disc (fill) and a tick (tick colour)."""
    c = SIZE / 2
    rows = []
    for y in range(SIZE):
        row = bytearray()
        for x in range(SIZE):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in (0.25, 0.75):  # 2x2 supersampling for smooth edges
                for sx in (0.25, 0.75):
                    px, py = x + sx - c, y + sy - c
                    r = math.hypot(px, py)
                    a = math.atan2(py, px)
                    edge = c * (0.92 + 0.06 * math.cos(12 * a))
                    colour = None
                    if r <= edge:
                        colour = ring
                    if r <= c * 0.74:
                        colour = fill
                    if r <= c * 0.74 and (
                        seg_dist(px, py, -c * 0.36, 0.0, -c * 0.1, c * 0.27) < c * 0.09
                        or seg_dist(px, py, -c * 0.1, c * 0.27, c * 0.38, -c * 0.25) < c * 0.09
                    ):
                        colour = tick
                    if colour:
                        for i in range(3):
                            acc[i] += colour[i] / 4
                        acc[3] += 255 / 4
            if acc[3] > 0:  # un-premultiply
                k = 255 / acc[3]
                row += bytes([min(255, round(acc[0] * k)), min(255, round(acc[1] * k)), min(255, round(acc[2] * k)), round(acc[3])])
            else:
                row += bytes(4)
        rows.append(bytes(row))
    return rows


def png(rows):
    """A PNG file (8-bit RGBA) of the rows."""
    raw = b"".join(b"\x00" + r for r in rows)
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    head = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    # Silver ring, near-black disc, white tick: legible on light and dark sidebars.
    (OUT / "certified-pre-owned.png").write_bytes(png(rosette((192, 192, 196), (28, 28, 30), (255, 255, 255))))
    print(f"wrote {OUT / 'certified-pre-owned.png'}")
