"""The xiangqi family's rules (regions, advanced moves, the flying general, perpetual check), each
checked against pyffish's built-in, and how the ini and Zillions targets write them (the Zillions file
also on other kinds of moves: sliders, hoppers, pawns, drops)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pyffish
import pytest
from support import FSF_CATALOGUE, assert_check_agrees, ini_options, legal_uci, pyffish_perft
from support import fsf_entry as entry

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import Color, Role
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.zillions import download_of, downloads, render_family
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
    assert limitations(entry("xiangqi"), Target.FAIRY_STOCKFISH) == ()


def test_zillions_plays_regions_and_advanced_moves_and_keeps_the_flying_general() -> None:
    xiangqi = entry("xiangqi")
    assert [x.rule for x in limitations(xiangqi, Target.ZILLIONS)] == ["move-rule", "perpetual-check", "chasing"]
    played = relaxed(xiangqi, Target.ZILLIONS)
    assert played.flying_general
    assert played.pieces == xiangqi.pieces  # regions and the soldier's advanced moves kept
    assert not played.draws.perpetual_check_loses
    for name in ("minixiangqi", "manchu", "pawnback"):
        rules = {x.rule for x in limitations(entry(name), Target.ZILLIONS)}
        assert not rules & {"region", "advanced-moves"}, name


def test_the_zillions_file_keeps_pieces_in_their_zones_as_the_corpus_xiangqi_does() -> None:
    text = render_family(FSF_CATALOGUE, download_of(FSF_CATALOGUE, "xiangqi").key)
    # the landing tests the square moved to (the corpus's (verify (in-zone? fortress))), the soldier's
    # sideways steps the square they start from
    assert "(define in-region (if (in-zone? $1) $2))" in text
    assert "(step n (in-region region-k add))" in text and "(step ne (in-region region-a add))" in text
    assert "(lame-leap-2 ne ne (in-region region-b add))" in text
    assert "(define advanced-step ((verify (in-zone? advanced-zone-p)) $1 (verify not-friend?) $2))" in text
    assert "(step n add) (advanced-step e add) (advanced-step w add)" in " ".join(text.split())
    assert "(zone (name region-k) (players White) (positions d1 e1 f1 d2 e2 f2 d3 e3 f3))" in text
    assert "(zone (name advanced-zone-p) (players White) (positions a6 b6 " in text  # rank 6 on
    # the flying general takes the other general across the board: its region does not confine it
    assert "(fly-to-royal n add)" in text
    # minixiangqi (a download of its own, on its own board) inherits the advisor, which it does not place:
    # Black's palace is off its 7x7 board, so no zone of Black's is declared there, never an empty one
    mini = render_family(FSF_CATALOGUE, download_of(FSF_CATALOGUE, "minixiangqi").key)
    assert "(positions )" not in text + mini
    assert text.count("(zone (name region-a) (players White)") == text.count("(zone (name region-a) (players Black)")
    assert "(zone (name region-a) (players Black)" not in mini


#: lines of moves that test the regions and the soldier, with moves the reference offers along them and
#: moves it does not
LINES = [
    (
        # the soldier crosses the river (e6) and steps sideways there; the advisor, the elephant and the
        # general keep to the palace and to their side of the river
        "xiangqi",
        "e4e5 a7a6 e5e6 a6a5 d1e2 a5a4 c1e3 a4a3 e3c5 i7i6 e1d1 i6i5",
        {"e6d6", "e6f6", "d1d2", "e2d3", "c5a3"},
        {"e5d5", "c5a7", "c5e7", "d1c1"},
    ),
    # a pawn steps back to its second rank, not to its first
    ("pawnback", "g1f3 a7a6 g2g3 a6a5 g3g2 a5a4", {"g2g3", "g3g2", "h1g1"}, {"g2g1"}),
]


@pytest.mark.parametrize(("name", "line", "offered", "refused"), LINES)
def test_the_zillions_file_moves_as_the_reference_along_a_line(
    name: str, line: str, offered: set[str], refused: set[str]
) -> None:
    v = entry(name)
    pos = Position.start(v)
    moves = line.split()
    seen: set[str] = set()
    with Zillions(FSF_CATALOGUE, [v]) as engine:
        for k in range(len(moves) + 1):
            legal = legal_uci(pos)
            assert engine.legal_moves(name, moves[:k]) == legal, moves[:k]
            seen |= legal
            if k < len(moves):
                pos.push_uci(moves[k])
    assert offered <= seen and not refused & seen


def test_regions_and_advanced_moves_are_left_out_where_a_move_does_not_land_through_them() -> None:
    xiangqi = entry("xiangqi")
    # a soldier that is a pawn multi-steps and takes en passant by its own moves: no zone switches those
    pieces = tuple(
        dataclasses.replace(p, roles=p.roles | {Role.PAWN}) if p.letter == "P" else p for p in xiangqi.pieces
    )
    pawn = dataclasses.replace(xiangqi, pieces=pieces)
    assert "advanced-moves" in [x.rule for x in limitations(pawn, Target.ZILLIONS)]
    assert relaxed(pawn, Target.ZILLIONS).piece("P").advanced is None
    assert relaxed(pawn, Target.ZILLIONS).piece("K").region is not None
    # castling lands the king and the rook itself: a rook with a region keeps its limitation
    chess = entry("chess")
    rook = dataclasses.replace(chess.piece("R"), region=chess.piece("P").region or xiangqi.piece("B").region)
    castling = dataclasses.replace(chess, pieces=tuple(rook if p.letter == "R" else p for p in chess.pieces))
    assert "region" in [x.rule for x in limitations(castling, Target.ZILLIONS)]
    assert relaxed(castling, Target.ZILLIONS).piece("R").region is None


#: regions on a slider, a hopper, a pawn (and its promotions, multi-steps and en passant) and on pieces
#: dropped from the captor's hand, and where captures are forced; advanced moves that also take a move away
#: (the soldier's forward step)
ZONES = """
families:
  zones: {title: Zones}
