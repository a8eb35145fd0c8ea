"""Drops: pieces in hand start ``off`` the board (``(Piece off N)`` in the setup) and enter it
through a ``drops`` block limited to the player's ``drop-zone`` (or the piece's own, ``drop-zone-r``)."""

from __future__ import annotations

from collections.abc import Mapping

from generator.catalogue.model import PieceType, Variant
from generator.emit.zillions.board import drop_zone
from generator.emit.zillions.context import Call
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.set_up import paired_drop


def droppable(v: Variant, p: PieceType) -> bool:
    """Whether ``p`` can ever be in hand: it starts there, or captured pieces go to the hand."""
    if v.drops is None:
        return False
    in_hand = any(letter == p.letter and n > 0 for _, letter, n in v.setup.pockets)
    return in_hand or (v.drops.captures_to_hand and not p.royal)


def never_dropped(v: Variant, p: PieceType) -> bool:
    """Whether ``p`` stays in hand: none of it may stand on a file (``per_file: 0``)."""
    return v.drops is not None and v.drops.one_per_file == p.letter and v.drops.per_file == 0


def drop_calls(macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType, land: str) -> list[Call]:
    """The calls of ``p``'s ``drops`` block (none if it is never in hand, or never dropped); where the drops
    keep a piece on both colours, through the walk of :func:`~generator.emit.zillions.set_up.paired_drop`."""
    if not droppable(v, p) or never_dropped(v, p):
        return []
    paired = paired_drop(macros, v, names, p)
    zone = drop_zone(v, p.letter)
    plain = "drop-in-zone" if zone == "drop-zone" else f"drop-in-{zone}"
    return [Call(paired or macros.use(Group.DROPS, plain, "drop", zone=zone), (land,))]
