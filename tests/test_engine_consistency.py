"""Invariants of the engine on seeded random games of every catalogue variant.

Counting moves (the perft fast path) must agree with listing them; taking a
move back must restore the position exactly; every position's FEN must read
back to the same position.  Whether a side has a move at all (asked after every move played, for the
game's end) must agree with the count, there and after every move of small positions where few moves are
left.
"""

from __future__ import annotations

import random

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.check.ending_positions import small_positions
from generator.engine import Position, uci

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
BUILT_INS = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)


@pytest.mark.parametrize("name", CATALOGUE.names())
def test_random_games_keep_the_engine_consistent(name: str) -> None:
    variant = CATALOGUE.get(name)
    assert variant is not None
    rng = random.Random(name)
    positions = 0
    for _ in range(6):
        pos = Position.start(variant)
        for _ in range(60):
            moves = pos.legal_moves()
            assert pos.count_moves() == len(moves), pos.fen()
            assert pos.has_moves() == bool(moves), pos.fen()
            assert len({uci(pos.rules, m) for m in moves}) == len(moves), f"two moves share a name in {pos.fen()}"
            fen = pos.fen()
            again = Position.from_fen(variant, fen)
            assert again.fen() == fen
            assert sorted(uci(again.rules, m) for m in again.legal_moves()) == sorted(uci(pos.rules, m) for m in moves)
            positions += 1
            if not moves:
                break
            for m in moves:
                pos.push(m)
                pos.pop()
                assert pos.fen() == fen, f"{uci(pos.rules, m)} did not undo in {fen}"
            pos.push(rng.choice(moves))
    assert positions > 100


@pytest.mark.parametrize("name", BUILT_INS.names())
def test_a_side_has_a_move_exactly_when_the_count_says_so(name: str) -> None:
    variant = BUILT_INS.get(name)
    assert variant is not None
    rng = random.Random(name)
    game = Position.start(variant)
    for _ in range(30):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    seen = 0
    for pos in [game, *small_positions(variant, "has moves", attempts=60)]:
        for m in pos.legal_moves()[:40]:
            pos.push(m)
            count = pos.count_moves()
            assert pos.has_moves() == (count > 0), f"{pos.fen()}: {count} moves"
            seen += 1
            pos.pop()
    assert seen > 0
