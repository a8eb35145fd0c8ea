"""Game-end proofs of the ends a pass makes where the rules decide them: bikjang (a pass that leaves the royal
pieces facing each other) and point counting (a drawn end, two passes in a row or bikjang, that the points
give to one side).  Each finds, among positions it is given, the moves whose last one ends the game so."""

from __future__ import annotations

from collections.abc import Iterable

from generator.catalogue.model import Color
from generator.check.ending_cycles import Ending, spell
from generator.check.fairy_stockfish_worker import fsf_fen
from generator.engine import Position
from generator.engine import moves as mv
from generator.engine.facing import kings_face
from generator.engine.outcome import Outcome, Reason

__all__ = ["bikjang_endings", "points_endings"]


def _passed(pos: Position) -> Reason | None:
    """How a pass from ``pos`` ends the game (None: it does not, or no pass is legal)."""
    if mv.PASS_MOVE not in pos.legal_moves():
        return None
    pos.push(mv.PASS_MOVE)
    end = pos.outcome()
    pos.pop()
    return None if end is None else end.why


def bikjang_endings(positions: Iterable[Position]) -> list[Ending]:
    """A move that brings the royal pieces face to face, and the reply that passes and so ends the game."""
    for pos in positions:
        for m in sorted(pos.legal_moves(), key=lambda m: spell(pos, m)):
            if m[0] == mv.PASS:
                continue
            pos.push(m)
            found = pos.outcome() is None and kings_face(pos) and _passed(pos) is Reason.BIKJANG
            pos.pop()
            if found:
                return [Ending("bikjang", fsf_fen(pos.fen()), (spell(pos, m), "0000"))]
    return []


def points_endings(positions: Iterable[Position]) -> list[Ending]:
    """Two passes in a row where the royal pieces do not face each other, which the points decide: one
    position each side wins, where found."""
    found: dict[Color, Ending] = {}
    for pos in positions:
        if kings_face(pos) or mv.PASS_MOVE not in pos.legal_moves():
            continue
        pos.push(mv.PASS_MOVE)
        end = None if pos.outcome() is not None else _end_after_pass(pos)
        pos.pop()
        if end is not None and end.winner is not None and end.winner not in found:
            found[end.winner] = Ending("points", fsf_fen(pos.fen()), ("0000", "0000"))
            if len(found) == 2:
                break
    return list(found.values())


def _end_after_pass(pos: Position) -> Outcome | None:
    """The end of two passes in a row, the first already played (None: the game goes on, or ends otherwise)."""
    if mv.PASS_MOVE not in pos.legal_moves():
        return None
    pos.push(mv.PASS_MOVE)
    end = pos.outcome()
    pos.pop()
    return end if end is not None and end.why is Reason.DOUBLE_PASS else None
