"""The yes-or-no rule kinds (toggles), each declared once: key, meaning, engine paths, Zillions limitation, words.

A :class:`Toggle` is a rule kind that a variant has or has not (a drop may not give check, a capture's
blast leaves walls).  Its key is the catalogue key and, dotted below :class:`~.model.Variant`, the
model field (a ``bool`` defaulting to ``False``).  Everything else iterates :data:`TOGGLES`:

- the loader's schema (:mod:`.validating`) and the builder (:mod:`.building`) take the key;
- the JSON Schema and the key reference of ``docs/catalogue.md`` take :attr:`Toggle.meaning`;
- the engine's gates (:mod:`generator.engine.gates`) take :attr:`Toggle.paths`;
- the Zillions fidelity check takes :attr:`Toggle.zillions` (a download cannot play the rule: it says so
  and plays without it);
- the rules text (:mod:`generator.emit.web.rules_text`) takes :attr:`Toggle.words`;
- Fairy-Stockfish's option is the row of ``emit/fairy_stockfish/table.py`` whose ``field`` is the key,
  written by ``values.stating``; the read-back (:mod:`generator.emit.fairy_stockfish.reading`) and so the
  importer take it through the row (FSF's default ``true``: the option is the rule's negation).

So a new toggle touches this module (its declaration), ``model.py`` (its field), ``table.py`` (its
option's row) and the engine module that plays it.

>>> [f.key for f in TOGGLES]
['no_checks', 'drops.no_checks', 'explosions.petrify_blast']
>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> racing = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("racingkings")
>>> NO_CHECKS.on(racing), NO_CHECKS.on(switched_off(racing, NO_CHECKS))
(True, False)
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

from generator.catalogue.model import Variant


class Path(enum.Flag):
    """A path of the engine that only some rules take."""

    NONE = 0
    #: the position may end the game before anyone moves: ``immediate_outcome`` is asked first
    IMMEDIATE_GOALS = enum.auto()
    #: the moves are filtered after generation (forced captures, forbidden checks)
    FILTERED = enum.auto()
    #: a royal piece in check may only take the checking piece
    HELD_IN_CHECK = enum.auto()
    #: a move's legality depends on the rules of captures and pseudo-royal pieces: every move is tested
    SPECIAL = enum.auto()
    #: a move does more once played (``State._after_move``)
    AFTER_MOVE = enum.auto()
    #: a capture does more than take the captured piece (explodes, petrifies): ``pop`` puts back what it took
    CAPTURE_EFFECTS = enum.auto()
    #: moves besides the pieces' and castling, which the counting path of the special rules does not know
    MORE_MOVES = enum.auto()
    #: the state keeps, per square, the type a promoted piece was promoted from
    TRACKS_PROMOTED = enum.auto()
    #: a move from a gate comes again with a piece from hand put behind it (:mod:`generator.engine.gating`)
    GATING = enum.auto()
    #: every move also places a wall: the moves are listed, then each paired with its walls
    WALLING = enum.auto()
    #: a capture may turn squares to stone: walls (``*`` in a FEN) that no piece enters, passes or takes
    STONE = enum.auto()


@dataclass(frozen=True)
class Toggle:
    """A yes-or-no rule kind.

    ``key``: the catalogue key, dotted below the entry (``drops.no_checks``: in ``drops:``, which the variant
    must have for the rule to be on), and so the model's field; ``meaning``: what the rule does, as the key
    reference and the JSON Schema say it; ``paths``: what the engine must run where the rule is on;
    ``zillions``: the named limitation (its id and its sentence) of a Zillions download, which then plays
    without the rule, or None where the download plays it; ``words``: the rule in the rules text, a clause;
    ``zillions_walk``: where a download writes the rule as a walk of the board where that walk is exact (the
    limitation only elsewhere), how, for the key reference (the walk itself: ``generator/emit/zillions/``).
    """

    key: str
    meaning: str
    paths: Path
    zillions: tuple[str, str] | None
    words: str
    zillions_walk: str = ""

    @property
    def group(self) -> str:
        """The key's group (``drops``), or ``""`` for a key of the entry itself."""
        return self.key.rpartition(".")[0]

    @property
    def name(self) -> str:
        """The key within its group (``no_checks``)."""
        return self.key.rpartition(".")[2]

    def on(self, variant: Variant) -> bool:
        """Whether ``variant`` has the rule (never where it lacks the group)."""
        holder = group_of(variant, self.group)
        return holder is not None and bool(getattr(holder, self.name))


def group_of(variant: Variant, group: str) -> Any:
    """The model value holding a group's keys: the variant itself for ``""``, None where it lacks the group."""
    return variant if not group else getattr(variant, group)


def switched_off(variant: Variant, toggle: Toggle) -> Variant:
    """``variant`` without the rule ``toggle``."""
    off: dict[str, Any] = {toggle.name: False}
    if not toggle.group:
        return dataclasses.replace(variant, **off)
    holder = group_of(variant, toggle.group)
    if holder is None:
        return variant
    group: dict[str, Any] = {toggle.group: dataclasses.replace(holder, **off)}
    return dataclasses.replace(variant, **group)


NO_CHECKS = Toggle(
    "no_checks",
    "a move that gives check is illegal (racing kings)",
    Path.FILTERED,
    (
        "no-checks",
        "The Zillions file tells whether a move gives check by walking the board from where the piece lands and "
        "from the square it leaves, which is exact only where every piece moves by leaps and unlimited slides "
        "and no pawn, castling, drop or promotion is played; here one is, so moves that give check stay legal.",
    ),
    "a move that gives check is illegal",
    "each move lands through a walk of the board from its landing square and from the square it leaves "
    "(`quiet-landing`), made only where no piece then attacks the enemy royal piece, where every piece moves by "
    "leaps and unlimited slides and no pawn, castling, drop or promotion is played",
)
NO_DROP_CHECKS = Toggle(
    "drops.no_checks",
    "a drop may not give check (the dropped piece may not attack a royal piece from where it lands)",
    Path.FILTERED,
    (
        "drop-checks",
        "A Zillions drop is a move to an empty square, tested before it is played, and no test sees what the "
        "dropped piece attacks from there, so a drop may give check.",
    ),
    "a drop may not give check",
)
PETRIFY_BLAST = Toggle(
    "explosions.petrify_blast",
    "each piece a capture's blast removes around the target square turns into a wall (`*` in a FEN) that "
    "nothing takes or passes; the capturing piece leaves one only if it petrifies",
    Path.SPECIAL | Path.STONE,  # the special moves' path is the one that steers around walls
    (
        "petrify-blast",
        "The Zillions files play no explosions, so no blast leaves a wall.",
    ),
    "each piece blown up around the target square turns to stone, a wall nothing takes or passes",
)

#: every yes-or-no rule kind, in the order the key reference, the rules text and the checks take them
TOGGLES = (NO_CHECKS, NO_DROP_CHECKS, PETRIFY_BLAST)
