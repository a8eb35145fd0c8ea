"""The xiangqi family's rules (regions, advanced moves, the flying general, perpetual check), each
checked against pyffish's built-in, and how the ini and Zillions targets write them."""

from __future__ import annotations

import pyffish
import pytest
from support import fsf_entry as entry
from support import ini_options, legal_uci, pyffish_perft

from generator.catalogue.model import Color
from generator.emit.fidelity import FAIRY_STOCKFISH, ZILLIONS, limitations, relaxed
from generator.engine import Position
from generator.engine.perft import perft


@pytest.mark.parametrize("name", ["xiangqi", "minixiangqi", "manchu"])
def test_the_start_counts_like_the_builtin(name: str) -> None:
    pos = Position.start(entry(name))
    fen = pyffish.start_fen(name)
    assert pos.fen() == fen
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(name, fen, [], d) for d in (1, 2, 3)]


@pytest.mark.parametrize(
    "fen",
    [
        "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1",  # the horse between the generals may not move
        "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",  # the general may not step onto d1, facing d10
        "3k5/9/9/4P4/9/2P6/9/9/9/4K4 w - - 0 1",  # e7 has crossed the river and steps sideways, c5 not
        "3k5/9/9/9/9/2B6/3P5/9/9/4K4 w - - 0 1",  # the elephant may not cross (a7, e7), d4 blocks e3
        "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1",  # the advisor keeps to the palace: e2, not c2
        "4k4/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1",  # Black's palace: d8 and f8, and the general to d9 or f10
        "3k5/9/9/9/9/9/9/3P5/9/3C1K3 b - - 0 1",  # the cannon checks over d3: the general steps aside
    ],
)
def test_regions_the_flying_general_and_the_soldier_as_in_the_builtin(fen: str) -> None:
    pos = Position.from_fen(entry("xiangqi"), fen)
    assert legal_uci(pos) == set(pyffish.legal_moves("xiangqi", fen, []))
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("xiangqi", fen, [], d) for d in (1, 2, 3)]


def test_perpetual_check_loses_for_the_checker() -> None:
    fen = "3k5/9/4R4/9/9/9/9/9/9/5K3 w - - 0 1"
    cycle = ["e8d8", "d10e10", "d8e8", "e10d10"]  # the chariot checks from d8, then from e8
    pos = Position.from_fen(entry("xiangqi"), fen)
    pos.track_history()
    for m in cycle * 2:
        assert pos.outcome() is None
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.winner is Color.BLACK and end.reason == "perpetual check"
    ended, value = pyffish.is_optional_game_end("xiangqi", fen, cycle * 2)
    assert ended and value < 0  # the side to move, White, loses


def test_a_repetition_without_perpetual_check_draws() -> None:
    fen = "3k5/9/4R4/9/9/9/9/9/9/5K3 w - - 0 1"
    cycle = ["e8e7", "d10d9", "e7e8", "d9d10"]
    pos = Position.from_fen(entry("xiangqi"), fen)
    pos.track_history()
    for m in cycle * 2:
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.winner is None
    assert pyffish.is_optional_game_end("xiangqi", fen, cycle * 2) == (True, 0)


def test_the_ini_writes_regions_the_soldier_and_the_rules() -> None:
    options = ini_options(entry("xiangqi"))
    assert options["mobilityRegionWhiteKing"] == "d1 e1 f1 d2 e2 f2 d3 e3 f3"
    assert options["mobilityRegionBlackKing"] == "d8 e8 f8 d9 e9 f9 d10 e10 f10"
    assert options["soldier"] == "p" and options["soldierPromotionRank"] == "6"
    assert options["flyingGeneral"] == "true" and options["perpetualCheckIllegal"] == "true"
    assert "*1 *2 *3 *4 *5" in options.values()  # the elephant's side of the river, as whole ranks
    assert limitations(entry("xiangqi"), FAIRY_STOCKFISH) == ()


def test_zillions_names_what_it_leaves_out_and_keeps_the_flying_general() -> None:
    xiangqi = entry("xiangqi")
    assert [x.rule for x in limitations(xiangqi, ZILLIONS)] == [
        "move-rule",
        "region",
        "advanced-moves",
        "perpetual-check",
    ]
    played = relaxed(xiangqi, ZILLIONS)
    assert played.flying_general
    assert all(p.region is None and p.advanced is None for p in played.pieces)
    assert not played.draws.perpetual_check_loses
