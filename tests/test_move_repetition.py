"""Janggi's modern rules, the built-in ``janggimodern``: the ban on moving one piece back and forth
(``draws.move_repetition_loses``: Fairy-Stockfish's ``moveRepetitionIllegal``), beside fourfold repetition, the
100-move rule and point counting.  Held to pyffish's built-in: the result after every move of games that move a
piece back and forth (with and without a pass, by a general that may not, from a clock already running), the
ini's row and read-back, the Zillions limitation, the words and the proof."""

from __future__ import annotations

import re

import pyffish
import pytest
from support import fsf_entry, ini_options

from generator.check.endings import BUILDERS
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason

NAME = "janggimodern"
_SELF = re.compile(r"^([a-i]\d+)\1$")
#: a chariot each; Black's general on d9 and White's on f2 do not face each other
FEN = "8r/3k5/9/9/9/9/9/9/5K3/R8 w - - 0 1"


def _spelled(fen: str, played: list[str]) -> list[str]:
    out: list[str] = []
    for m in played:
        out.append(next(x for x in pyffish.legal_moves(NAME, fen, out) if _SELF.match(x)) if m == "0000" else m)
    return out


def _their_result(fen: str, played: list[str]) -> str | None:
    moves = _spelled(fen, played)
    ended, value = pyffish.is_immediate_game_end(NAME, fen, moves)
    if not ended:
        ended, value = pyffish.is_optional_game_end(NAME, fen, moves)
    if not ended:
        return None
    white_to_move = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
    return "1/2-1/2" if value == 0 else "1-0" if (value > 0) == white_to_move else "0-1"


def _ending(fen: str, played: list[str]) -> tuple[int, Reason, str]:
    """The ply and reason of the game's end, after every move our result the same as pyffish's."""
    pos = Position.from_fen(fsf_entry(NAME), fen)
    pos.track_history()
    for i, m in enumerate(played):
        pos.push_uci(m)
        end = pos.outcome()
        assert (end.result if end else None) == _their_result(fen, played[: i + 1]), played[: i + 1]
        if end is not None:
            return i + 1, end.why, end.result
    raise AssertionError("the game did not end")


CHARIOTS = ["a1a2", "i10i9", "a2a1", "i9i10"]


@pytest.mark.parametrize(
    ("fen", "played", "end"),
    [
        # White's chariot's fifth move back and forth loses (before the fourfold repetition)
        (FEN, CHARIOTS * 4, (9, Reason.MOVE_REPETITION, "0-1")),
        (FEN, ["a1b1", "i10i9", "b1a1", "i9i10"] * 4, (9, Reason.MOVE_REPETITION, "0-1")),
        # Black's general steps back and forth freely (it may not enter White's palace): only White loses
        (FEN, ["a1a2", "d9d8", "a2a1", "d8d9"] * 4, (9, Reason.MOVE_REPETITION, "0-1")),
        # White's general does: Black's chariot loses, one move later
        (FEN, ["f2e2", "i10i9", "e2f2", "i9i10"] * 4, (10, Reason.MOVE_REPETITION, "1-0")),
        # a pass second to last: four moves back and forth and the fifth after it
        (
            FEN,
            ["a1a2", "d9d8", "a2a1", "d8d9", "a1a2", "d9d8", "a2a1", "d8d9", "0000", "d9d8", "a1a2", "d8d9"],
            (11, Reason.MOVE_REPETITION, "0-1"),
        ),
        # from a position given with its clock running
        ("8r/3k5/9/9/9/9/9/9/5K3/R8 w - - 6 30", CHARIOTS * 4, (9, Reason.MOVE_REPETITION, "0-1")),
        # from the start, the horses
        (pyffish.start_fen(NAME), ["b1c3", "b10c8", "c3b1", "c8b10"] * 4, (9, Reason.MOVE_REPETITION, "0-1")),
    ],
)
def test_moving_back_and_forth_loses_as_in_the_builtin(
    fen: str, played: list[str], end: tuple[int, Reason, str]
) -> None:
    assert _ending(fen, played) == end


def test_without_the_ban_the_repetition_decides() -> None:
    # janggi's tournament rules: threefold repetition, by the points (a chariot each: Black's 1.5 more)
    pos = Position.from_fen(fsf_entry("janggi"), FEN)
    pos.track_history()
    for m in CHARIOTS * 2:
        pos.push_uci(m)
    end = pos.outcome()
    assert end is not None and end.why is Reason.REPETITION and end.result == "0-1"


def test_the_row_the_read_back_the_notes_the_words_and_the_proof() -> None:
    v = fsf_entry(NAME)
    played = relaxed(v, Target.FAIRY_STOCKFISH)
    options = ini_options(played)
    assert (options["moveRepetitionIllegal"], options["nFoldRule"], options["nMoveRule"]) == ("true", "4", "100")
    assert options["materialCounting"] == "janggi" and "bikjangRule" not in options
    back = read_section({**options, "startFen": start_fen(played)})
    assert back.draws.move_repetition_loses and back.draws.repetition == 4
    assert "move-repetition" in {limit.rule for limit in limitations(v, Target.ZILLIONS)}
    assert not relaxed(v, Target.ZILLIONS).draws.move_repetition_loses
    assert "back and forth five times in a row" in dict(rules_in_short(v))["Draws"]
    cases = [c for rule, _, build in BUILDERS if rule == "move repetition" for c in build(v)]
    assert cases and all(_their_result(c.fen, list(c.moves)) is not None for c in cases)
    assert all(_their_result(c.fen, list(c.moves[:-1])) is None for c in cases)
