"""Fuzzing the ZRF reader and interpreter: whatever the input, a result or one :class:`ZrfError` line.

The promise: :func:`read_text` returns forms or raises ``ZrfError`` (``path:line: ...``, one line), and
loading a game, compiling it and counting its moves returns a count or raises ``ZrfError``; never
another exception, never a hang.  Three kinds of input: arbitrary text and bytes (with the
characters that once hung the tokenizer: no-break spaces, Latin-1's ``\\x85``, parentheses, quotes),
games whose move blocks, goals and options are drawn from the movement language, and token-level
mutations of such a game.  Each example runs under an alarm (a hang fails it), and the runs are
derandomized and sized to take a few seconds together.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.zrf import ZrfError, load_text, perft, read_text, start
from generator.zrf.reader import decode, tokenize

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


class Hang(BaseException):
    """An example ran past its alarm (a BaseException, so that no ``except Exception`` hides it)."""


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail with :class:`Hang` if the body runs longer than ``seconds``."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def check_error(e: ZrfError, path: str) -> None:
    text = str(e)
    assert text.splitlines() == [text], repr(text)
    assert text.startswith(f"{path}:"), text


def play(text: str, depth: int) -> int | None:
    """Perft ``depth`` of every game of ``text``: the total, or None when a ZrfError stopped it."""
    try:
        rules = load_text(text, "fuzz.zrf")
        return sum(perft(start(game), depth) for game in rules.games)
    except ZrfError as e:
        check_error(e, "fuzz.zrf")
        return None


# -- text and bytes ---------------------------------------------------------------------------------

BLANKS = " \t\r\n\f\v\x85\xa0\u1680\u2000\u2028\u2029\u3000"
TOKENS = ["(", ")", '"', "\\", ";", "$1", "$2", "define", "game", "include", "(define m ($1 $2))", "(m a)", "m"]
CHARS = st.sampled_from(BLANKS) | st.sampled_from('()";$\\') | st.characters(codec="utf-8")
TEXT = st.lists(CHARS | st.sampled_from(TOKENS), max_size=80).map("".join)


@FUZZ
@given(TEXT)
def test_any_text_reads_or_fails_in_one_line(text: str) -> None:
    with within(5):
        try:
            names = [tok for kind, tok, _ in tokenize(text, "fuzz.zrf") if kind == "sym"]
            assert all(names) and not any(c.isspace() or c in '()";' for name in names for c in name)
            read_text(text, "fuzz.zrf")
        except ZrfError as e:
            check_error(e, "fuzz.zrf")


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes_read_or_fail_in_one_line(data: bytes) -> None:
    with within(5):
        try:
            read_text(decode(data), "fuzz.zrf")
        except ZrfError as e:
            check_error(e, "fuzz.zrf")


def test_blanks_of_every_kind_separate_tokens() -> None:
    """A no-break space or a Latin-1 \\x85 between tokens is a blank, as the names' scanner says."""
    for blank in BLANKS:
        with within(5):
            assert [t for _, t, _ in tokenize(f"(a{blank}b)")] == ["(", "a", "b", ")"], repr(blank)


# -- games drawn from the movement language ------------------------------------------------------------

