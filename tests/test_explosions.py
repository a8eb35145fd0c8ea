"""Explosions, mutually immune pieces and pseudo-royal pieces (atomic, atomar, coregal), each
position checked against the Fairy-Stockfish built-in that the catalogue entry reproduces."""

from __future__ import annotations

import dataclasses
import random

import pyffish
import pytest
from support import fsf_entry as entry
from support import legal_uci, load_section, pyffish_perft

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import FirstLeaps
from generator.engine import Position, uci
from generator.engine.perft import perft

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def moves_of(name: str, fen: str) -> set[str]:
    pos = Position.from_fen(entry(name), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(name, fen, [])), fen
    return ours


@pytest.mark.parametrize("name", ["atomic", "nocheckatomic", "atomar", "coregal"])
def test_perft_from_a_crowded_position_counts_like_the_builtin(name: str) -> None:
    pos = Position.from_fen(entry(name), KIWIPETE)
    assert perft(pos, 2) == pyffish_perft(name, KIWIPETE, [], 2)


@pytest.mark.parametrize("name", ["atomic", "atomar", "coregal"])
def test_the_last_ply_counted_at_once_equals_the_moves_listed(name: str) -> None:
    pos = Position.start(entry(name))
    start = pyffish.start_fen(name)
    rng = random.Random(name)
    played: list[str] = []
    for _ in range(60):
        moves = pos.legal_moves()
        assert pos.count_moves() == len(moves), pos.fen()
        assert len(moves) == len(pyffish.legal_moves(name, start, played)), played  # and both are pyffish's
        if not moves or pos.outcome() is not None:
            break
        move = rng.choice(moves)
        played.append(uci(pos.rules, move))
        pos.push(move)
    assert played, name


def test_the_last_ply_counted_at_once_includes_first_leaps_beside_pseudo_royal_pieces() -> None:
    # the counting path of the capture rules lists no first leap: a variant with both is counted in full
    variant = dataclasses.replace(entry("atomic"), first_leaps=FirstLeaps(king="K", met="Q", rook="R"), castling=())
    pos = Position.start(variant)
    moves = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert "d1d3" in moves  # the unmoved queen leaps over its pawn
    assert pos.count_moves() == len(moves) == 21


def test_a_capture_blows_up_the_pieces_around_it_and_the_king_with_them() -> None:
    played = ["g1f3", "d7d5", "f3e5", "d8d6", "e5f7"]  # the knight takes f7, next to Black's king
    pos = Position.start(entry("atomic"))
    for m in played:
        pos.push_uci(m)
    assert pos.fen() == pyffish.get_fen("atomic", pyffish.start_fen("atomic"), played)
    assert pos.fen().startswith("rnb4r/ppp1p1pp/3q4/3p4/")  # e8, f8, g8 and the knight gone, pawns stand
    end = pos.outcome()
    assert end is not None and (end.result, end.reason) == ("1-0", "extinction")
    assert pyffish.game_result("atomic", pyffish.start_fen("atomic"), played) < 0  # Black, to move, lost


def test_blowing_up_the_other_king_is_legal_in_check() -> None:
    fen = "1k2r3/1n6/8/8/8/8/8/1R2K3 w - - 0 1"  # White's king attacked by the rook on e8
    assert "b1b7" in moves_of("atomic", fen)


def test_a_king_never_captures_and_touching_kings_give_no_check() -> None:
    assert "e1e2" not in moves_of("atomic", "4k3/8/8/8/8/8/4n3/4K3 w - - 0 1")
    touching = "8/8/8/3kK2r/8/8/8/8 w - - 0 1"  # the rook attacks e5, but a king beside Black's is safe
    ours = moves_of("atomic", touching)
    assert "e5f5" not in ours and {"e5d4", "e5e4", "e5d6", "e5e6"} <= ours


