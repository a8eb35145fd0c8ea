"""A ``variants.ini`` split into sections, line by line as Fairy-Stockfish's parser splits it.

``VariantMap::parse_istream`` (``src/variant.cpp``) skips everything before the first line that
starts with ``[``; a header ``[name]`` or ``[name:parent]`` runs to the first ``]`` (the rest of the
line is dropped; the parent is everything after the first ``:``); a line whose first character is
``#`` or ``;`` is a comment; any other line is ``key = value``: the key is everything before the
first ``=`` with trailing spaces removed (leading ones kept: `` maxFile`` is another key), the value
everything after it with leading whitespace removed and trailing whitespace kept (``true `` is no
bool), a carriage return at the end dropped.  There are no inline comments.  A key given twice
keeps its last value.  A non-empty line without ``=`` is what FSF's check calls invalid syntax: the
section is reported and left out.  A header without ``]`` runs on, as FSF reads it, to the next ``]``
of the file, and the section so named (and any whose header that ``]`` closes) is left out; one
without a name is left out.  The other sections are read as they are.

>>> text = "# comment\\n[a:chess]\\nmaxRank = 9 \\n; c\\ncentaur=h\\n[b:a]\\nx\\n"
>>> [(s.name, s.parent, dict(s.values())) for s in read_ini(text, "f.ini")]
[('a', 'chess', {'maxRank': '9 ', 'centaur': 'h'}), ('b', 'a', {})]
>>> read_ini(text, "f.ini")[1].problems
('f.ini:7: section [b]: invalid syntax (no "="): \\'x\\'',)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["IniError", "Section", "read_ini", "read_ini_file"]


class IniError(Exception):
    """The file cannot be read at all: the message is the one line the user sees (``file:line: why``)."""


@dataclass(frozen=True)
class Section:
    """One ``[name:parent]`` section: its options with the line of each, and what is wrong with it."""

    name: str
    parent: str
    line: int
    options: dict[str, tuple[str, int]] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    #: the comment right above the header (its lines, without their ``#``), as its author described the section
    comment: str = ""

    def values(self) -> dict[str, str]:
        """Key -> value, without the lines."""
        return {key: value for key, (value, _) in self.options.items()}


def _header(lines: list[str], at: int, path: str) -> tuple[str, str, str | None, int]:
    """The name and parent of the header at ``lines[at]``, what is wrong with it, and the index of the line
    where it ends: FSF reads the name on to the next ``]``, on a later line if this one has none."""
    number = at + 1
    end = next((i for i in range(at, len(lines)) if "]" in lines[i]), None)
    if end is None:
        why = f"{path}:{number}: section header {lines[at].strip()!r} has no closing ']', nor has the rest of the file"
        return lines[at][1:], "", why, len(lines) - 1
    if end > at:
        why = (
            f"{path}:{number}: section header {lines[at].strip()!r} has no closing ']': Fairy-Stockfish reads its "
            f"name on to the ']' of line {end + 1}, and leaves out what it so names"
        )
        return lines[at][1:], "", why, end
    name, _, parent = lines[at][1 : lines[at].index("]")].partition(":")
    if not name:
        return name, parent, f"{path}:{number}: section header {lines[at].strip()!r} has no name", at
    return name, parent, None, at


def read_ini(text: str, path: str) -> list[Section]:
    """The sections of ``text`` (read from ``path``, which messages name), in file order."""
    sections: list[Section] = []
    current: Section | None = None
    problems: list[str] = []
    lines = [raw[:-1] if raw.endswith("\r") else raw for raw in text.split("\n")]
    skip_to = -1
    above: list[str] = []  # the comment lines since the last blank line or option
    for number, line in enumerate(lines, 1):
        if number - 1 <= skip_to:  # the lines a header without ']' runs on through
            continue
        if line.startswith("["):
            if current is not None:
                sections.append(_done(current, problems))
            name, parent, why, skip_to = _header(lines, number - 1, path)
            current, problems = Section(name, parent, number, comment="\n".join(above)), [why] if why else []
            above = []
        elif line[:1] in ("#", ";"):
            text = " ".join(line.lstrip("#;").split())
            if text:
                above.append(text)
        elif current is None or not line:
            above = []
        elif "=" not in line:
            problems.append(f'{path}:{number}: section [{current.name}]: invalid syntax (no "="): {line!r}')
        else:
            key, _, value = line.partition("=")
            key, value = key.rstrip(" "), value.lstrip(" \t\n\v\f\r")
            if key and value:  # FSF's getline finds no value after "key ="
                current.options[key] = (value, number)
            above = []
    if current is not None:
        sections.append(_done(current, problems))
    return sections


def _done(section: Section, problems: list[str]) -> Section:
    return Section(section.name, section.parent, section.line, section.options, tuple(problems), section.comment)


def read_ini_file(path: str | Path) -> tuple[str, list[Section]]:
    """The text and sections of the file at ``path``; :class:`IniError` if it cannot be read."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise IniError(f"{path}: cannot read the file: {reason}") from None
    return text, read_ini(text, str(path))
