"""Fuzzing the catalogue loader and the Betza parser.

The promise: whatever the input, :func:`load_catalogue_text` returns a valid :class:`Catalogue` or raises the
documented :class:`CatalogueError` (one line, ``path[:line]: ...``), and :func:`parse_betza` returns a
:class:`BetzaPiece` or raises :class:`BetzaError`; never another exception, never a hang.  The loader turns an
unexpected exception into "internal error while loading: ..." so that no traceback reaches a user; here that
message counts as a failure, since it means a loader bug.

Three kinds of input: arbitrary text and bytes (plus splices of the real ``variants.yaml``), structured mutations
of the real catalogue (parsed as data, mutated, dumped back to YAML), and arbitrary Betza strings.  Runs are
derandomized (the same examples on every run) and sized to take well under a minute together.
"""

from __future__ import annotations

import contextlib
import copy
import re
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.betza import BetzaError, BetzaPiece, parse_betza
from generator.catalogue import (
    DEFAULT_CATALOGUE,
    Catalogue,
    CatalogueError,
    Color,
    load_catalogue,
    load_catalogue_text,
)

REAL_TEXT = DEFAULT_CATALOGUE.read_text(encoding="utf-8")
REAL_LINES = REAL_TEXT.splitlines(keepends=True)
REAL: dict[str, Any] = yaml.safe_load(REAL_TEXT)

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

# ---------------------------------------------------------------------------
# What every outcome must satisfy

LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def check_error(error: CatalogueError, path: str, text: str) -> None:
    message = str(error)
    assert message.splitlines() == [message], repr(message)
    assert "internal error" not in message, message  # the loader's catch-all: a bug, not bad input
    where = path if error.line is None else f"{path}:{error.line}"
    assert message.startswith(f"{where}: "), message
    if error.line is not None:  # YAML counts "\r", "\x85", "\u2028" and "\u2029" as line breaks too
        assert 1 <= error.line <= len(LINE_BREAK.findall(text)) + 1, message


def check_catalogue(catalogue: Catalogue) -> None:
    """The invariants the loader promises for what it accepts."""
    assert catalogue.variants
    assert len(set(catalogue.names())) == len(catalogue.names())
    for v in catalogue.variants:
        assert 1 <= v.board.files <= 26 and 1 <= v.board.ranks <= 26
        letters = {p.letter: p for p in v.pieces}
        squares = [sq for sq, _, _ in v.setup.placement]
        assert len(set(squares)) == len(squares)
        assert all(v.board.contains(sq) for sq in squares)
        assert all(letter in letters for _, _, letter in v.setup.placement)
        assert all(letter in letters and not letters[letter].royal for _, letter, _ in v.setup.pockets)
        if v.goals.checkmate:
            for color in Color:
                royals = [sq for sq, c, x in v.setup.placement if c is color and letters[x].royal]
                assert len(royals) == 1
        for c in v.castling:
            assert all(v.board.contains(sq) for sq in (c.king_from, c.king_to, c.rook_from, c.rook_to))
            king, rook = v.setup.piece_at(c.king_from), v.setup.piece_at(c.rook_from)
            assert king is not None and king[0] is c.color and letters[king[1]].royal
            assert rook is not None and rook[0] is c.color and not (letters[rook[1]].royal or letters[rook[1]].pawn)
        promotion = v.pawn_rules.promotion
        if promotion is not None:
            assert all(x in letters and not letters[x].royal and not letters[x].pawn for x in promotion.choices)
            assert all(1 <= r <= v.board.ranks for r in promotion.ranks)
        for text in (v.title, v.family_title, *v.notes, *(p.name for p in v.pieces), *(p.help for p in v.pieces)):
            assert text.splitlines() == [text] or text == ""
            text.encode("utf-8")  # no lone surrogates: the CLI must be able to print it


def load(text: str, path: str = "fuzz.yaml", *, located: bool = False) -> Catalogue | CatalogueError:
    try:
        catalogue = load_catalogue_text(text, path)
    except CatalogueError as error:
        check_error(error, path, text)
        if located:
            assert error.line is not None, str(error)
        return error
    check_catalogue(catalogue)
    return catalogue


def test_the_real_catalogue_passes_the_checks() -> None:
    assert isinstance(load(REAL_TEXT), Catalogue)


# ---------------------------------------------------------------------------
# (1) Arbitrary text and bytes

YAML_ALPHABET = " \t\n\r:-[]{},#&*!|>'\"%@`?~.0123456789aefKRPWNm\\\x00\x07\x85\u2028\ufeff"

splices = st.lists(st.sampled_from(REAL_LINES), min_size=1, max_size=40).map("".join)


