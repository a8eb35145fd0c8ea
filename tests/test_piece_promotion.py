"""Promotion by piece (shogi and its kin): promoted pieces written +P and demoted on capture, promotion on
a move that starts or ends in the zone, forced where the piece could never move again, drops that may not
stop there, one pawn per file, and a mate by a dropped pawn that loses.  Held to pyffish's built-ins."""

from __future__ import annotations

import pyffish
import pytest
from support import assert_random_games_agree
from support import fsf_entry as entry
from support import legal_uci as moves

from generator.engine import Position


def board_and_hand(fen: str) -> tuple[str, str, str]:
    """The board, the hand as a sorted string (Fairy-Stockfish orders pockets by its own piece types),
    and the side to move."""
    board, rest = fen.split("[", 1)
    hand, rest = rest.split("]", 1)
    return board, "".join(sorted(hand)), rest.split()[0]


@pytest.mark.parametrize("name", ["minishogi", "gorogoro", "judkins", "euroshogi", "shogi"])
def test_random_games_agree_with_pyffish_move_by_move(name: str) -> None:
    assert_random_games_agree(name, games=4, plies=80, same=board_and_hand)


def test_a_promoted_pawn_is_written_plus_p_and_goes_back_to_hand_as_a_pawn() -> None:
    pos = Position.from_fen(entry("minishogi"), "k4/2P2/5/5/4K[] w - - 0 1")
    assert {m for m in moves(pos) if m.startswith("c4")} == {"c4c5+"}  # a pawn on the last rank could not move
    pos.push_uci("c4c5+")
    theirs = pyffish.get_fen("minishogi", "k4/2P2/5/5/4K[] w - - 0 1", ["c4c5+"])
    assert pos.fen() == theirs == "k1+P2/5/5/5/4K[] b - - 0 1"
    pos.pop()
    pos = Position.from_fen(entry("minishogi"), "k1+P2/1s3/5/5/4K[] b - - 0 1")
    pos.push_uci("b4c5")
    assert pos.fen() == "k1s2/5/5/5/4K[p] w - - 0 2"
    assert pos.fen() == pyffish.get_fen("minishogi", "k1+P2/1s3/5/5/4K[] b - - 0 1", ["b4c5"])


def test_a_move_out_of_the_zone_may_promote_and_a_pawn_on_the_last_rank_must() -> None:
    pos = Position.from_fen(entry("shogi"), "4k4/9/9/9/9/9/9/9/1B2K4[] w - - 0 1")
    pos.push_uci("e1f1")
    pos.push_uci("e9d9")
    # the bishop enters the zone on c7 or beyond: promotion optional; it stays unpromoted below
    got = moves(pos)
    assert {"b1f5", "b1h7", "b1h7+"} <= got and "b1f5+" not in got
    pos = Position.from_fen(entry("shogi"), "4k4/9/9/9/9/9/9/9/4K4[PLN] w - - 0 1")
    drops = {m for m in moves(pos) if "@" in m}
    assert not {m for m in drops if m[0] in "PL" and m.endswith("9")}  # a pawn or lance could never move
    assert not {m for m in drops if m[0] == "N" and m[-1] in "89"}
    pos = Position.from_fen(entry("shogi"), "4k4/P8/9/9/9/9/9/9/4K4[] w - - 0 1")
    assert {m for m in moves(pos) if m.startswith("a8")} == {"a8a9+"}


def test_one_pawn_per_file_and_promoted_pawns_do_not_count() -> None:
    pos = Position.from_fen(entry("minishogi"), "4k/5/P1+P2/5/4K[P] w - - 0 1")
    files = {m[2] for m in moves(pos) if m.startswith("P@")}
    assert files == {"b", "c", "d", "e"}


def test_forced_promotion_where_the_variant_forces_it() -> None:
    pos = Position.from_fen(entry("euroshogi"), "4k3/8/8/8/2N5/8/8/4K3[] w - - 0 1")
    assert {m for m in moves(pos) if m.startswith("c4")} == {"c4b6+", "c4d6+", "c4b4", "c4d4"}


def test_a_mate_by_a_dropped_pawn_loses_for_the_side_that_dropped_it() -> None:
    fen = "3rk/3s1/4G/5/K4[P] w - - 0 1"
    pos = Position.from_fen(entry("minishogi"), fen)
    pos.push_uci("P@e4")
    end = pos.outcome()
    assert end is not None and end.result == "0-1" and end.reason == "checkmate by a dropped pawn"
    assert pyffish.game_result("minishogi", fen, ["P@e4"]) > 0  # the side to move (Black) wins
