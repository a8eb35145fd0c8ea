"""Pseudo-royal pieces that stay royal (:mod:`generator.emit.fidelity.zillions_royal`) in the Zillions
downloads: coregal's queens, royal however many a side holds, named beside the king in the file's
checkmated goal; against the reference on random positions with several queens a side, in check or not,
and through ``check`` along random games."""

from __future__ import annotations

import dataclasses
import random

import pytest
from support import around, check_args, download_disagreements, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.check.command import cmd_check
from generator.emit.fidelity import limitations, relaxed
from generator.emit.fidelity.zillions_royal import royal_letters
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


def _coregal() -> Variant:
    v = CAT.get("coregal")
    assert v is not None
    return v


def _royals_attacked(pos: Position, color: int) -> bool:
    """Whether a king or queen of ``color`` stands attacked."""
    return any(
        pos.attacked(s, 1 - color, pos.occupied)
        for s in range(pos.rules.geo.size)
        if pos.board[s] >= 0 and pos.board[s] & 1 == color and pos.rules.letters[pos.board[s] >> 1] in "KQ"
    )


def _positions(v: Variant, count: int, seed: int) -> list[str]:
    """White to move: both kings, one to three queens a side near White's king, a few other pieces."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        king = Square(rng.randrange(v.board.files), rng.randrange(v.board.ranks))
        near = around(v, king, 3)
        rng.shuffle(near)
        placed = {king: "K", near.pop(): "k"}
        for _ in range(rng.randrange(1, 4)):
            placed[near.pop()] = "Q"
            placed[near.pop()] = "q"
        for sq in near[: rng.randrange(0, 5)]:
            x = rng.choice("RBN")
            placed[sq] = x if rng.random() < 0.5 else x.lower()
        try:
            pos = Position.from_fen(v, placed_fen(v, placed))
        except ValueError:
            continue
        if not _royals_attacked(pos, 1) and pos.outcome() is None:
            out.append(pos.fen())
    return out


def test_coregal_names_its_queens_royal_and_no_limitation() -> None:
    v = _coregal()
    assert royal_letters(relaxed(v, Target.ZILLIONS)) == ("K", "Q")
    assert "pseudo-royal" not in {x.rule for x in limitations(v, Target.ZILLIONS)}
    # a queen may lapse where pawns promote to more than the count keeps royal: the limitation stays
    ext = v.goals.extinction
    assert ext is not None
    lapsing = dataclasses.replace(v, goals=dataclasses.replace(v.goals, extinction=dataclasses.replace(ext, count=0)))
    assert "pseudo-royal" in {x.rule for x in limitations(lapsing, Target.ZILLIONS)}


def test_every_queen_and_the_king_kept_out_of_attack_as_the_reference_says() -> None:
    v = _coregal()
    fens = _positions(v, 200, seed=5)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    # positions where one of White's royal pieces is attacked (so most moves are illegal) were met
    checked = [fen for fen in fens if _royals_attacked(Position.from_fen(v, fen), 0)]
    assert len(checked) >= 50


def test_coregal_checked_along_random_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = check_args("coregal", "--engine", "zillions", "--depth", "3", "--games", "6", "--plies", "120")
    assert cmd_check(CAT, args) == 0
    out = capsys.readouterr().out
    assert "all agree" in out and "checkmate" in out
