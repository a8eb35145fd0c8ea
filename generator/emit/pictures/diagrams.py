"""SVG diagrams drawn from the catalogue: every variant's setup and every piece's moves.

:func:`setup_svg` draws the start position: light and dark squares, holes as hatched gaps in the
background colour (not squares), the pieces as the glyphs of :mod:`generator.emit.pictures.glyphs`, file
letters and rank numbers, who moves first, and the pieces in hand beside the board when the
variant has drops.

:func:`piece_svg` draws what a piece does, in the style of the seed pages' movement diagrams
(``x`` capture, ``m`` move only, ``o`` a square that must be empty), on a board big enough for its
moves (9 x 9 at least; 15 x 15 when a leaper rides), the white piece in the middle and forward up:

==========================  ===================================================================
Marker                      Meaning
==========================  ===================================================================
green disc                  moves or captures there
blue ring                   moves there only (to an empty square)
red cross                   captures there only
line to the board's edge    a rider: the line goes on, square after square, until blocked
line ending in a bar        a limited range (``B3``): no further than that
hatched square              a lame leap is blocked by a piece there (dashed line: the path)
dashed orange frame         only as the piece's first move (``i``), or, for a pawn, only from
                            its start ranks (the variant's multi-step advance)
==========================  ===================================================================

The markers carry ``class`` and ``data-offset`` (``dx,dy`` from the piece, White's view) and the
squares of the setup ``data-square``, so that tests can read a diagram back.  The text is a
function of the variant alone: integer or fixed two-decimal coordinates, a fixed order.
:func:`emit` writes ``<variant>-setup.svg`` and ``<variant>-<letter>.svg`` for the build.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from generator.betza import BetzaMove, Modality, lame_path
from generator.catalogue.model import FILE_LETTERS, Catalogue, Color, PieceType, Square, Variant
from generator.emit.fidelity import check_name
from generator.emit.manifest import Manifest
from generator.emit.pictures.glyphs import glyph_set, svg_symbol
from generator.emit.target import Target
from generator.engine import Position
from generator.engine.state import EMPTY

__all__ = [
    "FOLDER",
    "emit",
    "piece_board_box",
    "piece_file",
    "piece_marks",
    "piece_svg",
    "setup_file",
    "setup_svg",
    "write_show_svg",
]

FOLDER = "diagrams"  # under out/

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
BACKGROUND = "#fffdf8"
TEXT = "#2b2622"
MUTED = "#6b625a"
LIGHT, DARK = "#f0d9b5", "#b58863"  # the Zillions boards' colours
FRAME = "#6e4e34"
HATCH = "#9c948a"
SOFT_LIGHT, SOFT_DARK = "#f6efe2", "#e3d3b6"  # piece diagrams: pale, so that the markers stand out
COLOURS = {Modality.BOTH: "#2e7d32", Modality.MOVE: "#1f5fbf", Modality.CAPTURE: "#c62828"}
INITIAL = "#d97706"
SUBJECT = "#f2dc7d"  # the square the piece stands on
CLASS = {Modality.BOTH: "both", Modality.MOVE: "move", Modality.CAPTURE: "capture"}
WORDS = {Modality.BOTH: "moves or captures", Modality.MOVE: "moves only", Modality.CAPTURE: "captures only"}

SQUARE = 44  #: setup squares, in SVG units (pixels at 100%)
BOARD_PIXELS = 360  #: the piece diagrams' board side, about
MIN_SIDE, RIDER_SIDE, MAX_SIDE = 9, 15, 25  #: piece diagram board sizes (squares per side, odd)


def _num(v: float) -> str:
    """Fixed formatting: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{round(v, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(x: float, y: float, body: str, size: float = 12, anchor: str = "middle", **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}"{extra}>'
        f"{escape(body)}</text>"
    )


def _open(width: float, height: float, title: str, desc: str, defs: Sequence[str]) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" role="img" aria-labelledby="title desc" '
        f'font-family="{FONT}" fill="{TEXT}">',
        f'<title id="title">{escape(title)}</title>',
        f'<desc id="desc">{escape(desc)}</desc>',
        "<defs>",
        f'<pattern id="hatch" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<line x1="0" y1="0" x2="0" y2="7" stroke="{HATCH}" stroke-width="2.2"/></pattern>',
        *defs,
        "</defs>",
        f'<rect width="{_num(width)}" height="{_num(height)}" fill="{BACKGROUND}"/>',
    ]


