"""Moves that may not give check (``no_checks``), written out: every move of a piece lands through
``quiet-landing``, which marks the landing square (position flag ``landed?``), walks back along the move to
the square the piece leaves and marks it (``vacated?``), walks from there along the lines the move opens
(``discovers-check``), comes back to the landing square, walks the piece's own leaps and slides from there
(``checks-from-`` its name, the square it left no longer in the way), clears both marks and lands only where
no walk found the enemy royal piece attacked (:func:`generator.emit.fidelity.zillions_quiet.plan`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.betza import Vector
from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_quiet import Quiet, plan
from generator.emit.zillions.context import Call
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.walks import Kinds, back, step

LANDED = "landed?"  #: the position flag on the landing square
VACATED = "vacated?"  #: the position flag on the square the piece leaves
CHECK = "check?"  #: the flag the walks set where the move gives check


def discovers(royal: str, lines: Sequence[tuple[Vector, Sequence[str]]], kinds: Kinds) -> tuple[str, ...]:
    """The walks from the square a move leaves along ``lines`` (each direction toward the enemy ``royal``
    piece, with the player's pieces sliding along it from behind): ``check?`` set where one now attacks it,
    the landing square (``landed?``) in the way."""
    # a royal piece on the landing square is the one the move takes (as Zillions tests whether a move
    # leaves a royal piece attacked): it is not checked
    king = f"(and enemy? (not-position-flag? {LANDED}) (piece? {kinds.names[royal]}))"
    out = []
    for u, sliders in lines:
        d, b = step(u), back(u)
        walk_d = f"(while (and empty? (not-position-flag? {LANDED}) (on-board? {d})) {d})"
        walk_b = f"(while (and empty? (not-position-flag? {LANDED}) (on-board? {b})) {b})"
        slider = kinds.one_of(f"friend? (not-position-flag? {LANDED})", sliders)
        out += [
            f"(set-flag king? false) mark (if (on-board? {d}) {d} {walk_d} (if {king} (set-flag king? true))) back",
            f"(if (flag? king?) mark (if (on-board? {b}) {b} {walk_b} (if {slider} (set-flag {CHECK} true))) back)",
        ]
    return tuple(out)


def _direct(q: Quiet, letter: str, kinds: Kinds) -> tuple[str, ...]:
    king = f"(and enemy? (piece? {kinds.names[q.royal]}))"
    out = []
    for w, slides in dict(q.pieces)[letter]:
        d = step(w)
        walk = f" (while (and (or empty? (position-flag? {VACATED})) (on-board? {d})) {d})" if slides else ""
        out.append(f"mark (if (on-board? {d}) {d}{walk} (if {king} (set-flag {CHECK} true))) back")
    return tuple(out)


def quiet_moves(
    macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType, calls: Sequence[Call]
) -> list[Call]:
    """``p``'s move ``calls`` (one leap or slide each: its direction, then its landing), each landing through
    the test; ``calls`` themselves where the file writes no test."""
    q = plan(v)
    kinds = Kinds(names, macros)
    if q is None or p.letter not in dict(q.pieces):  # a piece that never stands on the board moves nowhere
        return list(calls)
    opened = macros.use(Group.LANDING, "discovers-check", "attacked-here", lines=discovers(q.royal, q.lines, kinds))
    direct = macros.use(
        Group.LANDING, f"checks-from-{names[p.letter]}", "attacked-here", lines=_direct(q, p.letter, kinds)
    )
    land = macros.use(
        Group.LANDING, "quiet-landing", "quiet-landing", test=opened, marked=LANDED, hit=CHECK, vacated=VACATED
    )
    vectors = {step(w): w for m in p.movement.moves for w in m.vectors()}
    return [
        Call(c.macro, (c.args[0], f"({land} {back(vectors[c.args[0]])} {c.args[0]} ({direct}) {c.args[-1]})"))
        for c in calls
    ]
