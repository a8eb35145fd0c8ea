"""Which games go into which download, and its name: a family's games in one rules file, unless they are
played on boards of several sizes or the file would hold more than :data:`MAX_ZRF_BYTES`; then a download
holds the games of one board, as many, in catalogue order, as keep its file within the limit.

A download is named after what it holds, so that a Zillions user finds a game by its title: one game by
its title, a whole family by the family's title, a few games of one board by theirs (``Kyoto Shogi and
Minishogi``), more by the family's title and the board (``Shogi and its kin 9x9``).  A small file is what
the corpus's files are (its chess variants run to a few kilobytes each) and what a Zillions user opens
and reads; a family of thirteen shogis in one file ran to 276 KB.  The cut depends on the whole
catalogue only, never on which variants a build selects, so a game's download keeps its name from one
build to the next.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> catalogue = load_catalogue(DEFAULT_CATALOGUE)
>>> d = download_of(catalogue, "chess")
>>> d.key, d.title, [v.name for v in d.variants]
('chess', 'Chess', ['chess'])
>>> [(d.key, d.title) for d in downloads(catalogue).values() if d.key.startswith("ajax-capablanca")]
[('ajax-capablanca', 'Ajax-Capablanca Chess')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from generator.catalogue.model import Catalogue, Variant
from generator.emit.jinja import render
from generator.emit.zillions.context import FamilyContext
from generator.emit.zillions.game import file_context

#: the most bytes of ZRF one download holds (issue 24: no download over 40 KB of ZRF)
MAX_ZRF_BYTES = 40_000
TEMPLATE = "zillions/family.zrf.j2"


@dataclass(frozen=True)
class Download:
    """One zip: ``key`` (the family's name, or ``family/VARIANT`` after its first game where the family has
    several downloads), ``title`` (see the module's docstring), which names the zip, its folder and the
    ``.zrf``, and the games in file order."""

    key: str
    title: str
    variants: tuple[Variant, ...]


def crlf(text: str) -> str:
    """``text`` with Windows line ends, no trailing blanks on a line, one line end at the end."""
    text = re.sub(r"[ \t]+\n", "\n", text).rstrip() + "\n"
    text.encode("ascii")  # raises if anything slipped through
    return text.replace("\n", "\r\n")


def render_context(ctx: FamilyContext) -> str:
    """The ``.zrf`` text of ``ctx``: ASCII, ``\\r\\n`` line ends, nothing after the last parenthesis; a single
    game over :data:`MAX_ZRF_BYTES`, which no cut can share out, without its comments (:func:`compact`)."""
    text = render(TEMPLATE, family=ctx)
    whole = crlf(text)
    if len(whole) <= MAX_ZRF_BYTES or len(ctx.games) > 1:
        return whole
    return crlf(compact(text, f"; Its other comments left out, to keep the file within {MAX_ZRF_BYTES // 1000} KB."))


def compact(text: str, note: str) -> str:
    """``text`` without its comments but the lines that open it (then ``note``), without the blanks that begin
    its lines and its empty lines, its strings (a description spans lines) kept as they are.

    >>> print(compact('; a file\\n\\n(game   ; the game\\n   (title "a; b\\n   c")\\n\\n)', "; short"))
    ; a file
    ; short
    (game
    (title "a; b
       c")
    )
    """
    lines = text.split("\n")
    opening = 0
    while opening < len(lines) and lines[opening].startswith(";"):
        opening += 1
    out = [*lines[:opening], note]
    quoted = False
    for line in lines[opening:]:
        kept: list[str] = []
        for ch in line if quoted else line.lstrip():
            if ch == ";" and not quoted:
                break
            quoted ^= ch == '"'
            kept.append(ch)
        if "".join(kept).strip() or quoted:
            out.append("".join(kept) if quoted else "".join(kept).rstrip())
    return "\n".join(out)


def _source(catalogue: Catalogue) -> str:
    return Path(catalogue.path).name


def zrf_size(catalogue: Catalogue, title: str, variants: tuple[Variant, ...]) -> int:
    """The bytes of the rules file of ``variants`` under ``title``."""
    return len(render_context(file_context(title, variants, _source(catalogue))))


#: the most games a download names one by one; one with more is named after its family and board
MAX_NAMED_GAMES = 3


@functools.lru_cache(maxsize=8)
def downloads(catalogue: Catalogue) -> Mapping[str, Download]:
    """Key -> download, in catalogue order (see the module's docstring); read-only, as it is shared."""
    by_family: dict[str, list[Variant]] = {}
    for v in catalogue.variants:
        by_family.setdefault(v.family, []).append(v)
    out: dict[str, Download] = {}
    taken: set[str] = set()
    for family, variants in by_family.items():
        family_title = variants[0].family_title
        by_board: dict[tuple[int, int], list[Variant]] = {}
        for v in variants:
            by_board.setdefault((v.board.files, v.board.ranks), []).append(v)
        whole = tuple(variants)
        if len(whole) == 1 or (len(by_board) == 1 and zrf_size(catalogue, family_title, whole) <= MAX_ZRF_BYTES):
            title = _unique(family_title if len(whole) > 1 else whole[0].title, family_title, taken)
            out[family] = Download(family, title, whole)
            continue
        parts = [part for board in by_board.values() for part in _cut(catalogue, family_title, board)]
        for part in parts:
            key = f"{family}/{part[0].name}"
            out[key] = Download(key, _unique(download_title(family_title, part, parts), family_title, taken), part)
    return MappingProxyType(out)


def _cut(catalogue: Catalogue, family_title: str, games: list[Variant]) -> list[tuple[Variant, ...]]:
    """The games of one board, in as few downloads as keep each file within :data:`MAX_ZRF_BYTES`."""
    parts: list[tuple[Variant, ...]] = []
    for v in games:
        # measured under the longest title the part may get, which the file repeats (in every picture's path)
        longer = (*parts[-1], v) if parts else ()
        title = download_title(family_title, longer, [longer, longer]) if longer else ""
        if longer and zrf_size(catalogue, title, longer) <= MAX_ZRF_BYTES:
            parts[-1] = longer
        else:
            parts.append((v,))
    return parts


def download_title(family_title: str, part: tuple[Variant, ...], parts: list[tuple[Variant, ...]]) -> str:
    """A download's title after its games (``part``, one of a family's ``parts``): one by its title, a few by
    theirs, more by the family's title and the board (with a number where the board's games fill several)."""
    titles = list(dict.fromkeys(v.title for v in part))
    if len(titles) <= MAX_NAMED_GAMES:
        return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"
    board = part[0].board
    same = [p for p in parts if (p[0].board.files, p[0].board.ranks) == (board.files, board.ranks)]
    n = f" part {len(same) if part not in same else same.index(part) + 1}" if len(same) > 1 else ""
    return f"{family_title} {board.files}x{board.ranks}{n}"


def _unique(title: str, family_title: str, taken: set[str]) -> str:
    """``title``, or with its family's title (then a number) where another download has it already: two
    zips of one name would be one file."""
    candidate, n = title, 1
    while candidate.lower() in taken:
        n += 1
        candidate = f"{title} ({family_title})" if n == 2 else f"{title} ({family_title} {n - 1})"
    taken.add(candidate.lower())
    return candidate


def download(catalogue: Catalogue, key: str) -> Download:
    """The download ``key``; ``ValueError`` naming the known ones if there is no such download."""
    got = downloads(catalogue).get(key)
    if got is None:
        raise ValueError(f"unknown download {key!r}; known: {', '.join(downloads(catalogue))}")
    return got


def download_of(catalogue: Catalogue, name: str) -> Download:
    """The download holding variant ``name``'s game; ``KeyError`` if no download holds it."""
    for d in downloads(catalogue).values():
        if any(v.name == name for v in d.variants):
            return d
    raise KeyError(name)


def family_context(catalogue: Catalogue, key: str) -> FamilyContext:
    """Everything the template needs for download ``key``'s rules file."""
    d = download(catalogue, key)
    return file_context(d.title, d.variants, _source(catalogue))