@st.composite
def edited_real(draw: st.DrawFn) -> str:
    """The real catalogue with one stretch of it replaced by a few characters: nearly valid YAML."""
    start = draw(st.integers(0, len(REAL_TEXT)))
    end = draw(st.integers(start, min(len(REAL_TEXT), start + 40)))
    return REAL_TEXT[:start] + draw(st.text(YAML_ALPHABET, max_size=6)) + REAL_TEXT[end:]


@settings(FUZZ, max_examples=600)
@given(st.one_of(st.text(), st.text(YAML_ALPHABET, max_size=200), splices))
@example('x: !!int ""')  # found by this test: PyYAML raised IndexError, reported as an internal error
@example("x: !!float _")
@example("\r{0")  # a line break YAML counts and str.count("\n") does not
def test_arbitrary_text(text: str) -> None:
    load(text)


@settings(FUZZ, max_examples=30)
@given(edited_real())
def test_edited_real_catalogue(text: str) -> None:
    load(text)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "catalogue.yaml"


def bytes_edit(data: bytes, at: int, cut: int, insert: bytes) -> bytes:
    at %= len(data) + 1
    return data[:at] + insert + data[at + cut :]


SMALL_REAL = "".join(REAL_LINES[:120]).encode("utf-8")


@settings(FUZZ, max_examples=300)
@given(
    st.one_of(
        st.binary(max_size=300),
        st.builds(
            bytes_edit,
            st.just(SMALL_REAL),
            st.integers(0, len(SMALL_REAL)),
            st.integers(0, 3),
            st.sampled_from([b"\xff", b"\xe9", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf", b"\t", b"\r"]),
        ),
        st.text(max_size=100).map(lambda t: t.encode("utf-16")),
    )
)
def test_arbitrary_bytes(scratch: Path, data: bytes) -> None:
    scratch.write_bytes(data)
    try:
        catalogue = load_catalogue(scratch)
    except CatalogueError as error:
        check_error(error, str(scratch), data.decode("utf-8", "replace"))
        return
    check_catalogue(catalogue)


# ---------------------------------------------------------------------------
# (2) Structured mutations of the real catalogue

BETZA_ALPHABET = "WFDNAHCZGKRBQLJfblrvshimcn0123456789" + "apgedtoyzxukqOUXYTEMP[]()-?@ ,/"
KEYS = sorted(
    {
        "abstract", "extends", "title", "family", "description", "board", "files", "ranks", "holes", "pieces",
        "name", "betza", "roles", "help", "setup", "white", "black", "pockets", "to_move", "castling", "color",
        "king", "king_to", "rook", "rook_to", "pawns", "max_steps", "multi_step_ranks", "en_passant", "promotion",
        "choices", "mandatory", "drops", "captures_to_hand", "swaps", "piece", "adjacency", "excluded_roles",
        "unmoved_only", "per_player", "goals", "checkmate", "race", "bare_king", "opponent_minimum", "draws",
        "stalemate", "repetition", "move_rule", "insufficient_material", "notes", "seed", "K", "Q", "M", "k",
        "royal", "pawn", "<<", "", "1", "true", "null", "a/b", "..", "x y", "é",
    }
)  # fmt: skip
SQUARE_TEXT = re.compile(r"[a-z][0-9]+(-[a-z][0-9]+)?")

betzas = st.one_of(
    st.text(BETZA_ALPHABET, min_size=1, max_size=12), st.sampled_from(["K", "R", "fmWfcF", "mWnD", "BNmW", ""])
)
numbers = st.one_of(
    st.integers(-3, 30),
    st.sampled_from([0, 1, 2, 26, 27, 99, 100, -(2**31), 2**31, 2**63, 10**30, -(10**30)]),
    st.floats(allow_nan=True, allow_infinity=True),
)
square_names = st.one_of(
    st.builds("{}{}".format, st.sampled_from("abcdefghij"), st.integers(1, 10)),  # mostly on the board
    st.builds("{}{}".format, st.sampled_from("abcdefghijklmnopqrstuvwxyzA?"), st.integers(-1, 120)),
    st.sampled_from(["a1", "j10", "z26", "a0", "a01", "e4 ", ""]),
)
squares = st.one_of(square_names, st.builds("{}-{}".format, square_names, square_names))
letters = st.sampled_from([*"KQRBNPMACSDGkqrx", "KK", "", "1"])
words = st.one_of(st.text(max_size=12), st.sampled_from(KEYS), letters)
scalars = st.one_of(st.none(), st.booleans(), numbers, words, squares, betzas)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(words, inner, max_size=3),
    max_leaves=8,
)


def subset(name: str) -> dict[str, Any]:
    """The real catalogue reduced to the families and one variant with its ``extends`` chain (faster to load)."""
    variants = REAL["variants"]
    chain = [name]
    while (parent := variants[chain[-1]].get("extends")) is not None:
        chain.append(parent)
    return {
        "families": copy.deepcopy(REAL["families"]),
        "variants": {n: copy.deepcopy(variants[n]) for n in variants if n in chain},
    }


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``data``: the keys and indexes that lead to it."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += paths(value, (*prefix, i))
    return out


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def same_kind(key: Any, current: Any) -> st.SearchStrategy[Any]:
    """A new value of the kind the place holds: Betza for Betza, squares for squares, numbers for numbers."""
    if key in ("betza", "adjacency"):
        return betzas
    if isinstance(current, str) and SQUARE_TEXT.fullmatch(current):
        return squares
    if isinstance(current, bool):
        return scalars
    if isinstance(current, int | float):
        return numbers
    if isinstance(current, str) and len(current) <= 2:
        return letters
    return values


MUTATIONS = ["same"] * 8 + ["replace"] * 2 + ["delete"] * 3 + ["null", "insert", "insert", "append"]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """One concrete variant of the real catalogue (with its parents and the families), mutated one to three times.

    Mostly deep places (a piece's Betza, a square, a rank), so that many mutants pass the shape checks and reach
    the checks of meaning (squares on the board, letters defined, castling pieces in place...).
    """
    data = subset(draw(st.sampled_from([n for n, v in REAL["variants"].items() if not v.get("abstract")])))
    for _ in range(draw(st.integers(1, 3))):
        places = paths(data)[1:]
        kinds = {
            "betza": [p for p in places if p[-1] in ("betza", "adjacency")],
            "square": [p for p in places if isinstance(at(data, p), str) and SQUARE_TEXT.fullmatch(at(data, p))],
            "number": [p for p in places if isinstance(at(data, p), int | float)],
            "letter": [p for p in places if isinstance(at(data, p), str) and len(at(data, p)) == 1],
            "deep": [p for p in places if len(p) >= 4],
            "any": places,
        }
        places = kinds[draw(st.sampled_from([k for k, found in kinds.items() if found] or ["any"]))]
        if not places:
            break
        where = draw(st.sampled_from(places))
        parent, key = at(data, where[:-1]), where[-1]
        current = parent[key]
        kind = draw(st.sampled_from(MUTATIONS))
        if kind == "delete":
            del parent[key]
        elif kind == "null":
            parent[key] = None
        elif kind == "insert" and isinstance(current, dict):
            current[draw(words)] = draw(values)
        elif kind == "append" and isinstance(current, list):
            item = draw(values if not current else st.sampled_from(current) | values)
            current.insert(draw(st.integers(0, len(current))), item)
        elif kind == "same":
            parent[key] = draw(same_kind(key, current))
        else:
            parent[key] = draw(values)
    return data


@settings(FUZZ, max_examples=200)
@given(mutated())
def test_mutated_catalogue(data: dict[str, Any]) -> None:
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=120)
    # Every error about a document that parses into a mapping has a line.
    load(text, located=True)


