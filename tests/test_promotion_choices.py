"""Promotion choices per side (``pawns.promotion.black_choices``): held to pyffish's chigorin and
sortofalmost on positions where both sides promote, and played the same by the entry's own ini
section and by its Zillions file."""

from __future__ import annotations

from pathlib import Path

import pyffish
import pytest
from support import check_args

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue, load_catalogue_text
from generator.catalogue.model import Variant
from generator.check.command import cmd_check
from generator.emit.fairy_stockfish_options import pawn_options
from generator.emit.rules_text import rules_in_short
from generator.engine import Position, uci

FSF = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
#: pawns of both sides one step from promotion, by a step and by a capture
PROMOTING = "3qk2b/1P4Pp/8/8/8/8/Pp4p1/N2CK3 {} - - 0 1"

#: Chigorin chess from a position where pawns of both sides promote: built from the catalogue entry,
#: compared with its ini section and its Zillions file
NEAR_PROMOTION = """\
families:
  fam: {title: Family}
variants:
  chigorin-promotes:
    extends: fairy-stockfish:chigorin
    family: fam
    fairy_stockfish_builtin: null
    castling: []
    setup:
      white: {K: [e1], C: [d1], N: [a1], P: [b7, g7, a2]}
      black: {K: [e8], Q: [d8], B: [h8], P: [b2, g2, h7]}
"""


def entry(name: str) -> Variant:
    v = FSF.get(name)
    assert v is not None
    return v


@pytest.mark.parametrize("name", ["chigorin", "sortofalmost"])
@pytest.mark.parametrize("side", ["w", "b"])
def test_each_side_promotes_to_its_own_pieces_as_in_pyffish(name: str, side: str) -> None:
    fen = PROMOTING.format(side)
    pos = Position.from_fen(entry(name), fen)
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert ours == set(pyffish.legal_moves(name, fen, []))
    promotions = {m[-1] for m in ours if len(m) == 5}
    expected = {("chigorin", "w"): "crn", ("chigorin", "b"): "qrb", ("sortofalmost", "w"): "crbn"}
    assert promotions == set(expected.get((name, side), "qrbn"))


def test_the_ini_names_each_sides_choices_and_the_rules_say_them() -> None:
    options = dict(pawn_options(entry("chigorin")).options)
    assert (options["promotionPieceTypesWhite"], options["promotionPieceTypesBlack"]) == ("crn", "qrb")
    assert "promotionPieceTypes" not in options
    assert dict(pawn_options(entry("almost")).options)["promotionPieceTypes"] == "crbn"
    text = dict(rules_in_short(entry("chigorin")))["Promotion"]
    assert "a white pawn must promote to Chancellor, Rook or Knight, a black one to Queen, Rook or Bishop" in text


@pytest.mark.parametrize("engine", ["fairy-stockfish", "zillions"])
def test_promotions_of_both_sides_agree_with_the_ini_and_the_zrf(
    engine: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "near.yaml"
    path.write_text(NEAR_PROMOTION, encoding="utf-8")
    cat = load_catalogue_text(NEAR_PROMOTION, str(path))
    args = check_args("--catalogue", str(path), "--engine", engine, "--depth", "2", "--games", "4")
    assert cmd_check(cat, args) == 0, capsys.readouterr().out
    assert "all agree" in capsys.readouterr().out
