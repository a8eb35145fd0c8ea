"""Kyoto shogi and micro shogi, held to pyffish's built-ins kyotoshogi and micro: promoted pieces in the
set-up (``setup.white``'s ``+L``), demotion (``piece_promotion.demotion``), promoted drops (``drops.promoted``)
and, in micro shogi, promotion only by capture (``piece_promotion.on_capture``); and what Zillions leaves
out of them: only their game ends (tests/test_zillions_turning_pieces.py)."""

from __future__ import annotations

import random

import pyffish
import pytest
from support import fsf_entry as entry
from support import ini_options, pyffish_perft

from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.perft import perft

START = "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"


def test_the_start_stands_promoted_as_in_the_builtin() -> None:
    pos = Position.start(entry("kyotoshogi"))
    assert pos.fen() == START
    assert {uci(pos.rules, m) for m in pos.legal_moves()} == set(
        pyffish.legal_moves("kyotoshogi", pyffish.start_fen("kyotoshogi"), [])
    )
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("kyotoshogi", START, [], d) for d in (1, 2, 3)]


def test_random_games_flip_every_piece_as_the_builtin_does() -> None:
    flips = drops = 0
    for game in range(4):
        rng = random.Random(f"kyoto {game}")
        pos = Position.start(entry("kyotoshogi"))
        played: list[str] = []
        for _ in range(60):
            ours = {uci(pos.rules, m) for m in pos.legal_moves()}
            assert ours == set(pyffish.legal_moves("kyotoshogi", START, played)), played
            if not ours:
                break
            m = rng.choice(sorted(ours))
            flips += m[-1] in "+-"
            drops += m.startswith("+")
            pos.push_uci(m)
            played.append(m)
            board, hand = pos.fen().split()[0].partition("[")[::2]
            theirs, their_hand = pyffish.get_fen("kyotoshogi", START, played).split()[0].partition("[")[::2]
            assert (board, sorted(hand)) == (theirs, sorted(their_hand)), played
    assert flips and drops


def test_zillions_writes_the_three_rules() -> None:
    # the download sets up, demotes and drops promoted forms (tests/test_zillions_turning_pieces.py plays it)
    v = entry("kyotoshogi")
    rules = [x.rule for x in limitations(v, Target.ZILLIONS)]
    assert {"setup-promoted", "piece-demotion", "drop-promoted"}.isdisjoint(rules)
    r = relaxed(v, Target.ZILLIONS)
    assert r.setup.promoted and r.drops is not None and r.drops.promoted
    assert r.piece_promotion is not None and r.piece_promotion.demotion
    words = dict(rules_in_short(v))["Promotion by piece"]
    assert "Some pieces start promoted: a Gold general on a1 promoted from a Lance, a Gold general on d1" in words


MICRO = "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1"


@pytest.mark.parametrize(
    ("moves", "promoted"),
    [([], False), (["c1a3", "a4a3+"], True), (["d2d3", "a4a3", "d3d4"], False)],  # quiet moves do not flip
)
def test_micro_turns_a_piece_over_only_when_it_captures(moves: list[str], promoted: bool) -> None:
    pos = Position.start(entry("micro"))
    for m in moves:
        pos.push_uci(m)
    assert pos.fen().split()[0].partition("[")[0] == pyffish.get_fen("micro", MICRO, moves).split()[0].partition("[")[0]
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert ours == set(pyffish.legal_moves("micro", MICRO, moves))
    assert ("+" in moves[-1] if moves else False) is promoted


def test_micro_counts_as_its_builtin_and_its_row_reads_back() -> None:
    v = entry("micro")
    pos = Position.start(v)
    assert [perft(pos, d) for d in (1, 2, 3, 4)] == [pyffish_perft("micro", MICRO, [], d) for d in (1, 2, 3, 4)]
    options = ini_options(v)
    assert options["piecePromotionOnCapture"] == "true"
    assert read_section({**options, "startFen": start_fen(v)}).piece_promotion == stated(v).piece_promotion
    assert read_section({**options, "startFen": start_fen(v)}).setup == stated(v).setup
    assert "promotion-on-capture" not in [x.rule for x in limitations(v, Target.ZILLIONS)]
    assert "Only a capture promotes (or demotes)." in dict(rules_in_short(v))["Promotion by piece"]
