"""A pseudo-royal type retyped as its count goes from one to two and back
(:func:`generator.emit.fidelity.zillions_royal.pairing`: sho shogi's king and its prince), written out.

The promotion that gives a side its second piece of the type makes the promoted piece's *paired* form, a
piece of its own that the checkmated goal does not name, and leaves a token on the dummy position
``pairing`` (``pairs-up``); the side's royal piece stays royal for that move, which Zillions' goal then
judges as Fairy-Stockfish does (a promotion by piece changes no royalty until the next move).  The other
side's next move, whatever it is, first finds the token (``retype-pending``): a walk of the whole board
(``walk-board``, row by row from the corner, as a promotion limit is counted) makes that royal piece its
paired form, and the token goes.  A capture of a paired form (``take-paired``) walks the board to the
other one and makes it royal again.
"""

from __future__ import annotations

from generator.betza import Modality
from generator.catalogue.model import PieceType
from generator.emit.zillions.context import PieceContext
from generator.emit.zillions.images import Images
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.names import Names
from generator.emit.zillions.tokens import token

POSITION = "pairing"  #: the dummy position of the token a pairing promotion leaves
TOKEN = "PairingToken"  #: the token's piece name


def pair_up(macros: Macros) -> str:
    """The macro a promotion that gives a side its second piece of the type calls before it lands."""
    return macros.use(Group.LANDING, "pairs-up", "pairs-up", zone=POSITION, choices=(TOKEN,))


def paired_landing(macros: Macros, names: Names, p: PieceType, land: str) -> str:
    """``land`` where the file retypes a pair: after the other side's pairing promotion, its royal piece made
    paired first; for a piece that captures, onto an enemy paired piece, the other one made royal again."""
    paired = names.paired
    if not paired:
        return land
    walk = macros.use(Group.LANDING, "walk-board", "walk-board")
    letters = names.letters()
    if any(m.modality & Modality.CAPTURE for m in p.movement.moves):
        (a, pa), (b, pb) = paired.items()
        again = {
            x: macros.use(Group.LANDING, f"unpair-{letters[x]}", "retype", modality="enemy", pairs=((px, letters[x]),))
            for x, px in paired.items()
        }
        pairs = ((pa, again[b]), (pb, again[a]))
        land = f"({macros.use(Group.LANDING, 'take-paired', 'unpair', walk=walk, pairs=pairs)} {land})"
    royal = tuple((letters[x], px) for x, px in paired.items() if x in names.piece)
    retype = macros.use(Group.LANDING, "pair-royal", "retype", modality="enemy", pairs=royal)
    pending = macros.use(Group.LANDING, "retype-pending", "pending", zone=POSITION, walk=walk, tally=retype)
    return f"({pending} {land})"


def pairing_token(images: Images) -> PieceContext:
    """The ``(piece ...)`` of the token a pairing promotion leaves on its dummy position."""
    return token(
        images,
        TOKEN,
        "A second royal-type piece, just promoted (kept off the board)",
        "Pairing",
        "A token kept on an invisible square: a promotion that gives a side a second piece of its royal type "
        "leaves it, and the other side's next move makes that side's royal piece paired.",
        POSITION,
    )
