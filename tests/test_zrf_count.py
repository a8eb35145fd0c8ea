"""Perft's last ply counts moves without making them (``State.count_moves``): the count must be the
number of legal moves, at every position of seeded random games of every game of Zillions' own
``Chess.zrf`` and ``fairychess.zrf`` (castling, en passant, promotion, royal pieces that are not
kings, games without any) and of corpus games with drops (shogi) and partial moves (Glinski's
cheskers, whose kings may not be left in check); and where a move that
is not plain repeats a counted one, the repetition is counted once."""

from __future__ import annotations

import random

import pytest
from shared_data import shared_file

from generator.zrf import State, load, load_text, start

FILES = [
    ("Chess.zrf",),
    ("fairychess.zrf",),
    ("corpus", "DagazProject__ZRF", "LittleShogiPack", "SimpleShogi.zrf"),
    ("corpus", "GlukKazan__ZoG", "Rules", "RocketShogi.zrf"),
    ("corpus", "DagazProject__ZRF", "GlinskiCheskers", "glinski-cheskers.zrf"),  # partial moves, a king
]
GAMES = [(parts, g.title) for parts in FILES for g in load(shared_file("zillions", *parts)).games]


def agree_along_random_games(state: State, rng: random.Random, plies: int) -> int:
    """Play random moves, comparing the count with the moves at each position; the positions seen."""
    seen = 0
    for _ in range(plies):
        counted = state.count_moves()  # before legal_moves: it would answer from their cache
        moves = state.legal_moves()
        assert counted == len(moves), f"after {len(state.stack)} moves"
        seen += 1
        if not moves:
            break
        state.push(rng.choice(moves))
    return seen


@pytest.mark.parametrize(("parts", "title"), GAMES, ids=[f"{p[-1]}:{t}" for p, t in GAMES])
def test_counted_moves_are_the_legal_moves(parts: tuple[str, ...], title: str) -> None:
    game = load(shared_file("zillions", *parts)).game(title)
    rng = random.Random(5)
    assert sum(agree_along_random_games(start(game), rng, 40) for _ in range(3)) >= 3


def test_a_move_that_repeats_a_counted_one_counts_once() -> None:
    """The king's block picks up the rook beside it (``from``) and moves it on: the same move as the
    rook's own slide, which is counted, not made.  Moves with one effect are one move."""
    text = """
(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (dimensions ("a/b/c/d" (1 0)) ("2/1" (0 1))) (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
  (piece (name K) (moves (n add) (e from e add)))
  (piece (name R) (moves (e (while empty? add e) (verify not-friend?) add)))
  (board-setup (White (K a1) (R b1)) (Black (K d2)))
  (loss-condition (White Black) (checkmated K)))"""
    state = start(load_text(text).game())
    moves = state.legal_moves()
    names = state.prog.names
    assert sorted(names[m.frm] + names[m.to] for m in moves) == ["a1a2", "b1c1", "b1d1"]
    assert State(state.prog).count_moves() == 3
