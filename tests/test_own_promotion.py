"""Promotion as a move of its own (``pawns.promotion.own_move``: Fairy-Stockfish's ``sittuyinPromotion``),
its draw of a king and a pawn that may only promote, and the rook dropped on the first rank alone
(``drops.piece_ranks`` written as ``sittuyinRookDrop``), held to pyffish's built-in sittuyin and to
pyffish playing our own section; the ini's rows and read-back, Zillions' named limitation, the words."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import assert_random_games_agree, fsf_entry, ini_options, legal_uci, load_section, pyffish_perft

from generator.catalogue.model import Variant
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason
from generator.engine.perft import perft

NAME = "sittuyin"
START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"


def _pocket_sorted(fen: str) -> str:
    board, rest = fen.split("[", 1)
    pocket, tail = rest.split("]", 1)
    return f"{board}[{''.join(sorted(pocket))}]{tail}"


def test_the_start_counts_as_the_builtin() -> None:
    pos = Position.start(fsf_entry(NAME))
    assert _pocket_sorted(pos.fen()) == _pocket_sorted(START) == _pocket_sorted(pyffish.start_fen(NAME))
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(NAME, START, []))
    # the chariots drop on the first rank only, the other pieces on the first three
    assert "R@a1" in ours and "R@a2" not in ours and "N@a2" in ours and "N@h3" in ours and "N@d3" not in ours
    assert [perft(pos, d) for d in (1, 2)] == [pyffish_perft(NAME, START, [], d) for d in (1, 2)] == [88, 7744]


def test_random_games_agree_through_the_drops_and_promotions() -> None:
    assert_random_games_agree(NAME, 3, 160, same=_pocket_sorted)


@pytest.mark.parametrize(
    ("fen", "promotions"),
    [
        # d5 on the diagonals: in place and the four diagonal steps; a2 off them does not promote
        ("k7/8/8/3P4/8/8/P7/4K3[] w - - 0 1", {"d5d5f", "d5c6f", "d5e6f", "d5c4f", "d5e4f"}),
        # the side has its general: no promotion
        ("k7/8/8/3P4/8/8/P7/4KF2[] w - - 0 1", set()),
        # a general on e6 would attack the knight on f7, one on c4 the knight on b3
        ("k7/5n2/8/3P4/8/1n6/P7/4K3[] w - - 0 1", {"d5d5f", "d5c6f", "d5e4f"}),
        # stepping off the d-file uncovers the rook's check: only in place
        ("3k4/8/8/3P4/8/8/P7/3RK3[] w - - 0 1", {"d5d5f"}),
        # a general giving check itself is no promotion either (on c6 or e6 it would check d7)
        ("8/3k4/8/3P4/8/8/P7/4K3[] w - - 0 1", {"d5d5f", "d5c4f", "d5e4f"}),
        # the last pawn promotes anywhere
        ("k7/8/8/8/8/8/P7/4K3[] w - - 0 1", {"a2a2f", "a2b1f", "a2b3f"}),
        # in check from the rook on e8: a step onto e4 or e6 blocks it, in place does not
        ("k3r3/8/8/3P4/8/8/P7/4K3[] w - - 0 1", {"d5e4f", "d5e6f"}),
        # Black's zone, the long diagonals towards rank 1
        ("4k3/p7/8/8/4p3/8/8/K7[] b - - 0 1", {"e4e4f", "e4d3f", "e4f3f", "e4d5f", "e4f5f"}),
    ],
)
def test_promotions_as_the_builtin_plays_them(fen: str, promotions: set[str]) -> None:
    pos = Position.from_fen(fsf_entry(NAME), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(NAME, fen, []))
    assert {m for m in ours if m.endswith("f")} == promotions
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(NAME, fen, [], d) for d in (1, 2, 3)]


def test_a_promotion_in_place_is_made_and_taken_back() -> None:
    fen = "k7/8/8/3P4/8/8/P7/4K3[] w - - 0 1"
    pos = Position.from_fen(fsf_entry(NAME), fen)
    pos.push_uci("d5d5f")
    assert pos.fen() == pyffish.get_fen(NAME, fen, ["d5d5f"]) == "k7/8/8/3F4/8/8/P7/4K3[] b - - 0 1"
    pos.pop()
    assert pos.fen() == fen


@pytest.mark.parametrize(
    ("fen", "drawn"),
    [
        # king and pawn: the king boxed in, the pawn blocked: every move a promotion
        ("k5r1/8/8/8/8/7p/7P/7K[] w - - 0 1", True),
        # the pawn may step: the game goes on
        ("k5r1/8/8/8/8/8/7P/7K[] w - - 0 1", False),
        # a second piece: the game goes on
        ("k5r1/8/8/8/8/7p/7P/N6K[] w - - 0 1", False),
    ],
)
def test_a_king_and_pawn_that_may_only_promote_draw(fen: str, drawn: bool) -> None:
    pos = Position.from_fen(fsf_entry(NAME), fen)
    end = pos.outcome()
    assert (end is not None and end.why is Reason.PROMOTIONS_ONLY and end.winner is None) == drawn
    assert pyffish.is_optional_game_end(NAME, fen, []) == (drawn, 0)
    assert legal_uci(pos) == set(pyffish.legal_moves(NAME, fen, []))


OWN = "sittuyinsection"


@pytest.fixture(scope="module")
def own_section() -> Variant:
    """Sittuyin through our own section, under another name."""
    v = dataclasses.replace(fsf_entry(NAME), name=OWN)
    load_section(v)
    return v


def test_our_section_plays_as_the_builtin(own_section: Variant) -> None:
    assert_random_games_agree(OWN, 2, 160, same=_pocket_sorted, variant=own_section)
    fen = "3k4/8/8/3P4/8/1n6/P7/3RK3[] w - - 0 1"
    assert set(pyffish.legal_moves(OWN, fen, [])) == set(pyffish.legal_moves(NAME, fen, []))


def test_the_rows_read_back_and_zillions_writes_the_promotion() -> None:
    v = fsf_entry(NAME)
    options = ini_options(v)
    assert (options["sittuyinPromotion"], options["sittuyinRookDrop"], options["promotionLimit"]) == (
        "true",
        "true",
        "f:1",
    )
    back = read_section({**options, "startFen": start_fen(v)})
    assert back.pawn_rules.promotion == v.pawn_rules.promotion
    assert limitations(v, Target.FAIRY_STOCKFISH) == ()
    # the Zillions file walks the board for it (tests/test_zillions_own_promotion.py)
    assert "promotion-by-move" not in {x.rule for x in limitations(v, Target.ZILLIONS)}
    promo = relaxed(v, Target.ZILLIONS).pawn_rules.promotion
    assert promo is not None and promo.own_move and not promo.mandatory
    # without the rook's own drop ranks, no sittuyinRookDrop
    assert v.drops is not None
    plain = dataclasses.replace(v, drops=dataclasses.replace(v.drops, piece_ranks=()))
    assert "sittuyinRookDrop" not in ini_options(plain)
    words = dict(rules_in_short(v))
    assert "Promotion is a move of its own" in words["Promotion"]
    assert "a Rook only on rank 1" in words["Drops"]
