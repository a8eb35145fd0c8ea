"""Bikjang and two passes in a row (:mod:`generator.emit.fidelity.zillions_facing`) in the Zillions downloads of
janggi: the walks along the files the generals may face on, against the reference on random positions where
they face each other (in check or not) and where they do not, and the passes that draw."""

from __future__ import annotations

import dataclasses
import random

from support import download_disagreements, fsf_entry, legal_uci, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.check.compare import Query
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


def _rules(v: Variant) -> set[str]:
    return {x.rule for x in limitations(v, Target.ZILLIONS)}


def test_janggi_writes_bikjang_and_the_double_pass_and_names_neither() -> None:
    for name in ("janggi", "janggitraditional"):
        assert not {"bikjang", "double-pass"} & _rules(fsf_entry(name))
    # a general free to leave its palace could face the other along a rank too: both limitations stay
    v = fsf_entry("janggitraditional")
    free = tuple(dataclasses.replace(p, region=None) if p.royal else p for p in v.pieces)
    assert {"bikjang", "double-pass"} <= _rules(dataclasses.replace(v, pieces=free))


def _facing(v: Variant, count: int, seed: int, facing: bool) -> list[str]:
    """Either side to move: both generals in their palaces, on one file with nothing between where ``facing``,
    a few pieces of both sides around, the side not to move not in check."""
    rng = random.Random(seed)
    kinds = "ABRNCP"
    out: list[str] = []
    while len(out) < count:
        f = rng.randrange(3, 6)
        white, black = Square(f, rng.randrange(0, 3)), Square(rng.randrange(3, 6), rng.randrange(7, 10))
        if facing:
            black = Square(f, black.rank)
        placed = {white: "K", black: "k"}
        for _ in range(rng.randrange(3, 9)):
            sq = Square(rng.randrange(v.board.files), rng.randrange(v.board.ranks))
            if sq in placed or (facing and sq.file == f and white.rank < sq.rank < black.rank):
                continue
            x = rng.choice(kinds)
            placed[sq] = x if rng.random() < 0.5 else x.lower()
        turn = rng.choice("wb")
        try:
            pos = Position.from_fen(v, placed_fen(v, placed, f"{turn} - - 0 1"))
            other = Position.from_fen(v, placed_fen(v, placed, f"{'b' if turn == 'w' else 'w'} - - 0 1"))
        except ValueError:
            continue
        if not other.in_check() and pos.outcome() is None and legal_uci(pos):
            out.append(pos.fen())
    return out


def test_moves_while_the_generals_face_each_other_part_them_as_the_reference_says() -> None:
    v = fsf_entry("janggitraditional")
    fens = _facing(v, 120, seed=3, facing=True) + _facing(v, 60, seed=4, facing=False)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    # where they face each other the rule takes moves away, elsewhere mostly none
    free = dataclasses.replace(v, draws=dataclasses.replace(v.draws, bikjang=False))
    narrowed = [legal_uci(Position.from_fen(v, fen)) < legal_uci(Position.from_fen(free, fen)) for fen in fens]
    assert sum(narrowed[:120]) >= 100 and sum(narrowed[120:]) < 40


def test_a_pass_facing_the_other_general_or_after_its_pass_draws_in_check_too() -> None:
    v = fsf_entry("janggitraditional")
    facing = "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1"  # the generals face each other on the e-file
    checked = "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1"  # and White's is in check from the chariot on a2
    apart = "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1"
    lines = [(facing, ("0000",)), (checked, ("0000",)), (apart, ("0000", "0000"))]
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query(moves, fen=fen) for fen, moves in lines])
        going = engine.probe(v.name, [Query(("e2d2",), fen=facing), Query(("0000",), fen=apart)])
    for (fen, moves), answer in zip(lines, answers, strict=True):
        pos = Position.from_fen(v, fen)
        assert moves[-1] in legal_uci(pos) or len(moves) > 1
        for m in moves:
            pos.push_uci(m)
        end = pos.outcome()
        assert end is not None and end.result == "1/2-1/2", (fen, moves, end)
        assert answer.error is None and not answer.moves and answer.result == "1/2-1/2", (fen, moves, answer)
    assert all(a.moves for a in going)  # a parting move, and a single pass, play on
