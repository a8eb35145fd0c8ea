r"""Validating: the schema every catalogue entry is checked against, before and after ``extends``.

A :data:`Spec` says what a value may be: a :class:`Scalar` (types and a check), a :class:`Seq`
(a list of one spec), a :class:`Struct` (a mapping with fixed keys) or a :class:`Table` (a mapping
whose keys are data, such as piece letters).  :func:`check` walks a :class:`Node` tree against a
spec and raises one :class:`~generator.catalogue.errors.CatalogueError` at the first problem.

>>> from generator.catalogue.reading import Where, read_yaml
>>> where = Where("<doc>")
>>> check(read_yaml("files: 8\nranks: 0\n", where), VARIANT.fields["board"], "board", where, False)
Traceback (most recent call last):
...
generator.catalogue.errors.CatalogueError: <doc>:2: field 'board.ranks', must be between 1 and 26 ...
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.catalogue.model import Result, Role, StalemateResult
from generator.catalogue.reading import MAX_BOARD, Node, Where

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

    fields: Mapping[str, Spec]
    required: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # the schema is shared by every load: a read-only copy, so no caller can change it
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))


@dataclass(frozen=True)
class Table:
    """A mapping whose keys are data (piece letters, variant names)."""

    key: Callable[[str, dict[str, Node]], str | None]
    value: Spec


Spec = Scalar | Seq | Struct | Table

NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
SQUARE_RE = re.compile(r"([a-z])([1-9][0-9]?)")
RANGE_RE = re.compile(r"([a-z])([1-9][0-9]?)-([a-z])([1-9][0-9]?)")


def describe_value(value: Any) -> str:
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


def name_problem(text: str) -> str | None:
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
NAME = Scalar((str,), "a name", name_problem)
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
                "bare_king": Struct({"opponent_minimum": _int(1), "both_bare_draw": BOOL}),
                "extinction": Struct(
                    {"pieces": Seq(LETTER), "count": _int(0), "result": _choice(*(r.value for r in Result))}
                ),
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
                "drops_reset_move_rule": BOOL,
            }
        ),
        "notes": Seq(TITLE, unique=False),
        "fairy_stockfish_builtin": NAME,
        "id": NAME,
        "must_capture": BOOL,
    },
    ("title", "family", "board", "pieces", "setup"),
)
FAMILY = Struct({"title": TITLE, "seed": Scalar((str,), "a file name", _seed_problem)}, ("title",))
TOP_KEYS = ("families", "variants")


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def check(node: Node, spec: Spec, field: str, where: Where, partial: bool) -> None:
    """Check ``node`` against ``spec``; ``partial`` (an entry before merging) lets required keys be absent."""
    if isinstance(spec, Scalar):
        _check_scalar(node, spec, field, where)
    elif isinstance(spec, Seq):
        _check_seq(node, spec, field, where, partial)
    else:
        _check_mapping(node, spec, field, where, partial)


def _check_scalar(node: Node, spec: Scalar, field: str, where: Where) -> None:
    value = node.value
    if type(value) not in spec.types:  # type(), not isinstance(): true is no integer here
        raise where.error(node.line, field, f"expected {spec.what}, got {describe_value(value)}")
    problem = spec.check(value) if spec.check else None
    if problem:
        raise where.error(node.line, field, problem)


def _check_seq(node: Node, spec: Seq, field: str, where: Where, partial: bool) -> None:
    value = node.value
    if not isinstance(value, list):
        raise where.error(node.line, field, f"expected a list, got {describe_value(value)}")
    if spec.nonempty and not value:
        raise where.error(node.line, field, "must not be an empty list")
    seen: set[Any] = set()
    for i, item in enumerate(value):
        check(item, spec.item, f"{field}[{i}]", where, partial)
        if spec.unique and isinstance(spec.item, Scalar):
            if item.value in seen:
                raise where.error(item.line, f"{field}[{i}]", f"{item.value!r} is listed twice")
            seen.add(item.value)


def _check_mapping(node: Node, spec: Struct | Table, field: str, where: Where, partial: bool) -> None:
    value = node.value
    if not isinstance(value, dict):
        raise where.error(node.line, field, f"expected a mapping, got {describe_value(value)}")
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
            check(child, child_spec, _join(field, key), where, partial)
    if isinstance(spec, Struct) and not partial:
        for key in spec.required:
            if key not in value:
                raise where.error(node.key_line, field, f"missing required key {key!r}")
