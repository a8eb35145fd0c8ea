"""Forced captures beside a royal piece (``must_capture`` with checkmate: losers) in the Zillions downloads: the
test each capture lands through (:mod:`generator.emit.zillions.forced`) against the reference, on random
positions in check and not, where the side to move has captures that are legal and captures that are not (a
pinned piece's, the king's onto an attacked square, en passant opening the king's rank), so that the captures
the reference forces are the legal ones only."""

from __future__ import annotations

import dataclasses
import random

from support import around, download_disagreements, legal_uci, placed_fen

from generator.betza import parse_betza
from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Role, Square, Variant
from generator.emit.fidelity import limitations
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))
FILES = "abcdefgh"


def _losers() -> Variant:
    v = CAT.get("losers")
    assert v is not None
    return v


def _placed(rng: random.Random, king: Square, passing: bool) -> tuple[dict[Square, str], str]:
    """Both kings and a few random pieces of both sides around White's king; where ``passing``, a White pawn
    beside a Black pawn that has just made its double step (the king often on their rank)."""
    placed: dict[Square, str] = {}
    ep = "-"
    if passing:
        f = rng.randrange(8)
        g = f + rng.choice((-1, 1)) if 0 < f < 7 else (1 if f == 0 else 6)
        placed = {Square(f, 4): "P", Square(g, 4): "p"}
        ep = f"{FILES[g]}6"
        if rng.random() < 0.6:  # on the pawns' rank, a rook or queen often beyond them: en passant opens it
            king = Square(rng.choice([x for x in range(8) if x not in (f, g)]), 4)
            beyond = [x for x in range(8) if (x - f) * (king.file - f) < 0 and x != g]
            if beyond and rng.random() < 0.5:
                placed[Square(rng.choice(beyond), 4)] = rng.choice("rq")
    placed[king] = "K"
    near = [sq for sq in around(_losers(), king, 3) if sq not in placed and (not passing or sq.rank not in (5, 6))]
    rng.shuffle(near)
    placed[near.pop()] = "k"
    for sq in near[: rng.randrange(3, 8)]:
        x = rng.choice("QRBNP" if 0 < sq.rank < 7 else "QRBN")
        placed[sq] = x if rng.random() < 0.4 else x.lower()
    return placed, ep


def _positions(count: int, seed: int, passing: bool = False) -> list[str]:
    """White to move, in check or not, Black not in check, with at least one capture to make, legal or not."""
    v = _losers()
    free = _without_royal(v)
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        king = Square(rng.randrange(8), rng.randrange(8))
        placed, ep = _placed(rng, king, passing)
        fen = placed_fen(v, placed, f"w - {ep} 0 1")
        try:
            pos = Position.from_fen(v, fen)  # refused where Black, not to move, is in check
        except ValueError:
            continue
        if pos.outcome() is None and _captures(free, fen):
            out.append(pos.fen())
    return out


def _without_royal(v: Variant) -> Variant:
    """``v`` with a king that may be left attacked and no forced capture: its moves are ``v``'s before the
    check test."""
    pieces = tuple(dataclasses.replace(p, roles=p.roles - {Role.ROYAL}) for p in v.pieces)
    return dataclasses.replace(
        v, pieces=pieces, must_capture=False, goals=dataclasses.replace(v.goals, checkmate=False)
    )


def _captures(v: Variant, fen: str) -> set[str]:
    """The moves of ``v`` in ``fen`` that take a piece (en passant included)."""
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            board[f"{FILES[f]}{8 - i}"] = ch
            f += 1
    ep = fen.split()[3]
    return {
        m for m in legal_uci(Position.from_fen(v, fen)) if m[2:4] in board or (m[2:4] == ep and board[m[:2]] == "P")
    }


def test_losers_writes_the_rule_and_names_no_limitation() -> None:
    assert "must-capture-royal" not in {x.rule for x in limitations(_losers(), Target.ZILLIONS)}


def test_the_limitation_stays_where_no_walk_tells_a_capture_legal() -> None:
    """A knight that takes by hopping as a cannon (no ray a walk follows), or a second royal type (which the
    walk would have to find too): captures stay unforced there."""
    v = _losers()
    cannon = tuple(
        dataclasses.replace(p, betza="mNcpR", movement=parse_betza("mNcpR")) if p.letter == "N" else p for p in v.pieces
    )
    coregal = tuple(dataclasses.replace(p, roles=p.roles | {Role.ROYAL}) if p.letter == "Q" else p for p in v.pieces)
    for pieces in (cannon, coregal):
        assert "must-capture-royal" in {
            x.rule for x in limitations(dataclasses.replace(v, pieces=pieces), Target.ZILLIONS)
        }


def test_the_download_forces_the_legal_captures_only_as_the_reference_does() -> None:
    v = _losers()
    fens = _positions(300, seed=7)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    # the positions had illegal captures to pass over: beside legal ones, and alone (the quiet moves played)
    free = _without_royal(v)
    some = alone = checked = 0
    for fen in fens:
        legal, taking = legal_uci(Position.from_fen(v, fen)), _captures(free, fen)
        some += bool(taking & legal) and bool(taking - legal)
        alone += not taking & legal
        checked += Position.from_fen(v, fen).in_check()
    assert some >= 40 and alone >= 40 and checked >= 40, (some, alone, checked)


def test_en_passant_is_forced_only_where_it_leaves_the_king_unattacked() -> None:
    v = _losers()
    fens = _positions(150, seed=11, passing=True)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    free = _without_royal(v)
    taken = [{m for m in _captures(free, fen) if m[2:4] == fen.split()[3]} for fen in fens]
    legal = [legal_uci(Position.from_fen(v, fen)) for fen in fens]
    # en passant legal, and not: the king in check, or its rank opened (not in check)
    assert sum(1 for t, ok in zip(taken, legal, strict=True) if t & ok) >= 40
    illegal = [fen for fen, t, ok in zip(fens, taken, legal, strict=True) if t and not t & ok]
    assert len(illegal) >= 40 and sum(1 for fen in illegal if not Position.from_fen(v, fen).in_check()) >= 10
