"""The Zillions downloads of Kyoto shogi and micro shogi through the ZRF interpreter, held to the reference
engine and pyffish's built-ins on real positions: pieces set up promoted (``(PromotedLance a1)``), demotion (a
promoted form's landing adds what it was, ``a1a2-``), promotion only by capturing (``(and enemy? ...)``, micro)
and drops as the promoted form (a second drop from the hand position, ``+L@c3``); and where a pawn promotes
by piece, which the file may write by the pawns' rules, the four stay named limitations."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pyffish
import pytest
from support import FSF_CATALOGUE as CAT
from support import fsf_entry as entry
from support import legal_uci

from generator.catalogue.model import Role, Variant
from generator.check.compare import check_variant
from generator.check.zillions import Zillions, zrf_start
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.engine import Position

FOUR = {"setup-promoted", "piece-demotion", "promotion-on-capture", "drop-promoted"}


@pytest.fixture(scope="module")
def engine() -> Iterator[Zillions]:
    with Zillions(CAT, [entry("kyotoshogi"), entry("micro")]) as z:
        yield z


def _same(engine: Zillions, name: str, line: list[str]) -> set[str]:
    """The interpreter's legal moves on the download after ``line``, asserted equal to the reference
    engine's and pyffish's built-in's, with the position (board and hand)."""
    ours = engine.legal_moves(name, line)
    pos = Position.start(entry(name))
    for m in line:
        pos.push_uci(m)
    assert ours == legal_uci(pos) == set(pyffish.legal_moves(name, pyffish.start_fen(name), line)), line
    z = engine.lines[name]
    z.go(line)
    board, _, hand = zrf_start(z.state, z.notation, entry(name)).split()[0].partition("[")
    theirs, _, their_hand = pos.fen().split()[0].partition("[")
    assert (board, sorted(hand.rstrip("]"))) == (theirs, sorted(their_hand.rstrip("]"))), line
    return ours


@pytest.mark.parametrize("name", ["kyotoshogi", "micro"])
def test_the_four_rules_are_written_not_left_out(name: str) -> None:
    v = entry(name)
    assert FOUR.isdisjoint(x.rule for x in limitations(v, Target.ZILLIONS))
    assert {x.rule for x in limitations(v, Target.ZILLIONS)} == {"perpetual-check", "repetition"}
    r = relaxed(v, Target.ZILLIONS)
    assert r.setup == v.setup and r.drops == v.drops and r.piece_promotion == v.piece_promotion


def test_the_start_stands_promoted_in_the_download(engine: Zillions) -> None:
    z = engine.lines["kyotoshogi"]
    z.go([])
    assert zrf_start(z.state, z.notation, entry("kyotoshogi")) == "p+nks+l/5/5/5/+LSK+NP w"
    assert _same(engine, "kyotoshogi", []) >= {"a1a2-", "d1c2-", "b1b2+", "e1e2+"}
    z = engine.lines["micro"]
    z.go([])
    assert zrf_start(z.state, z.notation, entry("micro")) == "kb+r+l/p3/4/3P/+L+RBK w"


def test_every_piece_turns_over_and_a_captured_one_is_dropped_either_way_up(engine: Zillions) -> None:
    # the pawn becomes a rook, which takes the promoted lance on e5 and is a pawn again; Black's pawn, a rook,
    # takes the promoted lance on a1 and is a pawn again: a lance in each hand
    line = ["e1e2+", "a5a4+", "e2e5-", "a4a1-"]
    for k in range(len(line)):
        _same(engine, "kyotoshogi", line[:k])
    moves = _same(engine, "kyotoshogi", line)
    drops = {m for m in moves if "@" in m}
    assert len(drops) == 2 * 17 and {"L@c3", "+L@c3"} <= drops
    assert drops == {f"+{m}" for m in drops if m.startswith("L@")} | {m for m in drops if m.startswith("L@")}
    # the lance dropped promoted moves as a gold, and must turn back into a lance on its move
    moves = _same(engine, "kyotoshogi", [*line, "+L@c3", "b5b4-"])
    assert {m for m in moves if m.startswith("c3")} == {"c3b3-", "c3b4-", "c3c2-", "c3c4-", "c3d3-", "c3d4-"}
    _same(engine, "kyotoshogi", [*line, "+L@c3", "b5b4-", "c3c4-"])


@pytest.mark.parametrize(
    ("line", "flips", "quiet"),
    [
        ([], set(), {"d2d3", "a1a2", "b1b2"}),  # nothing to take: nothing turns over
        (["c1a3"], {"a4a3+"}, {"c5c4", "d5d4"}),  # the pawn must turn over taking the bishop
        (["c1a3", "a4a3+", "a1a2"], {"a3b1-"}, {"a5a4", "b5c4"}),  # the promoted pawn demotes taking the rook
        (["c1a3", "a4a3+", "a1a2", "a3b1-"], {"a2b1-"}, {"a2a3", "a2b3"}),  # the promoted lance: a step stays
    ],
)
def test_micro_turns_a_piece_over_only_when_it_captures(
    engine: Zillions, line: list[str], flips: set[str], quiet: set[str]
) -> None:
    moves = _same(engine, "micro", line)
    assert {m for m in moves if m[-1] in "+-"} == flips
    assert quiet <= moves


@pytest.mark.parametrize("name", ["kyotoshogi", "micro"])
def test_the_downloads_agree_with_the_reference(engine: Zillions, name: str) -> None:
    report = check_variant(entry(name), engine, depth=2, games=6, plies=80, seed=5)
    assert report.ok, report.disagreement.describe()


def _pawns(v: Variant, letters: str) -> Variant:
    """``v`` with the pieces ``letters`` pawns too: their promotion by piece may follow the pawns' rules."""
    pieces = tuple(dataclasses.replace(p, roles=p.roles | {Role.PAWN}) if p.letter in letters else p for p in v.pieces)
    return dataclasses.replace(v, pieces=pieces)


def test_where_a_pawn_promotes_by_piece_the_four_stay_named_limitations() -> None:
    v = _pawns(entry("micro"), "PL")
    rules = {x.rule for x in limitations(v, Target.ZILLIONS)}
    assert rules >= FOUR
    r = relaxed(v, Target.ZILLIONS)
    assert not r.setup.promoted and r.drops is not None and not r.drops.promoted
    assert r.piece_promotion is None or not (r.piece_promotion.demotion or r.piece_promotion.on_capture)
