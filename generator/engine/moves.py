"""Moves as small tuples, and their UCI spelling in Fairy-Stockfish's dialect.

A move is ``(kind, from, to, extra)``:

=========== ============================= ==============================
kind        extra                         UCI
=========== ============================= ==============================
NORMAL      0, or a gated type + 1            ``e2e4``, ``g1f3h`` (gating)
MULTISTEP   bitboard of passed squares    ``e2e5`` (a pawn's multi-step)
PROMOTION   type of the new piece         ``a9a10m``
EN_PASSANT  square of the captured pawn   ``d5e4``
EP_PROMO    type of the new piece         ``d5e4q`` (en passant into the promotion zone)
CASTLE      index of the castling move    ``f1i1`` (the king's own move);
            (+ gating: :func:`castle_gate`) ``e1g1h``, ``h1e1h`` (onto the rook's square)
DROP        type dropped (from is -1,     ``M@b1``, ``+N@b2``
            or PROMOTED_DROP: dropped
            as what it promotes to)
SWAP        0                             ``c1b1`` (the swapping piece, then its partner)
PASS        0 (from, to are -1; placing   ``0000`` (``a1a1,a1a3``)
            a wall instead: the square
            of the side's first piece)
PIECE_PROMO type of the promoted piece    ``b2h8+`` (promotion by piece, shogi)
PIECE_DEMO  type it was promoted from     ``a1a2-`` (a promoted piece demoting, kyoto shogi)
=========== ============================= ==============================

Where every move also places a wall, a move is a :class:`Walled`: the move, which the rest of the
engine reads as before, and the wall's square, which Fairy-Stockfish's UCI names after a comma, the
square the piece landed on first (``e2e4,e4e5``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.engine.rules import Rules

#: ``(kind, from, to, extra)``; typed as a tuple of any length because mypyc (the optional compiled build,
#: ``setup.py``) keeps a fixed-length tuple of ints unboxed, as four ints, where a :class:`Walled` would
#: lose its wall
Move = tuple[int, ...]

NORMAL, MULTISTEP, PROMOTION, EN_PASSANT, CASTLE, DROP, SWAP, PASS, EP_PROMO, PIECE_PROMO, PIECE_DEMO = range(11)

PASS_MOVE: Move = (PASS, -1, -1, 0)
#: the kinds of move that put down another piece than the one that moved
PROMOTING = (PROMOTION, EP_PROMO, PIECE_PROMO, PIECE_DEMO)
#: the ``from`` of a drop of a piece as the piece it promotes to (``+N@b2``); a plain drop's is -1
PROMOTED_DROP = -2
#: a gating castling's extra (:mod:`generator.engine.gating`): the castling's index in the bits below
#: ``ROOK_GATE``, then whether the gated piece goes onto the rook's square, then its type + 1
ROOK_GATE = 1 << 8
CASTLE_INDEX = ROOK_GATE - 1
TYPE_SHIFT = 9


def castle_gate(index: int, t: int, on_rook: bool) -> int:
    """The extra of castling ``index`` with a piece of type ``t`` gated onto the king's or the rook's square."""
    return index | (t + 1) << TYPE_SHIFT | (ROOK_GATE if on_rook else 0)


class Walled(tuple[int, int, int, int]):
    """A move that also places a wall on ``wall``: equal only to the same move placing the same wall.

    >>> m = Walled((NORMAL, 12, 28, 0), 20)
    >>> m == (NORMAL, 12, 28, 0), m == Walled((NORMAL, 12, 28, 0), 20), m.wall
    (False, True, 20)
    """

    wall: int

    def __new__(cls, m: Move, wall: int) -> Walled:
        self = super().__new__(cls, m)
        self.wall = wall
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Walled) and tuple.__eq__(self, other) and self.wall == other.wall

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((tuple(self), self.wall))


def uci(rules: Rules, m: Move) -> str:
    kind, frm, to, extra = m
    name = rules.geo.name
    if kind == PASS and frm < 0:  # a wall placed without moving (walling's or_move) names its square
        return "0000"
    if kind == DROP:
        return f"{'+' if frm == PROMOTED_DROP else ''}{rules.letters[extra]}@{name(to)}"
    if kind == CASTLE:
        c = rules.castles[extra & CASTLE_INDEX]
        if extra & ROOK_GATE:  # Fairy-Stockfish: the rook's square, then the king's, then the gated piece
            return name(c.rook_from) + name(frm) + rules.letters[(extra >> TYPE_SHIFT) - 1].lower()
        # Chess960 writes castling as the king's move onto its rook, and so does Fairy-Stockfish a castling
        # whose king moves one file or none, which would read as the king's own step
        if rules.chess960 or abs(rules.geo.file_of(to) - rules.geo.file_of(frm)) <= 1:
            to = c.rook_from
    text = name(frm) + name(to)
    gated = extra >> TYPE_SHIFT if kind == CASTLE else extra if kind == NORMAL else 0
    if gated:
        text += rules.letters[gated - 1].lower()
    elif kind in (PROMOTION, EP_PROMO):
        text += rules.letters[extra].lower()
    elif kind == PIECE_PROMO:
        text += "+"
    elif kind == PIECE_DEMO:
        text += "-"
    if rules.walling is not None:  # a move that places none (or a wall, not a move) names a1, as Fairy-Stockfish
        text += f",{name(to)}{name(m.wall if isinstance(m, Walled) else 0)}"
    return text
