"""The ban on moving one piece back and forth (``DrawRules.move_repetition_loses``), as Fairy-Stockfish's
``moveRepetitionIllegal`` judges it in ``Position::is_optional_game_end``: read from the moves of a game, so
only where its history is kept.

The side that just moved loses when its last five moves, none made in check, were one piece going back and
forth between two squares (``a-b``, ``b-a``, ``a-b``, ``b-a``, ``a-b``: each the reverse of the one before, and
the first taking nothing), or four such moves with a pass in their midst (the pass second to last: ``a-b``,
``b-a``, ``a-b``, ``b-a``, pass, ``a-b``), of a piece that may enter the region of the other side's royal
piece, all within the count of the move rule."""

from __future__ import annotations

from typing import Any, Protocol

from generator.engine import moves as mv
from generator.engine.geometry import Bitboard
from generator.engine.moves import Move
from generator.engine.rules import Rules
from generator.engine.state import EMPTY

#: no move: what Fairy-Stockfish reads before a game's first
_NONE: Move = (-1, 0, 0, 0)


class Game(Protocol):
    """What the rule reads of a game (a :class:`~generator.engine.state.State` with its history)."""

    rules: Rules
    board: list[int]
    turn: int
    halfmove: int
    stack: list[Any]
    history: list[Any]
    checked: list[bool]


def _reverses(m: Move, of: Move) -> bool:
    """Whether ``m`` is the ordinary move ``of`` made backwards."""
    return m[0] == mv.NORMAL and m[1] == of[2] and m[2] == of[1]


def counted(rules: Rules, color: int, t: int) -> bool:
    """Whether the ban counts the moves of ``color``'s type ``t``: one that may stand somewhere the other
    side's royal piece may."""
    board: Bitboard = (1 << rules.geo.size) - 1
    return bool(board & ~rules.outside[color][t] & ~rules.outside[1 - color][rules.royal_types[0]])


def moved_back_and_forth(pos: Game) -> bool:
    """Whether the side that just moved loses by the ban (see the module's docstring); False without the rule
    or the game's history."""
    end = min(pos.halfmove, len(pos.history) - 1)
    if end < 4 or not pos.rules.variant.draws.move_repetition_loses:
        return False

    def move(k: int) -> Move:  # the move played k plies before the last
        # before the first move Fairy-Stockfish reads its MOVE_NONE, from a1 to a1
        m: Move = pos.stack[-1 - k][0] if k < len(pos.stack) else _NONE
        return m

    def checked(k: int) -> bool:  # whether the side to move k plies back was in check
        return pos.checked[-1 - k]

    last = move(0)
    mover = 1 - pos.turn
    if last[0] != mv.NORMAL or checked(1) or checked(3) or not counted(pos.rules, mover, pos.board[last[2]] >> 1):
        return False
    count = 2 if _reverses(move(2), last) else 1 if move(2)[0] == mv.PASS else 0
    for i in range(4, end + 1, 2):
        if count == 0:
            return False
        if i + 1 <= end and checked(i + 1):
            return False
        if count < 4:
            count = count + 1 if _reverses(move(i), move(0 if count == 1 else i - 2)) else 0
        else:
            took = pos.stack[-1 - i][7] if i < len(pos.stack) else EMPTY
            return took == EMPTY and move(i - 2)[1] == move(i)[2]
    return False
