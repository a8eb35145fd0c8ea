"""A piece's moves found by running its game's own move blocks through the ZRF interpreter.

The piece stands alone on an otherwise empty board (then with one other piece as a target, a
blocker or a screen), and each move the blocks produce is read as a step ``(dx, dy)`` in White's
view: ``dy > 0`` is towards the higher ranks of the catalogue's board.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.zrf.compiler import EMPTY
from generator.zrf.moves import ZMove
from generator.zrf.program import Program
from generator.zrf.state import State

Square = tuple[int, int]  # (file, rank), from 0


@dataclass(frozen=True)
class Layout:
    """The game's positions as squares of a rectangle: ``square[p]`` for position ``p``."""

    files: int
    ranks: int
    square: dict[int, Square]
    position: dict[Square, int]

    def at(self, sq: Square) -> int | None:
        return self.position.get(sq)


def layout(prog: Program, turned: bool = False) -> Layout | str:
    """The board as files and ranks, or why it is not one rectangle of a single 2-D grid; ``turned``:
    seen from the other side (the grid's first row is rank 1, its last column file a)."""
    b = prog.game.board
    if len(b.grids) != 1 or len(b.grids[0]) != 2:
        return "the board is not one two-dimensional grid"
    files, ranks = len(b.grids[0][0]), len(b.grids[0][1])
    square: dict[int, Square] = {}
    for p in prog.live:
        if p in b.dummies:
            continue
        coord = b.coords[p]
        if coord is None or b.grid_of[p] != 0:
            return f"position {prog.names[p]} is not on the grid"
        square[p] = (files - 1 - coord[0], coord[1]) if turned else (coord[0], ranks - 1 - coord[1])
    return Layout(files, ranks, square, {sq: p for p, sq in square.items()})


@dataclass(frozen=True)
class Found:
    """One move a block produced: where it went, what it captured, and the type it lands as."""

    to: Square
    captures: tuple[Square, ...]
    promo: int  # the promotion type, or -1
    parts: int  # how many pieces moved
    others: tuple[tuple[Square, Square], ...] = ()  # the other pieces' moves: (from, to)


def _state(prog: Program, player: int, pieces: dict[int, int]) -> State:
    st = State(prog)
    st.board = [EMPTY] * prog.npos
    for p, code in pieces.items():
        st.board[p] = code
    st.stores = [[0] * len(prog.types) for _ in prog.players]
    st.ply = next(i for i, t in enumerate(prog.turns) if t.gen == player)
    return st


def moves_of(prog: Program, lay: Layout, player: int, kind: int, at: Square, others: dict[Square, int]) -> list[Found]:
    """What a piece of type ``kind`` of ``player`` on ``at`` may do, with ``others`` (square: code) around it."""
    start = lay.position[at]
    pieces = {lay.position[s]: c for s, c in others.items()}
    pieces[start] = prog.code(kind, player)
    st = _state(prog, player, pieces)
    before = st.board[:]
    return [_found(m, lay, before, player) for m in st.pseudo_moves() if m.frm == start]


def _found(m: ZMove, lay: Layout, before: list[int], player: int) -> Found:
    to = lay.square.get(m.to, (-1, -1))
    caps = tuple(
        sorted(lay.square.get(p, (-1, -1)) for p, _ in m.changes if before[p] != EMPTY and before[p] & 15 != player)
    )
    others = tuple(
        (lay.square.get(p[0], (-1, -1)), lay.square.get(p[1], (-1, -1))) for p in m.parts or () if p[0] != m.frm
    )
    return Found(to, caps, m.promo, len(m.parts) if m.parts else 1, others)
