"""The options of one Fairy-Stockfish section, group by group: board, pieces, pawns, promotion by
piece, castling, drops, captures, goals, draws.

A group is the rows of :mod:`.table` with that group, in table order, each written where its writer
gives a value (the pieces are written piece by piece, :mod:`.pieces`); a group with no option is left
out.  Every key written is a row of its group, and every value is checked to be writable into
``variants.ini`` (:func:`ini_value`).  Sections have no parent, so a group writes every option its
rules touch, FSF's defaults included (see :mod:`generator.emit.fairy_stockfish`).

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> board_options(chess)
OptionGroup(label='board', options=(('maxFile', '8'), ('maxRank', '8')))
>>> [group.label for group in option_groups(chess)]
['board', 'pieces', 'pawns', 'castling', 'drops', 'goals', 'draws']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from generator.catalogue.model import Variant
from generator.emit.fairy_stockfish.pieces import Option, piece_rows
from generator.emit.fairy_stockfish.table import GROUPS, ROW, ROWS, SINCE

__all__ = [
    "CONTROL_CHARACTERS",
    "SINCE",
    "OptionGroup",
    "board_options",
    "capture_options",
    "castling_options",
    "draw_options",
    "drop_options",
    "goal_options",
    "ini_value",
    "needs",
    "option_groups",
    "pawn_options",
    "piece_options",
    "piece_promotion_options",
]

CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
_OLDEST = "0.0.44"


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.split("."))


def needs(keys: Iterable[str]) -> tuple[str, str, tuple[str, ...]]:
    """The oldest pyffish release that reads every option in ``keys``, the date of the newest
    option's sources, and the options that need that release.

    >>> needs(["maxFile", "dropRegionWhite", "flagPieceCount"])
    ('0.0.89', '2025-08-15', ('dropRegionWhite',))
    >>> needs(["customPiece7", "enPassantRegion"])
    ('0.0.57', '2021-04-17', ('customPiece7',))
    >>> needs(["maxFile"])
    ('0.0.44', '', ())
    """
    dated = {k: SINCE[k] for k in keys if k in SINCE}
    if not dated:
        return _OLDEST, "", ()
    version = max((v for v, _ in dated.values()), key=_version_key)
    newest = sorted(k for k, (v, _) in dated.items() if v == version)
    return version, max(dated[k][1] for k in newest), tuple(newest)


@dataclass(frozen=True)
class OptionGroup:
    """Options written together under a ``# label`` comment, in order."""

    label: str
    options: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, label: str, options: Iterable[Option]) -> OptionGroup:
        """A group whose keys are rows of ``label`` in the table, and whose values are checked with
        :func:`ini_value`."""
        for key, _ in options:
            row = ROW.get(key)
            if row is None or row.group != label:
                raise ValueError(f"{key} is not an option of group {label!r} in the option table")
        return cls(label, tuple((key, ini_value(value, f"value of {key}")) for key, value in options))


def ini_value(value: object, what: str) -> str:
    """``value`` as text, or ``ValueError`` if it cannot be one ini value (empty, control character, padding)."""
    text = str(value)
    if not text or CONTROL_CHARACTERS.search(text) or text != text.strip():
        raise ValueError(f"{what} {text!r} cannot be written into variants.ini (empty, control character or padding)")
    return text


#: each group's rows that have a writer, in table order
_WRITTEN = {
    label: [(row, row.write) for row in ROWS if row.group == label and row.write is not None] for label in GROUPS
}


def _group(v: Variant, label: str) -> OptionGroup:
    """The rows of ``label`` the variant writes, in table order."""
    if label == "pieces":
        return OptionGroup.of(label, piece_rows(v))
    written = ((row.key, write(v)) for row, write in _WRITTEN[label])
    return OptionGroup.of(label, [(key, value) for key, value in written if value is not None])


def board_options(v: Variant) -> OptionGroup:
    """The board's size."""
    return _group(v, "board")


def piece_options(v: Variant) -> OptionGroup:
    """Every piece, as FSF's own piece or a numbered custom piece, and the custom pawns."""
    return _group(v, "pieces")


def pawn_options(v: Variant) -> OptionGroup:
    """Multi-step regions, en passant and promotion (all off without pawns)."""
    return _group(v, "pawns")


def piece_promotion_options(v: Variant) -> OptionGroup:
    """Promotion by piece (shogi) and the squares a piece may not stop on; empty without either."""
    return _group(v, "piece promotion")


def castling_options(v: Variant) -> OptionGroup:
    """Castling: the king's and rooks' files, the rank, and the pieces that castle."""
    return _group(v, "castling")


def drop_options(v: Variant) -> OptionGroup:
    """Drops from the hand, and whether captures go there."""
    return _group(v, "drops")


def capture_options(v: Variant) -> OptionGroup:
    """Explosions, mutually immune and petrifying pieces; empty without them."""
    return _group(v, "captures")


def goal_options(v: Variant) -> OptionGroup | None:
    """Checkmate of the royal piece, a flag goal (a race), a bare king, counted checks, extinction; None if the
    variant has none of them."""
    group = _group(v, "goals")
    return group if group.options else None


def draw_options(v: Variant) -> OptionGroup:
    """Stalemate, forced captures and forbidden checks, the n-move rule, repetition and a counting rule."""
    return _group(v, "draws")


def option_groups(v: Variant) -> tuple[OptionGroup, ...]:
    """Every option group of a (relaxed) variant's section that has an option, in the order written
    (the start position aside)."""
    groups = (_group(v, label) for label in GROUPS if label != "setup")
    return tuple(group for group in groups if group.options)