def _square_list(squares: Sequence[Square]) -> str:
    return ", ".join(s.name for s in sorted(squares, key=lambda s: (s.rank, s.file)))


# --- the setup ----------------------------------------------------------------------------------------------


Placed = list[tuple[Square, Color, str]]


@dataclass(frozen=True)
class _SetupLayout:
    """Where the parts of a setup diagram go: square size, board origin and size, the hands' panel."""

    files: int
    ranks: int
    square: int = SQUARE
    left: int = 28
    top: int = 40
    panel: int = 0

    @property
    def board_w(self) -> int:
        return self.files * self.square

    @property
    def board_h(self) -> int:
        return self.ranks * self.square

    @property
    def piece_offset(self) -> str:
        return _num((self.square - self.square * 0.92) / 2)


def setup_svg(variant: Variant) -> str:
    """The start position of ``variant`` as an SVG document (deterministic text)."""
    v = variant
    pos = Position.start(v)
    hand = _hands(v, pos)
    show_hand = v.drops is not None or any(hand.values())
    lay = _SetupLayout(v.board.files, v.board.ranks, panel=112 if show_hand else 0)
    width = max(lay.left + lay.board_w + lay.panel + 16, 16 + round(len(v.title) * 9.2))  # room for the title
    height = lay.top + lay.board_h + 58
    placed = _placed(pos)
    glyphs = glyph_set(v.pieces)
    used = sorted({(c, x) for _, c, x in placed} | {(c, x) for c in Color for x in hand[c]})
    defs = [f'<g id="{c.word[0]}-{x}">{svg_symbol(glyphs[x], c, lay.square * 0.92)}</g>' for c, x in used]
    desc = _setup_description(v, placed, hand if show_hand else None)
    out = _open(width, height, f"{v.title}: the start position", desc, defs)
    out.append(_text(8, 24, v.title, 15, "start", font_weight="bold"))
    out += _board_with_pieces(v, lay, placed)
    out += _coordinates(lay)
    first = "Black" if v.setup.to_move is Color.BLACK else "White"
    colour = {"White": "#fbf8f0", "Black": "#302e2e"}[first]
    y = lay.top + lay.board_h + 44
    out.append(f'<circle class="to-move" cx="{lay.left + 7}" cy="{y - 4}" r="6.5" fill="{colour}" stroke="{TEXT}"/>')
    out.append(_text(lay.left + 20, y, f"{first} moves first", 13, "start"))
    if show_hand:
        for c in (Color.BLACK, Color.WHITE):  # Black's hand at Black's side (the top)
            out += _hand_panel(lay, c, list(hand[c].items()))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _hands(v: Variant, pos: Position) -> dict[Color, dict[str, int]]:
    """Per colour, letter -> count in hand at the start."""
    hand = {c: {letter: n for c2, letter, n in v.setup.pockets if c2 is c and n > 0} for c in Color}
    for c in Color:  # what the engine holds, in case a setup is ever normalised there
        for t, n in enumerate(pos.pockets[c]):
            if n:
                hand[c][pos.rules.letter(t * 2).upper()] = n
    return hand


def _placed(pos: Position) -> Placed:
    """The pieces on the board, rank by rank from a1: (square, colour, upper-case letter)."""
    geo = pos.rules.geo
    placed: Placed = []
    for rank in range(geo.ranks):
        for file in range(geo.files):
            code = pos.board[geo.square(file, rank)]
            if code != EMPTY:
                ch = pos.rules.letter(code)
                placed.append((Square(file, rank), Color.WHITE if ch.isupper() else Color.BLACK, ch.upper()))
    return placed


