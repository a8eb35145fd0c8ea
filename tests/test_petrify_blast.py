"""Blasts that leave walls (``explosions.petrify_blast``: Fairy-Stockfish's ``petrifyBlastPieces``), held to
pyffish playing our own section, and imported from a section that states it, where it used to be refused."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pyffish
import pytest
from support import assert_random_games_agree, fsf_entry, legal_uci, load_section, pyffish_perft

from generator.catalogue import load_catalogue
from generator.catalogue.model import Variant
from generator.engine import Position
from generator.engine.perft import perft
from generator.importers.command import import_ini


def _stone_atomic() -> Variant:
    atomic = fsf_entry("atomic")
    assert atomic.explosions is not None
    blast = dataclasses.replace(atomic.explosions, petrify_blast=True)
    return dataclasses.replace(atomic, name="stoneatomic", explosions=blast)


@pytest.mark.parametrize(
    ("fen", "move", "after"),
    [
        # the knight takes on d5: the bishop beside it turns to stone, the pawns around stay, the knight goes
        (
            "rnb1k1nr/1p2q2p/p2b1pp1/3pp3/2pPPNP1/2PQ4/PP1BBP1P/RN3RK1 w kq - 0 12",
            "f4d5",
            "rnb1k1nr/1p2q2p/p2*1pp1/4p3/2pPP1P1/2PQ4/PP1BBP1P/RN3RK1 b kq - 0 12",
        ),
        # the knight takes on c7: the bishop on b8 and the queen on c8 turn to stone, the rook on a8 is out of reach
        ("rbq4k/2p5/8/1N6/8/8/8/4K3 w - - 0 1", "b5c7", "r**4k/8/8/8/8/8/8/4K3 b - - 0 1"),
    ],
)
def test_a_blast_leaves_walls_as_in_fairy_stockfish(fen: str, move: str, after: str) -> None:
    v = _stone_atomic()
    load_section(v)
    pos = Position.from_fen(v, fen)
    assert legal_uci(pos) == set(pyffish.legal_moves("stoneatomic", fen, []))
    pos.push_uci(move)
    assert pos.fen() == pyffish.get_fen("stoneatomic", fen, [move]) == after
    # the walls read back from the FEN, and block as pyffish's do
    again = Position.from_fen(v, after)
    assert again.fen() == after
    assert legal_uci(again) == set(pyffish.legal_moves("stoneatomic", after, []))
    assert [perft(again, d) for d in (1, 2)] == [pyffish_perft("stoneatomic", after, [], d) for d in (1, 2)]


def test_random_games_agree_with_pyffish() -> None:
    v = _stone_atomic()
    load_section(v)
    assert_random_games_agree("stoneatomic", 4, 80, variant=v)


def test_without_the_rule_a_blast_leaves_no_wall() -> None:
    fen = "rbq4k/2p5/8/1N6/8/8/8/4K3 w - - 0 1"
    pos = Position.from_fen(fsf_entry("atomic"), fen)
    pos.push_uci("b5c7")
    assert pos.fen() == pyffish.get_fen("atomic", fen, ["b5c7"]) == "r6k/8/8/8/8/8/8/4K3 b - - 0 1"


def test_a_section_that_states_it_is_imported_and_proved(tmp_path: Path) -> None:
    ini = tmp_path / "stone.ini"
    ini.write_text("[stoneblast:atomic]\npetrifyBlastPieces = true\n", encoding="utf-8")
    out = tmp_path / "stone.yaml"
    result = import_ini(str(ini), out, jobs=1)
    assert (result.imported, result.left_out) == (["stoneblast"], [])
    out.write_text(result.text, encoding="utf-8")
    v = load_catalogue(out).get("stoneblast")
    assert v is not None and v.explosions is not None and v.explosions.petrify_blast
