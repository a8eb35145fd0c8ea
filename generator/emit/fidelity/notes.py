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
from generator.catalogue.rule_kinds import Toggle, switched_off
from generator.emit.target import Target


@dataclass(frozen=True)
class Limitation:
    """A rule of a variant that ``target`` cannot express.

    ``rule`` is a short id (``"swap"``), ``text`` one plain sentence.  ``switchable`` says whether
    :func:`~generator.emit.fidelity.relaxed` switches the rule off (otherwise the difference
    remains, and is only reported); ``keys`` are the catalogue keys switching it off changed
    (``draws.move_rule``): what a variant would change to be played exactly.
    """

    target: Target
    rule: str
    text: str
    switchable: bool = True
    keys: tuple[str, ...] = ()

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
    >>> notes.add("repetition", "no repetition")
    >>> notes.relax(draws=dataclasses.replace(notes.variant.draws, repetition=0))
    >>> (notes.variant.draws.move_rule, notes.variant.draws.repetition), chess.draws.move_rule > 0
    ((0, 0), True)
    >>> notes.found[0].keys
    ('draws.repetition',)
    """

    def __init__(self, target: Target, variant: Variant) -> None:
        self.target = target
        self.variant = variant
        self.found: list[Limitation] = []
        self._unrelaxed = 0  #: the first of :attr:`found` that no relax has followed yet

    def add(self, rule: str, text: str, switchable: bool = True, keys: tuple[str, ...] = ()) -> None:
        """A rule the target cannot play; ``keys``: for one it plays otherwise, the keys that would say its way."""
        self.found.append(Limitation(self.target, rule, text, switchable, keys))

    def relax(self, **changes: Unpack[Changes]) -> None:
        """Replace those parts of :attr:`variant`; a check builds each from :attr:`variant` itself.  The
        limitations added since the last relax are the rules it switches off: they get the keys it changed."""
        self._become(dataclasses.replace(self.variant, **changes), tuple(changes))

    def switch_off(self, toggle: Toggle) -> None:
        """Switch the yes-or-no rule kind ``toggle`` off, as :meth:`relax` does."""
        self._become(switched_off(self.variant, toggle), (toggle.group or toggle.name,))

    def _become(self, after: Variant, changed: tuple[str, ...]) -> None:
        before, self.variant = self.variant, after
        keys = tuple(k for name in changed for k in _changed(name, getattr(before, name), getattr(after, name)))
        self.found[self._unrelaxed :] = [
            dataclasses.replace(x, keys=x.keys or keys) for x in self.found[self._unrelaxed :]
        ]
        self._unrelaxed = len(self.found)


#: the model's fields whose catalogue key has another name
_KEYS = {"pawn_rules": "pawns"}


def _changed(name: str, old: object, new: object) -> list[str]:
    """The catalogue keys of field ``name`` that differ: its own fields that differ where both values are
    records of one kind, else the field itself."""
    key = _KEYS.get(name, name)
    if old == new:
        return []
    if dataclasses.is_dataclass(old) and type(old) is type(new):
        inner = [f"{key}.{f.name}" for f in dataclasses.fields(old) if getattr(old, f.name) != getattr(new, f.name)]
        return inner or [key]
    return [key]