def _setup_description(v: Variant, placed: Placed, hand: dict[Color, dict[str, int]] | None) -> str:
    """The diagram's text description: the board, each side's pieces (and hand), who moves first."""
    desc = [f"{v.board.files} x {v.board.ranks} board"]
    if v.board.holes:
        desc[0] += f" without the squares {_square_list(list(v.board.holes))} (holes)"
    for c in Color:
        mine = [(sq, x) for sq, col, x in placed if col is c]
        words = [
            f"{v.piece(x).name} {_square_list([sq for sq, y in mine if y == x])}"
            for x in dict.fromkeys(x for _, x in mine)
        ]
        desc.append(f"{c.word.capitalize()}: {'; '.join(words) or 'nothing'}")
        if hand is not None:
            held = ", ".join(f"{n} {v.piece(x).name}" for x, n in hand[c].items()) or "nothing"
            desc.append(f"{c.word.capitalize()} in hand: {held}")
    desc.append(f"{'Black' if v.setup.to_move is Color.BLACK else 'White'} moves first")
    return ". ".join(desc) + "."


def _board_with_pieces(v: Variant, lay: _SetupLayout, placed: Placed) -> list[str]:
    s, ranks = lay.square, lay.ranks
    out = [f'<g class="board" transform="translate({lay.left},{lay.top})">']
    out.append(f'<rect x="-3" y="-3" width="{lay.board_w + 6}" height="{lay.board_h + 6}" fill="{FRAME}" rx="2"/>')
    for rank in range(ranks):
        for file in range(lay.files):
            x, y = file * s, (ranks - 1 - rank) * s
            sq = Square(file, rank)
            if sq in v.board.holes:
                out.append(
                    f'<g class="hole" data-square="{sq.name}"><rect x="{x}" y="{y}" width="{s}" height="{s}" '
                    f'fill="{BACKGROUND}"/><rect x="{x}" y="{y}" width="{s}" height="{s}" fill="url(#hatch)"/></g>'
                )
            else:
                fill = DARK if (file + rank) % 2 == 0 else LIGHT
                out.append(
                    f'<rect class="square" data-square="{sq.name}" x="{x}" y="{y}" width="{s}" height="{s}" '
                    f'fill="{fill}"/>'
                )
    off = lay.piece_offset
    for sq, c, letter in placed:
        px, py = sq.file * s, (ranks - 1 - sq.rank) * s
        out.append(
            f'<use class="piece-at" data-square="{sq.name}" data-piece="{letter}" data-color="{c.word}" '
            f'href="#{c.word[0]}-{letter}" transform="translate({px},{py}) translate({off},{off})"/>'
        )
    out.append("</g>")
    return out


def _coordinates(lay: _SetupLayout) -> list[str]:
    """File letters below the board, rank numbers on its left."""
    s = lay.square
    out = [
        _text(lay.left + file * s + s / 2, lay.top + lay.board_h + 18, FILE_LETTERS[file], 12, fill=MUTED)
        for file in range(lay.files)
    ]
    for rank in range(lay.ranks):
        y = lay.top + (lay.ranks - 1 - rank) * s + s / 2 + 4
        out.append(_text(lay.left - 10, y, str(rank + 1), 12, fill=MUTED))
    return out


def _hand_panel(lay: _SetupLayout, c: Color, items: list[tuple[str, int]]) -> list[str]:
    """One side's pieces in hand, beside the board at that side's end."""
    s, panel, off = lay.square, lay.panel, lay.piece_offset
    block = 18 + max(1, len(items)) * s
    y0 = 0 if c is Color.BLACK else lay.board_h - block
    out = [f'<g class="pocket {c.word}" transform="translate({lay.left + lay.board_w + 18},{lay.top + y0})">']
    out.append(_text(0, 12, f"{c.word.capitalize()} in hand", 11, "start", fill=MUTED))
    out.append(
        f'<rect x="0" y="18" width="{panel - 24}" height="{block - 18}" rx="5" fill="#efe6d6" '
        f'stroke="{FRAME}" stroke-width="1"/>'
    )
    if not items:
        out.append(_text((panel - 24) / 2, 18 + s / 2 + 4, "none", 11, fill=MUTED))
    for i, (x, n) in enumerate(items):
        out.append(
            f'<use class="in-hand" data-piece="{x}" data-color="{c.word}" data-count="{n}" '
            f'href="#{c.word[0]}-{x}" transform="translate(2,{18 + i * s}) translate({off},{off})"/>'
        )
        out.append(_text(s + 8, 18 + i * s + s / 2 + 5, f"×{n}", 14, "start", font_weight="bold"))
    out.append("</g>")
    return out


