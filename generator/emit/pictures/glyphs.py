"""Piece pictures derived from what a piece does, as vector shapes, SVG and bitmaps.

A piece's picture is chosen from its roles and its Betza movement, never from its name or its
variant, so a new piece gets a fitting picture without any table to extend.  A silhouette says
what the piece mostly is; marks say what the silhouette does not (the shapes are drawn by
:mod:`generator.emit.pictures.glyph_shapes`):

==============================================  ==================================================
The piece                                       Its glyph
==============================================  ==================================================
royal, moves exactly as a king                  ``crown``: the king
royal, steps only, not all of a king's          ``crown`` with its move rose (the xiangqi general)
pawn role                                       ``pawn``: the pawn silhouette
lines along ranks, files and diagonals          ``coronet``: the queen's spiked crown
lines along ranks and files only                ``battlements``: the rook's tower
diagonal lines only                             ``mitre``: the bishop's mitre
knight-like leaps (N, C, Z)                     ``horse``: the knight's head; beside a line
                                                silhouette when the piece has both (``mitre+horse``)
a knight that rides (``NN``)                    ``echo-horse``: the head twice, one behind the other
none of these: steps and straight leaps         ``man``: a body whose head is its move rose
royal, but not a king's moves                   the glyph of its moves, smaller, under a crown
==============================================  ==================================================

The move rose (see :mod:`generator.emit.pictures.glyph_shapes`) maps every move the silhouette does not
say: every step and straight leap, a knight-like leap other than the knight's own (the Camel's
(3,1) leaps float at their own angle and distance), lines in only some directions, of mixed
ranges or modalities.  A silhouette's lines that all reach the same limited distance carry the
number (``B3``); a part that only moves or only captures carries a ring or a cross (the
Biskni's mitre only moves, its horse only captures).  The rose is the man's head; it surrounds
the pawn's head (a pawn's rose maps all its moves: its silhouette only says its role); it sits
on the body of the other silhouettes when it holds only steps, else on a round medallion beside
the silhouette, drawn smaller.  Lines limited to more than three squares all reach the rim of a
rose: only the number on a silhouette tells such ranges apart.  So two pieces whose moves or roles
differ get different glyphs (``tests/test_glyphs.py`` holds the shipped catalogues and the
classic fairy pieces to it).  Pieces of one variant that would still look alike (the same
moves under two letters) get their FEN letter on a badge (:func:`glyph_set`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from generator.betza import BetzaMove, Modality
from generator.catalogue.model import Color, PieceType
from generator.emit.pictures import glyph_raster
from generator.emit.pictures.font import text_strokes
from generator.emit.pictures.glyph_raster import INK, KEY, PAPER, RGB, bmp_bytes
from generator.emit.pictures.glyph_shapes import (
    BESIDE_MEDALLION,
    Glyph,
    Part,
    Shape,
    Tip,
    base,
    battlements,
    circle,
    coronet,
    crown,
    crownlet,
    echo,
    horse,
    line,
    man,
    medallion,
    mitre,
    pawn,
    rose,
    tag,
    transform,
    transform_anchor,
)

__all__ = [
    "INK",
    "KEY",
    "PAPER",
    "Features",
    "Glyph",
    "Shape",
    "Tip",
    "bmp_bytes",
    "features",
    "glyph",
    "glyph_set",
    "raster",
    "svg_symbol",
]

Vector = tuple[int, int]

_ALL8: frozenset[Vector] = frozenset((x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0))
_KING = frozenset((v, Modality.BOTH) for v in _ALL8)
_PAWN_STEPS = frozenset({((0, 1), Modality.MOVE), ((-1, 1), Modality.CAPTURE), ((1, 1), Modality.CAPTURE)})


@dataclass(frozen=True)
class Features:
    """What a piece does, as far as its picture is concerned.

    ``king``: royal with exactly a king's moves; ``plain_pawn``: the pawn role with exactly the
    orthodox pawn's moves.  ``lines``: which lines the silhouette says (``orthogonal``,
    ``diagonal``, ``both`` or ``""``), ``line_reach`` their reach (0 unlimited, None when the rose
    draws them instead), ``line_modality`` what they all may do.  ``knight``: ``leaper`` (the
    knight's own leaps, which the horse says), ``rider`` (those leaps ridden: the echoed horse),
    ``rose`` (other knight-like leaps, which the rose maps) or ``""``.  ``rose``: the targets the
    rose maps.
    """

    royal: bool
    pawn: bool
    king: bool
    plain_pawn: bool
    lines: str
    line_reach: int | None
    line_modality: Modality
    knight: str
    knight_modality: Modality
    rose: frozenset[Tip]


def _tips(m: BetzaMove) -> list[Tip]:
    out = []
    for v in m.vectors():
        if m.hop:
            kind = "hop"
        elif m.atom in "RBQ" or m.range != 1:
            kind = "line" if m.range == 0 else "limit"
        elif max(abs(v[0]), abs(v[1])) == 1:
            kind = "step"
        else:
            kind = "lame" if m.lame else "leap"
        out.append(Tip(v, kind, m.modality, m.range, m.initial))
    return out


def _line_kinds(vectors: set[Vector]) -> str:
    orth, diag = any(0 in v for v in vectors), any(0 not in v for v in vectors)
    return "both" if orth and diag else "orthogonal" if orth else "diagonal" if diag else ""


def _uniform_lines(lines: list[BetzaMove], kinds: str) -> tuple[int, Modality] | None:
    """The common reach and modality of ``lines`` if they are the silhouette's whole set of
    directions, all alike; else None (the rose draws them)."""
    if not lines:
        return None
    full = {v for v in _ALL8 if kinds == "both" or (0 in v) == (kinds == "orthogonal")}
    vectors = [v for m in lines for v in m.vectors()]
    if sorted(vectors) != sorted(full) or len({(m.range, m.modality) for m in lines}) != 1 or lines[0].initial:
        return None
    return lines[0].range, lines[0].modality


def _plain_knight(oblique: list[BetzaMove]) -> str:
    """``leaper`` or ``rider`` when ``oblique`` is the knight's own leaps (or those ridden),
    whole and plain; else ``rose``."""
    if len(oblique) != 1:
        return "rose"
    m = oblique[0]
    if m.atom != "N" or m.directions or m.lame or m.initial or m.range > 1:
        return "rose"
    return "leaper" if m.range == 1 else "rider"


def _as_drawn(piece: PieceType) -> tuple[bool, bool]:
    """Whether ``piece`` is the king (royal, a king's steps) or the plain pawn (the pawn role,
    the orthodox pawn's steps): glyphs that need no mark."""
    moves = piece.movement.moves
    steps = frozenset((v, m.modality) for m in moves if m.atom in "WFK" and not m.initial for v in m.vectors())
    simple = len(steps) == sum(len(m.vectors()) for m in moves)  # every move a plain step
    return piece.royal and simple and steps == _KING, piece.pawn and simple and steps == _PAWN_STEPS


def features(piece: PieceType) -> Features:
    """The picture-relevant features of ``piece`` (see :class:`Features`)."""
    king, plain_pawn = _as_drawn(piece)
    moves = piece.movement.moves
    # the pawn silhouette says nothing of lines or leaps: a pawn's rose maps every move
    lines = [] if piece.pawn else [m for m in moves if m.atom in "RBQ" and not m.hop]  # the rose draws hops
    oblique = [] if piece.pawn else [m for m in moves if m.atom in "NCZ"]
    kinds = _line_kinds({v for m in lines for v in m.vectors()})
    uniform = _uniform_lines(lines, kinds)
    knight = _plain_knight(oblique) if oblique else ""
    plain = knight in ("leaper", "rider")
    said = (lines if uniform else []) + (oblique if plain else [])
    rose = () if king or plain_pawn else tuple(t for m in moves if m not in said for t in _tips(m))
    reach, modality = uniform or (None, Modality.BOTH)
    return Features(
        royal=piece.royal,
        pawn=piece.pawn,
        king=king,
        plain_pawn=plain_pawn,
        lines=kinds,
        line_reach=reach,
        line_modality=modality,
        knight=knight,
        knight_modality=oblique[0].modality if plain else Modality.BOTH,
        rose=frozenset(rose),
    )


# --- composing ----------------------------------------------------------------------------------------------

_WORD = {Modality.MOVE: "move", Modality.CAPTURE: "capture", Modality.BOTH: "both"}
_RIDERS = {"both": "coronet", "orthogonal": "battlements", "diagonal": "mitre"}


def _rider(name: str, plain: bool) -> Part:
    """The line silhouette ``name``; ``plain``: with its band or slit (no mark takes its place)."""
    if name == "battlements":
        return battlements(band=plain)
    return mitre(slit=plain) if name == "mitre" else coronet()


def _silhouette(f: Features) -> tuple[str, Part, Part | None]:
    """The glyph's kind, the part that carries the rose and the line tag, and the horse (if the
    piece has one beside a line silhouette, or is a horse)."""
    if f.king or (f.royal and _steps_only(f) and not f.lines and not f.knight and not f.pawn):
        # a royal stepper under a small crown would be mostly outline at small sizes: the crown is its body
        return "crown", crown(), None
    if f.pawn:
        return "pawn", pawn(), None
    head = (echo(horse()) if f.knight == "rider" else horse()) if f.knight else None
    name = "echo-horse" if f.knight == "rider" else "horse"
    if f.lines:
        rider = _RIDERS[f.lines]
        plain = not _steps_only(f) and f.line_reach in (0, None) and f.line_modality is Modality.BOTH
        part = _rider(rider, plain)
        if head is None:
            return rider, part, None
        scale, dx = 0.84, 11  # the rider behind, the horse in front of it
        moved = Part(
            transform(part.shapes, scale, dx, 0),
            transform_anchor(part.rose, scale, dx, 0),
            transform_anchor(part.tag, scale, dx, 0),
        )
        # a nightrider's doubled outline is more ink: drawn a little larger, its own fill reads as the piece's colour
        size = 0.76 if f.knight == "rider" else 0.7
        small = Part(
            transform(head.shapes, size, -17, 0),
            transform_anchor(head.rose, size, -17, 0),
            transform_anchor(head.tag, size, -17, 0),
        )
        return f"{rider}+{name}", moved, small
    if head is not None:
        return name, head, head
    return "man", man(), None


def glyph(piece: PieceType, badge: bool = False) -> Glyph:
    """The picture of ``piece``, from its roles and moves alone; ``badge``: with its FEN letter
    on a badge (:func:`glyph_set` asks for it where two pieces of a variant would look alike)."""
    return _glyph(piece, badge)


@functools.lru_cache(maxsize=512)
def _glyph(piece: PieceType, badge: bool) -> Glyph:
    f = features(piece)
    kind, part, head = _silhouette(f)
    wide = head is not None and head is not part
    shapes = [base(16, 84) if wide else base(), *part.shapes, *(head.shapes if wide and head else [])]
    marks: list[str] = [f"rose:{len(f.rose)}"] if f.rose else []
    tips = sorted(f.rose, key=lambda t: t.vector)
    if kind in ("man", "pawn"):
        shapes += rose(tips, part.rose, 11.5 if kind == "man" else 16.0, dot=False)
    elif _steps_only(f):
        shapes += rose(tips, part.rose, 2.6, dot=True)
    shapes += _part_marks(f, part, head, marks)
    if f.rose and kind not in ("man", "pawn") and not _steps_only(f):
        marks.append("medallion")
        plate, at = medallion()
        shapes = [*transform(shapes, *BESIDE_MEDALLION), *plate, *rose(tips, at, 2.6, dot=True)]
    if f.royal and kind != "crown":
        marks.append("crowned")
        shapes = [*transform(shapes, 0.72, 0, 0), *crownlet()]
    if badge:
        marks.append(f"badge:{piece.letter}")
        shapes.append(circle(82, 81, 15))
        shapes += [line(s, 3.6) for s in text_strokes(piece.letter, 82, 81, 14)]
    return Glyph(kind, tuple(marks), tuple(shapes))


def _part_marks(f: Features, part: Part, head: Part | None, marks: list[str]) -> list[Shape]:
    """The tags of parts that only move or only capture, and the lines' range number; their
    names go to ``marks``."""
    shapes: list[Shape] = []
    if f.line_modality is not Modality.BOTH:
        marks.append(f"tag:lines:{_WORD[f.line_modality]}")
        shapes += tag(f.line_modality, part.tag)
    if head is not None and f.knight_modality is not Modality.BOTH:
        marks.append(f"tag:leaps:{_WORD[f.knight_modality]}")
        shapes += tag(f.knight_modality, head.tag)
    if f.line_reach:
        marks.append(f"range:{f.line_reach}")
        text = str(f.line_reach)
        on_base = _steps_only(f)  # the body carries the rose: the number goes on the base
        x, y, h = (50, 86.5, 8.5) if on_base else (part.rose.x, part.rose.y, 19 if len(text) == 1 else 13)
        shapes += [line(s, 2.6 if on_base else 3.6) for s in text_strokes(text, x, y, h)]
    return shapes


def _steps_only(f: Features) -> bool:
    """The rose holds only steps: it fits on a silhouette's body; longer moves need a medallion."""
    return bool(f.rose) and all(t.kind == "step" for t in f.rose)


def glyph_set(pieces: Sequence[PieceType]) -> dict[str, Glyph]:
    """Glyphs for the piece types of one variant, by letter, all different: pieces whose glyphs
    would coincide (the same moves and roles under two letters) get the letter badge."""
    plain = {p.letter: glyph(p) for p in pieces}
    seen: dict[tuple[Shape, ...], list[str]] = {}
    for letter, g in plain.items():
        seen.setdefault(g.shapes, []).append(letter)
    clash = {letter for letters in seen.values() if len(letters) > 1 for letter in letters}
    return {p.letter: glyph(p, badge=True) if p.letter in clash else plain[p.letter] for p in pieces}


# --- output -------------------------------------------------------------------------------------------------


def svg_symbol(piece: PieceType | Glyph, color: Color | str, size: float = 100) -> str:
    """An SVG ``<g>`` drawing ``piece`` (or a ready :class:`Glyph`) ``size`` units wide, its
    top-left corner at the origin; deterministic text."""
    return glyph_raster.svg_group(piece if isinstance(piece, Glyph) else glyph(piece), color, size)


def raster(piece: PieceType | Glyph, color: Color | str, size: int = 64) -> list[list[RGB]]:
    """``piece`` (or a ready :class:`Glyph`) as ``size`` x ``size`` RGB rows on the transparent
    key (see :func:`generator.emit.pictures.glyph_raster.raster`)."""
    return glyph_raster.raster(piece if isinstance(piece, Glyph) else glyph(piece), color, size)
