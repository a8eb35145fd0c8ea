"""Gating in the Zillions files: which pieces gate and are gated, and where the files cannot write it.

The Zillions emitter writes gating (:mod:`generator.emit.zillions.gating`) with the pieces in hand on
hand positions, the gates as the ``never-moved?`` pieces of the first ranks, and a ``cascade`` that
brings a piece from hand onto the square a gate leaves.  Where a variant combines gating with a rule
that idiom does not reach, :func:`check` keeps gating out and says why.
"""

from __future__ import annotations

import dataclasses

from generator.catalogue.model import Color, Variant
from generator.emit.fidelity.notes import Notes


def gate_types(v: Variant) -> tuple[str, ...]:
    """The letters of the piece types a side sets up on its first rank: the gates' types."""
    letters = {x for sq, c, x in v.setup.placement if _first_rank(v, c) == sq.rank}
    return tuple(p.letter for p in v.pieces if p.letter in letters)


def gated_types(v: Variant) -> tuple[str, ...]:
    """The letters of the piece types a side may hold in hand and put on its first rank: those in hand
    at the start, and with captures to hand every other piece but the royal ones (as the reference,
    a piece is gated where it could be dropped; without drops, any but a pawn)."""
    drops = v.drops
    held = {x for _, x, n in v.setup.pockets if n > 0}
    if drops is not None and drops.captures_to_hand:
        held |= {p.letter for p in v.pieces if not p.royal}
    own = dict(drops.piece_ranks) if drops is not None else {}
    out = []
    for p in v.pieces:
        if p.letter not in held:
            continue
        if (drops is None and not p.pawn) or (drops is not None and 1 in own.get(p.letter, drops.ranks)):
            out.append(p.letter)
    return tuple(out)


def _first_rank(v: Variant, c: Color) -> int:
    return 0 if c is Color.WHITE else v.board.ranks - 1


def _unwritten(v: Variant) -> str | None:
    """Why the files cannot write ``v``'s gating (None where they can)."""
    drops = v.drops
    if drops is not None and not drops.captures_to_hand:
        return "the pieces in hand wait in Zillions' own store, from which no move of a piece on the board takes one"
    if drops is not None and (drops.squares is not None or drops.one_per_file in gated_types(v)):
        return "the files' gating puts a piece from hand on any square of the first rank it may be dropped on"
    if v.must_capture or v.first_leaps is not None or v.swaps:
        return "the files' moves of the first rank's pieces come in one list, which gating's moves must join"
    gates = set(gate_types(v))
    if any(x in gates and _first_rank(v, c) != sq.rank for sq, c, x in v.setup.placement):
        return "a type of the first rank's pieces also starts elsewhere, where its never-moved? pieces are no gates"
    if any(v.piece(x).pawn for x in gates):
        return "a pawn starts on the first rank, and the files' pawns land by their own rules"
    promoting = {x for x, _ in v.piece_promotion.pieces} if v.piece_promotion else set()
    if v.immobility_illegal or any(v.piece(x).region is not None or x in promoting for x in gates):
        return "a first-rank piece's landing may refuse a square, where its gating would still land"
    return None


def check(notes: Notes) -> None:
    """Gating where the files cannot write it: left out, and with it the pieces in hand where nothing
    else brings them onto the board."""
    v = notes.variant
    why = _unwritten(v)
    if why is None:
        return
    notes.add(
        "gating",
        f"The Zillions files write gating as a cascade from a hand position onto the square a first-rank piece "
        f"leaves, but {why}: gating is left out"
        + ("." if v.drops else ", and with it the pieces in hand, which have no other way onto the board."),
    )
    notes.relax(gating=False, setup=v.setup if v.drops else dataclasses.replace(v.setup, pockets=()))
