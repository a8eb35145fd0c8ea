"""The ZRF macros a rules file defines: each ``(define ...)`` once, named for what it does.

A move, a landing, a castling or a swap is written as a call of a macro; :class:`Macros` hands
out the macro's name and remembers its parameters, and ``templates/zillions/macros.zrf.j2``
writes one body per :data:`KINDS` entry.  A name asked for again with other parameters gets a
suffix, so two different bodies never share a name; no name is longer than :data:`MAX_NAME`.

>>> macros = Macros()
>>> macros.use(Group.MOVES, "step", "leap", modality="both", initial=False)
'step'
>>> macros.use(Group.MOVES, "step", "leap", modality="move", initial=False)
'step-2'
>>> [(m["name"], m["modality"]) for m in macros.listing()]
[('step', 'both'), ('step-2', 'move')]
>>> macros.use(Group.SWAPS, "swap-" + "Very" * 9 + "LongPiece", "swap", unmoved=False)
'swap-VeryVeryVeryVeryVeryVeryVe'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypedDict, Unpack

from generator.betza import Modality

#: every macro kind: each has exactly one body in ``macros.zrf.j2``
KINDS = frozenset(
    {
        "add-as-moved",
        "add-or-promote",
        "add-or-promote-piece",
        "add-or-promote-limited",
        "tally",
        "count",
        "in-region",
        "not-onto",
        "stone",
        "walk-board",
        "retype",
        "unpair",
        "pairs-up",
        "pending",
        "faces",
        "parting",
        "royal-parting",
        "pass-facing",
        "blast",
        "blast-at",
        "not-taking",
        "takes-leap",
        "leap",
        "slide",
        "slide-limited",
        "hop",
        "royal-capture",
        "stay",
        "lame-leap",
        "multi-step",
        "en-passant",
        "castle",
        "swap",
        "drop",
        "drop-paired",
        "to-hand",
        "drop-from-hand",
        "attacked-here",
        "mating-drop",
        "held-landing",
        "quiet-landing",
        "safe-capture",
        "scan",
        "walk-lines",
        "own-promotion",
        "piece-set",
        "ray",
        "flee",
        "taken",
        "gate-after",
        "gate-from-hand",
        "gate-line",
        "gate-open",
        "gate-pinned",
    }
)


class Group(enum.IntEnum):
    """Where a macro is printed: the groups in file order."""

    LANDING = 0
    MOVES = 1
    PAWNS = 2
    CASTLING = 3
    SWAPS = 4
    DROPS = 5
    HANDS = 6
    GATING = 7


#: each print group's heading
GROUPS = {
    Group.LANDING: "How pieces land",
    Group.MOVES: "Moves, from the Betza notation",
    Group.PAWNS: "Pawns: multi-steps and en passant",
    Group.CASTLING: "Castling",
    Group.SWAPS: "Swaps",
    Group.DROPS: "Drops",
    Group.HANDS: "Hands: captured pieces to the captor's hand, and dropped from there",
    Group.GATING: "Gating: a piece from hand onto the square a first-rank piece leaves",
}

#: the longest macro name written: as long as the longest in 546 public rules files (the tools that
#: read ZRF besides Zillions were made for those)
MAX_NAME = 31

MODALITY_SUFFIX = {Modality.BOTH: "", Modality.MOVE: "-no-capture", Modality.CAPTURE: "-capture-only"}
MODALITY_WORD = {Modality.BOTH: "both", Modality.MOVE: "move", Modality.CAPTURE: "capture"}


class MacroParams(TypedDict, total=False):
    """What fills a macro body in; which keys a kind uses is up to its body."""

    modality: str  #: both, move or capture
    initial: bool  #: only before the piece's first move
    range: int  #: a limited slide's length
    hop: str  #: a hopper's Betza letter: p (cannon) or g (grasshopper)
    kin: str  #: a hop's: the piece type (ZRF name) it may not hop over ("" for any)
    royal: str  #: the royal piece a royal-capture takes, or whose first leap a rook's landing takes away (ZRF name)
    steps: int  #: a lame leap's or a multi-step's number of steps
    choices: tuple[str, ...]  #: promotion choices (ZRF piece names)
    limits: tuple[tuple[str, int], ...]  #: promotion limits: (ZRF piece name, the most a player may have)
    count: str  #: the macro counting the limited pieces ("" for none)
    #: per choice, the flag set when the player has its limit ("" for no limit); own-promotion: that flag, then
    #: the flags of a second pawn, a third piece and a move but the promotion
    flags: tuple[str, ...]
    tally: str  #: the macro counting one square
    black_choices: tuple[str, ...]  #: Black's own promotion choices, if any
    #: the zone a landing tests: a pawn's, where it promotes to ``black_choices``; promotion by piece's,
    #: where a move that starts may promote ("" for none)
    zone: str
    start_zone: str  #: a zone the move must start in, or with ``start_inside`` false, outside
    start_inside: bool
    held: bool  #: the move only while the piece is not attacked (a king's first leap)
    mandatory: bool  #: whether promotion is forced
    promotes: bool  #: a landing with promotion by piece (``$1`` the promoted form)
    on_capture: bool  #: the promotion (or demotion) only on a move that takes an enemy piece
    stuck: bool  #: a landing kept off the zone (its last argument) where the piece could never move again
    to_hand: str  #: the macro a landing calls first to send a captured piece to the captor's hand ("" for none)
    marks: bool  #: a pawn's promotion sets ``promoted?`` (a capture then sends the piece back as a pawn)
    one_per_file: bool  #: a drop only on a file with fewer than ``per_file`` friendly pieces of the dropped type
    per_file: int  #: with one_per_file: how many of them a file may hold
    entries: tuple[tuple[str, str], ...]  #: to-hand: (test of the captured piece, the type it goes back as)
    moved: bool  #: whether the landing clears ``never-moved?``
    before: int  #: en passant: steps of the enemy pawn before the passed square
    after: int  #: en passant: steps after it
    toward: str  #: en passant: the enemy pawn's step, White's view ("" for straight towards White)
    away: str  #: en passant: back along it ("" for straight away from White)
    pair: str  #: promotion by piece: the macro that first makes the player's royal-type piece its paired form
    pairs: tuple[tuple[str, str], ...]  #: retype: (type, the type it becomes); unpair: (type taken, retype macro)
    #: unpair, count, pending: the macro that walks the whole board; pass-facing, royal-parting: the walk from the
    #: royal piece (faces); own-promotion: the walk for a side of two pieces
    walk: str
    note: str  #: walk-lines: what the body does, its comment
    attacks: str  #: own-promotion: the walk of the new piece's attacks from where it stands
    king: str  #: castling squares and the rook's type
    king_to: str
    rook: str
    rook_to: str
    rook_type: str
    empty: tuple[str, ...]  #: castling: squares that must be empty
    unattacked: tuple[str, ...]  #: castling: squares the king passes, not attacked
    unmoved: bool  #: a swap only between never-moved pieces
    tokens: tuple[str, ...]  #: a swap's token positions
    lines: tuple[str, ...]  #: a body written out line by line (the walks of the board from a square)
    test: str  #: held-landing, quiet-landing: the macro that walks from the square the piece left
    marked: str  #: held-landing: the position flag on the piece it takes; quiet-landing: on its landing square
    hit: str  #: held-landing, quiet-landing: the flag the walks set where they find a check
    #: quiet-landing, faces, royal-parting: the position flag on the square the piece leaves; ray, safe-capture:
    #: on the squares a capture empties, which the walks pass as empty
    vacated: str
    first_hit: str  #: royal-parting: the flag the walk from the square left sets; pass-facing: the other's pass
    scan: str  #: safe-capture: the macro that walks the board to a square ("" where the royal piece captures)
    side: str  #: ray: the test of the side whose pieces attack (``friend?``, with a position flag left out)
    slides: bool  #: ray, taken: whether pieces take from further along the ray too ($3)
    pins: bool  #: taken: whether a slide of the player's may pin the piece there
    pin_line: str  #: taken: the argument that is the pin's direction (``$4``; ``$3`` where nothing slides)
    itself: bool  #: blast: whether the capturing piece goes too (a capture on its own landing square)
    pin_by: str  #: taken: the argument that is the pinning slides' test (``$5``; ``$4`` where nothing slides)
    gap: int  #: taken: the squares between the royal piece and the pinned piece, empty for the pin to hold
    gap_line: str  #: taken: the argument that is the direction back to the royal piece (after ``pin_by``)
    paired: bool  #: drop-paired: the drop of the piece kept on both colours itself (``kin``), not of another
    #: gating: the ZRF types a piece from hand may be (gate-after, castling); for a move that starts by
    #: bringing one onto its square (``$3`` its type), True
    gates: tuple[str, ...]
    gated: bool
    gate_squares: tuple[str, ...]  #: castling: the squares (king's, rook's) a piece from hand may go onto
    picker: str  #: gating: the macro putting the first piece of a type in hand onto a square
    pin: str  #: gating: the walk from a gate that sets ``exposed?`` where the piece shields its royal piece


class MacroContext(MacroParams):
    """One macro as the template reads it."""

    name: str
    kind: str
    group: Group


@dataclass(frozen=True)
class Macro:
    """One ZRF ``define``: ``kind`` selects its body in ``macros.zrf.j2``; ``params`` fill it in."""

    group: Group
    name: str
    kind: str
    params: tuple[tuple[str, object], ...]  # sorted items of the MacroParams, to compare two uses

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no ZRF macro body for kind {self.kind!r}; kinds: {', '.join(sorted(KINDS))}")
        if self.group not in GROUPS:
            raise ValueError(f"no print group {self.group}")


class Macros:
    """The file's macros by name, in order of first use."""

    def __init__(self) -> None:
        self._by_name: dict[str, Macro] = {}
        self._params: dict[str, MacroParams] = {}

    def use(self, group: Group, name: str, kind: str, **params: Unpack[MacroParams]) -> str:
        """The name of the macro ``kind`` with these parameters, defined under ``name`` if it is new."""
        frozen = tuple(sorted(params.items()))
        candidate, n = name[:MAX_NAME], 1
        while True:
            m = self._by_name.get(candidate)
            if m is None:
                self._by_name[candidate] = Macro(group, candidate, kind, frozen)
                self._params[candidate] = params
                return candidate
            if m.kind == kind and m.params == frozen:
                return candidate
            n += 1
            candidate = f"{name[: MAX_NAME - len(str(n)) - 1]}-{n}"

    def params_of(self, name: str) -> MacroParams:
        """The parameters of the macro defined as ``name``."""
        return self._params[name]

    def kind_of(self, name: str) -> str:
        """The kind of the macro defined as ``name``."""
        return self._by_name[name].kind

    def again(self, name: str, suffix: str, **extra: Unpack[MacroParams]) -> str:
        """The macro ``name`` with ``extra`` parameters besides its own, defined as ``name`` + ``suffix``."""
        m = self._by_name[name]
        params = MacroParams(**self._params[name])
        params.update(extra)
        return self.use(m.group, name + suffix, m.kind, **params)

    def listing(self) -> list[MacroContext]:
        """Every macro, by group, then in order of first use (the first game's pieces first)."""
        order = {name: i for i, name in enumerate(self._by_name)}
        return [
            MacroContext(name=m.name, kind=m.kind, group=m.group, **self._params[m.name])
            for m in sorted(self._by_name.values(), key=lambda m: (m.group, order[m.name]))
        ]
