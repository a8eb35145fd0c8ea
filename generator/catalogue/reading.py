r"""Reading: catalogue YAML into :class:`Node` trees that remember their line numbers.

PyYAML's safe composer gives nodes with line numbers; we turn them into :class:`Node` trees
ourselves so that duplicate keys, foreign tags and alias bombs are refused instead of silently
accepted.  Every refusal is a :class:`~generator.catalogue.errors.CatalogueError` naming the line.

>>> root = read_yaml("variants:\n  chess: {title: Chess}\n", Where("<doc>"))
>>> root.need("variants").need("chess").need("title")
Node(value='Chess', line=2, key_line=2)
>>> read_yaml("a: 1\na: 2\n", Where("<doc>"))
Traceback (most recent call last):
...
generator.catalogue.errors.CatalogueError: <doc>:2: duplicate key 'a' (first given at line 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from generator.catalogue.errors import CatalogueError
from generator.catalogue.model import FILE_LETTERS

MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64
MAX_BOARD = len(FILE_LETTERS)


@dataclass(frozen=True)
class Node:
    """A plain value (None, bool, int, float, str, list[Node] or dict[str, Node]) and where it was written.

    ``key_line`` is the line of the mapping key that holds the value: a block
    mapping or list starts on the line after its key, and errors about the
    entry as a whole (unknown or missing keys) read better at the key.
    """

    value: Any
    line: int
    key_line: int

    def get(self, key: str) -> Node | None:
        """The value under ``key`` of a mapping node, or None if the key is absent."""
        found: Node | None = self.value.get(key)
        return found

    def need(self, key: str) -> Node:
        """The value under ``key`` of a mapping node whose schema requires that key (checked before)."""
        found = self.get(key)
        if found is None:
            raise KeyError(f"{key!r} is required by the schema, yet absent at line {self.line}")
        return found


@dataclass(frozen=True)
class Where:
    """What an error message says before its reason: the file, and the variant if there is one."""

    path: str
    variant: str | None = None

    def error(self, line: int | None, field: str | None, message: str) -> CatalogueError:
        return CatalogueError(message, path=self.path, line=line, variant=self.variant, field=field or None)


_CONSTRUCTOR = SafeConstructor()
_YAML = "tag:yaml.org,2002:"
_SCALAR_TAGS: dict[str, Callable[[SafeConstructor, ScalarNode], Any]] = {
    _YAML + "null": SafeConstructor.construct_yaml_null,
    _YAML + "bool": SafeConstructor.construct_yaml_bool,
    _YAML + "int": SafeConstructor.construct_yaml_int,
    _YAML + "float": SafeConstructor.construct_yaml_float,
    _YAML + "str": SafeConstructor.construct_yaml_str,
    # Dates and '=' are strings to us; letting PyYAML make date objects would only confuse the schema.
    _YAML + "timestamp": SafeConstructor.construct_yaml_str,
    _YAML + "value": SafeConstructor.construct_yaml_str,
}


def _show_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_YAML) if tag.startswith(_YAML) else tag


class _TooManyNodes(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


class _SafeLoader(yaml.SafeLoader):
    """PyYAML's safe loader, stopped as soon as the document has more than ``MAX_NODES`` nodes.

    The pure-Python composer spends some 60 us a node: a 1 MiB flow list of 340,000 one-letter items took
    20 s to compose before :class:`_Reader`'s budget ever saw it.  Counting here bounds that to the budget.
    """

    nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            event = self.peek_event()  # type: ignore[no-untyped-call]  # types-PyYAML leaves it unannotated
            raise _TooManyNodes(event.start_mark.line + 1)
        return super().compose_node(parent, index)


class _Reader:
    """Converts composed YAML nodes, expanding aliases under a budget."""

    def __init__(self, where: Where) -> None:
        self.where = where
        self.count = 0
        self.open: set[int] = set()  # ids of collections being converted, to spot self-containing aliases

    def fail(self, node: yaml.Node, message: str) -> NoReturn:
        raise self.where.error(node.start_mark.line + 1, None, message)

    def convert(self, node: yaml.Node, key_line: int | None = None, depth: int = 0) -> Node:
        self.count += 1
        if self.count > MAX_NODES:
            self.fail(node, f"more than {MAX_NODES} values once aliases are expanded (an alias bomb?)")
        if depth > MAX_DEPTH:
            self.fail(node, f"values nested more than {MAX_DEPTH} levels deep")
        line = node.start_mark.line + 1
        key_line = line if key_line is None else key_line
        if isinstance(node, ScalarNode):
            return Node(self.scalar(node), line, key_line)
        if id(node) in self.open:
            self.fail(node, "an alias refers to a list or mapping that contains it")
        self.open.add(id(node))
        try:
            if isinstance(node, SequenceNode) and node.tag == _YAML + "seq":
                return Node([self.convert(item, None, depth + 1) for item in node.value], line, key_line)
            if isinstance(node, MappingNode) and node.tag == _YAML + "map":
                return Node(self.mapping(node, depth), line, key_line)
            self.fail(
                node,
                f"YAML tag {_show_tag(node.tag)!r} is not allowed (only plain values, lists and mappings)",
            )
        finally:
            self.open.discard(id(node))

    def scalar(self, node: ScalarNode) -> Any:
        construct = _SCALAR_TAGS.get(node.tag)
        if construct is None:
            self.fail(
                node,
                f"YAML tag {_show_tag(node.tag)!r} is not allowed (only plain values, lists and mappings)",
            )
        try:
            return construct(_CONSTRUCTOR, node)
        except (ValueError, KeyError, IndexError):  # IndexError: PyYAML on '!!int ""'
            self.fail(node, f"{node.value!r} is not a valid {node.tag.removeprefix(_YAML)}")

    def mapping(self, node: MappingNode, depth: int) -> dict[str, Node]:
        out: dict[str, Node] = {}
        for key, value in node.value:
            if key.tag == _YAML + "merge":
                self.fail(key, "YAML merge keys ('<<') are not supported; use 'extends:' to share settings")
            if not isinstance(key, ScalarNode) or key.tag not in _SCALAR_TAGS:
                self.fail(key, "mapping keys must be plain words")
            name = key.value  # the text as written: '1' and 'true' stay strings, and no key is either
            if name in out:
                self.fail(key, f"duplicate key {name!r} (first given at line {out[name].key_line})")
            out[name] = self.convert(value, key.start_mark.line + 1, depth + 1)
        return out


def as_node(value: Any, line: int = 1) -> Node:
    """Plain data (what a catalogue's YAML reads as: mappings with string keys, lists, scalars) as a
    :class:`Node` tree, every value on ``line``: for a catalogue a program has made, not read.

    >>> as_node({"files": 8, "holes": ["a1"]}).get("holes").value[0].value
    'a1'
    """
    if isinstance(value, dict):
        return Node({str(k): as_node(v, line) for k, v in value.items()}, line, line)
    if isinstance(value, (list, tuple)):
        return Node([as_node(v, line) for v in value], line, line)
    return Node(value, line, line)


def read_yaml(text: str, where: Where) -> Node:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise where.error(None, None, f"the catalogue is larger than {MAX_BYTES} bytes (1 MiB)")
    try:
        loader = _SafeLoader(text)
        try:
            composed = loader.get_single_node()
        finally:
            loader.dispose()
    except _TooManyNodes as exc:
        raise where.error(exc.line, None, f"more than {MAX_NODES} values (the catalogue is too large)") from None
    except yaml.MarkedYAMLError as exc:
        mark, begun = exc.problem_mark or exc.context_mark, exc.context_mark
        reason = "; ".join(part for part in (exc.context, exc.problem) if part)
        if mark and begun and begun.line != mark.line:
            reason += f" (the construct began at line {begun.line + 1})"
        raise where.error(mark.line + 1 if mark else None, None, f"YAML syntax error: {reason}") from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        char = chr(exc.character) if isinstance(exc.character, int) else exc.character  # PyYAML gives ord()
        raise where.error(line, None, f"character {char!r} is not allowed in YAML") from None
    except yaml.YAMLError as exc:
        raise where.error(None, None, f"YAML error: {exc}") from None
    if composed is None:
        raise where.error(None, None, "the catalogue is empty (expected 'variants:' and, if you like, 'families:')")
    return _Reader(where).convert(composed)
