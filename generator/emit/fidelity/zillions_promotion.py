"""What the Zillions files cannot say of promotion by piece: pieces that start promoted, demotion and
promotion only by capturing, each written where every promoting piece has a promoted form of its own (a
piece type, ``PromotedLance``), and a named limitation where a pawn promotes by piece (the file may write
its promotion by the pawns' rules, with no promoted form). One of the checks of
:mod:`generator.emit.fidelity.zillions`."""

from __future__ import annotations

import dataclasses

from generator.catalogue.model import Variant
from generator.emit.fidelity.notes import Notes


def promoted_setup_written(v: Variant) -> bool:
    """Whether the Zillions file sets up each piece that starts promoted as the promoted form of a piece
    that promotes by piece (its own type, ``PromotedLance``), as Dagaz's kyoto-shogi.zrf sets up its
    Tokin: only where the piece promotes by piece to what stands there, and is no pawn, whose
    promotion the file may write by the pawns' rules instead."""
    pp = v.piece_promotion
    return pp is not None and all(
        (origin, got[1]) in pp.pieces and not v.piece(origin).pawn
        for sq, origin in v.setup.promoted
        if (got := v.setup.piece_at(sq)) is not None
    )


def promoted_pieces(notes: Notes) -> None:
    """Pieces that start promoted, demote, or promote only by capturing: written by the promoted forms (set up
    as themselves, their landing adding what they were, a landing that promotes only onto an enemy), left out
    where a pawn's promotion by piece has no promoted form."""
    v = notes.variant
    if v.setup.promoted and not promoted_setup_written(v):
        notes.add(
            "setup-promoted",
            "The Zillions files set up a piece that starts promoted as its promoted form, a piece type of its own, "
            "which a pawn promoted by piece has not (the file may write its promotion by the pawns' rules), so the "
            "pieces that start promoted start as what they promoted to, and go to hand as that.",
        )
        notes.relax(setup=dataclasses.replace(v.setup, promoted=()))
    pp = v.piece_promotion
    if pp is not None and pp.demotion and any(v.piece(x).pawn for x, _ in pp.pieces):
        # a promoted form demotes by its own moves' landing; a pawn's promotion may be written by the pawns' rules
        notes.add(
            "piece-demotion",
            "The Zillions files may write a pawn's promotion by piece by the pawns' rules, whose promoted piece "
            "does not know it was a pawn, so demotion is left out.",
        )
        pp = dataclasses.replace(pp, demotion=False)
        notes.relax(piece_promotion=pp)
    if pp is not None and pp.on_capture and any(v.piece(x).pawn for x, _ in pp.pieces):
        # a piece's landing promotes only onto an enemy ((and enemy? ...)); a pawn's may follow the pawns' rules
        notes.add(
            "promotion-on-capture",
            "The Zillions files may write a pawn's promotion by piece by the pawns' rules, which promote on any "
            "move into the zone, so promotion only by capturing is left out: a quiet move may promote too.",
        )
        notes.relax(piece_promotion=dataclasses.replace(pp, on_capture=False))
