"""A flag reached only where the opponent attacks none of the pieces (``goals.flag.safe``,
Fairy-Stockfish's flagPieceSafe), held to pyffish's built-in dobutsu: the lion on the last rank wins at
once where it is safe, and not while it is attacked there."""

from __future__ import annotations

import pyffish
from support import fsf_entry, ini_options

from generator.catalogue.model import Color
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position

DOBUTSU = fsf_entry("dobutsu")


def _pyffish_ended(fen: str, moves: list[str]) -> bool:
    return not pyffish.legal_moves("dobutsu", fen, moves)


def test_a_safe_lion_on_the_last_rank_wins_at_once() -> None:
    fen = "2e/1L1/l2/3[] w - - 0 1"  # Black's elephant on c4 and lion on a2 do not reach a4
    pos = Position.from_fen(DOBUTSU, fen)
    pos.push_uci("b3a4")
    end = pos.outcome()
    assert end is not None and end.winner is Color.WHITE and end.reason == "flag"
    assert _pyffish_ended(fen, ["b3a4"]) and pyffish.game_result("dobutsu", fen, ["b3a4"]) < 0  # Black, to move, lost


def test_an_attacked_lion_on_the_last_rank_does_not_win() -> None:
    fen = "1g1/L2/2l/3[] w - - 0 1"  # Black's giraffe on b4 attacks a4
    for played in (["a3a4"], ["a3a4", "c2c3"]):  # reached, and still attacked when White is to move again
        pos = Position.from_fen(DOBUTSU, fen)
        for m in played:
            pos.push_uci(m)
        assert pos.outcome() is None
        assert not _pyffish_ended(fen, played)


def test_the_ini_asks_for_a_safe_flag() -> None:
    options = ini_options(DOBUTSU)
    assert options["flagPiece"] == "l" and options["flagPieceSafe"] == "true"


def test_the_rules_text_asks_for_an_unattacked_lion() -> None:
    goal = dict(rules_in_short(DOBUTSU))["Goal"]
    assert "its Lion stands on its rank 4 where no enemy piece attacks it" in goal