# --- the pieces ---------------------------------------------------------------------------------------------


@dataclass
class Marks:
    """What a piece diagram shows, as offsets (dx, dy) from the piece, White's view (dy > 0 forward).

    ``squares``: offset -> (modality of ordinary moves, modality of first-move-only moves), either
    empty (``Modality(0)``); ``lines``: rider lines (target offset, modality, ``"edge"`` or
    ``"stop"``); ``blocks``: squares a lame leap needs empty; ``paths``: the lame leaps' paths;
    ``hurdles``: where a hopper's example hurdle stands (next to the piece);
    ``initial_kinds``: ``"i"`` (first move) and/or ``"pawn"`` (multi-step from a start rank).
    """

    side: int
    squares: dict[tuple[int, int], list[Modality]] = field(default_factory=dict)
    lines: list[tuple[tuple[int, int], tuple[int, int], Modality, str]] = field(default_factory=list)
    blocks: set[tuple[int, int]] = field(default_factory=set)
    paths: list[tuple[tuple[int, int], ...]] = field(default_factory=list)
    hurdles: set[tuple[int, int]] = field(default_factory=set)
    initial_kinds: set[str] = field(default_factory=set)
    limits: set[int] = field(default_factory=set)

    def add(self, offset: tuple[int, int], modality: Modality, initial: bool) -> None:
        slot = self.squares.setdefault(offset, [Modality(0), Modality(0)])
        slot[1 if initial else 0] |= modality


def _side(variant: Variant, piece: PieceType) -> int:
    reach, rides = 1, False
    for m in piece.movement.moves:
        leap = max(max(abs(dx), abs(dy)) for dx, dy in m.vectors())
        if m.range == 0:
            reach = max(reach, 2 * leap)
            rides = rides or leap > 1
        else:  # a limited range, with one square more, so that the stop shows
            reach = max(reach, leap * m.range + (m.range > 1))
    if piece.pawn:
        reach = max(reach, variant.pawn_rules.max_steps)
    side = max(MIN_SIDE, 2 * reach + 1, RIDER_SIDE if rides else 0)
    return min(side, MAX_SIDE)


