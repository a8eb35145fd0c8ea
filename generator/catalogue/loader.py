"""Load ``variants.yaml`` into the frozen model, refusing anything doubtful.

Three stages, each of which may only fail with a :class:`CatalogueError`
that names the file, line, variant and field:

1. *Read*: PyYAML's safe composer gives nodes with line numbers; we turn them
   into :class:`Node` trees ourselves so that duplicate keys, foreign tags and
   alias bombs are refused instead of silently accepted.
2. *Shape*: every entry, abstract or not, is checked against a schema (allowed
   keys, value types, value syntax); then ``extends:`` chains are merged.
3. *Meaning*: each concrete variant is checked as a whole (squares on the
   board, letters defined, castling pieces in place, ...) and built.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NoReturn

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from generator.betza import BetzaError, parse_betza
from generator.catalogue.errors import CatalogueError
from generator.catalogue.model import (
    FILE_LETTERS,
    BareKing,
    Board,
    CastlingMove,
    Catalogue,
    Color,
    DrawRules,
    Drops,
    Goals,
    PawnRules,
    PieceType,
    Promotion,
    Race,
    Role,
    Setup,
    Square,
    StalemateResult,
    Swap,
    Variant,
)

MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64
MAX_BOARD = len(FILE_LETTERS)

# ---------------------------------------------------------------------------
# Stage 1: YAML nodes -> Node trees


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
        return self.value.get(key)


@dataclass(frozen=True)
class _Where:
    """What an error message says before its reason."""

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

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooManyNodes(self.peek_event().start_mark.line + 1)
        return super().compose_node(parent, index)


class _Reader:
    """Converts composed YAML nodes, expanding aliases under a budget."""

    def __init__(self, where: _Where) -> None:
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


def _read(text: str, where: _Where) -> Node:
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
        raise where.error(None, None, "the catalogue is empty (expected 'families:' and 'variants:')")
    return _Reader(where).convert(composed)


# ---------------------------------------------------------------------------
# Stage 2: the schema

Check = Callable[[Any], "str | None"]  # the reason a value is unacceptable, or None


@dataclass(frozen=True)
class Scalar:
    types: tuple[type, ...]
    what: str
    check: Check | None = None


@dataclass(frozen=True)
class Seq:
    item: Spec
    unique: bool = True
    nonempty: bool = False


@dataclass(frozen=True)
class Struct:
    """A mapping with fixed keys."""

    fields: dict[str, Spec]
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    """A mapping whose keys are data (piece letters, variant names)."""

    key: Callable[[str, dict[str, Node]], str | None]
    value: Spec


Spec = Scalar | Seq | Struct | Table

NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
SQUARE_RE = re.compile(r"([a-z])([1-9][0-9]?)")
RANGE_RE = re.compile(r"([a-z])([1-9][0-9]?)-([a-z])([1-9][0-9]?)")


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, str):
        return f"the string {value!r}"
    return f"the number {value!r}"


def _bad_chars(text: str, allow_newline: bool) -> str | None:
    for ch in text:
        if unicodedata.category(ch) == "Cs":  # a "\ud800" escape: no character, and unprintable as UTF-8
            return f"{text!r} contains the lone surrogate {ch!r}, which is not a character"
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp") and not (allow_newline and ch == "\n"):
            where = "" if allow_newline else " (it must fit on one line)"
            return f"{text!r} contains the control character {ch!r}{where}"
    return None


def _name_problem(text: str) -> str | None:
    if NAME_RE.fullmatch(text):
        return None
    return (
        f"{text!r} is not a valid name: use 1-64 lower-case letters, digits and '-', starting with a letter "
        "or digit (names become file names and ini section headers)"
    )


def _line(nonempty: bool) -> Scalar:
    def check(text: str) -> str | None:
        if nonempty and not text.strip():
            return "must not be empty"
        return _bad_chars(text, allow_newline=False)

    return Scalar((str,), "a one-line string", check)


def _int(low: int, high: int | None = None, why: str = "") -> Scalar:
    def check(value: int) -> str | None:
        if value < low or (high is not None and value > high):
            bounds = f"at least {low}" if high is None else f"between {low} and {high}"
            return f"must be {bounds}{why}, got {value}"
        return None

    return Scalar((int,), "an integer", check)


def _choice(*words: str) -> Scalar:
    return Scalar(
        (str,),
        "one of " + ", ".join(words),
        lambda v: None if v in words else f"{v!r} is not one of {', '.join(words)}",
    )


def _letter_problem(text: str, siblings: dict[str, Node] | None = None) -> str | None:
    if len(text) == 1 and "A" <= text <= "Z":
        return None
    if siblings is not None and text.upper() in siblings and len(text) == 1:
        return f"piece letter {text!r} duplicates {text.upper()!r}: in FEN, case only tells the colour"
    return f"{text!r} is not a piece letter: use one upper-case letter A-Z (Black's pieces are its lower case)"


def _square_problem(text: str) -> str | None:
    return None if SQUARE_RE.fullmatch(text) else f"{text!r} is not a square name (like 'e4')"


def _squares_problem(text: str) -> str | None:
    if SQUARE_RE.fullmatch(text):
        return None
    m = RANGE_RE.fullmatch(text)
    if m is None:
        return f"{text!r} is neither a square (like 'e4') nor a range of squares (like 'a2-h2')"
    if m[1] != m[3] and m[2] != m[4]:
        return f"range {text!r} must run along one rank or one file"
    return None


def _seed_problem(text: str) -> str | None:
    if re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", text):
        return None
    return f"{text!r} is not a plain file name under ../shared/seeds"


BOOL = Scalar((bool,), "true or false")
LINE = _line(nonempty=False)
TITLE = _line(nonempty=True)
TEXT = Scalar((str,), "a string", lambda v: _bad_chars(v, allow_newline=True))
NAME = Scalar((str,), "a name", _name_problem)
LETTER = Scalar((str,), "a piece letter", _letter_problem)
SQUARE = Scalar((str,), "a square name", _square_problem)
COLOR = _choice("white", "black")
ROLES = Seq(_choice(*(r.value for r in Role)))
RANK = _int(1, why=" (ranks are counted from 1)")
RANKS = Seq(RANK, nonempty=True)
PLACEMENT = Table(_letter_problem, Seq(Scalar((str,), "a square or a range of squares", _squares_problem)))
POCKET = Table(_letter_problem, _int(0))

VARIANT = Struct(
    {
        "abstract": BOOL,
        "extends": NAME,
        "title": TITLE,
        "family": NAME,
        "description": TEXT,
        "board": Struct(
            {
                "files": _int(1, MAX_BOARD, " (files are lettered a-z)"),
                "ranks": _int(1, MAX_BOARD, " (the board is at most 26x26)"),
                "holes": Seq(SQUARE),
            },
            ("files", "ranks"),
        ),
        "pieces": Table(
            _letter_problem,
            Struct({"name": TITLE, "betza": TITLE, "roles": ROLES, "help": LINE}, ("name", "betza")),
        ),
        "setup": Struct(
            {
                "white": PLACEMENT,
                "black": PLACEMENT,
                "pockets": Struct({"white": POCKET, "black": POCKET}),
                "to_move": COLOR,
            },
            ("white", "black"),
        ),
        "castling": Seq(
            Struct(
                {"color": COLOR, "king": SQUARE, "king_to": SQUARE, "rook": SQUARE, "rook_to": SQUARE},
                ("color", "king", "king_to", "rook", "rook_to"),
            ),
            unique=False,
        ),
        "pawns": Struct(
            {
                "max_steps": _int(1),
                "multi_step_ranks": Seq(RANK),
                "en_passant": BOOL,
                "promotion": Struct(
                    {"ranks": RANKS, "choices": Seq(LETTER, nonempty=True), "mandatory": BOOL},
                    ("ranks", "choices"),
                ),
            }
        ),
        "drops": Struct({"ranks": RANKS, "captures_to_hand": BOOL}, ("ranks",)),
        "swaps": Seq(
            Struct(
                {
                    "piece": LETTER,
                    "adjacency": TITLE,
                    "excluded_roles": ROLES,
                    "unmoved_only": BOOL,
                    "per_player": _int(1),
                },
                ("piece", "adjacency"),
            ),
            unique=False,
        ),
        "goals": Struct(
            {
                "checkmate": BOOL,
                "race": Struct({"ranks": RANKS}, ("ranks",)),
                "bare_king": Struct({"opponent_minimum": _int(1)}),
            }
        ),
        "draws": Struct(
            {
                "stalemate": _choice(*(s.value for s in StalemateResult)),
                "repetition": Scalar(
                    (int,),
                    "an integer",
                    lambda v: None if v == 0 or v >= 2 else "must be 0 (never) or at least 2",
                ),
                "move_rule": _int(0, why=" (0: no move rule)"),
                "insufficient_material": Seq(LETTER),
                "double_pass": BOOL,
            }
        ),
        "notes": Seq(TITLE, unique=False),
    },
    ("title", "family", "board", "pieces", "setup"),
)
FAMILY = Struct({"title": TITLE, "seed": Scalar((str,), "a file name", _seed_problem)}, ("title",))
TOP_KEYS = ("families", "variants")


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _check(node: Node, spec: Spec, field: str, where: _Where, partial: bool) -> None:
    """Check ``node`` against ``spec``; ``partial`` (an entry before merging) lets required keys be absent."""
    value = node.value
    if isinstance(spec, Scalar):
        if type(value) not in spec.types:  # type(), not isinstance(): true is no integer here
            raise where.error(node.line, field, f"expected {spec.what}, got {_describe(value)}")
        problem = spec.check(value) if spec.check else None
        if problem:
            raise where.error(node.line, field, problem)
    elif isinstance(spec, Seq):
        if not isinstance(value, list):
            raise where.error(node.line, field, f"expected a list, got {_describe(value)}")
        if spec.nonempty and not value:
            raise where.error(node.line, field, "must not be an empty list")
        seen: set[Any] = set()
        for i, item in enumerate(value):
            _check(item, spec.item, f"{field}[{i}]", where, partial)
            if spec.unique and isinstance(spec.item, Scalar):
                if item.value in seen:
                    raise where.error(item.line, f"{field}[{i}]", f"{item.value!r} is listed twice")
                seen.add(item.value)
    else:
        if not isinstance(value, dict):
            raise where.error(node.line, field, f"expected a mapping, got {_describe(value)}")
        for key, child in value.items():
            if isinstance(spec, Struct):
                if key not in spec.fields:
                    allowed = ", ".join(spec.fields)
                    raise where.error(child.key_line, field, f"unknown key {key!r}; allowed keys: {allowed}")
                child_spec = spec.fields[key]
            else:
                problem = spec.key(key, value)
                if problem:
                    raise where.error(child.key_line, _join(field, key), problem)
                child_spec = spec.value
            if child.value is not None:  # null means "the default" (or, under extends, "drop the parent's")
                _check(child, child_spec, _join(field, key), where, partial)
        if isinstance(spec, Struct) and not partial:
            for key in spec.required:
                if key not in value:
                    raise where.error(node.key_line, field, f"missing required key {key!r}")


def _strip(node: Node) -> Node:
    """Drop null-valued keys: after merging, absent and null both mean the default."""
    if isinstance(node.value, dict):
        return replace(node, value={k: _strip(v) for k, v in node.value.items() if v.value is not None})
    if isinstance(node.value, list):
        return replace(node, value=[_strip(v) for v in node.value])
    return node


def _merge(parent: dict[str, Node], child: Node, top: bool) -> Node:
    """Child over parent: mappings merge key by key (except a variant's ``setup``), all else replaces."""
    out = {k: v for k, v in parent.items() if not (top and k in ("abstract", "extends"))}
    for key, node in child.value.items():
        if node.value is None:
            out.pop(key, None)
        elif isinstance(node.value, dict) and key in out and not (top and key == "setup"):
            out[key] = _merge(out[key].value, node, top=False)
        else:
            out[key] = _strip(node)
    return replace(child, value=out)


def _parent(entry: Node) -> str | None:
    ext = entry.get("extends")
    return None if ext is None else ext.value


def _resolve(entries: dict[str, Node], path: str) -> dict[str, Node]:
    """Every entry with its ``extends:`` chain merged in, in file order."""
    done: dict[str, Node] = {}
    for name in entries:
        chain = [name]  # walk up to an entry already merged or without a parent, then merge back down
        while chain[-1] not in done and (parent := _parent(entries[chain[-1]])) is not None:
            where, line = _Where(path, chain[-1]), entries[chain[-1]].value["extends"].line
            if parent not in entries:
                raise where.error(line, "extends", f"extends {parent!r}, which is not in 'variants:'")
            if parent in chain:
                cycle = " -> ".join([*chain[chain.index(parent) :], parent])
                raise where.error(line, "extends", f"'extends' goes round in a cycle: {cycle}")
            chain.append(parent)
        for link in reversed(chain):
            if link not in done:
                parent = _parent(entries[link])
                done[link] = _merge({} if parent is None else done[parent].value, entries[link], top=True)
    return {name: done[name] for name in entries}


# ---------------------------------------------------------------------------
# Stage 3: meaning


def _expand(text: str) -> Iterator[Square]:
    """The squares a placement item names: one square, or every square of a rank or file segment."""
    m = RANGE_RE.fullmatch(text)
    if m is None:
        yield Square.parse(text)
        return
    (f1, r1), (f2, r2) = Square.parse(m[1] + m[2]), Square.parse(m[3] + m[4])
    for f in range(min(f1, f2), max(f1, f2) + 1):
        for r in range(min(r1, r2), max(r1, r2) + 1):
            yield Square(f, r)


class _VariantBuilder:
    """Builds one concrete, merged entry into a :class:`Variant`, checking what the schema cannot."""

    def __init__(self, name: str, node: Node, families: dict[str, Node], path: str) -> None:
        self.name = name
        self.node = node
        self.families = families
        self.where = _Where(path, name)

    def fail(self, at: Node | int, field: str, message: str) -> NoReturn:
        raise self.where.error(at if isinstance(at, int) else at.line, field, message)

    def value(self, node: Node, key: str, default: Any = None) -> Any:
        child = node.get(key)
        return default if child is None else child.value

    def build(self) -> Variant:
        node = self.node
        family = node.get("family")
        if family.value not in self.families:
            declared = ", ".join(self.families) or "none"
            self.fail(family, "family", f"family {family.value!r} is not declared under 'families:' ({declared})")
        self.board = self.build_board(node.get("board"))
        self.pieces = self.build_pieces(node.get("pieces"))
        drops = self.build_drops(node.get("drops"))
        self.setup = self.build_setup(node.get("setup"), drops is not None)
        family_node = self.families[family.value]
        return Variant(
            name=self.name,
            title=self.value(node, "title").strip(),
            family=family.value,
            family_title=self.value(family_node, "title").strip(),
            seed=self.value(family_node, "seed") or "",
            board=self.board,
            pieces=tuple(self.pieces.values()),
            setup=self.setup,
            castling=tuple(
                self.build_castling(c, f"castling[{i}]") for i, c in enumerate(self.value(node, "castling", []))
            ),
            pawn_rules=self.build_pawns(node.get("pawns")),
            drops=drops,
            swaps=tuple(self.build_swap(s, f"swaps[{i}]") for i, s in enumerate(self.value(node, "swaps", []))),
            goals=self.build_goals(node.get("goals")),
            draws=self.build_draws(node.get("draws")),
            notes=tuple(n.value.strip() for n in self.value(node, "notes", [])),
            description=self.value(node, "description", "").strip(),
            source_line=node.key_line,
        )

    # -- board and squares

    def build_board(self, node: Node) -> Board:
        files, ranks = self.value(node, "files"), self.value(node, "ranks")
        self.board = Board(files, ranks)  # the bare rectangle, which the holes are checked against
        holes = [self.square(h, f"board.holes[{i}]") for i, h in enumerate(self.value(node, "holes", []))]
        return Board(files, ranks, frozenset(holes))

    def square(self, node: Node, field: str, text: str | None = None) -> Square:
        """A square on the board (holes excluded); ``text`` is one square out of the range ``node`` holds."""
        square = Square.parse(text or node.value)
        b = self.board
        if not (square.file < b.files and square.rank < b.ranks):
            size = f"the {b.files}x{b.ranks} board (files a-{FILE_LETTERS[b.files - 1]}, ranks 1-{b.ranks})"
            self.fail(node, field, f"{square} is off {size}")
        if square in b.holes:
            self.fail(node, field, f"{square} is a hole, not a square")
        return square

    def relative_ranks(self, node: Node | None, field: str) -> tuple[int, ...]:
        ranks = [] if node is None else node.value
        for i, rank in enumerate(ranks):
            if rank.value > self.board.ranks:
                self.fail(rank, f"{field}[{i}]", f"rank {rank.value} is beyond the board's {self.board.ranks} ranks")
        return tuple(r.value for r in ranks)

    # -- pieces

    def build_pieces(self, node: Node) -> dict[str, PieceType]:
        pieces: dict[str, PieceType] = {}
        names: dict[str, str] = {}
        for letter, spec in node.value.items():
            field = f"pieces.{letter}"
            betza = spec.get("betza")
            try:
                movement = parse_betza(betza.value)
            except BetzaError as exc:
                self.fail(betza, f"{field}.betza", f"betza {betza.value!r}: {exc.message} (at position {exc.index})")
            name = self.value(spec, "name").strip()
            if name in names:
                self.fail(
                    spec.get("name"),
                    f"{field}.name",
                    f"piece name {name!r} is already used by {names[name]!r}",
                )
            names[name] = letter
            roles = frozenset(Role(r.value) for r in self.value(spec, "roles", []))
            help_text = self.value(spec, "help", "").strip()
            pieces[letter] = PieceType(letter, name, betza.value, movement, roles, help_text)
        if not pieces:
            self.fail(node, "pieces", "no pieces are defined")
        return pieces

    def letter(self, letter: str, at: Node | int, field: str) -> PieceType:
        """The piece type ``letter`` names, which must be defined in ``pieces:``."""
        if letter not in self.pieces:
            defined = ", ".join(self.pieces)
            self.fail(at, field, f"piece {letter!r} is not defined in 'pieces:' (defined: {defined})")
        return self.pieces[letter]

    def describe(self, square: Square) -> str:
        found = self.setup.piece_at(square)
        if found is None:
            return "it is empty"
        color, letter = found
        return f"it holds the {color.word} {self.pieces[letter].name}"

    # -- setup

    def build_setup(self, node: Node, drops: bool) -> Setup:
        placement: list[tuple[Square, Color, str]] = []
        used: dict[Square, str] = {}
        for color in Color:
            for letter, squares in node.get(color.word).value.items():
                field = f"setup.{color.word}.{letter}"
                piece = self.letter(letter, squares.key_line, field)
                for i, item in enumerate(squares.value):
                    for square in _expand(item.value):
                        self.square(item, f"{field}[{i}]", square.name)
                        if square in used:
                            self.fail(item, f"{field}[{i}]", f"{square} is already taken by {used[square]}")
                        used[square] = f"the {color.word} {piece.name}"
                        placement.append((square, color, letter))
        pockets: list[tuple[Color, str, int]] = []
        pockets_node = node.get("pockets")
        if pockets_node is not None and not drops:
            self.fail(pockets_node, "setup.pockets", "pockets need 'drops:' (nothing in hand could ever be played)")
        for color in Color:
            side = None if pockets_node is None else pockets_node.get(color.word)
            for letter, count in ({} if side is None else side.value).items():
                field = f"setup.pockets.{color.word}.{letter}"
                if self.letter(letter, count.key_line, field).royal:
                    self.fail(count, field, f"a royal piece ({letter}) cannot start in hand")
                pockets.append((color, letter, count.value))
        return Setup(tuple(placement), tuple(pockets), Color[self.value(node, "to_move", "white").upper()])

    def build_castling(self, node: Node, field: str) -> CastlingMove:
        color = Color[node.get("color").value.upper()]
        squares = {key: self.square(node.get(key), f"{field}.{key}") for key in ("king", "king_to", "rook", "rook_to")}
        king, rook = squares["king"], squares["rook"]
        found = self.setup.piece_at(king)
        if found is None or found[0] is not color or not self.pieces[found[1]].royal:
            self.fail(
                node.get("king"),
                f"{field}.king",
                f"{king} holds no {color.word} royal piece ({self.describe(king)})",
            )
        found = self.setup.piece_at(rook)
        if found is None or found[0] is not color or self.pieces[found[1]].royal or self.pieces[found[1]].pawn:
            self.fail(
                node.get("rook"),
                f"{field}.rook",
                f"{rook} holds no {color.word} piece to castle with ({self.describe(rook)})",
            )
        return CastlingMove(color, king, squares["king_to"], rook, squares["rook_to"])

    # -- rules

    def build_pawns(self, node: Node | None) -> PawnRules:
        if node is None:
            return PawnRules()
        max_steps = self.value(node, "max_steps", 1)
        multi = self.relative_ranks(node.get("multi_step_ranks"), "pawns.multi_step_ranks")
        if max_steps > 1 and not multi:
            self.fail(node.get("max_steps"), "pawns.max_steps", "max_steps above 1 needs 'multi_step_ranks'")
        promotion = None
        promo = node.get("promotion")
        if promo is not None:
            if not any(p.pawn for p in self.pieces.values()):
                self.fail(promo, "pawns.promotion", "promotion needs a piece with the 'pawn' role")
            choices = promo.get("choices")
            for i, choice in enumerate(choices.value):
                field = f"pawns.promotion.choices[{i}]"
                piece = self.letter(choice.value, choice, field)
                if piece.pawn or piece.royal:
                    role = "pawn" if piece.pawn else "royal"
                    self.fail(choice, field, f"cannot promote to the {piece.name} ({piece.letter}), a {role} piece")
            promotion = Promotion(
                self.relative_ranks(promo.get("ranks"), "pawns.promotion.ranks"),
                tuple(c.value for c in choices.value),
                self.value(promo, "mandatory", True),
            )
        return PawnRules(max_steps, multi, self.value(node, "en_passant", False), promotion)

    def build_drops(self, node: Node | None) -> Drops | None:
        if node is None:
            return None
        return Drops(self.relative_ranks(node.get("ranks"), "drops.ranks"), self.value(node, "captures_to_hand", False))

    def build_swap(self, node: Node, field: str) -> Swap:
        piece = self.letter(node.get("piece").value, node.get("piece"), f"{field}.piece")
        adjacency = node.get("adjacency")
        try:
            movement = parse_betza(adjacency.value)
        except BetzaError as exc:
            self.fail(
                adjacency,
                f"{field}.adjacency",
                f"betza {adjacency.value!r}: {exc.message} (at position {exc.index})",
            )
        return Swap(
            piece.letter,
            adjacency.value,
            movement,
            frozenset(Role(r.value) for r in self.value(node, "excluded_roles", [])),
            self.value(node, "unmoved_only", True),
            self.value(node, "per_player", 1),
        )

    def build_goals(self, node: Node | None) -> Goals:
        node = node or Node({}, self.node.key_line, self.node.key_line)
        checkmate = self.value(node, "checkmate", True)
        race, bare = node.get("race"), node.get("bare_king")
        if not (checkmate or race or bare):
            self.fail(node, "goals", "no way to win: set checkmate, race or bare_king")
        royals = {
            c: [sq for sq, col, letter in self.setup.placement if col is c and self.pieces[letter].royal] for c in Color
        }
        setup_node = self.node.get("setup")
        for color, squares in royals.items():
            if checkmate and len(squares) != 1:
                culprit = node.get("checkmate") or setup_node
                found = "none" if not squares else f"{len(squares)} ({', '.join(map(str, squares))})"
                self.fail(
                    culprit,
                    "goals.checkmate",
                    f"checkmate needs exactly one {color.word} royal piece in the setup, found {found}",
                )
            if bare is not None and not squares:
                self.fail(bare, "goals.bare_king", f"bare king needs a {color.word} royal piece in the setup")
        return Goals(
            checkmate,
            None if race is None else Race(self.relative_ranks(race.get("ranks"), "goals.race.ranks")),
            None if bare is None else BareKing(self.value(bare, "opponent_minimum", 2)),
        )

    def build_draws(self, node: Node | None) -> DrawRules:
        if node is None:
            return DrawRules()
        minors = self.value(node, "insufficient_material", [])
        for i, letter in enumerate(minors):
            self.letter(letter.value, letter, f"draws.insufficient_material[{i}]")
        return DrawRules(
            StalemateResult(self.value(node, "stalemate", "draw")),
            self.value(node, "repetition", 3),
            self.value(node, "move_rule", 50),
            tuple(m.value for m in minors),
            self.value(node, "double_pass", False),
        )


# ---------------------------------------------------------------------------
# Entry points


def _catalogue(text: str, path: str) -> Catalogue:
    top = _Where(path)
    root = _read(text, top)
    if not isinstance(root.value, dict):
        expected = f"a mapping with keys {' and '.join(TOP_KEYS)}"
        raise top.error(root.line, None, f"expected {expected}, got {_describe(root.value)}")
    for key, node in root.value.items():
        if key not in TOP_KEYS:
            raise top.error(node.key_line, None, f"unknown top-level key {key!r}; allowed keys: {', '.join(TOP_KEYS)}")
    for key in TOP_KEYS:
        if key not in root.value:
            raise top.error(root.line, None, f"missing top-level key {key!r}")
    families = _strip(root.value["families"])  # a family's 'seed: null' just means "no seed page"
    _check(families, Table(lambda key, _: _name_problem(key), FAMILY), "families", top, partial=False)
    entries = root.value["variants"]
    if not isinstance(entries.value, dict):
        raise top.error(entries.line, "variants", f"expected a mapping of variants, got {_describe(entries.value)}")
    for name, entry in entries.value.items():
        problem = _name_problem(name)
        if problem:
            raise top.error(entry.key_line, "variants", f"variant name {problem}")
        if entry.value is None:
            raise top.error(entry.key_line, None, f"variant {name!r} is empty")
        _check(entry, VARIANT, "", _Where(path, name), partial=True)
    variants = []
    for name, merged in _resolve(entries.value, path).items():
        abstract = entries.value[name].get("abstract")
        if abstract is not None and abstract.value:
            continue
        _check(merged, VARIANT, "", _Where(path, name), partial=False)
        variants.append(_VariantBuilder(name, merged, families.value, path).build())
    if not variants:
        raise top.error(entries.key_line, "variants", "no variants (every entry is abstract)")
    return Catalogue(path, tuple(variants))


def load_catalogue_text(text: str, path: str = "<string>") -> Catalogue:
    """Load a catalogue from YAML text; ``path`` is only used in error messages."""
    try:
        return _catalogue(text, path)
    except CatalogueError:
        raise
    except RecursionError:
        raise CatalogueError("values nested too deeply", path=path) from None
    except Exception as exc:  # the promise is "no traceback reaches the user", even for a loader bug
        raise CatalogueError(f"internal error while loading: {type(exc).__name__}: {exc}", path=path) from exc


def load_catalogue(path: str | Path) -> Catalogue:
    """Load the catalogue file at ``path``."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CatalogueError(f"cannot read the catalogue: {exc.strerror or exc}", path=name) from None
    if len(data) > MAX_BYTES:
        raise CatalogueError(f"the catalogue is larger than {MAX_BYTES} bytes (1 MiB)", path=name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CatalogueError("the catalogue is not valid UTF-8", path=name, line=line) from None
    return load_catalogue_text(text, name)