def test_atomar_kings_survive_explosions_and_may_not_take_each_other() -> None:
    assert "e5d5" not in moves_of("atomar", "8/8/8/3kK3/8/8/8/8 w - - 0 1")
    played = ["e2e4", "d7d5", "e1e2", "d5e4", "e2e3", "d8d3", "e3d3"]  # the king takes the queen and stays
    pos = Position.start(entry("atomar"))
    for m in played:
        pos.push_uci(m)
    assert pos.fen() == pyffish.get_fen("atomar", pyffish.start_fen("atomar"), played)
    assert pos.board[pos.rules.geo.parse("d3")] == pos.rules.code_of("K")


def test_a_coregal_queen_may_not_be_left_attacked() -> None:
    ours = moves_of("coregal", "4k3/8/8/8/8/8/8/r2QK3 w - - 0 1")
    assert "e1e2" not in ours and "d1a1" in ours


def test_a_capturing_piece_turns_to_stone_but_a_pawn_promoting_as_it_takes_does_not() -> None:
    fen = "rnbqkbnr/pppp1ppp/8/4p3/3N4/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"
    played = ["d4e6", "d7d6", "e6f8"]  # the knight takes the bishop on f8 and is a wall there
    pos = Position.from_fen(entry("petrified"), fen)
    for m in played:
        pos.push_uci(m)
    assert (
        pos.fen()
        == pyffish.get_fen("petrified", fen, played)
        == "rnbqk*nr/ppp2ppp/3p4/4p3/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 2"
    )
    ours = moves_of("petrified", pos.fen())
    assert "g8f6" in ours and not any(m[2:4] == "f8" for m in ours)  # nothing enters the wall
    promoting = "rnb1kbnr/3pp3/pp6/4Pqpp/p1P5/PP6/2BPKPp1/1RB2QNR b q - 0 20"
    pos = Position.from_fen(entry("petrified"), promoting)
    pos.push_uci("g2f1r")
    assert pos.fen() == pyffish.get_fen("petrified", promoting, ["g2f1r"])
    assert "/1RB2rNR w" in pos.fen()


def test_a_sho_shogi_king_is_royal_only_while_its_side_has_no_prince() -> None:
    fen = "4k4/9/1E7/9/r8/9/9/9/4K4 w - - 0 1"
    pos = Position.from_fen(entry("shoshogi"), fen)
    played = ["b7b8+", "a5e5"]  # the elephant becomes a prince; the rook then attacks the king
    for m in played:
        pos.push_uci(m)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("shoshogi", fen, played))
    assert "b8c8" in ours  # with two kings neither is royal: the king may be left attacked
    pos.push_uci("b8c8")
    pos.push_uci("e5e1")  # the king taken, the prince is royal and may not step next to Black's king
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("shoshogi", fen, [*played, "b8c8", "e5e1"]))
    assert "c8d8" not in ours


def test_a_piece_stepping_onto_a_hoppers_line_may_not_give_it_a_hurdle_before_a_pseudo_royal_piece() -> None:
    """Chak's kings are pseudo-royal extinction pieces and its queens hop (``pQ``): a rook stepping between a
    hopper and the king it aims at gives the hopper its hurdle, as pyffish plays our own section."""
    text = """\
families:
  fam: {title: Family}
variants:
  hurdles:
    title: Hurdles
    family: fam
    board: {files: 8, ranks: 8}
    pieces:
      K: {name: Chief, betza: K}
      Q: {name: Hopper, betza: pQ}
      R: {name: Rook, betza: R}
    setup:
      white: {K: [d2], R: [c3]}
      black: {K: [h8], Q: [d8]}
    goals: {checkmate: false, extinction: {pieces: [K], pseudo_royal: true}}
"""
    v = load_catalogue_text(text).variants[0]
    load_section(v)
    fen = "3q3k/8/8/8/8/2R5/3K4/8 w - - 0 1"
    ours = legal_uci(Position.from_fen(v, fen))
    assert ours == set(pyffish.legal_moves(v.name, fen, []))
    assert "c3d3" not in ours and "c3c4" in ours
