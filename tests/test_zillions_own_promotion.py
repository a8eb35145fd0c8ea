"""A pawn's promotion as a move of its own (sittuyin) in the Zillions downloads: the walks the file writes
(:mod:`generator.emit.zillions.own_promotion`) against the reference, on random positions with pawns on and off
their promotion squares among pieces of both sides, and with a side left with its king and one pawn."""

from __future__ import annotations

import dataclasses
import random

from support import around, legal_uci, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, StalemateResult, Variant
from generator.check.compare import Query
from generator.check.ending_positions import lone_pawn_positions
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.fidelity.zillions_own_promotion import plan
from generator.emit.target import Target
from generator.engine import Position
from generator.engine.geometry import squares
from generator.engine.moves import PROMOTION
from generator.engine.outcome import Reason
from generator.engine.own_promotion import promotion_choices
from generator.engine.tables import targets

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


def _sittuyin() -> Variant:
    v = CAT.get("sittuyin")
    assert v is not None
    return v


def _position(v: Variant, rng: random.Random) -> Position | None:
    """Black to move (its zone is nearer the corner the file's walks start from, for White's the other), its
    king and one to three pawns around it, and around them pieces of both sides, most of them White's."""
    squares = [Square(f, r) for f in range(8) for r in range(8)]
    king = rng.choice(squares)
    placed = {king: "k"}
    near = around(v, king, 3)
    rng.shuffle(near)
    for sq in near[: rng.randrange(1, 4)]:
        if sq.rank > 0:
            placed[sq] = "p"
    if "p" not in placed.values():
        return None
    free = [sq for sq in squares if sq not in placed]
    rng.shuffle(free)
    placed[free[0]] = "K"
    # most of them next to the pawns, where the general would attack them or a line opens onto a king
    ring = [sq for sq in around(v, king, 3) if sq not in placed]
    rng.shuffle(ring)
    for sq in ring[: rng.randrange(2, 7)] + free[1:3]:
        placed.setdefault(sq, rng.choice("RNSFRNSFrns"))
    try:
        pos = Position.from_fen(v, placed_fen(v, placed, "b - - 0 1", pocket=""))
    except ValueError:
        return None
    return pos if not pos.in_check(1) else None


def _candidates(pos: Position) -> int:
    """The promotions the side to move would have without their conditions on what the piece attacks and
    on check: each pawn that may promote, in place and onto each empty square the general takes onto."""
    rules, us = pos.rules, pos.turn
    own = pos.by_color[us]
    occ = own | pos.by_color[1 - us]
    pawns = sum(pos.by_type[t] for t in range(rules.ntypes) if rules.is_pawn[t]) & own
    zone = rules.own_promotion
    assert zone is not None
    if pawns.bit_count() > 1:
        pawns &= zone[us]
    choices = promotion_choices(pos, us)
    return sum(
        1 + targets(rules.tables[us][c], s, occ, 0, rules.geo.all & ~occ).bit_count()
        for c in choices
        for s in squares(pawns)
    )


def _fens(v: Variant, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        pos = _position(v, rng)
        if pos is not None:
            out.append(pos.fen())
    return out


def _disagreements(v: Variant, fens: list[str]) -> list[tuple[str, list[str]]]:
    """The positions where the download lists other moves than the reference plays (none where the game is
    over: a side left with only promotions is drawn, which the download plays as a stalemate)."""
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query((), fen=fen) for fen in fens])
    out = []
    for fen, got in zip(fens, answers, strict=True):
        pos = Position.from_fen(v, fen)
        legal = set() if pos.outcome() is not None else legal_uci(pos)
        if got.error is not None or got.moves != legal:
            out.append((fen, sorted(legal ^ got.moves) if got.error is None else [got.error]))
    return out


def test_sittuyin_writes_the_promotion_and_names_no_limitation() -> None:
    v = _sittuyin()
    assert plan(v) is not None
    assert "promotion-by-move" not in {x.rule for x in limitations(v, Target.ZILLIONS)}


def test_a_promotion_the_walks_cannot_tell_keeps_the_limitation() -> None:
    # a rook as the choice lands anywhere along its slides; a stalemate that loses is no draw
    v = _sittuyin()
    promo = v.pawn_rules.promotion
    assert promo is not None
    rook = dataclasses.replace(
        v, pawn_rules=dataclasses.replace(v.pawn_rules, promotion=dataclasses.replace(promo, choices=("R",), limits=()))
    )
    losing = dataclasses.replace(v, draws=dataclasses.replace(v.draws, stalemate=StalemateResult.LOSS))
    for other in (rook, losing):
        assert plan(other) is None
        assert "promotion-by-move" in {x.rule for x in limitations(other, Target.ZILLIONS)}


def test_promotions_in_place_and_a_step_away_are_the_references() -> None:
    v = _sittuyin()
    fens = _fens(v, 150, seed=3)
    wrong = _disagreements(v, fens)
    assert not wrong, wrong[:5]
    # the positions held promotions to play and promotions to leave out (attacking a piece, giving check)
    played = sum(m[0] == PROMOTION for fen in fens for m in Position.from_fen(v, fen).legal_moves())
    left_out = sum(_candidates(Position.from_fen(v, fen)) for fen in fens) - played
    assert played >= 200 and left_out >= 80, (played, left_out)


def _lone_fens(v: Variant, count: int) -> tuple[list[str], list[str]]:
    """Positions where the side to move has its king and one pawn: ``count`` drawn, as the pawn may only
    promote, and ``count`` going on (after each move of the other side from the endings' search positions)."""
    drawn: list[str] = []
    going_on: list[str] = []
    for pos in lone_pawn_positions(v, "promotions only", attempts=4000):
        for m in pos.legal_moves():
            pos.push(m)
            end = pos.outcome()
            kept = drawn if end is not None and end.why is Reason.PROMOTIONS_ONLY else going_on if end is None else []
            if len(kept) < count:
                kept.append(pos.fen())
            pos.pop()
        if len(drawn) >= count and len(going_on) >= count:
            break
    return drawn, going_on


def test_a_king_and_a_pawn_that_may_only_promote_draw() -> None:
    v = _sittuyin()
    drawn, going_on = _lone_fens(v, 40)
    assert len(drawn) == len(going_on) == 40
    wrong = _disagreements(v, drawn + going_on)
    assert not wrong, wrong[:5]
    # the pawn promotes where its side has other moves too
    assert sum(any(m[0] == PROMOTION for m in Position.from_fen(v, fen).legal_moves()) for fen in going_on) >= 10
