"""Janggi's casual rules, the built-in ``janggicasual``: the diagonal lines of the palaces (``diagonal_lines``
and each piece's ``line_moves``: Fairy-Stockfish's ``diagonalLines``), the cannon that shuns its own type,
passing.  Held to pyffish's built-in (palace positions, random games, perft 3); the ini's row and read-back,
the fidelity notes and the words."""

from __future__ import annotations

import dataclasses
import random
import re

import pyffish
import pytest
from support import fsf_entry, ini_options, pyffish_perft

from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.perft import perft

NAME = "janggicasual"
#: pyffish spells a pass as the general's move onto its own square (``e2e2``)
_SELF = re.compile(r"^([a-i]\d+)\1$")


def _spelled(fen: str, played: list[str]) -> list[str]:
    out: list[str] = []
    for m in played:
        out.append(next(x for x in pyffish.legal_moves(NAME, fen, out) if _SELF.match(x)) if m == "0000" else m)
    return out


def _theirs(fen: str, played: list[str]) -> set[str]:
    return {"0000" if _SELF.match(m) else m for m in pyffish.legal_moves(NAME, fen, _spelled(fen, played))}


def _ours(fen: str) -> set[str]:
    pos = Position.from_fen(fsf_entry(NAME), fen)
    return {uci(pos.rules, m) for m in pos.legal_moves()}


@pytest.mark.parametrize(
    ("fen", "present", "absent"),
    [
        # the chariot slides along the palace's diagonal d1-f3 up to its own guard, which steps along it; the
        # general, off the lines on d2, steps only straight
        ("4k4/9/9/9/9/9/9/5A3/3K5/R2R5 w - - 0 1", {"d1e2", "f3e2"}, {"d1f3", "d2e3", "d2c1", "a1b2"}),
        ("4k4/9/9/9/9/9/9/5K3/9/3R5 w - - 0 1", {"d1e2", "f3e2"}, {"d1f3", "d1c2"}),
        # the cannon hops the palace's centre diagonally, but not over a cannon there
        ("4k4/4p4/5C3/9/9/9/9/9/4K4/9 w - - 0 1", {"f8d10"}, {"f8e9"}),
        ("4k4/4c4/5C3/9/9/9/9/9/4K4/9 w - - 0 1", set(), {"f8d10", "f8e9"}),
        # the soldier steps diagonally forward along the lines (d8 to e9), not elsewhere
        ("3k5/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1", {"d8e9", "d8d9"}, {"d8c9"}),
    ],
)
def test_the_palace_diagonals_as_in_pyffish(fen: str, present: set[str], absent: set[str]) -> None:
    ours = _ours(fen)
    assert ours == _theirs(fen, [])
    assert present <= ours and not absent & ours


def test_random_games_and_perft_agree_with_the_builtin() -> None:
    v = fsf_entry(NAME)
    fen = pyffish.start_fen(NAME)
    passes = 0
    for game in range(3):
        rng = random.Random(f"janggi {game}")
        pos = Position.from_fen(v, fen)
        played: list[str] = []
        for _ in range(100):
            ours = {uci(pos.rules, m) for m in pos.legal_moves()}
            assert ours == _theirs(fen, played), played
            if not ours:
                break
            m = rng.choice(sorted(ours))
            passes += m == "0000"
            pos.push_uci(m)
            played.append(m)
            assert pos.fen() == pyffish.get_fen(NAME, fen, _spelled(fen, played)), played
    assert passes
    pos = Position.from_fen(v, fen)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(NAME, fen, [], d) for d in (1, 2, 3)]


def _rules(target: str) -> set[str]:
    return {limit.rule for limit in limitations(fsf_entry(NAME), target)}


def test_the_row_the_read_back_the_notes_and_the_words() -> None:
    v = fsf_entry(NAME)
    played = relaxed(v, Target.FAIRY_STOCKFISH)
    options = ini_options(played)
    assert options["diagonalLines"] == "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10"
    assert (options["wazir"], options["rook"], options["soldier"], options["janggiCannon"]) == ("a", "r", "p", "c")
    back = read_section({**options, "startFen": start_fen(played)})
    assert (back.diagonal_lines, back.line_moves) == (stated(played).diagonal_lines, stated(played).line_moves)
    assert back.line_moves == {("A", "F"), ("R", "B"), ("P", "fF"), ("C", "pB")}
    # a section's king is a custom one, which Fairy-Stockfish moves along no line: the general's F is noted
    assert _rules(Target.FAIRY_STOCKFISH) == {"diagonal-lines"} and played.piece("K").line_moves is None
    # the Zillions file writes the lines as a zone its moves start and land in, the cannon's shunning as
    # (not-piece? Cannon) tests and a pass as the general's staying put, and the end of the game on two passes
    # (tests/test_zillions_janggi.py plays them)
    assert not {"diagonal-lines", "shuns-own-type", "passing", "double-pass"} & _rules(Target.ZILLIONS)
    assert [p.line_moves for p in relaxed(v, Target.ZILLIONS).pieces] == [p.line_moves for p in v.pieces]
    # without the lines a rook is Fairy-Stockfish's rook; with them, a rook without line moves is a custom piece
    plain = tuple(dataclasses.replace(p, line_moves=None) if p.letter == "R" else p for p in played.pieces)
    plain_options = ini_options(dataclasses.replace(played, pieces=plain))
    assert "rook" not in plain_options and "r:R" in plain_options.values()
    words = dict(rules_in_short(v))
    assert "From a square of the diagonal lines (d1 f1 e2 d3 f3 d8 f8 e9 d10 f10) to another, the Chariot" in str(
        rules_in_short(v)
    )
    assert "Either side may pass" in words["Moves"]
