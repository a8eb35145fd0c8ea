"""The shipped catalogue of Fairy-Stockfish's built-ins: every entry names a built-in pyffish has,
the reference plays each exactly like it, and a one-field slip in an entry is caught."""

from __future__ import annotations

import dataclasses
import re
import zipfile
from pathlib import Path

import pyffish
import pytest
from support import FSF_CATALOGUE as CAT
from support import check_args, pyffish_perft
from support import fsf_entry as entry

from generator.betza import parse_betza
from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.check.command import cmd_check
from generator.check.compare import EngineError, check_variant
from generator.check.fairy_stockfish import FairyStockfish, builtin_manifest
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.engine import Position, uci
from generator.engine.perft import perft

#: built-ins that play exactly like another one on a single board, which the catalogue leaves out
LIKE_ANOTHER = {"fairy", "normal", "bughouse", "koedem", "supply"}


def test_every_entry_names_a_distinct_builtin_that_pyffish_has() -> None:
    builtins = [v.fairy_stockfish_builtin for v in CAT.variants]
    assert None not in builtins
    assert len(set(builtins)) == len(builtins) >= 24
    assert set(builtins) <= set(pyffish.variants()) - LIKE_ANOTHER


@pytest.mark.slow  # 5 min: every entry against its built-in
def test_the_reference_plays_every_entry_like_its_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    args = check_args("--catalogue", str(FAIRY_STOCKFISH_CATALOGUE), "--depth", "1", "--games", "2", "--plies", "40")
    assert cmd_check(CAT, args) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    for v in CAT.variants:  # each is compared with its own ini section and with the built-in
        assert f"\n{v.name}: " in out
        assert f"\n{v.name} = built-in {v.fairy_stockfish_builtin}: " in out


def test_a_wrong_piece_disagrees_with_the_builtin() -> None:
    v = entry("nightrider")
    knight = dataclasses.replace(v.piece("N"), betza="N", movement=parse_betza("N"))
    wrong = dataclasses.replace(v, pieces=tuple(knight if p.letter == "N" else p for p in v.pieces))
    with FairyStockfish("", [wrong], workers=1, manifest=builtin_manifest([wrong])) as fsf:
        report = check_variant(wrong, fsf, depth=2, games=0)
    d = report.disagreement
    assert d is not None and d.moves == ()  # already at the start: b1-c3-d5 is a nightrider's move
    assert {"b1d5", "g1e5"} <= set(d.only_engine) and not d.only_reference


def test_a_wrong_start_position_is_refused_before_any_move() -> None:
    v = entry("gothic")
    wrong = dataclasses.replace(v, fairy_stockfish_builtin="capablanca")
    with pytest.raises(EngineError, match=r"\[capablanca\] starts from 'rnabqkbcnr/.*the catalogue from 'rnbqckabnr/"):
        FairyStockfish("", [wrong], workers=1, manifest=builtin_manifest([wrong]))


@pytest.mark.parametrize(("reset", "result"), [(True, None), (False, "1/2-1/2")])
def test_a_knight_drop_restarts_the_move_count_only_where_drops_reset_it(reset: bool, result: str | None) -> None:
    v = entry("pocketknight")
    v = dataclasses.replace(v, draws=dataclasses.replace(v.draws, drops_reset_move_rule=reset))
    pos = Position.from_fen(v, "4k3/8/8/8/8/8/8/4K3[Nn] w - - 99 80")
    pos.push_uci("N@c3")
    end = pos.outcome()
    assert (end and end.result) == result
    assert pos.halfmove == (0 if reset else 100)


def test_extinction_ends_the_game_for_the_side_it_befalls() -> None:
    threekings = entry("threekings")  # losing one of three kings loses
    pos = Position.from_fen(threekings, "k3k2k/8/8/8/8/8/5q2/K3K2K b - - 0 1")
    pos.push_uci("f2e1")
    end = pos.outcome()
    assert end is not None and (end.result, end.reason) == ("0-1", "extinction")
    assert pos.legal_moves() == []
    horde = entry("horde")  # White's last pawn taken: White is extinct, and Black has no check to fear
    pos = Position.from_fen(horde, "4k3/8/8/8/8/8/1r6/P7 b - - 0 1")
    pos.push_uci("b2b1")
    assert pos.outcome() is None
    pos.push_uci("a1a2")
    pos.push_uci("b1a1")
    pos.push_uci("a2a3")
    pos.push_uci("a1a3")
    end = pos.outcome()
    assert end is not None and (end.result, end.reason) == ("0-1", "extinction")


