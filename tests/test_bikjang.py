"""Janggi's tournament and traditional rules, the built-ins ``janggi`` and ``janggitraditional``: bikjang
(``draws.bikjang``: the generals facing each other on an open file; Fairy-Stockfish's ``bikjangRule``) and point
counting (``draws.points``: ``materialCounting = janggi``).  Held to pyffish's built-ins on positions where the
generals face each other (legal moves, the pass in check, the game's end) and where the points decide (two passes,
the move rule, a repetition); the ini's rows and read-back, the fidelity notes, the words and the proofs."""

from __future__ import annotations

import dataclasses
import re

import pyffish
import pytest
from support import fsf_entry, ini_options, load_section

from generator.catalogue.model import Points
from generator.check.endings import BUILDERS
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.outcome import Reason

#: pyffish spells a pass as the general's move onto its own square (``e2e2``)
_SELF = re.compile(r"^([a-i]\d+)\1$")
#: White's general on e2 and Black's on d9, each with a chariot: Black steps to e9 and faces it
FACING = "8r/3k5/9/9/9/9/9/9/4K4/R{} b - - 0 1"


def _spelled(name: str, fen: str, played: list[str]) -> list[str]:
    out: list[str] = []
    for m in played:
        out.append(next(x for x in pyffish.legal_moves(name, fen, out) if _SELF.match(x)) if m == "0000" else m)
    return out


def _theirs(name: str, fen: str, played: list[str]) -> set[str]:
    return {"0000" if _SELF.match(m) else m for m in pyffish.legal_moves(name, fen, _spelled(name, fen, played))}


def _their_result(name: str, fen: str, played: list[str]) -> str | None:
    """pyffish's result after ``played``: the game's end, or the result a player may claim."""
    moves = _spelled(name, fen, played)
    ended, value = pyffish.is_immediate_game_end(name, fen, moves)
    if not ended:
        ended, value = pyffish.is_optional_game_end(name, fen, moves)
    if not ended:
        return None
    white_to_move = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
    return "1/2-1/2" if value == 0 else "1-0" if (value > 0) == white_to_move else "0-1"


def _play(name: str, fen: str, played: list[str]) -> Position:
    """``played`` from ``fen``: after each move our legal moves and result are pyffish's."""
    pos = Position.from_fen(fsf_entry(name), fen)
    pos.track_history()
    for i, m in enumerate(played):
        pos.push_uci(m)
        end = pos.outcome()
        assert (end.result if end else None) == _their_result(name, fen, played[: i + 1]), (name, played[: i + 1])
        if end is None:
            assert {uci(pos.rules, x) for x in pos.legal_moves()} == _theirs(name, fen, played[: i + 1])
    return pos


@pytest.mark.parametrize(
    ("rest", "janggi"),
    [
        ("8", "0-1"),  # a chariot each: equal points, and Black's 1.5 more
        ("R7", "1-0"),  # a chariot more
        ("1P6", "1-0"),  # a soldier more: two points, more than Black's 1.5
        ("2A5", "1-0"),
    ],
)
def test_a_pass_that_leaves_the_generals_facing_ends_the_game(rest: str, janggi: str) -> None:
    fen = FACING.format(rest)
    # facing, White may only part them (the general steps off the file) or pass; the chariot's moves are refused
    pos = _play("janggi", fen, ["d9e9"])
    moves = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert {"0000", "e2d2", "e2f2", "e2f3"} <= moves and not any(m.startswith(("a1", "e2e")) for m in moves)
    end = _play("janggi", fen, ["d9e9", "0000"]).outcome()
    assert end is not None and end.why is Reason.BIKJANG and end.result == janggi
    end = _play("janggitraditional", fen, ["d9e9", "0000"]).outcome()
    assert end is not None and end.why is Reason.BIKJANG and end.result == "1/2-1/2"
    # the casual rules have no bikjang: the pass is one pass, and the chariot may move
    assert _play("janggicasual", fen, ["d9e9", "0000"]).outcome() is None
    assert "a1a2" in _theirs("janggicasual", fen, ["d9e9"])


@pytest.mark.parametrize("name", ["janggi", "janggitraditional"])
def test_in_check_and_facing_a_side_may_pass(name: str) -> None:
    # the horse checks from d8 and, leaving e6, opens the file between the generals
    fen = "4k4/9/9/9/4N4/9/9/9/4K4/R8 w - - 0 1"
    pos = _play(name, fen, ["e6d8"])
    assert pos.in_check() and "0000" in {uci(pos.rules, m) for m in pos.legal_moves()}
    end = _play(name, fen, ["e6d8", "0000"]).outcome()
    assert end is not None and end.why is Reason.BIKJANG


def test_a_general_given_facing_passes_into_bikjang_at_once() -> None:
    """From a position set up with the generals facing, the first pass ends it (pyffish's ``pliesFromNull``)."""
    end = _play("janggi", "8r/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1", ["0000"]).outcome()
    assert end is not None and end.why is Reason.BIKJANG and end.result == "0-1"


