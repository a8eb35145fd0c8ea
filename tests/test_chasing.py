"""The rules on chasing (``draws.chasing: axf``): perpetual chase in a repetition, and the move rule
lengthened by checks, each played out ply by ply against pyffish's built-in xiangqi; how the ini,
the importer's read-back, Zillions and pychess-variants take the rule."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pyffish
import pytest
from support import FSF_CATALOGUE, check_args, ini_options
from support import fsf_entry as entry

from generator.catalogue.model import Chasing, Color
from generator.check.command import cmd_check
from generator.check.endings import endings
from generator.check.fairy_stockfish import built_ini
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason

#: the chariot follows the horse between c8 and b6
FOLLOW = ["c8b6", "h8h6", "b6c8", "h6h8"]


def _result(fen: str, moves: list[str]) -> str | None:
    """pyffish's claimable result after ``moves`` from ``fen``, as ``1-0``, ``0-1`` or ``1/2-1/2``."""
    ended, value = pyffish.is_optional_game_end("xiangqi", fen, moves)
    if not ended:
        return None
    white_to_move = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
    return "1/2-1/2" if value == 0 else "1-0" if (value > 0) == white_to_move else "0-1"


def _play(fen: str, moves: list[str]) -> Position:
    """Play ``moves`` from ``fen``, the reference's result after each the same as pyffish's."""
    pos = Position.from_fen(entry("xiangqi"), fen)
    pos.track_history()
    for i, text in enumerate(moves):
        pos.push_uci(text)
        end = pos.outcome()
        assert (end.result if end else None) == _result(fen, moves[: i + 1]), (i, text, end)
    return pos


@pytest.mark.parametrize(
    ("fen", "cycle", "winner", "why"),
    [
        # the horse follows the fleeing chariot (which nothing protects, and which a horse chases anyway)
        ("5k3/2N6/r8/9/9/9/9/9/9/4K4 b - - 0 1", ["a8a5", "c9b7", "a5a8", "b7c9"], Color.BLACK, Reason.PERPETUAL_CHASE),
        # the chariot follows a horse nothing protects
        (
            "4k4/9/2n4R1/9/9/9/9/9/5K3/9 b - - 0 1",
            ["c8b6", "h8h6", "b6c8", "h6h8"],
            Color.BLACK,
            Reason.PERPETUAL_CHASE,
        ),
        # the same, the horse protected by the elephant on c8 and the chariot on b6: no chase, a draw
        ("4bk3/9/2n4R1/9/9/9/9/9/3K5/1r7 b - - 0 1", ["c8b6", "h8h6", "b6c8", "h6h8"], None, Reason.REPETITION),
        # protected by the elephant on c8 only: chased on b6 alone, no perpetual chase
        ("4bk3/9/2n4R1/9/9/9/9/9/3K5/9 b - - 0 1", ["c8b6", "h8h6", "b6c8", "h6h8"], None, Reason.REPETITION),
        # the elephant pinned to its general by the chariot on a10 protects nothing: the chaser loses
        ("R3bk3/9/2n4R1/9/9/9/9/9/3K5/9 b - - 0 1", FOLLOW, Color.BLACK, Reason.PERPETUAL_CHASE),
        # nor does an advisor outside its palace (c8), though it attacks the square
        ("3k5/3a5/2n4R1/9/9/9/9/9/5K3/9 b - - 0 1", FOLLOW, Color.BLACK, Reason.PERPETUAL_CHASE),
        # both chase a chariot, each horse in turn attacking it and screening its cannon's attack on it
        (
            "3k4c/8n/9/9/r8/8R/9/9/N8/C3K4 w - - 0 1",
            ["a2b4", "i9h7", "b4a2", "h7i9"],
            None,
            Reason.PERPETUAL_CHASE_BY_BOTH,
        ),
    ],
)
def test_a_repetition_of_chases_ends_as_in_the_builtin(
    fen: str, cycle: list[str], winner: Color | None, why: Reason
) -> None:
    pos = _play(fen, cycle * 2 + cycle[:1])
    pos.pop()
    end = pos.outcome()
    assert end is not None and end.winner is winner and end.why is why


def test_without_the_rule_a_perpetual_chase_only_draws() -> None:
    fen, cycle = "5k3/2N6/r8/9/9/9/9/9/9/4K4 b - - 0 1", ["a8a5", "c9b7", "a5a8", "b7c9"]
    xiangqi = entry("xiangqi")
    plain = dataclasses.replace(xiangqi, draws=dataclasses.replace(xiangqi.draws, chasing=None))
    pos = Position.from_fen(plain, fen)
    pos.track_history()
    for text in cycle * 2:
        pos.push_uci(text)
    end = pos.outcome()
    assert end is not None and end.winner is None and end.why is Reason.REPETITION


