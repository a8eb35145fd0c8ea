"""Reading one catalogue entry: its node, its errors (one line naming the file, the line, the variant
and the field), and the squares, ranks, letters and regions its fields name, checked against the
board and pieces built so far.  :class:`~generator.catalogue.building.VariantBuilder` builds on it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from generator.betza import BetzaError, BetzaPiece, parse_betza
from generator.catalogue.model import FILE_LETTERS, Board, Color, PieceType, Setup, Square, absolute_rank
from generator.catalogue.reading import Node, Where
from generator.catalogue.rule_kinds import TOGGLES
from generator.catalogue.validating import RANGE_RE


def expand(text: str) -> Iterator[Square]:
    """The squares a placement or region item names: one square, or every square of the rectangle a range
    spans (a rank or file segment in a placement)."""
    m = RANGE_RE.fullmatch(text)
    if m is None:
        yield Square.parse(text)
        return
    (f1, r1), (f2, r2) = Square.parse(m[1] + m[2]), Square.parse(m[3] + m[4])
    for f in range(min(f1, f2), max(f1, f2) + 1):
        for r in range(min(r1, r2), max(r1, r2) + 1):
            yield Square(f, r)


def model_default(cls: type[Any], name: str) -> Any:
    """The default the model gives field ``name`` of the dataclass ``cls``: stated there alone, and
    read here for every key an entry leaves out.

    >>> from generator.catalogue.model import DrawRules, Setup
    >>> model_default(DrawRules, "move_rule"), model_default(Setup, "to_move")
    (50, <Color.WHITE: 0>)
    """
    (found,) = [f for f in dataclasses.fields(cls) if f.name == name]
    if found.default is dataclasses.MISSING:
        raise TypeError(f"{cls.__name__}.{name} has no default")
    return found.default


class EntryReader:
    """One entry's node and what its fields name, checked; the board, pieces and set-up once built."""

    board: Board
    pieces: dict[str, PieceType]
    setup: Setup

    def __init__(self, name: str, node: Node, families: dict[str, Node], path: str) -> None:
        self.name = name
        self.node = node
        self.families = families
        self.where = Where(path, name)

    def fail(self, at: Node | int, field: str, message: str) -> NoReturn:
        raise self.where.error(at if isinstance(at, int) else at.line, field, message)

    def value(self, node: Node, key: str, default: Any = None) -> Any:
        child = node.get(key)
        return default if child is None else child.value

    def toggles(self, node: Node, group: str) -> dict[str, Any]:
        """The yes-or-no rule kinds of ``group`` (:data:`~.rule_kinds.TOGGLES`), off where the entry leaves them out."""
        return {toggle.name: self.value(node, toggle.name, False) for toggle in TOGGLES if toggle.group == group}

    def or_default(self, node: Node, cls: type[Any], key: str, convert: Callable[[Any], Any] | None = None) -> Any:
        """The value of ``key`` (through ``convert``, if given), or where the entry leaves it out the
        model's default for the field of that name of ``cls``."""
        child = node.get(key)
        if child is None:
            return model_default(cls, key)
        return child.value if convert is None else convert(child.value)

    def square(self, node: Node, field: str, text: str | None = None) -> Square:
        """A square on the board (holes excluded); ``text`` is one square out of the range ``node`` holds."""
        square = Square.parse(text or node.value)
        b = self.board
        if not (square.file < b.files and square.rank < b.ranks):
            size = f"the {b.files}x{b.ranks} board (files a-{FILE_LETTERS[b.files - 1]}, ranks 1-{b.ranks})"
            self.fail(node, field, f"{square} is off {size}")
        if square in b.holes:
            self.fail(node, field, f"{square} is a hole, not a square")
        return square

    def relative_rank(self, node: Node, field: str) -> int:
        """A relative rank, which must be on the board."""
        if node.value > self.board.ranks:
            self.fail(node, field, f"rank {node.value} is beyond the board's {self.board.ranks} ranks")
        return int(node.value)

    def relative_ranks(self, node: Node | None, field: str) -> tuple[int, ...]:
        ranks = [] if node is None else node.value
        return tuple(self.relative_rank(rank, f"{field}[{i}]") for i, rank in enumerate(ranks))

    def betza(self, node: Node, field: str) -> BetzaPiece:
        """The movement a Betza string names, parsed."""
        try:
            return parse_betza(node.value)
        except BetzaError as exc:
            self.fail(node, field, f"betza {node.value!r}: {exc.message} (at position {exc.index})")

    def letter(self, letter: str, at: Node | int, field: str) -> PieceType:
        """The piece type ``letter`` names, which must be defined in ``pieces:``."""
        if letter not in self.pieces:
            defined = ", ".join(self.pieces)
            self.fail(at, field, f"piece {letter!r} is not defined in 'pieces:' (defined: {defined})")
        return self.pieces[letter]

    def letters(self, node: Node, key: str, field: str = "") -> tuple[str, ...]:
        """A list of piece letters under ``key`` (the field ``field``, else ``key``), each a piece of the variant."""
        items = self.value(node, key, [])
        for i, letter in enumerate(items):
            self.letter(letter.value, letter, f"{field or key}[{i}]")
        return tuple(x.value for x in items)

    def describe(self, square: Square) -> str:
        found = self.setup.piece_at(square)
        if found is None:
            return "it is empty"
        color, letter = found
        return f"it holds the {color.word} {self.pieces[letter].name}"

    def rank_region(self, color: Color, ranks: Sequence[int]) -> frozenset[Square]:
        """The squares of the relative ``ranks`` of ``color``, holes left out."""
        b = self.board
        rows = {absolute_rank(color, r, b.ranks) - 1 for r in ranks}
        return frozenset(Square(f, r) for r in rows for f in range(b.files) if b.contains(Square(f, r)))

    def side_regions(
        self, node: Node, field: str
    ) -> tuple[tuple[frozenset[Square], frozenset[Square]], tuple[int, ...]]:
        """Each side's squares, given as relative ranks (both sides) or as white and black squares and
        ranges; with the relative ranks they were given as (empty when given as squares)."""
        ranks_node, sides = node.get("ranks"), [node.get(c.word) for c in Color]
        if ranks_node is not None and any(sides):
            self.fail(node, field, "give the region either as ranks (both sides) or as white and black squares")
        if ranks_node is None and not all(sides):
            missing = "white and black" if not any(sides) else Color(sides.index(None)).word
            self.fail(
                node, field, f"the region needs ranks (both sides) or white and black squares ({missing} missing)"
            )
        if ranks_node is not None:
            ranks = self.relative_ranks(ranks_node, f"{field}.ranks")
            return (self.rank_region(Color.WHITE, ranks), self.rank_region(Color.BLACK, ranks)), ranks
        found = []
        for color, side in zip(Color, sides, strict=True):
            assert side is not None
            found.append(
                frozenset(
                    self.square(item, f"{field}.{color.word}[{i}]", sq.name)
                    for i, item in enumerate(side.value)
                    for sq in expand(item.value)
                )
            )
        return (found[0], found[1]), ()
