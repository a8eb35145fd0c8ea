"""Explosions (atomic chess) in the Zillions files: where a capture's blast can be written as the move's own
captures, what it spares (:func:`plan`); elsewhere the named limitation ``explosions``.  One of the checks of
:mod:`generator.emit.fidelity.zillions`.

A capture's landing takes, besides the piece it lands on, each piece on the eight squares around it that is not
of a spared type (a ``capture`` there where ``(not-piece? Pawn)``, as GlukKazan's 03.Bombs.zrf takes the pieces
around a bomb), and the piece that arrives, unless its type is immune: a ``capture`` on the landing
square removes the arriving piece, as Duke.zrf's strike removes it (Zillions applies the move's pieces, then
its captures).  En passant explodes around the square the pawn lands on.

A pseudo-royal king (atomic chess: one king a side, which no move may leave attacked nor blow up) is written
royal, as the file's checkmate goal keeps a royal piece: a capture whose blast would reach its own side's king
is no move (so neither is a capture by the king, nor one that would take the other king beside its own: such
a king attacks nothing), and a blast turns the other side's king into a pawn rather than taking it, so that
Zillions' check test, which counts every capture, does not see one: the side without its king loses.

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> cat = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
>>> plan(cat.get("atomar"))
Blast(spared=('K', 'P'), immune=('K',), royal='', ash='')
>>> plan(cat.get("atomic"))
Blast(spared=('K', 'P'), immune=(), royal='K', ash='P')
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.catalogue.model import Result, Variant


@dataclass(frozen=True)
class Blast:
    """What a capture's explosion leaves standing: around the target square, the pieces of the ``spared``
    types (pawns, the immune types, the royal type); on it, a capturing piece of an ``immune`` type.
    ``royal``: the pseudo-royal type the file writes royal ("" for none), whose piece a blast turns into
    the type ``ash``."""

    spared: tuple[str, ...]
    immune: tuple[str, ...]
    royal: str = ""
    ash: str = ""


def plan(v: Variant) -> Blast | None:
    """How the file writes the variant's explosions: None where it has none, or where a blast does what the
    move's captures cannot (pieces turned to walls, pieces sent to a hand, walls the blast would pass)."""
    blast = v.explosions
    to_hand = v.drops is not None and v.drops.captures_to_hand
    if blast is None or blast.petrify_blast or to_hand or v.walling is not None or v.petrify:
        return None
    royal = _royal(v)
    pawns = [p.letter for p in v.pieces if p.pawn]
    spared = sorted(set(pawns) | set(blast.immune) | ({royal} if royal else set()))
    return Blast(tuple(spared), tuple(sorted(blast.immune)), royal, pawns[0] if royal else "")


def _royal(v: Variant) -> str:
    """The pseudo-royal type written royal: the one extinction type of a variant without royal pieces, royal
    while its side has its one piece of it, where checkmate loses (:func:`_one_king`); "" where there is none
    such."""
    goals = v.goals
    ext = goals.extinction
    if ext is None or not ext.pseudo_royal or ext.duple_check or ext.count or len(ext.pieces) != 1:
        return ""
    if ext.result is not Result.LOSS or not goals.checkmate or goals.checkmate_result is not Result.LOSS:
        return ""
    return ext.pieces[0] if _one_king(v, ext.pieces[0]) else ""


def _one_king(v: Variant, king: str) -> bool:
    """Whether ``king`` may be written royal: no other piece is royal, each side starts with one and none comes
    by promotion or drop, a blast takes it and it takes its own kind (it is neither immune nor mutually
    immune), and it is no pawn, while a pawn type is there to turn it into."""
    blast = v.explosions
    assert blast is not None
    promo = v.pawn_rules.promotion
    return not (
        any(p.royal for p in v.pieces)
        or v.piece(king).pawn
        or king in blast.immune
        or king in v.mutually_immune
        or not any(p.pawn for p in v.pieces)
        or (promo is not None and king in promo.all_choices)
        or v.drops is not None
        or not v.setup.one_each(king)
    )
