"""Game-end proofs: positions where each rule decides, built from the rules alone, and the
mutations of a generated ini that only they catch."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import MINI, check_args

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.loader import load_catalogue_text
from generator.catalogue.model import StalemateResult, Variant
from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
from generator.check.command import cmd_check
from generator.check.endings import endings
from generator.check.fairy_stockfish import built_ini
from generator.emit.fidelity import relaxed
from generator.engine import Position, uci
from generator.engine.outcome import Reason

CAT = load_catalogue(DEFAULT_CATALOGUE)


def _variant(name: str) -> Variant:
    """The catalogue variant as Fairy-Stockfish is checked against it."""
    v = CAT.get(name)
    assert v is not None
    return relaxed(v, "fairy-stockfish")


def _after(variant_name: str, fen: str, moves: tuple[str, ...]) -> Position:
    pos = Position.from_fen(_variant(variant_name), fen)
    pos.track_history()
    for m in moves:
        pos.push_uci(m)
    return pos


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("chess", ["n-move rule", "repetition", "checkmate", "stalemate", "castling"]),
        ("ajax-bigamous", ["n-move rule", "repetition", "checkmate", "stalemate", "castling"]),
        ("bipartite-stage-two-white-diagonal", ["n-move rule", "repetition", "checkmate", "stalemate", "bare king"]),
        ("bipartite-stage-one", ["repetition", "stalemate", "race"]),
    ],
)
def test_each_rule_of_a_variant_gets_a_position_where_it_decides_and_not_one_move_before(
    name: str, rules: list[str]
) -> None:
    variant = _variant(name)
    cases, _ = endings(variant)
    assert sorted({c.rule for c in cases}) == sorted(rules)
    for case in cases:
        before = _after(name, case.fen, case.moves[:-1])
        after = _after(name, case.fen, case.moves)
        assert before.outcome() is None, case
        end = after.outcome()
        if case.rule == "castling":
            assert case.moves[-1] in _uci_moves(before)
        elif case.rule == "stalemate" and variant.draws.stalemate is StalemateResult.PASS:
            assert end is None and _uci_moves(after) == ["0000"]
        elif case.rule == "repetition" and variant.draws.double_pass:
            # only passes repeat here, and Fairy-Stockfish draws as soon as both sides have passed
            assert set(case.moves) == {"0000"} and end is not None and end.why is Reason.DOUBLE_PASS, (case, end)
        else:
            assert end is not None and end.reason.endswith(case.rule.replace("n-move rule", "-move rule")), (case, end)


def _uci_moves(pos: Position) -> list[str]:
    return sorted(uci(pos.rules, m) for m in pos.legal_moves())


def test_an_extinction_only_the_other_side_can_bring_is_built_with_it_to_move() -> None:
    # horde's White has only pawns, and loses when Black has taken the last: no position with White to move,
    # nor any game a check plays, decides it
    horde = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("horde")
    assert horde is not None
    cases, unbuilt = endings(horde)
    [case] = [c for c in cases if c.rule == "extinction"]
    assert "extinction" not in unbuilt and case.fen.split()[1] == "b"
    pos = Position.from_fen(horde, case.fen)
    assert pos.outcome() is None
    pos.push_uci(case.moves[0])
    end = pos.outcome()
    assert end is not None and end.why is Reason.EXTINCTION and end.result == "0-1"


def test_the_positions_are_the_same_on_every_run() -> None:
    chess = _variant("chess")
    assert endings(chess) == endings(chess)


def test_a_repetition_of_passes_is_found_where_both_sides_block_each_other() -> None:
    stage_one = CAT.get("bipartite-stage-one")
    assert stage_one is not None
    (case,) = [c for c in endings(stage_one)[0] if c.rule == "repetition"]
    pos = Position.from_fen(stage_one, case.fen)
    pos.track_history()
    assert _uci_moves(pos) == ["0000"] and set(case.moves) == {"0000"}
    for m in case.moves:
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.reason == "3-fold repetition"


def test_a_rule_without_a_position_is_reported_not_passed_over() -> None:
    # kings and pawns only: no quiet move of a piece that is neither a pawn nor royal, so no n-move
    # rule or repetition position; and no plain piece for the small positions a checkmate needs
    text = MINI.replace("R: {name: Rook, betza: R}", "").replace("R: [a1, f1], ", "").replace("R: [a6, f6], ", "")
    pawns = load_catalogue_text(text).get("mini")
    assert pawns is not None
    assert endings(pawns)[1] == ["n-move rule", "repetition", "checkmate"]


MUTATIONS = [
    ("nMoveRule = 50", "nMoveRule = 20", "proof of the n-move rule, one move before the deciding position"),
    ("nFoldRule = 3", "nFoldRule = 2", "proof of the repetition, one move before the deciding position"),
    ("nFoldValue = draw", "nFoldValue = loss", "proof of the repetition, the deciding position"),
    ("stalemateValue = draw", "stalemateValue = loss", "proof of the stalemate, the deciding position"),
    ("castling = true", "castling = false", "proof of the castling, one move before the deciding position"),
]


def _mutated(tmp_path: Path, old: str, new: str) -> Path:
    text, _ = built_ini(CAT)
    assert old in text
    path = tmp_path / "variants.ini"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")  # the first section: chess
    return path


@pytest.mark.parametrize(("old", "new", "where"), MUTATIONS)
def test_each_mutation_of_a_game_end_rule_fails_with_the_deciding_position_named(
    old: str, new: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ini = _mutated(tmp_path, old, new)
    # no perft, no games: only the proofs can see it
    assert cmd_check(CAT, check_args("chess", "--ini", str(ini), "--depth", "0", "--games", "0")) == 1
    out = capsys.readouterr().out
    assert f"DISAGREEMENT in chess ({where})" in out
    assert "  FEN:   " in out and ", from " in out


def test_the_unmutated_ini_proves_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert cmd_check(CAT, check_args("chess", "bipartite-stage-one", "--depth", "0", "--games", "0")) == 0
    out = capsys.readouterr().out
    assert "game-end rules proved: n-move rule, repetition, checkmate, stalemate\n" in out
    assert "other rules proved at positions set up for them: castling" in out
    assert "game-end rules proved: repetition, stalemate, race" in out


@pytest.mark.parametrize(("old", "new", "where"), [MUTATIONS[0], MUTATIONS[3], MUTATIONS[4]])
def test_the_native_engine_proves_the_same_rules(
    old: str,
    new: str,
    where: str,
    engine_path: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = cmd_check(CAT, check_args("chess", "--uci", engine_path, "--depth", "0", "--games", "0"))
    assert good == 0
    assert "game-end rules proved: n-move rule, repetition, checkmate, stalemate\n" in capsys.readouterr().out
    ini = _mutated(tmp_path, old, new)
    args = check_args("chess", "--uci", engine_path, "--ini", str(ini), "--depth", "0", "--games", "0")
    assert cmd_check(CAT, args) == 1
    assert f"DISAGREEMENT in chess ({where})" in capsys.readouterr().out
