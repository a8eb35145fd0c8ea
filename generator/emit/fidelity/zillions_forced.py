"""Forced captures beside a royal piece (``must_capture`` with checkmate: losers) in the Zillions files: where
a walk of the board can tell whether a capture leaves the player's royal piece attacked, the rays the file
walks (:func:`plan`); elsewhere the named limitation ``must-capture-royal``.  One of the checks of
:mod:`generator.emit.fidelity.zillions`.

The file ranks the captures first (``move-priorities``) and only then drops the moves that leave a royal
piece attacked, so a side whose every capture is illegal would be left with no move.  Fairy-Stockfish (its
``has_capture``: ``capture(m) && legal(m)``) and the reference force only the legal captures.  So every
capture lands through a test of its own: the royal piece is found (the piece itself, where it captures;
else by a walk of the board), and the enemy pieces that attack it once the capture is made are looked for
along each ray, the square the capture leaves (and en passant's taken pawn) empty, its landing square
blocking every line, the piece taken there attacking nothing.  Then only legal captures outrank the other
moves.  That is exact where every piece takes by leaps and slides along the compass lines, a side has one
royal piece that no promotion gives, and no rule but castling and pawns' moves adds a move to a piece's own.

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> losers = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("losers")
>>> p = plan(losers)
>>> p.royal, [(r.vector, r.far) for r in p.rays][1]
('K', ((0, 1), ('Q', 'R')))
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.catalogue.model import Variant
from generator.emit.fidelity.zillions_walks import Ray, attack_rays, walkable


@dataclass(frozen=True)
class Forced:
    """What the file walks: ``royal``, the letter of each side's one royal piece; ``rays``, the lines along
    which an enemy piece attacks it."""

    royal: str
    rays: tuple[Ray, ...]


def plan(v: Variant) -> Forced | None:
    """The test each capture of ``v``'s file lands through, or None where none is exact."""
    pieces = walkable(v)
    royals = [p.letter for p in v.pieces if p.royal]
    if not v.must_capture or pieces is None or len(royals) != 1 or v.board.holes or not _plain(v):
        return None
    royal = royals[0]
    if not v.setup.one_each(royal):
        return None
    promo = v.pawn_rules.promotion
    if promo is not None and royal in promo.all_choices:
        return None
    return Forced(royal, attack_rays(pieces, enemy=True))


def _plain(v: Variant) -> bool:
    """No move but a piece's own leaps and slides, castling and the pawns' moves: no drops, swaps, gating,
    passes, walls, explosions, promotion by piece or first leaps, no other rule on checks."""
    rules = (
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
        v.no_checks,
        v.royal_held_in_check,
        v.draws.bikjang,
        v.goals.extinction is not None and v.goals.extinction.pseudo_royal,
    )
    return not any(rules)
