"""What the engine reads off the pieces' moves: hoppers, a pawn's initial moves, and the pieces a
counting rule weighs."""

from __future__ import annotations

from generator.betza import BetzaMove, parse_betza
from generator.catalogue.model import PieceType


def has_hoppers(pieces: tuple[PieceType, ...]) -> bool:
    """Whether any of ``pieces`` hops (Betza ``p`` or ``g``)."""
    return any(m.hop for p in pieces for m in p.movement.moves)


#: the pieces a counting rule weighs, known by their moves as Fairy-Stockfish knows them by its types
_COUNTED = (parse_betza("R"), parse_betza("FfW"), parse_betza("N"))


def counted_types(pieces: tuple[PieceType, ...]) -> tuple[tuple[int, ...], ...]:
    """The type numbers of the pawns, rooks, khons (``FfW``) and knights among ``pieces`` (royal ones
    left out), in that order: what a counting rule weighs."""
    pawns = tuple(i for i, p in enumerate(pieces) if p.pawn and not p.royal)
    return (
        pawns,
        *(tuple(i for i, p in enumerate(pieces) if not p.pawn and not p.royal and p.movement == m) for m in _COUNTED),
    )


def initial_moves(p: PieceType) -> tuple[BetzaMove, ...]:
    """A pawn's initial Betza moves, which it plays as multi-steps (none for other pieces)."""
    return tuple(m for m in p.movement.moves if m.initial) if p.pawn else ()
