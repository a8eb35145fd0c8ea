"""Load ``variants.yaml`` into the frozen model, refusing anything doubtful.

Three stages, each of which may only fail with a :class:`CatalogueError`
that names the file, line, variant and field:

1. *Read* (:mod:`~generator.catalogue.reading`): YAML into :class:`~generator.catalogue.reading.Node`
   trees with line numbers; duplicate keys, foreign tags and alias bombs are refused.
2. *Validate* (:mod:`~generator.catalogue.validating`): every entry, abstract or not, is checked
   against the schema (allowed keys, value types, value syntax); then ``extends:`` chains are
   merged (:mod:`~generator.catalogue.extends`) and each merged entry is checked again, in full.
3. *Build* (:mod:`~generator.catalogue.building`): each concrete variant is checked as a whole
   (squares on the board, letters defined, castling pieces in place, ...) and built.

>>> from generator.catalogue import DEFAULT_CATALOGUE
>>> catalogue = load_catalogue_text(open(DEFAULT_CATALOGUE, encoding="utf-8").read())
>>> catalogue.get("chess").board
Board(files=8, ranks=8, holes=frozenset())
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.catalogue.building import VariantBuilder, check_short_names
from generator.catalogue.errors import CatalogueError
from generator.catalogue.extends import NOT_INHERITED, resolve_extends, strip_nulls
from generator.catalogue.model import Catalogue
from generator.catalogue.reading import MAX_BYTES, Node, Where, as_node, read_yaml
from generator.catalogue.source import SHIPPED
from generator.catalogue.validating import (
    CATALOGUE_TITLE,
    FAMILIES,
    REQUIRED_TOP_KEYS,
    TOP_KEYS,
    VARIANT,
    check,
    describe_value,
    did_you_mean,
    name_problem,
)
from generator.words import count, readable


@dataclass(frozen=True)
class _Parsed:
    """A catalogue file read and checked for shape, with every ``extends`` merged in."""

    families: dict[str, Node]
    entries: dict[str, Node]  #: as written, in file order
    merged: dict[str, Node]  #: the same entries with their parents merged in
    line: int | None  #: where ``variants:`` is
    title: str  #: the catalogue's (:func:`catalogue_title`)


def _parse(text: str, path: str, opening: tuple[str, ...] = ()) -> _Parsed:
    """Read and check ``text``; ``opening`` are the files whose ``extends`` led here (a cycle guard)."""
    return _parse_root(read_yaml(text, Where(path)), path, opening)


def _parse_root(root: Node, path: str, opening: tuple[str, ...] = ()) -> _Parsed:
    """Check a catalogue read into ``root``."""
    top = Where(path)
    _check_top(root, top)
    given = root.value.get("title")
    if given is not None:
        check(given, CATALOGUE_TITLE, "title", top, partial=False)
    # a family's 'seed: null' just means "no seed page"
    families = strip_nulls(root.value.get("families") or Node({}, root.line, root.line))
    check(families, FAMILIES, "families", top, partial=False)
    entries = root.value["variants"]
    if not isinstance(entries.value, dict):
        raise top.error(
            entries.line, "variants", f"expected a mapping of variants, got {describe_value(entries.value)}"
        )
    for name, entry in entries.value.items():
        problem = name_problem(name)
        if problem:
            raise top.error(entry.key_line, "variants", f"variant name {problem}")
        if entry.value is None:
            raise top.error(entry.key_line, None, f"variant {name!r} is empty")
        check(entry, VARIANT, "", Where(path, name), partial=True)
    known = dict(families.value)
    parents: dict[str, Node] = {}
    for key, (parent, their_families) in _foreign_parents(entries.value, path, opening).items():
        parents[key] = parent
        known = {**their_families, **known}  # a family of the other file comes with its variants
    merged = resolve_extends({**parents, **entries.value}, path)
    own = {name: merged[name] for name in entries.value}
    title = catalogue_title(given.value if given is not None else None, path, _titles(entries.value, own))
    if any("family" not in node.value for node in own.values()):
        name, _ = file_family(path)
        line = entries.key_line
        known.setdefault(name, Node({"title": Node(title, line, line)}, line, line))
        family = Node(name, line, line)
        own = {
            key: node if "family" in node.value else replace(node, value={**node.value, "family": family})
            for key, node in own.items()
        }
    return _Parsed(known, entries.value, own, entries.key_line, title)


def _check_top(root: Node, top: Where) -> None:
    """A mapping of the top-level keys, those required among them."""
    if not isinstance(root.value, dict):
        expected = f"a mapping with keys {', '.join(TOP_KEYS[:-1])} and {TOP_KEYS[-1]}"
        raise top.error(root.line, None, f"expected {expected}, got {describe_value(root.value)}")
    for key, node in root.value.items():
        if key not in TOP_KEYS:
            raise top.error(
                node.key_line,
                None,
                f"unknown top-level key {key!r}{did_you_mean(key, TOP_KEYS)}; allowed keys: {', '.join(TOP_KEYS)}",
            )
    for key in REQUIRED_TOP_KEYS:
        if key not in root.value:
            raise top.error(root.line, None, f"missing top-level key {key!r}")


def _titles(entries: dict[str, Node], merged: dict[str, Node]) -> list[str]:
    """The titles of the variants (the entries not abstract), as merged."""
    return [
        node.value["title"].value
        for key, node in merged.items()
        if "title" in node.value and not getattr(entries[key].get("abstract"), "value", False)
    ]


def file_family(path: str) -> tuple[str, str]:
    """The family of the entries that name none and have no parent that does: the catalogue file's
    own, named after the file (and titled as the catalogue, :func:`catalogue_title`); with the file's
    name made readable.

    >>> file_family("catalogues/my_variants.yaml"), file_family("<string>")
    (('my-variants', 'My Variants'), ('variants', 'Variants'))
    """
    stem = Path(path).stem
    name = re.sub("[^a-z0-9]+", "-", stem.lower()).strip("-")[:64].strip("-")
    if path.startswith("<") or not name:
        return "variants", "Variants"
    return name, readable(name)


#: words of a file name that say nothing of what the catalogue holds
GENERIC_WORDS = frozenset({"variants", "variant", "catalogue", "catalog", "games", "game", "my", "new", "imported"})


def catalogue_title(given: str | None, path: str, titles: list[str]) -> str:
    """The catalogue's title: ``given`` (its ``title:``), else the file's name made readable, unless that
    says nothing (a letter or two, ``variants``), else its variants' titles.

    >>> catalogue_title(None, "shogi-family.yaml", ["Shogi"]), catalogue_title(None, "z.yaml", ["Knightmate"])
    ('Shogi Family', 'Knightmate')
    >>> catalogue_title(None, "variants.yaml", ["Squire Chess", "Chess", "Shogi"])
    'Squire Chess and 2 other variants'
    """
    if given is not None:
        return given.strip()
    name, in_words = file_family(path)
    if len(name.replace("-", "")) > 2 and not set(name.split("-")) <= GENERIC_WORDS:
        return in_words
    if len(titles) <= 1:
        return titles[0] if titles else in_words
    return f"{titles[0]} and {count(len(titles) - 1, 'other variant')}"


@functools.lru_cache(maxsize=8)
def _parse_other(text: str, path: str, opening: tuple[str, ...]) -> _Parsed:
    """:func:`_parse` of another catalogue, once for all the entries that extend one of its entries
    (an imported catalogue names dozens of the shipped ``fairy-stockfish`` entries)."""
    return _parse(text, path, opening)


def _foreign_parents(
    entries: dict[str, Node], path: str, opening: tuple[str, ...]
) -> dict[str, tuple[Node, dict[str, Node]]]:
    """``SOURCE:NAME`` -> that entry of the other catalogue, merged, and that catalogue's families,
    for every ``extends`` that names an entry of another file."""
    found: dict[str, tuple[Node, dict[str, Node]]] = {}
    for name, entry in entries.items():
        ext = entry.get("extends")
        if ext is None or ":" not in ext.value or ext.value in found:
            continue
        where = Where(path, name)
        source, _, parent = ext.value.rpartition(":")
        file = other_catalogue(source, path)
        here = str(Path(path).resolve())
        if str(file.resolve()) in (*opening, here):
            raise where.error(
                ext.line, "extends", f"extends {ext.value!r}, which leads back to {file}: a cycle of files"
            )
        try:
            other = _parse_other(_read(file), str(file), (*opening, here))
        except CatalogueError as e:
            raise where.error(ext.line, "extends", f"extends {ext.value!r}, and {file} has an error: {e}") from None
        if parent not in other.merged:
            raise where.error(ext.line, "extends", f"extends {ext.value!r}, but {file} has no entry {parent!r}")
        node = other.merged[parent]
        found[ext.value] = (
            replace(node, value={k: v for k, v in node.value.items() if k not in NOT_INHERITED}),
            other.families,
        )
    return found


def other_catalogue(source: str, path: str) -> Path:
    """The file ``SOURCE`` of ``extends: SOURCE:NAME``: a catalogue shipped with variantgen by its
    name (:data:`~generator.catalogue.source.SHIPPED`), else a path relative to the folder of the
    catalogue that names it.

    >>> other_catalogue("fairy-stockfish", "variants.yaml").name
    'fairy-stockfish.yaml'
    """
    if source in SHIPPED:
        return SHIPPED[source]
    return Path(path).parent / source


def _catalogue(parsed: _Parsed, path: str) -> Catalogue:
    top = Where(path)
    built = []
    for name, merged in parsed.merged.items():
        abstract = parsed.entries[name].get("abstract")
        if abstract is not None and abstract.value:
            continue
        check(merged, VARIANT, "", Where(path, name), partial=False)
        built.append((VariantBuilder(name, merged, parsed.families, path).build(), merged))
    if not built:
        raise top.error(parsed.line, "variants", "no variants (every entry is abstract)")
    check_short_names(built, path)
    return Catalogue(path, tuple(v for v, _ in built), parsed.title)


def load_catalogue_text(text: str, path: str = "<string>") -> Catalogue:
    """Load a catalogue from YAML text; ``path`` is only used in error messages."""
    return _loaded(lambda: _catalogue(_parse(text, path), path), path)


def load_catalogue_data(data: dict[str, Any], path: str) -> Catalogue:
    """Load a catalogue a program has made as plain data, what its YAML text would read as (an importer's
    entries, checked one by one before the file is written): as :func:`load_catalogue_text`, without the
    YAML, every value on line 1 (errors name the variant and field, not the line); ``path`` is where the
    file would be, from which other catalogues are found."""
    return _loaded(lambda: _catalogue(_parse_root(as_node(data), path), path), path)


def _loaded(load: Callable[[], Catalogue], path: str) -> Catalogue:
    try:
        return load()
    except CatalogueError:
        raise
    except RecursionError:
        raise CatalogueError("values nested too deeply", path=path) from None
    except Exception as exc:  # the promise is "no traceback reaches the user", even for a loader bug
        raise CatalogueError(f"internal error while loading: {type(exc).__name__}: {exc}", path=path) from exc


def load_catalogue(path: str | Path) -> Catalogue:
    """Load the catalogue file at ``path``."""
    return load_catalogue_text(_read(Path(path)), str(path))


def _read(path: Path) -> str:
    """The text of the catalogue file at ``path``; :class:`CatalogueError` if it cannot be one."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CatalogueError(f"cannot read the catalogue: {exc.strerror or exc}", path=name) from None
    if len(data) > MAX_BYTES:
        raise CatalogueError(f"the catalogue is larger than {MAX_BYTES} bytes (1 MiB)", path=name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CatalogueError("the catalogue is not valid UTF-8", path=name, line=line) from None
