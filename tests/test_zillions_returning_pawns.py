"""A pawn whose initial moves are made from its multi-step ranks, as Fairy-Stockfish makes them from its
double-step region, and that can come back there (all-way pawns, from Fairy-Stockfish's own
``variants.ini``): the Zillions download makes them from the ``multi-step-zone``, not only before the pawn's
first move, and plays as the reference engine and pyffish after the pawn has gone and come back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyffish
import pytest
from support import legal_uci

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import Catalogue
from generator.check.zillions import Zillions
from generator.emit.zillions.board import returning_pawn, zones_of
from generator.engine import Position

TEXT = """\
variants:
  allwayspawns:
    extends: fairy-stockfish:chess
    title: All-way pawns
    pieces:
      P: {name: All-way pawn, betza: mWifmnDfcF}
    pawns: {max_steps: 1}
"""
SECTION = "[allwayspawns:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue_text(TEXT, str(Path("allwayspawns.yaml")))


@pytest.fixture(scope="module")
def engine(catalogue: Catalogue) -> Iterator[Zillions]:
    v = catalogue.get("allwayspawns")
    assert v is not None
    with Zillions(catalogue, [v]) as z:
        yield z


def test_the_pawn_returns_and_is_zoned(catalogue: Catalogue) -> None:
    v = catalogue.get("allwayspawns")
    assert v is not None
    assert returning_pawn(v.piece("P"))
    assert zones_of(v)["multi-step-zone"] == (2,)
    # orthodox pawns never come back: their first move stays a first move
    chess = load_catalogue_text("variants:\n  c: {extends: 'fairy-stockfish:chess', title: C}\n").get("c")
    assert chess is not None and not returning_pawn(chess.piece("P"))


@pytest.mark.parametrize(
    "line",
    [
        [],
        ["a2a3", "h7h6", "a3a2", "h6h7"],  # both pawns went and came back: each may step twice again
        ["a2a3", "h7h6", "a3a4", "h6h5", "a4a3", "h5h6", "a3a2", "h6h7"],  # two steps out, two back
    ],
)
def test_a_pawn_back_on_its_rank_steps_twice_again(engine: Zillions, catalogue: Catalogue, line: list[str]) -> None:
    v = catalogue.get("allwayspawns")
    assert v is not None
    if "allwayspawns" not in pyffish.variants():
        pyffish.load_variant_config(SECTION)
    pos = Position.start(v)
    for m in line:
        pos.push_uci(m)
    ours = legal_uci(pos)
    assert engine.legal_moves("allwayspawns", line) == ours == set(pyffish.legal_moves("allwayspawns", START, line))
    if line:
        back = line[-2][2:]
        assert f"{back}{back[0]}4" in ours
