"""Gating (Fairy-Stockfish's ``seirawanGating``, S-Chess): a piece from hand onto the square a first-rank
piece leaves on its first move.

A gate is a square of a side's first rank whose piece has never moved (``State.unmoved``); the FEN's
castling field names them (:mod:`generator.engine.fen`).  A gating move is a legal move from a gate, or
a castling (onto the king's square or the rook's, where neither lands), with a piece of the side's hand
put on that square: a ``NORMAL`` move whose extra is the gated type plus one, or a ``CASTLE`` whose
extra carries, above the castling's index, the gated type plus one and whether it goes onto the rook's
square (:func:`~generator.engine.moves.castle_gate`).  As Fairy-Stockfish judges it, a gating move is
legal when the same move without the gated piece is: the gated piece shields its king from nothing.

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> from generator.engine import Position
>>> pos = Position.start(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("seirawan"))
>>> sorted(t for t in (mv.uci(pos.rules, m) for m in pos.legal_moves()) if t.startswith("g1"))
['g1f3', 'g1f3e', 'g1f3h', 'g1h3', 'g1h3e', 'g1h3h']
"""

from __future__ import annotations

from functools import cache

from generator.catalogue.model import Color
from generator.engine import moves as mv
from generator.engine.geometry import Bitboard
from generator.engine.moves import Move
from generator.engine.rules import Rules
from generator.engine.state import State


@cache
def first_ranks(rules: Rules) -> tuple[Bitboard, Bitboard]:
    """White's first rank and Black's."""
    return rules.geo.rank_mask(Color.WHITE, (1,)), rules.geo.rank_mask(Color.BLACK, (1,))


@cache
def regions(rules: Rules) -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]:
    """Per colour, per type: the first-rank squares a piece may be gated onto, those it could be dropped
    on (without drops: any piece but a pawn, as Fairy-Stockfish's drop region keeps pawns off the first
    rank)."""
    out = []
    for c in Color:
        first = first_ranks(rules)[c]
        if rules.drops:
            out.append(tuple(first & region for region in rules.drop_regions[c]))
        else:
            out.append(tuple(0 if pawn else first for pawn in rules.is_pawn))
    return out[0], out[1]


def gates(pos: State) -> Bitboard:
    """The side to move's gates: its unmoved pieces on its first rank, while it has a piece in hand."""
    us = pos.turn
    if not any(pos.pockets[us]):
        return 0
    return pos.unmoved & pos.by_color[us] & first_ranks(pos.rules)[us]


def _types(pos: State, s: int) -> list[int]:
    """The types in the side to move's hand that may be gated onto ``s``."""
    rules, us = pos.rules, pos.turn
    region = regions(rules)[us]
    out = []
    for t, n in enumerate(pos.pockets[us]):
        if not n or not region[t] >> s & 1:
            continue
        if t == rules.one_per_file:
            mask = next(m for m in rules.file_masks if m >> s & 1)
            if (pos.by_type[t] & pos.by_color[us] & mask).bit_count() >= rules.per_file:
                continue
        out.append(t)
    return out


def gated(pos: State, base: list[Move]) -> list[Move]:
    """The gating moves made of the legal moves ``base``: those from a gate, and castling."""
    rules = pos.rules
    open_gates = gates(pos)
    out: list[Move] = []
    for kind, frm, to, extra in base:
        if kind == mv.NORMAL and not extra and open_gates >> frm & 1:
            out.extend((kind, frm, to, t + 1) for t in _types(pos, frm))
        elif kind == mv.CASTLE and extra <= mv.CASTLE_INDEX:
            c = rules.castles[extra]
            for s, on_rook in ((c.king_from, False), (c.rook_from, True)):
                if open_gates >> s & 1 and s != c.king_to and s != c.rook_to:
                    out.extend((kind, frm, to, mv.castle_gate(extra, t, on_rook)) for t in _types(pos, s))
    return out
