"""The import's proof shared among several pyffish processes counts exactly what one process per file counts:
each name's random games keep their seed whichever process plays them."""

from __future__ import annotations

from generator.importers.proof import counts

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
