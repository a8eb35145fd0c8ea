"""A set-up phase by drops (placement chess, sittuyin): the rules that make pieces in hand be dropped
before the game proper, precomputed for :class:`~generator.engine.rules.Rules`.

Fairy-Stockfish's ``mustDrop`` (with ``mustDropType``), ``dropOppositeColoredBishop`` and
``castlingDroppedPiece``, as ``src/position.cpp`` plays them (``legal``, ``do_move``).  Move generation
(:mod:`.movegen`) and the drop's make (:mod:`.state`) read them; this module knows no position, so
that both can import it.

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> from generator.engine.rules import Rules
>>> rules = Rules.of(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("placement"))
>>> rules.set_up.must, rules.set_up.must_type, rules.letters[rules.set_up.paired]
(True, -1, 'B')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from generator.catalogue.model import Variant
from generator.engine.geometry import Bitboard, Geometry

#: a move as :mod:`.moves` writes it (kind, from, to, extra); that module reads the rules, so is not read here
Move = tuple[int, ...]

__all__ = ["SetUp", "castling_by_drop"]


class Castling(Protocol):
    """A castling's king and rook squares (a :class:`~generator.engine.rules.Castle`)."""

    @property
    def king_from(self) -> int: ...

    @property
    def rook_from(self) -> int: ...


C = TypeVar("C", bound=Castling)


def castling_by_drop(castles: Sequence[C], unmoved: Bitboard, to: int, home: Callable[[C], bool]) -> Bitboard:
    """The unmoved pieces after a drop on ``to``: a castling king or rook dropped onto its square, the other
    on its own (``home``), gives that castling (Fairy-Stockfish's ``castlingDroppedPiece``): a king every
    castling of its square, a rook its own, and then, if the king had none (it moved), only that one."""
    for c in castles:
        if to in (c.king_from, c.rook_from) and home(c):
            if to == c.rook_from and not unmoved >> c.king_from & 1:
                for other in castles:
                    if other.king_from == c.king_from:
                        unmoved &= ~(1 << other.rook_from)
            unmoved |= 1 << c.king_from | 1 << c.rook_from
    return unmoved


@dataclass(frozen=True)
class SetUp:
    """``must``: a side with pieces in hand (of ``must_type``, -1: any) must drop while it can, and
    only that type; ``paired``: the type that must end on squares of both colours (-1: none); ``dark``
    the dark squares (a1's colour); ``castling``: a castling king or rook dropped onto its square gives
    the castling."""

    must: bool
    must_type: int
    paired: int
    dark: Bitboard
    castling: bool

    @staticmethod
    def of(variant: Variant, geo: Geometry, type_of: dict[str, int]) -> SetUp | None:
        drops = variant.drops
        if drops is None or not (drops.must or drops.opposite_colors or drops.castling):
            return None
        dark = sum(1 << geo.square(f, r) for f in range(geo.files) for r in range(geo.ranks) if (f + r) % 2 == 0)
        return SetUp(
            drops.must,
            type_of[drops.must_piece] if drops.must_piece else -1,
            type_of[drops.opposite_colors] if drops.opposite_colors else -1,
            dark & geo.all,
            drops.castling is not None,
        )

    def forced(self, moves: list[Move], pocket: list[int], drop: int) -> list[Move]:
        """The legal ``moves`` of a side with this pocket, where drops (moves of kind ``drop``) are forced:
        only its drops (of ``must_type``) if it has any, else its other moves."""
        if not self.must or not (pocket[self.must_type] > 0 if self.must_type >= 0 else any(pocket)):
            return moves
        drops = [m for m in moves if m[0] == drop and self.must_type in (-1, m[3])]
        return drops or [m for m in moves if m[0] != drop]

    def paired_targets(self, t: int, targets: Bitboard, mine: Bitboard, in_hand: int, free: Bitboard) -> Bitboard:
        """Which of ``targets`` a piece of type ``t`` may be dropped on where the paired type must stand
        on both colours: ``mine`` the paired pieces on the board, ``in_hand`` how many are in hand,
        ``free`` the empty squares they may be dropped on.  A paired piece may not make more than half
        (rounded up) of them stand on one colour; any other piece may not take a square the paired ones
        still need to have half (rounded down) on each colour."""
        dark, light = self.dark, ~self.dark
        total = mine.bit_count() + in_hand
        if t == self.paired:
            for colour in (dark, light):
                if (colour & mine).bit_count() + 1 > (total + 1) // 2:
                    targets &= ~colour
            return targets
        for colour in (dark, light):
            room = (colour & (mine | free)).bit_count()
            if room < total // 2:
                return 0
            if room == total // 2:
                targets &= ~(colour & free)
        return targets
