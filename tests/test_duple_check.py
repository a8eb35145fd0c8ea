"""Duple check and pawns of each side's own type (Spartan chess), each position checked against the
Fairy-Stockfish built-in that the catalogue entry reproduces."""

from __future__ import annotations

import pyffish
import pytest
from support import fsf_entry, legal_uci, pyffish_perft

from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.perft import perft

SPARTAN = fsf_entry("spartan")
TWO_KINGS = "2k2k2/8/8/8/8/8/8/2R1K1R1 b - - 0 1"  # the c8 king attacked, the f8 king not


def moves_of(fen: str) -> set[str]:
    pos = Position.from_fen(SPARTAN, fen)
    return legal_uci(pos)


@pytest.mark.parametrize("fen", [pyffish.start_fen("spartan"), TWO_KINGS])
def test_perft_counts_like_the_builtin(fen: str) -> None:
    assert perft(Position.from_fen(SPARTAN, fen), 3) == pyffish_perft("spartan", fen, [], 3)


def test_one_king_may_stay_attacked_but_not_both() -> None:
    ours = moves_of(TWO_KINGS)
    assert ours == set(pyffish.legal_moves("spartan", TWO_KINGS, []))
    assert "c8c7" in ours  # still on the rook's file: the other king is safe
    assert "f8g8" not in ours and "f8g7" not in ours  # onto the g1 rook's file: both attacked


def test_both_kings_attacked_and_no_move_is_checkmate() -> None:
    fen = "k6k/8/8/8/8/8/8/RR2K1RR b - - 0 1"
    assert pyffish.legal_moves("spartan", fen, []) == []
    pos = Position.from_fen(SPARTAN, fen)
    assert pos.count_moves() == 0
    end = pos.outcome()
    assert end is not None and (end.result, end.reason) == ("1-0", "checkmate")
    assert pyffish.game_result("spartan", fen, []) < 0  # Black, to move, lost


def test_hoplites_leap_diagonally_first_and_never_straight() -> None:
    pos = Position.start(SPARTAN)
    pos.push_uci("a2a3")
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("spartan", pyffish.start_fen("spartan"), ["a2a3"]))
    assert "c7a5" in ours and "c7c5" not in ours and "c7c6" not in ours


def test_the_rules_text_gives_the_straight_double_step_to_the_pawns_alone() -> None:
    text = dict(rules_in_short(SPARTAN))
    assert text["Pawns"].startswith("Pawn: from rank 2 up to 2 squares straight ahead")
    assert "also the Hoplite: leaps without capturing 2 squares diagonally" in text["Pawns"]
    assert "in check only while all its Kings are attacked" in text["Goal"]
