"""Promotion zones given as squares per side (``pawns.promotion.white``/``black``): held to pyffish's
legan and troitzky on positions where pawns of both sides promote, and where a pawn enters a square
of its last rank outside the zone and stays a pawn; played the same by the entry's own ini section
and by its Zillions file."""

from __future__ import annotations

from pathlib import Path

import pyffish
import pytest
from support import assert_check_agrees, legal_uci
from support import fsf_entry as entry

from generator.emit.fairy_stockfish.options import pawn_options
from generator.emit.web.rules_text import rules_in_short
from generator.emit.zillions.board import zone_squares, zones_of
from generator.engine import Position

#: legan: d7 promotes on c8 and d8 but not by taking on c7; Black's g2 on h1 and h2
LEGAN = "r2r3k/1PnP4/P7/8/8/7N/6pR/1K3B2 {} - - 0 1"
#: troitzky: a5-a6, b7-b8, h8-h9 and h8xg9, i7-i8 promote, e8-e9 does not; Black's c3-c2 and j6-j5
TROITZKY = "****1k****/**4r1**/*3P2P1*/*P6P*/9p/P4B4/*2p5*/*1p6*/**4N1**/****K1**** {} - - 0 1"

PROMOTED_TO = {
    ("legan", "w"): {"c8", "d8"},
    ("legan", "b"): {"h1", "h2"},
    ("troitzky", "w"): {"a6", "b8", "g9", "h9", "i8"},
    ("troitzky", "b"): {"c2", "j5"},
}

NEAR_PROMOTION = """\
families:
  fam: {title: Family}
variants:
  legan-promotes:
    extends: fairy-stockfish:legan
    family: fam
    fairy_stockfish_builtin: null
    setup:
      white: {K: [b1], Q: null, R: [h2], B: [f1], N: [h3], P: [a6, b7, d7]}
      black: {K: [h8], Q: null, R: [a8, d8], B: null, N: [c7], P: [g2]}
  troitzky-promotes:
    extends: fairy-stockfish:troitzky
    family: fam
    fairy_stockfish_builtin: null
    setup:
      white: {K: [e1], Q: null, R: null, B: [f5], N: [g2], P: [g3, a5, b7, e8, h8, i7]}
      black: {K: [f10], Q: null, R: [g9], B: null, N: null, P: [c3, d4, j6]}
"""


@pytest.mark.parametrize(("name", "fen"), [("legan", LEGAN), ("troitzky", TROITZKY)])
@pytest.mark.parametrize("side", ["w", "b"])
def test_pawns_promote_on_their_sides_squares_as_in_pyffish(name: str, fen: str, side: str) -> None:
    fen = fen.format(side)
    pos = Position.from_fen(entry(name), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(name, fen, []))
    assert {m[2:-1] for m in ours if len(m) > 4 and m[-1] in "qrbn"} == PROMOTED_TO[name, side]
    assert pos.fen() == fen == pyffish.get_fen(name, fen, [])


def test_the_ini_lists_each_sides_squares_and_the_rules_say_them() -> None:
    options = dict(pawn_options(entry("legan")).options)
    assert options["promotionRegionWhite"] == "a5 a6 a7 a8 b8 c8 d8"
    assert options["promotionRegionBlack"] == "e1 f1 g1 h1 h2 h3 h4"
    assert dict(pawn_options(entry("chess")).options)["promotionRegionBlack"] == "*1"
    text = dict(rules_in_short(entry("troitzky")))["Promotion"]
    assert text.startswith("On a6, j6, b8, i8, c9, d9, g9, h9, e10, f10 (White) and e1, f1, c2, d2, g2, h2, b3, i3")


def test_the_zillions_zone_is_each_players_squares() -> None:
    v = entry("legan")
    zone = zones_of(v)["promotion-zone"]
    assert [zone_squares(v, c, zone) for c in (0, 1)] == [
        ("a5", "a6", "a7", "a8", "b8", "c8", "d8"),
        ("e1", "f1", "g1", "h1", "h2", "h3", "h4"),
    ]


@pytest.mark.parametrize("engine", ["fairy-stockfish", "zillions"])
def test_promotions_agree_with_the_ini_and_the_zrf(
    engine: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert_check_agrees(NEAR_PROMOTION, engine, tmp_path, capsys)
