"""Goals and results beyond checkmate: flag goals (king of the hill, racing kings, Jeson Mor, and the
counts, full regions and replies no built-in uses), counted checks (three-check) and results (misère,
losers and suicide chess), checked against Fairy-Stockfish and the ZRF interpreter, with their words,
their ini options and their Zillions goals."""

from __future__ import annotations

import dataclasses
import zipfile
from pathlib import Path

import pytest
from support import FSF_CATALOGUE as FSF
from support import check_args
from support import fsf_entry as entry

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import StalemateResult
from generator.check.command import cmd_check
from generator.check.endings import endings
from generator.check.fairy_stockfish import built_ini
from generator.emit.fairy_stockfish.options import goal_options
from generator.emit.fidelity import limitations, relaxed
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position

#: Flag goals no built-in has: two rooks on the fourth rank; three knights in the centre, or one in a
#: full centre, with a reply.
FLAGS = """\
families:
  fam: {title: Family}
variants:
  base:
    abstract: true
    family: fam
    board: {files: 6, ranks: 6}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
      N: {name: Knight, betza: N}
    setup:
      white: {K: [d1], R: [a1, f1], N: [b1, e1]}
      black: {K: [d6], R: [a6, f6], N: [b6, e6]}
  two-rooks:
    extends: base
    title: Two rooks on the fourth rank
    goals: {flag: {piece: R, ranks: [4], count: 2}}
  crowded-centre:
    extends: base
    title: A crowded centre
    goals: {flag: {piece: N, white: [c3-d3, c4-d4], black: [c3-d3, c4-d4], count: 3, blocked_win: true, reply: true}}
"""


