"""Drops that may not give check (``drops.no_checks``: Fairy-Stockfish's ``dropChecks = false``, as its own
``variants.ini`` has it for xiangqihouse and atomiczh), held to pyffish playing our own section; the ini's
row and read-back, the Zillions download's named limitation, the words."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import fsf_entry, ini_options, legal_uci, load_section, pyffish_perft

from generator.catalogue.model import Variant
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.perft import perft


def _no_check_house() -> Variant:
    house = fsf_entry("crazyhouse")
    assert house.drops is not None
    return dataclasses.replace(house, name="nocheckhouse", drops=dataclasses.replace(house.drops, no_checks=True))


@pytest.mark.parametrize(
    ("fen", "checking"),
    [
        # a queen in hand: the drops on e-file squares and diagonals that reach e8 give check
        ("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", {"Q@e2", "Q@a4", "Q@h5"}),
        # a knight or a pawn: d6 and f6 check, and a pawn on d7 or f7
        ("4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1", {"N@d6", "N@f6", "P@d7", "P@f7"}),
        # Black, in check, blocks with a rook drop, but not on e4, where it would check back along the rank
        ("4k3/8/8/8/K7/8/8/4R3[r] b - - 0 1", {"R@e4"}),
    ],
)
def test_drops_that_give_check_are_not_moves(fen: str, checking: set[str]) -> None:
    v = _no_check_house()
    load_section(v)
    pos = Position.from_fen(v, fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("nocheckhouse", fen, []))
    assert not ours & checking
    assert checking <= set(pyffish.legal_moves("crazyhouse", fen, []))  # the built-in lets them check
    assert [perft(pos, d) for d in (1, 2)] == [pyffish_perft("nocheckhouse", fen, [], d) for d in (1, 2)]


def test_the_ini_states_it_and_reads_it_back() -> None:
    v = _no_check_house()
    options = ini_options(v)
    assert options["dropChecks"] == "false"
    assert ini_options(fsf_entry("crazyhouse"))["dropChecks"] == "true"
    back = read_section({**options, "startFen": pyffish.start_fen("crazyhouse")})
    assert back.drops is not None and back.drops.no_checks
    assert back.drops == stated(relaxed(v, Target.FAIRY_STOCKFISH)).drops


def test_zillions_names_it_and_the_rules_say_it() -> None:
    v = _no_check_house()
    assert [x.rule for x in limitations(v, Target.ZILLIONS) if x.rule == "drop-checks"] == ["drop-checks"]
    assert not [x for x in limitations(v, Target.FAIRY_STOCKFISH) if "check" in x.rule]
    played = relaxed(v, Target.ZILLIONS)
    assert played.drops is not None and not played.drops.no_checks
    assert "a drop may not give check" in " ".join(text for _, text in rules_in_short(v))