def piece_marks(variant: Variant, piece: PieceType) -> Marks:
    """Everything :func:`piece_svg` draws for ``piece``, without the drawing (see :class:`Marks`)."""
    marks = Marks(_side(variant, piece))
    for m in piece.movement.moves:
        if m.initial:
            marks.initial_kinds.add("i")
        for vec in m.vectors():
            if m.hop:
                _mark_hop(marks, m, vec)
            elif m.range == 1:
                _mark_leap(marks, m, vec)
            else:
                _mark_ride(marks, m, vec)
    pr = variant.pawn_rules
    if piece.pawn and pr.max_steps > 1 and pr.multi_step_ranks:
        forward = [m for m in piece.movement.moves if (0, 1) in m.vectors() and m.modality & Modality.MOVE]
        if forward:  # the variant's multi-step: straight ahead, every square passed empty
            steps = min(pr.max_steps, marks.side // 2)
            for k in range(2, steps + 1):
                marks.add((0, k), Modality.MOVE, True)
            marks.lines.append(((0, 1), (0, steps), Modality.MOVE, "initial"))
            marks.initial_kinds.add("pawn")
    return marks


def _inside(marks: Marks, x: int, y: int) -> bool:
    half = marks.side // 2
    return abs(x) <= half and abs(y) <= half


def _mark_leap(marks: Marks, m: BetzaMove, vec: tuple[int, int]) -> None:
    """A single leap's target, and for a lame one the squares it needs empty."""
    dx, dy = vec
    if not _inside(marks, dx, dy):
        return
    marks.add(vec, m.modality, m.initial)
    if m.lame:
        path = lame_path(dx, dy)
        marks.blocks.update(path)
        marks.paths.append(((0, 0), *path, vec))


def _mark_ride(marks: Marks, m: BetzaMove, vec: tuple[int, int]) -> None:
    """A rider's squares along ``vec`` as far as the diagram or its range goes, and its line."""
    dx, dy = vec
    k = 0
    while _inside(marks, (k + 1) * dx, (k + 1) * dy) and (m.range == 0 or k < m.range):
        k += 1
        marks.add((k * dx, k * dy), m.modality, m.initial)
    if k:
        limited = m.range != 0 and k == m.range
        if limited:
            marks.limits.add(m.range)
        marks.lines.append(((0, 0), (k * dx, k * dy), m.modality, "stop" if limited else "edge"))


def _mark_hop(marks: Marks, m: BetzaMove, vec: tuple[int, int]) -> None:
    """A hopper's moves drawn over a hurdle on the next square: the square right behind it for a
    grasshopper, every square beyond it for a cannon (up to its range, for one with a range)."""
    dx, dy = vec
    if not _inside(marks, 2 * dx, 2 * dy):
        return
    marks.hurdles.add(vec)
    k = 2
    marks.add((k * dx, k * dy), m.modality, False)
    while m.hop == "p" and (not m.range or k < m.range) and _inside(marks, (k + 1) * dx, (k + 1) * dy):
        k += 1
        marks.add((k * dx, k * dy), m.modality, False)
    if k > 2:
        marks.lines.append(((2 * dx, 2 * dy), (k * dx, k * dy), m.modality, "edge"))


def _legend(marks: Marks, variant: Variant, piece: PieceType) -> list[tuple[str, str]]:
    """(kind, words) of the legend, in a fixed order; the three modalities always."""
    items = [("both", WORDS[Modality.BOTH]), ("move", WORDS[Modality.MOVE]), ("capture", WORDS[Modality.CAPTURE])]
    if any(kind == "edge" for *_, kind in marks.lines):
        items.append(("edge", "and on, until blocked"))
    for n in sorted(marks.limits):
        items.append(("stop", f"at most {n} square{'s' if n > 1 else ''}"))
    if marks.blocks:
        items.append(("block", "a piece here blocks it"))
    if marks.hurdles:
        items.append(("hurdle", "it hops over the first piece in its way"))
    if "i" in marks.initial_kinds:
        items.append(("initial", "only if it has not moved"))
    if "pawn" in marks.initial_kinds:
        ranks = variant.pawn_rules.multi_step_ranks
        where = "rank" + ("s " if len(ranks) > 1 else " ") + ", ".join(map(str, ranks))
        items.append(("initial", f"only from its {where}"))
    return items


def _centre(offset: tuple[int, int], half: int, s: float) -> tuple[float, float]:
    return (offset[0] + half) * s + s / 2, (half - offset[1]) * s + s / 2


def _marker(kind: str, cx: float, cy: float, s: float) -> str:
    if kind == "both":
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(s * 0.25)}" fill="{COLOURS[Modality.BOTH]}" ' \
            f'stroke="#ffffff" stroke-width="{_num(s * 0.04)}"/>'  # fmt: skip
    if kind == "move":
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(s * 0.2)}" fill="#ffffff" ' \
            f'stroke="{COLOURS[Modality.MOVE]}" stroke-width="{_num(s * 0.09)}"/>'  # fmt: skip
    d, w = s * 0.19, s * 0.1
    colour = COLOURS[Modality.CAPTURE]
    return (
        f'<path d="M{_num(cx - d)} {_num(cy - d)}L{_num(cx + d)} {_num(cy + d)}M{_num(cx + d)} {_num(cy - d)}'
        f'L{_num(cx - d)} {_num(cy + d)}" stroke="{colour}" stroke-width="{_num(w)}" stroke-linecap="round"/>'
    )


