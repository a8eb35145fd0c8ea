"""Pawns' multi-steps as en passant sees them: each way an enemy pawn's multi-step passes a square,
which the en passant macro walks from the passed square to where the pawn stopped and back to where
it started (``last-to?``, ``last-from?``)."""

from __future__ import annotations

from generator.catalogue.model import Variant
from generator.emit.zillions.board import direction_name, mirror
from generator.emit.zillions.context import Vector


def en_passant_steps(v: Variant) -> list[tuple[int, int, str, str]]:
    """Each way an enemy pawn's multi-step passes a square, from White's view: (steps from its start to
    the square, steps on to where it stopped, its step's direction and the way back, both "" where it
    is straight): the pawn rules' straight multi-steps, then the pawns' first-move leaps along a line."""
    out: dict[tuple[int, int, str, str], None] = {}
    for total in range(2, v.pawn_rules.max_steps + 1):
        out.update(dict.fromkeys((before, total - before, "", "") for before in range(1, total)))
    for unit, span in first_move_lines(v):
        toward, away = ("", "") if unit == (0, 1) else (direction_name(mirror(unit)), direction_name(unit))
        out.update(dict.fromkeys((before, span - before, toward, away) for before in range(1, span)))
    return list(out)


def first_move_lines(v: Variant) -> list[tuple[Vector, int]]:
    """The pawns' first-move leaps that pass squares along a line, as (unit step, length)."""
    out: list[tuple[Vector, int]] = []
    for p in v.pieces:
        for m in p.movement.moves if p.pawn else ():
            for dx, dy in m.vectors() if m.initial and m.range == 1 and not m.hop else ():
                span = max(abs(dx), abs(dy))
                if span > 1 and (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
                    out.append(((dx // span, dy // span), span))
    return sorted(set(out))
