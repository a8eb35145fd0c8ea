"""Piece pictures derived from what a piece does, as vector shapes, SVG and bitmaps.

A piece's picture is chosen from its features (roles and Betza movement), never from its name or
its variant, so a new piece gets a fitting picture without any table to extend:

==============================================  ==================================================
Feature                                         Motif
==============================================  ==================================================
royal                                           ``crown``: a king's crown with a cross
pawn role, or every move goes forward           ``pawn``: the pawn silhouette
unlimited orthogonal and diagonal lines         ``coronet``: a queen's spiked crown with balls
unlimited orthogonal lines                      ``battlements``: a rook's tower
unlimited diagonal lines                        ``mitre``: a bishop's mitre
oblique leaps (N, C, Z)                         ``horse``: a knight's horse head
a rider with oblique leaps                      ``mitre+horse`` etc.: the rider with a horse head
                                                in front of it
only steps and straight jumps                   ``man``: a king's body whose head shows its steps
                                                (W and F: the crown with a ball for the cross, the
                                                crownless king; W: a square; F: a diamond; none: a
                                                small ball) and rays to the directions of its
                                                jumps (D, A, H, G)
==============================================  ==================================================

Marks on top of a motif: limited lines (``B3``, ``R3``) put one pip per square of range on the
base (a number beyond five); steps that the motif does not already say (the Ajax pieces' extra
one-step moves) put an emblem on the body, in the same shape language as the man's head, solid
when the step may capture, hollow when it only moves.  Every piece that is not one of the six
orthodox pieces exactly carries its FEN letter on a round badge at the bottom right, so two piece
types of one variant never look alike (:func:`glyph_set` adds badges to orthodox-looking pieces
too when two of them would otherwise coincide).

Shapes live in a 100 x 100 box, y down.  White pieces: light fill, dark outline; black pieces:
dark fill, light outline.  :func:`raster` renders a glyph at any size on the Zillions
transparent-key colour :data:`KEY` (pure green, ``#00FF00``: the background of the great majority
of published Zillions piece bitmaps); it anti-aliases only inside the piece, never against the
key, so no greenish fringe appears.  :func:`bmp_bytes` writes 24-bit uncompressed Windows BMP.
"""

from __future__ import annotations

import functools
import itertools
import math
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from generator.betza import Modality
from generator.catalogue.model import Color, PieceType
from generator.emit.font import text_strokes

__all__ = [
    "INK",
    "KEY",
    "PAPER",
    "Features",
    "Glyph",
    "Shape",
    "bmp_bytes",
    "features",
    "glyph",
    "glyph_set",
    "raster",
    "svg_symbol",
]

Point = tuple[float, float]
RGB = tuple[int, int, int]
Vector = tuple[int, int]

KEY: RGB = (0, 255, 0)  #: the colour Zillions shows as transparent in piece bitmaps
PAPER: dict[Color, RGB] = {Color.WHITE: (250, 248, 240), Color.BLACK: (48, 46, 46)}  #: fill colour
INK: dict[Color, RGB] = {Color.WHITE: (24, 24, 24), Color.BLACK: (236, 234, 228)}  #: outline and details

STROKE = 4.0  #: outline width of body shapes, in box units (the box is 100 wide)
_SS = 4  #: supersampling per axis in :func:`raster`
_IS_BG = bytes([1] + [0] * 255)
_IS_INK = bytes([0, 0, 1] + [0] * 253)