@pytest.fixture(scope="module")
def flags(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("flags") / "flags.yaml"
    path.write_text(FLAGS, encoding="utf-8")
    return path


def goals_of(name: str) -> dict[str, str]:
    group = goal_options(entry(name))
    assert group is not None
    return dict(group.options)


def test_counted_and_full_flag_regions_agree_with_fairy_stockfish(
    flags: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cat = load_catalogue_text(FLAGS, str(flags))
    assert cmd_check(cat, check_args("--catalogue", str(flags), "--depth", "2", "--games", "10")) == 0
    out = capsys.readouterr().out
    assert "two-rooks: " in out and "crowded-centre: " in out
    assert "game-end rules proved: n-move rule, repetition, checkmate, stalemate, flag, flag reply" in out
    assert "not proved" not in out


def test_counted_flag_regions_agree_with_the_zrf_interpreter(flags: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cat = load_catalogue_text(FLAGS, str(flags))
    args = check_args("--catalogue", str(flags), "--engine", "zillions", "--depth", "2", "--games", "20")
    assert cmd_check(cat, args) == 0
    assert "flag-reply" not in capsys.readouterr().out  # said in words: switched off for zillions
    crowded = cat.get("crowded-centre")
    assert crowded is not None
    assert [x.rule for x in limitations(crowded, "zillions")] == ["move-rule", "flag-blocked", "flag-reply"]
    flag = relaxed(crowded, "zillions").goals.flag
    assert flag is not None and not flag.blocked_win and not flag.reply and flag.count == 3


def test_a_zillions_flag_goal_lists_each_choice_of_squares(flags: Path, tmp_path: Path) -> None:
    from generator.emit.zillions import emit

    cat = load_catalogue_text(FLAGS, str(flags))
    manifest = emit(cat, tmp_path, ["two-rooks"])
    [download] = manifest.zrf
    with zipfile.ZipFile(tmp_path / download.path) as z:
        text = z.read(download.member).decode("utf-8")
    # 6 squares of rank 4 (rank 3 for Black), 2 rooks: 15 choices, each one absolute-config
    assert text.count("(absolute-config Rook (") == 30
    assert "(win-condition (White) (or (absolute-config Rook (a4 b4)) (absolute-config Rook (a4 c4))" in text
    assert "(win-condition (Black) (or (absolute-config Rook (a3 b3))" in text


def test_flag_goals_in_the_ini_and_in_words() -> None:
    hill = goals_of("kingofthehill")
    assert (hill["flagPiece"], hill["flagRegionWhite"], hill["flagRegionBlack"]) == ("k", "d4 e4 d5 e5", "d4 e4 d5 e5")
    assert (hill["flagPieceCount"], hill["flagMove"], hill["flagPieceBlockedWin"]) == ("1", "false", "false")
    race = goals_of("racingkings")
    assert (race["flagRegionWhite"], race["flagRegionBlack"], race["flagMove"]) == ("*8", "*8", "true")
    words = dict(rules_in_short(entry("kingofthehill")))["Goal"]
    assert words == "Checkmating the King wins; a side wins when its King stands on d4, e4, d5 or e5."
    words = dict(rules_in_short(entry("racingkings")))["Goal"]
    assert "its King stands on rank 8; but when White gets there first, Black moves once more" in words
    text, _ = built_ini(FSF, ["racingkings"])
    assert "checking = false" in text and "castling = false" in text


def test_racing_kings_proves_the_reply_that_draws_and_the_one_that_loses() -> None:
    cases, unbuilt = endings(relaxed(entry("racingkings"), "fairy-stockfish"))
    assert unbuilt == []  # no checkmate to look for: no move gives check
    replies = [c for c in cases if c.rule == "flag reply"]
    results = set()
    for case in replies:
        pos = Position.from_fen(entry("racingkings"), case.fen)
        pos.push_uci(case.moves[0])
        assert pos.outcome() is None and pos.flag_reached(0)
        pos.push_uci(case.moves[1])
        end = pos.outcome()
        assert end is not None
        results.add(end.result)
    assert results == {"1/2-1/2", "1-0"}


@pytest.mark.slow  # 40 s: a proof run per mutation
@pytest.mark.parametrize(
    ("name", "old", "new", "where"),
    [
        ("racingkings", "flagMove = true", "flagMove = false", "proof of the flag reply, one move before"),
        ("kingofthehill", "flagPiece = k", "flagPiece = q", "proof of the flag, the deciding position"),
        # an attacked lion would win on arrival: the game the reference plays on is over
        ("dobutsu", "flagPieceSafe = true", "flagPieceSafe = false", "proof of the flag safe, one move before"),
        # the side that brings the position back loses, not draws
        ("torishogi", "nFoldValue = win", "nFoldValue = draw", "proof of the repetition, the deciding position"),
        # the FEN's checks left (3+3 99 1) are then read as the half-move clock: the first proof sees it
        ("3check", "checkCounting = true", "checkCounting = false", "proof of the n-move rule, the deciding position"),
        ("misere", "checkmateValue = win", "checkmateValue = loss", "proof of the checkmate, the deciding position"),
        (
            "suicide",
            "stalematePieceCount = true",
            "stalematePieceCount = false",
            "proof of the stalemate piece count, the deciding position",
        ),
    ],
)
def test_a_mutated_goal_or_result_fails_its_proof(
    name: str, old: str, new: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = built_ini(FSF, [name])
    assert old in text
    path = tmp_path / "variants.ini"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    args = check_args(name, "--ini", str(path), "--depth", "0", "--games", "0")
    assert cmd_check(FSF, args) == 1
    assert f"DISAGREEMENT in {name} ({where}" in capsys.readouterr().out


def test_counted_checks_in_the_ini_in_words_and_in_zillions() -> None:
    three = entry("3check")
    assert goals_of("3check")["checkCounting"] == "true"
    text, _ = built_ini(FSF, ["3check"])
    assert "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1" in text
    assert dict(rules_in_short(three))["Goal"] == "Checkmating the King wins; the side that gives the third check wins."
    [note] = [x for x in limitations(three, "zillions") if x.rule == "check-count"]
    assert note.switchable and relaxed(three, "zillions").goals.check_count is None


def test_a_check_given_is_counted_until_the_last_one_wins() -> None:
    pos = Position.from_fen(entry("3check"), "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1")
    pos.track_history()
    for m in ("a1a8", "e8e7", "a8a7", "e7e6"):  # two checks: the second is the last one
        pos.push_uci(m)
        if m == "a8a7":
            break
    end = pos.outcome()
    assert end is not None and (end.result, end.reason) == ("1-0", "check count")
    pos.pop()
    assert pos.checks_left == (1, 3) and pos.outcome() is None
    assert pos.key() != Position.from_fen(entry("3check"), pos.fen().replace("1+3", "2+3")).key()


def test_results_in_the_ini_in_words_and_in_zillions() -> None:
    assert goals_of("misere")["checkmateValue"] == "win" and goals_of("chess")["checkmateValue"] == "loss"
    text, _ = built_ini(FSF, ["suicide", "antichess"])
    assert text.count("stalematePieceCount = true") == 1
    assert dict(rules_in_short(entry("misere")))["Goal"] == "A side whose King is checkmated wins."
    draws = dict(rules_in_short(entry("suicide")))["Draws"]
    assert draws.startswith("On stalemate the side with fewer pieces wins, and equal numbers draw;")
    # losers' forced captures beside its king are written (tests/test_zillions_forced.py)
    assert [x.rule for x in limitations(entry("losers"), "zillions")] == ["move-rule"]
    assert [x.rule for x in limitations(entry("suicide"), "zillions")] == ["move-rule", "stalemate-piece-count"]
    assert relaxed(entry("losers"), "zillions").must_capture


def test_a_stalemate_counted_by_pieces_is_a_zillions_count_condition() -> None:
    from generator.emit.zillions.goals import conditions
    from generator.emit.zillions.names import names_of

    suicide = entry("suicide")
    losing = dataclasses.replace(suicide, draws=dataclasses.replace(suicide.draws, stalemate=StalemateResult.LOSS))
    assert not [x for x in limitations(losing, "zillions") if x.rule == "stalemate-piece-count"]
    kinds = [(c.kind, c.goal) for c in conditions(losing, names_of(losing), tokens=False)]
    assert ("count-condition", "stalemated") in kinds
    misere = [(c.kind, c.goal) for c in conditions(entry("misere"), names_of(entry("misere")), tokens=False)]
    assert ("win-condition", "(checkmated King)") in misere


def test_forced_captures_and_forbidden_checks_are_said_in_words() -> None:
    assert dict(rules_in_short(entry("racingkings")))["Moves"] == "A move that gives check is illegal."
    assert dict(rules_in_short(entry("losers")))["Moves"] == "A side that can capture must (en passant included)."
    assert "Moves" not in dict(rules_in_short(entry("chess")))


@pytest.mark.parametrize(
    ("name", "sentence"),
    [
        ("kinglet", "A side with no Pawns left loses."),
        ("threekings", "A side with 2 or fewer Kings left loses."),
        (
            "extinction",
            "A side with no Kings or no Queens or no Rooks or no Bishops or no Knights or no Pawns left loses.",
        ),
    ],
)
def test_the_rules_say_extinction_per_kind(name: str, sentence: str) -> None:
    # any one kind running out decides, as Fairy-Stockfish's extinction rule does
    assert sentence in " ".join(dict(rules_in_short(entry(name))).values())
