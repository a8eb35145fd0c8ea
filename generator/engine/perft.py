"""Perft: the number of move paths of a given length, the standard test of a move generator.

Ended games (checkmate, stalemate, a won race, a bared king) have no moves;
draws by repetition, by the n-move rule or by insufficient material are not
applied, as in every published perft table.
"""

from __future__ import annotations

from generator.engine.moves import uci
from generator.engine.position import Position


def perft(pos: Position, depth: int) -> int:
    if depth <= 0:
        return 1
    if depth == 1:
        return pos.count_moves()
    n = 0
    for m in pos.legal_moves():
        pos.push(m)
        n += perft(pos, depth - 1)
        pos.pop()
    return n


def divide(pos: Position, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move: ``(uci, count)`` pairs, sorted by the move's spelling."""
    out = []
    for m in pos.legal_moves():
        pos.push(m)
        out.append((uci(pos.rules, m), perft(pos, depth - 1)))
        pos.pop()
    return sorted(out)
