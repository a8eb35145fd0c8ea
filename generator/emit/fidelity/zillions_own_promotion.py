"""A pawn's promotion as a move of its own (``Promotion.own_move``: sittuyin) in the Zillions files: where walks
of the board tell each of its conditions, what the file walks (:func:`plan`); elsewhere the named limitation
``promotion-by-move``.  One of the checks of :mod:`generator.emit.fidelity.zillions`.

The promotion is a move of the pawn that changes its type on its own square or on an empty square the new
piece takes onto from there (as Zillions' own files promote, with ``(add Type)``).  Before it, a walk of the
whole board (as the promotion limits' ``count-limited`` walks it) counts the player's pieces of each limited
choice, its pawns (one: the last pawn, which promotes anywhere) and its pieces (two: the king and that pawn);
the new piece's own leaps are walked from where it stands (no enemy piece there), and, where the pawn steps
away, the lines opened through its square (no slide of the player's onto the enemy royal piece).  The draw of
a side left with its king and one pawn whose every move is a promotion is played as a stalemate: with two
pieces, the pawn promotes only where the player is in check or has another move, which walks tell from the
pawn's square (its own steps, unless a slide pins it to its king) and from the royal piece's (each of its
leaps onto a square no enemy piece attacks).

That is exact where the choices take by single leaps, the royal piece moves by single leaps, the pawn by
single compass steps (no multi-step, no en passant), every piece takes by leaps and unlimited compass slides,
and nothing else walks the board differently (no holes, no hands, one pawn type, one royal type).

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> p = plan(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("sittuyin"))
>>> p.pawn, p.royal, p.choices, p.lines[0]
('P', 'K', (('F', ((-1, 1), (1, 1), (-1, -1), (1, -1))),), ((0, 1), ('R',)))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.betza import Modality, Vector
from generator.catalogue.model import PieceType, StalemateResult, Variant
from generator.emit.fidelity.notes import Notes
from generator.emit.fidelity.zillions_quiet import COMPASS
from generator.emit.fidelity.zillions_walks import Ray, attack_rays, order, unit, walkable


@dataclass(frozen=True)
class OwnPromotion:
    """What the file walks: the ``pawn`` and ``royal`` letters; each choice with the leaps it takes by;
    ``lines``, each direction from the pawn's square toward the enemy royal piece with the player's pieces
    sliding along it from behind; ``pawn_moves``, the pawn's steps with their modality; ``royal_moves``, the
    royal piece's leaps; ``enemy``, the rays along which enemy pieces take onto a square (``far``: slides
    that pin the pawn to its royal piece, which stands the other way)."""

    pawn: str
    royal: str
    choices: tuple[tuple[str, tuple[Vector, ...]], ...]
    lines: tuple[tuple[Vector, tuple[str, ...]], ...]
    pawn_moves: tuple[tuple[Vector, Modality], ...]
    royal_moves: tuple[Vector, ...]
    enemy: tuple[Ray, ...]


def plan(v: Variant) -> OwnPromotion | None:
    """The walks the file writes for ``v``'s promotion by a move of its own, or None where they are not exact."""
    promo = v.pawn_rules.promotion
    pieces = walkable(v)
    if promo is None or not promo.own_move or pieces is None or not _plain(v):
        return None
    found = _pawn_and_royal(v)
    choices = [v.piece(x) for x in promo.choices]
    if found is None or not all(_leaps(c, unit_only=False) for c in choices):
        return None
    pawn, royal = found
    mine, theirs = attack_rays(pieces, enemy=False), attack_rays(pieces, enemy=True)
    if any(r.ranged for r in mine + theirs):
        return None
    behind = {r.vector: r.far for r in mine}
    return OwnPromotion(
        pawn.letter,
        royal.letter,
        tuple((c.letter, _captures(c)) for c in choices),
        tuple((u, behind[(-u[0], -u[1])]) for u in COMPASS if behind.get((-u[0], -u[1]))),
        tuple(sorted({(w, m.modality) for m in pawn.movement.moves for w in m.vectors()}, key=lambda s: order(s[0]))),
        tuple(sorted({w for m in royal.movement.moves for w in m.vectors()}, key=order)),
        theirs,
    )


def _pawn_and_royal(v: Variant) -> tuple[PieceType, PieceType] | None:
    """The one pawn type, stepping along the compass lines with no first move, and the one royal type, leaping."""
    pawns = [p for p in v.pieces if p.pawn]
    royals = [p for p in v.pieces if p.royal]
    if len(pawns) != 1 or len(royals) != 1 or not _leaps(royals[0], unit_only=False):
        return None
    if not _leaps(pawns[0], unit_only=True) or any(m.initial for m in pawns[0].movement.moves):
        return None
    return pawns[0], royals[0]


def _plain(v: Variant) -> bool:
    """No rule that changes what the walks count or find: holes, drops but a set-up, Black's own choices, other
    pawn moves, pieces that capture otherwise, pieces that give no check, or a stalemate that is no draw."""
    promo = v.pawn_rules.promotion
    assert promo is not None
    # drops only while the hand holds pieces, before any move that walks (a set-up by drops)
    hands = v.drops is not None and (v.drops.captures_to_hand or not v.drops.must or v.drops.must_piece is not None)
    pr = v.pawn_rules
    others = (
        v.board.holes,
        hands,
        promo.black_choices,
        pr.max_steps > 1,
        pr.en_passant,
        v.piece_promotion,
        v.explosions,
        v.petrify,
        v.mutually_immune,
        v.walling,
        v.swaps,
        v.castling,
        v.passing,
        v.first_leaps,
        v.flying_general,
        v.shuns_own_type,
        v.royal_held_in_check,
        v.no_checks,
        v.must_capture,
        # a side that may only promote is drawn as a stalemate
        v.draws.stalemate is not StalemateResult.DRAW,
        v.draws.stalemate_piece_count,
    )
    return not any(others)


def _leaps(p: PieceType, unit_only: bool) -> bool:
    """Whether every move of ``p`` is a single leap (a compass step, with ``unit_only``)."""
    return all(
        m.range == 1 and not (m.hop or m.lame) and (not unit_only or all(unit(w) for w in m.vectors()))
        for m in p.movement.moves
    )


def _captures(p: PieceType) -> tuple[Vector, ...]:
    """The leaps ``p`` takes by, in walking order."""
    found = {w for m in p.movement.moves if m.modality & Modality.CAPTURE for w in m.vectors()}
    return tuple(sorted(found, key=order))


def own_promotion(notes: Notes) -> None:
    """The promotion written where :func:`plan` finds it exact; elsewhere its pawns promote as they enter the
    zone, and the named limitation says what is left out."""
    pr = notes.variant.pawn_rules
    if pr.promotion is None or not pr.promotion.own_move or plan(notes.variant) is not None:
        return
    notes.add(
        "promotion-by-move",
        "A pawn's promotion as a move of its own (in place or a step away, attacking no enemy piece and giving "
        "no check, and for the last pawn anywhere) is not written in the Zillions file: its pawns promote, if "
        "they will, as they enter the zone, and a side left with its king and a pawn that may only promote is "
        "not drawn.",
    )
    notes.relax(pawn_rules=dataclasses.replace(pr, promotion=dataclasses.replace(pr.promotion, own_move=False)))