@settings(FUZZ, max_examples=60)
@given(mutated(), st.data())
def test_mutated_catalogue_with_aliases(data: dict[str, Any], draw: st.DataObject) -> None:
    """The same, after making one place hold the very object another place holds: the dump then has an anchor
    and an alias, and when the object is an ancestor of the place, a recursive alias."""
    places = paths(data)[1:]
    if not places:
        return
    source, target = draw.draw(st.sampled_from(places)), draw.draw(st.sampled_from(places))
    at(data, target[:-1])[target[-1]] = at(data, source)
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=120)
    load(text, located=True)


# ---------------------------------------------------------------------------
# (3) The Betza parser on arbitrary text, time-bounded

parse_betza("WFDNAHCZGKRBQLJ")  # fill the parser's caches before the deadline applies


@settings(FUZZ, max_examples=1000, deadline=500)
@given(
    st.one_of(
        st.text(BETZA_ALPHABET, max_size=30),
        st.text(max_size=30),
        st.text(BETZA_ALPHABET, min_size=200, max_size=2000),
    )
)
def test_betza_parser(text: str) -> None:
    try:
        piece = parse_betza(text)
    except BetzaError as error:
        assert error.text == text and 0 <= error.index <= len(text)
        assert error.message and str(error).splitlines() == [str(error)]
        return
    assert isinstance(piece, BetzaPiece) and (piece.moves or text == "-")  # "-": the piece that never moves
    assert all(line.splitlines() == [line] for line in piece.describe())


def test_a_long_betza_string_is_quick() -> None:
    """The loader reads Betza strings of any length (up to the 1 MiB file limit): the parser must stay linear."""
    for text in ("fmWfcF" * 10_000, "fsrbNN" * 10_000, "imcn" * 30_000):
        start = time.perf_counter()
        with contextlib.suppress(BetzaError):
            parse_betza(text)
        assert time.perf_counter() - start < 5, text[:12]
