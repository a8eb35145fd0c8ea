"""Explosions (``explosions``) and mutually immune pieces (``mutually_immune``), written out: a piece's
capture lands through ``add-exploding``, which takes each piece around the landing square not of a spared
type (``(if (not-piece? Pawn n) (capture n))``, as GlukKazan's 03.Bombs.zrf takes the pieces around a bomb)
and, unless the piece is immune, the piece itself (a ``capture`` on its own landing square, as Duke.zrf's
strike); an en passant capture explodes around its landing square whatever stands there (``add-exploded``).
A piece that may not take its own type lands through ``not-onto`` as a piece that shuns it
(:func:`generator.emit.fidelity.zillions_blasts.plan`)."""

from __future__ import annotations

from collections.abc import Mapping

from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_blasts import plan
from generator.emit.zillions.board import direction_name
from generator.emit.zillions.context import Vector
from generator.emit.zillions.macros import Group, Macros

#: the squares around a square that a blast reaches
AROUND: tuple[Vector, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


def _lines(v: Variant, names: Mapping[str, str], p: PieceType) -> tuple[str, ...]:
    blast = plan(v)
    assert blast is not None
    spared = [f"(not-piece? {names[x]} {{d}})" for x in blast.spared if x in names]
    test = spared[0] if len(spared) == 1 else "(and " + " ".join(spared) + ")"
    out = [f"(if {test.format(d=direction_name(u))} (capture {direction_name(u)}))" for u in AROUND]
    return (*out, "capture") if p.letter not in blast.immune else tuple(out)


def exploding(macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType, land: str, always: bool) -> str:
    """``land`` for ``p``'s move that explodes where it takes (``always``: en passant, whose landing square is
    empty); ``land`` itself where the file writes no explosions."""
    blast = plan(v)
    if blast is None:
        return land
    name = ("add-exploded" if always else "add-exploding") + ("-immune" if p.letter in blast.immune else "")
    macro = macros.use(
        Group.LANDING,
        name,
        "blast",
        lines=_lines(v, names, p),
        test="" if always else "enemy?",
        itself=p.letter not in blast.immune,
    )
    return f"({macro} {land})"


def immune(macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType, land: str) -> str:
    """``land`` for a piece of a mutually immune type: only where no piece of its type stands."""
    if p.letter not in v.mutually_immune:
        return land
    return f"({macros.use(Group.LANDING, 'not-onto', 'not-onto')} {names[p.letter]} {land})"


def needed(v: Variant) -> frozenset[Vector]:
    """The directions the file's blasts walk (none where it writes none)."""
    return frozenset(AROUND) if plan(v) is not None else frozenset()
