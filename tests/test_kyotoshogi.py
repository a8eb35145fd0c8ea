"""Kyoto shogi, held to pyffish's built-in kyotoshogi: promoted pieces in the set-up (``setup.white``'s
``+L``), demotion (``piece_promotion.demotion``) and promoted drops (``drops.promoted``) together; and what
Zillions leaves out of it, by name."""

from __future__ import annotations

import random

import pyffish
from support import fsf_entry as entry
from support import pyffish_perft

from generator.emit.fidelity import ZILLIONS, limitations, relaxed
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


def test_zillions_leaves_out_the_three_rules_by_name() -> None:
    v = entry("kyotoshogi")
    rules = [x.rule for x in limitations(v, ZILLIONS)]
    assert {"setup-promoted", "piece-demotion", "drop-promoted"} <= set(rules)
    r = relaxed(v, ZILLIONS)
    assert not r.setup.promoted and r.drops is not None and not r.drops.promoted
    assert r.piece_promotion is not None and not r.piece_promotion.demotion
