"""Gating (S-Chess, Fairy-Stockfish's ``seirawanGating``): a piece from hand onto the square a first-rank
piece leaves on its first move, castling included, with the gates in the FEN's castling field.  Held to
pyffish's built-ins seirawan and shouse (and dragon, whose dragon is dropped on the first rank)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pyffish
import pytest
from support import assert_random_games_agree, ini_options, legal_uci, pyffish_perft
from support import fsf_entry as entry

from generator.catalogue.loader import load_catalogue_text
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.fen import FenError
from generator.engine.perft import perft
from generator.importers.command import import_ini


def hand_sorted(fen: str) -> str:
    """The FEN with its hand sorted (Fairy-Stockfish orders a hand by its own piece types); the rest,
    castling field and gates included, as written."""
    return re.sub(r"\[([^\]]*)\]", lambda m: "[" + "".join(sorted(m[1])) + "]", fen)


def agree(name: str, fen: str, moves: list[str]) -> Position:
    """The position after ``moves`` from ``fen``: its legal moves and FEN those of pyffish's built-in."""
    pos = Position.from_fen(entry(name), fen)
    for m in moves:
        pos.push_uci(m)
    assert legal_uci(pos) == set(pyffish.legal_moves(name, fen, moves)), moves
    assert hand_sorted(pos.fen()) == hand_sorted(pyffish.get_fen(name, fen, moves)), moves
    return pos


@pytest.mark.parametrize("name", ["seirawan", "shouse", "dragon"])
def test_random_games_agree_with_pyffish_move_by_move(name: str) -> None:
    assert_random_games_agree(name, games=3, plies=70, same=hand_sorted)


@pytest.mark.parametrize("name", ["seirawan", "shouse", "dragon"])
def test_perft_2_from_the_start_is_pyffish_s(name: str) -> None:
    fen = pyffish.start_fen(name)
    assert perft(Position.start(entry(name)), 2) == pyffish_perft(name, fen, [], 2)


def test_seirawan_perft_3_from_the_start() -> None:
    # pyffish 0.0.90's count (tests/support.py pyffish_perft, 27 s with shouse and dragon beside it)
    assert perft(Position.start(entry("seirawan")), 3) == 24830


def test_the_start_position_and_its_first_gating_moves() -> None:
    pos = agree("seirawan", pyffish.start_fen("seirawan"), [])
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"
    assert {"g1f3h", "g1f3e", "b1c3h"} <= legal_uci(pos)
    assert not any(m.startswith(("a2", "e2")) and len(m) == 5 for m in legal_uci(pos))  # pawns are on no gate


CASTLE_READY = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1"


def test_castling_gates_onto_the_king_s_square_or_the_rook_s() -> None:
    pos = agree("seirawan", CASTLE_READY, [])
    assert {"e1g1h", "e1g1e", "h1e1h", "e1c1e", "a1e1h"} <= legal_uci(pos)
    after_king = agree("seirawan", CASTLE_READY, ["e1g1h"])
    assert after_king.fen().split()[0] == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Ehe]"
    after_rook = agree("seirawan", CASTLE_READY, ["h1e1e"])
    assert after_rook.fen().split()[0] == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[Hhe]"
    # the king has castled: its side keeps only the gate of the rook on a1, written A
    assert after_rook.fen().split()[2] == "Akq"
    agree("seirawan", CASTLE_READY, ["h1e1e", "e8c8h", "a1b1"])


def test_a_gate_closes_when_its_piece_leaves_or_is_taken() -> None:
    fen = pyffish.start_fen("seirawan")
    pos = agree("seirawan", fen, ["g1f3", "b8c6"])
    assert "f3g1h" not in legal_uci(pos)
    assert pos.fen().split()[2] == "KQBCDFkqcdfg"
    # a knight takes the rook on a8: Black's gate there goes with it
    pos = agree("seirawan", fen, ["b1c3", "h7h6", "c3d5", "h6h5", "d5b6", "h5h4", "b6a8"])
    assert pos.fen().split()[2] == "KQCDFGkbcdfg"  # the rook on a8 with its castling and its gate


def test_the_hand_empties_and_the_gates_leave_the_fen() -> None:
    fen = pyffish.start_fen("seirawan")
    pos = agree("seirawan", fen, ["g1f3h", "g8f6e", "b1c3e"])
    assert pos.fen().split()[0].endswith("[h]") and pos.fen().split()[2] == "KQkqbcdf"
    pos = agree("seirawan", fen, ["g1f3h", "g8f6e", "b1c3e", "b8c6h", "e2e4"])
    assert pos.fen() == "rhbqkber/pppppppp/2n2n2/8/4P3/2N2N2/PPPP1PPP/REBQKBHR[] b KQkq - 0 3"
    assert not any(len(m) == 5 for m in legal_uci(pos))


def test_a_pinned_piece_is_not_made_legal_by_the_piece_gated_behind_it() -> None:
    # Fairy-Stockfish judges a gating move without the gated piece: the knight stays pinned, and the
    # king may not step along the rook's line though a hawk would stand between
    pos = agree("seirawan", "4k3/8/8/8/8/8/8/4K1Nr[Hh] w EGe - 0 1", [])
    assert not any(m.startswith("g1") for m in legal_uci(pos))
    pos = agree("seirawan", "4k3/8/8/8/8/8/8/4K2r[Hh] w Ee - 0 1", [])
    assert "e1d1h" not in legal_uci(pos) and "e1e2h" in legal_uci(pos)


