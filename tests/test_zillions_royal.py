"""Pseudo-royal pieces in the Zillions downloads (:mod:`generator.emit.fidelity.zillions_royal`): coregal's
queens, royal however many a side holds, named beside the king in the file's checkmated goal; sho shogi's
king and prince, retyped as a pair and back; against the reference on random positions, in check or not,
after the moves that retype them, and through ``check`` along random games."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from support import around, check_args, download_disagreements, fsf_entry, legal_uci, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.check.command import cmd_check
from generator.check.compare import Query
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations, relaxed
from generator.emit.fidelity.zillions_royal import Pairing, pairing, royal_letters
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


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
    v = fsf_entry("coregal")
    assert royal_letters(relaxed(v, Target.ZILLIONS)) == ("K", "Q")
    assert "pseudo-royal" not in {x.rule for x in limitations(v, Target.ZILLIONS)}
    # a queen may lapse where pawns promote to more than the count keeps royal: the limitation stays
    ext = v.goals.extinction
    assert ext is not None
    lapsing = dataclasses.replace(v, goals=dataclasses.replace(v.goals, extinction=dataclasses.replace(ext, count=0)))
    assert "pseudo-royal" in {x.rule for x in limitations(lapsing, Target.ZILLIONS)}


def test_every_queen_and_the_king_kept_out_of_attack_as_the_reference_says() -> None:
    v = fsf_entry("coregal")
    fens = _positions(v, 200, seed=5)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    # positions where one of White's royal pieces is attacked (so most moves are illegal) were met
    checked = [fen for fen in fens if _royals_attacked(Position.from_fen(v, fen), 0)]
    assert len(checked) >= 50


@pytest.mark.parametrize(("name", "depth", "games"), [("coregal", "3", "6"), ("shoshogi", "2", "4")])
def test_checked_along_random_games(name: str, depth: str, games: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = check_args(name, "--engine", "zillions", "--depth", depth, "--games", games, "--plies", "120")
    assert cmd_check(CAT, args) == 0
    out = capsys.readouterr().out
    assert "all agree" in out and "checkmate" in out


def _royal_forms(fen: str, side: str) -> list[str]:
    """The king-type pieces (``K``, ``+E``) of ``side`` (``w``, ``b``) on the board of ``fen``."""
    board = fen.split()[0]
    found = re.findall(r"\+?[A-Za-z]", board)
    return [x for x in found if x.upper() in ("K", "+E") and (x[-1].isupper() == (side == "w"))]


def _pairs(v: Variant, count: int, seed: int) -> list[str]:
    """Either side to move, each side with its king, its prince (a promoted drunk elephant) or both, near
    each other among a few pieces; a side with one of them not attacked when the other is to move."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        centre = Square(rng.randrange(v.board.files), rng.randrange(v.board.ranks))
        near = around(v, centre, 3)
        rng.shuffle(near)
        placed: dict[Square, str] = {}
        for forms in (("K", "+E"), ("k", "+e")):
            for x in rng.choice((forms, forms[:1], forms[1:])):
                placed[near.pop()] = x
        for sq in near[: rng.randrange(2, 8)]:
            x = rng.choice("RBGSNE")
            placed[sq] = x if rng.random() < 0.5 else x.lower()
        turn = rng.choice("wb")
        try:
            pos = Position.from_fen(v, placed_fen(v, placed, f"{turn} - - 0 1"))
        except ValueError:
            continue
        other = "b" if turn == "w" else "w"
        lone = [sq for sq, x in placed.items() if x in _royal_forms(placed_fen(v, {sq: x}), other)]
        names = {f"{'abcdefghi'[sq.file]}{sq.rank + 1}" for sq in lone}
        legal = legal_uci(pos)
        if legal and pos.outcome() is None and not (len(lone) == 1 and any(m[2:4] in names for m in legal)):
            out.append(pos.fen())
    return out


def test_shoshogi_retypes_its_king_and_prince_and_names_no_limitation() -> None:
    v = fsf_entry("shoshogi")
    assert pairing(v) == Pairing("K", "E")
    assert royal_letters(relaxed(v, Target.ZILLIONS)) == ("K", "+E")
    assert "pseudo-royal" not in {x.rule for x in limitations(v, Target.ZILLIONS)}


def test_a_pair_may_be_left_attacked_and_one_alone_may_not_as_the_reference_says() -> None:
    v = fsf_entry("shoshogi")
    fens = _pairs(v, 200, seed=7)
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]
    pairs = [fen for fen in fens if len(_royal_forms(fen, fen.split()[1])) == 2]
    assert len(pairs) >= 50


def test_taking_one_of_a_pair_makes_the_other_royal_and_a_promotion_pairs_them_in_the_file() -> None:
    v = fsf_entry("shoshogi")
    queries, wanted = [], []
    for fen in _pairs(v, 120, seed=8):
        pos = Position.from_fen(v, fen)
        them = "b" if fen.split()[1] == "w" else "w"
        for m in sorted(legal_uci(pos)):
            # each capture of one of a pair, and each promotion of a drunk elephant
            after = Position.from_fen(v, fen)
            after.push_uci(m)
            if len(_royal_forms(after.fen(), them)) < len(_royal_forms(fen, them)) or m.endswith("+"):
                queries.append(Query((m,), fen=fen))
                wanted.append(legal_uci(after))
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, queries)
    wrong = [(q, sorted(w ^ a.moves)) for q, w, a in zip(queries, wanted, answers, strict=True) if a.moves != w]
    assert not wrong, wrong[:5]
    assert sum(1 for q in queries if q.moves[0].endswith("+")) >= 10 and len(queries) >= 40
