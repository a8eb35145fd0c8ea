"""Hands: captured pieces go to the captor's hand (crazyhouse and its kin), promoted pieces go back
as pawns unless the variant keeps them (loop), and per-piece drop ranks.  The reference is held to
pyffish's built-ins move by move, FEN by FEN, from positions with pieces in hand and promoted pieces."""

from __future__ import annotations

import random

import pyffish
import pytest
from support import fsf_entry as entry

from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.fen import FenError

HOUSES = ["crazyhouse", "loop", "chessgi"]
FENS = [
    "r1bqkbnr/pPpppppp/8/8/8/8/PP1PPPPP/RNBQKBNR[Pn] w KQkq - 0 4",  # b7 takes and promotes
    "rQ~bqkbnr/p1pppppp/8/8/8/8/PP1PPPPP/RNBQKBNR[Pnp] b KQk - 0 5",  # the promoted queen may be taken
    "r3k2r/1P4P1/8/3Q~4/8/8/1p4p1/R3K2R[NNbb] b KQkq - 0 20",
    "4k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
]


def moves(pos: Position) -> list[str]:
    return sorted(uci(pos.rules, m) for m in pos.legal_moves())


@pytest.mark.slow  # 35 s: pyffish at every ply
@pytest.mark.parametrize("name", HOUSES)
@pytest.mark.parametrize("fen", FENS)
def test_random_walks_agree_with_pyffish_move_by_move_and_fen_by_fen(name: str, fen: str) -> None:
    v = entry(name)
    rng = random.Random(f"{name}:{fen}")
    for _ in range(6):
        pos = Position.from_fen(v, fen)
        played: list[str] = []
        for _ in range(40):
            assert pos.fen() == pyffish.get_fen(name, fen, played), played
            legal = moves(pos)
            assert set(legal) == set(pyffish.legal_moves(name, fen, played)), played
            if not legal:
                break
            played.append(rng.choice(legal))
            pos.push_uci(played[-1])


@pytest.mark.parametrize(("name", "hand"), [("crazyhouse", "[Pp]"), ("loop", "[Pq]")])
def test_a_captured_promoted_queen_goes_to_hand_as_a_pawn_unless_the_variant_keeps_it(name: str, hand: str) -> None:
    pos = Position.from_fen(entry(name), "rQ~bqkbnr/p1pppppp/8/8/8/8/PP1PPPPP/RNBQKBNR[P] b KQk - 0 5")
    before = pos.fen()
    pos.push_uci("a8b8")
    assert pos.fen().startswith(f"1rbqkbnr/p1pppppp/8/8/8/8/PP1PPPPP/RNBQKBNR{hand} w")
    pos.pop()  # and back: the queen as it was, the hand as it was
    assert pos.fen() == before


def test_a_promotion_is_marked_where_captures_demote() -> None:
    fen = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1"
    for name, mark in (("crazyhouse", "Q~"), ("loop", "Q")):
        pos = Position.from_fen(entry(name), fen)
        pos.push_uci("b7b8q")
        assert pos.fen().split("/")[0] == f"1{mark}2k3"


@pytest.mark.parametrize(("name", "first_rank"), [("crazyhouse", False), ("chessgi", True)])
def test_pawns_are_dropped_off_the_last_rank_and_off_the_first_unless_chessgi(name: str, first_rank: bool) -> None:
    pos = Position.from_fen(entry(name), "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    ranks = {m[-1] for m in moves(pos) if m.startswith("P@")}
    assert ranks == set("1234567" if first_rank else "234567")


def test_an_empty_hand_may_be_written_with_a_dash_and_the_pocket_needs_drops() -> None:
    pos = Position.from_fen(entry("crazyhouse"), "4k3/8/8/8/8/8/8/4K3[-] w - - 0 1")
    assert pos.fen() == "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
    with pytest.raises(FenError, match="has no drops"):
        Position.from_fen(entry("chess"), "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")


def test_the_rules_in_words_say_the_drop_and_promotion_rules() -> None:
    shogi = dict(rules_in_short(entry("shogi")))
    assert "a piece may promote: Pawn to Gold general" in shogi["Promotion by piece"]
    assert "where it could never move again" in shogi["Promotion by piece"]
    assert "never a Pawn on a file where its side has one" in shogi["Drops"]
    assert "a side that checkmates by dropping a Pawn loses" in shogi["Drops"]
    assert "a promoted one as what it was promoted from" in shogi["Drops"]
    crazyhouse, loop = dict(rules_in_short(entry("crazyhouse"))), dict(rules_in_short(entry("loop")))
    assert "a Pawn only on ranks 2, 3, 4, 5, 6 and 7" in crazyhouse["Drops"]
    assert loop["Drops"].endswith("captured pieces go to the captor's hand, as they stand.")
