"""The drop that may not mate (``drops.no_drop_mate``) in the Zillions downloads: the test the file writes
(:mod:`generator.emit.zillions.drop_mate`) against the reference, on positions made for it: random pieces
around the kings, the side to move holding a pawn, every pawn drop that gives check dropped in both, and the
game's end after it compared (mate by the drop loses for the dropper; any other check plays on)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from support import legal_uci, placed_fen

from generator.betza import parse_betza
from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Square, Variant
from generator.check.compare import Query
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.fidelity.zillions_drop_mate import plan
from generator.emit.target import Target
from generator.engine import Position

CAT = load_catalogue(find_catalogue("fairy-stockfish"))
WRITTEN = ["minishogi", "gorogoro", "judkins", "euroshogi", "shogi", "checkshogi", "torishogi", "okisakishogi"]


def _positions(v: Variant, count: int, seed: int) -> list[str]:
    """Positions with White to move holding a pawn: Black's king on one of its own last four ranks, White's
    king and a few random pieces of both sides (promoted forms among them) on the squares around it."""
    rng = random.Random(seed)
    kinds = [p.letter for p in v.pieces if not p.royal]
    promoted = [f"+{x}" for x, _ in v.piece_promotion.pieces] if v.piece_promotion else []
    out: list[str] = []
    while len(out) < count:
        king = Square(rng.randrange(v.board.files), rng.randrange(max(1, v.board.ranks - 3), v.board.ranks))
        near = [
            Square(king.file + dx, king.rank + dy)
            for dx in range(-3, 4)
            for dy in range(-4, 3)
            if (dx, dy) != (0, 0) and 0 <= king.file + dx < v.board.files and 0 <= king.rank + dy < v.board.ranks
        ]
        rng.shuffle(near)
        placed = {king: "k", near.pop(): "K"}
        for sq in near[: rng.randrange(3, 9)]:
            x = rng.choice(kinds + promoted)
            placed[sq] = x if rng.random() < 0.6 else x.lower()
        assert v.drops is not None and v.drops.no_drop_mate is not None
        fen = placed_fen(v, placed, pocket=v.drops.no_drop_mate)
        try:
            pos = Position.from_fen(v, fen)
        except ValueError:
            continue
        if not pos.in_check() and pos.outcome() is None:
            out.append(fen)
    return out


def _checking_drops(v: Variant, fen: str) -> list[tuple[str, str | None]]:
    """Each drop of the piece that may not mate (a pawn, a swallow) in ``fen`` that gives check, with the
    reference's result after it (None: play goes on); where one of them mates, every drop of that piece (a
    drop the file's walk over the board makes after the mating one must not keep its marker)."""
    checking, quiet = [], []
    for text in sorted(legal_uci(Position.from_fen(v, fen))):
        if v.drops is None or not text.startswith(f"{v.drops.no_drop_mate}@"):
            continue
        pos = Position.from_fen(v, fen)
        pos.push_uci(text)
        end = pos.outcome()
        (checking if pos.in_check() else quiet).append((text, None if end is None else end.result))
    return checking + quiet if any(result for _, result in checking) else checking


def test_the_shogis_write_the_test_and_a_hopper_leaves_it_a_named_limitation() -> None:
    for name in WRITTEN:
        v = CAT.get(name)
        assert v is not None and plan(v) is not None
        assert "drop-mate" not in {x.rule for x in limitations(v, Target.ZILLIONS)}
    shogi = CAT.get("shogi")
    assert shogi is not None
    # the rook made a cannon: a hop's screen is not walked, so the test would not be exact
    cannon = dataclasses.replace(shogi.piece("R"), betza="mRcpR", movement=parse_betza("mRcpR"))
    hopping = dataclasses.replace(shogi, pieces=tuple(cannon if p.letter == "R" else p for p in shogi.pieces))
    assert plan(hopping) is None
    [why] = [x.text for x in limitations(hopping, Target.ZILLIONS) if x.rule == "drop-mate"]
    assert "mating by a dropped Pawn wins" in why