# --- shapes -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """One drawing element, in the 100 x 100 box (y down).

    ``kind``: ``polygon`` (``points`` closed), ``circle`` (``points[0]`` the centre, ``size`` the
    radius) or ``line`` (``points`` an open polyline, ``size`` its width, round caps and joins).
    ``paint``: ``body`` (fill colour, outlined with :data:`STROKE`) or ``ink`` (the outline colour;
    lines are always ink).
    """

    kind: str
    points: tuple[Point, ...]
    size: float = 0.0
    paint: str = "body"


@dataclass(frozen=True)
class Glyph:
    """A piece's picture: its motif ``kind`` (``battlements``, ``mitre+horse``...), the ``marks`` on
    it (``pips:3``, ``emblem:diamond:move``, ``rays:8``, ``badge:M``...) and the shapes, in drawing order."""

    kind: str
    marks: tuple[str, ...]
    shapes: tuple[Shape, ...] = field(repr=False)


def _r(v: float) -> float:
    return round(v, 3) + 0.0  # + 0.0 turns -0.0 into 0.0


def _poly(points: Iterable[Point], paint: str = "body") -> Shape:
    return Shape("polygon", tuple((_r(x), _r(y)) for x, y in points), 0.0, paint)


def _circle(cx: float, cy: float, r: float, paint: str = "body") -> Shape:
    return Shape("circle", ((_r(cx), _r(cy)),), _r(r), paint)


def _line(points: Iterable[Point], width: float) -> Shape:
    return Shape("line", tuple((_r(x), _r(y)) for x, y in points), _r(width), "ink")


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int) -> list[Point]:
    """Points on an elliptic arc from angle ``a0`` to ``a1`` (degrees; 0 = right, 90 = down)."""
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def _ellipse(cx: float, cy: float, rx: float, ry: float, paint: str = "body") -> Shape:
    return _poly(_arc(cx, cy, rx, ry, 0, 360, 32)[:-1], paint)


def _transform(shapes: Iterable[Shape], scale: float, dx: float, dy: float) -> list[Shape]:
    """Scale about (50, 93) (the middle of the ground line), then shift by (dx, dy)."""

    def f(p: Point) -> Point:
        return (_r(50 + (p[0] - 50) * scale + dx), _r(93 + (p[1] - 93) * scale + dy))

    out = []
    for s in shapes:
        size = s.size * scale if s.kind in ("circle", "line") else s.size
        out.append(Shape(s.kind, tuple(f(p) for p in s.points), _r(size), s.paint))
    return out


# --- features -----------------------------------------------------------------------------------------------

_ALL8: frozenset[Vector] = frozenset((x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0))


@dataclass(frozen=True)
class Features:
    """What a piece does, as far as its picture is concerned.

    ``orthogonal`` / ``diagonal``: the reach of its lines (0 unlimited, n >= 2 at most n squares,
    None: no line); ``steps_capture`` / ``steps_move``: the one-step directions (White's view,
    dy > 0 forward) it may capture on / may only move to; ``jumps``: the directions of its
    straight leaps of two or more squares; ``oblique``: it has knight-like (N, C, Z) leaps;
    ``orthodox``: it is exactly one of the six orthodox chessmen.
    """

    royal: bool
    pawn: bool
    orthogonal: int | None
    diagonal: int | None
    oblique: bool
    steps_capture: frozenset[Vector]
    steps_move: frozenset[Vector]
    jumps: frozenset[Vector]
    orthodox: bool


def _reach(old: int | None, new: int) -> int:
    return 0 if old == 0 or new == 0 else max(old or 0, new)


def features(piece: PieceType) -> Features:
    """The picture-relevant features of ``piece`` (see :class:`Features`)."""
    ortho: int | None = None
    diag: int | None = None
    oblique = False
    cap: set[Vector] = set()
    move: set[Vector] = set()
    jumps: set[Vector] = set()
    forward_only = True
    for m in piece.movement.moves:
        vecs = m.vectors()
        forward_only = forward_only and all(dy > 0 for _, dy in vecs)
        if m.atom in "RBQ":
            for dx, dy in vecs:
                if dx == 0 or dy == 0:
                    ortho = _reach(ortho, m.range)
                else:
                    diag = _reach(diag, m.range)
        elif m.atom in "WFK":
            (cap if m.modality & Modality.CAPTURE else move).update(vecs)
        elif m.atom in "NCZ":
            oblique = True
        else:  # straight leaps D A H G, single or ridden
            jumps.update(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) for dx, dy in vecs)
    betza = piece.movement.render()
    orthodox = (
        (piece.royal and not piece.pawn and betza == "K")
        or (piece.pawn and not piece.royal and betza == "fmWfcF")
        or (not piece.roles and betza in ("Q", "R", "B", "N"))
    )
    return Features(
        royal=piece.royal,
        pawn=piece.pawn or forward_only,
        orthogonal=ortho,
        diagonal=diag,
        oblique=oblique,
        steps_capture=frozenset(cap),
        steps_move=frozenset(move - cap),
        jumps=frozenset(jumps),
        orthodox=orthodox,
    )


# --- motifs -------------------------------------------------------------------------------------------------


@dataclass
class _Part:
    shapes: list[Shape]
    anchor: tuple[float, float, float]  # where an emblem goes: centre and radius


def _base(x0: float = 24, x1: float = 76) -> Shape:
    return _poly([(x0, 93), (x1, 93), (x1, 88), (x1 - 6, 80), (x0 + 6, 80), (x0, 88)])


def _pawn() -> _Part:
    body = _poly([(31, 81), (69, 81), (64, 73), (59, 65), (56, 57), (44, 57), (41, 65), (36, 73)])
    return _Part([body, _ellipse(50, 56, 13, 4.5), _circle(50, 39, 14)], (50, 70, 8))


def _battlements() -> _Part:
    body = _poly([(34, 81), (66, 81), (62, 42), (38, 42)])
    top = _poly(
        [(29, 44), (71, 44), (71, 16), (62, 16), (62, 24), (55, 24), (55, 16), (45, 16), (45, 24), (38, 24),
         (38, 16), (29, 16)]
    )  # fmt: skip
    return _Part([body, top, _line([(34, 35), (66, 35)], 3)], (50, 62, 9))


def _mitre(slit: bool = True) -> _Part:
    body = _poly([(39, 81), (61, 81), (56, 58), (44, 58)])
    left, right = [], []
    for i in range(13):
        u = i / 12
        y, w = 17 + 37 * u, 18 * math.sin(math.pi * (0.06 + 0.72 * u))
        left.append((50 - w, y))
        right.append((50 + w, y))
    mitre = _poly([*right, *reversed(left)])
    shapes = [body, _ellipse(50, 57, 13, 4.5), mitre, _circle(50, 14, 5)]
    if slit:
        shapes.insert(3, _line([(56, 24), (46, 36)], 3.6))
    return _Part(shapes, (50, 40, 7.5))


def _collared_body() -> list[Shape]:
    return [_poly([(35, 81), (65, 81), (57, 50), (43, 50)]), _ellipse(50, 50, 15, 4.5)]


def _coronet() -> _Part:
    tips = [(26, 26), (38, 18), (50, 14), (62, 18), (74, 26)]
    crown = _poly(
        [(36, 50), tips[0], (37, 36), tips[1], (45, 34), tips[2], (55, 34), tips[3], (63, 36), tips[4], (64, 50)]
    )
    body = _collared_body()
    return _Part([body[0], crown, body[1], *[_circle(x, y, 4.8) for x, y in tips]], (50, 67, 8))


def _cap() -> Shape:
    """The king's two-lobed crown without its cross."""
    return _poly(
        [(37, 50), (33, 42), *_arc(39.5, 34, 10.5, 10, 180, 335, 8), (50, 34), *_arc(60.5, 34, 10.5, 10, 205, 360, 8),
         (67, 42), (63, 50)]
    )  # fmt: skip