def test_a_king_that_is_not_royal_castles_out_of_and_through_attack() -> None:
    fen = "rnbqkbnr/pppp1ppp/8/8/2b5/8/PPPPrPPP/RNBQK2R w K - 0 1"  # e1 and f1 attacked
    pos = Position.from_fen(entry("extinction"), fen)
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert "e1g1" in ours
    assert ours == set(pyffish.legal_moves("extinction", fen, []))


def test_a_side_that_can_capture_must() -> None:
    fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"
    pos = Position.from_fen(entry("antichess"), fen)
    assert {uci(pos.rules, m) for m in pos.legal_moves()} == {"e4d5"} == set(pyffish.legal_moves("antichess", fen, []))
    pos.push_uci("e4d5")  # the queen must take back
    assert (
        {uci(pos.rules, m) for m in pos.legal_moves()}
        == {"d8d5"}
        == set(pyffish.legal_moves("antichess", fen, ["e4d5"]))
    )
    pos.push_uci("d8d5")  # no capture for White: every move is legal again
    assert pos.count_moves() == len(pyffish.legal_moves("antichess", fen, ["e4d5", "d8d5"])) > 20


def test_forced_captures_are_a_move_type_ranked_first_in_zillions(tmp_path: Path) -> None:
    from generator.emit.zillions import emit

    manifest = emit(CAT, tmp_path, ["antichess"])
    [download] = manifest.zrf
    with zipfile.ZipFile(tmp_path / download.path) as z:
        text = z.read(download.member).decode("utf-8")
    assert "(move-priorities capture-type quiet-type)" in text
    written = len(re.findall(r"\(piece\s", text))  # the variants restate only the pieces they change
    assert 6 < written < 6 * len(download.games)
    assert text.count("(move-type capture-type)") == text.count("(move-type quiet-type)") == written


@pytest.mark.parametrize("name", ["berolina", "pawnsideways"])
def test_pawns_with_initial_or_sideways_moves_count_like_the_builtin(name: str) -> None:
    pos = Position.start(entry(name))
    fen = pyffish.start_fen(name)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(name, fen, [], d) for d in (1, 2, 3)]


def test_a_pawns_initial_move_may_be_taken_en_passant_on_the_square_it_passed() -> None:
    fen = "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1"  # the Berolina pawn leaps e2-g4 over f3
    pos = Position.from_fen(entry("berolina"), fen)
    pos.push_uci("e2g4")
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert "f4f3" in ours  # straight forward onto f3, taking the pawn on g4
    assert ours == set(pyffish.legal_moves("berolina", fen, ["e2g4"]))
    pos.push_uci("f4f3")
    assert (
        pos.fen().split()[0] == pyffish.get_fen("berolina", fen, ["e2g4", "f4f3"]).split()[0] == "4k3/8/8/8/8/5p2/8/4K3"
    )


def test_a_sideways_pawn_step_keeps_the_move_count_as_fairy_stockfish_does() -> None:
    fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 5 1"
    pos = Position.from_fen(entry("pawnsideways"), fen)
    line = ["d2c2", "e4f4", "c2c3"]
    for i, move in enumerate(line):
        pos.push_uci(move)
        theirs = pyffish.get_fen("pawnsideways", fen, line[: i + 1]).split()[4]
        assert pos.halfmove == int(theirs) == [6, 7, 0][i]


def same_as_builtin(name: str, fen: str, moves: list[str]) -> tuple[set[str], str | None]:
    """The reference's legal moves after ``moves`` from ``fen`` and its result, asserted to be the
    built-in's (pyffish's legal moves, and its game result where there are none)."""
    v = entry(name)
    builtin = v.fairy_stockfish_builtin
    pos = Position.from_fen(v, fen)
    for m in moves:
        pos.push_uci(m)
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert ours == set(pyffish.legal_moves(builtin, fen, moves))
    end = pos.outcome()
    result = end.result if end is not None else None
    if not ours:
        value = pyffish.game_result(builtin, fen, moves)
        white = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
        assert result == ("1/2-1/2" if value == 0 else "1-0" if (value > 0) == white else "0-1")
    return ours, result


