"""A royal piece held in check (``royal_held_in_check``: makpong) in the Zillions downloads: the landing test
the file writes (:mod:`generator.emit.zillions.held`) against the reference, on random positions where the
side to move is in check (by one piece or two, the checker beside the king or not) and where it is not."""

from __future__ import annotations

import random

from support import around, download_disagreements, legal_uci, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.emit.fidelity import limitations
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


def _positions(v: Variant, count: int, seed: int, checked: bool) -> list[str]:
    """White to move, in check or not: both kings and a few random pieces of both sides around White's king."""
    rng = random.Random(seed)
    kinds = [p.letter for p in v.pieces if not p.royal]
    out: list[str] = []
    while len(out) < count:
        king = Square(rng.randrange(v.board.files), rng.randrange(v.board.ranks))
        near = around(v, king, 3)
        rng.shuffle(near)
        placed = {king: "K", near.pop(): "k"}
        for sq in near[: rng.randrange(2, 7)]:
            x = rng.choice(kinds)
            placed[sq] = x if rng.random() < 0.4 else x.lower()
        fen = placed_fen(v, placed)
        try:
            pos = Position.from_fen(v, fen)
        except ValueError:
            continue
        pos.turn = 1 - pos.turn  # the side not to move must not be in check
        if pos.in_check():
            continue
        pos = Position.from_fen(v, fen)
        if pos.in_check() == checked and pos.outcome() is None:
            out.append(Position.from_fen(v, fen).fen())
    return out


def test_makpong_writes_the_rule_and_names_no_limitation() -> None:
    v = CAT.get("makpong")
    assert v is not None
    assert "royal-held-in-check" not in {x.rule for x in limitations(v, Target.ZILLIONS)}


def test_the_king_in_check_moves_only_to_take_its_one_checker_as_the_reference_says() -> None:
    v = CAT.get("makpong")
    assert v is not None
    fens = _positions(v, 250, seed=3, checked=True) + _positions(v, 100, seed=4, checked=False)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    # the king's captures of its checker were met, and positions where the king had no move at all in check
    kings = [{m for m in legal_uci(Position.from_fen(v, fen)) if m[:2] == _king(v, fen)} for fen in fens[:250]]
    assert sum(1 for k in kings if k) >= 10 and sum(1 for k in kings if not k) >= 50


def _king(v: Variant, fen: str) -> str:
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            if ch == "K":
                return f"{'abcdefghijklmnop'[f]}{v.board.ranks - i}"
            f += 1
    raise ValueError(fen)
