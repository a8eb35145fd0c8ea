"""A game's board as the files and ranks of a rectangle, seen from the side of the player who moves first.

The catalogue, Fairy-Stockfish and the project's UCI dialect put White, the side that moves first, on
the low ranks.  Zillions files put their first player anywhere: Shogi's ``Black`` moves first from the
top of its grid in some files.  :func:`layout` reads the game's one two-dimensional grid as files
(its first dimension) and ranks (its second), and turns the board round (file a on the grid's right,
rank 1 on its first row) when the first player's pieces start nearer the grid's first row than the
other player's do.

>>> from generator.zrf.model import load_text
>>> from generator.zrf.program import Program
>>> text = '''(game (title "G") (players A B) (turn-order B A)
...   (board (grid (dimensions ("a/b/c" (1 0)) ("3/2/1" (0 1))) (directions (n 0 -1))))
...   (piece (name P) (moves ((n add))))
...   (board-setup (A (P a1)) (B (P c3))))'''
>>> prog = Program(load_text(text).games[0])
>>> lay = layout(prog)
>>> lay.files, lay.ranks, lay.white, lay.names(prog)["c3"], lay.names(prog)["a1"]
(3, 3, 1, 'a1', 'c3')
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.zrf.program import Program

Square = tuple[int, int]  # (file, rank), from 0


@dataclass(frozen=True)
class Layout:
    """The game's positions as squares of a rectangle: ``square[p]`` for position ``p``; ``white`` is
    the player who moves first, ``black`` the other."""

    files: int
    ranks: int
    square: dict[int, Square]
    position: dict[Square, int]
    white: int
    black: int

    @staticmethod
    def name(sq: Square) -> str:
        """The square's name in the catalogue's and UCI's spelling: ``(0, 0)`` is ``a1``."""
        return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"

    def names(self, prog: Program) -> dict[str, str]:
        """Each position's name -> its square's name."""
        return {prog.names[p]: self.name(sq) for p, sq in self.square.items()}


def layout(prog: Program) -> Layout | str:
    """The board, or why it is not one rectangle of a single 2-D grid played by two sides in turn."""
    turns = prog.turns
    movers = {t.gen for t in turns}
    # a player with no turn and no piece (fairychess.zrf's Neutral) plays no part in the game
    board, stores = prog.setup
    owners = {code & 15 for code in board if code >= 0} | {pl for pl, held in enumerate(stores) if any(held)}
    if len(turns) != 2 or len(movers) != 2 or prog.repeat_from != 0 or not owners <= movers:
        return "the turn order is not one move each by two players"
    b = prog.game.board
    if len(b.grids) != 1 or len(b.grids[0]) != 2:
        return "the board is not one two-dimensional grid"
    files, ranks = len(b.grids[0][0]), len(b.grids[0][1])
    if files > 26:
        return "the board has more than 26 files"
    white, black = turns[0].gen, turns[1].gen
    square: dict[int, Square] = {}
    turned = _turned(prog, white, black)
    for p in prog.live:
        coord = b.coords[p]
        if coord is None or b.grid_of[p] != 0:
            # a position off the grid (a flag, a hand) is not a square: it must stay empty at the start
            if prog.setup[0][p] >= 0:
                return f"a piece starts on position {prog.names[p]}, which is not on the grid"
            continue
        if p not in b.dummies:
            square[p] = (files - 1 - coord[0], coord[1]) if turned else (coord[0], ranks - 1 - coord[1])
    return Layout(files, ranks, square, {sq: p for p, sq in square.items()}, white, black)


def _turned(prog: Program, white: int, black: int) -> bool:
    """Whether White's pieces start nearer the grid's first row than Black's."""
    b = prog.game.board
    rows: dict[int, list[int]] = {white: [], black: []}
    for p in prog.live:
        code, coord = prog.setup[0][p], b.coords[p]
        if code >= 0 and coord is not None and code & 15 in rows:
            rows[code & 15].append(coord[1])
    return bool(rows[white] and rows[black]) and _mean(rows[white]) < _mean(rows[black])


def _mean(xs: list[int]) -> float:
    return sum(xs) / len(xs)
