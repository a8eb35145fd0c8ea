"""A section's options applied to Fairy-Stockfish's variant, as ``VariantParser::parse`` applies them.

FSF reads a section into a ``Variant`` struct: a copy of the parent's, or the defaults with no
pieces.  :class:`Rules` is that struct, keyed by the option table's rows (:mod:`generator.emit.
fairy_stockfish.table`): one value per current option (``promotionRegionWhite``, never the alias
``promotionRegion`` or the deprecated ``promotionRank``), the pieces by FSF piece type, and every
piece set as a set of piece *types* (``rook``, ``customPiece2``), as FSF holds them: a piece that
takes another's letter removes that piece, and with it its place in the promotion choices.

The order is FSF's: the board, then each piece type and its mobility regions, the deprecated
options, ``pawnTypes``, the aliases, then the current options, so a later one wins.

>>> r = apply_section(Rules.defaults(), {"pawn": "p", "queen": "q", "king": "k", "promotionRank": "7"})
>>> r.values["promotionRegionWhite"], r.values["promotionRegionBlack"], sorted(r.pieces)
('*7 *8', '*2 *1', ['king', 'pawn', 'queen'])
>>> apply_section(r, {"customPiece1": "q:QN"}).sets["promotionPieceTypesWhite"]
frozenset()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from generator.emit.fairy_stockfish.codecs import CODECS, Kind, set_letters
from generator.emit.fairy_stockfish.table import CUSTOM_PIECE, MOBILITY_KEYS, ROW, ROWS, Opt, Row
from generator.emit.fidelity.fsf_pieces import PieceKind

__all__ = ["ALL", "PIECE_TYPES", "PRIVATE", "Held", "OptionError", "Rules", "apply_section"]

#: FSF's piece types in its order (``PieceMap::init``), the king last
PIECE_TYPES = tuple(row.key for row in ROWS if row.kind == "piece")
#: the piece types of a built-in parent that no option of a section names (see :mod:`.resolve`)
PRIVATE = "builtinPiece"
#: ``*`` in a piece set: every piece type
ALL = "*"
_PAWN_TYPES = (Opt.promotionPawnTypes.key, Opt.enPassantTypes.key, Opt.nMoveRuleTypes.key)
#: the deprecated options that are another option under an old name (whiteFlag: flagRegionWhite)
_RENAMED = {
    row.key: row.maps_to[0]
    for row in ROWS
    if row.deprecated and len(row.maps_to) == 1 and not row.note and row.kind not in ("pieceset", "piecetype")
}


class OptionError(ValueError):
    """An option's value FSF would refuse: ``key`` and why."""

    def __init__(self, key: str, why: str) -> None:
        super().__init__(f"{key}: {why}")
        self.key = key


def _canonical(key: str) -> bool:
    row = ROW[key]
    return not row.maps_to and not row.deprecated and row.kind not in ("piece", "pieceset", "piecetype")


def _set_rows() -> tuple[str, ...]:
    return tuple(r.key for r in ROWS if r.kind in ("pieceset", "piecetype") and not r.maps_to and not r.deprecated)


class Held(NamedTuple):
    """A piece type a variant has: its letter (lower case) and its Betza (None: FSF's own moves)."""

    letter: str
    betza: str | None


@dataclass(frozen=True)
class Rules:
    """FSF's ``Variant`` as option values: ``pieces`` type -> (letter, Betza or None), ``sets`` option
    -> piece types, ``values`` every other current option -> its text, ``pairs`` promotedPieceType
    and promotionLimit by piece type."""

    pieces: Mapping[str, Held]
    sets: Mapping[str, frozenset[str]]
    values: Mapping[str, str]
    promoted: Mapping[str, str] = field(default_factory=dict)
    limits: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def defaults(cls) -> Rules:
        """A section without a parent: FSF's defaults (``src/variant.h``) and no pieces."""
        named = {row.default: row.key for row in ROWS if row.kind == "piece" and row.default != "-"}
        sets = {}
        for key in _set_rows():
            text = ROW[key].default
            sets[key] = frozenset(ALL if x == "*" else named[x] for x in text if x not in "- ")
        sets[Opt.promotionPieceTypesWhite.key] = sets[Opt.promotionPieceTypesBlack.key] = frozenset()
        values = {
            row.key: _check_value(row.key, row.default) for row in ROWS if _canonical(row.key) and row.kind != "other"
        }
        values[Opt.castlingWins.key] = Opt.castlingWins.default
        return cls({}, sets, values)

    def value(self, row: Row) -> str:
        """The value of the scalar option ``row``."""
        return self.values[row.key]

    def on(self, row: Row) -> bool:
        """Whether the bool option ``row`` is true."""
        return self.values[row.key] == "true"

    def types(self, row: Row) -> frozenset[str]:
        """The piece types of the piece-set option ``row``."""
        return self.sets[row.key]

    def letter_types(self) -> dict[str, str]:
        """Upper-case letter -> piece type."""
        return {letter.upper(): pt for pt, (letter, _) in self.pieces.items()}


