r"""Validating: the schema every catalogue entry is checked against, before and after ``extends``.

A :data:`Spec` says what a value may be: a :class:`Scalar` (types and what is known of the value), a
:class:`Seq` (a list of one spec), a :class:`Struct` (a mapping with fixed keys) or a :class:`Table` (a
mapping whose keys are data, such as piece letters).  :func:`check` walks a :class:`Node` tree against a
spec and raises one :class:`~generator.catalogue.errors.CatalogueError` at the first problem.

What a :class:`Scalar` knows as data (its words, its bounds, its :class:`Pattern`) is read both here and by
:mod:`generator.catalogue.schema`, which writes the same specs as a JSON Schema for editors; only a
``Scalar.check`` is the loader's alone.

>>> from generator.catalogue.reading import Where, read_yaml
>>> where = Where("<doc>")
>>> check(read_yaml("files: 8\nranks: 0\n", where), VARIANT.fields["board"], "board", where, False)
Traceback (most recent call last):
...
generator.catalogue.errors.CatalogueError: <doc>:2: field 'board.ranks', must be between 1 and 26 ...
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.catalogue.model import Chasing, Counting, Result, Role, StalemateResult, WallingRule
from generator.catalogue.reading import MAX_BOARD, Node, Where
from generator.catalogue.rule_kinds import TOGGLES

Check = Callable[[Any], "str | None"]  # the reason a value is unacceptable, or None


@dataclass(frozen=True)
class Pattern:
    """A regular expression a whole string must match, and why a string that does not is refused.

    ``regex`` keeps to what Python's ``re`` and ECMA-262 (JSON Schema's dialect) read alike.  ``explain``
    gets the string and, for a mapping key, the mapping's other keys (so that ``r`` beside ``R`` can be
    called a duplicate).

    >>> LETTER.pattern.problem("R") is None, LETTER.pattern.problem("r", {"R": None})
    (True, "piece letter 'r' duplicates 'R': in FEN, case only tells the colour")
    """

    regex: str
    explain: Callable[[str, Mapping[str, Any] | None], str]

    def problem(self, text: str, siblings: Mapping[str, Any] | None = None) -> str | None:
        return None if re.fullmatch(self.regex, text) else self.explain(text, siblings)


@dataclass(frozen=True)
class Scalar:
    """A single value: its types, the only ``words`` it may be, its bounds, a :class:`Pattern`, and a
    further ``check`` that JSON Schema is not told about (``why`` explains the bounds in the message)."""

    types: tuple[type, ...]
    what: str
    words: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    why: str = ""
    pattern: Pattern | None = None
    check: Check | None = None

    def problem(self, value: Any) -> str | None:
        """Why ``value`` (already of one of the types) is refused, or None."""
        if self.words and value not in self.words:
            return f"{value!r} is not one of {', '.join(self.words)}"
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = (
                f"at most {high}" if low is None else f"at least {low}" if high is None else f"between {low} and {high}"
            )
            return f"must be {bounds}{self.why}, got {value}"
        problem = self.pattern.problem(value) if self.pattern else None
        return problem or (self.check(value) if self.check else None)


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
    """A mapping whose keys are data (piece letters, family names), each matching ``key``."""

    key: Pattern
    value: Spec


Spec = Scalar | Seq | Struct | Table

#: a square name: a file letter and a rank from 1 (whether it is on the board is the builder's question)
SQUARE_RE = r"[a-z][1-9][0-9]?"
#: a range of squares, such as ``a2-h2`` (a placement's, along one rank or file) or ``d1-f3`` (a region's
#: rectangle): groups file, rank, file, rank
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


NAME_PATTERN = Pattern(
    r"[a-z0-9][a-z0-9-]{0,63}",
    lambda text, _: (
        f"{text!r} is not a valid name: use 1-64 lower-case letters, digits and '-', starting with a letter "
        "or digit (names become file names and ini section headers)"
    ),
)


def name_problem(text: str) -> str | None:
    return NAME_PATTERN.problem(text)


def _letter_explain(text: str, siblings: Mapping[str, Any] | None) -> str:
    if siblings is not None and len(text) == 1 and text != text.upper() and text.upper() in siblings:
        return f"piece letter {text!r} duplicates {text.upper()!r}: in FEN, case only tells the colour"
    return f"{text!r} is not a piece letter: use one upper-case letter A-Z (Black's pieces are its lower case)"


def _place_explain(text: str, _: object) -> str:
    if RANGE_RE.fullmatch(text):
        return f"range {text!r} must run along one rank or one file"
    return f"{text!r} is neither a square (like 'e4') nor a range of squares (like 'a2-h2')"


LETTER_PATTERN = Pattern("[A-Z]", _letter_explain)
# a square, or a range whose second square shares the first one's file (\1) or rank (\2)
PLACE_PATTERN = Pattern(r"([a-z])([1-9][0-9]?)(?:-(?:\1[1-9][0-9]?|[a-z]\2))?", _place_explain)
SEED_PATTERN = Pattern(
    r"[A-Za-z0-9_][A-Za-z0-9_.-]*", lambda text, _: f"{text!r} is not a plain file name under ../shared/seeds"
)


def _line(nonempty: bool) -> Scalar:
    def check(text: str) -> str | None:
        if nonempty and not text.strip():
            return "must not be empty"
        return _bad_chars(text, allow_newline=False)

    return Scalar((str,), "a one-line string", check=check)


def _int(low: int, high: int | None = None, why: str = "") -> Scalar:
    return Scalar((int,), "an integer", minimum=low, maximum=high, why=why)


def _choice(*words: str) -> Scalar:
    return Scalar((str,), "one of " + ", ".join(words), words=words)


BOOL = Scalar((bool,), "true or false")
NUMBER = Scalar((int, float), "a number", minimum=0)
LINE = _line(nonempty=False)
TITLE = _line(nonempty=True)
TEXT = Scalar((str,), "a string", check=lambda v: _bad_chars(v, allow_newline=True))
NAME = Scalar((str,), "a name", pattern=NAME_PATTERN)
#: ``extends``: an entry of this file, or ``SOURCE:NAME``, an entry of another catalogue (a shipped
#: one by name, or a file relative to this one)
PARENT = Scalar(
    (str,),
    "an entry's name, or SOURCE:NAME",
    pattern=Pattern(
        r"(?:[A-Za-z0-9_.][A-Za-z0-9_. /-]*:)?[a-z0-9][a-z0-9-]{0,63}",
        lambda text, _: (
            f"{text!r} names no entry: write a name of this file's 'variants:', or SOURCE:NAME for an entry of "
            "another catalogue (SOURCE: fairy-stockfish, variantgen, or a .yaml file beside this one)"
        ),
    ),
)
LETTER = Scalar((str,), "a piece letter", pattern=LETTER_PATTERN)
SQUARE = Scalar(
    (str,), "a square name", pattern=Pattern(SQUARE_RE, lambda t, _: f"{t!r} is not a square name (like 'e4')")
)
COLOR = _choice("white", "black")
ROLES = Seq(_choice(*(r.value for r in Role)))
RANK = _int(1, why=" (ranks are counted from 1)")
RANKS = Seq(RANK, nonempty=True)
#: a piece letter, or ``+`` and the letter of a piece that starts promoted
PLACED_PATTERN = Pattern(r"\+?[A-Z]", _letter_explain)
PLACEMENT = Table(PLACED_PATTERN, Seq(Scalar((str,), "a square or a range of squares", pattern=PLACE_PATTERN)))
POCKET = Table(LETTER_PATTERN, _int(0))
#: a region's items: squares, and ranges that may span a rectangle (``d1-f3``: the xiangqi palace)
AREA_PATTERN = Pattern(
    f"{SQUARE_RE}(?:-{SQUARE_RE})?",
    lambda text, _: f"{text!r} is neither a square (like 'e4') nor a range of squares (like 'a2-h2' or 'd1-f3')",
)
REGION = Seq(Scalar((str,), "a square or a range of squares", pattern=AREA_PATTERN), nonempty=True)
#: a flag region, which one side may lack (``[]``: that side wins no race)
SIDE_REGION = Seq(REGION.item, nonempty=False)
REPETITION = Scalar(
    (int,),
    "an integer",
    minimum=0,
    why=" (0: never)",
    check=lambda v: "must be 0 (never) or at least 2" if v == 1 else None,
)


def _toggled(spec: Struct, group: str = "") -> Struct:
    """``spec`` with the key of every yes-or-no rule kind (:data:`~.rule_kinds.TOGGLES`) in its group."""
    fields = {
        key: _toggled(value, f"{group}.{key}" if group else key) if isinstance(value, Struct) else value
        for key, value in spec.fields.items()
    }
    fields.update({toggle.name: BOOL for toggle in TOGGLES if toggle.group == group})
    return Struct(fields, spec.required)


VARIANT = _toggled(
    Struct(
        {
            "abstract": BOOL,
            "extends": PARENT,
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
                LETTER_PATTERN,
                Struct(
                    {
                        "name": TITLE,
                        "betza": TITLE,
                        "roles": ROLES,
                        "help": LINE,
                        "region": Struct({"ranks": RANKS, "white": REGION, "black": REGION}),
                        "advanced": Struct({"rank": RANK, "betza": TITLE}, ("rank", "betza")),
                        "line_moves": TITLE,
                    },
                    ("name", "betza"),
                ),
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
                    "triple_step_ranks": Seq(RANK, nonempty=True),
                    "en_passant_takers": Seq(LETTER, nonempty=True),
                    "en_passant_ranks": Seq(RANK, nonempty=True),
                    # a side's [] : its pawns never multi-step (Fairy-Stockfish's default *7 on a board of 6 ranks)
                    "multi_step_squares": Struct(
                        {"white": SIDE_REGION, "black": SIDE_REGION}, required=("white", "black")
                    ),
                    "en_passant": BOOL,
                    "promotion": Struct(
                        {
                            "ranks": RANKS,
                            # a side's []: its pawns never promote (Fairy-Stockfish's default *8 on a smaller board)
                            "white": SIDE_REGION,
                            "black": SIDE_REGION,
                            "choices": Seq(LETTER, nonempty=True),
                            "black_choices": Seq(LETTER, nonempty=True),
                            "mandatory": BOOL,
                            "limits": Table(LETTER_PATTERN, _int(1)),
                            "own_move": BOOL,
                        },
                        ("choices",),
                    ),
                }
            ),
            "drops": Struct(
                {
                    "ranks": RANKS,
                    "captures_to_hand": BOOL,
                    "keep_promoted": BOOL,
                    "piece_ranks": Table(LETTER_PATTERN, RANKS),
                    "one_per_file": LETTER,
                    "per_file": _int(0),
                    "no_drop_mate": LETTER,
                    "promoted": BOOL,
                    "must": BOOL,
                    "must_piece": LETTER,
                    "opposite_colors": LETTER,
                    "castling": LETTER,
                    "white": REGION,
                    "black": REGION,
                },
            ),
            "piece_promotion": Struct(
                {
                    "ranks": RANKS,
                    "pieces": Table(LETTER_PATTERN, LETTER),
                    "mandatory": BOOL,
                    "demotion": BOOL,
                    "on_capture": BOOL,
                },
                ("ranks", "pieces"),
            ),
            "immobility_illegal": BOOL,
            "chess960_castling": BOOL,
            "opposite_castling": BOOL,
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
                    "flag": Struct(
                        {
                            "piece": LETTER,
                            "ranks": RANKS,
                            "white": SIDE_REGION,
                            "black": SIDE_REGION,
                            "count": _int(1),
                            "blocked_win": BOOL,
                            "reply": BOOL,
                            "safe": BOOL,
                        }
                    ),
                    "bare_king": Struct({"opponent_minimum": _int(1), "both_bare_draw": BOOL}),
                    "extinction": Struct(
                        {
                            "pieces": Seq(LETTER),
                            "count": _int(0),
                            "result": _choice(*(r.value for r in Result)),
                            "pseudo_royal": BOOL,
                            "duple_check": BOOL,
                        }
                    ),
                    "check_count": _int(1, 9, " (Fairy-Stockfish's FEN gives each count one digit)"),
                    "castling_wins": Seq(_choice("K", "Q", "k", "q"), nonempty=True),
                    "checkmate_result": _choice(Result.LOSS.value, Result.WIN.value),
                    "shatar_mate": Struct(
                        {"decisive": Seq(LETTER, nonempty=True), "not_mating": Seq(LETTER)}, ("decisive",)
                    ),
                }
            ),
            "draws": Struct(
                {
                    "stalemate": _choice(*(s.value for s in StalemateResult)),
                    "repetition": REPETITION,
                    "move_rule": _int(0, why=" (0: no move rule)"),
                    "insufficient_material": Seq(LETTER),
                    "double_pass": BOOL,
                    "drops_reset_move_rule": BOOL,
                    "repetition_winner": _choice("white", "black", "to_move", "mover"),
                    "counting": _choice(*(c.value for c in Counting)),
                    "stalemate_piece_count": BOOL,
                    "draw_odds": COLOR,
                    "perpetual_check_loses": BOOL,
                    "move_rule_pieces": Seq(LETTER),
                    "black_move_rule_pieces": Seq(LETTER),
                    "chasing": _choice(*(c.value for c in Chasing)),
                    "bikjang": BOOL,
                    "move_repetition_loses": BOOL,
                    "points": Struct(
                        {"pieces": Table(LETTER_PATTERN, _int(0)), "bonus": Struct({"white": NUMBER, "black": NUMBER})},
                        ("pieces",),
                    ),
                }
            ),
            "notes": Seq(TITLE, unique=False),
            "fairy_stockfish_builtin": NAME,
            "id": NAME,
            "source": Struct({"file": TITLE, "section": TITLE, "game": TITLE}, ("file",)),
            "must_capture": BOOL,
            "royal_held_in_check": BOOL,
            "explosions": Struct({"immune": Seq(LETTER)}),
            "mutually_immune": Seq(LETTER),
            "petrify": Seq(LETTER),
            "shuns_own_type": Seq(LETTER),
            "diagonal_lines": REGION,
            "flying_general": BOOL,
            "gating": BOOL,
            "passing": BOOL,
            "first_leaps": Struct({"king": LETTER, "met": LETTER, "rook": LETTER}, ("king", "met", "rook")),
            "walling": Struct(
                {
                    "rule": _choice(*(w.value for w in WallingRule)),
                    "region": Struct({"ranks": RANKS, "white": REGION, "black": REGION}),
                    "or_move": BOOL,
                },
                ("rule",),
            ),
        },
        ("title", "board", "pieces", "setup"),
    )
)
FAMILY = Struct({"title": TITLE, "seed": Scalar((str,), "a file name", pattern=SEED_PATTERN)}, ("title",))
FAMILIES = Table(NAME_PATTERN, FAMILY)
#: the longest catalogue title: it names the downloads' files and folders, which Windows keeps short
MAX_CATALOGUE_TITLE = 60
#: what Windows forbids in a file name, and the path separators
_NOT_IN_FILE_NAMES = '<>:"/\\|?*'


def _catalogue_title(text: str) -> str | None:
    if not text.strip():
        return "must not be empty"
    if len(text) > MAX_CATALOGUE_TITLE:
        return f"{text[:20]!r}... is {len(text)} characters: at most {MAX_CATALOGUE_TITLE}, as it names files"
    bad = sorted({ch for ch in text if ch in _NOT_IN_FILE_NAMES})
    if bad:
        return f"{text!r} holds {' '.join(bad)}, which a file name cannot hold (it names the downloads)"
    if text.strip(". ") != text.strip():
        return f"{text!r} starts or ends with a dot, which Windows drops from a file name"
    return _bad_chars(text, allow_newline=False)


#: ``title:``, the catalogue's own: its page, its play page and its downloads are named after it
CATALOGUE_TITLE = Scalar((str,), "a one-line string", check=_catalogue_title)
TOP_KEYS = ("title", "families", "variants")
#: the top-level keys a catalogue must have: without ``families``, each entry that names none is in
#: the file's own family (:func:`~generator.catalogue.loader.file_family`)
REQUIRED_TOP_KEYS = ("variants",)


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
    problem = spec.problem(value)
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


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` where one known word is close to ``word`` (the standard library's difflib),
    else nothing.

    >>> did_you_mean("castle", ["pawns", "castling", "drops"]), did_you_mean("zzz", ["pawns"])
    (" (did you mean 'castling'?)", '')
    """
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_mapping(node: Node, spec: Struct | Table, field: str, where: Where, partial: bool) -> None:
    value = node.value
    if not isinstance(value, dict):
        raise where.error(node.line, field, f"expected a mapping, got {describe_value(value)}")
    for key, child in value.items():
        if isinstance(spec, Struct):
            if key not in spec.fields:
                allowed = ", ".join(spec.fields)
                raise where.error(
                    child.key_line,
                    field,
                    f"unknown key {key!r}{did_you_mean(key, spec.fields)}; allowed keys: {allowed}",
                )
            child_spec = spec.fields[key]
        else:
            problem = spec.key.problem(key, value)
            if problem:
                raise where.error(child.key_line, _join(field, key), problem)
            child_spec = spec.value
        if child.value is not None:  # null means "the default" (or, under extends, "drop the parent's")
            check(child, child_spec, _join(field, key), where, partial)
    if isinstance(spec, Struct) and not partial:
        for key in spec.required:
            if key not in value:
                raise where.error(node.key_line, field, f"missing required key {key!r}")
