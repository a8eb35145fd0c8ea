"""Board geometry: square numbering, bitboards and the leap and ray tables derived from Betza.

A square is an ``int``: ``rank * files + file`` (0-based), so ``a1`` is 0.  A
bitboard is a Python ``int`` with bit ``s`` set for square ``s``.  Holes are not
squares: they are never in a table's targets, and rays and lame paths stop at them.

>>> g = Geometry(8, 8)
>>> g.name(g.square(4, 3)), g.parse("e4")
('e4', 28)
>>> [g.name(s) for s in g.ray_squares(g.parse("a1"), (1, 1), 3)]
['b2', 'c3', 'd4']
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.betza import lame_path
from generator.catalogue.model import FILE_LETTERS, Board, Color, Drops

Bitboard = int
Vector = tuple[int, int]


def bits(bb: Bitboard) -> Iterator[int]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def squares(bb: Bitboard) -> list[int]:
    """The squares of a bitboard, lowest first, as a list (faster than :func:`bits` where all are wanted)."""
    out: list[int] = []
    while bb:
        low = bb & -bb
        bb ^= low
        out.append(low.bit_length() - 1)
    return out


class Geometry:
    """One board shape: size, holes, names, and the primitive tables every piece table is built from."""

    def __init__(self, files: int, ranks: int, holes: frozenset[tuple[int, int]] = frozenset()) -> None:
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.holes: Bitboard = 0
        for f, r in holes:
            self.holes |= 1 << (r * files + f)
        self.all: Bitboard = ((1 << self.size) - 1) & ~self.holes

    @classmethod
    def of(cls, board: Board) -> Geometry:
        return cls(board.files, board.ranks, frozenset((h.file, h.rank) for h in board.holes))

    def square(self, file: int, rank: int) -> int:
        return rank * self.files + file

    def file_of(self, s: int) -> int:
        return s % self.files

    def rank_of(self, s: int) -> int:
        return s // self.files

    def name(self, s: int) -> str:
        return f"{FILE_LETTERS[s % self.files]}{s // self.files + 1}"

    def parse(self, text: str) -> int:
        """The square named ``text``; ``ValueError`` if it is not on this board (holes included)."""
        if len(text) >= 2 and text[0] in FILE_LETTERS and text[1:].isdigit() and text[1] != "0":
            f, r = FILE_LETTERS.index(text[0]), int(text[1:]) - 1
            if f < self.files and r < self.ranks:
                return r * self.files + f
        raise ValueError(f"{text!r} is not a square of a {self.files}x{self.ranks} board")

    def is_square(self, s: int) -> bool:
        return bool(self.all >> s & 1)

    def offset(self, s: int, v: Vector) -> int | None:
        """The square ``v`` away from ``s`` (off the board: None; a hole is returned as is)."""
        f, r = s % self.files + v[0], s // self.files + v[1]
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return r * self.files + f
        return None

    def rank_mask(self, color: Color, relative_ranks: tuple[int, ...]) -> Bitboard:
        """The squares on the given ranks, counted from ``color``'s own side (1 = its first rank)."""
        mask = 0
        for rel in relative_ranks:
            r = rel - 1 if color is Color.WHITE else self.ranks - rel
            if 0 <= r < self.ranks:
                mask |= ((1 << self.files) - 1) << (r * self.files)
        return mask & self.all

    def drop_masks(self, drops: Drops | None, letters: list[str]) -> list[list[Bitboard]]:
        """Per colour, per piece letter: where it may be dropped, its ranks within its side's squares."""
        if drops is None:
            return [[0] * len(letters) for _ in Color]
        sides = [self.all if drops.squares is None else self.mask_of(drops.squares[c]) for c in Color]
        return [[self.rank_mask(c, drops.ranks_of(x)) & sides[c] for x in letters] for c in Color]

    def mask_of(self, squares: frozenset[tuple[int, int]]) -> Bitboard:
        """The bitboard of ``squares`` (file, rank)."""
        return sum((1 << self.square(f, r) for f, r in set(squares)), 0)

    def leap(self, s: int, v: Vector) -> int | None:
        """Target of a true leap: any square, whatever lies between (None if off-board or a hole)."""
        t = self.offset(s, v)
        return t if t is not None and self.is_square(t) else None

    def lame_block(self, s: int, v: Vector) -> Bitboard | None:
        """Squares that must be empty for a lame leap from ``s`` by ``v``; None if the leap cannot be made."""
        if self.leap(s, v) is None:
            return None
        sx, sy = (1 if v[0] > 0 else -1), (1 if v[1] > 0 else -1)
        block = 0
        for px, py in lame_path(abs(v[0]), abs(v[1])):
            m = self.offset(s, (px * sx, py * sy))
            if m is None or not self.is_square(m):
                return None
            block |= 1 << m
        return block

    def ray_squares(self, s: int, v: Vector, limit: int) -> list[int]:
        """The squares a rider reaches from ``s`` stepping by ``v`` on an empty board, nearest first
        (limit 0: no limit); the ray ends at the edge or before a hole."""
        out: list[int] = []
        t = s
        while limit == 0 or len(out) < limit:
            nt = self.offset(t, v)
            if nt is None or not self.is_square(nt):
                break
            out.append(nt)
            t = nt
        return out
