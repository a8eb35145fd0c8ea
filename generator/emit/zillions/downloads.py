"""Which games go into which download: a family's games in one rules file, unless that file would
hold more than :data:`MAX_ZRF_BYTES`; then the family is cut into parts, each as many games, in
catalogue order, as keep its file within the limit.

A small file is what the corpus's files are (its chess variants run to a few kilobytes each) and
what a Zillions user opens and reads; a family of thirteen shogis in one file ran to 276 KB.  The
cut depends on the whole catalogue only, never on which variants a build selects, so a game's
download keeps its name from one build to the next.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> d = download_of(load_catalogue(DEFAULT_CATALOGUE), "chess")
>>> d.key, d.title, [v.name for v in d.variants]
('chess', 'Chess', ['chess'])
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
    """One zip: ``key`` (the family's name, or ``family/N`` for its N-th part), ``title`` (the
    family's title, `` part N`` added for a part), which names the zip, its folder and the ``.zrf``,
    and the games in file order."""

    key: str
    title: str
    variants: tuple[Variant, ...]


def crlf(text: str) -> str:
    """``text`` with Windows line ends, no trailing blanks on a line, one line end at the end."""
    text = re.sub(r"[ \t]+\n", "\n", text).rstrip() + "\n"
    text.encode("ascii")  # raises if anything slipped through
    return text.replace("\n", "\r\n")


def render_context(ctx: FamilyContext) -> str:
    """The ``.zrf`` text of ``ctx``: ASCII, ``\\r\\n`` line ends, nothing after the last parenthesis."""
    return crlf(render(TEMPLATE, family=ctx))


def _source(catalogue: Catalogue) -> str:
    return Path(catalogue.path).name


def _size(catalogue: Catalogue, title: str, variants: tuple[Variant, ...]) -> int:
    return len(render_context(file_context(title, variants, _source(catalogue))))


@functools.lru_cache(maxsize=8)
def downloads(catalogue: Catalogue) -> Mapping[str, Download]:
    """Key -> download, in catalogue order (see the module's docstring); read-only, as it is shared."""
    by_family: dict[str, list[Variant]] = {}
    for v in catalogue.variants:
        by_family.setdefault(v.family, []).append(v)
    out: dict[str, Download] = {}
    for family, variants in by_family.items():
        title = variants[0].family_title
        parts: list[tuple[Variant, ...]] = []
        for v in variants:
            # measured under the part's title, which the file repeats (in every picture's path)
            if parts and _size(catalogue, _part_title(title, len(parts)), (*parts[-1], v)) <= MAX_ZRF_BYTES:
                parts[-1] = (*parts[-1], v)
            else:
                parts.append((v,))
        if len(parts) == 1:
            out[family] = Download(family, title, parts[0])
            continue
        for n, part in enumerate(parts, 1):
            out[f"{family}/{n}"] = Download(f"{family}/{n}", _part_title(title, n), part)
    return MappingProxyType(out)


def _part_title(title: str, n: int) -> str:
    return f"{title} part {n}"


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
