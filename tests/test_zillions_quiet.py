"""Moves that may not give check (``no_checks``: racing kings) in the Zillions downloads: the landing test the
file writes (:mod:`generator.emit.zillions.quiet`) against the reference, on random positions with the pieces
near the enemy king, so that many moves would check directly or by opening a line."""

from __future__ import annotations

import random

from support import around, download_disagreements, legal_uci, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.catalogue.rule_kinds import NO_CHECKS, switched_off
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
        near = around(v, king, 3)
        rng.shuffle(near)
        far = [sq for sq in around(v, king, 99) if sq not in near[:8]]
        placed = {king: "k", rng.choice(far): "K"}
        for sq in near[: rng.randrange(3, 8)]:
            if sq not in placed:
                x = rng.choice("QRBN")
                placed[sq] = x if rng.random() < 0.6 else x.lower()
        try:
            pos = Position.from_fen(v, placed_fen(v, placed))
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
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    # the positions had moves to leave out: those the variant without the rule plays, directly checking or
    # opening a line onto the king
    free = switched_off(v, NO_CHECKS)
    left_out = sum(len(legal_uci(Position.from_fen(free, fen)) - legal_uci(Position.from_fen(v, fen))) for fen in fens)
    assert left_out >= 300, left_out