@pytest.mark.parametrize(
    ("fen", "result"), [(pyffish.start_fen("janggi"), "0-1"), ("4k4/9/9/9/9/9/9/9/3K5/RR7 w - - 0 1", "1-0")]
)
def test_two_passes_go_by_the_points_under_the_tournament_rules(fen: str, result: str) -> None:
    end = _play("janggi", fen, ["0000", "0000"]).outcome()
    assert end is not None and end.why is Reason.DOUBLE_PASS and end.result == result
    end = _play("janggitraditional", fen, ["0000", "0000"]).outcome()
    assert end is not None and end.result == "1/2-1/2"


@pytest.mark.parametrize(("rest", "result"), [("R7", "1-0"), ("8", "0-1")])
def test_the_move_rule_goes_by_the_points(rest: str, result: str) -> None:
    fen = f"8r/3k5/9/9/9/9/9/9/5K3/R{rest} w - - 99 60"
    end = _play("janggi", fen, ["a1a2"]).outcome()
    assert end is not None and end.why is Reason.MOVE_RULE and end.result == result
    end = _play("janggitraditional", fen, ["a1a2"]).outcome()
    assert end is not None and end.result == "1/2-1/2"


def test_a_repetition_goes_by_the_points() -> None:
    fen = "8r/3k5/9/9/9/9/9/9/5K3/RR7 w - - 0 1"
    cycle = ["a1a2", "i10i9", "a2a1", "i9i10"]
    end = _play("janggi", fen, cycle * 2).outcome()
    assert end is not None and end.why is Reason.REPETITION and end.result == "1-0"


def test_our_own_section_plays_as_the_builtin() -> None:
    # (its general has no moves along the palace's diagonals: the relaxed reference's are compared)
    v = relaxed(dataclasses.replace(fsf_entry("janggi"), name="janggi-own"), Target.FAIRY_STOCKFISH)
    load_section(v)
    for fen, played in [(FACING.format("1P6"), ["d9e9", "0000"]), (FACING.format("8"), ["d9e9", "0000"])]:
        assert _their_result("janggi-own", fen, played) == _their_result("janggi", fen, played) is not None
        pos = Position.from_fen(v, fen)
        pos.push_uci(played[0])
        assert _theirs("janggi-own", fen, played[:1]) == {uci(pos.rules, m) for m in pos.legal_moves()}


def test_the_rows_the_read_back_the_notes_and_the_words() -> None:
    v = fsf_entry("janggi")
    played = relaxed(v, Target.FAIRY_STOCKFISH)
    options = ini_options(played)
    assert (options["bikjangRule"], options["materialCounting"]) == ("true", "janggi")
    # the counted horse and elephant are Fairy-Stockfish's, which it counts by type
    assert (options["horse"], options["janggiElephant"]) == ("n", "b")
    back = read_section({**options, "startFen": start_fen(played)})
    assert back.draws.bikjang and back.draws.points == v.draws.points
    traditional = ini_options(relaxed(fsf_entry("janggitraditional"), Target.FAIRY_STOCKFISH))
    assert traditional["bikjangRule"] == "true" and "materialCounting" not in traditional
    # the Zillions file writes bikjang (tests/test_zillions_facing.py), and cannot count points
    zillions = {limit.rule for limit in limitations(v, Target.ZILLIONS)}
    assert "points" in zillions and "bikjang" not in zillions
    assert "points" not in {limit.rule for limit in limitations(v, Target.FAIRY_STOCKFISH)}
    # other points than janggi's: Fairy-Stockfish cannot count them
    other = dataclasses.replace(v, draws=dataclasses.replace(v.draws, points=Points((("R", 10),), (0.0, 1.5))))
    assert "points" in {limit.rule for limit in limitations(other, Target.FAIRY_STOCKFISH)}
    assert "materialCounting" not in ini_options(relaxed(other, Target.FAIRY_STOCKFISH))
    words = dict(rules_in_short(v))["Draws"]
    assert "(bikjang)" in words and "Chariot 13" in words and "Black 1.5 more" in words


def test_the_proofs_pass_and_decide_by_the_points() -> None:
    v = fsf_entry("janggi")
    cases = [c for rule, _, build in BUILDERS if rule in ("bikjang", "points") for c in build(v)]
    found = {c.rule: c for c in cases}
    assert {"bikjang", "points"} <= set(found)
    for case in cases:
        if case.rule in ("bikjang", "points"):
            assert _their_result("janggi", case.fen, list(case.moves)) is not None
            assert _their_result("janggi", case.fen, list(case.moves[:-1])) is None
            pos = _play("janggi", case.fen, list(case.moves))
            assert pos.outcome() is not None
    results = {_their_result("janggi", c.fen, list(c.moves)) for c in cases if c.rule == "points"}
    assert results == {"1-0", "0-1"}