def test_a_king_on_the_hill_wins() -> None:
    fen = "8/8/8/8/8/4K3/8/k7 w - - 0 1"
    assert same_as_builtin("kingofthehill", fen, ["e3f3"]) == ({"a1a2", "a1b1", "a1b2"}, None)
    assert same_as_builtin("kingofthehill", fen, ["e3e4"]) == (set(), "1-0")
    assert same_as_builtin(
        "kingofthehill", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", ["e8e7", "e1e2", "e7d6", "e2f3", "d6d5"]
    ) == (
        set(),
        "0-1",
    )


def test_racing_kings_forbids_checks() -> None:
    fen = "8/2k5/8/8/8/8/8/R3K3 w - - 0 1"
    moves, _ = same_as_builtin("racingkings", fen, [])
    assert "a1a7" not in moves and "a1c1" not in moves and "a1a2" in moves
    start = Position.start(entry("racingkings")).fen()
    assert start == "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1" == pyffish.start_fen("racingkings")
    assert len(same_as_builtin("racingkings", start, [])[0]) == 21


def test_racing_kings_black_may_follow_a_white_king_to_the_last_rank_and_draw() -> None:
    fen = "8/5K1k/8/8/8/8/8/8 w - - 0 1"
    assert same_as_builtin("racingkings", fen, ["f7f8"]) == ({"h7g6", "h7h6", "h7h8"}, None)
    assert same_as_builtin("racingkings", fen, ["f7f8", "h7h8"]) == (set(), "1/2-1/2")
    assert same_as_builtin("racingkings", fen, ["f7f8", "h7h6"]) == (set(), "1-0")
    # a black king that cannot follow at once: White has won
    assert same_as_builtin("racingkings", "8/5K2/1k6/8/8/8/8/8 w - - 0 1", ["f7f8"]) == (set(), "1-0")
    # Black first: White gets no move to follow
    assert same_as_builtin("racingkings", "8/1k3K2/8/8/8/8/8/8 b - - 0 1", ["b7b8"]) == (set(), "0-1")


def test_jeson_mor_wins_only_if_the_knight_stays_on_the_centre() -> None:
    fen = "9/9/9/9/9/6n2/3N5/9/n7N w - - 0 1"
    moves, result = same_as_builtin("jesonmor", fen, ["d3e5"])
    assert "g4e5" in moves and result is None
    assert same_as_builtin("jesonmor", fen, ["d3e5", "a1b3"]) == (set(), "1-0")
    assert same_as_builtin("jesonmor", fen, ["d3e5", "g4e5"])[1] is None  # driven out: play goes on


AFTER_F6 = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - {checks}0 2"


@pytest.mark.parametrize("name", ["3check", "5check"])
def test_the_fen_counts_the_checks_left_as_fairy_stockfish_writes_them(name: str) -> None:
    v = entry(name)
    start = Position.start(v)
    assert start.fen() == pyffish.start_fen(name)
    moves = ["e2e4", "f7f6", "d1h5", "g7g6", "h5g6"]  # two checks by White
    for m in moves:
        start.push_uci(m)
    assert start.fen() == pyffish.get_fen(name, pyffish.start_fen(name), moves)
    count = v.goals.check_count
    assert start.checks_left == (count - 2, count)
    # without the field the next check wins; lichess's checks given are counted from three
    for written, left in (("", (1, 1)), ("2+1 ", (2, 1))):
        fen = AFTER_F6.format(checks=written)
        pos = Position.from_fen(v, fen)
        assert pos.checks_left == left and pos.fen() == pyffish.get_fen(name, fen, [])
    lichess = AFTER_F6.format(checks="") + " +1+0"
    assert Position.from_fen(v, lichess).fen() == pyffish.get_fen(name, lichess, []) == AFTER_F6.format(checks="2+3 ")


def test_the_third_check_wins() -> None:
    fen = AFTER_F6.format(checks="1+3 ")
    assert same_as_builtin("3check", fen, ["d1h5"]) == (set(), "1-0")
    fen = AFTER_F6.format(checks="2+3 ")
    moves, result = same_as_builtin("3check", fen, ["d1h5"])
    assert result is None and moves == {"g7g6"}
    assert same_as_builtin("3check", fen, ["d1h5", "g7g6", "h5g6"]) == (set(), "1-0")
    # the first check, which mates
    assert same_as_builtin("3check", "k7/8/1K6/8/8/8/8/7R w - - 3+3 0 1", ["h1h8"]) == (set(), "1-0")


