"""Promotion choices per side (``pawns.promotion.black_choices``) and limited by the pieces a side has
(``pawns.promotion.limits``): held to pyffish's chigorin, sortofalmost and grand on positions where
pawns promote, and played the same by the entry's own ini section and by its Zillions file."""

from __future__ import annotations

from pathlib import Path

import pyffish
import pytest
from support import assert_check_agrees, legal_uci, pyffish_perft
from support import fsf_entry as entry

from generator.emit.fairy_stockfish.options import pawn_options
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.perft import perft

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


@pytest.mark.parametrize("name", ["chigorin", "sortofalmost"])
@pytest.mark.parametrize("side", ["w", "b"])
def test_each_side_promotes_to_its_own_pieces_as_in_pyffish(name: str, side: str) -> None:
    fen = PROMOTING.format(side)
    pos = Position.from_fen(entry(name), fen)
    ours = legal_uci(pos)
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
    assert_check_agrees(NEAR_PROMOTION, engine, tmp_path, capsys)


@pytest.mark.parametrize(
    ("rooks", "choices"),
    [("R9", "acbnr"), ("R8R", "acbn")],  # the queen is on the board: no second; two rooks: no third
)
def test_grand_promotes_only_to_what_a_side_lacks_may_stay_a_pawn_but_not_on_the_last_rank(
    rooks: str, choices: str
) -> None:
    fen = f"4k5/P9/10/2P7/10/10/10/10/3QK5/{rooks} w - - 0 1"
    pos = Position.from_fen(entry("grand"), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("grand", fen, []))
    assert {m for m in ours if m.startswith("a9")} == {f"a9a10{x}" for x in choices}
    assert {m for m in ours if m.startswith("c7")} == {"c7c8"} | {f"c7c8{x}" for x in choices}
    assert perft(pos, 2) == pyffish_perft("grand", fen, [], 2)


def test_promotion_limits_in_the_ini_and_in_zillions_but_beside_black_choices() -> None:
    grand = entry("grand")
    assert dict(pawn_options(grand).options)["promotionLimit"] == "a:1 c:1 q:1 r:2 b:2 n:2"
    assert "promotionLimit" not in dict(pawn_options(entry("chess")).options)
    # the Zillions file counts the pieces (tests/test_check_zillions.py plays it), but not beside Black's own choices
    assert "promotion-limit" not in [x.rule for x in limitations(grand, Target.ZILLIONS)]
    assert relaxed(grand, Target.ZILLIONS).pawn_rules == grand.pawn_rules
    spartan = entry("spartan")
    assert "promotion-limit" in [x.rule for x in limitations(spartan, Target.ZILLIONS)]
    promo = relaxed(spartan, Target.ZILLIONS).pawn_rules.promotion
    assert promo is not None and promo.limits == () and promo.choices == ("Q", "R", "B", "N")
    text = dict(rules_in_short(grand))["Promotion"]
    assert "only while its side has fewer of it on the board than: Archbishop 1, Chancellor 1, Queen 1, Rook 2" in text
