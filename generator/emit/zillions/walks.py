"""Walks of the board from the cursor's square, along the rays of
:mod:`generator.emit.fidelity.zillions_walks`: a flag set where a piece of one side attacks the square.  A
position flag marks one square that no line passes and whose piece attacks nothing (the square a piece is
being dropped on; the piece a royal piece takes); every walk comes back to the square it started from."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from generator.betza import Vector
from generator.emit.fidelity.zillions_walks import Ray
from generator.emit.zillions.board import direction_name
from generator.emit.zillions.macros import Group, Macros


def step(w: Vector) -> str:
    """The direction of ``w``."""
    return direction_name(w)


def back(w: Vector) -> str:
    """The direction of ``-w``."""
    return direction_name((-w[0], -w[1]))


@dataclass(frozen=True)
class Kinds:
    """The ZRF names of the pieces, by letter, and the file's macros: a test of several piece types is one
    macro (``any-of``), written once however many walks ask it."""

    names: Mapping[str, str]
    macros: Macros

    def kind(self, letters: Sequence[str]) -> str:
        """The test that the piece here is one of ``letters``: ``(piece? Rook)``, or a call of their set."""
        kinds = tuple(self.names[x] for x in letters)
        if len(kinds) == 1:
            return f"(piece? {kinds[0]})"
        return f"({self.macros.use(Group.LANDING, 'any-of', 'piece-set', choices=kinds)})"

    def one_of(self, test: str, letters: Sequence[str]) -> str:
        """``test`` and a piece of one of ``letters``."""
        return f"(and {test} {self.kind(letters)})"


def beyond(ray: Ray, side: str, kinds: Kinds, found: str, marked: str = "", k: int = 2, clear: str = "empty?") -> str:
    """The walk on along ``ray`` from its square ``k - 1`` (the cursor there): to each further square while the
    squares before it are ``clear`` (and unmarked), ``found`` where a piece that passes ``side`` and slides that
    far stands there; "" where no slide reaches square ``k``."""
    d = step(ray.vector)
    empty = (
        f"(and {clear} (not-position-flag? {marked}) (on-board? {d}))" if marked else f"(and {clear} (on-board? {d}))"
    )
    if k > ray.reach:
        if not ray.far:
            return ""
        walk = f"(while {empty} {d}) (if {kinds.one_of(side, ray.far)} {found})"
        # no limited slide: the walk goes on from the first square itself, as far as it is empty
        return f" {walk}" if not ray.reach else f" (if {empty} {d} {walk})"
    takers = ray.far + tuple(x for n, xs in ray.ranged if n >= k for x in xs)
    further = beyond(ray, side, kinds, found, marked, k + 1, clear)
    return f" (if {empty} {d} (if {kinds.one_of(side, takers)} {found}){further})"


def attack_lines(
    rays: Iterable[Ray], side: str, kinds: Kinds, marked: str, hit: str, occupied: bool = True, vacated: str = ""
) -> tuple[str, ...]:
    """A macro's body: ``hit`` set where a piece that passes ``side`` (``friend?``, ``enemy?``) attacks the
    cursor's square along ``rays``, the square with the position flag ``marked`` stopping every line (and,
    where it may be ``occupied``, its piece left out), the squares with the flag ``vacated`` (if any) passed
    as empty."""
    out = [f"(set-flag {hit} false)"]
    found = f"(set-flag {hit} true)"
    side_here = f"{side} (not-position-flag? {marked})" if occupied else side
    clear = "empty?"
    if vacated:
        side_here += f" (not-position-flag? {vacated})"
        clear = f"(or empty? (position-flag? {vacated}))"
    for ray in rays:
        d = step(ray.vector)
        if ray.reach:  # limited slides: each square written out
            walk = beyond(ray, side_here, kinds, found, marked, clear=clear)
            out.append(f"mark (if (on-board? {d}) {d} (if {kinds.one_of(side_here, ray.near)} {found}){walk}) back")
            continue
        name = kinds.macros.use(
            Group.LANDING,
            ("ray" if ray.far else "leap-ray") + ("-past" if vacated else ""),
            "ray",
            side=side_here,
            marked=marked,
            hit=hit,
            slides=bool(ray.far),
            vacated=vacated,
        )
        far = f" {kinds.kind(ray.far)}" if ray.far else ""
        out.append(f"({name} {d} {kinds.kind(ray.near)}{far})")
    return tuple(out)
