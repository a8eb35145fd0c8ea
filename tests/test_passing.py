"""Passing (``passing``: Fairy-Stockfish's ``pass``, one of janggi's rules): either side may pass (``0000``)
instead of moving, unless its royal piece is in check; with ``draws.double_pass`` two passes in a row end
the game.  Held to pyffish playing our own section of chess with the rule; the ini's row and read-back,
the fidelity notes, Zillions' pass and the words."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pyffish
import pytest
from support import MINI, assert_check_agrees, fsf_entry, ini_options, load_section, pyffish_perft

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import Variant
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.outcome import Reason
from generator.engine.perft import perft


def _self_move(m: str) -> bool:
    """pyffish spells a pass as the royal piece's move onto its own square (``e1e1``)."""
    return len(m) == 4 and m[:2] == m[2:]


def _legal(name: str, fen: str, played: list[str]) -> set[str]:
    """pyffish's legal moves after ``played`` (our spelling), a pass as ``0000``."""
    return {"0000" if _self_move(m) else m for m in pyffish.legal_moves(name, fen, _spelled(name, fen, played))}


def _spelled(name: str, fen: str, played: list[str]) -> list[str]:
    """``played`` in pyffish's spelling."""
    out: list[str] = []
    for m in played:
        out.append(next(x for x in pyffish.legal_moves(name, fen, out) if _self_move(x)) if m == "0000" else m)
    return out


def _variant(double_pass: bool = True) -> Variant:
    chess = fsf_entry("chess")
    draws = dataclasses.replace(chess.draws, double_pass=double_pass)
    return dataclasses.replace(chess, name="passingchess", passing=True, draws=draws)


@pytest.fixture(scope="module")
def section() -> Variant:
    v = _variant()
    load_section(v)
    return v


@pytest.mark.parametrize(
    "fen",
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        # White in check: no pass
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        # a bare king against a king and a rook: the king may still pass
        "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1",
    ],
)
def test_a_side_passes_unless_in_check_as_in_pyffish(section: Variant, fen: str) -> None:
    pos = Position.from_fen(section, fen)
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert ours == _legal(section.name, fen, [])
    assert ("0000" in ours) is not pos.in_check()


def test_two_passes_in_a_row_end_the_game_as_in_pyffish(section: Variant) -> None:
    fen = pyffish.start_fen(section.name)
    pos = Position.from_fen(section, fen)
    for n, m in enumerate(["e2e4", "0000", "0000"], 1):
        pos.push_uci(m)
        played = ["e2e4", "0000", "0000"][:n]
        end, _ = pyffish.is_immediate_game_end(section.name, fen, _spelled(section.name, fen, played))
        outcome = pos.outcome()
        assert (outcome is not None) is end, played
    assert outcome is not None and outcome.why is Reason.DOUBLE_PASS and outcome.winner is None
    assert pos.legal_moves() == []


def test_random_games_and_perft_agree_with_pyffish(section: Variant) -> None:
    fen = pyffish.start_fen(section.name)
    passes = 0
    for game in range(4):
        rng = random.Random(f"passing {game}")
        pos = Position.from_fen(section, fen)
        played: list[str] = []
        for _ in range(60):
            ours = {uci(pos.rules, m) for m in pos.legal_moves()}
            assert ours == _legal(section.name, fen, played), played
            end, _ = pyffish.is_immediate_game_end(section.name, fen, _spelled(section.name, fen, played))
            assert (pos.immediate_outcome() is not None) is end, played
            if not ours:
                break
            m = rng.choice(sorted(ours))
            passes += m == "0000"
            pos.push_uci(m)
            played.append(m)
            assert pos.fen() == pyffish.get_fen(section.name, fen, _spelled(section.name, fen, played)), played
    assert passes
    pos = Position.from_fen(section, fen)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(section.name, fen, [], d) for d in (1, 2, 3)]


def _rules(v: Variant, target: str) -> set[str]:
    return {limit.rule for limit in limitations(v, target)}


def test_the_zillions_file_passes_as_the_king_staying_put_and_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a king without castling passes by staying put ((add-copy King) on its square), which check forbids; two
    # passes in a row end nothing there
    text = MINI.replace("    title: Mini\n", "    title: Mini\n    passing: true\n    draws: {double_pass: true}\n")
    v = load_catalogue_text(text, "mini.yaml").variants[0]
    assert "passing" not in _rules(v, Target.ZILLIONS) and "double-pass" in _rules(v, Target.ZILLIONS)
    assert relaxed(v, Target.ZILLIONS).passing
    assert_check_agrees(text, "zillions", tmp_path, capsys)


def test_the_row_the_read_back_the_notes_and_the_words() -> None:
    v = _variant()
    options = ini_options(v)
    assert options["pass"] == "true" and "pass" not in ini_options(fsf_entry("chess"))
    assert read_section({**options, "startFen": start_fen(v)}).flags == stated(v).flags
    assert stated(v).flags.passing
    # Fairy-Stockfish always ends the game on a double pass: a variant that plays on is noted
    assert "double-pass" not in _rules(v, Target.FAIRY_STOCKFISH)
    assert "double-pass" in _rules(_variant(False), Target.FAIRY_STOCKFISH)
    assert relaxed(_variant(False), Target.FAIRY_STOCKFISH).draws.double_pass
    # Zillions' pass turn would let a side pass in check (the check below finds it when it is kept)
    assert "passing" in _rules(v, Target.ZILLIONS)
    played = relaxed(v, Target.ZILLIONS)
    assert not played.passing and not played.draws.double_pass
    words = dict(rules_in_short(v))
    assert words["Moves"] == "Either side may pass instead of moving, unless its King is in check."
    assert "two passes in a row draw at once" in words["Draws"]
