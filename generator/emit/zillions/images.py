"""The pictures of a download: the board as a PNG, every piece and token as a Windows bitmap.

A rules file names each picture by its path from the rules file, in a folder of the family's own
under ``images/`` (as downloads keep theirs, so that two games' ``KingWhite.bmp`` never meet);
:class:`Images` gives every different picture one path, and :func:`draw` makes its bytes (the same
bytes for the same picture).  A board is a PNG, as Zillions' own Tic-Tac-Toe games have theirs: its
bitmap ran to 1.6 MB (a 10x10 board with hands), its PNG is a few kilobytes; a piece stays a bitmap,
whose corner colour Zillions takes for transparent.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from generator.catalogue.model import Square
from generator.emit.pictures.glyph_raster import png_bytes
from generator.emit.pictures.glyphs import Glyph, Shape, bmp_bytes, raster

SQUARE_SIZE = 50  #: board squares, in pixels
PIECE_SIZE = 48  #: piece bitmaps (square), in pixels: a little smaller than a board square
BOARD_BORDER = 10  #: the frame around the squares, in pixels
LIGHT, DARK, HOLE, FRAME, HAND = (240, 217, 181), (181, 136, 99), (70, 70, 70), (110, 78, 52), (205, 190, 160)


@dataclass(frozen=True)
class BoardPicture:
    """A board of ``files`` x ``ranks`` squares with ``holes`` (sorted) drawn dark."""

    files: int
    ranks: int
    holes: tuple[Square, ...]
    left: int = 0  #: columns of hand positions left of the board
    right: int = 0  #: and right of it


@dataclass(frozen=True)
class PiecePicture:
    """A piece glyph (see :mod:`generator.emit.pictures.glyphs`) in one colour."""

    kind: str
    marks: tuple[str, ...]
    shapes: tuple[Shape, ...]
    color: str


@dataclass(frozen=True)
class TokenPicture:
    """A swap-right token in one colour."""

    color: str


@dataclass(frozen=True)
class StonePicture:
    """A wall, the same for both sides."""


Picture = BoardPicture | PiecePicture | TokenPicture | StonePicture


class Images:
    """Path (from the rules file) of each picture a file names; pictures that differ get different paths."""

    def __init__(self, folder: str) -> None:
        self.folder = f"images/{folder}"
        self.paths: dict[str, Picture] = {}
        self._by_picture: dict[Picture, str] = {}

    def path(self, stem: str, picture: Picture) -> str:
        """The path (``images/<folder>/<stem>.bmp``, ``.png`` for a board, numbered if taken) of ``picture``."""
        found = self._by_picture.get(picture)
        if found is not None:
            return found
        ext = "png" if isinstance(picture, BoardPicture) else "bmp"
        path, n = f"{self.folder}/{stem}.{ext}", 1
        while path in self.paths:
            n += 1
            path = f"{self.folder}/{stem}{n}.{ext}"
        self.paths[path] = picture
        self._by_picture[picture] = path
        return path


def _token_glyph() -> Glyph:
    """A swap-right token: a coin with two opposed arrows."""
    shapes = (
        Shape("circle", ((50.0, 50.0),), 34.0, "body"),
        Shape("line", ((30.0, 42.0), (70.0, 42.0), (62.0, 34.0)), 5.0, "ink"),
        Shape("line", ((70.0, 58.0), (30.0, 58.0), (38.0, 66.0)), 5.0, "ink"),
    )
    return Glyph("token", (), shapes)


def _stone_glyph() -> Glyph:
    """A wall: a block of stone laid in courses."""
    shapes = (
        Shape("polygon", ((18.0, 22.0), (82.0, 22.0), (82.0, 80.0), (18.0, 80.0)), 0.0, "body"),
        Shape("line", ((18.0, 41.0), (82.0, 41.0)), 4.0, "ink"),
        Shape("line", ((18.0, 61.0), (82.0, 61.0)), 4.0, "ink"),
        Shape("line", ((50.0, 22.0), (50.0, 41.0)), 4.0, "ink"),
        Shape("line", ((34.0, 41.0), (34.0, 61.0)), 4.0, "ink"),
        Shape("line", ((66.0, 41.0), (66.0, 61.0)), 4.0, "ink"),
        Shape("line", ((50.0, 61.0), (50.0, 80.0)), 4.0, "ink"),
    )
    return Glyph("stone", (), shapes)


def board_pixels(
    files: int, ranks: int, holes: Iterable[Square], left: int = 0, right: int = 0
) -> list[list[tuple[int, int, int]]]:
    """The board picture's rows of RGB pixels, top row first: a frame, light and dark squares, holes,
    and ``left`` and ``right`` columns of hand positions beside the squares."""
    s, e = SQUARE_SIZE, BOARD_BORDER
    width, height = (left + files + right) * s + 2 * e, ranks * s + 2 * e
    hole_set = set(holes)
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            fx, ry = (x - e) // s - left, (y - e) // s
            if not (e <= x < width - e and e <= y < height - e):
                row.append(FRAME)
                continue
            if not 0 <= fx < files:
                inside = 2 <= (x - e) % s < s - 2 and 2 <= (y - e) % s < s - 2
                row.append(HAND if inside else FRAME)
                continue
            sq = Square(fx, ranks - 1 - ry)
            if sq in hole_set:
                row.append(HOLE)
            else:
                row.append(DARK if (sq.file + sq.rank) % 2 == 0 else LIGHT)
        rows.append(row)
    return rows


@functools.lru_cache(maxsize=256)
def draw(picture: Picture) -> bytes:
    """The bitmap file of ``picture``."""
    if isinstance(picture, BoardPicture):
        return png_bytes(board_pixels(picture.files, picture.ranks, picture.holes, picture.left, picture.right))
    if isinstance(picture, PiecePicture):
        return bmp_bytes(raster(Glyph(picture.kind, picture.marks, picture.shapes), picture.color, PIECE_SIZE))
    if isinstance(picture, StonePicture):
        return bmp_bytes(raster(_stone_glyph(), "black", PIECE_SIZE))
    return bmp_bytes(raster(_token_glyph(), picture.color, PIECE_SIZE))
