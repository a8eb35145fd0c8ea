"""The counting rules' limits (makruk, ASEAN and Cambodian chess): how many moves a side may count
to once it may count, read from the material on the board as Fairy-Stockfish reads it.  The count
itself is part of the position (:meth:`~generator.engine.state.State.push`)."""

from __future__ import annotations

from typing import Protocol

from generator.catalogue.model import Counting
from generator.engine import moves as mv
from generator.engine.geometry import Bitboard
from generator.engine.rules import Rules


class Material(Protocol):
    """What the limits are read from: a position's pieces (a :class:`~generator.engine.state.State`)."""

    rules: Rules
    by_color: list[Bitboard]
    by_type: list[Bitboard]


class Counted(Material, Protocol):
    """What the count is kept on: the position's pieces, the side to move and the count itself."""

    count_limit: int
    count_ply: int
    count_stack: list[tuple[int, int]]

    @property
    def turn(self) -> int: ...

    @property
    def occupied(self) -> Bitboard: ...


def advance_count(pos: Counted, kind: int, taken: int) -> None:
    """Advance the counting rule after a move of ``kind`` that took a piece of type ``taken`` (-1: none):
    count on, or start counting (again).

    As Fairy-Stockfish: a count starts when no pawn is left (under Cambodian rules, pawns or not)
    and the side to move may count (:func:`count_limit`), and starts again, with the pieces' honour,
    when a capture or a promotion leaves the side to move a bare king.  Under makruk's and Cambodian
    rules (not ASEAN's, which count from 0) a bare king's count starts from the number of pieces on the
    board, and a bare king that takes the last pawn starts its own count at once.
    """
    pos.count_stack.append((pos.count_limit, pos.count_ply))
    if pos.count_limit:
        pos.count_ply += 1
    pawns, *_ = pos.rules.counted
    counting = pos.rules.counting
    has_pawns = any(pos.by_type[t] for t in pawns)
    if has_pawns and counting is not Counting.CAMBODIAN:  # the only rule that counts with pawns left
        return
    stm, total = pos.turn, pos.occupied.bit_count()
    from_pieces = counting is not Counting.ASEAN
    if from_pieces and not has_pawns and taken in pawns and pos.by_color[1 - stm].bit_count() == 1:
        limit = count_limit(pos, 1 - stm)
        if limit:
            pos.count_limit, pos.count_ply = 2 * limit, 2 * total - 1
    bare = pos.by_color[stm].bit_count() == 1
    if not pos.count_limit or (bare and (taken >= 0 or kind in (mv.PROMOTION, mv.EP_PROMO))):
        limit = count_limit(pos, stm)
        if limit:
            pos.count_limit, pos.count_ply = 2 * limit, 2 * total if from_pieces and bare else 0


def count_limit(pos: Material, side: int) -> int:
    """How many moves ``side`` may count to (0: it may not count), when no pawn is left.

    Makruk: the board's honour, 64, while ``side`` has more than its king; else the pieces' honour
    by the other side's material: two rooks 8, a rook 16, two khons 22, two knights 32, a khon 44,
    else 64.  ASEAN: only a bare king counts, 16 against a rook, 44 a khon, 64 a knight.
    Cambodian: a side of more than three pieces does not count; the board's honour is 63, with
    pawns on the board too, and the pieces' honour (no pawn left) one move shorter than makruk's.
    """
    _, rooks, khons, knights = pos.rules.counted
    theirs = pos.by_color[1 - side]
    n_rooks, n_khons, n_knights = (
        sum((pos.by_type[t] & theirs).bit_count() for t in ts) for ts in (rooks, khons, knights)
    )
    bare = pos.by_color[side].bit_count() == 1
    if pos.rules.counting is Counting.ASEAN:
        if not bare:
            return 0
        return 16 if n_rooks else 44 if n_khons else 64 if n_knights else 0
    if theirs.bit_count() == 1:
        return 0
    if pos.rules.counting is Counting.CAMBODIAN:
        return _cambodian_limit(pos, side, bare, n_rooks, n_khons, n_knights)
    if not bare:
        return 64
    return _pieces_honour(n_rooks, n_khons, n_knights)


def _pieces_honour(n_rooks: int, n_khons: int, n_knights: int) -> int:
    """Makruk's limit for a bare king by the other side's material (Cambodian chess's is one less)."""
    for n, at_least, limit in (
        (n_rooks, 2, 8),
        (n_rooks, 1, 16),
        (n_khons, 2, 22),
        (n_knights, 2, 32),
        (n_khons, 1, 44),
    ):
        if n >= at_least:
            return limit
    return 64


def _cambodian_limit(pos: Material, side: int, bare: bool, n_rooks: int, n_khons: int, n_knights: int) -> int:
    if pos.by_color[side].bit_count() > 3:
        return 0
    if not bare:
        return 63
    if any(pos.by_type[t] for t in pos.rules.counted[0]):
        return 0
    return _pieces_honour(n_rooks, n_khons, n_knights) - 1
