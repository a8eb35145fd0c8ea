"""Piece demotion (``piece_promotion.demotion``: Fairy-Stockfish's ``pieceDemotion``, one of kyoto shogi's
rules): a promoted piece may instead demote on the moves that could promote, becoming what it was promoted
from (``a1a2-``); with mandatory promotion it must.  Held to pyffish playing our own sections of minishogi
with the rule (kyoto shogi, the built-in that has it, in tests/test_kyotoshogi.py); the ini's row and
read-back, Zillions' named limitation, the words."""

from __future__ import annotations

import dataclasses
import random

import pyffish
import pytest
from support import fsf_entry, ini_options, pyffish_perft

from generator.catalogue.model import Variant
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import ZILLIONS, limitations, relaxed
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.perft import perft


def _variant(mandatory: bool) -> Variant:
    m = fsf_entry("minishogi")
    assert m.piece_promotion is not None
    promo = dataclasses.replace(m.piece_promotion, demotion=True, mandatory=mandatory)
    return dataclasses.replace(m, name=f"minishogidemotion{int(mandatory)}", piece_promotion=promo)


@pytest.fixture(scope="module", params=[False, True], ids=["may", "must"])
def section(request: pytest.FixtureRequest) -> Variant:
    v = _variant(request.param)
    options = ini_options(v)
    text = f"[{v.name}]\n" + "".join(f"{k} = {x}\n" for k, x in options.items()) + f"startFen = {start_fen(v)}\n"
    pyffish.load_variant_config(text)
    return v


def test_a_promoted_piece_demotes_as_in_pyffish(section: Variant) -> None:
    # a promoted pawn each; White's, pinned on the a-file, one step from its zone
    fen = "rbsgk/+P4/5/4+p/KGSBR[] w - - 0 1"
    pos = Position.from_fen(section, fen)
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert ours == set(pyffish.legal_moves(section.name, fen, []))
    promo = section.piece_promotion
    assert promo is not None and "a4a5-" in ours and ("a4a5" in ours) is not promo.mandatory
    pos.push_uci("a4a5-")  # takes the rook and is a pawn again, on a square it can never leave
    assert pos.fen().split()[0] == pyffish.get_fen(section.name, fen, ["a4a5-"]).split()[0] == "Pbsgk/5/5/4+p/KGSBR[R]"


def test_random_games_and_perft_agree_with_pyffish(section: Variant) -> None:
    fen = pyffish.start_fen(section.name)
    demotions = 0
    for game in range(4):
        rng = random.Random(f"demotion {game}")
        pos = Position.from_fen(section, fen)
        played: list[str] = []
        for _ in range(80):
            ours = {uci(pos.rules, m) for m in pos.legal_moves()}
            assert ours == set(pyffish.legal_moves(section.name, fen, played)), played
            if not ours:
                break
            m = rng.choice(sorted(ours))
            demotions += m.endswith("-")
            pos.push_uci(m)
            played.append(m)
            assert pos.fen().split("[")[0] == pyffish.get_fen(section.name, fen, played).split("[")[0], played
    assert demotions
    mid = "rbsgk/+P4/5/4+p/KGSBR[] w - - 0 1"
    pos = Position.from_fen(section, mid)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(section.name, mid, [], d) for d in (1, 2, 3)]


def test_the_row_the_read_back_zillions_and_the_words() -> None:
    v = _variant(True)
    options = ini_options(v)
    assert options["pieceDemotion"] == "true" and "pieceDemotion" not in ini_options(fsf_entry("minishogi"))
    assert read_section({**options, "startFen": start_fen(v)}).piece_promotion == stated(v).piece_promotion
    assert "piece-demotion" in [x.rule for x in limitations(v, ZILLIONS)]
    promo = relaxed(v, ZILLIONS).piece_promotion
    assert promo is not None and not promo.demotion
    assert "a promoted piece must instead demote" in dict(rules_in_short(v))["Promotion by piece"]
