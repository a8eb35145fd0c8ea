"""``lint`` and ``variantgen lint``: each kind of problem, found with its line, in small broken files."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from shared_data import zillions_file

from generator.zrf.command import register_lint
from generator.zrf.lint import LintMessage, lint, lint_text

GOOD = """(version "2.0")
(define step ($1 (verify empty?) add))
(game
  (title "Good")
  (players White Black)
  (turn-order White Black)
  (board
    (grid (dimensions ("a/b/c" (1 0)) ("3/2/1" (0 1)))
          (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
    (symmetry Black (n s) (s n) (e e) (w w))
    (zone (name far) (players White) (positions a3 b3 c3))
    (zone (name far) (players Black) (positions a1 b1 c1)))
  (piece (name Man) (attribute fresh? true)
    (moves (step n) (n (verify (in-zone? far)) (set-attribute fresh? false) (add King))))
  (piece (name King) (moves (step e)))
  (board-setup (White (Man a1)) (Black (Man c3)))
  (loss-condition (White Black) (checkmated King))
  (draw-condition (White Black) stalemated)
)"""


def found(text: str) -> list[tuple[int, str]]:
    return [(m.line, m.message) for m in lint_text(text, "t.zrf")]


def has(text: str, line: int, fragment: str) -> None:
    got = found(text)
    assert any(n == line and fragment in msg for n, msg in got), got


def test_a_good_file_is_clean() -> None:
    assert found(GOOD) == []


@pytest.mark.parametrize(
    ("old", "new", "line", "fragment"),
    [
        # parentheses, strings and what follows the last ')'
        (
            "(loss-condition (White Black) (checkmated King))",
            "(loss-condition (White Black) (checkmated King)))",
            19,
            "unbalanced ')'",
        ),
        ("  (piece (name King) (moves (step e)))", "  (piece (name King) (moves (step e))", 15, "never closed"),
        ('(title "Good")', '(title "Good)', 4, "the string opened here runs into the code below"),
        (
            "  (draw-condition (White Black) stalemated)\n)",
            "  (draw-condition (White Black) stalemated)\n) ; end",
            19,
            "text after the last ')'",
        ),
        # macros
        ("(moves (step n)", "(moves (step)", 14, "macro 'step' (defined at line 2) uses $1 but is given 0"),
        # names
        ("(moves (step n)", "(moves (step nn)", 14, "unknown name 'nn'"),  # the argument's line
        ("(in-zone? far)", "(in-zone? fra)", 14, "unknown zone 'fra'"),
        ("(add King)", "(add Kng)", 14, "unknown piece Kng"),
        ("(set-attribute fresh? false)", "(set-attribute frseh? false)", 14, "unknown attribute 'frseh?'"),
        ("(verify (in-zone? far))", "(verify (in-zone? far)) (foo 1)", 14, "unknown instruction (foo ...)"),
        ("(verify (in-zone? far))", "(verify far?)", 14, "unknown test 'far?'"),
        ("(positions a3 b3 c3)", "(positions a3 b3 c4)", 11, "unknown position 'c4'"),
        ("(board-setup (White (Man a1))", "(board-setup (White (Man a1) (Men b1))", 16, "unknown piece 'Men'"),
        ("(Black (Man c3))", "(Blak (Man c3))", 16, "unknown player 'Blak' in board-setup"),
        ("(turn-order White Black)", "(turn-order White Black (Black drop))", 6, "move type 'drop' is not used"),
        ("(players White)", "(players Whte)", 11, "unknown player 'Whte' in zone far"),
        # symmetry
        ("(symmetry Black (n s) (s n) (e e) (w w))", "(symmetry Black (n s) (s n))", 10, "does not list e, w"),
        (
            "(symmetry Black (n s) (s n) (e e) (w w))",
            "(symmetry Black (n s) (s n) (e w) (w w) (x y))",
            10,
            "unknown direction 'x'",
        ),
        # goals
        ("(checkmated King)", "(checkmated Kingg)", 17, "unknown piece Kingg in (checkmated ...)"),
        (
            "(draw-condition (White Black) stalemated)",
            "(draw-condition (White Black) (or stalemated repetition))",
            18,
            "stalemated must be a whole goal",
        ),
        (
            "(draw-condition (White Black) stalemated)",
            "(draw-condition (White Black) (pieces-remaining x))",
            18,
            "needs a number first",
        ),
        (
            "(draw-condition (White Black) stalemated)",
            "(draw-condition (White Black) (absolute-config Man (z9)))",
            18,
            "unknown position or zone z9",
        ),
        (
            "(draw-condition (White Black) stalemated)",
            "(draw-condition (Red) stalemated)",
            18,
            "unknown player 'Red' in draw-condition",
        ),
        (
            "(draw-condition (White Black) stalemated)",
            "(draw-condition (White Black) stalemate)",
            18,
            "unknown goal 'stalemate'",
        ),
        # options and sections
        (
            "(turn-order White Black)",
            '(turn-order White Black) (option "pass trun" true)',
            6,
            "unknown option 'pass trun'",
        ),
        ("(turn-order White Black)", "(turn-order White Black) (bord)", 6, "unknown game section (bord ...)"),
    ],
)
def test_each_problem_is_found(old: str, new: str, line: int, fragment: str) -> None:
    assert old in GOOD
    has(GOOD.replace(old, new, 1), line, fragment)


def test_messages_and_kinds() -> None:
    messages = lint_text(GOOD.replace("(e e) (w w)", ""), "t.zrf")
    assert [m.kind for m in messages] == ["warning"]
    assert str(messages[0]).startswith("t.zrf:10: warning: the symmetry for Black does not list e, w")
    m = LintMessage(3, "unknown zone 'x'", "f.zrf")
    assert str(m) == "f.zrf:3: unknown zone 'x'" and m.kind == "error"
    assert [m.kind for m in lint_text("(game\n", "t.zrf")] == ["syntax"]
    text = GOOD.replace(
        "(loss-condition (White Black) (checkmated King))\n  (draw-condition (White Black) stalemated)", ""
    ).replace("  (board-setup (White (Man a1)) (Black (Man c3)))\n", "")
    assert {msg for _, msg in found(text)} == {
        "game 'Good': no win-, loss- or draw-condition: the game never ends",
        "game 'Good': no board-setup: the board starts empty",
    }


def test_zillions_files_lint_without_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("Chess.zrf", "fairychess.zrf"):
        messages = lint(zillions_file(name))
        assert messages and all(m.kind == "warning" and "symmetry" in m.message for m in messages), messages
        assert run(["lint", str(zillions_file(name))]) == 0
    capsys.readouterr()


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="variantgen")
    sub = parser.add_subparsers(dest="command", required=True)
    register_lint(sub, [argparse.ArgumentParser(add_help=False)])
    args = parser.parse_args(argv)
    return args.run(None, args)


def test_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.zrf"
    good.write_text(GOOD)
    assert run(["lint", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: no problems found\n"
    bad = tmp_path / "bad.zrf"
    bad.write_text(GOOD.replace("(in-zone? far)", "(in-zone? fra)").replace("(e e) (w w)", ""))
    assert run(["lint", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{bad}:10: warning: the symmetry for Black does not list e, w: Zillions leaves them unchanged, "
        "other readers may not; add (e e) (w w)",
        f"{bad}:14: unknown zone 'fra'",
        f"{bad}: 1 error, 1 warning",
    ]
    bad.write_text(GOOD + ")")
    assert run(["lint", str(bad)]) == 2
    assert capsys.readouterr() == ("", f"variantgen: {bad}:19: unbalanced ')': no '(' is open here\n")
    warned = tmp_path / "warned.zrf"
    warned.write_text(GOOD.replace("(e e) (w w)", ""))
    assert run(["lint", str(warned)]) == 0  # warnings only: the file is fine for Zillions
    assert capsys.readouterr().out.splitlines()[-1] == f"{warned}: 0 errors, 1 warning"
    assert run(["lint", str(tmp_path / "missing.zrf")]) == 2
    assert "cannot read the file" in capsys.readouterr().err
