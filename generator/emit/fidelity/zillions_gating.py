"""Gating in the Zillions files: which pieces gate and are gated, the walk that keeps a gating move from
shielding its own royal piece, and where the files cannot write it.

The Zillions emitter writes gating (:mod:`generator.emit.zillions.gating`) with the pieces in hand on
hand positions, the gates as the ``never-moved?`` pieces of the first ranks, and a ``cascade`` that
brings a piece from hand onto the square a gate leaves.  Zillions judges the move by the position it
leaves, where the gated piece stands on that square; the reference, as Fairy-Stockfish, judges a gating
move without it (:mod:`generator.engine.gating`).  A first rank is an edge of the board, so the only line
through a gate with both ends on the board runs along that rank: the gated piece shields its royal piece
only there, from a piece sliding along it.  So the file walks the rank from the gate (:func:`rank_sliders`
are the pieces it looks for): a piece whose royal piece stands on the rank beyond it, an enemy slider on the
other side, gates only by a move along the rank (which keeps it between them); a royal piece gates by a step
along the rank only where no enemy slider stands first behind it.  That is exact where every move of a gate
along its rank is a step or a slide (none jumps past a piece) and castling's rook lands between the royal
piece's landing and each square a castling gates (or that square is the end of the rank).

Repetition stays apart: Zillions compares whole positions, a gate's ``never-moved?`` mark with them, while
Fairy-Stockfish's position key leaves the gates out (a knight's round trip from the start repeats it).

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> seirawan = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("seirawan")
>>> gate_types(seirawan), gated_types(seirawan), rank_sliders(seirawan)
(('K', 'Q', 'R', 'B', 'N'), ('H', 'E'), {1: ('Q', 'R', 'E'), -1: ('Q', 'R', 'E')})
"""

from __future__ import annotations

import dataclasses

from generator.catalogue.model import CastlingMove, Color, Square, Variant
from generator.emit.fidelity.notes import Notes
from generator.emit.fidelity.zillions_walks import attack_rays, walkable


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


def rank_sliders(v: Variant) -> dict[int, tuple[str, ...]] | None:
    """The enemy pieces that take along a first rank by sliding, by the side of the gate they stand on (``1``:
    east, ``-1``: west, in the mover's view): those a gated piece could shield its royal piece from.  None
    where a walk along the rank cannot tell them: a piece takes otherwise than by leaps and slides along the
    compass lines, or by a slide of limited reach along the rank."""
    pieces = walkable(v)
    if pieces is None:
        return None
    rays = {r.vector: r for r in attack_rays(pieces, enemy=True) if r.vector[1] == 0 and abs(r.vector[0]) == 1}
    if any(r.ranged for r in rays.values()):
        return None
    return {dx: rays[(dx, 0)].far if (dx, 0) in rays else () for dx in (1, -1)}


def _shielded(v: Variant, cm: CastlingMove) -> bool:
    """Whether no enemy slider could take the royal piece's landing through a square the castling gates: the
    rook lands between them, or no square lies beyond it on the rank."""
    for g in (cm.king_from, cm.rook_from):
        if g in (cm.king_to, cm.rook_to):
            continue
        step = 1 if g.file > cm.king_to.file else -1
        between = min(g.file, cm.king_to.file) < cm.rook_to.file < max(g.file, cm.king_to.file)
        if not between and v.board.contains(Square(g.file + step, g.rank)):
            return False
    return True


def _unwalked(v: Variant) -> str | None:
    """Why no walk along the first rank keeps a gating move from shielding its royal piece (None where one
    does): see the module's docstring."""
    if v.board.holes or rank_sliders(v) is None:
        return "no walk along the first rank finds every piece a gated piece could shield its royal piece from"
    for x in gate_types(v):
        p = v.piece(x)
        along = [m for m in p.movement.moves if any(dy == 0 for _, dy in m.vectors())]
        if any(m.hop or m.lame or any(dy == 0 and abs(dx) != 1 for dx, dy in m.vectors()) for m in along):
            return "a first-rank piece may move along its rank past another piece, beyond the walk's reach"
        if p.royal and any(m.range != 1 for m in along):
            return "a royal piece may slide along its first rank, past squares the walk does not look from"
    if not all(_shielded(v, cm) for cm in v.castling):
        return "a castling's gated piece may stand between the royal piece's landing and an enemy slider"
    return None


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
    return _unwalked(v)


def check(notes: Notes) -> None:
    """Gating where the files cannot write it: left out, and with it the pieces in hand where nothing
    else brings them onto the board.  Where they write it and positions repeat, the repetition the files
    see: only with the same pieces still unmoved."""
    v = notes.variant
    why = _unwritten(v)
    if why is None:
        if v.draws.repetition and not v.draws.repetition_reads_unmoved:
            notes.add(
                "gating-repetition",
                "Zillions' repetition compares the pieces with their never-moved? marks, which every gate carries, "
                "while Fairy-Stockfish's position key leaves the gates out: a position counts as the same only with "
                "the same pieces still unmoved (a knight's trip out and back repeats the start for Fairy-Stockfish, "
                "not for Zillions).",
            )
            notes.relax(draws=dataclasses.replace(v.draws, repetition_reads_unmoved=True))
        return
    notes.add(
        "gating",
        f"The Zillions files write gating as a cascade from a hand position onto the square a first-rank piece "
        f"leaves, but {why}: gating is left out"
        + ("." if v.drops else ", and with it the pieces in hand, which have no other way onto the board."),
    )
    notes.relax(gating=False, setup=v.setup if v.drops else dataclasses.replace(v.setup, pockets=()))
