"""The sieve of the stalemate search passes over a move only where the other side still has a move after it.

Along random games and small random positions of every variant of both catalogues, every move the sieve
passes over is played: the other side must then have a legal move (or be in check, or the game be over);
where it calls a position hopeless, that must hold for every move.  The stalemates met on the way are
counted, so the test sees the sieve keep the moves that stalemate.
"""

from __future__ import annotations

import random

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.ending_positions import small_positions
from generator.check.ending_stalemates import sieve
from generator.engine import Position, uci

VARIANTS = [v for path in (DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE) for v in load_catalogue(path).variants]


def _positions(variant: Variant) -> list[Position]:
    rng = random.Random(variant.name)
    found = list(small_positions(variant, "sieve", attempts=150))
    game = Position.start(variant)
    for ply in range(120):
        moves = game.legal_moves()
        if not moves or game.outcome() is not None:
            break
        game.push(rng.choice(moves))
        if ply % 4 == 3:
            found.append(Position.from_fen(variant, game.fen()))
    return found


def _stalemated(pos: Position) -> bool:
    return pos.count_moves() == 0 and not pos.in_check() and pos.immediate_outcome() is None


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_a_move_the_sieve_passes_over_leaves_the_other_side_a_move(variant: Variant) -> None:
    for pos in _positions(variant):
        s = sieve(pos)
        if s is None:
            continue
        for m in pos.legal_moves():
            if s.hopeless or not s.may_stalemate(m):
                pos.push(m)
                assert not _stalemated(pos), f"{pos.fen()} after {uci(pos.rules, m)}, passed over by the sieve"
                pos.pop()


def test_the_sieve_keeps_the_moves_that_stalemate_and_passes_over_others() -> None:
    stalemates = passed_over = moves = 0
    for variant in VARIANTS:
        for pos in small_positions(variant, "sieve", attempts=150):
            s = sieve(pos)
            for m in pos.legal_moves():
                moves += 1
                passed_over += s is not None and (s.hopeless or not s.may_stalemate(m))
                pos.push(m)
                if _stalemated(pos):
                    stalemates += 1
                    assert s is None or (not s.hopeless and s.may_stalemate(m)), f"{pos.fen()}"
                pos.pop()
    assert stalemates > 20
    assert passed_over > moves / 4