def _crown() -> _Part:
    cross = _poly(
        [(46.5, 30), (46.5, 19), (41, 19), (41, 12.5), (46.5, 12.5), (46.5, 6), (53.5, 6), (53.5, 12.5), (59, 12.5),
         (59, 19), (53.5, 19), (53.5, 30)]
    )  # fmt: skip
    body = _collared_body()
    return _Part([cross, body[0], _cap(), body[1]], (50, 67, 8))


def _horse() -> _Part:
    head = _poly(
        [(28, 81), (30, 72), (36, 63), (46, 54), (39, 52), (30, 56), (22, 57), (16, 53), (15, 47), (19, 41), (30, 31),
         (37, 23), (41, 11), (48, 18), (56, 17), (66, 22), (73, 32), (77, 46), (78, 62), (75, 81)]
    )  # fmt: skip
    mane = _line([(58, 22), (67, 30), (72, 43), (74, 56)], 3)
    return _Part([head, mane, _circle(37, 33, 3.6, "ink"), _circle(20.5, 48, 2, "ink")], (61, 66, 8))


def _head(shape: str, cx: float, cy: float, r: float, paint: str = "body") -> Shape:
    if shape == "circle":
        return _circle(cx, cy, r, paint)
    if shape == "square":
        h = r * 0.86
        return _poly([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)], paint)
    h = r * 1.2
    return _poly([(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)], paint)


