"""A royal piece held in check (``royal_held_in_check``: makpong) in the Zillions files: where a walk of the
board can tell the piece giving check, the rays the file walks (:func:`rays`); elsewhere the named limitation
``royal-held-in-check``.  One of the checks of :mod:`generator.emit.fidelity.zillions`.

The royal piece's every move lands through a test: from the square it left, the enemy pieces that attack it
are looked for along each ray, the piece on the landing square left out (a position flag marks it).  Finding
one, the move is not made: in check, the royal piece moves only to take the one piece that gives it, as the
reference and Fairy-Stockfish's ``makpongRule`` play it; not in check, it moves freely.

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> makpong = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("makpong")
>>> [r.vector for r in rays(makpong) or ()][:4]
[(-1, 1), (0, 1), (1, 1), (-1, 0)]
"""

from __future__ import annotations

from generator.catalogue.model import Variant
from generator.emit.fidelity.zillions_walks import Ray, attack_rays, walkable


def rays(v: Variant) -> tuple[Ray, ...] | None:
    """The rays along which an enemy piece gives check, where the file writes the rule: every piece takes by
    leaps and slides along the compass lines, and the royal pieces move by single leaps only, so that the piece
    a royal move takes is the one on its landing square (None where it does not, or there is no such rule)."""
    if not v.royal_held_in_check or v.swaps:
        return None
    pieces = walkable(v)
    if pieces is None:
        return None
    if any(m.range != 1 or m.lame or m.hop for p in v.pieces if p.royal for m in p.movement.moves):
        return None
    return attack_rays(pieces, enemy=True)
