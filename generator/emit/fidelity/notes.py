"""What one target's checks find: the limitations, and the variant relaxed so far.

Every check of a target (:mod:`.fairy_stockfish`, :mod:`.zillions`) gets the one :class:`Notes`
of the analysis: it reads the rules from :attr:`Notes.variant`, the catalogue's variant with every
earlier check's relaxations already in, adds what it finds with :meth:`Notes.add` and switches
rules off with :meth:`Notes.relax`.  A relaxation therefore always builds on the latest value: a
check that turns off one draw rule keeps another check's change to the draw rules, whatever their
order.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypedDict, Unpack

from generator.catalogue.model import (
    CastlingMove,
    DrawRules,
    Drops,
    Explosions,
    FirstLeaps,
    Goals,
    PawnRules,
    PiecePromotion,
    PieceType,
    Setup,
    Swap,
    Variant,
    Walling,
)
from generator.emit.target import Target


@dataclass(frozen=True)
class Limitation:
    """A rule of a variant that ``target`` cannot express.

    ``rule`` is a short id (``"swap"``), ``text`` one plain sentence.  ``switchable`` says whether
    :func:`~generator.emit.fidelity.relaxed` switches the rule off (otherwise the difference
    remains, and is only reported).
    """

    target: Target
    rule: str
    text: str
    switchable: bool = True

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class Changes(TypedDict, total=False):
    """The parts of a variant a target's checks may replace (``dataclasses.replace`` keywords)."""

    pieces: tuple[PieceType, ...]
    setup: Setup
    pawn_rules: PawnRules
    piece_promotion: PiecePromotion | None
    immobility_illegal: bool
    castling: tuple[CastlingMove, ...]
    chess960_castling: bool
    opposite_castling: bool
    drops: Drops | None
    swaps: tuple[Swap, ...]
    goals: Goals
    draws: DrawRules
    no_checks: bool
    royal_held_in_check: bool
    first_leaps: FirstLeaps | None
    gating: bool
    must_capture: bool
    explosions: Explosions | None
    mutually_immune: tuple[str, ...]
    petrify: tuple[str, ...]
    passing: bool
    shuns_own_type: tuple[str, ...]
    walling: Walling | None


class Notes:
    """The limitations found for one target, and :attr:`variant`: the catalogue's variant with the
    switchable ones switched off so far (the variant itself until a check relaxes it).

    >>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
    >>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
    >>> notes = Notes(Target.ZILLIONS, chess)
    >>> notes.relax(draws=dataclasses.replace(notes.variant.draws, move_rule=0))
    >>> notes.relax(draws=dataclasses.replace(notes.variant.draws, repetition=0))
    >>> (notes.variant.draws.move_rule, notes.variant.draws.repetition), chess.draws.move_rule > 0
    ((0, 0), True)
    """

    def __init__(self, target: Target, variant: Variant) -> None:
        self.target = target
        self.variant = variant
        self.found: list[Limitation] = []

    def add(self, rule: str, text: str, switchable: bool = True) -> None:
        self.found.append(Limitation(self.target, rule, text, switchable))

    def relax(self, **changes: Unpack[Changes]) -> None:
        """Replace those parts of :attr:`variant`; a check builds each from :attr:`variant` itself."""
        self.variant = dataclasses.replace(self.variant, **changes)