def _step_shape(vectors: Iterable[Vector]) -> str:
    kinds = {"W" if dx == 0 or dy == 0 else "F" for dx, dy in vectors}
    return "circle" if len(kinds) == 2 else "square" if kinds == {"W"} else "diamond"


def _man(f: Features) -> tuple[_Part, list[str]]:
    steps = f.steps_capture or f.steps_move
    shape = _step_shape(steps) if steps else "dot"
    cx, cy = 50.0, 34.0
    rays: list[Shape] = []
    for dx, dy in sorted(f.jumps):
        sx, sy = dx, -dy  # forward is up on the page
        k = 27 / math.hypot(sx, sy)
        tip = (cx + sx * k, cy + sy * k)
        w = 3.2
        px, py = -sy / math.hypot(sx, sy) * w, sx / math.hypot(sx, sy) * w
        rays.append(_poly([(cx + px, cy + py), (tip[0] + px, tip[1] + py), (tip[0] - px, tip[1] - py),
                           (cx - px, cy - py)]))  # fmt: skip
        rays.append(_circle(*tip, 5))
    marks = [f"head:{shape}"] + ([f"rays:{len(f.jumps)}"] if f.jumps else [])
    body = _collared_body()
    if shape == "circle":  # a king without the cross: a ball on the crown instead
        figure = [_circle(50, 22, 7.5), body[0], _cap(), body[1]]
    elif shape == "dot":  # no steps at all: a small plain head
        figure = [*body, _circle(cx, cy + 4, 9)]
    else:
        figure = [*body, _head(shape, cx, cy, 13)]
    return _Part([*rays, *figure], (50, 67, 8)), marks


_RIDERS = {"coronet": _coronet, "battlements": _battlements, "mitre": _mitre}


def _motif(f: Features) -> str:
    if f.royal:
        return "crown"
    if f.pawn:
        return "pawn"
    if f.orthogonal is not None and f.diagonal is not None:
        return "coronet"
    if f.orthogonal is not None:
        return "battlements"
    if f.diagonal is not None:
        return "mitre"
    return "horse" if f.oblique else "man"


def _extra_steps(f: Features, main: str) -> tuple[frozenset[Vector], bool]:
    """Steps the motif does not already say, and whether any of them may capture."""
    if main == "crown" and f.steps_capture == _ALL8 and not f.steps_move:
        return frozenset(), False
    covered = {v for v in _ALL8 if (f.orthogonal is not None and 0 in v) or (f.diagonal is not None and 0 not in v)}
    cap = f.steps_capture - covered
    return (cap | f.steps_move) - covered, bool(cap)


def glyph(piece: PieceType, badge: bool | None = None) -> Glyph:
    """The picture of ``piece``, from its features alone.

    ``badge``: draw the FEN letter badge (default: for every piece that is not exactly an orthodox
    chessman; :func:`glyph_set` forces it where two orthodox-looking pieces would coincide).
    """
    return _glyph(piece, badge)


@functools.lru_cache(maxsize=512)
def _glyph(piece: PieceType, badge: bool | None) -> Glyph:
    f = features(piece)
    main = _motif(f)
    marks: list[str] = []
    steps, captures = _extra_steps(f, main) if main not in ("man", "pawn") else (frozenset(), False)
    limited = [r for r in (f.orthogonal, f.diagonal) if r] if main in _RIDERS else []
    if main == "man":
        part, extra = _man(f)
        marks += extra
    elif main == "mitre":
        part = _mitre(slit=not (steps or limited))  # a mark on the mitre replaces the slit
    else:
        part = {"pawn": _pawn, "horse": _horse, "crown": _crown, **_RIDERS}[main]()
    kind, shapes, (cx, cy, r) = main, [_base(), *part.shapes], part.anchor
    if main in _RIDERS and f.oblique:  # the rider, with a horse head in front of it
        kind, scale, dx = f"{main}+horse", 0.84, 11
        shapes = [_base(16, 84), *_transform(part.shapes, scale, dx, 0), *_transform(_horse().shapes, 0.7, -17, 0)]
        cx, cy, r = 50 + (cx - 50) * scale + dx, 93 + (cy - 93) * scale, r * scale
    if steps:
        shape = _step_shape(steps)
        marks.append(f"emblem:{shape}:{'capture' if captures else 'move'}")
        shapes.append(_head(shape, cx, cy, r, "ink" if captures else "body"))
    if limited:  # the range as a number on the body, or on the base when an emblem is on the body
        n = min(limited)
        marks.append(f"range:{n}")
        x, y, h = (50, 86.5, 8.5) if steps else (cx, cy, min(r * 2.3, r * 2.6 * 6 / (5.5 * len(str(n)) - 1.5)))
        shapes += [_line(s, 2.6 if steps else 3.6) for s in text_strokes(str(n), x, y, h)]
    if badge if badge is not None else not f.orthodox:
        marks.append(f"badge:{piece.letter}")
        shapes.append(_circle(82, 81, 15))
        shapes += [_line(s, 3.6) for s in text_strokes(piece.letter, 82, 81, 14)]
    return Glyph(kind, tuple(marks), tuple(shapes))