def _hurdle(cx: float, cy: float, s: float) -> str:
    """A piece of either side that a hopper hops over: a grey disc."""
    return f'<circle class="hurdle" cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(s * 0.32)}" fill="{MUTED}"/>'


def _arrow(x0: float, y0: float, x1: float, y1: float, s: float, colour: str) -> str:
    """A filled arrowhead at (x1, y1), pointing away from (x0, y0)."""
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    a, b = s * 0.3, s * 0.16
    bx, by = x1 - ux * a, y1 - uy * a
    pts = [(x1, y1), (bx - uy * b, by + ux * b), (bx + uy * b, by - ux * b)]
    return f'<polygon points="{" ".join(f"{_num(x)},{_num(y)}" for x, y in pts)}" fill="{colour}"/>'


def _line_svg(start: tuple[int, int], end: tuple[int, int], modality: Modality, kind: str, half: int,
              s: float) -> list[str]:  # fmt: skip
    colour = INITIAL if kind == "initial" else COLOURS[modality]
    x0, y0 = _centre(start, half, s)
    x1, y1 = _centre(end, half, s)
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    width = _num(s * 0.1)
    attrs = f'class="line {kind}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round" opacity="0.75"'
    if kind == "edge":  # on to the board's edge: the last square's far side, with an arrowhead
        reach = s * 0.5 / max(abs(ux), abs(uy))
        ex, ey = x1 + ux * reach, y1 + uy * reach
        return [
            f'<line x1="{_num(x0)}" y1="{_num(y0)}" x2="{_num(ex - ux * s * 0.2)}" y2="{_num(ey - uy * s * 0.2)}" '
            f"{attrs}/>",
            _arrow(x0, y0, ex, ey, s, colour),
        ]
    if kind == "stop":  # a bar across the line, half a square beyond the last square
        bx, by = x1 + ux * s * 0.42, y1 + uy * s * 0.42
        b = s * 0.3
        return [
            f'<line x1="{_num(x0)}" y1="{_num(y0)}" x2="{_num(bx)}" y2="{_num(by)}" {attrs}/>',
            f'<line class="stop-bar" x1="{_num(bx - uy * b)}" y1="{_num(by + ux * b)}" x2="{_num(bx + uy * b)}" '
            f'y2="{_num(by - ux * b)}" stroke="{colour}" stroke-width="{_num(s * 0.12)}" stroke-linecap="round"/>',
        ]
    return [
        f'<line x1="{_num(x0)}" y1="{_num(y0)}" x2="{_num(x1)}" y2="{_num(y1)}" {attrs} stroke-dasharray="'
        f'{_num(s * 0.12)} {_num(s * 0.12)}"/>'
    ]


def _legend_icon(kind: str, x: float, y: float, s: float) -> str:
    """A legend icon centred at (x, y), ``s`` the square size it stands for."""
    if kind in ("both", "move", "capture"):
        return _marker(kind, x, y, s)
    colour = COLOURS[Modality.BOTH]
    if kind == "edge":
        return (
            f'<line x1="{_num(x - s * 0.5)}" y1="{_num(y)}" x2="{_num(x + s * 0.2)}" y2="{_num(y)}" '
            f'stroke="{colour}" stroke-width="{_num(s * 0.1)}" stroke-linecap="round" opacity="0.75"/>'
            + _arrow(x - s * 0.5, y, x + s * 0.45, y, s, colour)
        )
    if kind == "stop":
        return (
            f'<line x1="{_num(x - s * 0.5)}" y1="{_num(y)}" x2="{_num(x + s * 0.3)}" y2="{_num(y)}" '
            f'stroke="{colour}" stroke-width="{_num(s * 0.1)}" stroke-linecap="round" opacity="0.75"/>'
            f'<line x1="{_num(x + s * 0.3)}" y1="{_num(y - s * 0.3)}" x2="{_num(x + s * 0.3)}" '
            f'y2="{_num(y + s * 0.3)}" stroke="{colour}" stroke-width="{_num(s * 0.12)}" stroke-linecap="round"/>'
        )
    h = s * 0.42
    box = f'x="{_num(x - h)}" y="{_num(y - h)}" width="{_num(2 * h)}" height="{_num(2 * h)}"'
    if kind == "block":
        return f'<rect {box} fill="{SOFT_LIGHT}"/><rect {box} fill="url(#hatch)" stroke="{HATCH}"/>'
    if kind == "hurdle":
        return _hurdle(x, y, s)
    return (
        f'<rect {box} fill="none" stroke="{INITIAL}" stroke-width="{_num(s * 0.07)}" '
        f'stroke-dasharray="{_num(s * 0.14)} {_num(s * 0.09)}"/>'
    )


