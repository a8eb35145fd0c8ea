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
    the player who moves first, ``black`` the other; ``hands``: the positions beside the board, where
    pieces in hand may stand (off the grid, or bands of the grid that files with no position left set apart
    from the band holding the royal pieces, as Simple Shogi's columns of hands)."""

    files: int
    ranks: int
    square: dict[int, Square]
    position: dict[Square, int]
    white: int
    black: int
    hands: frozenset[int] = frozenset()

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
    if not _two_players(prog):
        return "the turn order is not one move each by two players"
    b = prog.game.board
    if len(b.grids) != 1 or len(b.grids[0]) != 2:
        return "the board is not one two-dimensional grid"
    files, ranks = len(b.grids[0][0]), len(b.grids[0][1])
    if files > 26:
        return "the board has more than 26 files"
    white, black = turns[0].gen, turns[1].gen
    on_grid = [p for p in prog.live if b.coords[p] is not None and b.grid_of[p] == 0 and p not in b.dummies]
    part = _board_part(prog, on_grid)
    hands = frozenset(p for p in prog.live if p not in part and p not in b.dummies)
    first = 0
    if len(part) < len(on_grid):  # the board is the files of its band
        first, last = min(_coord(prog, p)[0] for p in part), max(_coord(prog, p)[0] for p in part)
        files = last - first + 1
    square = _squares(prog, part, first, files, ranks, _turned(prog, part, white, black))
    return Layout(files, ranks, square, {sq: p for p, sq in square.items()}, white, black, hands)


def _two_players(prog: Program) -> bool:
    """Whether two players move in turn, one move each, and only they own pieces (a player with no turn
    and no piece, as fairychess.zrf's Neutral, plays no part in the game)."""
    turns = prog.turns
    movers = {t.gen for t in turns}
    board, stores = prog.setup
    owners = {code & 15 for code in board if code >= 0} | {pl for pl, held in enumerate(stores) if any(held)}
    return len(turns) == 2 and len(movers) == 2 and prog.repeat_from == 0 and owners <= movers


def _squares(prog: Program, part: set[int], first: int, files: int, ranks: int, turned: bool) -> dict[int, Square]:
    """Each position of the board's band as a square, its files counted from ``first``; turned half round
    where White starts at the grid's first row."""
    square: dict[int, Square] = {}
    for p in part:
        x, y = _coord(prog, p)
        x -= first
        square[p] = (files - 1 - x, y) if turned else (x, ranks - 1 - y)
    return square


def _coord(prog: Program, p: int) -> tuple[int, int]:
    coord = prog.game.board.coords[p]
    assert coord is not None
    return coord[0], coord[1]


def _board_part(prog: Program, on_grid: list[int]) -> set[int]:
    """The grid's positions that make the board: the band of files between files with no position left
    (Simple Shogi kills the columns between its board and its hands) that holds the royal pieces at the
    start (or the most pieces, where none is royal); other bands are hands."""
    columns = sorted({_coord(prog, p)[0] for p in on_grid})
    bands: list[set[int]] = []
    for i, x in enumerate(columns):
        if i == 0 or x != columns[i - 1] + 1:
            bands.append(set())
        bands[-1] |= {p for p in on_grid if _coord(prog, p)[0] == x}
    setup = prog.setup[0]

    def weight(band: set[int]) -> tuple[int, int, int]:
        royal = sum(1 for p in band if setup[p] >= 0 and setup[p] >> 4 & 0xFFF in prog.royal_types)
        return royal, sum(1 for p in band if setup[p] >= 0), len(band)

    return max(bands, key=weight) if bands else set()


def _turned(prog: Program, board: set[int], white: int, black: int) -> bool:
    """Whether White's pieces start nearer the grid's first row than Black's."""
    rows: dict[int, list[int]] = {white: [], black: []}
    for p in board:
        code = prog.setup[0][p]
        if code >= 0 and code & 15 in rows:
            rows[code & 15].append(_coord(prog, p)[1])
    return bool(rows[white] and rows[black]) and _mean(rows[white]) < _mean(rows[black])


def _mean(xs: list[int]) -> float:
    return sum(xs) / len(xs)