def test_grasshoppers_count_like_the_builtin() -> None:
    pos = Position.start(entry("grasshopper"))
    fen = pyffish.start_fen("grasshopper")
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("grasshopper", fen, [], d) for d in (1, 2, 3)]


@pytest.mark.parametrize(
    "fen",
    [
        "8/4k3/4p3/8/8/8/8/4GK2 b - - 0 1",  # the grasshopper on e1 checks over e6: e6 may not move away
        "4k3/8/8/8/8/8/8/4GK2 b - - 0 1",  # no hurdle: no check, but a piece put on the e-file would be one
        "4k3/3r4/8/8/8/8/4p3/2G2K2 w - - 0 1",  # c1 hops over its own king to g1, nowhere else
        "3k4/8/8/8/8/4n3/8/G3K3 w - - 0 1",  # grasshoppers give check from afar, and take right behind
    ],
)
def test_grasshoppers_check_and_hop_as_in_the_builtin(fen: str) -> None:
    pos = Position.from_fen(entry("grasshopper"), fen)
    assert {uci(pos.rules, m) for m in pos.legal_moves()} == set(pyffish.legal_moves("grasshopper", fen, []))
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("grasshopper", fen, [], d) for d in (1, 2, 3)]


def test_a_cannon_agrees_with_its_ini_section_and_its_zillions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cannons.yaml"
    path.write_text(
        "families: {}\nvariants:\n"
        "  cannons:\n"
        "    extends: fairy-stockfish:grasshopper\n"
        "    title: Cannons\n"
        "    pieces: {G: {name: Cannon, betza: mRcpR}}\n"
        "  hoppers:\n"
        "    extends: fairy-stockfish:grasshopper\n"
        "    title: Hoppers\n"
        "    pieces: {G: {name: Diagonal hopper, betza: pBfgR}}\n",
        encoding="utf-8",
    )
    cat = load_catalogue(path)
    for engine in ("fairy-stockfish", "zillions"):
        args = check_args("--catalogue", str(path), "--engine", engine, "--depth", "2", "--games", "4")
        assert cmd_check(cat, args) == 0, capsys.readouterr().out
        assert "all agree" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "fen", "move", "after"),
    [
        # a bare king takes the last pawn: it counts at once, against a khon (44 moves), from 3 pieces
        ("makruk", "8/8/3k4/8/3p1s2/4K3/8/8 w - - 0 1", "e3d4", "8/8/3k4/8/3K1s2/8/8/8 b - 88 5 1"),
        # the last pawn goes and Black is left bare against two khons: 22 moves, from 4 pieces
        ("makruk", "8/8/3k4/8/3p4/4K3/8/2SS4 w - - 0 1", "e3d4", "8/8/3k4/8/3K4/8/8/2SS4 b - 44 8 1"),
        # the board's honour: 64 moves from 0 while both sides have more than a king
        ("makruk", "r3k3/8/8/8/8/4K3/8/R7 w - - 0 1", "a1a2", "r3k3/8/8/8/8/4K3/R7/8 b - 128 0 1"),
        ("makruk", "r3k3/8/8/8/8/4K3/R7/8 b - 128 7 1", "a8a2", "4k3/8/8/8/8/4K3/r7/8 w - 32 6 2"),
        # ASEAN: only a bare king counts, from 0, and never with the board's honour
        ("asean", "r3k3/8/8/8/8/4K3/8/R7 w - - 0 1", "a1a2", "r3k3/8/8/8/8/4K3/R7/8 b - - 1 1"),
        ("asean", "r3k3/8/8/8/8/4K3/R7/8 b - - 7 1", "a8a2", "4k3/8/8/8/8/4K3/r7/8 w - 32 0 2"),
    ],
)
def test_counting_starts_and_is_written_as_fairy_stockfish_does(name: str, fen: str, move: str, after: str) -> None:
    pos = Position.from_fen(entry(name), fen)
    pos.push_uci(move)
    assert pos.fen() == pyffish.get_fen(name, fen, [move]) == after
    assert Position.from_fen(entry(name), after).fen() == after


