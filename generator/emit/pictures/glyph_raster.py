"""Piece glyphs as output: SVG groups, bitmaps on the Zillions transparent key, and 24-bit BMP.

White pieces: light fill, dark outline; black pieces: dark fill, light outline.  :func:`raster`
renders a glyph at any size on the Zillions transparent-key colour :data:`KEY` (pure green,
``#00FF00``: the background of the great majority of published Zillions piece bitmaps); it
anti-aliases only inside the piece, never against the key, so no greenish fringe appears.
:func:`bmp_bytes` writes 24-bit uncompressed Windows BMP.
"""

from __future__ import annotations

import itertools
import math
import struct
import zlib
from collections.abc import Iterable, Sequence

from generator.catalogue.model import Color
from generator.emit.pictures.glyph_shapes import STROKE, Glyph, Point

__all__ = ["INK", "KEY", "PAPER", "RGB", "bmp_bytes", "color_of", "raster", "svg_group"]

RGB = tuple[int, int, int]

KEY: RGB = (0, 255, 0)  #: the colour Zillions shows as transparent in piece bitmaps
PAPER: dict[Color, RGB] = {Color.WHITE: (250, 248, 240), Color.BLACK: (48, 46, 46)}  #: fill colour
INK: dict[Color, RGB] = {Color.WHITE: (24, 24, 24), Color.BLACK: (236, 234, 228)}  #: outline and details

_SS = 4  #: supersampling per axis in :func:`raster`
_IS_BG = bytes([1] + [0] * 255)
_IS_INK = bytes([0, 0, 1] + [0] * 253)


def color_of(color: Color | str) -> Color:
    """``color`` as a :class:`Color` (``"white"`` and ``"black"`` accepted)."""
    if isinstance(color, Color):
        return color
    return {"white": Color.WHITE, "black": Color.BLACK}[color]


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _num(v: float) -> str:
    text = f"{round(v, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def svg_group(g: Glyph, color: Color | str, size: float = 100) -> str:
    """An SVG ``<g>`` drawing ``g`` ``size`` units wide, its top-left corner at the origin;
    deterministic text."""
    c = color_of(color)
    fill, ink = _hex(PAPER[c]), _hex(INK[c])
    out = [
        f'<g class="piece {c.word} {g.kind}" transform="scale({_num(size / 100)})" stroke-linejoin="round" '
        f'stroke-linecap="round">'
    ]
    paints = {"body": f'fill="{fill}" stroke="{ink}" stroke-width="{_num(STROKE)}"', "ink": f'fill="{ink}"',
              "halo": f'fill="{fill}"'}  # fmt: skip
    for s in g.shapes:
        paint = paints[s.paint]
        if s.kind == "polygon":
            out.append(f'<polygon points="{_pts(s.points)}" {paint}/>')
        elif s.kind == "circle":
            (x, y), r = s.points[0], s.size
            out.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {paint}/>')
        else:
            width, colour = _num(s.size), fill if s.paint == "halo" else ink
            out.append(f'<polyline points="{_pts(s.points)}" fill="none" stroke="{colour}" stroke-width="{width}"/>')
    out.append("</g>")
    return "\n".join(out)


