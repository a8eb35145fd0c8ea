"""Draw odds (``draws.draw_odds``): armageddon's draws are Black's wins, as pyffish's built-in decides them,
in the ini as ``materialCounting``, and in Zillions as Black's wins by stalemate and repetition."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import fsf_entry as entry

from generator.catalogue import Catalogue, find_catalogue, load_catalogue
from generator.catalogue.model import Color
from generator.check.compare import check_variant
from generator.check.endings import prove_into
from generator.check.zillions import Zillions
from generator.emit.fairy_stockfish.options import draw_options
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.emit.zillions import download_of, render_family
from generator.engine import Position


def fsf_catalogue() -> Catalogue:
    return load_catalogue(find_catalogue("fairy-stockfish"))


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),  # Black stalemated
        ("7K/5q2/6k1/8/8/8/8/8 w - - 0 1", "stalemate"),  # White stalemated
        ("4k3/8/8/8/8/8/8/4K2R w - - 100 80", "the 50-move rule"),
        ("4k3/8/8/8/8/8/8/4K2R b - - 100 80", "the 50-move rule"),
    ],
)
def test_what_would_draw_is_a_win_for_black_as_in_pyffish(fen: str, reason: str) -> None:
    pos = Position.from_fen(entry("armageddon"), fen)
    end = pos.outcome()
    assert end is not None and end.reason == reason and end.winner is Color.BLACK
    white = fen.split()[1] == "w"
    if pyffish.legal_moves("armageddon", fen, []):
        ended, value = pyffish.is_optional_game_end("armageddon", fen, [])
        assert ended
    else:
        value = pyffish.game_result("armageddon", fen, [])
    assert (value > 0) != white and end.result == "0-1"  # pyffish's value is the side to move's


def test_without_draw_odds_the_same_positions_draw() -> None:
    chess = entry("armageddon")
    chess = dataclasses.replace(chess, draws=dataclasses.replace(chess.draws, draw_odds=None))
    fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    end = Position.from_fen(chess, fen).outcome()
    assert end is not None and end.winner is None
    assert not pyffish.legal_moves("chess", fen, []) and pyffish.game_result("chess", fen, []) == 0


def test_draw_odds_in_the_ini_and_in_zillions() -> None:
    v = entry("armageddon")
    assert dict(draw_options(v).options)["materialCounting"] == "blackdrawodds"
    assert "materialCounting" not in dict(draw_options(entry("chess")).options)
    # Zillions: a stalemate and a repetition are Black's wins whoever they befall (the move rule is left out)
    assert [x.rule for x in limitations(v, Target.ZILLIONS)] == ["move-rule"]
    assert relaxed(v, Target.ZILLIONS).draws.draw_odds is Color.BLACK
    zrf = render_family(fsf_catalogue(), download_of(fsf_catalogue(), v.name).key)
    for line in ("(win-condition (Black) stalemated)", "(loss-condition (White) stalemated)"):
        assert line in zrf
    with Zillions(fsf_catalogue(), [v]) as engine:
        report = check_variant(v, engine, depth=0, games=0, plies=0, seed=1)
        prove_into(report, v, engine)
    assert report.ok, report.disagreement.describe()
    assert {"stalemate", "repetition"} <= set(report.proved)
    assert (
        "Black has draw odds: a stalemate, move rule, repetition or double pass that would draw is Black's win."
        in (dict(rules_in_short(v))["Draws"])
    )