@pytest.mark.parametrize(
    ("name", "count"), [("minishogi", 300), ("judkins", 600), ("shogi", 900), ("torishogi", 600), ("okisakishogi", 600)]
)
def test_a_pawn_drop_that_checks_ends_the_game_as_the_reference_ends_it(name: str, count: int) -> None:
    v = CAT.get(name)
    assert v is not None
    cases = [(fen, drop, result) for fen in _positions(v, count, seed=7) for drop, result in _checking_drops(v, fen)]
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query((drop,), fen=fen) for fen, drop, _ in cases])
    wrong = [
        (fen, drop, result, got.result)
        for (fen, drop, result), got in zip(cases, answers, strict=True)
        if got.error is not None or (got.result if not got.moves else None) != result
    ]
    assert not wrong, wrong[:5]
    seen = Counter(result for _, _, result in cases)
    assert seen["0-1"] >= 5 and seen[None] >= 20, seen  # drops that mate (and lose), and checks that play on


def test_a_pinned_defender_does_not_save_the_king() -> None:
    """The pawn dropped on a4 checks Black's king on a5; a4 and b4 are White's gold's.  Black's gold on b5 may
    take the pawn, but White's rook pins it along the fifth rank: mate, so the drop loses.  Without the rook
    the gold takes it and play goes on."""
    v = CAT.get("minishogi")
    assert v is not None
    pinned = "kg2R/5/G4/5/4K[P] w - - 0 1"
    free = "kg3/5/G4/5/4K[P] w - - 0 1"
    for fen, want in ((pinned, "0-1"), (free, None)):
        assert ("P@a4", want) in _checking_drops(v, fen)
        with Zillions(CAT, [v]) as engine:
            [got] = engine.probe(v.name, [Query(("P@a4",), fen=fen)])
        assert got.error is None and (None if got.moves else got.result) == want


@pytest.mark.parametrize(
    ("fen", "want"),
    [
        ("R1n1kl4/10/2N1S5/10/10/10/10/10/10/K9[P] w - - 0 1", "0-1"),  # the rook pins it across the gap: mate
        ("R1nlkl4/10/2N1S5/10/10/10/10/10/10/K9[P] w - - 0 1", None),  # a lance in the gap: no pin
        ("2n1kl4/10/2N1S5/10/10/10/10/10/10/K9[P] w - - 0 1", None),  # no rook: no pin
    ],
)
def test_a_knight_pinned_with_a_square_between_it_and_its_king(fen: str, want: str | None) -> None:
    """Okisaki shogi: the pawn dropped on e9 checks Black's king on e10; White's silver on e8 guards it and the
    squares beside, White's knight on c8 guards d10.  Black's knight on c10 may take the pawn, unless White's
    rook on a10 pins it along the tenth rank, the square between it and the king (d10) empty."""
    v = CAT.get("okisakishogi")
    assert v is not None
    assert ("P@e9", want) in _checking_drops(v, fen)
    with Zillions(CAT, [v]) as engine:
        [got] = engine.probe(v.name, [Query(("P@e9",), fen=fen)])
    assert got.error is None and (None if got.moves else got.result) == want


@pytest.mark.parametrize(
    ("fen", "on_a"),
    [
        ("3k3/7/7/7/S6/S6/3K3[S] w - - 0 1", False),  # two swallows on the a-file: no third
        ("3k3/7/7/7/S6/7/3K3[S] w - - 0 1", True),  # one: a second may join it
    ],
)
def test_tori_shogis_swallows_are_counted_two_to_a_file(fen: str, on_a: bool) -> None:
    v = CAT.get("torishogi")
    assert v is not None and "drop-per-file" not in {x.rule for x in limitations(v, Target.ZILLIONS)}
    legal = legal_uci(Position.from_fen(v, fen))
    assert any(m.startswith("S@a") for m in legal) == on_a
    with Zillions(CAT, [v]) as engine:
        [got] = engine.probe(v.name, [Query((), fen=fen)])
    assert got.error is None and got.moves == legal
