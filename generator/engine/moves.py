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
PASS        0 (from, to are -1)           ``0000``
PIECE_PROMO type of the promoted piece    ``b2h8+`` (promotion by piece, shogi)
PIECE_DEMO  type it was promoted from     ``a1a2-`` (a promoted piece demoting, kyoto shogi)
=========== ============================= ==============================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.engine.rules import Rules

Move = tuple[int, int, int, int]

NORMAL, MULTISTEP, PROMOTION, EN_PASSANT, CASTLE, DROP, SWAP, PASS, EP_PROMO, PIECE_PROMO, PIECE_DEMO = range(11)

PASS_MOVE: Move = (PASS, -1, -1, 0)
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


def uci(rules: Rules, m: Move) -> str:
    kind, frm, to, extra = m
    name = rules.geo.name
    if kind == PASS:
        return "0000"
    if kind == DROP:
        return f"{'+' if frm == PROMOTED_DROP else ''}{rules.letters[extra]}@{name(to)}"
    if kind == CASTLE:
        c = rules.castles[extra & CASTLE_INDEX]
        if extra & ROOK_GATE:  # Fairy-Stockfish: the rook's square, then the king's, then the gated piece
            return name(c.rook_from) + name(frm) + rules.letters[(extra >> TYPE_SHIFT) - 1].lower()
        if rules.chess960:  # Chess960 writes castling as the king's move onto its rook
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
    return text
