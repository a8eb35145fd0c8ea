"""Wolf chess's pawn rules, each a catalogue rule any variant may use: pawns multi-step from some squares of
their multi-step ranks only (``multi_step_squares``: Fairy-Stockfish's ``doubleStepRegion`` as squares), and
only some pawns take en passant (``en_passant_takers``: its ``enPassantTypes``; the sergeant does not).  Held
to pyffish's built-in ``wolf``, to our own section and to the Zillions file, through the ZRF interpreter."""

from __future__ import annotations

import pyffish
from support import FSF_CATALOGUE as CAT
from support import assert_random_games_agree, fsf_entry, legal_uci, pyffish_perft

from generator.check.zillions import Zillions, zrf_start
from generator.engine import Position
from generator.engine.perft import perft

START = "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1"
#: a pawn that stepped to a3 (no multi-step square) and the b3 pawn (one) move on
STEPPED = ["a2a3", "a9a8"]
#: Black's sergeant walks to b4, next to where White's a-pawn then double-steps: a3 is a square it passed
SERGEANT = ["h2h3", "b9a8", "h3h4", "a8a7", "h4h5", "a7a6", "h5h6", "a6a5", "d2d3", "a5b4", "a2a4"]


def moves_from(name: str, played: list[str], square: str) -> set[str]:
    return {m for m in pyffish.legal_moves(name, START, played) if m.startswith(square)}


def ours(played: list[str]) -> Position:
    pos = Position.from_fen(fsf_entry("wolf"), START)
    for m in played:
        pos.push_uci(m)
    return pos


def test_perft_from_the_start_is_fairy_stockfish_s() -> None:
    pos = Position.from_fen(fsf_entry("wolf"), START)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft("wolf", START, [], d) for d in (1, 2)] + [13722]


def test_a_pawn_multi_steps_only_from_the_multi_step_squares() -> None:
    pos = ours(STEPPED)
    assert {m for m in legal_uci(pos) if m.startswith("a3")} == moves_from("wolf", STEPPED, "a3") == {"a3a4"}
    assert {m for m in legal_uci(pos) if m.startswith("b3")} == moves_from("wolf", STEPPED, "b3") == {"b3b4", "b3b5"}


def test_the_sergeant_does_not_take_en_passant() -> None:
    pos = ours(SERGEANT)
    assert legal_uci(pos) == set(pyffish.legal_moves("wolf", START, SERGEANT))
    pos.push_uci("b4a3")  # a plain step: the pawn on a4 stays
    board = pyffish.get_fen("wolf", START, [*SERGEANT, "b4a3"]).split()[0]
    assert pos.fen().split()[0] == board and board.split("/")[6] == "P7"


def test_the_zillions_file_agrees() -> None:
    v = fsf_entry("wolf")
    with Zillions(CAT, [v]) as engine:
        assert {m for m in engine.legal_moves(v.name, STEPPED) if m.startswith("a3")} == {"a3a4"}
        line = engine.lines[v.name]
        line.go([*SERGEANT, "b4a3"])
        board = pyffish.get_fen("wolf", START, [*SERGEANT, "b4a3"]).split()[0]
        assert zrf_start(line.state, line.notation, v).split()[0] == board


def test_random_games_agree_with_pyffish_move_by_move() -> None:
    # Fairy-Stockfish's FEN lists a sergeant's passed squares whoever could take there: compared without it
    assert_random_games_agree("wolf", games=4, plies=120, same=lambda fen: " ".join(fen.split()[:3]))
