"""Explosions (``explosions``) and mutually immune pieces (``mutually_immune``), written out: a piece's
capture lands through ``add-exploding``, which blasts each square around the landing square (``blast-at``:
there and back, as GlukKazan's 03.Bombs.zrf's ``check-bomb-direction``, a ``capture`` there unless a piece of
a spared type stands on it) and, unless the piece is immune, takes the piece itself (a ``capture`` on its own
landing square, as Duke.zrf's strike); an en passant capture explodes around its landing square whatever
stands there (``add-exploded``).  Where the king is written royal, it takes nothing (``add-not-taking``), a
blast may not reach its own side's king and turns the other's into a pawn of the mover's.  A piece that may
not take its own type lands through ``not-onto`` as a piece that shuns it
(:func:`generator.emit.fidelity.zillions_blasts.plan`)."""

from __future__ import annotations

from collections.abc import Mapping

from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_blasts import Blast, plan
from generator.emit.zillions.board import direction_name
from generator.emit.zillions.context import Vector
from generator.emit.zillions.macros import Group, Macros

BLOWN = "royal-blown?"  #: the flag a blast sets where it takes the other side's royal piece

#: the squares around a square that a blast reaches
AROUND: tuple[Vector, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


def _at(macros: Macros, blast: Blast, names: Mapping[str, str]) -> str:
    """The macro that blasts the square in direction ``$1``, there and back as 03.Bombs.zrf's
    ``check-bomb-direction`` goes."""
    spared = [f"(not-piece? {names[x]})" for x in blast.spared if x in names]
    lines = [f"(if {spared[0] if len(spared) == 1 else '(and ' + ' '.join(spared) + ')'} capture)"]
    royal = names[blast.royal] if blast.royal else ""
    if royal:
        # a royal piece there must be the enemy's, and turns into a pawn of the mover's rather than being taken
        ash = f"change-owner (change-type {names[blast.ash]})"
        lines.insert(0, f"(if (piece? {royal}) (verify enemy?) (set-flag {BLOWN} true) {ash})")
    return macros.use(Group.LANDING, "blast-at", "blast-at", lines=tuple(lines), royal=royal)


def exploding(
    macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType, land: str, always: bool, victor: str = ""
) -> str:
    """``land`` for ``p``'s move that explodes where it takes (``always``: en passant, whose landing square is
    empty); ``land`` itself where the file writes no explosions.  Where the blast may take the royal piece, a
    blast that takes the other side's makes the mover's own royal piece ``victor``, which no goal names: the
    move wins whatever it leaves attacked, as Fairy-Stockfish plays it, where Zillions' checkmate goal would
    forbid it."""
    blast = plan(v)
    if blast is None:
        return land
    if p.letter == blast.royal:  # its blast would take it: the royal piece takes nothing
        return f"({macros.use(Group.LANDING, 'add-not-taking', 'not-taking')} {land})"
    name = ("add-exploded" if always else "add-exploding") + ("-immune" if p.letter in blast.immune else "")
    at = _at(macros, blast, names)
    lines = tuple(f"({at} {direction_name(u)})" for u in AROUND)
    if blast.royal and victor:
        royal = names[blast.royal]
        walk = macros.use(Group.LANDING, "walk-board", "walk-board")
        crown = macros.use(Group.LANDING, "victor", "retype", modality="friend", pairs=((royal, victor),))
        # the royal piece taken where the piece lands, or blown up around it (blast-at's flag)
        lines = (f"(if (piece? {royal}) (set-flag {BLOWN} true))", *lines, f"(if (flag? {BLOWN}) ({walk} {crown}))")
    macro = macros.use(
        Group.LANDING,
        name + ("-winning" if blast.royal and victor else ""),
        "blast",
        lines=(*lines, "capture") if p.letter not in blast.immune else lines,
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