def glyph_set(pieces: Sequence[PieceType]) -> dict[str, Glyph]:
    """Glyphs for the piece types of one variant, by letter, all different: pieces whose default
    glyphs would coincide get the letter badge."""
    plain = {p.letter: glyph(p) for p in pieces}
    seen: dict[tuple[Shape, ...], list[str]] = {}
    for letter, g in plain.items():
        seen.setdefault(g.shapes, []).append(letter)
    clash = {letter for letters in seen.values() if len(letters) > 1 for letter in letters}
    return {p.letter: glyph(p, badge=True) if p.letter in clash else plain[p.letter] for p in pieces}


# --- output -------------------------------------------------------------------------------------------------


def _color(color: Color | str) -> Color:
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


def svg_symbol(piece: PieceType | Glyph, color: Color | str, size: float = 100) -> str:
    """An SVG ``<g>`` drawing ``piece`` (or a ready :class:`Glyph`) ``size`` units wide, its
    top-left corner at the origin; deterministic text."""
    g = piece if isinstance(piece, Glyph) else glyph(piece)
    c = _color(color)
    fill, ink = _hex(PAPER[c]), _hex(INK[c])
    out = [
        f'<g class="piece {c.word} {g.kind}" transform="scale({_num(size / 100)})" stroke-linejoin="round" '
        f'stroke-linecap="round">'
    ]
    body = f'fill="{fill}" stroke="{ink}" stroke-width="{_num(STROKE)}"'
    for s in g.shapes:
        paint = body if s.paint == "body" else f'fill="{ink}"'
        if s.kind == "polygon":
            out.append(f'<polygon points="{_pts(s.points)}" {paint}/>')
        elif s.kind == "circle":
            (x, y), r = s.points[0], s.size
            out.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {paint}/>')
        else:
            width = _num(s.size)
            out.append(f'<polyline points="{_pts(s.points)}" fill="none" stroke="{ink}" stroke-width="{width}"/>')
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


def raster(piece: PieceType | Glyph, color: Color | str, size: int = 64) -> list[list[RGB]]:
    """``piece`` (or a ready :class:`Glyph`) as ``size`` x ``size`` RGB rows, top row first, on
    the transparent key :data:`KEY`.  Pixels less than half covered are key; covered pixels
    average the piece colours only, so edges against the key stay hard and inner edges smooth."""
    g = piece if isinstance(piece, Glyph) else glyph(piece)
    c = _color(color)
    if size < 8:
        raise ValueError(f"a glyph needs at least 8 x 8 pixels, not {size}")
    k = size * _SS / 100
    cv = _Canvas(size * _SS)
    for s in g.shapes:
        pts = [(x * k, y * k) for x, y in s.points]
        if s.kind == "line":
            cv.stroke(pts, s.size * k, 2, closed=False)
            continue
        value = 1 if s.paint == "body" else 2
        if s.kind == "polygon":
            cv.polygon(pts, value)
            if value == 1:
                cv.stroke(pts, STROKE * k, 2, closed=True)
        elif value == 1:  # a disc with its outline: an ink disc, then the fill inside the stroke
            cv.circle(*pts[0], (s.size + STROKE / 2) * k, 2)
            cv.circle(*pts[0], (s.size - STROKE / 2) * k, 1)
        else:
            cv.circle(*pts[0], s.size * k, 2)
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
