"""Every game title unique in its rules file (issue 37, item 6): two entries of one title in one download (as
importing Dagaz's courier-chess.zrf gives: two games titled Courier Chess) are numbered, ``list --json``
and the manifest name each game as the file does, and ``lint`` reports a title met twice."""

from __future__ import annotations

import re

from generator.catalogue import load_catalogue_text
from generator.emit.listing import variant_record
from generator.emit.zillions import downloads, family_files
from generator.zrf.lint import lint_text

TWICE = """\
variants:
  courier:
    extends: fairy-stockfish:courier
    title: Courier Chess
  courier-again:
    extends: fairy-stockfish:courier
    title: Courier Chess
    draws: {move_rule: 40}
"""


def test_a_title_met_twice_is_numbered_in_the_file() -> None:
    catalogue = load_catalogue_text(TWICE)
    [key] = list(downloads(catalogue))
    files = family_files(catalogue, key)
    [zrf] = [data.decode("utf-8") for name, data in files.items() if name.endswith(".zrf")]
    assert re.findall(r'\(title "([^"]*)"\)', zrf) == ["Courier Chess (variantgen)", "Courier Chess 2 (variantgen)"]
    assert not [m for m in lint_text(zrf, "courier.zrf", lambda _: b"") if "second game titled" in m.message]
    games = [variant_record(catalogue, v)["zillions"]["game"] for v in catalogue.variants]
    assert games == ["Courier Chess (variantgen)", "Courier Chess 2 (variantgen)"]


def test_lint_reports_a_second_game_of_one_title() -> None:
    board = '(board (grid (dimensions "a/b" "2/1")))'
    game = '(game (title "{}") (players White Black) (turn-order White Black) ' + board + ")\n"
    text = game.format("Courier Chess") + game.format("Shatranj") + game.format("Courier Chess")
    found = [str(m) for m in lint_text(text, "two.zrf") if "second game titled" in m.message]
    assert found == [
        "two.zrf:3: a second game titled 'Courier Chess' (the first at line 1): Zillions lists the games by title"
    ]
