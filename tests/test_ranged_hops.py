"""Hoppers with a range (``pR2``: a cannon landing at most two squares from where it starts), as Fairy-Stockfish
0.0.90 plays them: the Betza dialect, the engine against pyffish, the importer on cannon shogi (Fairy-Stockfish's
own example file), the Zillions download's named limitation, the words."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pyffish
import pytest
from support import (
    MINI,
    assert_random_games_agree,
    fsf_entry,
    legal_uci,
    load_section,
    pyffish_perft,
)

from generator.betza import BetzaError, parse_betza
from generator.catalogue import load_catalogue, load_catalogue_text
from generator.catalogue.model import Variant
from generator.emit.fidelity import limitations, relaxed
from generator.emit.fidelity.zillions import immobile_ranks
from generator.emit.pictures.diagrams import piece_marks
from generator.emit.target import Target
from generator.engine import Position
from generator.engine.perft import perft
from generator.importers.command import import_ini
from generator.importers.translate import fsf_reading

ROOT = Path(__file__).resolve().parents[1]


def test_the_dialect_takes_a_range_on_p_only() -> None:
    assert parse_betza("mRpRmFpB2").render() == "pRpB2mRmF"
    assert parse_betza("pQ3").moves[0].range == 3
    assert "at most 2 squares from where it starts" in parse_betza("pR2").moves[0].describe()
    for bad in ("gQ2", "pR1", "pN2", "ipR2"):
        with pytest.raises(BetzaError):
            parse_betza(bad)


def test_the_importer_reads_hops_as_fairy_stockfish_plays_them() -> None:
    assert fsf_reading("gQ2") == ("pQ2", ["plays gQ2 as pQ2 (a hop landing at most 2 squares away)"])
    assert fsf_reading("pR1") == ("gR", ["plays pR1 as gR"])
    assert fsf_reading("mBpBmWpR2") == ("pR2pBmBmW", [])


def _ranged() -> Variant:
    """Chess with a queen that hops two squares at most, a rook-cannon of three, and a bishop that moves as one
    and hops two squares at most: Fairy-Stockfish widens its moves' hops to the bishop's line (it keeps a hop
    to the squares the piece's moves of that kind reach), so the variant states that, as the importer would."""
    chess = fsf_entry("chess")
    pieces = []
    for p in chess.pieces:
        betza = {"Q": "pQ2", "R": "mRcpR3", "B": "mBmpBcpB2"}.get(p.letter)
        if betza is not None:
            movement = parse_betza(betza)
            p = dataclasses.replace(p, movement=movement, betza=movement.render())
        pieces.append(p)
    return dataclasses.replace(chess, name="rangedhops", pieces=tuple(pieces), castling=())


def test_the_engine_plays_ranged_hops_as_pyffish() -> None:
    v = _ranged()
    load_section(v)
    assert_random_games_agree("rangedhops", 4, 60, variant=v)
    rng = random.Random(7)
    pos = Position.start(v)
    for ply in range(36):
        if ply % 12 == 6:
            fen = pos.fen()
            assert perft(Position.from_fen(v, fen), 2) == pyffish_perft("rangedhops", fen, [], 2), fen
        legal = sorted(legal_uci(pos))
        if not legal:
            break
        pos.push_uci(rng.choice(legal))


def test_a_hop_lands_within_its_range() -> None:
    """A rook-cannon of three on a1, a hurdle on a2, a3 empty: it takes on a4, three squares away, not on a5."""
    v = _ranged()
    load_section(v)
    for fen, target in (("4k3/8/8/8/r7/8/P7/R3K3 w - - 0 1", "a1a4"), ("4k3/8/8/r7/8/8/P7/R3K3 w - - 0 1", "a1a5")):
        ours = {m for m in legal_uci(Position.from_fen(v, fen)) if m.startswith("a1")}
        assert ours == {m for m in pyffish.legal_moves("rangedhops", fen, []) if m.startswith("a1")}
        assert (target in ours) == (target == "a1a4")


def test_another_move_along_the_line_widens_a_range_in_fairy_stockfish() -> None:
    """``pR2mR3`` lands three squares away over a hurdle in pyffish: the catalogue's ``pR2`` would not, so the
    Fairy-Stockfish section of such a piece carries the named limitation, and the importer reads it so."""
    chess = fsf_entry("chess")
    widened = parse_betza("pR2mR3")
    pieces = tuple(
        dataclasses.replace(p, movement=widened, betza=widened.render()) if p.letter == "R" else p for p in chess.pieces
    )
    v = dataclasses.replace(chess, name="widened", pieces=pieces, castling=())
    notes = [x for x in limitations(v, Target.FAIRY_STOCKFISH) if x.rule == "hop-range"]
    assert len(notes) == 1 and "hops as mR3mpR3cpR2" in notes[0].text
    played = relaxed(v, Target.FAIRY_STOCKFISH)
    load_section(played)
    fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"
    ours = {m for m in legal_uci(Position.from_fen(played, fen)) if m.startswith("a1")}
    assert ours == {m for m in pyffish.legal_moves("widened", fen, []) if m.startswith("a1")}
    assert "a1a4" in ours  # three squares away, over a2
    assert fsf_reading("pR2mR3")[0] == "mR3mpR3cpR2"


def test_cannon_shogi_imports_and_is_proved(tmp_path: Path) -> None:
    """Fairy-Stockfish's own cannonshogi section (its `[-]` empty hands too), proved in pyffish before it is
    written; its Zillions download names the limitation and, relaxed, moves its pure hoppers from every rank."""
    text = (ROOT / "tests" / "data" / "fairy-stockfish-variants.ini").read_text(encoding="utf-8")
    start = text.index("[cannonshogi:shogi]")
    ini = tmp_path / "cannonshogi.ini"
    ini.write_text(text[start : text.index("\n\n", start)] + "\n", encoding="utf-8")
    out = tmp_path / "cannonshogi.yaml"
    result = import_ini(str(ini), out, jobs=2)
    assert (result.imported, result.left_out) == (["cannonshogi"], [])
    out.write_text(result.text, encoding="utf-8")
    v = load_catalogue(out).get("cannonshogi")
    assert v is not None
    assert {p.betza for p in v.pieces} >= {"pRpB2mRmF", "pR2pBmBmW"}
    assert [x.rule for x in limitations(v, Target.ZILLIONS) if x.rule == "ranged-hop"] == ["ranged-hop"]
    played = relaxed(v, Target.ZILLIONS)
    assert not any(m.hop and m.range for p in played.pieces for m in p.movement.moves)
    assert all(immobile_ranks(played, p) == () for p in played.pieces if p.betza in ("pR", "pB"))


def test_a_catalogue_states_a_ranged_hopper() -> None:
    text = MINI.replace("R: {name: Rook, betza: R}", "R: {name: Short cannon, betza: mRcpR2}")
    v = load_catalogue_text(text).variants[0]
    assert v.piece("R").movement.moves[-1].range == 2


def test_the_diagram_draws_a_hop_up_to_its_range() -> None:
    v = _ranged()
    bishop = v.piece("B")  # moves and hops along the line, takes by a hop of two at most
    queen = v.piece("Q")  # hops two squares at most
    marked = set(piece_marks(v, queen).squares)
    assert (0, 2) in marked and (0, 3) not in marked and (2, 2) in marked and (3, 3) not in marked
    assert (3, 3) in piece_marks(v, bishop).squares
