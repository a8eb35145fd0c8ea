"""Moves played out one by one to test them: the helpers that do so, and the moves of two rarer rules
(swaps with an adjacent partner, Cambodian first leaps) that :mod:`.movegen` lists through them."""

from __future__ import annotations

from generator.engine.geometry import Bitboard, squares
from generator.engine.moves import NORMAL, SWAP, Move
from generator.engine.state import State


def safe(pos: State, m: Move, us: int) -> bool:
    """Play ``m`` and see whether it leaves a royal piece of ``us`` attacked."""
    pos.push(m)
    ok = not pos.in_check(us)
    pos.pop()
    return ok


def keep_safe(pos: State, moves: list[Move], out: list[Move] | None) -> int:
    """Play each move out and keep those that leave no royal attacked."""
    us = pos.turn
    legal = [m for m in moves if safe(pos, m, us)]
    if out is not None:
        out.extend(legal)
    return len(legal)


def swaps(pos: State, guarded: bool, out: list[Move] | None) -> int:
    """Swaps with an adjacent partner, while the side has swaps of that rule left."""
    rules = pos.rules
    us = pos.turn
    by_type = pos.by_type
    own = pos.by_color[us]
    n = 0
    for i, sw in enumerate(rules.swaps):
        if pos.swaps_left[us][i] <= 0:
            continue
        movers = by_type[sw.piece_type] & own
        partners = 0
        for pt in sw.partner_types:
            partners |= by_type[pt]
        partners &= own
        if sw.unmoved_only:
            movers &= pos.unmoved
            partners &= pos.unmoved
        for s in squares(movers):
            for p in squares(sw.adjacency[us][s] & partners):
                m = (SWAP, s, p, i)
                if not guarded or safe(pos, m, us):
                    n += 1
                    if out is not None:
                        out.append(m)
    return n


def first_leaps(pos: State, occ: Bitboard, checked: bool, out: list[Move] | None) -> int:
    """Cambodian first moves onto empty squares: an unmoved king's (not in check), an unmoved met's."""
    rules = pos.rules
    us = pos.turn
    mine = pos.by_color[us] & pos.unmoved
    moves: list[Move] = []
    if not checked:
        for s in squares(pos.by_type[rules.leap_king] & mine):
            moves += [(NORMAL, s, t, 0) for t in squares(rules.king_leaps[us][s] & ~occ)]
    for s in squares(pos.by_type[rules.leap_met] & mine):
        to = rules.met_leaps[us][s]
        if to is not None and not occ >> to & 1:
            moves.append((NORMAL, s, to, 0))
    return keep_safe(pos, moves, out)
