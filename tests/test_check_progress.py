"""A long check shows a live bar on a terminal and ends with a table of what it compared."""

from __future__ import annotations

import pytest

from generator.check.progress import LiveBar
from generator.cli import main


def test_a_bar_moves_on_a_terminal_and_stays_silent_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    bar = LiveBar(enabled=True)
    show = bar.for_variant("ajax-chess (2/14)")
    show("perft", 3, 40, 1234)
    bar.clear()
    err = capsys.readouterr().err
    assert "ajax-chess (2/14)" in err and "3/40" in err and "perft, 1234 compared" in err
    quiet = LiveBar(enabled=False)
    quiet.for_variant("chess")("perft", 1, 2, 3)
    quiet.clear()
    assert capsys.readouterr().err == ""


def test_the_check_ends_with_a_table_then_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "chess", "bipartite-stage-one", "--depth", "1", "--games", "3", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = lines.index(next(line for line in lines if line.startswith("variant ")))
    assert lines[head].split() == [
        "variant",
        "positions",
        "nodes",
        "games",
        "game",
        "ends",
        "rules",
        "proved",
        "seconds",
    ]
    rows = [line.split() for line in lines[head + 1 : head + 3]]
    assert [r[0] for r in rows] == ["chess", "bipartite-stage-one"]
    assert all(r[3] == "3" for r in rows)  # the games played per variant
    assert [r[-2] for r in rows] == ["5/5", "3/3"]
    assert lines[head + 3].startswith("2 variants, ") and lines[-1].endswith("all agree")