variants:
  confined:
    title: Confined
    family: zones
    board: {files: 8, ranks: 8}
    pieces:
      K: {name: King, betza: K, roles: [royal], region: {white: [c1-f3], black: [c6-f8]}}
      Q: {name: Queen, betza: Q, region: {white: [a1-h5], black: [a4-h8]}}
      N: {name: Knight, betza: N, region: {ranks: [1, 2, 3, 4, 5, 6]}}
      C: {name: Cannon, betza: mRcpR, region: {ranks: [1, 2, 3, 4, 5]}}
      S: {name: Soldier, betza: fW, advanced: {rank: 5, betza: sWfF}}
      P: {name: Pawn, betza: fbmWfcF, roles: [pawn], region: {ranks: [2, 3, 4, 5, 6, 7, 8]}}
    pawns:
      max_steps: 2
      multi_step_ranks: [2]
      en_passant: true
      promotion: {ranks: [8], choices: [Q, N]}
    setup:
      white: {K: [e1], Q: [d1], N: [b1, g1], C: [a1, h1], S: [c3, f3], P: [a2-h2]}
      black: {K: [e8], Q: [d8], N: [b8, g8], C: [a8, h8], S: [c6, f6], P: [a7-h7]}
  confined-house:
    extends: confined
    title: Confined house
    drops: {ranks: [1, 2, 3, 4, 5, 6, 7, 8], captures_to_hand: true}
  confined-giveaway:
    extends: confined
    title: Confined giveaway
    pieces: {K: {roles: []}}
    must_capture: true
    goals: {checkmate: false, extinction: {result: win}}
    draws: {stalemate: win}
"""


def test_regions_and_advanced_moves_of_every_kind_of_move_agree_through_zillions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cat = load_catalogue_text(ZONES)
    for v in cat.variants:
        assert [x.rule for x in limitations(v, Target.ZILLIONS)] == ["move-rule"], v.name
    text = " ".join(" ".join(render_family(cat, key) for key in downloads(cat)).split())
    assert "(define unadvanced-step ((verify (not-in-zone? advanced-zone-s)) $1 (verify not-friend?) $2))" in text
    assert "(drop-from-hand Knight (in-region region-n add) drop-zone)" in text
    assert_check_agrees(ZONES, "zillions", tmp_path, capsys)
