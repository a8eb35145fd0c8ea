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


def beyond(ray: Ray, side: str, names: Mapping[str, str], found: str, marked: str = "", k: int = 2) -> str:
    """The walk on along ``ray`` from its square ``k - 1`` (the cursor there): to each further square while the
    squares before it are empty (and unmarked), ``found`` where a piece that passes ``side`` and slides that
    far stands there; "" where no slide reaches square ``k``."""
    d = step(ray.vector)
    empty = f"(and empty? (not-position-flag? {marked}) (on-board? {d}))" if marked else f"(and empty? (on-board? {d}))"
    if k > ray.reach:
        if not ray.far:
            return ""
        walk = f"(while {empty} {d}) (if {one_of(side, ray.far, names)} {found})"
        # no limited slide: the walk goes on from the first square itself, as far as it is empty
        return f" {walk}" if not ray.reach else f" (if {empty} {d} {walk})"
    takers = ray.far + tuple(x for n, xs in ray.ranged if n >= k for x in xs)
    return (
        f" (if {empty} {d} (if {one_of(side, takers, names)} {found}){beyond(ray, side, names, found, marked, k + 1)})"
    )


def attack_lines(rays: Iterable[Ray], side: str, names: Mapping[str, str], marked: str, hit: str) -> tuple[str, ...]:
    """A macro's body: ``hit`` set where a piece that passes ``side`` (``friend?``, ``enemy?``) attacks the
    cursor's square along ``rays``, the square with the position flag ``marked`` stopping every line."""
    out = [f"(set-flag {hit} false)"]
    for ray in rays:
        d = step(ray.vector)
        found = f"(set-flag {hit} true)"
        side_here = f"{side} (not-position-flag? {marked})"
        walk = beyond(ray, side_here, names, found, marked)
        near = one_of(side_here, ray.near, names)
        out.append(f"mark (if (on-board? {d}) {d} (if {near} {found}){walk}) back")
    return tuple(out)
