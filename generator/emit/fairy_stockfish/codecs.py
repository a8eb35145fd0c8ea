"""Each type of option value, once: how Fairy-Stockfish reads it, how the lint checks it, what it holds.

Fairy-Stockfish reads a value with ``std::stringstream`` (``src/parser.cpp``'s ``set``): an integer is read up
to the first character that is not one (``5 # five`` is 5), a Bitboard up to its first ``-``, a piece set
letter by letter.  :meth:`Codec.read` is that reading, as the text FSF holds (an importer keeps it), or
:class:`ValueError` where FSF refuses the value; :meth:`Codec.problem` is the lint's stricter word on a value
FSF reads otherwise than it looks (``5abc``), given the section's piece letters.  The option table
(:mod:`.table`) gives every row its codec by its type.

>>> CODECS["rank"].read(" 7"), CODECS["file"].read("c"), CODECS["bitboard"].read("*7 C3 - *1")
('7', '3', '*7 c3')
>>> CODECS["bool"].problem("yes", frozenset())
'not true or false'
>>> CODECS["rank"].read("11")
Traceback (most recent call last):
...
ValueError: '11' is not a rank from 1 to 10
>>> sorted(squares("*2 b*", 3, 3))
[Square(file=0, rank=1), Square(file=1, rank=0), Square(file=1, rank=1), Square(file=1, rank=2), Square(file=2, rank=1)]
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from generator.catalogue.model import Square

__all__ = ["CODECS", "FILE_MAX", "RANK_MAX", "Codec", "Kind", "Words", "set_letters", "squares", "symbols"]

#: The type of an option's value, as FSF's ``parse_attribute`` reads it (``word``: one of the row's words).
Kind = Literal[
    "bool", "int", "rank", "file", "value", "word", "bitboard", "piecetype", "pieceset", "piece", "string", "other"
]
#: the largest board FSF is built for (``FILE_NB``, ``RANK_NB`` of the largeboards build)
RANK_MAX, FILE_MAX = 10, 12
_FILES = string.ascii_lowercase[:FILE_MAX]
_INT = re.compile(r"\s*[+-]?\d+")
_SYMBOL = re.compile(r"\*(\d+)|([a-z])(\d+)|([a-z])\*")


def _not(text: str, what: str) -> ValueError:
    """``'text' is not WHAT``, and where the text holds a comment, that Fairy-Stockfish reads it as value."""
    comment = re.search(r"\s[#;]", text)
    hint = " (Fairy-Stockfish has no inline comments: the value is all of it)" if comment else ""
    return ValueError(f"{text!r} is not {what}{hint}")


@dataclass(frozen=True)
class Codec:
    """A type of value that FSF does not check: any text is read as it is."""

    kind: Kind

    def read(self, text: str) -> str:
        """The value as FSF holds it, or :class:`ValueError` (why, in words) where FSF refuses it."""
        return text

    def problem(self, text: str, letters: frozenset[str]) -> str | None:
        """Why the lint flags ``text`` (``letters``: the section's pieces, lower case); None if it does not."""
        return None


@dataclass(frozen=True)
class Words(Codec):
    """One of a few words: true or false, a game result, a rule's name."""

    words: tuple[str, ...] = ()

    def _what(self) -> str:
        return "true or false" if self.words == ("true", "false") else f"one of {', '.join(self.words)}"

    def read(self, text: str) -> str:
        if text not in self.words:
            raise _not(text, self._what())
        return text

    def problem(self, text: str, letters: frozenset[str]) -> str | None:
        return None if text in self.words else f"not {self._what()}"


def _number(text: str) -> int:
    m = _INT.match(text)
    if m is None:
        raise _not(text, "an integer")
    return int(m.group())


@dataclass(frozen=True)
class Number(Codec):
    """An integer; a rank counts from 1, a file from 1 or ``a``."""

    def _range(self) -> tuple[int, int, str]:
        if self.kind == "rank":
            return 1, RANK_MAX, f"a rank from 1 to {RANK_MAX}"
        if self.kind == "file":
            return 1, FILE_MAX, f"a file from 1 to {FILE_MAX} or a to {_FILES[-1]}"
        return -(2**31), 2**31 - 1, "an integer"

    def read(self, text: str) -> str:
        stripped = text.lstrip()
        is_letter = self.kind == "file" and not stripped[:1].isdigit()
        number = ord(stripped[:1] or " ") - ord("a") + 1 if is_letter else _number(text)
        low, high, what = self._range()
        if not low <= number <= high:
            raise _not(text, what)
        return str(number)

    def problem(self, text: str, letters: frozenset[str]) -> str | None:
        low, high, what = self._range()
        letter = self.kind == "file" and len(text) == 1 and text in _FILES
        number = re.fullmatch(r"-?\d+", text) and low <= int(text) <= high
        return None if letter or number else f"not {what}"


def symbols(text: str) -> tuple[str, ...]:
    """A Bitboard value's symbols as FSF reads them: lower case, up to the first ``-``.

    >>> symbols("*1 A2 - b3")
    ('*1', 'a2')
    """
    out = []
    for symbol in text.split():
        if symbol == "-":
            break
        out.append(symbol.lower())
    return tuple(out)


def _symbol_problem(symbol: str) -> str | None:
    m = _SYMBOL.fullmatch(symbol)
    if not m:
        return f"symbol {symbol!r} is not *RANK, FILE* or a square"
    rank = m.group(1) or m.group(3)
    file = m.group(2) or m.group(4)
    if rank is not None and not 1 <= int(rank) <= RANK_MAX:
        return f"rank {rank} is off the largest board"
    if file is not None and file not in _FILES:
        return f"file {file!r} is off the largest board"
    return None


def squares(text: str, files: int, ranks: int) -> frozenset[Square]:
    """The squares of a Bitboard value (``*RANK``, ``FILE*`` and squares, up to a ``-``) on a board of
    ``files`` x ``ranks``; a symbol off the board gives none."""
    out: set[Square] = set()
    for symbol in symbols(text):
        if symbol.startswith("*"):
            out |= {Square(f, int(symbol[1:]) - 1) for f in range(files)}
        elif symbol.endswith("*"):
            out |= {Square(_FILES.index(symbol[0]), r) for r in range(ranks)}
        else:
            out.add(Square(_FILES.index(symbol[0]), int(symbol[1:]) - 1))
    return frozenset(sq for sq in out if sq.file < files and sq.rank < ranks)


@dataclass(frozen=True)
class Bitboard(Codec):
    """A set of squares: ``*RANK``, ``FILE*`` and square names, up to a ``-``."""

    def read(self, text: str) -> str:
        held = symbols(text)
        for symbol in held:
            if _symbol_problem(symbol):
                raise ValueError(f"{symbol!r} is not a square, '*RANK' or 'FILE*'")
        return " ".join(held) or "-"

    def problem(self, text: str, letters: frozenset[str]) -> str | None:
        return next(filter(None, map(_symbol_problem, symbols(text))), None)


def set_letters(text: str) -> Iterable[str]:
    """A piece set's letters as FSF reads them: blanks skipped, up to the first ``-`` (``*``: every piece)."""
    for ch in text.replace(" ", "").replace("\t", ""):
        if ch == "-":
            return
        yield ch


@dataclass(frozen=True)
class Pieces(Codec):
    """Piece letters: one (a piece type), any number (a piece set), or a piece's ``letter[:Betza]``."""

    def problem(self, text: str, letters: frozenset[str]) -> str | None:
        if self.kind == "piece":
            return _piece_problem(text)
        tokens = text.replace(" ", "")
        if tokens == "-":
            return None
        if self.kind == "piecetype" and len(tokens) != 1:
            return "not one piece letter"
        bad = [ch for ch in tokens if ch != "*" and ch.lower() not in letters]
        return f"letter {bad[0]!r} is not a piece of this section" if bad else None


def _piece_problem(text: str) -> str | None:
    if text == "-":
        return None
    if not text[:1].isalpha():
        return f"invalid letter {text[:1]!r}"
    if len(text) > 1 and (text[1] != ":" or len(text) < 3):
        return "not 'letter' or 'letter:Betza'"
    return None


#: The codec of each type of value but ``word``, whose words are its row's.
CODECS: dict[Kind, Codec] = {
    "bool": Words("bool", ("true", "false")),
    "value": Words("value", ("win", "loss", "draw", "none")),
    "int": Number("int"),
    "rank": Number("rank"),
    "file": Number("file"),
    "bitboard": Bitboard("bitboard"),
    "piecetype": Pieces("piecetype"),
    "pieceset": Pieces("pieceset"),
    "piece": Pieces("piece"),
    "string": Codec("string"),
    "other": Codec("other"),
}