DIRECTIONS = ["n", "e", "s", "w", "ne"]
TESTS = [
    "empty?",
    "friend?",
    "enemy?",
    "not-empty?",
    "attacked?",
    "defended?",
    "last-to?",
    "marked?",
    "adjacent-to-enemy?",
    "moved?",
    "(empty? n)",
    "(enemy? e)",
    "(in-zone? top)",
    "(on-board? n)",
    "(piece? A)",
    "(piece? B s)",
    "(position? a1)",
    "(flag? f)",
    "(position-flag? p)",
    "(not-attacked? w)",
    "true",
    "false",
]
CONDITION = st.recursive(
    st.sampled_from(TESTS),
    lambda inner: st.tuples(st.sampled_from(["not", "and", "or"]), st.lists(inner, min_size=1, max_size=3)).map(
        lambda t: f"({t[0]} {' '.join(t[1][:1] if t[0] == 'not' else t[1])})"
    ),
    max_leaves=4,
)
SIMPLE = st.sampled_from(
    [
        *DIRECTIONS,
        "add",
        "(add B)",
        "(add A B)",
        "add-copy",
        "(add-partial)",
        "mark",
        "back",
        "to",
        "from",
        "cascade",
        "capture",
        "(capture n)",
        "(go from)",
        "(go to)",
        "(go mark)",
        "(opposite n)",
        "(change-type B)",
        "(create B e)",
        "(create Black A)",
        "flip",
        "(change-owner)",
        "(from s)",
        "(to a2)",
        "a3",
        "(set-flag f true)",
        "(set-position-flag p true)",
    ]
)
STATEMENT = st.recursive(
    SIMPLE | CONDITION.map(lambda c: f"(verify {c})") | CONDITION.map(lambda c: f"(set-attribute moved? {c})"),
    lambda inner: st.one_of(
        st.tuples(CONDITION, st.lists(inner, max_size=3)).map(lambda t: f"(while {t[0]} {' '.join(t[1])})"),
        st.tuples(CONDITION, st.lists(inner, max_size=3), st.lists(inner, max_size=2)).map(
            lambda t: f"(if {t[0]} {' '.join(t[1])}" + (f" else {' '.join(t[2])})" if t[2] else ")")
        ),
    ),
    max_leaves=8,
)
BLOCK = st.lists(STATEMENT, min_size=1, max_size=6).map(lambda ss: f"({' '.join(ss)})")
GOALS = st.lists(
    st.sampled_from(
        [
            "(loss-condition (White Black) (checkmated A))",
            "(win-condition (White Black) (checkmated B))",
            "(draw-condition (White Black) stalemated)",
            "(loss-condition (White Black) (pieces-remaining 0))",
            "(win-condition (White) (absolute-config A (top)))",
            "(win-condition (Black) (relative-config A n A))",
            "(loss-condition (White Black) (captured B))",
            "(draw-condition (White Black) repetition)",
        ]
    ),
    max_size=2,
)
OPTIONS = st.lists(
    st.sampled_from(
        [
            '(option "pass turn" true)',
            '(option "pass turn" forced)',
            '(option "recycle captures" true)',
            '(option "recycle promotions" true)',
            '(option "pass partial" true)',
            "(move-priorities jump step)",
            "(turn-order White Black Black)",
            "(turn-order (White step) repeat Black)",
        ]
    ),
    max_size=2,
)


def game_text(moves_a: list[str], moves_b: list[str], drops: list[str], goals: list[str], options: list[str]) -> str:
    return f"""(game (title "Fuzz") (players White Black)
  (board (grid (dimensions ("a/b/c/d" (50 0)) ("4/3/2/1" (0 50)))
               (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1)))
         (symmetry Black (n s) (s n) (ne e))
         (zone (name top) (players White) (positions a4 b4 c4))
         (zone (name top) (players Black) (positions a1 b1 c1)))
  {" ".join(options)}
  (piece (name A) (attribute moved? false) (moves (move-type step) {" ".join(moves_a)}))
  (piece (name B) (drops {" ".join(drops)}) (moves (move-type jump) {" ".join(moves_b)}))
  (board-setup (White (A a1 b1) (B c1 off 1)) (Black (A a4 d4) (B c4 off 1)))
  {" ".join(goals)})"""


GAME = st.builds(
    game_text,
    st.lists(BLOCK, min_size=1, max_size=3),
    st.lists(BLOCK, max_size=2),
    st.lists(BLOCK, max_size=1),
    GOALS,
    OPTIONS,
)


@settings(FUZZ, max_examples=150)
@given(GAME)
def test_any_game_plays_or_fails_in_one_line(text: str) -> None:
    with within(20):
        got = play(text, 2)
    assert got is None or got >= 0


@settings(FUZZ, max_examples=100)
@given(GAME, st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([*TOKENS, "", "B", "n", "add"])), max_size=4))
def test_a_mutated_game_plays_or_fails_in_one_line(text: str, edits: list[tuple[int, str]]) -> None:
    """Token-level damage: a token replaced (or dropped) by another."""
    toks = text.replace("(", " ( ").replace(")", " ) ").split()
    for where, new in edits:
        toks[where % len(toks)] = new
    with within(20):
        got = play(" ".join(toks), 1)
    assert got is None or got >= 0