def test_shouse_gates_a_captured_piece_and_keeps_its_gates_with_an_empty_hand() -> None:
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R[] w KQBkq - 0 1"
    pos = agree("shouse", fen, [])
    assert pos.fen().split()[2] == "KQBkq"  # captures go to hand: the gates stay written
    pos = agree("shouse", "r3k2r/1ppppppp/8/8/8/8/pPPPPPPP/RN2K2R[] w KQBkq - 0 1", ["b1a3"])
    pos = agree("shouse", "r3k2r/1ppppppp/8/8/8/p7/1PPPPPPP/RN2K2R[] w KQBkq - 0 1", ["b2a3", "a8a3", "b1a3"])
    assert hand_sorted(pos.fen()).split()[0].endswith("[PRp]")
    agree("shouse", "r3k2r/1ppppppp/8/8/8/p7/1PPPPPPP/RN2K2R[R] w KQBkq - 0 1", ["b1c3r"])


def test_the_ini_section_switches_gating_on() -> None:
    options = ini_options(entry("seirawan"))
    assert options["gating"] == "true" and options["seirawanGating"] == "true"
    assert "seirawanGating" not in ini_options(entry("dragon"))


def test_the_importer_takes_gating_with_seirawan_gating(tmp_path: Path) -> None:
    ini = tmp_path / "mine.ini"
    ini.write_text(
        "[myseirawan:seirawan]\nnMoveRule = 40\n\n"
        "[hawkgate:chess]\npieceToCharTable = PNBRQ.E..........H...Kpnbrq.e..........h...k\narchbishop = h\n"
        "gating = true\nseirawanGating = true\n"
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HHhh] w KQBCDFGkqbcdfg - 0 1\n\n"
        "[halfgate:chess]\nseirawanGating = true\n",
        encoding="utf-8",
    )
    result = import_ini(str(ini), tmp_path / "mine.yaml")  # each entry proven in pyffish: start and perft
    assert result.imported == ["myseirawan", "hawkgate"]
    assert [why for _, why in result.left_out] == [
        f"{ini}:11: section [halfgate]: no equivalent for seirawanGating = true (without gating = true) "
        "(line 12; gating not written: the built-in chess's; write it to change it)"
    ]
    catalogue = load_catalogue_text(result.text, str(tmp_path / "mine.yaml"))
    hawkgate = catalogue.get("hawkgate")
    assert hawkgate is not None and hawkgate.gating and hawkgate.drops is None
    assert Position.start(hawkgate).fen().split()[0].endswith("[HHhh]")


def test_the_rules_text_says_what_is_in_hand_and_when_it_comes_in() -> None:
    text = dict(rules_in_short(entry("seirawan")))["Gating"]
    assert text.startswith("Each side starts with a Hawk and an Elephant in hand. When a piece leaves")
    assert "captured pieces go to hand" in dict(rules_in_short(entry("shouse")))["Gating"]
    assert "Gating" not in dict(rules_in_short(entry("dragon")))


def test_a_repetition_leaves_the_gates_out() -> None:
    # the knights' round trip twice: the gates on b1 and b8 are gone after the first, yet Fairy-Stockfish
    # counts the start a third time (its position key has no gates), which a Zillions file cannot do
    # (tests/test_zillions_gating.py: what the download sees)
    fen = pyffish.start_fen("seirawan")
    trip = ["b1a3", "b8a6", "a3b1", "a6b8"]
    pos = agree("seirawan", fen, trip)
    assert pos.fen().split()[2] == "KQCDFGkqcdfg"
    pos = Position.start(entry("seirawan"))
    pos.track_history()
    for k, m in enumerate(trip * 2):
        pos.push_uci(m)
        claim, _ = pyffish.is_optional_game_end("seirawan", fen, (trip * 2)[: k + 1])
        end = pos.outcome()
        assert (end is not None and end.result == "1/2-1/2") == claim == (k == 7), k


def test_zillions_names_the_repetition_of_gating_only_where_it_draws() -> None:
    v = entry("seirawan")
    assert "gating-repetition" in {lim.rule for lim in limitations(v, Target.ZILLIONS)}
    no_repetition = dataclasses.replace(v, draws=dataclasses.replace(v.draws, repetition=0))
    assert {lim.rule for lim in limitations(no_repetition, Target.ZILLIONS)} == {"move-rule"}
    assert relaxed(no_repetition, Target.ZILLIONS).gating


def test_a_gate_letter_without_its_piece_is_a_bad_fen() -> None:
    with pytest.raises(FenError, match="gate 'F': no white piece on that file's first rank"):
        Position.from_fen(entry("seirawan"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[HEhe] w KQFkq - 0 1")
    pos = Position.from_fen(entry("seirawan"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Ehe] w KQBCDFGkq - 0 1")
    with pytest.raises(ValueError, match="'g1f3h' is not a legal move"):
        pos.push_uci("g1f3h")  # no hawk in White's hand
