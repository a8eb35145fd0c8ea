"""The interpreter's fast paths make the moves its generic path makes.

:mod:`generator.zrf.fast` turns leaps and slides into per-square tables, and the compiler writes
``E``'s common case inline in blocks that have changed nothing but the cursor.  ``Program(game,
fast=False)`` runs every block's compiled code through ``E`` instead.  Along seeded random games of
real files (chess with castling, en passant and promotion, a cylinder board whose rays come back to
their start, fairy pieces, shogi with drops and promotion zones), both must give
the same moves, field by field and in the same order, before and after the check test.
"""

from __future__ import annotations

import random

import pytest
from shared_data import shared_file, zillions_file

from generator.zrf import load, load_text
from generator.zrf.fast import idiom, table
from generator.zrf.model import Game
from generator.zrf.moves import ZMove
from generator.zrf.program import Program
from generator.zrf.state import State

GAMES = [
    (("Chess.zrf",), "Chess"),
    (("Chess.zrf",), "Cylindrical Chess"),
    (("fairychess.zrf",), "Fairy Chess"),
    (("fairychess.zrf",), "Grand Chess"),
    (("fairychess.zrf",), "Berolina Chess"),
    (("corpus", "DagazProject__ZRF", "LittleShogiPack", "SimpleShogi.zrf"), None),
    (("corpus", "DagazProject__ZRF", "DobutsuShogi", "Dobutsu.zrf"), None),
    (("corpus", "GlukKazan__ZoG", "Rules", "RocketShogi.zrf"), None),
]


def what(m: ZMove) -> tuple[object, ...]:
    return (m.changes, m.stores, m.partial, m.frm, m.to, m.piece, m.placed, m.promo, m.captured, m.mtype, m.parts)


def game_of(parts: tuple[str, ...], title: str | None) -> Game:
    return load(shared_file("zillions", *parts)).game(title)


# chains of every kind: a promotion on the way, a capture that goes on, a gate that must fail, a leg
# that may only capture; and en passant beside them (a block the last move's square guards)
CHAINS = """
(game (title "Chains") (players White Black) (turn-order White Black)
  (board (grid (dimensions ("a/b/c/d/e" (1 0)) ("5/4/3/2/1" (0 1)))
               (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw))
    (zone (name far) (players White) (positions a5 b5 c5 d5 e5))
    (zone (name far) (players Black) (positions a1 b1 c1 d1 e1))
    (zone (name low) (players White) (positions a1 b1 c1 d1 e1 a2 b2 c2 d2 e2))
    (zone (name low) (players Black) (positions a5 b5 c5 d5 e5 a4 b4 c4 d4 e4)))
  (piece (name P) (moves
    (n (verify empty?) (if (in-zone? far) (add Q) else add) (verify (in-zone? low)) n (verify empty?) add)
    (e (verify enemy?) (verify last-to?) (verify (piece? P)) capture n add)))
  (piece (name C) (moves
    (ne (verify not-friend?) add (verify (not (in-zone? far))) ne (verify not-friend?) add ne (verify enemy?) add)
    (nw (verify not-friend?) add (verify (not-in-zone? low)) n (verify empty?) add)))
  (piece (name Q) (moves (n (while empty? add n) (verify not-friend?) add)))
  (piece (name K) (moves (n add) (s add) (e add) (w add)))
  (board-setup (White (K a1) (P b2 c2 d2) (C e1 a3)) (Black (K e5) (P b4 c4 d4) (C a5 e3)))
  (loss-condition (White Black) (checkmated K)))
"""


def test_chains_make_the_moves_their_blocks_make() -> None:
    game = load_text(CHAINS).game()
    prog = Program(game)
    assert all(kind is not None and kind.counter is not None for kind in prog.moves_of(0, -1).cold[:2])
    play_both_paths(game)


@pytest.mark.parametrize(("parts", "title"), GAMES, ids=[f"{p[-1]}:{t}" for p, t in GAMES])
def test_fast_and_generic_paths_make_the_same_moves(parts: tuple[str, ...], title: str | None) -> None:
    play_both_paths(game_of(parts, title))


def play_both_paths(game: Game) -> None:
    """Seeded random games: the same moves on both paths, and the moves counted are the moves made."""
    fast, generic = State(Program(game)), State(Program(game, fast=False))
    rng = random.Random(12)
    seen = 0
    for _ in range(3):
        for _ply in range(24):
            assert [what(m) for m in fast.pseudo_moves()] == [what(m) for m in generic.pseudo_moves()]
            counted = fast.count_moves()
            moves, others = fast.legal_moves(), generic.legal_moves()
            assert counted == len(moves)
            assert [what(m) for m in moves] == [what(m) for m in others]
            seen += len(moves)
            if not moves:
                break
            k = rng.randrange(len(moves))
            fast.push(moves[k])
            generic.push(others[k])
        while fast.stack:
            fast.pop()
            generic.pop()
    assert seen > 100


def test_chess_pieces_run_as_tables() -> None:
    """Queen, rook, bishop, knight: one table function each instead of 8, 4, 4, 8 compiled blocks;
    the king's eight steps share one (castling stays compiled), the pawn's two captures and its step
    (a chain: one square, then a second from the third rank) one (en passant stays compiled).  En
    passant runs only for a pawn beside the last move's square (``cold``: the others), and every
    piece but the king (castling) makes plain moves only; those of tables alone count their moves."""
    prog = Program(load(zillions_file("Chess.zrf")).game("Chess"))
    side = prog.moves_of(0, -1)
    counts = {
        prog.type_names[t]: (len(prog.blocks(0, t)), len(full.fns), len(cold.fns), cold.plain, cold.counter is not None)
        for t, (full, cold) in enumerate(zip(side.full, side.cold, strict=True))
        if full is not None and cold is not None
    }
    assert counts == {
        "Pawn": (5, 3, 1, True, True),
        "Knight": (8, 1, 1, True, True),
        "Bishop": (4, 1, 1, True, True),
        "Rook": (4, 1, 1, True, True),
        "Queen": (8, 1, 1, True, True),
        "King": (10, 3, 3, False, False),
    }
    d5, e5 = prog.index["d5"], prog.index["e5"]
    assert side.hot(prog.index["d7"], d5) == {prog.index["c5"], e5}  # after d7-d5, the pawns beside d5
    assert side.hot(prog.index["g1"], prog.index["f3"]) == {prog.index["e3"], prog.index["g3"]}


def test_a_ray_back_to_its_start_stays_compiled() -> None:
    """On Cylindrical Chess's wrapped board a rook's ray along a rank comes back to its square:
    the generic loop stops on the rook itself, so that block keeps its compiled code."""
    game = load(zillions_file("Chess.zrf")).game("Cylindrical Chess")
    prog = Program(game)
    env = prog.envs[0]
    kinds = {}
    for blk in game.pieces["Rook"].moves:
        it = idiom(env, blk.stmts)
        assert it is not None and it.loop is not None
        kinds[it.loop[0]] = table(env, it, -1, prog.npos) is not None
    assert kinds == {"n": True, "s": True, "e": False, "w": False}