@pytest.mark.parametrize("name", ["makruk", "asean"])
def test_the_count_over_its_limit_draws_as_in_the_builtin(name: str) -> None:
    fen = "8/8/3k4/8/8/4K3/8/R7 b - 32 31 40"  # a bare king 31 plies into its 32
    pos = Position.from_fen(entry(name), fen)
    pos.track_history()
    for i, move in enumerate(["d6d5", "a1a5"]):
        pos.push_uci(move)
        end = pos.outcome()
        claim = pyffish.is_optional_game_end(name, fen, ["d6d5", "a1a5"][: i + 1])
        assert (end is not None, claim[0]) == ((i == 1,) * 2)
    assert str(end) == "1/2-1/2 (draw by the counting rule)"


@pytest.mark.parametrize(
    ("fen", "makpong"),
    [
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", ["e1e2"]),  # in check, the king may only take its checker
        ("4k3/8/8/8/8/4r3/3n4/4K3 w - - 0 1", []),  # two checkers: it may not move at all, so it is mated
        ("4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1", None),  # not in check: as in makruk
        ("4k3/8/8/8/8/4r3/R7/4K3 w - - 0 1", []),  # the king may not step aside, but the rook still blocks
    ],
)
def test_a_king_held_in_check_moves_only_to_take_its_checker(fen: str, makpong: list[str] | None) -> None:
    moves = {}
    for name in ("makruk", "makpong"):
        pos = Position.from_fen(entry(name), fen)
        moves[name] = sorted(uci(pos.rules, m) for m in pos.legal_moves())
        assert moves[name] == sorted(pyffish.legal_moves(name, fen, []))
    if makpong is None:
        assert moves["makpong"] == moves["makruk"]
    else:
        assert [m for m in moves["makpong"] if m.startswith("e1")] == makpong
        assert set(moves["makpong"]) - set(makpong) == {m for m in moves["makruk"] if not m.startswith("e1")}


def test_a_checkmated_side_wins_misere_and_losers_chess() -> None:
    fen = "7k/5Q2/6K1/p7/8/8/8/8 w - - 0 1"  # Qg7 mates, and Black keeps a pawn: no bare king in losers
    for name in ("misere", "losers"):
        assert same_as_builtin(name, fen, ["f7g7"]) == (set(), "0-1")
    assert same_as_builtin("chess", fen, ["f7g7"]) == (set(), "1-0")


def test_losers_forces_captures_and_a_lone_king_wins() -> None:
    fen = "7k/5Q1p/6K1/8/8/8/8/8 w - - 0 1"
    assert same_as_builtin("losers", fen, []) == ({"f7h7"}, None)  # the capture is forced
    assert same_as_builtin("losers", fen, ["f7h7"]) == (set(), "0-1")  # Black keeps only its king
    # in check, and the only capture (Nxh7) leaves the king attacked: any move out of check
    fen = "4k3/7p/8/6N1/8/8/8/r3K3 w - - 0 1"
    assert same_as_builtin("losers", fen, []) == ({"e1d2", "e1e2", "e1f2"}, None)


@pytest.mark.parametrize(
    ("fen", "suicide", "antichess"),
    [
        ("8/8/8/p1p5/P1P5/8/8/8 w - - 0 1", "1/2-1/2", "1-0"),  # stalemated with as many pieces: a draw
        ("8/8/8/p7/P7/8/8/k7 w - - 0 1", "1-0", "1-0"),  # with fewer: the stalemated side wins
        ("8/8/8/p3p3/P3P3/4P3/8/8 w - - 0 1", "0-1", "1-0"),  # with more: it loses
    ],
)
def test_a_suicide_stalemate_goes_to_the_side_with_fewer_pieces(fen: str, suicide: str, antichess: str) -> None:
    assert same_as_builtin("suicide", fen, []) == (set(), suicide)
    assert same_as_builtin("antichess", fen, []) == (set(), antichess)


def test_zillions_leaves_the_counting_rule_out_and_says_so() -> None:
    makruk = entry("makruk")
    assert [x.rule for x in limitations(makruk, Target.ZILLIONS)] == ["counting"]
    assert relaxed(makruk, Target.ZILLIONS).draws.counting is None and makruk.draws.counting is not None
    assert limitations(makruk, Target.FAIRY_STOCKFISH) == ()
