"""The import's proof shared among several pyffish processes counts exactly what one process per file counts:
each name's random games keep their seed whichever process plays them."""

from __future__ import annotations

import time

import pytest

from generator.importers import proof
from generator.importers.command import _Shown
from generator.importers.proof import counts, first_difference

INI = """
[tiny:chess]
maxRank = 6
maxFile = 6
startFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStep = false
castling = false

[wide:chess]
maxFile = 9
startFen = rnbqkbnrr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1
castling = false

[knightless:chess]
startFen = r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1
"""
NAMES = [("tiny", "tiny"), ("wide", "wide"), ("knightless", "knightless")]


def test_the_proof_on_six_processes_counts_what_two_count() -> None:
    two = counts(INI, INI, NAMES, depth=2, jobs=2)
    six = counts(INI, INI, NAMES, depth=2, jobs=6)
    assert two == six
    theirs, ours = six
    assert theirs == ours
    # six pawn steps and two knight moves: the small board is read, not chess's
    assert theirs["tiny"] is not None and theirs["tiny"]["perft"][0] == 8


def test_the_proof_reports_each_chunk_and_perfts_along_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proof, "CHUNK", 2)
    heard: list[tuple[int, int]] = []
    theirs, _ = counts(INI, INI, NAMES, jobs=2, progress=lambda done, total: heard.append((done, total)))
    assert heard == [(2, 3), (3, 3)]
    knightless = theirs["knightless"]
    assert knightless is not None and knightless["perft"] == [18, 324]
    # every PERFT_EVERY plies of a game that lasts, its perft there: as many moves as the ply lists
    for game in knightless["games"]:
        deep = [ply for ply in game if ply[3] is not None]
        assert [game.index(ply) for ply in deep] == list(range(proof.PERFT_EVERY, len(game), proof.PERFT_EVERY))
        assert all(ply[3][0] == len(ply[0]) and len(ply[3]) == proof.DEPTH for ply in deep)


def test_a_perft_that_differs_along_a_game_is_told_in_words() -> None:
    ply = [["a2a3", "a2a4"], False, "a2a3", [2, 40]]
    theirs = {"start": "x", "perft": [2], "games": [[ply]]}
    ours = {"start": "x", "perft": [2], "games": [[[*ply[:3], [2, 41]]]]}
    assert first_difference(theirs, ours) == (
        "random game 1, ply 1 (after none): the original gives perft [2, 40] there, the entry's section [2, 41]"
    )


def test_a_long_import_shows_its_progress(capsys: pytest.CaptureFixture[str]) -> None:
    _Shown(time.perf_counter())(8, 107)  # under QUIET seconds: not a word
    _Shown(time.perf_counter() - 10)(16, 107)
    _Shown(time.perf_counter() - 10)(107, 107)  # the summary follows at once
    assert capsys.readouterr().err == "proved in pyffish: 16 of 107 sections (10 s)\n"
