"""Where a piece's moves start: a piece with advanced moves makes some only from its advanced zone and
some only outside it, and a piece with moves along the diagonal lines makes those only from the lines."""

from __future__ import annotations

import dataclasses

from generator.betza import BetzaMove
from generator.catalogue.model import PieceType
from generator.emit.zillions.board import (
    LINES_ZONE,
    MULTI_STEP_ZONE,
    advanced_zone,
    line_moves_of,
    returning_pawn,
)
from generator.emit.zillions.context import Vector

#: where a move may start: in (True) or outside (False) a zone; None: anywhere
Start = tuple[str, bool] | None


def switched_moves(p: PieceType) -> list[tuple[BetzaMove, frozenset[Vector], Start]]:
    """``p``'s Betza moves, each with the directions it takes and where they may start: a piece with
    advanced moves makes the moves of both movements anywhere, those of its own only outside its
    advanced zone, and its advanced ones only inside (a xiangqi soldier's forward step, then its
    sideways steps across the river); then its moves along the diagonal lines, from their zone."""
    lines: list[tuple[BetzaMove, frozenset[Vector], Start]] = [
        (m, frozenset(m.vectors()), (LINES_ZONE, True)) for m in line_moves_of(p)
    ]
    if returning_pawn(p):
        # made from the multi-step ranks, whether the pawn has moved or not
        return [
            (dataclasses.replace(m, initial=False), frozenset(m.vectors()), (MULTI_STEP_ZONE, True))
            if m.initial
            else (m, frozenset(m.vectors()), None)
            for m in p.movement.moves
        ] + lines
    if p.advanced is None:
        return [(m, frozenset(m.vectors()), None) for m in p.movement.moves] + lines
    zone = advanced_zone(p)
    own, advanced = p.movement.moves, p.advanced.movement.moves
    both = _atoms(own) & _atoms(advanced)
    out: list[tuple[BetzaMove, frozenset[Vector], Start]] = []
    for moves, inside in ((own, False), (advanced, True)):
        for m in moves:
            shared = frozenset(vec for vec in m.vectors() if _atom(m, vec) in both)
            if shared and not inside:
                out.append((m, shared, None))
            if len(shared) < len(m.vectors()):
                out.append((m, frozenset(m.vectors()) - shared, (zone, inside)))
    return out + lines


def start_prefix(start: Start) -> str:
    """The part of a move macro's name that says where its moves start."""
    if start is None:
        return ""
    if start[0] == MULTI_STEP_ZONE:
        return "multi-step-rank-"
    return "line-" if start[0] == LINES_ZONE else "advanced-" if start[1] else "unadvanced-"


def _atom(m: BetzaMove, vec: Vector) -> tuple[object, ...]:
    """One direction of a move, with all that makes its macro."""
    return vec, m.modality, m.lame, m.range, m.hop, m.initial


def _atoms(moves: tuple[BetzaMove, ...]) -> set[tuple[object, ...]]:
    return {_atom(m, vec) for m in moves for vec in m.vectors()}
