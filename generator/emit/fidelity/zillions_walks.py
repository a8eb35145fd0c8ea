"""What a Zillions file can find by walking the board from a square: where every piece takes by leaps and
slides along the compass lines, the rays along which the pieces of one side attack that square.
The drop that may not mate (:mod:`~generator.emit.fidelity.zillions_drop_mate`) and the royal piece held in
check (:mod:`~generator.emit.fidelity.zillions_held`) are written with them.

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> makpong = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("makpong")
>>> pieces = walkable(makpong)
>>> [(r.vector, r.near) for r in attack_rays(pieces, enemy=True) if r.vector == (1, 1)]
[((1, 1), ('K', 'P', 'M', 'S'))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.betza import Modality, Vector
from generator.catalogue.model import PieceType, Square, Variant


@dataclass(frozen=True)
class Ray:
    """A line walked from a square, in the mover's view: the pieces that take onto the square from its first
    square (``near``: steps, leaps and slides) and from further along it (``far``: unlimited slides;
    ``ranged``: limited ones), by letter
    (a promoted form as ``+P``).  For a defender's ray of the drop that may not mate, ``pin``: the direction
    from the enemy royal piece through the first square, next to it, along which a slide of the dropper's
    pins a defender standing there."""

    vector: Vector
    near: tuple[str, ...]
    far: tuple[str, ...]
    pin: Vector | None = None
    #: with ``pin``: the squares between the royal piece and the first square, empty for the pin to hold
    gap: int = 0
    #: the pieces that slide along it a limited number of squares, by that number (``bF2``: 2)
    ranged: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @property
    def reach(self) -> int:
        """The furthest square a limited slide takes from (0 where none does)."""
        return max((n for n, _ in self.ranged), default=0)


def walkable(v: Variant) -> dict[str, PieceType] | None:
    """Every piece type that may stand on the board, promoted forms as ``+P``, where each takes by leaps and
    slides along the compass lines only, with no region and no first-move or hopping capture (None where one
    does not)."""
    out = {p.letter: p for p in v.pieces}
    pp = v.piece_promotion
    for x, y in pp.pieces if pp else ():
        if x in out:
            out[f"+{x}"] = v.piece(y)
    for p in out.values():
        if p.region is not None or p.advanced is not None or p.line_moves:
            return None
        for m in p.movement.moves:
            if not m.modality & Modality.CAPTURE:
                continue
            if m.hop or m.lame or m.initial:
                return None
            if m.range != 1 and any(not unit(w) for w in m.vectors()):
                return None
    return out


def unit(w: Vector) -> bool:
    """Whether ``w`` is one compass step."""
    return max(abs(w[0]), abs(w[1])) == 1


def attack_rays(pieces: dict[str, PieceType], enemy: bool, skip: Iterable[str] = ()) -> tuple[Ray, ...]:
    """The rays along which ``pieces`` (but ``skip``) take onto a square: walked from that square, toward the
    piece.  For the mover's pieces a piece moving ``w`` stands along ``-w``; an enemy piece moves ``-w`` in the
    mover's view, so it stands along ``w``."""
    near: dict[Vector, list[str]] = {}
    far: dict[Vector, list[str]] = {}
    ranged: dict[Vector, dict[int, list[str]]] = {}
    for letter, p in pieces.items():
        if letter in skip:
            continue
        for m in p.movement.moves:
            if not m.modality & Modality.CAPTURE:
                continue
            for w in m.vectors():
                r = w if enemy else (-w[0], -w[1])
                near.setdefault(r, []).append(letter)
                if m.range == 0:
                    far.setdefault(r, []).append(letter)
                elif m.range > 1:
                    ranged.setdefault(r, {}).setdefault(m.range, []).append(letter)
    return tuple(
        Ray(
            r,
            tuple(dict.fromkeys(near[r])),
            tuple(dict.fromkeys(far.get(r, ()))),
            ranged=tuple((n, tuple(dict.fromkeys(xs))) for n, xs in sorted(ranged.get(r, {}).items())),
        )
        for r in sorted(near, key=order)
    )


def order(w: Vector) -> tuple[int, int, int]:
    """The order rays are walked in: the nearest first, then from the front, then from the left."""
    return max(abs(w[0]), abs(w[1])), -w[1], w[0]


def immobile_ranks(v: Variant, p: PieceType) -> tuple[int, ...] | None:
    """The relative ranks on which ``p`` could never move again (on an empty board, as Fairy-Stockfish
    reckons it, and the reference engine: a hop counts where its line goes on), or None where those squares
    are not whole ranks."""
    vectors = {vec for m in p.movement.moves for vec in m.vectors()}
    board = v.board
    dead: dict[int, list[bool]] = {}
    for r in range(board.ranks):
        for f in range(board.files):
            if board.contains(Square(f, r)):
                on = any(board.contains(Square(f + dx, r + dy)) for dx, dy in vectors)
                dead.setdefault(r + 1, []).append(not on)
    if any(any(row) and not all(row) for row in dead.values()):
        return None
    return tuple(r for r, row in sorted(dead.items()) if all(row))
