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

from dataclasses import dataclass, field

from generator.betza import BetzaError, parse_betza
from generator.emit.fairy_stockfish.table import CUSTOM_PIECE, KING, ROW, Opt, Row
from generator.emit.fidelity import check_name
from generator.emit.fidelity.fairy_stockfish import FSF_LAME, FSF_MAX_RANGE, FSF_RIDERS

__all__ = ["IniOption", "IniSection", "check_ini_text", "fsf_betza_problems", "parse_ini"]


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


def _invalid_value(row: Row, value: str, letters: frozenset[str]) -> str | None:
    """Why ``value`` is not a value of ``row``'s type; None if it is."""
    if value != value.rstrip():
        return "trailing whitespace (FSF keeps it: 'true ' reads as false)"
    return row.codec.problem(value, letters)


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
    row = ROW.get(o.key)
    if row is None:
        return [f"{at} line {o.line}: Invalid option: {o.key}"]
    problems = []
    if row.deprecated:
        problems.append(f"{at} line {o.line}: {o.key} - Deprecated option might be removed in future version")
    why = _invalid_value(row, o.value, letters)
    if why:
        problems.append(f"{at} line {o.line}: {o.key} - Invalid value {o.value!r} ({why})")
    elif row.kind == "piece" and (o.key.startswith(CUSTOM_PIECE) or (o.key == KING and len(o.value) > 2)):
        if len(o.value) < 3:
            problems.append(f"{at} line {o.line}: {o.key} - Missing Betza move notation")
        else:
            problems += [f"{at} line {o.line}: {o.key} - {why}" for why in fsf_betza_problems(o.value[2:])]
    return problems


def _kind(key: str) -> str | None:
    row = ROW.get(key)
    return row.kind if row else None


def _section_problems(section: IniSection) -> list[str]:
    at, where = f"[{section.header}]", f"[{section.header}] (line {section.line})"
    problems = _duplicate_keys(section)
    values = {o.key: o.value for o in section.options}
    letters = frozenset(
        value[0].lower() for key, value in values.items() if _kind(key) == "piece" and value[:1].isalpha()
    )
    for o in section.options:
        problems += _option_problems(at, o, letters)
    problems += [
        f"{where}: {row.key} is not written (the default is 8)"
        for row in (Opt.maxFile, Opt.maxRank)
        if row.key not in values
    ]
    if not any(_kind(k) == "piece" for k in values):
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
