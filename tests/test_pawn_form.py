"""A pawn's promoted form beside its choices (wolf chess's elephant; Fairy-Stockfish's ``promotedPieceType``
of a promotion pawn type): a pawn entering the zone may become one of its choices or, written ``+``, its
promoted form, which the FEN writes ``+P``; a pawn type without a form (the sergeant) has its choices only.
Held to pyffish's built-in ``wolf`` and to our own section, loaded into pyffish, and the Zillions download
(each pawn type's own ``(add ...)`` list, the form a piece type of its own) through the ZRF interpreter."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pyffish
import pytest
from support import FSF_CATALOGUE as CAT
from support import fsf_entry, legal_uci, load_section, pyffish_perft

from generator.check.compare import Query
from generator.check.zillions import Zillions, zrf_start
from generator.emit.fidelity import limitations
from generator.emit.zillions import download_of, render_family
from generator.engine import Position
from generator.engine.perft import perft
from generator.zrf.command import print_perft

POSITIONS = [
    "7k/P7/8/8/8/8/8/8/8/7K w - - 0 1",  # a quiet step into the zone
    "1r5k/P7/8/8/8/8/8/8/8/7K w - - 0 1",  # and a capture
    "7k/S7/8/8/8/8/8/8/8/7K w - - 0 1",  # the sergeant has no form
    "7k/8/8/8/8/8/8/8/p7/1S5K b - - 0 1",  # Black's pawn, capturing too
    "7k/8/8/8/8/8/8/8/s7/1R5K b - - 0 1",  # Black's sergeant
    "+P7/8/8/8/8/8/8/8/7k/4K3 w - - 0 1",  # the elephant moves as itself (NNQ)
]


@pytest.mark.parametrize("fen", POSITIONS)
def test_the_moves_are_pyffish_s(fen: str) -> None:
    assert legal_uci(Position.from_fen(fsf_entry("wolf"), fen)) == set(pyffish.legal_moves("wolf", fen, []))


def test_the_form_is_a_promotion_beside_the_choices_and_is_written_plus_p() -> None:
    fen = POSITIONS[1]
    pos = Position.from_fen(fsf_entry("wolf"), fen)
    assert {m for m in legal_uci(pos) if m.startswith("a9b10")} == {f"a9b10{x}" for x in "qwfrb+"}
    pos.push_uci("a9b10+")
    assert pos.fen() == pyffish.get_fen("wolf", fen, ["a9b10+"]) == "1+P5k/8/8/8/8/8/8/8/8/7K b - - 0 1"


def test_mandatory_piece_promotion_makes_the_pawn_promote_where_its_choices_need_not() -> None:
    wolf = fsf_entry("wolf")
    promo, pp = wolf.pawn_rules.promotion, wolf.piece_promotion
    assert promo is not None and pp is not None
    v = dataclasses.replace(
        wolf,
        name="wolfmustform",
        pawn_rules=dataclasses.replace(wolf.pawn_rules, promotion=dataclasses.replace(promo, mandatory=False)),
        piece_promotion=dataclasses.replace(pp, mandatory=True),
    )
    load_section(v)
    fen = POSITIONS[1]
    ours = legal_uci(Position.from_fen(v, fen))
    assert ours == set(pyffish.legal_moves(v.name, fen, []))
    assert "a9a10" not in ours and "a9a10+" in ours


@pytest.mark.parametrize("fen", ["7k/3P4/8/8/8/8/8/8/3p4/7K w - - 0 1", "r6k/1P6/8/8/8/8/8/8/8/7K w - - 0 1"])
def test_perft_near_the_zone(fen: str) -> None:
    assert perft(Position.from_fen(fsf_entry("wolf"), fen), 3) == pyffish_perft("wolf", fen, [], 3)


# -- the Zillions download -------------------------------------------------------------------------------

#: a pawn and a sergeant on rank 9, with pieces to take on rank 10
NEAR = "4qr1k/1P1S4/8/8/8/8/8/8/8/K7 w - - 0 1"
LINES = [
    (NEAR, ()),
    (NEAR, ("b9b10+",)),  # the elephant that remembers it was a pawn, in Black's view
    (NEAR, ("d9e10w",)),  # the sergeant takes the queen, promoting to one of its choices
    (NEAR, ("b9b10+", "e10e1")),  # the elephant moves on
    *((fen, ()) for fen in POSITIONS),
    (POSITIONS[3], ("a2b1+",)),  # Black's pawn takes and becomes the elephant
]


@pytest.fixture(scope="module")
def download() -> Iterator[Zillions]:
    v = fsf_entry("wolf")
    with Zillions(CAT, [v]) as engine:
        yield engine


def test_the_download_states_no_pawn_limitation() -> None:
    assert [x.rule for x in limitations(fsf_entry("wolf"), "zillions")] == ["move-rule"]
    text = render_family(CAT, download_of(CAT, "wolf").key)
    assert "(add Queen Wolf Fox Rook Bishop PromotedPawn)" in text  # the pawn's own list
    assert "(add Queen Wolf Fox Rook Bishop)" in text  # the sergeant's


@pytest.mark.parametrize(("fen", "moves"), LINES)
def test_the_download_plays_each_pawn_type_s_own_promotions(
    download: Zillions, fen: str, moves: tuple[str, ...]
) -> None:
    expected = set(pyffish.legal_moves("wolf", fen, list(moves)))
    pos = Position.from_fen(fsf_entry("wolf"), fen)
    for m in moves:
        pos.push_uci(m)
    assert legal_uci(pos) == expected
    [answer] = download.probe("wolf", [Query(moves, fen=fen)])
    assert answer.error is None and answer.moves == expected


def test_the_download_writes_the_form_as_the_engine_does(download: Zillions) -> None:
    expected = set(pyffish.legal_moves("wolf", NEAR, []))
    assert "b9b10+" in expected and not {m for m in expected if m.startswith("d9") and m.endswith("+")}
    [answer] = download.probe("wolf", [Query(("b9b10+",), fen=NEAR)])
    assert answer.error is None
    line = download.set_ups["wolf", NEAR]
    board = pyffish.get_fen("wolf", NEAR, ["b9b10+"]).split()[0]
    assert board == "1+P2qr1k/3S4/8/8/8/8/8/8/8/K7"
    assert zrf_start(line.state, line.notation, line.variant).split()[0] == board
    # a position set up with the form on the board: the interpreter's piece is the form, read back +P
    fen = POSITIONS[5]
    [answer] = download.probe("wolf", [Query((), fen=fen)])
    assert answer.error is None and answer.moves == set(pyffish.legal_moves("wolf", fen, []))
    line = download.set_ups["wolf", fen]
    assert zrf_start(line.state, line.notation, line.variant).split()[0] == fen.split()[0]


@pytest.mark.parametrize("fen", [NEAR, "r6k/1P1S4/8/8/8/8/8/8/2s1p3/7K w - - 0 1"])
def test_perft_through_the_download_near_the_zone(
    download: Zillions, fen: str, capsys: pytest.CaptureFixture[str]
) -> None:
    [answer] = download.probe("wolf", [Query((), fen=fen)])
    assert answer.error is None
    line = download.set_ups["wolf", fen]
    kept, line.state.history = line.state.history, None  # perft counts move paths, as the reference's does
    try:
        assert print_perft(line.state, 3, False, line.notation.uci) == pyffish_perft("wolf", fen, [], 3)
    finally:
        line.state.history = kept
    capsys.readouterr()
