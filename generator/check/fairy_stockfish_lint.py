"""The static check of a ``variants.ini`` text: what Fairy-Stockfish's ``check`` mode would say, and a little more.

pyffish itself accepts anything without a word (an unknown option or a bad value is ignored,
``true `` with a trailing blank reads as false), so every line is read here the way FSF's
``VariantMap::parse_istream`` reads it, and every value is checked against its option's type, as the
option table (:mod:`generator.emit.fairy_stockfish.table`) gives it.

>>> check_ini_text("[tiny]\\nmaxFile = 5\\nmaxRank = 5\\nking = k\\ndoubleStep = yes\\n")
["[tiny] line 5: doubleStep - Invalid value 'yes' (not true or false)"]
>>> fsf_betza_problems("WW")
["'WW' is not in canonical form ('R')"]
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field

from generator.betza import BetzaError, parse_betza
from generator.emit.fairy_stockfish.table import ROWS
from generator.emit.fidelity import check_name
from generator.emit.fidelity.fairy_stockfish import FSF_LAME, FSF_MAX_FILES, FSF_MAX_RANGE, FSF_MAX_RANKS, FSF_RIDERS

__all__ = ["IniOption", "IniSection", "check_ini_text", "fsf_betza_problems", "parse_ini"]

_FILES = string.ascii_lowercase[:FSF_MAX_FILES]

#: The options FSF reads (``src/parser.cpp``), each with the type of its value.
_TYPES: dict[str, str] = {row.key: row.kind for row in ROWS}
_VALUES = ("win", "loss", "draw", "none")
_DEPRECATED = frozenset(row.key for row in ROWS if row.deprecated)


@dataclass(frozen=True)
class IniOption:
    """One ``key = value`` line: the key right-trimmed and the value left-trimmed, as FSF reads them."""

    line: int
    key: str
    value: str


@dataclass
class IniSection:
    """A ``[header]`` at ``line`` and its options in file order."""

    header: str
    line: int
    options: list[IniOption] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The variant name (the header without a ``:parent``)."""
        return self.header.partition(":")[0]


def parse_ini(text: str) -> tuple[list[IniSection], list[str]]:
    """Sections as FSF's ``VariantMap::parse_istream`` reads them, and the lines it would not read."""
    problems: list[str] = []
    sections: list[IniSection] = []
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.removesuffix("\r")
        if line.startswith("["):
            header, sep, rest = line[1:].partition("]")
            if not sep or rest:
                problems.append(f"line {no}: section header {line!r} is not '[name]' alone on its line")
            sections.append(IniSection(header, no))
        elif not line or line[0] in "#;":
            continue
        elif not sections:
            problems.append(f"line {no}: {line!r} comes before the first section (FSF skips it)")
        elif "=" not in line:
            problems.append(f"line {no}: Invalid syntax: {line!r}")
        else:
            key, _, value = line.partition("=")
            sections[-1].options.append(IniOption(no, key.rstrip(" "), value.lstrip()))
    return sections, problems


def fsf_betza_problems(betza: str) -> list[str]:
    """Why FSF would not play ``betza`` as written (it never says so itself); [] if it would."""
    try:
        piece = parse_betza(betza)
    except BetzaError as e:
        return [str(e)]
    out = []
    if piece.render() != betza:
        out.append(f"{betza!r} is not in canonical form ({piece.render()!r})")
    for m in piece.moves:
        text = m.render()
        if m.initial:
            out.append(f"{text}: FSF reads 'i' as 'on the double-step ranks', moves only")
        if m.lame and m.atom not in FSF_LAME:
            out.append(f"{text}: FSF has lame leaps for {', '.join(FSF_LAME)} only")
        if m.range != 1 and m.atom not in FSF_RIDERS:
            out.append(f"{text}: FSF rides along W, F and N lines only (no moves at all otherwise)")
        if m.range > FSF_MAX_RANGE:
            out.append(f"{text}: FSF reads one range digit only")
    return out


# --- one validator per type of value: (value, the section's piece letters) -> why it is wrong, or None ---


def _bool_problem(value: str, letters: frozenset[str]) -> str | None:
    return None if value in ("true", "false") else "not true or false"


def _int_problem(value: str, letters: frozenset[str]) -> str | None:
    return None if re.fullmatch(r"-?\d+", value) else "not an integer"


def _rank_problem(value: str, letters: frozenset[str]) -> str | None:
    if value.isdigit() and 1 <= int(value) <= FSF_MAX_RANKS:
        return None
    return f"not a rank from 1 to {FSF_MAX_RANKS}"


def _file_problem(value: str, letters: frozenset[str]) -> str | None:
    if (value.isdigit() and 1 <= int(value) <= FSF_MAX_FILES) or (len(value) == 1 and value in _FILES):
        return None
    return f"not a file from 1 to {FSF_MAX_FILES} or a to l"


def _value_problem(value: str, letters: frozenset[str]) -> str | None:
    return None if value in _VALUES else f"not one of {', '.join(_VALUES)}"


