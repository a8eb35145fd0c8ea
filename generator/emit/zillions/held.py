"""A royal piece held in check (``royal_held_in_check``), written out: each move of the royal piece lands
through ``held-landing``, which marks the landing square (position flag ``taken?``) where a piece stands
there, goes back to the square the royal piece left, walks the rays of
:func:`generator.emit.fidelity.zillions_held.rays` from it (``checked-here``: an enemy piece attacking it, the
marked one left out), comes back, and lands only where none was found."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.catalogue.model import Variant
from generator.emit.fidelity.zillions_held import rays
from generator.emit.zillions.board import direction_name
from generator.emit.zillions.context import Call
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.walks import Kinds, attack_lines

TAKEN = "taken?"  #: the position flag on the piece the royal piece takes
CHECKED = "checked?"  #: the flag checked-here sets


def held_moves(macros: Macros, v: Variant, names: Mapping[str, str], calls: Sequence[Call]) -> list[Call]:
    """The royal piece's move ``calls`` (one leap each: its direction, then its landing), each landing through
    the test; ``calls`` themselves where the file writes no test."""
    found = rays(v)
    if found is None:
        return list(calls)
    lines = attack_lines(found, "enemy?", Kinds(names, macros), TAKEN, CHECKED)
    checked = macros.use(Group.LANDING, "checked-here", "attacked-here", lines=lines)
    held = macros.use(Group.LANDING, "held-landing", "held-landing", test=checked, marked=TAKEN, hit=CHECKED)
    back = {direction_name(w): direction_name((-w[0], -w[1])) for w in _vectors(v)}
    return [Call(c.macro, (c.args[0], f"({held} {back[c.args[0]]} {c.args[0]} {c.args[-1]})")) for c in calls]


def _vectors(v: Variant) -> set[tuple[int, int]]:
    return {w for p in v.pieces if p.royal for m in p.movement.moves for w in m.vectors()}
