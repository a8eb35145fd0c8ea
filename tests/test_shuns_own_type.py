"""Pieces that shun their own type (``shuns_own_type``: Fairy-Stockfish's ``janggiCannon``): a hopper that
may neither hop over nor take a piece of its own type, of either side, and gives no check over one.  Held
to pyffish playing our own section of xiangqi with pR cannons that shun each other; the ini's piece and
read-back, the fidelity notes and the words."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import assert_random_games_agree, fsf_entry, ini_options, load_section, pyffish_perft

from generator.betza import parse_betza
from generator.catalogue.model import Variant
from generator.emit import pychess
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.perft import perft


def _variant(betza: str = "pR") -> Variant:
    x = fsf_entry("xiangqi")
    pieces = tuple(dataclasses.replace(p, movement=parse_betza(betza)) if p.letter == "C" else p for p in x.pieces)
    # without the rules on chasing, which would name the xiangqi cannon by Fairy-Stockfish's type
    draws = dataclasses.replace(x.draws, chasing=None)
    return dataclasses.replace(x, name="shunningxiangqi", pieces=pieces, shuns_own_type=("C",), draws=draws)


@pytest.fixture(scope="module")
def section() -> Variant:
    v = _variant()
    load_section(v)
    return v


def _legal(v: Variant, fen: str) -> set[str]:
    pos = Position.from_fen(v, fen)
    return {uci(pos.rules, m) for m in pos.legal_moves()}


@pytest.mark.parametrize(
    ("fen", "present", "absent"),
    [
        # over the b4 soldier the b3 cannon reaches b5-b7, but may not take the b8 cannon
        ("4k4/9/1c7/9/9/9/1p7/1C7/9/3K5 w - - 0 1", {"b3b5", "b3b7"}, {"b3b4", "b3b8", "b3b9", "b3b10"}),
        # a cannon is no screen: the e6 cannon gives no check over the e4 one, which may not hop over it
        ("4k4/9/9/9/4c4/9/4C4/9/9/4K4 w - - 0 1", {"e1e2"}, {"e4e7", "e4e10"}),
        # over the soldier the e5 cannon checks the general on e1, which may not step up the file
        ("3k5/9/9/9/9/4c4/9/4P4/9/3AKA3 w - - 0 1", {"d1e2", "f1e2"}, {"e1e2", "e3e4"}),
    ],
)
def test_cannons_shun_each_other_as_in_pyffish(section: Variant, fen: str, present: set[str], absent: set[str]) -> None:
    ours = _legal(section, fen)
    assert ours == set(pyffish.legal_moves(section.name, fen, []))
    assert present <= ours and not absent & ours


def test_random_games_and_perft_agree_with_pyffish(section: Variant) -> None:
    assert_random_games_agree(section.name, 4, 80, variant=section)
    fen = pyffish.start_fen(section.name)
    pos = Position.from_fen(section, fen)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(section.name, fen, [], d) for d in (1, 2, 3)]


def _rules(v: Variant, target: str) -> set[str]:
    return {limit.rule for limit in limitations(v, target)}


def test_the_piece_the_read_back_the_notes_and_the_words() -> None:
    v = _variant()
    options = ini_options(v)
    assert options["janggiCannon"] == "c" and "janggiCannon" not in ini_options(fsf_entry("xiangqi"))
    assert read_section({**options, "startFen": start_fen(v)}).shuns_own_type == stated(v).shuns_own_type == {"C"}
    assert "shuns-own-type" not in _rules(v, Target.FAIRY_STOCKFISH)
    # Fairy-Stockfish's janggi cannon is a pR piece: xiangqi's cannon cannot shun its own type there
    other = _variant("mRcpR")
    assert "shuns-own-type" in _rules(other, Target.FAIRY_STOCKFISH)
    assert relaxed(other, Target.FAIRY_STOCKFISH).shuns_own_type == ()
    assert "janggiCannon" not in ini_options(other) and ini_options(other)["customPiece4"] == "c:mRcpR"
    assert "shuns-own-type" not in _rules(v, Target.ZILLIONS) and relaxed(v, Target.ZILLIONS).shuns_own_type == ("C",)
    words = dict(rules_in_short(v))
    assert "a Cannon may neither hop over nor take another Cannon, of either side" in words["Moves"]


def test_its_upload_passes_the_sites_checks() -> None:
    """The janggi cannon is a piece option of its own: the upload's piece list counts it."""
    v = _variant()
    assert pychess.uploaded(v)
    text = pychess.render_upload(v)
    assert "\njanggiCannon = c\n" in text and pychess.upload_problems(text) == []