def _bitboard_problem(value: str, letters: frozenset[str]) -> str | None:
    for symbol in value.split():
        if symbol == "-":
            return None  # FSF stops reading there
        m = re.fullmatch(r"\*(\d+)|([a-z])(\d+)|([a-z])\*", symbol, flags=re.IGNORECASE)
        if not m:
            return f"symbol {symbol!r} is not *RANK, FILE* or a square"
        rank = m.group(1) or m.group(3)
        file = m.group(2) or m.group(4)
        if rank is not None and not 1 <= int(rank) <= FSF_MAX_RANKS:
            return f"rank {rank} is off the largest board"
        if file is not None and file.lower() not in _FILES:
            return f"file {file!r} is off the largest board"
    return None


def _letters_problem(tokens: str, letters: frozenset[str]) -> str | None:
    bad = [ch for ch in tokens if ch != "*" and ch.lower() not in letters]
    return f"letter {bad[0]!r} is not a piece of this section" if bad else None


def _piece_type_problem(value: str, letters: frozenset[str]) -> str | None:
    tokens = value.replace(" ", "")
    if tokens == "-":
        return None
    if len(tokens) != 1:
        return "not one piece letter"
    return _letters_problem(tokens, letters)


def _piece_set_problem(value: str, letters: frozenset[str]) -> str | None:
    tokens = value.replace(" ", "")
    return None if tokens == "-" else _letters_problem(tokens, letters)


def _piece_problem(value: str, letters: frozenset[str]) -> str | None:
    if value == "-":
        return None
    if not value[:1].isalpha():
        return f"invalid letter {value[:1]!r}"
    if len(value) > 1 and (value[1] != ":" or len(value) < 3):
        return "not 'letter' or 'letter:Betza'"
    return None


_VALIDATORS: dict[str, Callable[[str, frozenset[str]], str | None]] = {
    "bool": _bool_problem,
    "int": _int_problem,
    "rank": _rank_problem,
    "file": _file_problem,
    "value": _value_problem,
    "bitboard": _bitboard_problem,
    "piecetype": _piece_type_problem,
    "pieceset": _piece_set_problem,
    "piece": _piece_problem,
}


def _invalid_value(kind: str, value: str, letters: frozenset[str]) -> str | None:
    """Why ``value`` is not a value of ``kind``; None if it is (strings and the rest are not checked)."""
    if value != value.rstrip():
        return "trailing whitespace (FSF keeps it: 'true ' reads as false)"
    validator = _VALIDATORS.get(kind)
    return validator(value, letters) if validator else None


# --- the check, section by section --------------------------------------------------------------------------


def _header_problems(section: IniSection, seen: set[str]) -> list[str]:
    name, header = section.name, section.header
    where = f"[{header}] (line {section.line})"
    problems = []
    if name in seen:
        problems.append(f"{where}: Variant '{name}' already exists (FSF keeps the first definition)")
    seen.add(name)
    if ":" in header:
        problems.append(f"{where}: inherits from {header.partition(':')[2]!r}; variantgen writes no parents")
    try:
        check_name(name, "section name")
    except ValueError as e:
        problems.append(f"{where}: {e}")
    return problems


def _duplicate_keys(section: IniSection) -> list[str]:
    keys: set[str] = set()
    problems = []
    for o in section.options:
        if o.key in keys:
            problems.append(f"[{section.header}] line {o.line}: {o.key} given twice (FSF takes the last)")
        keys.add(o.key)
    return problems


def _option_problems(at: str, o: IniOption, letters: frozenset[str]) -> list[str]:
    """One option line: a key FSF reads, a value of its type, and a Betza FSF plays as written."""
    kind = _TYPES.get(o.key)
    if kind is None:
        return [f"{at} line {o.line}: Invalid option: {o.key}"]
    problems = []
    if o.key in _DEPRECATED:
        problems.append(f"{at} line {o.line}: {o.key} - Deprecated option might be removed in future version")
    why = _invalid_value(kind, o.value, letters)
    if why:
        problems.append(f"{at} line {o.line}: {o.key} - Invalid value {o.value!r} ({why})")
    elif kind == "piece" and (o.key.startswith("customPiece") or (o.key == "king" and len(o.value) > 2)):
        if len(o.value) < 3:
            problems.append(f"{at} line {o.line}: {o.key} - Missing Betza move notation")
        else:
            problems += [f"{at} line {o.line}: {o.key} - {why}" for why in fsf_betza_problems(o.value[2:])]
    return problems


def _section_problems(section: IniSection) -> list[str]:
    at, where = f"[{section.header}]", f"[{section.header}] (line {section.line})"
    problems = _duplicate_keys(section)
    values = {o.key: o.value for o in section.options}
    letters = frozenset(
        value[0].lower() for key, value in values.items() if _TYPES.get(key) == "piece" and value[:1].isalpha()
    )
    for o in section.options:
        problems += _option_problems(at, o, letters)
    problems += [
        f"{where}: {key} is not written (the default is 8)" for key in ("maxFile", "maxRank") if key not in values
    ]
    if not any(_TYPES.get(k) == "piece" for k in values):
        problems.append(f"{where}: defines no piece (a parent-less section without pieces crashes FSF)")
    return problems


def check_ini_text(text: str) -> list[str]:
    """Static problems of an ini text, the way FSF's ``check`` mode reports them (and a little more)."""
    sections, problems = parse_ini(text)
    seen: set[str] = set()
    for section in sections:
        problems += _header_problems(section, seen)
        problems += _section_problems(section)
    return problems
