"""Moves that may not give check (``no_checks``: racing kings) in the Zillions files: where a walk of the
board can tell a check a move gives, what the file walks (:func:`plan`); elsewhere the toggle's named
limitation ``no-checks``.  One of the checks of :mod:`generator.emit.fidelity.zillions`.

A move gives check where, once made, a piece of the mover's attacks the enemy royal piece: the moved piece
itself from where it lands (its own leaps and slides, the square it left no longer in the way), or a slide
of another piece along a line the move opens through the square it left (the landing square now in the
way).  Every move lands through that test, and is not made where it finds a check.  That is exact where
every piece moves by leaps and unlimited slides, and no move but such a piece's own is played (no pawn, no
castling, no drop, no promotion).

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> racing = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("racingkings")
>>> p = plan(racing)
>>> p.royal, [x for x, _ in p.pieces], p.lines[0]
('K', ['K', 'Q', 'R', 'B', 'N'], ((-1, 1), ('Q', 'B')))
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.betza import Modality, Vector
from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_walks import attack_rays, order, unit, walkable

#: the eight compass steps, in the order the rays are walked
COMPASS = tuple(sorted(((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)), key=order))


@dataclass(frozen=True)
class Quiet:
    """What the file walks: ``pieces``, each piece that may stand on the board with the steps it takes along
    (vector, whether it slides on); ``lines``, each direction from the square a move leaves toward the enemy
    royal piece with the pieces that slide along it from behind that square."""

    royal: str
    pieces: tuple[tuple[str, tuple[tuple[Vector, bool], ...]], ...]
    lines: tuple[tuple[Vector, tuple[str, ...]], ...]


def plan(v: Variant) -> Quiet | None:
    """The test the file writes for ``v``'s moves that may not give check, or None where none is exact."""
    pieces = walkable(v)
    royals = [p.letter for p in v.pieces if p.royal]
    if not v.no_checks or pieces is None or len(royals) != 1 or not _plain(v):
        return None
    present = _present(v)
    if any(not _walked(v.piece(x)) for x in present):
        return None
    behind = {r.vector: r.far for r in attack_rays(pieces, enemy=False)}
    lines = tuple((u, behind[(-u[0], -u[1])]) for u in COMPASS if behind.get((-u[0], -u[1])))
    steps = tuple(
        (
            x,
            tuple(
                sorted(
                    {
                        (w, m.range == 0)
                        for m in v.piece(x).movement.moves
                        if m.modality & Modality.CAPTURE
                        for w in m.vectors()
                    },
                    key=lambda s: order(s[0]),
                )
            ),
        )
        for x in present
    )
    return Quiet(royals[0], steps, lines)


def _plain(v: Variant) -> bool:
    """No move but a piece's own leaps and slides: no castling, drops, swaps, gating, passes, walls, explosions,
    promotion by piece or first leaps, no piece kept to a region."""
    rules = (
        v.castling,
        v.drops,
        v.swaps,
        v.gating,
        v.passing,
        v.walling,
        v.explosions,
        v.piece_promotion,
        v.first_leaps,
        v.flying_general,
        v.shuns_own_type,
        v.mutually_immune,
        v.petrify,
        v.must_capture,
        v.royal_held_in_check,
    )
    return not any(rules)


def _present(v: Variant) -> list[str]:
    """The letters of the pieces that may ever stand on the board: set up, or a pawn's promotion choices."""
    letters = {x for _, _, x in v.setup.placement}
    promo = v.pawn_rules.promotion
    if promo is not None and any(v.piece(x).pawn for x in letters):
        letters |= set(promo.all_choices)
    return [p.letter for p in v.pieces if p.letter in letters]


def _walked(p: PieceType) -> bool:
    """Whether every move of ``p`` is a leap or an unlimited compass slide the landing test walks back along."""
    if p.pawn:
        return False
    for m in p.movement.moves:
        if m.hop or m.lame or m.initial or m.range > 1:
            return False
        if m.range == 0 and any(not unit(w) for w in m.vectors()):
            return False
    return True