#: the chariot checks 16 times in 44 plies, the general stepping about its palace, then the game goes on quietly
CHECKS = [
    "b7b10",
    "e10e9",
    "b10b9",
    "e9e10",
    "b9e9",
    "e10d10",
    "e9d9",
    "d10e10",
    "d9d10",
    "e10e9",
    "d10d9",
    "e9e8",
    "d9d8",
    "e8e9",
    "d8e8",
    "e9d9",
    "e8e9",
    "d9d8",
    "e9a9",
    "d8e8",
    "a9a8",
    "e8e9",
    "a8a9",
    "e9e10",
    "a9a10",
    "e10e9",
    "a10e10",
    "e9d9",
    "e10a10",
    "d9d8",
    "a10a8",
    "d8d9",
    "a8a9",
    "d9d10",
    "a9a10",
    "d10d9",
    "a10a1",
    "d9d10",
    "a1d1",
    "d10e10",
    "d1e1",
    "e10d10",
    "e1a1",
    "d10d9",
    "a1d1",
    "d9e9",
    "d1e1",
    "e9d9",
    "e1b1",
    "d9d8",
]


@pytest.mark.parametrize(
    ("clock", "plies"),
    [
        (70, 50),  # draws at 120 plies, not 100: two plies for each of White's 16 checks beyond ten
        (80, 20),  # twenty plies in, only ten checks could be given: no allowance, the draw at 100
        (90, 10),  # fewer than twenty plies played: the move rule as usual
    ],
)
def test_checks_lengthen_the_move_rule_as_in_the_builtin(clock: int, plies: int) -> None:
    fen = f"4k4/6p2/9/1R7/9/9/9/9/7K1/9 w - - {clock} 1"
    pos = _play(fen, CHECKS[:plies])
    end = pos.outcome()
    assert end is not None and end.why is Reason.MOVE_RULE and end.winner is None
    pos.pop()
    assert pos.outcome() is None


def test_the_proofs_build_a_chase_and_a_lengthened_move_rule() -> None:
    cases, unbuilt = endings(entry("xiangqi"))
    rules = [c.rule for c in cases]
    assert "perpetual chase" in rules and "checks lengthen the move rule" in rules and unbuilt == []
    for case in cases:
        if case.rule in ("perpetual chase", "checks lengthen the move rule"):
            assert _result(case.fen, list(case.moves)) is not None
            assert _result(case.fen, list(case.moves[:-1])) is None


@pytest.mark.slow  # two checks of the proofs through pyffish: about a minute
def test_the_proofs_pass_on_the_section_and_fail_without_chasing_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    quiet = ("xiangqi", "--depth", "0", "--games", "0")  # no perft, no games: only the proofs can see it
    assert cmd_check(FSF_CATALOGUE, check_args(*quiet)) == 0
    assert "perpetual chase, checks lengthen the move rule" in capsys.readouterr().out
    text, _ = built_ini(FSF_CATALOGUE, ["xiangqi"])
    ini = tmp_path / "variants.ini"
    ini.write_text(text.replace("chasingRule = axf", "chasingRule = none"), encoding="utf-8")
    assert cmd_check(FSF_CATALOGUE, check_args(*quiet, "--ini", str(ini))) == 1
    assert "DISAGREEMENT in xiangqi (proof of the perpetual chase, the deciding position)" in capsys.readouterr().out


def test_the_ini_writes_the_rule_and_the_pieces_it_knows_by_type_and_reads_them_back() -> None:
    xiangqi = entry("xiangqi")
    options = ini_options(xiangqi)
    assert options["chasingRule"] == "axf"
    assert (options["horse"], options["cannon"], options["elephant"], options["fers"]) == ("n", "c", "b", "a")
    assert "chasingRule" not in ini_options(entry("minixiangqi"))
    back = read_section({**options, "startFen": pyffish.start_fen("xiangqi")})
    assert back.draws.chasing is Chasing.AXF and back.draws == stated(xiangqi).draws
    assert back.pieces == stated(xiangqi).pieces  # horse, cannon, elephant and fers read as the pieces they are


def test_the_rules_text_tells_the_chase_and_the_checks() -> None:
    words = dict(rules_in_short(entry("xiangqi")))["Draws"]
    assert "a side that attacked one same piece with every move of the repetition" in words
    assert "draw, two plies later for each check beyond ten that one side gave in that time" in words
    assert "attacked one same piece" not in dict(rules_in_short(entry("minixiangqi")))["Draws"]


def test_zillions_names_the_limitation_and_pychess_gets_no_upload() -> None:
    xiangqi = entry("xiangqi")
    assert "chasing" in [x.rule for x in limitations(xiangqi, Target.ZILLIONS)]
    assert relaxed(xiangqi, Target.ZILLIONS).draws.chasing is None
    assert [x.rule for x in limitations(xiangqi, Target.PYCHESS)] == ["chasing"]
