"""A set-up phase by drops (``drops.must``: placement chess, sittuyin) in the Zillions downloads: set-up turns in
the turn order (:mod:`generator.emit.zillions.set_up`), the bishops kept on both colours by a walk along the drop
rank, castling by a dropped king and rook, each against the reference (perft, random games through the drops and
after them, a castling line); and the limitations kept where the plan is not exact."""

from __future__ import annotations

import dataclasses
import random

from support import download_disagreements, legal_uci

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Color, Variant
from generator.check.compare import Query
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.fidelity.zillions_set_up import plan
from generator.emit.target import Target
from generator.engine import Position
from generator.engine.perft import perft
from generator.zrf.interpreter import perft as zrf_perft

CAT = load_catalogue(find_catalogue("fairy-stockfish"))
SET_UP = {"must-drop", "drop-colors", "castling-by-drops", "drop-rules"}


def _variant(name: str) -> Variant:
    v = CAT.get(name)
    assert v is not None
    return v


def _rules(v: Variant) -> set[str]:
    return {x.rule for x in limitations(v, Target.ZILLIONS)}


def _games(v: Variant, games: int, plies: int, seed: int) -> list[str]:
    """The positions (FENs) along seeded random games of the reference."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        pos = Position.start(v)
        for _ in range(plies):
            out.append(pos.fen())
            moves = pos.legal_moves() if pos.outcome() is None else []
            if not moves:
                break
            pos.push(rng.choice(moves))
    return out


def test_placement_and_sittuyin_name_no_limitation_of_the_set_up() -> None:
    assert _rules(_variant("placement")) & SET_UP == set()
    assert _rules(_variant("sittuyin")) & SET_UP == set()


def test_perft_from_the_start_is_the_references() -> None:
    for name in ("placement", "sittuyin"):
        v = _variant(name)
        with Zillions(CAT, [v]) as engine:
            state = engine.lines[name].state
            assert [zrf_perft(state, d) for d in (1, 2)] == [perft(Position.start(v), d) for d in (1, 2)], name


def test_random_games_through_the_set_up_and_after_it_agree_with_the_reference() -> None:
    v = _variant("placement")
    fens = _games(v, 8, 50, seed=5)
    assert not download_disagreements(CAT, v, fens)
    # the bishops' rule bites: drop phase positions where a piece in hand may not take every empty square
    restricted = 0
    for fen in fens:
        pos = Position.from_fen(v, fen)
        geo, rank = pos.rules.geo, 0 if pos.turn == Color.WHITE else pos.rules.geo.ranks - 1
        empty = sum(1 for f in range(geo.files) if not pos.occupied >> geo.square(f, rank) & 1)
        kinds = sum(1 for n in pos.pockets[pos.turn] if n)
        drops = sum(1 for m in legal_uci(pos) if "@" in m)
        restricted += 0 < drops < empty * kinds
    assert restricted >= 5


def test_sittuyin_drops_its_chariots_on_the_first_rank_and_all_else_on_three() -> None:
    v = _variant("sittuyin")
    # the set-up phase and the first moves after it, before any pawn may promote (the general still stands)
    fens = _games(v, 8, 24, seed=7)
    assert not download_disagreements(CAT, v, fens)
    start = Position.start(v)
    rooks = {m for m in legal_uci(start) if m.startswith("R@")}
    assert rooks == {f"R@{f}1" for f in "abcdefgh"}


def test_a_dropped_king_and_rook_castle() -> None:
    v = _variant("placement")
    line = ["K@e1", "K@e8", "R@h1", "R@h8", "N@g1", "N@g8", "B@f1", "B@f8"]
    line += ["Q@d1", "Q@d8", "B@c1", "B@c8", "N@b1", "N@b8", "R@a1", "R@a8"]
    line += ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"]
    pos = Position.start(v)
    for text in line:
        pos.push_uci(text)
    assert "e1g1" in legal_uci(pos)
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query(tuple(line[:k])) for k in range(len(line) + 1)])
        after = engine.probe(v.name, [Query((*line, "e1g1"))])
    replay = Position.start(v)
    for k, got in enumerate(answers):
        assert got.moves == legal_uci(replay), line[:k]
        if k < len(line):
            replay.push_uci(line[k])
    replay.push_uci("e1g1")
    assert after[0].moves == legal_uci(replay) and "e8g8" in after[0].moves


def test_set_up_turns_only_where_exact() -> None:
    v = _variant("placement")
    assert v.drops is not None
    # hands of different sizes: the turns would not alternate as the forced drops do
    fewer = dataclasses.replace(
        v, setup=dataclasses.replace(v.setup, pockets=tuple(p for p in v.setup.pockets if p[:2] != (Color.BLACK, "N")))
    )
    assert plan(fewer) is None and "must-drop" in _rules(fewer)
    # drops on six ranks: a knight dropped on the sixth attacks the eighth, where the enemy king may stand
    deep = dataclasses.replace(v, drops=dataclasses.replace(v.drops, ranks=(1, 2, 3, 4, 5, 6)))
    assert plan(deep) is None and "must-drop" in _rules(deep)
    # drops on two ranks (the second full of pawns): forced, but the walk along one rank cannot keep the bishops
    # on both colours
    two = dataclasses.replace(v, drops=dataclasses.replace(v.drops, ranks=(1, 2)))
    got = plan(two)
    assert got is not None and got.paired is None and got.castling
    assert _rules(two) & SET_UP == {"drop-colors"}
