"""The move rule's pieces (``draws.move_rule_pieces``, ``draws.black_move_rule_pieces``): the pieces whose
irreversible moves restart the n-move count, as Fairy-Stockfish's ``nMoveRuleTypes`` counts, held to pyffish's
built-in pawnback (no piece: a pawn's double step leaves the count running) and to a section of our own whose
sides differ; the ini's rows, their read-back, the words, and the proof that tells the built-in from chess."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pyffish
import pytest
from support import assert_random_games_agree, check_args, ini_options
from support import fsf_entry as entry

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue, load_catalogue_text
from generator.check.command import cmd_check
from generator.check.endings import endings
from generator.check.fairy_stockfish import built_ini
from generator.emit.fairy_stockfish import render_ini, section_name
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.mark.parametrize(
    ("moves", "clock"),
    [(["e2e4", "e7e5", "g1f3"], 3), (["e2e3", "e7e5", "e3e4", "e5e6", "e4e3"], 5), (["e2e4", "d7d5", "e4d5"], 0)],
)
def test_pawnback_counts_pawn_moves_as_pyffish_does(moves: list[str], clock: int) -> None:
    pos = Position.start(entry("pawnback"))
    for m in moves:
        pos.push_uci(m)
    assert _clocks(pos.fen()) == _clocks(pyffish.get_fen("pawnback", START, moves))
    assert int(pos.fen().split()[4]) == clock


def _clocks(fen: str) -> list[str]:
    """A FEN without its en passant field: pyffish writes pawnback's as the squares a pawn passes and
    lands on ("e3e4"), the reference as FSF's chess does, where a pawn could take it."""
    fields = fen.split()
    return fields[:3] + fields[4:]


def test_pawnback_random_games_keep_pyffish_clock() -> None:
    assert_random_games_agree("pawnback", games=4, plies=80, same=_clocks)


def test_a_pawn_move_at_the_limit_ends_pawnback_but_not_chess() -> None:
    fen = START.replace(" 0 1", " 99 1")
    pos = Position.from_fen(entry("pawnback"), fen)
    pos.push_uci("a2a4")
    end = pos.outcome()
    assert end is not None and end.why is Reason.MOVE_RULE and end.winner is None
    assert pyffish.is_optional_game_end("pawnback", fen, ["a2a4"])[0]
    chess = Position.from_fen(entry("chess"), fen)
    chess.push_uci("a2a4")
    assert chess.outcome() is None and not pyffish.is_optional_game_end("chess", fen, ["a2a4"])[0]
    rules = [e.rule for e in endings(entry("pawnback"))[0]]
    assert rules[:2] == ["n-move rule", "n-move rule pieces"] and "n-move rule pieces" not in [
        e.rule for e in endings(entry("chess"))[0]
    ]


def test_the_ini_row_its_read_back_and_the_words() -> None:
    v = entry("pawnback")
    assert ini_options(v)["nMoveRuleTypes"] == "-"
    assert "nMoveRuleTypes" not in ini_options(entry("chess"))
    assert read_section({**ini_options(v), "startFen": START}).draws == stated(v).draws
    assert "50 moves each without a capture or a promotion draw" in dict(rules_in_short(v))["Draws"]
    assert "move-rule" in [x.rule for x in limitations(v, Target.ZILLIONS)]
    assert relaxed(v, Target.ZILLIONS).draws.move_rule_pieces is None


SIDES = """
families:
  fam: {title: Family}
variants:
  sides:
    title: Sides
    family: fam
    board: {files: 6, ranks: 6}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      N: {name: Knight, betza: N}
      R: {name: Rook, betza: R}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
    setup:
      white: {K: [d1], N: [b1], R: [a1, f1], P: [a2-f2]}
      black: {K: [d6], N: [b6], R: [a6, f6], P: [a5-f5]}
    draws: {move_rule_pieces: [R], black_move_rule_pieces: [N, P]}
"""


def test_sides_of_their_own_as_pyffish_plays_our_section() -> None:
    catalogue = load_catalogue_text(SIDES, "sides.yaml")
    v = catalogue.variants[0]
    options = ini_options(v)
    assert (options["nMoveRuleTypesWhite"], options["nMoveRuleTypesBlack"]) == ("r", "np")
    assert "nMoveRuleTypes" not in options
    assert read_section({**options, "startFen": "6/6/6/6/6/6 w - - 0 1"}).draws == stated(v).draws
    words = dict(rules_in_short(v))["Draws"]
    assert "a move of White's rook or Black's knight or pawn that it could not take straight back" in words
    name = section_name(v)
    pyffish.load_variant_config(render_ini(catalogue))
    fen = pyffish.start_fen(name)
    # a rook's move restarts White's count, a pawn's does not; a pawn's restarts Black's; a knight's move
    # could come straight back, so b6c4 leaves Black's count running (and b1c3 White's)
    for moves in (["a2a3"], ["a2a3", "a5a4"], ["a2a3", "a5a4", "a1a2"], ["b1c3"], ["b1c3", "b6c4"]):
        pos = Position.start(v)
        for m in moves:
            pos.push_uci(m)
        assert pos.fen() == pyffish.get_fen(name, fen, moves), moves


def test_no_pieces_and_a_knight_apart_from_pawns() -> None:
    v = entry("chess")
    knights = dataclasses.replace(v, draws=dataclasses.replace(v.draws, move_rule_pieces=("N",)))
    pos = Position.start(knights)
    for m in ("e2e4", "g8f6"):
        pos.push_uci(m)
    assert pos.halfmove == 2  # a pawn's move no longer restarts the count; a knight's move is reversible


def test_the_proof_fails_a_section_that_lets_pawns_restart_the_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalogue = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
    text, _ = built_ini(catalogue, ["pawnback"])
    assert "nMoveRuleTypes = -\n" in text
    ini = tmp_path / "variants.ini"
    ini.write_text(text.replace("nMoveRuleTypes = -\n", ""), encoding="utf-8")
    args = check_args("--catalogue", str(FAIRY_STOCKFISH_CATALOGUE), "pawnback", "--ini", str(ini))
    args.depth = args.games = 0
    assert cmd_check(catalogue, args) == 1
    out = capsys.readouterr().out
    assert "DISAGREEMENT in pawnback (proof of the n-move rule pieces, the deciding position)" in out
