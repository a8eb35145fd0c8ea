"""Drops: pieces in hand start ``off`` the board (``(Piece off N)`` in the setup) and enter it
through a ``drops`` block limited to the player's ``drop-zone``."""

from __future__ import annotations

from generator.catalogue.model import PieceType, Variant
from generator.emit.zillions.context import Call
from generator.emit.zillions.macros import Group, Macros


def droppable(v: Variant, p: PieceType) -> bool:
    """Whether ``p`` can ever be in hand: it starts there, or captured pieces go to the hand."""
    if v.drops is None:
        return False
    in_hand = any(letter == p.letter and n > 0 for _, letter, n in v.setup.pockets)
    return in_hand or (v.drops.captures_to_hand and not p.royal)


def never_dropped(v: Variant, p: PieceType) -> bool:
    """Whether ``p`` stays in hand: none of it may stand on a file (``per_file: 0``)."""
    return v.drops is not None and v.drops.one_per_file == p.letter and v.drops.per_file == 0


def drop_calls(macros: Macros, v: Variant, p: PieceType, land: str) -> list[Call]:
    """The calls of ``p``'s ``drops`` block (none if it is never in hand, or never dropped)."""
    if not droppable(v, p) or never_dropped(v, p):
        return []
    return [Call(macros.use(Group.DROPS, "drop-in-zone", "drop"), (land,))]
