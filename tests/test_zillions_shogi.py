"""The Zillions files of the shogi entries: promotion by piece (``+``, on entering or leaving the zone,
forced where the piece could never move again or where the variant forces it) through the ZRF interpreter,
held to pyffish's built-ins move by move."""

from __future__ import annotations

import pyffish
import pytest

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.compare import check_variant
from generator.check.zillions import Zillions, zrf_start
from generator.emit.fidelity import limitations

CAT = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)


def entry(name: str) -> Variant:
    v = CAT.get(name)
    assert v is not None
    return v


def zrf_moves(engine: Zillions, name: str, played: list[str], square: str) -> set[str]:
    return {m for m in engine.legal_moves(name, played) if m.startswith(square)}


def pyffish_moves(name: str, played: list[str], square: str) -> set[str]:
    start = pyffish.start_fen(name)
    return {m for m in pyffish.legal_moves(name, start, played) if m.startswith(square)}


def test_a_pawn_entering_the_last_rank_must_promote_and_is_written_plus_p() -> None:
    v = entry("minishogi")
    played = ["a2a3", "e4e3", "a3a4", "e3e2"]
    with Zillions(CAT, [v]) as engine:
        assert zrf_moves(engine, v.name, played, "a4") == pyffish_moves(v.name, played, "a4") == {"a4a5+"}
        line = engine.lines[v.name]
        line.go([*played, "a4a5+"])
        board = pyffish.get_fen(v.name, pyffish.start_fen(v.name), [*played, "a4a5+"]).split("[")[0]
        assert zrf_start(line.state, line.notation, v).split("[")[0].split()[0] == board == "+Pbsgk/5/5/4p/KGSBR"


def test_a_piece_leaving_the_zone_may_promote_and_a_knight_must_where_euroshogi_forces_it() -> None:
    # minishogi: the silver steps into rank 5 and back out of it, promoting or not both ways
    silver = ["c1c2", "d5d4", "c2b3", "d4d5", "b3b4", "d5d4", "b4c5", "d4d5"]
    # euroshogi: the knight reaches rank 7, in its zone, and must promote there
    knight = ["c3c4", "b7a7", "b1c3", "a7b7", "c3d5", "b7a7"]
    with Zillions(CAT, [entry("minishogi"), entry("euroshogi")]) as engine:
        out = zrf_moves(engine, "minishogi", silver, "c5")
        assert out == pyffish_moves("minishogi", silver, "c5")
        assert {"c5b4", "c5b4+", "c5d4", "c5d4+"} <= out
        out = zrf_moves(engine, "euroshogi", knight, "d5")
        assert out == pyffish_moves("euroshogi", knight, "d5") == {"d5c5", "d5c7+", "d5e5", "d5e7+"}


@pytest.mark.parametrize("name", ["minishogi", "judkins", "euroshogi", "shogi"])
def test_the_shogi_files_agree_with_the_reference_promotions_included(name: str) -> None:
    v = entry(name)
    assert {"piece-promotion", "immobility"}.isdisjoint(x.rule for x in limitations(v, "zillions"))
    with Zillions(CAT, [v]) as engine:
        report = check_variant(v, engine, depth=1, games=4, plies=120, seed=2)
        assert report.ok, report.disagreement.describe()
