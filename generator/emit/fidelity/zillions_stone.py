"""Pieces that turn to stone where they capture (``petrify``) in the Zillions files, with the idioms of
Zillions' own ``fairychess.zrf``: its ``Block``, a piece with no moves that no landing may take
(``(define available (verify (and not-friend? (not-piece? Block))))``), stands for the wall, and the
capturing piece becomes one as a pawn becomes a queen, ``(add Stone)`` where it lands on an enemy.

The file's wall belongs to the side whose piece turned to stone, which changes nothing: no piece lands on
it, either side's (a friend's square, or an enemy's the landing shuns), slides stop at it, and it attacks
nothing.  That is Fairy-Stockfish's wall as long as nothing else sees whose piece it is or counts it:
no hop over it (a hopper's hurdle), no goal or draw that counts pieces of every type, no hands or gates
(a wall in hand), and the piece that petrifies is no pawn (whose promotion as it takes leaves no wall)
and does not promote by piece.  A royal piece that would turn to stone may not capture at all; where it
is pseudo-royal and stays royal (:func:`generator.emit.fidelity.zillions_royal.lasting`), Zillions plays
it as moving only (its Betza moves' captures left out), which attacks nothing, as Fairy-Stockfish's
pseudo-royal piece that would turn to stone attacks nothing.
"""

from __future__ import annotations

import dataclasses

from generator.betza import BetzaPiece, Modality
from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.notes import Notes
from generator.emit.fidelity.zillions_royal import lasting


def written(v: Variant) -> bool:
    """Whether the file turns ``v``'s petrifying pieces to stone exactly (see the module's text)."""
    if not v.petrify or v.explosions is not None or v.drops is not None or v.gating or v.walling is not None:
        return False
    goals, pp = v.goals, v.piece_promotion
    ext = goals.extinction
    counted = goals.bare_king is not None or goals.flag is not None or (ext is not None and not ext.pieces)
    petrifying = [v.piece(x) for x in v.petrify]
    promoting = {x for x, _ in pp.pieces} if pp else set()
    return not (
        counted
        or v.draws.stalemate_piece_count
        or any(m.hop for p in v.pieces for m in p.movement.moves)
        or any(p.pawn or p.royal or p.letter in promoting for p in petrifying)
    )


def check(notes: Notes, exploding: bool) -> None:
    """Petrification: written where :func:`written` says so (a lasting pseudo-royal piece that petrifies
    moving only), else left out."""
    v = notes.variant
    if not v.petrify:
        return
    if exploding or not written(v):
        notes.add(
            "petrify",
            "The Zillions file turns a capturing piece into a wall as fairychess.zrf's Block, which is exact only "
            "where nothing hops over it, no goal counts pieces of every type, nothing explodes or goes to hand, "
            "and the pieces that turn to stone are no pawns, royal pieces or pieces that promote; here one of "
            "these fails, so a capturing piece does not turn to stone.",
        )
        notes.relax(petrify=())
        return
    royal = set(lasting(v)) & set(v.petrify)
    if royal:
        notes.relax(pieces=tuple(_moving_only(p) if p.letter in royal else p for p in v.pieces))


def _moving_only(p: PieceType) -> PieceType:
    """``p`` without its captures."""
    moves = BetzaPiece(
        tuple(dataclasses.replace(m, modality=Modality.MOVE) for m in p.movement.moves if m.modality & Modality.MOVE)
    )
    return dataclasses.replace(p, movement=moves, betza=moves.render())
