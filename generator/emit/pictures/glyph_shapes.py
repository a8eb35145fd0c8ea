"""The drawing vocabulary of piece glyphs: shapes in a 100 x 100 box, the silhouettes, and the
marks that say what a silhouette does not (the move rose, modality tags, the crown of a royal
piece that is not a king).

:mod:`generator.emit.pictures.glyphs` decides from a piece's moves which of these to draw; this module
only draws.  Shapes live in a 100 x 100 box, y down, the ground line at y = 93.

The move rose is a small map of a piece's moves around a centre (the piece): a target one step
away sits on a spoke (``+`` for orthogonal steps, ``x`` for diagonal ones), a leap's target floats
free at its distance (a lame leap keeps a thin spoke: it passes the squares between), a line runs
to the rim with an arrowhead (a limited one stops at a bar).  Every target says what the piece may
do there, as the page's diagrams do: a solid disc moves or captures, a ring only moves, a cross
only captures; a square frame around it: only as the piece's first move.  Distances count in
squares (the larger coordinate of the leap), one step to three.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from generator.betza import Modality

__all__ = [
    "BESIDE_MEDALLION",
    "STROKE",
    "Anchor",
    "Glyph",
    "Part",
    "Point",
    "Shape",
    "Tip",
    "base",
    "battlements",
    "circle",
    "coronet",
    "crown",
    "crownlet",
    "horse",
    "line",
    "man",
    "medallion",
    "mitre",
    "pawn",
    "rose",
    "tag",
    "transform",
]

Point = tuple[float, float]
Vector = tuple[int, int]

STROKE = 4.0  #: outline width of body shapes, in box units (the box is 100 wide)


@dataclass(frozen=True)
class Shape:
    """One drawing element, in the 100 x 100 box (y down).

    ``kind``: ``polygon`` (``points`` closed), ``circle`` (``points[0]`` the centre, ``size`` the
    radius) or ``line`` (``points`` an open polyline, ``size`` its width, round caps and joins).
    ``paint``: ``body`` (fill colour, outlined with :data:`STROKE`), ``ink`` (the outline colour) or
    ``halo`` (the fill colour, no outline: it keeps ink marks apart from what lies under them, so
    a black piece's light marks stay visible on a light square).
    """

    kind: str
    points: tuple[Point, ...]
    size: float = 0.0
    paint: str = "body"


@dataclass(frozen=True)
class Glyph:
    """A piece's picture: its silhouette ``kind`` (``battlements``, ``mitre+horse``...), the
    ``marks`` on it (``rose:8``, ``tag:lines:move``, ``range:3``, ``crowned``...) and the shapes,
    in drawing order."""

    kind: str
    marks: tuple[str, ...]
    shapes: tuple[Shape, ...] = field(repr=False)


@dataclass(frozen=True)
class Anchor:
    """A place on a silhouette for a mark: centre and the radius it may fill."""

    x: float
    y: float
    r: float


@dataclass
class Part:
    """A silhouette: its shapes, where a move rose goes (``rose``) and where a modality tag goes
    (``tag``)."""

    shapes: list[Shape]
    rose: Anchor
    tag: Anchor


@dataclass(frozen=True)
class Tip:
    """One target of a move rose: ``vector`` (White's view, dy > 0 forward), what the piece may
    do there, and how it gets there: ``step`` (to a neighbour), ``leap`` (over the squares
    between), ``lame`` (through them, which must be empty), ``line`` (on and on), ``limit``
    (at most ``reach`` times along the vector) or ``hop`` (over a piece in the way)."""

    vector: Vector
    kind: str
    modality: Modality
    reach: int = 1
    initial: bool = False


def _r(v: float) -> float:
    return round(v, 3) + 0.0  # + 0.0 turns -0.0 into 0.0


def polygon(points: Iterable[Point], paint: str = "body") -> Shape:
    return Shape("polygon", tuple((_r(x), _r(y)) for x, y in points), 0.0, paint)


def circle(cx: float, cy: float, r: float, paint: str = "body") -> Shape:
    return Shape("circle", ((_r(cx), _r(cy)),), _r(r), paint)


def line(points: Iterable[Point], width: float, paint: str = "ink") -> Shape:
    return Shape("line", tuple((_r(x), _r(y)) for x, y in points), _r(width), paint)


def _halo(shapes: Iterable[Shape], margin: float) -> list[Shape]:
    """A fill-coloured rim ``margin`` wide around ink ``shapes``, to draw under them."""
    out = []
    for s in shapes:
        if s.kind == "line":
            out.append(Shape("line", s.points, _r(s.size + 2 * margin), "halo"))
        elif s.kind == "circle":
            out.append(Shape("circle", s.points, _r(s.size + margin), "halo"))
    return out


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int) -> list[Point]:
    """Points on an elliptic arc from angle ``a0`` to ``a1`` (degrees; 0 = right, 90 = down)."""
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def _ellipse(cx: float, cy: float, rx: float, ry: float, paint: str = "body") -> Shape:
    return polygon(_arc(cx, cy, rx, ry, 0, 360, 32)[:-1], paint)


def _ring(cx: float, cy: float, r: float, width: float) -> Shape:
    return line(_arc(cx, cy, r, r, 0, 360, 16), width)


def transform(shapes: Iterable[Shape], scale: float, dx: float, dy: float) -> list[Shape]:
    """Scale about (50, 93) (the middle of the ground line), then shift by (dx, dy)."""

    def f(p: Point) -> Point:
        return (_r(50 + (p[0] - 50) * scale + dx), _r(93 + (p[1] - 93) * scale + dy))

    out = []
    for s in shapes:
        size = s.size * scale if s.kind in ("circle", "line") else s.size
        out.append(Shape(s.kind, tuple(f(p) for p in s.points), _r(size), s.paint))
    return out


def transform_anchor(a: Anchor, scale: float, dx: float, dy: float) -> Anchor:
    """``a`` moved as :func:`transform` moves shapes."""
    return Anchor(50 + (a.x - 50) * scale + dx, 93 + (a.y - 93) * scale + dy, a.r * scale)


# --- silhouettes --------------------------------------------------------------------------------------------


def base(x0: float = 24, x1: float = 76) -> Shape:
    """The plinth every piece stands on."""
    return polygon([(x0, 93), (x1, 93), (x1, 88), (x1 - 6, 80), (x0 + 6, 80), (x0, 88)])


def pawn() -> Part:
    body = polygon([(31, 81), (69, 81), (64, 73), (59, 65), (56, 57), (44, 57), (41, 65), (36, 73)])
    return Part([body, _ellipse(50, 56, 13, 4.5), circle(50, 39, 14)], Anchor(50, 39, 34), Anchor(50, 70, 6))


def battlements(band: bool = True) -> Part:
    """The rook's tower; ``band``: the line under the battlements (a tag takes its place)."""
    body = polygon([(34, 81), (66, 81), (62, 42), (38, 42)])
    top = polygon(
        [(29, 44), (71, 44), (71, 16), (62, 16), (62, 24), (55, 24), (55, 16), (45, 16), (45, 24), (38, 24),
         (38, 16), (29, 16)]
    )  # fmt: skip
    shapes = [body, top] + ([line([(34, 35), (66, 35)], 3)] if band else [])
    return Part(shapes, Anchor(50, 62, 12), Anchor(50, 33, 6.5))


def mitre(slit: bool = True) -> Part:
    """The bishop's mitre; ``slit``: its cut (a tag takes its place)."""
    body = polygon([(39, 81), (61, 81), (56, 58), (44, 58)])
    left, right = [], []
    for i in range(13):
        u = i / 12
        y, w = 17 + 37 * u, 18 * math.sin(math.pi * (0.06 + 0.72 * u))
        left.append((50 - w, y))
        right.append((50 + w, y))
    shapes = [body, _ellipse(50, 57, 13, 4.5), polygon([*right, *reversed(left)]), circle(50, 14, 5)]
    if slit:
        shapes.insert(3, line([(56, 24), (46, 36)], 3.6))
    return Part(shapes, Anchor(50, 40, 11.5), Anchor(50, 34, 6.5))


def _collared_body() -> list[Shape]:
    return [polygon([(35, 81), (65, 81), (57, 50), (43, 50)]), _ellipse(50, 50, 15, 4.5)]


def coronet() -> Part:
    """The queen's spiked crown."""
    tips = [(26, 26), (38, 18), (50, 14), (62, 18), (74, 26)]
    crown_ = polygon(
        [(36, 50), tips[0], (37, 36), tips[1], (45, 34), tips[2], (55, 34), tips[3], (63, 36), tips[4], (64, 50)]
    )
    body = _collared_body()
    return Part(
        [body[0], crown_, body[1], *[circle(x, y, 4.8) for x, y in tips]], Anchor(50, 67, 11), Anchor(50, 41, 6.5)
    )


def _cap() -> Shape:
    """The king's two-lobed crown without its cross."""
    return polygon(
        [(37, 50), (33, 42), *_arc(39.5, 34, 10.5, 10, 180, 335, 8), (50, 34), *_arc(60.5, 34, 10.5, 10, 205, 360, 8),
         (67, 42), (63, 50)]
    )  # fmt: skip


def _cross() -> Shape:
    return polygon(
        [(46.5, 30), (46.5, 19), (41, 19), (41, 12.5), (46.5, 12.5), (46.5, 6), (53.5, 6), (53.5, 12.5), (59, 12.5),
         (59, 19), (53.5, 19), (53.5, 30)]
    )  # fmt: skip


def crown() -> Part:
    """The king: crown and cross."""
    body = _collared_body()
    return Part([_cross(), body[0], _cap(), body[1]], Anchor(50, 67, 11), Anchor(50, 67, 6.5))


def crownlet() -> list[Shape]:
    """A small crown with its cross, above a glyph drawn smaller: the piece is royal."""
    return transform([_cross(), _cap()], 0.62, 0, -30)


def horse() -> Part:
    head = polygon(
        [(28, 81), (30, 72), (36, 63), (46, 54), (39, 52), (30, 56), (22, 57), (16, 53), (15, 47), (19, 41), (30, 31),
         (37, 23), (41, 11), (48, 18), (56, 17), (66, 22), (73, 32), (77, 46), (78, 62), (75, 81)]
    )  # fmt: skip
    mane = line([(58, 22), (67, 30), (72, 43), (74, 56)], 3)
    return Part(
        [head, mane, circle(37, 33, 3.6, "ink"), circle(20.5, 48, 2, "ink")], Anchor(60, 64, 13), Anchor(57, 41, 6)
    )


def echo(part: Part) -> Part:
    """``part`` twice, one behind the other: a leaper that rides (leaps again and again)."""
    back = transform(part.shapes, 0.8, -13, -14)
    front = transform(part.shapes, 0.86, 7, 0)
    return Part([*back, *front], transform_anchor(part.rose, 0.86, 7, 0), transform_anchor(part.tag, 0.86, 7, 0))


def medallion() -> tuple[list[Shape], Anchor]:
    """A round plate at the top right, for a rose with moves longer than a step (it needs more
    room than a body offers); the glyph beside it is drawn smaller (:data:`BESIDE_MEDALLION`)."""
    return [circle(73, 27, 24)], Anchor(73, 27, 17.5)


BESIDE_MEDALLION = (0.8, -9.0, 0.0)  #: scale and shift of a glyph that has a medallion


def man() -> Part:
    """A body with a round head: the piece whose move rose is its head (it has no lines or
    knight-like leaps that another silhouette would say)."""
    return Part([*_collared_body(), circle(50, 40, 9.5)], Anchor(50, 40, 35.5), Anchor(50, 68, 6))


# --- marks --------------------------------------------------------------------------------------------------


def tag(modality: Modality, at: Anchor) -> list[Shape]:
    """A whole part only moves (a ring) or only captures (a cross)."""
    if modality is Modality.MOVE:
        return [_ring(at.x, at.y, at.r * 0.72, at.r * 0.5)]
    return _saltire(at.x, at.y, at.r * 0.72, at.r * 0.5)


def _saltire(x: float, y: float, k: float, width: float) -> list[Shape]:
    """A cross like an x, ``k`` from the centre to each end: captures only."""
    return [line([(x - k, y - k), (x + k, y + k)], width), line([(x - k, y + k), (x + k, y - k)], width)]


def _marker(modality: Modality, x: float, y: float, t: float) -> list[Shape]:
    if modality is Modality.BOTH:
        return [circle(x, y, t, "ink")]
    if modality is Modality.MOVE:  # hollow: filled with the piece's colour, not the ink's
        return [circle(x, y, t * 0.78, "halo"), _ring(x, y, t * 0.78, t * 0.55)]
    return _saltire(x, y, t * 0.85, t * 0.6)


def _frame(x: float, y: float, t: float) -> Shape:
    h = t * 1.7
    return line([(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h), (x - h, y - h)], t * 0.35)


def rose(tips: Sequence[Tip], at: Anchor, inner: float, dot: bool) -> list[Shape]:
    """The move rose of ``tips`` around ``at`` (see the module docstring): spokes start at
    ``inner`` from the centre; ``dot``: mark the centre (the piece) with a small disc.

    A rose of steps only uses the whole radius for them; any longer move puts one step at a third
    of the way from ``inner`` to the rim, two steps at two thirds, three at the rim."""
    farthest = 1 if all(t.kind == "step" for t in tips) else 3
    unit = at.r / 31 * 1.6 + 0.9  # spoke and marker sizes follow the rose's size
    width, size = unit * 1.5, unit * 2.1
    if _crowded(tips):  # targets one behind the other: markers small enough to stay apart
        size = min(size, (at.r - inner) / farthest * 0.45)
        width = min(width, size * 0.8)

    def point(v: Vector, d: float) -> Point:
        rho = inner + (at.r - inner) * min(d, farthest) / farthest
        n = math.hypot(v[0], v[1])
        return at.x + v[0] / n * rho, at.y - v[1] / n * rho

    spokes, marks = _spokes_and_marks(tips, point, width, size)
    centre = [circle(at.x, at.y, inner, "ink")] if dot else []
    return _layered(spokes, [*centre, *marks], width, on_body=dot)


def _spokes_and_marks(
    tips: Sequence[Tip], point: Callable[[Vector, float], Point], width: float, size: float
) -> tuple[list[Shape], list[Shape]]:
    """The rose's spokes (ink lines) and the marks at their ends; ``point(v, d)``: where a target
    ``d`` squares out along ``v`` goes."""
    spokes: list[Shape] = []
    marks: list[Shape] = []
    for t in sorted(tips, key=_tip_order):
        v = t.vector
        start = point(v, 0)
        if t.kind in ("line", "limit"):
            d = 3.0 if t.kind == "line" else t.reach * max(abs(v[0]), abs(v[1]))
            end = point(v, d)
            spokes.append(line([start, end], width))
            marks += _line_end(t, start, end, size)
            c = max(abs(v[0]), abs(v[1]))
            # a rider of longer leaps (DD) lands on every c-th square only: beads there
            marks += [circle(*point(v, k), width * 0.9, "ink") for k in range(c, int(d), c)] if c > 1 else []
            continue
        if t.kind == "hop":  # a thin spoke over a hurdle (a disc half-way) to the target at the rim
            spokes.append(line([start, point(v, 3.0)], width * 0.45))
            marks += [circle(*point(v, 1.5), size * 0.7, "ink"), *_marker(t.modality, *point(v, 3.0), size)]
            continue
        x, y = point(v, max(abs(v[0]), abs(v[1])))
        if t.kind in ("step", "lame"):
            back = size * 0.8 if t.modality is Modality.MOVE else 0.0  # a ring stays hollow
            n = math.hypot(x - start[0], y - start[1])
            stop = (x - (x - start[0]) / n * back, y - (y - start[1]) / n * back)
            spokes.append(line([start, stop], width if t.kind == "step" else width * 0.45))  # lame: thin
        marks += _marker(t.modality, x, y, size)
        if t.initial:
            marks.append(_frame(x, y, size))
    return spokes, marks


def _layered(spokes: list[Shape], marks: list[Shape], width: float, on_body: bool) -> list[Shape]:
    """The rose in drawing order: fill-coloured rims first, so that ink marks stand out on
    whatever lies under them."""
    marks_ink = [s for s in marks if s.paint == "ink"]
    halos = _halo(marks_ink, width * 0.9)
    discs = [s for s in marks if s.paint == "halo"]  # the insides of rings
    if on_body:  # ink spokes: the body around them gives the piece's colour
        return [*_halo(spokes, width * 0.9), *halos, *discs, *spokes, *marks_ink]
    # around a head the rose is most of the picture: drawn in the piece's colour with a thin ink
    # rim (spokes become tubes, discs balls), so that a black piece reads black at 48 pixels
    rim = max(0.9, width * 0.3)
    tubes = [s for s in spokes if s.size > width * 0.6]  # lame spokes stay thin lines
    outlines = [Shape("line", s.points, _r(s.size + 2 * rim), "ink") for s in tubes]
    fills = [Shape("line", s.points, s.size, "halo") for s in tubes]
    thin = [s for s in spokes if s.size <= width * 0.6]
    balls = [s for s in marks_ink if s.kind == "circle"]
    rest = [s for s in marks_ink if s.kind != "circle"]
    hearts = [Shape("circle", s.points, _r(s.size - rim), "halo") for s in balls if s.size > 2 * rim]
    return [*_halo(rest, width * 0.9), *outlines, *fills, *thin, *balls, *hearts, *rest]


def _crowded(tips: Sequence[Tip]) -> bool:
    """Two targets (not lines) in the same direction at different distances, or steps among
    longer moves (a step is then a third of the way out, near the centre)."""
    kinds = {t.kind for t in tips}
    if "step" in kinds and kinds - {"step"}:
        return True
    seen: set[tuple[float, float]] = set()
    for t in tips:
        if t.kind in ("line", "limit"):
            continue
        n = math.hypot(*t.vector)
        key = (round(t.vector[0] / n, 6), round(t.vector[1] / n, 6))
        if key in seen:
            return True
        seen.add(key)
    return False


def _tip_order(t: Tip) -> tuple[Vector, str, int, int, bool]:
    return t.vector, t.kind, t.modality.value, t.reach, t.initial


def _line_end(t: Tip, start: Point, end: Point, size: float) -> list[Shape]:
    """An arrowhead at the rim (a line) or a bar across (a limited line), and the modality
    marker half-way when the line does not both move and capture."""
    ux, uy = end[0] - start[0], end[1] - start[1]
    n = math.hypot(ux, uy)
    ux, uy = ux / n, uy / n
    out: list[Shape] = []
    if t.kind == "line":
        a, b = size * 1.9, size * 1.2
        bx, by = end[0] - ux * a, end[1] - uy * a
        out.append(polygon([end, (bx - uy * b, by + ux * b), (bx + uy * b, by - ux * b)], "ink"))
    else:
        b = size * 1.3
        out.append(line([(end[0] - uy * b, end[1] + ux * b), (end[0] + uy * b, end[1] - ux * b)], size * 0.7))
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    if t.modality is not Modality.BOTH:
        out += _marker(t.modality, *mid, size)
    if t.initial:
        out.append(_frame(*mid, size))
    return out