PIECE_PAD, PIECE_TOP = 14, 48  #: a piece diagram's margin, and the height of its heading


def piece_board_box(variant: Variant, piece: PieceType) -> tuple[int, int]:
    """Width and height of the part of :func:`piece_svg`'s picture above the legend: heading and
    board (the page shows that part beside one legend for all its diagrams)."""
    side = piece_marks(variant, piece).side
    board = side * (BOARD_PIXELS // side)
    return board + 2 * PIECE_PAD, PIECE_TOP + board + 4


def piece_svg(variant: Variant, piece: PieceType) -> str:
    """The moves of ``piece`` (a piece of ``variant``) as an SVG document (deterministic text)."""
    marks = piece_marks(variant, piece)
    n, half = marks.side, marks.side // 2
    s = BOARD_PIXELS // n
    board = n * s
    pad, top = PIECE_PAD, PIECE_TOP
    legend = _legend(marks, variant, piece)
    rows = (len(legend) + 1) // 2
    width = board + 2 * pad
    height = top + board + 18 + rows * 24 + 30

    roles = [r for r, on in (("royal", piece.royal), ("pawn", piece.pawn)) if on]
    title = f"{piece.name} ({piece.letter}), Betza {piece.betza}{' ' + ', '.join(roles) if roles else ''}"
    desc = "; ".join(piece.movement.describe())
    if "pawn" in marks.initial_kinds:
        pr = variant.pawn_rules
        desc += f"; from its start rank it may advance up to {pr.max_steps} squares straight ahead"
    glyph = glyph_set(variant.pieces)[piece.letter]
    squares = (
        f'<pattern id="squares" width="{2 * s}" height="{2 * s}" patternUnits="userSpaceOnUse">'
        f'<rect width="{2 * s}" height="{2 * s}" fill="{SOFT_LIGHT}"/><rect x="{s}" width="{s}" height="{s}" '
        f'fill="{SOFT_DARK}"/><rect y="{s}" width="{s}" height="{s}" fill="{SOFT_DARK}"/></pattern>'
    )
    out = _open(width, height, f"How the {title} moves", f"{desc}. White's view: forward is up.", [squares])
    out.append(_text(pad, 22, piece.name, 15, "start", font_weight="bold"))
    out.append(_text(pad, 40, f"{piece.letter}   {piece.betza}", 13, "start", font_family=MONO, fill=MUTED))
    out.append(_text(width - pad, 40, "forward ↑", 11, "end", fill=MUTED))

    out.append(f'<g class="board" transform="translate({pad},{top})">')
    out.append(f'<rect x="-2" y="-2" width="{board + 4}" height="{board + 4}" fill="{FRAME}" rx="2"/>')
    out.append(f'<rect width="{board}" height="{board}" fill="url(#squares)"/>')
    for off in sorted(marks.blocks):
        x, y = (off[0] + half) * s, (half - off[1]) * s
        out.append(
            f'<rect class="block" data-offset="{off[0]},{off[1]}" x="{x}" y="{y}" width="{s}" height="{s}" '
            f'fill="url(#hatch)" stroke="{HATCH}"/>'
        )
    for off in sorted(marks.hurdles):
        out.append(_hurdle(*_centre(off, half, s), s))
    for path in marks.paths:
        pts = " ".join(f"{_num(a)},{_num(b)}" for a, b in (_centre(p, half, s) for p in path))
        out.append(
            f'<polyline class="lame-path" points="{pts}" fill="none" stroke="{MUTED}" stroke-width="{_num(s * 0.05)}" '
            f'stroke-dasharray="{_num(s * 0.1)} {_num(s * 0.08)}"/>'
        )
    for start, end, modality, kind in marks.lines:
        out += _line_svg(start, end, modality, kind, half, s)
    size = s * 0.9
    out.append(f'<rect x="{half * s}" y="{half * s}" width="{s}" height="{s}" fill="{SUBJECT}"/>')
    out.append(
        f'<g class="subject" data-piece="{piece.letter}" transform="translate({_num(half * s + (s - size) / 2)},'
        f'{_num(half * s + (s - size) / 2)})">{svg_symbol(glyph, Color.WHITE, size)}</g>'
    )
    for off, (normal, first) in sorted(marks.squares.items(), key=lambda kv: (-kv[0][1], kv[0][0])):
        cx, cy = _centre(off, half, s)
        modality = normal | first
        initial = not normal
        out.append(f'<g class="mark {CLASS[modality]}{" initial" if initial else ""}" data-offset="{off[0]},{off[1]}">')
        if first & ~normal:
            h = s / 2 - s * 0.07
            out.append(
                f'<rect class="initial" x="{_num(cx - h)}" y="{_num(cy - h)}" width="{_num(2 * h)}" '
                f'height="{_num(2 * h)}" fill="none" stroke="{INITIAL}" stroke-width="{_num(s * 0.07)}" '
                f'stroke-dasharray="{_num(s * 0.14)} {_num(s * 0.09)}"/>'
            )
        out.append(_marker(CLASS[modality], cx, cy, s))
        out.append("</g>")
    out.append("</g>")

    y0 = top + board + 14
    col_w = (width - 2 * pad) / 2
    icon = 22
    out.append(f'<g class="legend" transform="translate({pad},{y0})">')
    for i, (kind, words) in enumerate(legend):
        lx, ly = (i % 2) * col_w, (i // 2) * 24
        out.append(f'<g class="legend-item legend-{kind}">')
        out.append(_legend_icon(kind, lx + icon / 2 + 2, ly + 12, icon))
        out.append(_text(lx + icon + 9, ly + 16, words, 11.5, "start"))
        out.append("</g>")
    out.append("</g>")
    out.append(_text(pad, height - 12, "White's view: forward is up; Black's moves are mirrored.", 11, "start",
                     fill=MUTED))  # fmt: skip
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- files --------------------------------------------------------------------------------------------------


def setup_file(variant: Variant) -> str:
    """The file name of the setup diagram: ``<variant>-setup.svg``."""
    return f"{check_name(variant.name, 'variant name')}-setup.svg"


def piece_file(variant: Variant, piece: PieceType) -> str:
    """The file name of a piece diagram: ``<variant>-<letter>.svg`` (the upper-case FEN letter)."""
    letter = piece.letter
    if len(letter) != 1 or not "A" <= letter <= "Z":
        raise ValueError(f"piece letter {letter!r} is not one upper-case letter A-Z")
    return f"{check_name(variant.name, 'variant name')}-{letter}.svg"


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write every selected variant's setup and piece diagrams into ``folder``; the files written.
    The :class:`generator.emit.output.Emitter` signature."""
    from generator.emit.fairy_stockfish import select  # the same selection and errors as every emitter

    folder = Path(folder)
    written: list[Path] = []
    for v in select(catalogue, names):
        path = folder / setup_file(v)
        path.write_bytes(setup_svg(v).encode("utf-8"))
        written.append(path)
        for p in v.pieces:
            path = folder / piece_file(v, p)
            path.write_bytes(piece_svg(v, p).encode("utf-8"))
            written.append(path)
    return Manifest(target=Target.DIAGRAMS, files=tuple(p.name for p in written))


def write_show_svg(variant: Variant, path: str) -> None:
    """Write the setup diagram of ``variant`` to ``path`` (``variantgen show VARIANT --svg FILE``);
    ``ValueError`` with the reason if the file cannot be written."""
    text = setup_svg(variant)
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as e:
        raise ValueError(f"cannot write the SVG diagram to {path!r}: {e.strerror or e}") from None
