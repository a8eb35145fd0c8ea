"""Promotion as a move of its own (sittuyin), as Fairy-Stockfish's ``sittuyinPromotion`` plays it
(``src/movegen.cpp``: ``generate_pawn_moves``; ``src/position.cpp``: ``legal``, ``is_optional_game_end``).

A pawn on its side's promotion zone, or the side's last pawn wherever it stands, may instead of moving
become one of its promotion choices (each under its limit) on its own square or on an empty square that
piece attacks from there, where the piece then attacks no enemy piece; and the move may not give check.
:func:`promotion_choices` (the choices under their limits) serves every pawn's promotion, this one's and
those of :mod:`.movegen`.
"""

from __future__ import annotations

from generator.engine.geometry import squares
from generator.engine.moves import PROMOTION, Move
from generator.engine.state import State
from generator.engine.tables import targets


def own_promotions(pos: State, out: list[Move] | None) -> int:
    """Count the legal promotions of the side to move, appending them to ``out`` unless it is None."""
    rules = pos.rules
    zone = rules.own_promotion
    assert zone is not None
    us = pos.turn
    own, enemy = pos.by_color[us], pos.by_color[1 - us]
    occ = own | enemy
    pawns = 0
    for t in range(rules.ntypes):
        if rules.is_pawn[t]:
            pawns |= pos.by_type[t] & own
    if pawns & (pawns - 1):  # more than one pawn: only those on the zone
        pawns &= zone[us]
    legal: list[Move] = []
    for c in promotion_choices(pos, us):
        tabs = rules.tables[us][c]
        for s in squares(pawns):
            lifted = occ & ~(1 << s)
            # the squares the piece would attack from the pawn's square, empty ones only, and that square
            for to in squares(targets(tabs, s, occ, 0, rules.geo.all & ~occ) | 1 << s):
                if not targets(tabs, to, lifted, 0, enemy) and _quiet(pos, (PROMOTION, s, to, c), us):
                    legal.append((PROMOTION, s, to, c))
    if out is not None:
        out.extend(legal)
    return len(legal)


def promotion_choices(pos: State, us: int) -> tuple[int, ...]:
    """What a pawn may promote to, each piece with a limit only while its side has fewer on the board."""
    rules = pos.rules
    own = pos.by_color[us]
    limit = rules.promotion_limit
    by_type = pos.by_type
    return tuple(c for c in rules.promotion_choices[us] if not limit[c] or (by_type[c] & own).bit_count() < limit[c])


def _quiet(pos: State, m: Move, us: int) -> bool:
    """Play ``m`` and see that it leaves neither side's royal piece attacked."""
    pos.push(m)
    ok = not pos.in_check(us) and not pos.in_check(1 - us)
    pos.pop()
    return ok


def lone_pawn(pos: State) -> bool:
    """Whether the side to move, not in check, has only two pieces on the board, one a pawn: then, if
    its every move is a promotion, the game is drawn, as the pawn may not be made to promote
    (Fairy-Stockfish, after the sittuyin rules, 3.9 c.7)."""
    rules = pos.rules
    own = pos.by_color[pos.turn]
    pawns = sum(pos.by_type[t] for t in range(rules.ntypes) if rules.is_pawn[t]) & own
    return own.bit_count() == 2 and pawns.bit_count() == 1 and not pos.in_check()
