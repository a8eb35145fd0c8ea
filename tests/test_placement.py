"""A set-up phase by drops (``drops.must``, ``drops.must_piece``, ``drops.opposite_colors``,
``drops.castling``: Fairy-Stockfish's ``mustDrop``, ``mustDropType``, ``dropOppositeColoredBishop`` and
``castlingDroppedPiece``), held to pyffish's built-in placement (during the drop phase and after it) and
to pyffish playing our own sections with each rule alone; the ini's rows and read-back, Zillions' named
limitations, the words."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import assert_random_games_agree, fsf_entry, ini_options, legal_uci, load_section, pyffish_perft

from generator.catalogue.model import Variant
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.perft import perft

START = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"


def test_the_start_counts_as_the_builtin() -> None:
    pos = Position.start(fsf_entry("placement"))
    assert pos.fen() == START == pyffish.start_fen("placement")
    assert legal_uci(pos) == set(pyffish.legal_moves("placement", START, []))
    assert all("@" in m for m in legal_uci(pos))
    assert [perft(pos, d) for d in (1, 2)] == [pyffish_perft("placement", START, [], d) for d in (1, 2)]


def test_random_games_agree_through_the_drops_and_after() -> None:
    assert_random_games_agree("placement", 3, 60)


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        # a bishop on a light square, one dark square left: the other bishop must take it, nothing else may
        ("8/pppppppp/8/8/8/8/PPPPPPPP/1BN1N1Q1[KRRBkqrrbbnn] w - - 0 1", {"B@a1", "K@d1", "R@h1"}),
        # the white king may not be dropped where the rook on a1 attacks it: no drop, so the pawns move
        ("4k3/pppppppp/8/8/8/8/1PPPPPPP/r7[K] w - - 0 1", {"b2b3", "h2h4"}),
        # nothing left in hand: the game proper
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1", {"e2e4", "g1f3"}),
        # one side done, the other still dropping
        ("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[r] b - - 0 1", {"R@h8"}),
    ],
)
def test_positions_of_the_drop_phase_and_after(fen: str, expected: set[str]) -> None:
    pos = Position.from_fen(fsf_entry("placement"), fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("placement", fen, []))
    assert expected <= ours
    if "@" in next(iter(expected)):
        assert all("@" in m for m in ours)
    else:
        assert not any("@" in m for m in ours)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("placement", fen, [], d) for d in (1, 2, 3)]


@pytest.mark.parametrize(
    ("fen", "moves", "rights"),
    [
        ("8/pppppppp/8/8/8/8/PPPPPPPP/4K3[Rkqrrbbnn] w - - 0 1", ["R@h1"], "K"),
        ("8/pppppppp/8/8/8/8/PPPPPPPP/R7[Kkqrrbbnn] w - - 0 1", ["K@e1"], "Q"),
        ("8/pppppppp/8/8/8/8/PPPPPPPP/R7[Kkqrrbbnn] w - - 0 1", ["K@d1"], "-"),
        ("8/pppppppp/8/8/8/8/PPPPPPPP/4K3[Rkqrrbbnn] w - - 0 1", ["R@g1"], "-"),
    ],
)
def test_a_dropped_king_and_rook_castle(fen: str, moves: list[str], rights: str) -> None:
    pos = Position.from_fen(fsf_entry("placement"), fen)
    for m in moves:
        pos.push_uci(m)
    assert pos.fen().split()[2] == rights == pyffish.get_fen("placement", fen, moves).split()[2]


CASTLING = "crazyhousedropcastling"


@pytest.fixture(scope="module")
def crazyhouse_castling() -> Variant:
    """Crazyhouse where drops give castling, in pyffish through our own section."""
    c = fsf_entry("crazyhouse")
    assert c.drops is not None
    v = dataclasses.replace(c, name=CASTLING, drops=dataclasses.replace(c.drops, castling="R"))
    load_section(v)
    return v


@pytest.mark.parametrize(
    ("fen", "moves", "rights"),
    [
        # the a1 rook was taken and dropped back: castling queenside again
        ("r3k2r/8/8/8/8/8/8/4K2R[R] w Kkq - 0 1", ["R@a1"], "KQkq"),
        # a king dropped between its rooks gives both castlings
        ("r3k2r/8/8/8/8/8/8/R6R[K] w kq - 0 1", ["K@e1"], "KQkq"),
        # the king has moved: a rook dropped onto h1 gives that castling back, not the a1 rook's
        ("r3k2r/8/8/8/8/8/8/R3K3[R] w Qkq - 0 1", ["e1e2", "e8e7", "e2e1", "e7e8", "R@h1"], "K"),
        # a rook dropped off the edge files gives nothing
        ("r3k2r/8/8/8/8/8/8/4K3[R] w kq - 0 1", ["R@g1"], "kq"),
    ],
)
def test_drops_give_castling_as_our_section_does_in_pyffish(
    crazyhouse_castling: Variant, fen: str, moves: list[str], rights: str
) -> None:
    pos = Position.from_fen(crazyhouse_castling, fen)
    for i, m in enumerate(moves):
        pos.push_uci(m)
        assert pos.fen() == pyffish.get_fen(CASTLING, fen, moves[: i + 1]), moves[: i + 1]
        assert legal_uci(pos) == set(pyffish.legal_moves(CASTLING, fen, moves[: i + 1])), moves[: i + 1]
    assert pos.fen().split()[2] == rights


KOEDEM = "chessmustdropknight"


@pytest.fixture(scope="module")
def must_drop_knight() -> Variant:
    """Pocket knight chess where a side holding its knight must drop it while it can (``must_piece``)."""
    c = fsf_entry("pocketknight")
    assert c.drops is not None
    v = dataclasses.replace(c, name=KOEDEM, drops=dataclasses.replace(c.drops, must=True, must_piece="N"))
    load_section(v)
    return v


@pytest.mark.parametrize(
    "fen",
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",  # only knight drops
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NQn] w KQkq - 0 1",  # the queen waits for the knight
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",  # no knight: the queen too, or a move
        "rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR[Nn] w KQkq - 0 1",  # in check: a knight drop to block
    ],
)
def test_must_piece_as_our_section_does_in_pyffish(must_drop_knight: Variant, fen: str) -> None:
    pos = Position.from_fen(must_drop_knight, fen)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves(KOEDEM, fen, []))
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(KOEDEM, fen, [], d) for d in (1, 2, 3)]


def test_the_rows_read_back_and_fairy_stockfish_plays_it_all() -> None:
    v = fsf_entry("placement")
    options = ini_options(v)
    assert (options["mustDrop"], options["dropOppositeColoredBishop"], options["castlingDroppedPiece"]) == (
        "true",
        "true",
        "true",
    )
    back = read_section({**options, "startFen": start_fen(v)})
    assert back.drops == stated(v).drops and back.castling == stated(v).castling
    assert limitations(v, Target.FAIRY_STOCKFISH) == ()


def test_zillions_writes_the_set_up_rules() -> None:
    # set-up turns, the bishops' walk and castling by drops (tests/test_zillions_set_up.py plays them)
    v = fsf_entry("placement")
    assert {"must-drop", "drop-colors", "castling-by-drops"}.isdisjoint(x.rule for x in limitations(v, Target.ZILLIONS))
    r = relaxed(v, Target.ZILLIONS)
    assert r.drops == v.drops and r.castling == v.castling
    words = dict(rules_in_short(v))["Drops"]
    assert "a side with pieces in hand must drop one if it can" in words
    assert "Bishops from standing half on light squares and half on dark" in words
