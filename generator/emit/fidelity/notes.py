"""The limitations one target's analysis finds, and the changes to the variant that switch the
switchable ones off (:mod:`generator.emit.fidelity` puts them together)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

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
    Swap,
)


@dataclass(frozen=True)
class Limitation:
    """A rule of a variant that ``target`` cannot express.

    ``rule`` is a short id (``"swap"``), ``text`` one plain sentence.  ``switchable`` says whether
    :func:`relaxed` switches the rule off (otherwise the difference remains, and is only reported).
    """

    target: str
    rule: str
    text: str
    switchable: bool = True

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class Changes(TypedDict, total=False):
    """The parts of a variant a target's relaxed copy replaces (``dataclasses.replace`` keywords)."""

    pieces: tuple[PieceType, ...]
    pawn_rules: PawnRules
    piece_promotion: PiecePromotion | None
    immobility_illegal: bool
    castling: tuple[CastlingMove, ...]
    chess960_castling: bool
    drops: Drops | None
    swaps: tuple[Swap, ...]
    goals: Goals
    draws: DrawRules
    no_checks: bool
    royal_held_in_check: bool
    first_leaps: FirstLeaps | None
    must_capture: bool
    explosions: Explosions | None
    mutually_immune: tuple[str, ...]
    petrify: tuple[str, ...]


class Notes:
    """The limitations found for one target, and the changes that switch the switchable ones off."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.found: list[Limitation] = []
        self.changes: Changes = {}

    def add(self, rule: str, text: str, switchable: bool = True) -> None:
        self.found.append(Limitation(self.target, rule, text, switchable))