class _Canvas:
    """A supersampled label buffer: 0 background, 1 fill, 2 ink."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.rows = [bytearray(n) for _ in range(n)]

    def polygon(self, pts: Sequence[Point], value: int) -> None:
        n = self.n
        edges = list(zip(pts, [*pts[1:], pts[0]], strict=True))
        ys = [y for _, y in pts]
        lo, hi = max(0, math.floor(min(ys) - 0.5)), min(n - 1, math.ceil(max(ys)))
        fillbyte = bytes([value])
        for j in range(lo, hi + 1):
            yc = j + 0.5
            xs = sorted(
                xa + (yc - ya) * (xb - xa) / (yb - ya) for (xa, ya), (xb, yb) in edges if (ya <= yc) != (yb <= yc)
            )
            row = self.rows[j]
            for k in range(0, len(xs) - 1, 2):
                a, b = max(0, math.ceil(xs[k] - 0.5)), min(n, math.ceil(xs[k + 1] - 0.5))
                if b > a:
                    row[a:b] = fillbyte * (b - a)

    def circle(self, cx: float, cy: float, r: float, value: int) -> None:
        n = self.n
        fillbyte = bytes([value])
        for j in range(max(0, math.floor(cy - r - 0.5)), min(n - 1, math.ceil(cy + r)) + 1):
            dy = j + 0.5 - cy
            if dy * dy > r * r:
                continue
            dx = math.sqrt(r * r - dy * dy)
            a, b = max(0, math.ceil(cx - dx - 0.5)), min(n, math.ceil(cx + dx - 0.5))
            if b > a:
                self.rows[j][a:b] = fillbyte * (b - a)

    def stroke(self, pts: Sequence[Point], width: float, value: int, closed: bool) -> None:
        h = width / 2
        segs = list(itertools.pairwise(pts)) + ([(pts[-1], pts[0])] if closed else [])
        for (xa, ya), (xb, yb) in segs:
            d = math.hypot(xb - xa, yb - ya)
            if d > 1e-9:
                px, py = -(yb - ya) / d * h, (xb - xa) / d * h
                self.polygon([(xa + px, ya + py), (xb + px, yb + py), (xb - px, yb - py), (xa - px, ya - py)], value)
        for x, y in pts:
            self.circle(x, y, h, value)


def raster(g: Glyph, color: Color | str, size: int = 64) -> list[list[RGB]]:
    """``g`` as ``size`` x ``size`` RGB rows, top row first, on the transparent key :data:`KEY`.
    Pixels less than half covered are key; covered pixels average the piece colours only, so
    edges against the key stay hard and inner edges smooth."""
    c = color_of(color)
    if size < 8:
        raise ValueError(f"a glyph needs at least 8 x 8 pixels, not {size}")
    k = size * _SS / 100
    cv = _Canvas(size * _SS)
    for s in g.shapes:
        pts = [(x * k, y * k) for x, y in s.points]
        value = 2 if s.paint == "ink" else 1
        if s.kind == "line":
            cv.stroke(pts, s.size * k, 2 if s.paint != "halo" else 1, closed=False)
            continue
        if s.kind == "polygon":
            cv.polygon(pts, value)
            if s.paint == "body":
                cv.stroke(pts, STROKE * k, 2, closed=True)
        elif s.paint == "body":  # a disc with its outline: an ink disc, then the fill inside the stroke
            cv.circle(*pts[0], (s.size + STROKE / 2) * k, 2)
            cv.circle(*pts[0], (s.size - STROKE / 2) * k, 1)
        else:
            cv.circle(*pts[0], s.size * k, value)
    colours = (KEY, PAPER[c], INK[c])
    n, half = size * _SS, _SS * _SS / 2
    out: list[list[RGB]] = []
    for j in range(size):
        band = cv.rows[j * _SS : (j + 1) * _SS]
        # per-sample-column counts over the band (each byte at most _SS, so the big-integer sums never carry)
        bg = sum(int.from_bytes(r.translate(_IS_BG), "big") for r in band).to_bytes(n, "big")
        ink = sum(int.from_bytes(r.translate(_IS_INK), "big") for r in band).to_bytes(n, "big")
        row: list[RGB] = []
        for i in range(0, n, _SS):
            nbg, nink = sum(bg[i : i + _SS]), sum(ink[i : i + _SS])
            if nbg > half:
                row.append(KEY)
                continue
            nfill, total = _SS * _SS - nbg - nink, _SS * _SS - nbg
            red, green, blue = (
                (colours[1][ch] * nfill + colours[2][ch] * nink + total // 2) // total for ch in range(3)
            )
            row.append((red, green, blue))
        out.append(row)
    return out


def bmp_bytes(pixels: Sequence[Sequence[RGB]]) -> bytes:
    """A 24-bit uncompressed Windows BMP of ``pixels`` (rows top first, RGB): BITMAPINFOHEADER,
    rows stored bottom-up as BGR, each padded to a multiple of 4 bytes."""
    height = len(pixels)
    width = len(pixels[0]) if height else 0
    if not width or any(len(row) != width for row in pixels):
        raise ValueError("pixels must be a non-empty rectangle")
    stride = (width * 3 + 3) // 4 * 4
    pad = bytes(stride - width * 3)
    data = bytearray()
    for row in reversed(pixels):
        for r, g, b in row:
            data += bytes((b, g, r))
        data += pad
    header = struct.pack("<2sIHHI", b"BM", 14 + 40 + len(data), 0, 0, 14 + 40)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(data), 2835, 2835, 0, 0)
    return header + info + bytes(data)


def png_bytes(pixels: Sequence[Sequence[RGB]]) -> bytes:
    """A truecolour PNG of ``pixels`` (rows top first, RGB), deflated: a board's few colours in long runs
    come to a few kilobytes, where its bitmap is a megabyte and more (Zillions reads both).

    >>> png_bytes([[(255, 0, 0)]])[:8], len(png_bytes([[(240, 217, 181)] * 600] * 600)) < 10_000
    (b'\\x89PNG\\r\\n\\x1a\\n', True)
    """
    height = len(pixels)
    width = len(pixels[0]) if height else 0
    if not width or any(len(row) != width for row in pixels):
        raise ValueError("pixels must be a non-empty rectangle")
    raw = b"".join(b"\x00" + bytes(channel for pixel in row for channel in pixel) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits a channel, RGB, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
