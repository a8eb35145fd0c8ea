"""Pawn ranks: the relative ranks the pawns of a variant can ever stand on, and the ones they can enter.

The builder uses them to refuse pawn rules that no pawn can ever use: a multi-step rank no pawn stands on
(such as ``multi_step_ranks: [2, 7]`` on 8x8, written as if Black's rank were absolute), or a promotion rank
no pawn enters (``promotion: {ranks: [1, 8]}``).

The reckoning is generous, so that it refuses only what is certain: a pawn starts where the setup puts one
of its side's pawns, or on a drop rank if a pawn can ever be in its hand; it then moves by every rank step
its Betza allows (riders any number of times), by a multi-step from a multi-step rank, and both ways by a
swap that may involve it.  Holes, blocking pieces and the promotion that ends a pawn's career are ignored,
except that a pawn cannot stand *as a pawn* on a rank it can only enter by a move where promotion is
mandatory.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> reach = pawn_ranks(chess, Color.WHITE)
>>> sorted(reach.stands), sorted(reach.enters)
([2, 3, 4, 5, 6, 7], [3, 4, 5, 6, 7, 8])
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.catalogue.model import Color, Role, Square, Variant


@dataclass(frozen=True)
class PawnRanks:
    """``stands``: where a pawn of one side can stand as a pawn; ``enters``: where it can arrive by a move."""

    stands: frozenset[int]
    enters: frozenset[int]


def _relative(square: Square, color: Color, ranks: int) -> int:
    return square.rank + 1 if color is Color.WHITE else ranks - square.rank


def _steps(variant: Variant) -> set[int]:
    """Every change of relative rank a pawn may make in one move, other than a multi-step."""
    ranks = variant.board.ranks
    steps: set[int] = set()
    for piece in variant.pieces:
        if piece.pawn:
            for move in piece.movement.moves:
                reach = move.range or ranks  # 0: a rider without limit
                steps.update(dy * k for _, dy in move.vectors() for k in range(1, reach + 1))
    for swap in variant.swaps:
        if variant.piece(swap.piece).pawn or Role.PAWN not in swap.excluded_roles:
            # the swapping piece moves by the adjacency, its partner by the opposite
            steps.update(s * dy for move in swap.adjacency_movement.moves for _, dy in move.vectors() for s in (1, -1))
    steps.discard(0)
    return steps


def pawn_ranks(variant: Variant, color: Color) -> PawnRanks:
    """The relative ranks a pawn of ``color`` can stand on and enter, reckoned generously (see the module)."""
    ranks, rules = variant.board.ranks, variant.pawn_rules
    placed = {
        _relative(sq, color, ranks) for sq, c, x in variant.setup.placement if c is color and variant.piece(x).pawn
    }
    drops = variant.drops
    if drops is not None and (
        drops.captures_to_hand or any(variant.piece(x).pawn for c, x, n in variant.setup.pockets if c is color and n)
    ):
        for piece in variant.pieces:
            if piece.pawn:
                placed.update(drops.ranks_of(piece.letter))
    steps = _steps(variant)
    multi = range(2, rules.max_steps + 1)
    enters: set[int] = set()
    seen, todo = set(placed), list(placed)
    while todo:
        rank = todo.pop()
        for step in [*steps, *(multi if rank in rules.multi_step_ranks else ())]:
            if 1 <= rank + step <= ranks:
                enters.add(rank + step)
                if rank + step not in seen:
                    seen.add(rank + step)
                    todo.append(rank + step)
    promotion = rules.promotion
    promoted = set(promotion.ranks) if promotion is not None and promotion.mandatory else set()
    return PawnRanks(frozenset(placed | (enters - promoted)), frozenset(enters))