# --- values, checked as FSF's set<T> checks them --------------------------------------------------------------


def _int(key: str, text: str) -> int:
    return int(_check_value(key, text, "int"))


def _check_value(key: str, text: str, kind: Kind | None = None) -> str:
    """``text`` as FSF would store it for a scalar option (read as ``kind``, else as its row's), or
    :class:`OptionError`."""
    try:
        return (CODECS[kind] if kind else ROW[key].codec).read(text)
    except ValueError as e:
        raise OptionError(key, str(e)) from None


def _piece_set(key: str, text: str, letters: Mapping[str, str]) -> frozenset[str]:
    """The piece types a piece-set value names, as FSF reads them (``-`` ends it, ``*`` is all)."""
    out: set[str] = set()
    for ch in set_letters(text):
        if ch == "*":
            out.add(ALL)
        elif ch.upper() in letters:
            out.add(letters[ch.upper()])
        else:
            raise OptionError(key, f"{ch!r} is no piece of this variant")
    return frozenset(out)


# --- pieces -----------------------------------------------------------------------------------------------------


@dataclass
class _Draft:
    """The variant while a section is applied to it."""

    pieces: dict[str, Held]
    sets: dict[str, frozenset[str]]
    values: dict[str, str]
    promoted: dict[str, str]
    limits: dict[str, int]

    def letters(self) -> dict[str, str]:
        return {letter.upper(): pt for pt, (letter, _) in self.pieces.items()}


def _add_piece(r: _Draft, pt: str, value: str) -> None:
    pieces, sets = r.pieces, r.sets
    letter = value[0]
    if letter.isalpha():
        for other, (x, _) in list(pieces.items()):
            if x.upper() == letter.upper():
                _remove_piece(pieces, sets, other)
        betza = value[2:] if (pt.startswith(CUSTOM_PIECE) or pt == PieceKind.KING) and len(value) > 1 else None
        if pt.startswith(CUSTOM_PIECE) and betza is None:
            raise OptionError(pt, "a custom piece needs its Betza: LETTER:BETZA")
        pieces[pt] = Held(letter.lower(), betza)
        if pt.startswith(CUSTOM_PIECE) and betza and "e" in betza:
            for key in Opt.enPassantTypes.maps_to:
                sets[key] = sets[key] | {pt}
    else:
        if letter != "-":
            raise OptionError(pt, f"invalid letter {letter!r}")
        _remove_piece(pieces, sets, pt)


def _remove_piece(pieces: dict[str, Held], sets: dict[str, frozenset[str]], pt: str) -> None:
    pieces.pop(pt, None)
    for key in Opt.promotionPieceTypes.maps_to:
        sets[key] = sets[key] - {pt}


# --- the section ------------------------------------------------------------------------------------------------


def _zone(rank_from: int, rank_to: int, ranks: int) -> tuple[str, str]:
    """White's relative ranks ``rank_from``..``rank_to`` and Black's, as Bitboard values."""
    white = " ".join(f"*{r}" for r in range(rank_from, rank_to + 1)) or "-"
    black = " ".join(f"*{ranks + 1 - r}" for r in range(rank_from, rank_to + 1)) or "-"
    return white, black


def _rank(config: Mapping[str, str], row: Row) -> int | None:
    """The rank option ``row`` in ``config``, if it is there."""
    return int(_check_value(row.key, config[row.key])) if row.key in config else None


def _deprecated(r: _Draft, config: Mapping[str, str], ranks: int) -> None:
    values, sets = r.values, r.sets
    rank = _rank(config, Opt.promotionRank)
    if rank is not None:
        values[Opt.promotionRegionWhite.key], values[Opt.promotionRegionBlack.key] = _zone(rank, ranks, ranks)
    # FSF reads doubleStepRankMin only when doubleStepRank is absent (``||``)
    top = _rank(config, Opt.doubleStepRank)
    low = 2 if top is not None else _rank(config, Opt.doubleStepRankMin)
    if low is not None:
        values[Opt.doubleStepRegionWhite.key], values[Opt.doubleStepRegionBlack.key] = _zone(low, top or 2, ranks)
    for old, new in _RENAMED.items():
        if old in config:
            values[new] = _check_value(old, config[old])
    if Opt.castlingRookPiece.key in config:
        rooks = _piece_set(Opt.castlingRookPiece.key, config[Opt.castlingRookPiece.key], r.letters())
        sets[Opt.castlingRookPiecesWhite.key] = sets[Opt.castlingRookPiecesBlack.key] = rooks
    if config.get(Opt.dropOnTop.key) == "true":
        values[Opt.enclosingDrop.key] = "top"
    elif Opt.dropOnTop.key in config:
        _check_value(Opt.dropOnTop.key, config[Opt.dropOnTop.key])


