"""Piece demotion (``piece_promotion.demotion``: Fairy-Stockfish's ``pieceDemotion``, one of kyoto shogi's
rules): a promoted piece may instead demote on the moves that could promote, becoming what it was promoted
from (``a1a2-``); with mandatory promotion it must.  Held to pyffish playing our own sections of minishogi
with the rule (kyoto shogi, the built-in that has it, in tests/test_kyotoshogi.py); the ini's row and
read-back, the Zillions download (the promoted form's landing adds what it was) and where it stays a named
limitation, the words."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pyffish
import pytest
from support import fsf_entry, ini_options, pyffish_perft

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Role, Variant
from generator.check.compare import check_variant
from generator.check.zillions import Zillions
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
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
    # written in the download (test_the_zillions_download_demotes); where a pawn promotes by piece, whose
    # promotion the file may write by the pawns' rules, it is not, and stays a named limitation
    assert "piece-demotion" not in [x.rule for x in limitations(v, Target.ZILLIONS)]
    assert relaxed(v, Target.ZILLIONS).piece_promotion == v.piece_promotion
    pawn = dataclasses.replace(
        v, pieces=tuple(dataclasses.replace(p, roles=p.roles | {Role.PAWN}) if p.letter == "P" else p for p in v.pieces)
    )
    assert "piece-demotion" in [x.rule for x in limitations(pawn, Target.ZILLIONS)]
    promo = relaxed(pawn, Target.ZILLIONS).piece_promotion
    assert promo is not None and not promo.demotion
    assert "a promoted piece must instead demote" in dict(rules_in_short(v))["Promotion by piece"]


def test_the_zillions_download_demotes(section: Variant, tmp_path: Path) -> None:
    # the pawn steps up to promote on a5 taking the rook, and the tokin takes the bishop on b5: it must (or may)
    # turn back into a pawn there, in the download as in pyffish
    promo = section.piece_promotion
    assert promo is not None
    path = tmp_path / "demotion.yaml"
    text = Path(FAIRY_STOCKFISH_CATALOGUE).read_text(encoding="utf-8")
    entry = f"\n  {section.name}:\n    extends: minishogi\n    title: Minishogi with demotion\n"
    entry += f"    piece_promotion: {{demotion: true, mandatory: {str(promo.mandatory).lower()}}}\n"
    path.write_text(text + entry, encoding="utf-8")
    cat = load_catalogue(path)
    v = cat.get(section.name)
    assert v is not None and v.piece_promotion == promo
    fen = start_fen(v)
    with Zillions(cat, [v]) as engine:
        line = ["a2a3", "e4e3", "a3a4", "e3e2", "a4a5+", "d5d4"]
        moves = engine.legal_moves(v.name, line)
        assert moves == set(pyffish.legal_moves(v.name, fen, line))
        assert "a5b5-" in moves and ("a5b5" in moves) is not promo.mandatory
        report = check_variant(v, engine, depth=2, games=4, plies=80, seed=7)
        assert report.ok, report.disagreement.describe()
