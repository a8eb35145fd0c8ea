"""The Zillions file of the janggis through the ZRF interpreter, held to the reference engine and to pyffish's
built-ins: moves along the palace's diagonal lines (a ``diagonal-lines`` zone the move starts in and lands
in), the cannon that neither hops over nor takes a cannon (``(verify (not-piece? Cannon))`` on the hurdle
and the target), and the pass, the general's staying put (``(add-copy General)`` on its own square, which
the checkmated goal forbids in check), position by position and over random games of each rule set."""

from __future__ import annotations

import re
from pathlib import Path

import pyffish
import pytest
from support import FSF_CATALOGUE as CAT
from support import assert_check_agrees, fsf_entry

from generator.catalogue import load_catalogue_text
from generator.check.compare import Query, check_variant
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.engine import Position, uci

NAMES = ("janggi", "janggitraditional", "janggimodern", "janggicasual")
#: pyffish spells a pass as the general's move onto its own square (``e2e2``)
_SELF = re.compile(r"^([a-i]\d+)\1$")


def _zillions(engine: Zillions, name: str, fen: str) -> set[str]:
    answer = engine.probe(name, [Query((), fen=fen)])[0]
    assert not answer.error, answer.error
    return set(answer.moves)


def _reference(name: str, fen: str) -> set[str]:
    pos = Position.from_fen(relaxed(fsf_entry(name), Target.ZILLIONS), fen)
    return {uci(pos.rules, m) for m in pos.legal_moves()}


def _pyffish(name: str, fen: str) -> set[str]:
    return {"0000" if _SELF.match(m) else m for m in pyffish.legal_moves(name, fen, [])}


@pytest.fixture(scope="module")
def engine() -> Zillions:
    with Zillions(CAT, [fsf_entry(x) for x in NAMES]) as z:
        yield z


@pytest.mark.parametrize(
    ("fen", "present", "absent"),
    [
        # the general on the palace's corner d1 steps along the diagonal to the centre, and no further
        ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", {"d1e2", "d1d2", "d1e1"}, {"d1c2", "d1f3"}),
        # off the lines on d2 it steps only straight; the guard on f3 steps along the diagonal to e2
        ("4k4/9/9/9/9/9/9/5A3/3K5/9 w - - 0 1", {"f3e2", "d2d1", "d2e2"}, {"d2e3", "d2c1", "d2e1"}),
        # the chariot slides from the corner across the centre to the far corner, and not beyond
        ("4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1", {"d1e2", "d1f3", "d1d10"}, {"d1g4", "d1h5"}),
        # the cannon hops the palace's centre diagonally, but not over a cannon there
        ("4k4/4p4/5C3/9/9/9/9/9/4K4/9 w - - 0 1", {"f8d10"}, {"f8e9"}),
        ("4k4/4c4/5C3/9/9/9/9/9/4K4/9 w - - 0 1", set(), {"f8d10", "f8e9"}),
        # a cannon facing a cannon on the file: neither hurdle nor target, over a soldier or not
        ("4k4/9/1c7/9/9/9/1p7/1C7/9/3K5 w - - 0 1", {"b3b5", "b3b7"}, {"b3b4", "b3b8", "b3b9", "b3b10"}),
        ("4k4/9/9/9/4c4/9/4C4/9/9/4K4 w - - 0 1", {"e1e2"}, {"e4e7", "e4e10", "e4e5"}),
        # the soldier steps diagonally forward along the lines (d8 to e9), not elsewhere
        ("3k5/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1", {"d8e9", "d8d9", "0000"}, {"d8c9"}),
        # the general in check from the chariot beside it may take it, but not pass
        ("3k5/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1", {"e2e1"}, {"0000", "e2e3"}),
        # nor may Black pass while the cannon checks over the soldier; out of check it may
        ("3k5/9/9/9/3P5/9/9/3C5/5K3/9 b - - 0 1", {"d10e10"}, {"0000"}),
        ("4k4/9/9/9/3P5/9/9/3C5/5K3/9 b - - 0 1", {"0000"}, set()),
    ],
)
def test_the_palace_and_the_cannon_as_in_the_reference_and_pyffish(
    engine: Zillions, fen: str, present: set[str], absent: set[str]
) -> None:
    for name in NAMES:
        ours = _zillions(engine, name, fen)
        assert ours == _reference(name, fen)
        assert ours == _pyffish(name, fen)
        assert present <= ours and not absent & ours


def test_the_limitations_are_gone_and_the_files_agree_with_the_reference(engine: Zillions) -> None:
    for name in NAMES:
        v = fsf_entry(name)
        rules = {x.rule for x in limitations(v, Target.ZILLIONS)}
        assert {"diagonal-lines", "shuns-own-type", "passing", "double-pass", "bikjang"}.isdisjoint(rules)
        played = relaxed(v, Target.ZILLIONS)
        assert played.shuns_own_type == ("C",) and played.piece("K").line_moves is not None and played.passing
        report = check_variant(v, engine, depth=2, games=3, plies=120, seed=5)
        assert report.ok, report.disagreement.describe()


def test_a_pass_is_the_generals_staying_put_and_two_passes_draw(engine: Zillions) -> None:
    for name in NAMES:
        start = pyffish.start_fen(name)
        assert "0000" in engine.legal_moves(name, []) and "e2e2" in pyffish.legal_moves(name, start, [])
        # pyffish ends the game on the second pass in a row, and so does the file: the second pass finds the
        # first on the other general's square (last-from?, last-to?) and makes the marker that draws
        assert pyffish.legal_moves(name, start, ["e2e2", "e9e9"]) == []
        assert engine.legal_moves(name, ["0000", "0000"]) == set()
        assert engine.result(name, ["0000", "0000"]) == "1/2-1/2"
        assert engine.legal_moves(name, ["0000"]) == _reference(name, pyffish.get_fen(name, start, ["e2e2"]))


#: lines that are no palace: a slide along them passes squares off the lines (b2, d4) and lands beyond, as the
#: reference's lines let it; the cannons face each other on the f file, neither a hurdle for the other
LINES = """\
families:
  fam: {title: Family}
variants:
  lines:
    title: Lines
    family: fam
    board: {files: 6, ranks: 6}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R, line_moves: B}
      C: {name: Cannon, betza: pR, line_moves: pB}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
    setup:
      white: {K: [d1], R: [a1], C: [f1, b1], P: [c2, e2]}
      black: {K: [d6], R: [a6], C: [f6, b6], P: [c5, e5]}
    diagonal_lines: [a1, c3, e5, f6, a6, b5, d3, f1]
    shuns_own_type: [C]
"""


def test_lines_off_a_palace_and_a_shunning_cannon_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = load_catalogue_text(LINES, "lines.yaml").variants[0]
    assert {"diagonal-lines", "shuns-own-type"}.isdisjoint(x.rule for x in limitations(v, Target.ZILLIONS))
    fen = "3k2/6/6/6/6/R2K2 w - - 0 1"
    pos = Position.from_fen(v, fen)
    assert {"a1c3", "a1e5", "a1f6"} <= {uci(pos.rules, m) for m in pos.legal_moves()}
    assert_check_agrees(LINES, "zillions", tmp_path, capsys)
