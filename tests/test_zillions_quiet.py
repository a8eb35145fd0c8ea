"""Moves that may not give check (``no_checks``: racing kings) in the Zillions downloads: the landing test the
file writes (:mod:`generator.emit.zillions.quiet`) against the reference, on random positions with the pieces
near the enemy king, so that many moves would check directly or by opening a line."""

from __future__ import annotations

import random
import re

from support import legal_uci

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.catalogue.rule_kinds import NO_CHECKS, switched_off
from generator.check.compare import Query
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


def _positions(v: Variant, count: int, seed: int) -> list[str]:
    """White to move, neither side in check: both kings and a few queens, rooks, bishops and knights of both
    sides around Black's king."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        king = Square(rng.randrange(v.board.files), rng.randrange(v.board.ranks))
        free = [Square(f, r) for f in range(v.board.files) for r in range(v.board.ranks) if Square(f, r) != king]
        near = [sq for sq in free if max(abs(sq.file - king.file), abs(sq.rank - king.rank)) <= 3]
        rng.shuffle(near)
        placed = {king: "k", rng.choice([sq for sq in free if sq not in near[:8]]): "K"}
        for sq in near[: rng.randrange(3, 8)]:
            if sq not in placed:
                x = rng.choice("QRBN")
                placed[sq] = x if rng.random() < 0.6 else x.lower()
        rows = ["".join(placed.get(Square(f, r), "1") for f in range(v.board.files)) for r in range(v.board.ranks)]
        fen = "/".join(re.sub("1+", lambda run: str(len(run.group())), row) for row in reversed(rows)) + " w - - 0 1"
        try:
            pos = Position.from_fen(v, fen)
        except ValueError:
            continue
        if not pos.in_check() and pos.outcome() is None:
            out.append(pos.fen())
    return out


def test_racing_kings_writes_the_rule_and_names_no_limitation() -> None:
    v = CAT.get("racingkings")
    assert v is not None
    assert "no-checks" not in {x.rule for x in limitations(v, Target.ZILLIONS)}


def test_no_move_of_the_download_gives_check_and_every_other_is_played() -> None:
    v = CAT.get("racingkings")
    assert v is not None
    fens = _positions(v, 120, seed=5)
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query((), fen=fen) for fen in fens])
    wrong = [
        (fen, sorted(legal_uci(Position.from_fen(v, fen)) ^ got.moves))
        for fen, got in zip(fens, answers, strict=True)
        if got.error is not None or got.moves != legal_uci(Position.from_fen(v, fen))
    ]
    assert not wrong, wrong[:5]
    # the positions had moves to leave out: those the variant without the rule plays, directly checking or
    # opening a line onto the king
    free = switched_off(v, NO_CHECKS)
    left_out = sum(len(legal_uci(Position.from_fen(free, fen)) - legal_uci(Position.from_fen(v, fen))) for fen in fens)
    assert left_out >= 300, left_out
