"""Pieces that turn to stone where they capture (``petrify``: petrified chess) in the Zillions downloads
(:mod:`generator.emit.fidelity.zillions_stone`): the wall as fairychess.zrf's ``Block``, against the
reference on random positions with walls standing, through a capture played in the file, and through
``check`` along random games."""

from __future__ import annotations

import dataclasses
import random

import pytest
from support import check_args, download_disagreements, fsf_entry, legal_uci, placed_fen

from generator.betza import parse_betza
from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.check.command import cmd_check
from generator.check.zillions import Zillions, zrf_start
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))


def _rules(v: Variant) -> set[str]:
    return {x.rule for x in limitations(v, Target.ZILLIONS)}


def test_petrified_writes_its_walls_and_its_king_moves_only() -> None:
    v = fsf_entry("petrified")
    assert not {"petrify", "pseudo-royal"} & _rules(v)
    # the king, which would turn to stone where it took, takes nothing in the file
    assert relaxed(v, Target.ZILLIONS).piece("K").betza == "mK"
    # a hopper could hop over a wall, which the file would not tell: the limitation stays
    cannon = dataclasses.replace(v.piece("N"), betza="mRcpR", movement=parse_betza("mRcpR"))
    hopping = dataclasses.replace(v, pieces=tuple(cannon if p.letter == "N" else p for p in v.pieces))
    assert "petrify" in _rules(hopping)


def _positions(v: Variant, count: int, seed: int) -> list[str]:
    """Either side to move, the other's king not attacked: both kings, a few walls and pieces of both sides
    (the file's walls, set up from the FEN, are all White's: Black's pieces must shun them, White's are
    kept off them as off their own pieces)."""
    rng = random.Random(seed)
    squares = [Square(f, r) for f in range(v.board.files) for r in range(v.board.ranks)]
    out: list[str] = []
    while len(out) < count:
        rng.shuffle(squares)
        placed = {squares[0]: "K", squares[1]: "k"}
        for sq in squares[2 : 2 + rng.randrange(1, 7)]:
            placed[sq] = "*"
        for sq in squares[8 : 8 + rng.randrange(3, 9)]:
            x = rng.choice("QRBNP")
            if x != "P" or 0 < sq.rank < v.board.ranks - 1:
                placed[sq] = x if rng.random() < 0.5 else x.lower()
        turn = rng.choice("wb")
        try:
            pos = Position.from_fen(v, placed_fen(v, placed, f"{turn} - - 0 1"))
        except ValueError:
            continue
        king = next(sq for sq, x in placed.items() if x == ("k" if turn == "w" else "K"))
        takes_king = any(m.endswith(f"{'abcdefgh'[king.file]}{king.rank + 1}") for m in legal_uci(pos))
        if legal_uci(pos) and pos.outcome() is None and not takes_king:
            out.append(pos.fen())
    return out


def test_walls_stop_every_piece_and_nothing_takes_them_as_the_reference_says() -> None:
    v = fsf_entry("petrified")
    fens = _positions(v, 200, seed=11)
    assert all("*" in fen.split()[0] for fen in fens) and sum(fen.split()[1] == "b" for fen in fens) >= 50
    wrong = download_disagreements(CAT, v, fens)
    assert not wrong, wrong[:5]


def test_a_capture_in_the_file_leaves_a_wall_where_it_took() -> None:
    v = fsf_entry("petrified")
    with Zillions(CAT, [v]) as engine:
        line = engine.line(v.name, None)
        line.go(["e2e4", "d7d5", "e4d5", "d8d5"])
        # the pawn that took on d5 stayed a pawn; the queen that took it there is a wall, which nothing takes
        board = zrf_start(line.state, line.notation, v).split()[0]
        assert not [m for m in line.here() if m.endswith("d5")]
    assert board == _played(v, ["e2e4", "d7d5", "e4d5", "d8d5"]).split()[0]
    assert board.split("/")[3] == "3*4"


def _played(v: Variant, moves: list[str]) -> str:
    pos = Position.start(v)
    for m in moves:
        pos.push_uci(m)
    return pos.fen()


def test_petrified_checked_along_random_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = check_args("petrified", "--engine", "zillions", "--depth", "3", "--games", "6", "--plies", "150")
    assert cmd_check(CAT, args) == 0
    assert "all agree" in capsys.readouterr().out
