"""A set-up phase by drops (``drops.must``), written out where
:func:`generator.emit.fidelity.zillions_set_up.plan` finds it exact: each side's set-up turns in the turn order,
``(White setup) (Black setup) ... repeat White Black`` as the corpus's Duke.zrf and Mana.zrf write theirs, and
the drops of move type ``setup``; where the drops keep a piece on both colours, they walk the drop rank, on
which squares of one colour stand an even number of files apart: the paired piece only where no friendly one
stands on its square's colour, any other piece only where its square's colour keeps another empty square or
a friendly paired piece.

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> placement = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("placement")
>>> turn_order(placement, ("White", "Black"))[-4:]
('(Black setup)', 'repeat', 'White', 'Black')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_set_up import SET_UP, plan
from generator.emit.zillions.macros import Group, Macros


def turn_order(v: Variant, players: Sequence[str]) -> tuple[str, ...]:
    """The turn order: ``players`` in turn, after their set-up turns where drops are forced."""
    if v.drops is None or not v.drops.must:
        return tuple(players)
    turns = plan(v)
    assert turns is not None, "the fidelity check keeps forced drops only where the set-up turns are exact"
    return (*(f"({x} {SET_UP})" for _ in range(turns.turns) for x in players), "repeat", *players)


def drop_type(v: Variant) -> str:
    """The move type of the drops: ``setup`` where drops are forced, else none ("")."""
    return SET_UP if v.drops is not None and v.drops.must else ""


def paired_drop(macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType) -> str | None:
    """The drop macro of ``p`` where the drops keep a piece on both colours, or None where they do not."""
    paired = v.drops.opposite_colors if v.drops is not None else None
    if paired is None:
        return None
    own = p.letter == paired
    name = f"drop-{names[paired]}-" + ("on-both-colours" if own else "leaving-colours")
    return macros.use(Group.DROPS, name, "drop-paired", kin=names[paired], paired=own)
