"""Explosions (atomic chess) in the Zillions files: where a capture's blast can be written as the move's own
captures, what it spares (:func:`plan`); elsewhere the named limitation ``explosions``.  One of the checks of
:mod:`generator.emit.fidelity.zillions`.

A capture's landing takes, besides the piece it lands on, each piece on the eight squares around it that is not
of a spared type (``(capture n)`` and its kin where ``(not-piece? Pawn n)``, as GlukKazan's 03.Bombs.zrf takes
the pieces around a bomb), and the piece that arrives, unless its type is immune: a ``capture`` on the landing
square removes the arriving piece, as Duke.zrf's strike removes it (Zillions applies the move's pieces, then
its captures).  En passant explodes around the square the pawn lands on.

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> plan(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("atomar"))
Blast(spared=('K', 'P'), immune=('K',))
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.catalogue.model import Variant


@dataclass(frozen=True)
class Blast:
    """What a capture's explosion leaves standing: around the target square, the pieces of the ``spared``
    types (pawns and the immune types); on it, a capturing piece of an ``immune`` type."""

    spared: tuple[str, ...]
    immune: tuple[str, ...]


def plan(v: Variant) -> Blast | None:
    """How the file writes the variant's explosions: None where it has none, or where a blast does what the
    move's captures cannot (pieces turned to walls, pieces sent to a hand, walls the blast would pass)."""
    blast = v.explosions
    to_hand = v.drops is not None and v.drops.captures_to_hand
    if blast is None or blast.petrify_blast or to_hand or v.walling is not None or v.petrify:
        return None
    spared = sorted({p.letter for p in v.pieces if p.pawn} | set(blast.immune))
    return Blast(spared=tuple(spared), immune=tuple(sorted(blast.immune)))
