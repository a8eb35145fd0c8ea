"""Chess960 castling (``chess960_castling``): the king's move onto its own rook, X-FEN castling rights,
held to pyffish's fischerandom and caparandom; the ini's ``chess960``; the Zillions download's castling,
spelled so by the check."""

from __future__ import annotations

from pathlib import Path

import pyffish
import pytest
from support import assert_check_agrees, legal_uci
from support import fsf_entry as entry

from generator.catalogue import load_catalogue_text
from generator.engine import Position


@pytest.mark.parametrize(
    ("name", "fen", "castles"),
    [
        ("fischerandom", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"e1h1", "e1a1"}),
        ("fischerandom", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", {"e8h8", "e8a8"}),
        ("caparandom", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", {"f1j1", "f1a1"}),
    ],
)
def test_castling_is_the_kings_move_onto_its_rook_as_in_pyffish(name: str, fen: str, castles: set[str]) -> None:
    pos = Position.from_fen(entry(name), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(name, fen, []))
    assert castles <= ours
    for m in castles:
        pos.push_uci(m)
        assert pos.fen().split()[0] == pyffish.get_fen(name, fen, [m]).split()[0]
        pos.pop()


def test_castling_rights_are_read_as_fairy_stockfish_writes_them() -> None:
    v = entry("fischerandom")
    pos = Position.from_fen(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    pos.push_uci("a1b1")
    assert pos.fen().split()[2] == "Kkq"  # as the start position's KQkq
    theirs = pyffish.get_fen("fischerandom", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["a1b1"])
    assert theirs.split()[2] == "Hha"  # Shredder-FEN letters, which we read back to the same rights
    assert Position.from_fen(v, theirs).fen() == pos.fen()


#: a Chess960 setup: the king castles in place on g1 with the h-rook, and to c1 with the b-rook, which
#: stands inside another rook (``Q`` is still the castling rook, for Fairy-Stockfish too)
G_KING = """\
families:
  fam: {title: Family}
variants:
  g-king:
    title: King on g1
    family: fam
    board: {files: 8, ranks: 8}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
    setup:
      white: {R: [a1, b1, h1], K: [g1], P: [a2-h2]}
      black: {R: [a8, b8, h8], K: [g8], P: [a7-h7]}
    castling:
      - {color: white, king: g1, king_to: g1, rook: h1, rook_to: f1}
      - {color: white, king: g1, king_to: c1, rook: b1, rook_to: d1}
      - {color: black, king: g8, king_to: g8, rook: h8, rook_to: f8}
      - {color: black, king: g8, king_to: c8, rook: b8, rook_to: d8}
    chess960_castling: true
"""


@pytest.mark.parametrize("engine", ["fairy-stockfish", "zillions"])
def test_a_chess960_setup_castles_as_in_fairy_stockfish(
    engine: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v = load_catalogue_text(G_KING, "g-king.yaml").get("g-king")
    assert v is not None
    pos = Position.from_fen(v, "rr4kr/8/8/8/8/8/8/RR4KR w KQkq - 0 1")
    # the same position for pyffish's fischerandom, its castling rooks named by file (Shredder-FEN)
    shredder = "rr4kr/8/8/8/8/8/8/RR4KR w BHbh - 0 1"
    assert legal_uci(pos) >= {"g1h1", "g1b1"}
    assert legal_uci(pos) == set(pyffish.legal_moves("fischerandom", shredder, []))
    pos.push_uci("g1h1")
    assert pos.fen() == "rr4kr/8/8/8/8/8/8/RR3RK1 b kq - 1 1"
    assert Position.from_fen(v, pyffish.get_fen("fischerandom", shredder, ["g1h1"])).fen() == pos.fen()
    assert_check_agrees(G_KING, engine, tmp_path, capsys)
