"""Shatar's mate rule (``goals.shatar_mate``: Fairy-Stockfish's ``shatarMateRule``) and its bare king
(``goals.extinction`` with ``result: draw``), held to pyffish's built-in shatar: a knight's mate loses for
the side that gives it, a mate no decisive check led to draws, one after a rook's check in the same series
wins; the ini's row and its pieces by type, the read-back, Zillions' named limitation, the words."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import fsf_entry as entry
from support import ini_options

from generator.catalogue.model import Color, ShatarMate
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason

SERIES = "7k/1p6/5K2/6P1/8/8/4B3/R7 w - - 0 1"  # Ra8+ Kh7, then Bd3 mates
FRESH = "R7/1p5k/5K2/6P1/8/8/4B3/8 w - - 0 1"  # the same mate, no check before it


@pytest.mark.parametrize(
    ("fen", "moves", "winner", "why"),
    [
        ("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", ["g5f7"], Color.BLACK, Reason.MATE_NOT_ALLOWED),  # a knight alone
        (SERIES, ["a1a8", "h8h7", "e2d3"], Color.WHITE, Reason.CHECKMATE),  # the rook's check was a shak
        (FRESH, ["e2d3"], None, Reason.MATE_WITHOUT_SHAK),  # a bishop's mate, no shak before it
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", ["a1a8"], Color.WHITE, Reason.CHECKMATE),  # the rook's own
    ],
)
def test_a_mate_is_decided_by_the_checks_that_led_to_it_as_in_pyffish(
    fen: str, moves: list[str], winner: Color | None, why: Reason
) -> None:
    pos = Position.from_fen(entry("shatar"), fen)
    for m in moves:
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.why is why and end.winner is winner
    assert not pyffish.legal_moves("shatar", fen, moves)
    value = pyffish.game_result("shatar", fen, moves)  # for the side to move, the mated side
    assert value == (0 if winner is None else 32000 if winner is Color(pos.turn) else -32000)


def test_the_outcome_leaves_the_position_as_it_found_it() -> None:
    pos = Position.from_fen(entry("shatar"), SERIES)
    for m in ["a1a8", "h8h7", "e2d3"]:
        pos.push_uci(m)
    before = (pos.fen(), len(pos.stack))
    pos.outcome()
    assert (pos.fen(), len(pos.stack)) == before


@pytest.mark.parametrize("fen", ["7k/8/8/8/8/8/8/KR6 w - - 0 1", "7k/8/8/8/8/8/8/KR6 b - - 0 1"])
def test_a_bare_king_draws_at_once(fen: str) -> None:
    end = Position.from_fen(entry("shatar"), fen).outcome()
    assert end is not None and end.why is Reason.EXTINCTION and end.winner is None
    assert pyffish.is_immediate_game_end("shatar", fen, []) == (True, 0)


def test_the_ini_names_the_bers_by_type_and_reads_back() -> None:
    v = entry("shatar")
    options = ini_options(v)
    assert options["shatarMateRule"] == "true" and options["bers"] == "j" and options["knight"] == "n"
    assert [options[f"extinction{k}"] for k in ("Value", "PieceTypes", "PieceCount")] == ["draw", "*", "1"]
    start = "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"
    assert read_section({**options, "startFen": start}).goals == stated(v).goals
    assert "shatarMateRule" not in ini_options(entry("chess"))
    assert not limitations(v, Target.FAIRY_STOCKFISH)


def test_a_rule_fairy_stockfish_cannot_say_is_named_and_left_out() -> None:
    v = entry("shatar")
    other = dataclasses.replace(v, goals=dataclasses.replace(v.goals, shatar_mate=ShatarMate(("R",), ("N",))))
    assert [x.rule for x in limitations(other, Target.FAIRY_STOCKFISH)] == ["shatar-mate"]
    assert relaxed(other, Target.FAIRY_STOCKFISH).goals.shatar_mate is None
    assert "shatar-mate" in [x.rule for x in limitations(v, Target.ZILLIONS)]
    assert relaxed(v, Target.ZILLIONS).goals.shatar_mate is None


def test_the_words() -> None:
    goal = dict(rules_in_short(entry("shatar")))["Goal"]
    assert "came from a bers, knight or rook; otherwise the mate draws" in goal
    assert "a mate by knights alone loses for the side that gives it" in goal
    assert "a side with 1 or fewer pieces left draws" in goal
