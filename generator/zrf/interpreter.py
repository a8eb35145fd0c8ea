"""Playing a ZRF game with Zillions' semantics: the entry points (:func:`open_game`, :func:`perft`...).

Where each part lives: :mod:`~generator.zrf.program` compiles a game (tables, turn order,
each side's move blocks through :mod:`~generator.zrf.compiler`), :mod:`~generator.zrf.moves`
makes :class:`ZMove` objects of what a block did, :mod:`~generator.zrf.fast` turns common blocks
into tables (:mod:`~generator.zrf.counting` counts their moves at perft's last ply),
:mod:`~generator.zrf.state` is the position (legal moves, the check test, push/pop),
:mod:`~generator.zrf.goals` decides the outcome.

>>> from pathlib import Path
>>> from generator.zrf import open_game
>>> chess = Path(__file__).resolve().parents[3] / "shared" / "zillions" / "Chess.zrf"
>>> state = open_game(chess, "Chess") if chess.exists() else None
>>> state is None or (len(state.legal_moves()), perft(state, 2)) == (20, 400)
True

What a move is (Zillions' "internals of movement"):

* a block runs with a cursor on the moving piece's square (for ``drops``, on every
  position in turn) and reads the board as it was before the move;
* ``add`` emits a move: the moving piece goes from ``from`` to the position
  ``to`` set, else to the cursor; a piece standing there is captured, a friend's
  too (Zillions' own Beer Square drops a mug on a mug of the same player; a
  block that must not verifies ``not-friend?``), unless it moves away in a
  cascade; ``(add A B)`` emits one move
  per piece type (promotion; with ``recycle promotions`` only types in the
  side's store); generation goes on after ``add``; moves with the same effect
  count once;
* ``verify`` that fails, or a step off the board, ends the block; a ``while`` that
  has run 4096 times would never end in Zillions: that is an error, not a move;
* ``cascade`` ends the current piece's part of the move and makes the piece at
  the cursor (or the one picked up with ``from``) the moving piece;
* ``set-attribute``, ``change-owner``, ``flip``, ``change-type`` and ``create``
  act on whatever stands on their position once the pieces have moved (Chess.zrf's
  castling sets ``never-moved?`` on the rook's and then the king's destination);
  ``capture`` then removes what stands at its position, a piece that has just
  landed there too (Duke's strike: ``to capture back (create ...) add``);
* ``mark``/``back``: ``back`` with no ``mark`` returns to the start square;
* ``last-from?``/``last-to?`` compare with the previous move's origin and
  destination; ``attacked?`` asks whether an enemy move could capture a piece of
  ours on the cursor (the moving piece is put there for the test; an enemy move
  that itself asks ``attacked?`` is followed one level deeper, no further);
  ``(attacked? move-type)`` counts only enemy moves of that type (REN Shogi's
  ``(attacked? no-king)``), a bare ``on-board?`` is true (the cursor's square);
* ``move-priorities``: only the moves of the first type that has any survive, and
  that before the check test; a turn ``(Player type)`` allows only that type;
* a ``checkmated`` goal makes its pieces royal: a move after which the next
  player to move could capture a royal piece of another side is illegal (so in
  ``White White Black Black`` orders a first move may leave one's own king
  attacked but may not attack the enemy king, as Zillions' Double-Move Chess says);
* a side with no move: goals decide (``stalemated``, ``checkmated``...), else it
  is a draw; ``(option "pass turn" true|forced)`` gives a pass move.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.zrf.model import Game, RulesFile, load
from generator.zrf.moves import ZMove
from generator.zrf.program import Program
from generator.zrf.state import State

# -- entry points -------------------------------------------------------------------------------------------


def start(game: Game) -> State:
    """The start position of a game."""
    return State(Program(game))


def open_game(path: str | Path, title: str | None = None) -> State:
    """The start position of the game ``title`` (default: the first) of a .zrf file."""
    rf: RulesFile = load(path)
    return start(rf.game(title))


def perft(state: State, depth: int) -> int:
    """Move paths of length ``depth``; a game won or lost by a goal has no moves (repetition is not applied)."""
    if depth <= 0:
        return 1
    if state.prog.cheap_goals and state.outcome(cheap_only=True) is not None:
        return 0
    if depth == 1:
        return state.count_moves()
    moves = state.legal_moves()
    n = 0
    for m in moves:
        state.push(m)
        n += perft(state, depth - 1)
        state.pop()
    return n


def divide(state: State, depth: int, name: Callable[[ZMove], str]) -> list[tuple[str, int]]:
    """Perft per first move: ``(name(move), count)`` pairs sorted by name."""
    out = []
    for m in state.legal_moves():
        state.push(m)
        out.append((name(m), perft(state, depth - 1)))
        state.pop()
    return sorted(out)
