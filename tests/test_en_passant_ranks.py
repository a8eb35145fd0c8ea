"""En passant on some ranks only (``pawns.en_passant_ranks``: Fairy-Stockfish's ``enPassantRegion`` per side,
horde's), and the FEN forms Fairy-Stockfish writes or reads that our reader took otherwise: a landing square
among the en passant squares (berolina, all-way pawns), a pocket written as one rank more (crazyhouse)."""

from __future__ import annotations

import dataclasses

import pyffish
import pytest
from support import MINI, fsf_entry, ini_options, legal_uci, load_section, pyffish_perft, run

from generator.catalogue import CatalogueError, load_catalogue_text
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.perft import perft

# a white pawn steps twice from its first rank (b1-b3) or from its second (e2-e4), a black pawn beside each
HORDE = "4k3/8/8/8/5p2/2p5/4P3/1P6 w - - 0 1"


def _after(variant_name: str, fen: str, move: str) -> Position:
    pos = Position.from_fen(fsf_entry(variant_name), fen)
    pos.push_uci(move)
    return pos


@pytest.mark.parametrize(("move", "taking"), [("b1b3", "c3b2"), ("e2e4", "f4e3")])
def test_horde_takes_en_passant_on_the_third_rank_only(move: str, taking: str) -> None:
    pos = _after("horde", HORDE, move)
    ours = legal_uci(pos)
    assert ours == set(pyffish.legal_moves("horde", HORDE, [move]))
    assert (taking in ours) == (move == "e2e4")


def test_horde_counts_as_the_builtin_from_first_rank_double_steps() -> None:
    pos = Position.from_fen(fsf_entry("horde"), HORDE)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("horde", HORDE, [], d) for d in (1, 2, 3)]


def test_without_the_ranks_every_passed_square_is_taken() -> None:
    # the same entry without the rule: the pawn that left its first rank is taken on the second
    horde = fsf_entry("horde")
    every = dataclasses.replace(horde, pawn_rules=dataclasses.replace(horde.pawn_rules, en_passant_ranks=None))
    pos = Position.from_fen(every, HORDE)
    pos.push_uci("b1b3")
    assert "c3b2" in legal_uci(pos)


def test_the_ini_states_each_side_and_reads_back() -> None:
    horde = fsf_entry("horde")
    options = ini_options(horde)
    assert (options["enPassantRegionWhite"], options["enPassantRegionBlack"]) == ("*6", "*3")
    assert "enPassantRegion" not in options
    back = read_section({**options, "startFen": pyffish.start_fen("horde")})
    assert back.pawn_rules.en_passant_ranks == (3,)
    assert back.pawn_rules == stated(relaxed(horde, Target.FAIRY_STOCKFISH)).pawn_rules


def test_our_section_plays_as_the_builtin() -> None:
    horde = dataclasses.replace(fsf_entry("horde"), name="horde-section")
    load_section(horde)
    for move in ("b1b3", "e2e4"):
        assert set(pyffish.legal_moves("horde-section", HORDE, [move])) == set(
            pyffish.legal_moves("horde", HORDE, [move])
        )


def test_the_rules_text_and_no_limitation_in_either_download() -> None:
    horde = fsf_entry("horde")
    assert "taken en passant only on a square it passed on its own rank 3" in " ".join(
        text for _, text in rules_in_short(horde)
    )
    for target in (Target.FAIRY_STOCKFISH, Target.ZILLIONS):
        assert not [x for x in limitations(horde, target) if "passant" in x.rule or "passant" in x.text]


#: the support's small catalogue, its pawns stepping twice from their second rank
ENTRY = MINI + "    pawns: {max_steps: 2, multi_step_ranks: [2], %s}\n"


def test_ranks_without_en_passant_are_refused() -> None:
    with pytest.raises(
        CatalogueError,
        match=r"<string>:15: variant 'mini', field 'pawns.en_passant_ranks', where en passant is taken needs 'en_",
    ):
        load_catalogue_text(ENTRY % "en_passant_ranks: [3]")


def test_ranks_off_the_board_are_refused() -> None:
    with pytest.raises(CatalogueError, match=r"pawns.en_passant_ranks\[0\]"):
        load_catalogue_text(ENTRY % "en_passant: true, en_passant_ranks: [9]")


@pytest.mark.parametrize(
    ("variant", "fen", "depth"),
    [
        # Fairy-Stockfish lists the square the berolina pawn landed on (c5) with the one it passed (d6)
        ("berolina", "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2", 2),
        ("berolina", "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1", 2),
        # crazyhouse's pocket as a ninth rank
        ("crazyhouse", "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", 2),
    ],
)
def test_fens_fairy_stockfish_reads(variant: str, fen: str, depth: int) -> None:
    pos = Position.from_fen(fsf_entry(variant), fen)
    assert perft(pos, depth) == pyffish_perft(variant, fen, [], depth)


def test_a_landing_square_marks_the_pawn_taken(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2"
    code, out, _ = run(capsys, "moves", "--catalogue", "fairy-stockfish", "berolina", "--fen", fen)
    assert code == 0
    assert set(out.split()) == set(pyffish.legal_moves("berolina", fen, []))