def _pairs(key: str, text: str, letters: Mapping[str, str]) -> list[tuple[str, str]]:
    """``x:y`` tokens of promotedPieceType and promotionLimit, ``x`` as a piece type."""
    out = []
    for token in text.split():
        x, colon, y = token.partition(":")
        if not colon or len(x) != 1 or x.upper() not in letters or not y:
            raise OptionError(key, f"{token!r} is not LETTER:VALUE for a piece of this variant")
        out.append((letters[x.upper()], y))
    return out


def _promoted_pairs(text: str, letters: Mapping[str, str]) -> list[tuple[str, str]]:
    """promotedPieceType as FSF reads it: three characters at a time, blanks skipped (a piece, any
    separator, a piece or ``-``), up to the first that does not fit; FSF ignores the rest without a word.

    >>> _promoted_pairs("p:c n : g x:q b:a", {"P": "pawn", "C": "commoner", "N": "knight", "G": "gold"})
    [('pawn', 'c'), ('knight', 'g')]
    >>> _promoted_pairs("g", {"G": "gold"})
    []
    """
    chars = "".join(text.split())
    out = []
    for i in range(0, len(chars) - 2, 3):
        x, y = chars[i], chars[i + 2]
        if x.upper() not in letters or (y != "-" and y.upper() not in letters):
            break
        out.append((letters[x.upper()], y))
    return out


def _special(r: _Draft, config: Mapping[str, str]) -> None:
    letters = r.letters()
    if Opt.promotedPieceType.key in config:
        promoted = r.promoted
        for pt, y in _promoted_pairs(config[Opt.promotedPieceType.key], letters):
            promoted[pt] = "" if y == "-" else letters[y.upper()]
        r.promoted = {k: v for k, v in promoted.items() if v}
    if Opt.promotionLimit.key in config:
        for pt, y in _pairs(Opt.promotionLimit.key, config[Opt.promotionLimit.key], letters):
            r.limits[pt] = _int(Opt.promotionLimit.key, y)


def _aliases(r: _Draft, config: Mapping[str, str]) -> None:
    values, sets = r.values, r.sets
    letters = r.letters()
    if Opt.pawnTypes.key in config:
        pawns = _piece_set(Opt.pawnTypes.key, config[Opt.pawnTypes.key], letters)
        for base in _PAWN_TYPES:
            sets[f"{base}White"] = sets[f"{base}Black"] = pawns
    for row in ROWS:
        if not row.maps_to or row.deprecated or row.key not in config or row.key == Opt.pawnTypes.key:
            continue
        if row.kind in ("pieceset", "piecetype"):
            types = _piece_set(row.key, config[row.key], letters)
            for key in row.maps_to:
                sets[key] = types
        else:
            for key in row.maps_to:
                values[key] = _check_value(row.key, config[row.key])


def apply_section(parent: Rules, config: Mapping[str, str]) -> Rules:
    """``parent`` with the section's options ``config`` applied; :class:`OptionError` for a value FSF
    would refuse.  Unknown keys are left alone (the caller reports them)."""
    r = _Draft(dict(parent.pieces), dict(parent.sets), dict(parent.values), dict(parent.promoted), dict(parent.limits))
    values, sets = r.values, r.sets
    for key in (Opt.maxRank.key, Opt.maxFile.key):
        if key in config:
            values[key] = _check_value(key, config[key])
    for pt in PIECE_TYPES:
        value = config.get(pt)
        if value:
            _add_piece(r, pt, value)
    _deprecated(r, config, int(values[Opt.maxRank.key]))
    _aliases(r, config)
    letters = r.letters()
    for row in ROWS:
        if row.key not in config or row.maps_to or row.deprecated or row.kind == "piece":
            continue
        if row.kind in ("pieceset", "piecetype"):
            sets[row.key] = _piece_set(row.key, config[row.key], letters)
        elif row.key in values or row.key in MOBILITY_KEYS or row.kind != "other":
            values[row.key] = _check_value(row.key, config[row.key])
    _special(r, config)
    return Rules(r.pieces, r.sets, r.values, r.promoted, r.limits)
