"""Pieces that never move (``betza: "-"``: Fairy-Stockfish's ``immobile``, chak's temple) and a flag region for
one side only (``goals.flag.white: []``: buffalo chess).  Held to pyffish playing our own sections, to pyffish
playing Fairy-Stockfish's own chak and buffalo sections through the importer, and to the ZRF interpreter."""

from __future__ import annotations

import random
from pathlib import Path

import pyffish
import pytest
from support import MINI, assert_check_agrees, ini_options, legal_uci, load_section, pyffish_perft

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import Variant
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason
from generator.engine.perft import perft
from generator.importers.command import import_ini

DATA = Path(__file__).parent / "data"

TEMPLES = """\
families:
  fam: {title: Family}
variants:
  temples:
    title: Temple chess
    family: fam
    board: {files: 8, ranks: 8}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
      N: {name: Knight, betza: N}
      T: {name: Temple, betza: "-"}
      S: {name: Stone, betza: "-"}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
    setup:
      white: {K: [e1], R: [a1, h1], N: [b1, g1], T: [d3], S: [a4], P: [a2-h2]}
      black: {K: [e8], R: [a8, h8], N: [b8, g8], T: [e6], S: [h5], P: [a7-h7]}
    goals: {checkmate: true, flag: {piece: K, white: [], black: [d1, e1]}}
"""


@pytest.fixture(scope="module")
def temples() -> Variant:
    v = load_catalogue_text(TEMPLES).variants[0]
    load_section(v)
    return v


def test_the_first_immobile_piece_is_fairy_stockfishs_and_the_next_a_custom_one_without_moves(
    temples: Variant,
) -> None:
    options = ini_options(temples)
    assert options["immobile"] == "t"
    assert options["customPiece1"] == "s:-"
    assert options["flagRegionWhite"] == "-" and options["flagRegionBlack"] == "d1 e1"


def test_an_immobile_piece_blocks_and_is_taken_but_never_moves_as_in_pyffish(temples: Variant) -> None:
    # White's temple on d1 stops the a1 rook; Black's temple on d2 stands beside White's king
    fen = "4k3/8/8/3t4/8/8/3t4/R2TK2R w - - 0 1"
    pos = Position.from_fen(temples, fen)
    moves = legal_uci(pos)
    assert moves == set(pyffish.legal_moves(temples.name, fen, []))
    assert not any(m.startswith("d1") for m in moves)
    assert "a1c1" in moves and "a1d1" not in moves
    # the temple attacks nothing: no check, and the king may take it
    assert not pos.in_check() and "e1d2" in moves
    pos.push_uci("e1d2")
    assert not any(m.startswith("d5") for m in legal_uci(pos))
    assert legal_uci(pos) == set(pyffish.legal_moves(temples.name, fen, ["e1d2"]))


def test_perft_and_random_games_agree_with_pyffish(temples: Variant) -> None:
    fen = pyffish.start_fen(temples.name)
    pos = Position.from_fen(temples, fen)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(temples.name, fen, [], d) for d in (1, 2, 3)]
    for game in range(4):
        rng = random.Random(f"temples {game}")
        pos = Position.from_fen(temples, fen)
        played: list[str] = []
        for _ in range(80):
            ours = legal_uci(pos)
            assert ours == set(pyffish.legal_moves(temples.name, fen, played)), played
            end, _ = pyffish.is_immediate_game_end(temples.name, fen, played)
            assert (pos.immediate_outcome() is not None) is end, played
            if not ours:
                break
            played.append(rng.choice(sorted(ours)))
            pos.push_uci(played[-1])


@pytest.mark.parametrize(
    ("fen", "move", "ends"),
    [
        # Black's king reaches its region: Black wins
        ("8/8/8/8/8/8/3k4/7K b - - 0 1", "d2d1", True),
        # White's king on the same squares wins nothing: White has no region
        ("7k/8/8/8/8/8/3K4/8 w - - 0 1", "d2d1", False),
    ],
)
def test_a_flag_for_one_side_only_as_in_pyffish(temples: Variant, fen: str, move: str, ends: bool) -> None:
    pos = Position.from_fen(temples, fen)
    pos.push_uci(move)
    end, result = pyffish.is_immediate_game_end(temples.name, fen, [move])
    outcome = pos.immediate_outcome()
    assert end is ends and (outcome is not None) is ends
    if outcome is not None:
        assert outcome.why is Reason.FLAG and outcome.winner is not None and outcome.winner.word == "black"
        assert result < 0  # the side to move (White) has lost


def test_the_words() -> None:
    v = load_catalogue_text(TEMPLES).variants[0]
    words = dict(rules_in_short(v))
    assert "Black (only) wins when its King stands on d1 or e1" in words["Goal"]
    assert v.piece("T").movement.describe() == ["never moves"]


def test_the_zillions_file_plays_the_immobile_piece_and_the_one_sided_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = MINI.replace(
        "      R: {name: Rook, betza: R}\n", "      R: {name: Rook, betza: R}\n      T: {name: Temple, betza: '-'}\n"
    )
    text = text.replace("K: [d1], R:", "K: [d1], T: [c3], R:").replace("K: [d6], R:", "K: [d6], T: [d4], R:")
    text += "    goals: {checkmate: true, flag: {piece: K, white: [a6-f6], black: []}}\n"
    assert_check_agrees(text, "zillions", tmp_path, capsys)
    assert_check_agrees(text, "fairy-stockfish", tmp_path, capsys)


def test_chak_mandala_stardust_buffalo_and_screen_import_from_fairy_stockfishs_own_file(tmp_path: Path) -> None:
    """Read, stated and read back as Fairy-Stockfish's own sections; their proof in pyffish (start position
    and perft 3 against the original sections) is the slow tier's, with the whole file's
    (``test_import_ini.test_fairy_stockfish_examples_import_with_the_proof``)."""
    names = ("chak", "mandala", "stardust", "buffalo", "screen")
    text = (DATA / "fairy-stockfish-variants.ini").read_text(encoding="utf-8")
    sections = [s for s in text.split("\n[") if s.split("]")[0].split(":")[0].lstrip("[") in names]
    ini = tmp_path / "five.ini"
    ini.write_text("".join(f"[{s.lstrip('[')}\n" for s in sections), encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "five.yaml", prove=False)
    assert sorted(result.imported) == sorted(names), result.left_out
    assert "betza: '-'" in result.text and "white: []" in result.text
    assert "piece_ranks: {P: [2, 3, 4]}" in result.text  # screen's pawns, as Fairy-Stockfish's placement drops them
    chak = load_catalogue_text(result.text).get("chak")
    assert chak is not None and chak.piece("O").movement.moves == ()
