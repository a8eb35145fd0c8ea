"""Walks of the board from the cursor's square, along the rays of
:mod:`generator.emit.fidelity.zillions_walks`: a flag set where a piece of one side attacks the square.  A
position flag marks one square that no line passes and whose piece attacks nothing (the square a piece is
being dropped on; the piece a royal piece takes); every walk comes back to the square it started from."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from generator.betza import Vector
from generator.emit.fidelity.zillions_walks import Ray
from generator.emit.zillions.board import direction_name


def step(w: Vector) -> str:
    """The direction of ``w``."""
    return direction_name(w)


def back(w: Vector) -> str:
    """The direction of ``-w``."""
    return direction_name((-w[0], -w[1]))


def one_of(test: str, letters: Sequence[str], names: Mapping[str, str]) -> str:
    """``test`` and a piece of one of ``letters`` (their ZRF names in ``names``)."""
    kinds = [f"(piece? {names[x]})" for x in letters]
    return f"(and {test} {kinds[0] if len(kinds) == 1 else '(or ' + ' '.join(kinds) + ')'})"


def attack_lines(rays: Iterable[Ray], side: str, names: Mapping[str, str], marked: str, hit: str) -> tuple[str, ...]:
    """A macro's body: ``hit`` set where a piece that passes ``side`` (``friend?``, ``enemy?``) attacks the
    cursor's square along ``rays``, the square with the position flag ``marked`` stopping every line."""
    out = [f"(set-flag {hit} false)"]
    for ray in rays:
        d = step(ray.vector)
        found = f"(set-flag {hit} true)"
        side_here = f"{side} (not-position-flag? {marked})"
        walk = ""
        if ray.far:
            walk = (
                f" (while (and empty? (not-position-flag? {marked}) (on-board? {d})) {d})"
                f" (if {one_of(side_here, ray.far, names)} {found})"
            )
        near = one_of(side_here, ray.near, names)
        out.append(f"mark (if (on-board? {d}) {d} (if {near} {found}){walk}) back")
    return tuple(out)
