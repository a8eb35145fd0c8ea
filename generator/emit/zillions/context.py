"""What ``templates/zillions/family.zrf.j2`` is given: typed, immutable, and decided here.

The template lays these out and decides nothing: every name, position and line of text is in
the context already.  :class:`FamilyContext` is one ``.zrf`` file; each of its
:class:`GameContext` entries is one ``(game ...)`` or ``(variant ...)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.catalogue.model import Color, Square, Variant
from generator.emit.fidelity import Limitation
from generator.emit.zillions.images import Picture
from generator.emit.zillions.macros import Group, MacroContext

#: A zone: its relative ranks (the same for both players), or White's squares and Black's (a zone
#: given as squares, such as a promotion zone no rank describes)
ZoneSpec = tuple[int, ...] | tuple[frozenset[Square], frozenset[Square]]

PLAYERS = {Color.WHITE: "White", Color.BLACK: "Black"}
ATTRIBUTE = "never-moved?"  #: the piece attribute of pieces whose first move matters

Vector = tuple[int, int]


@dataclass(frozen=True)
class Call:
    """A macro call in a piece's ``moves`` or ``drops``: ``(macro arg ...)``."""

    macro: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Direction:
    """A board direction: its name and its (dx, dy) in screen steps (dy grows downwards)."""

    name: str
    dx: int
    dy: int


@dataclass(frozen=True)
class Zone:
    """A ZRF zone of one player."""

    name: str
    player: str
    positions: tuple[str, ...]


@dataclass(frozen=True)
class HandBoard:
    """The hand positions beside the board (see :mod:`generator.emit.zillions.hands`): each with its
    rectangle in pixels, the links through them, the symmetry of ``hand-first`` and the ``hand-zone``
    (which :func:`~generator.emit.zillions.board.with_directions` and ``with_zones`` add to the board's)."""

    positions: tuple[tuple[str, tuple[int, int, int, int]], ...]
    links: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    symmetry: tuple[tuple[str, str], ...]
    zones: tuple[Zone, ...]


@dataclass(frozen=True)
class BoardContext:
    """The ``(board ...)`` section; ``vectors`` are the directions' vectors in White's view."""

    image: str
    start: tuple[int, int, int, int]
    files: str
    ranks: str
    step: int
    kill: tuple[str, ...]
    dummies: tuple[str, ...]
    vectors: frozenset[Vector]
    directions: tuple[Direction, ...]
    symmetry: tuple[tuple[str, str], ...]
    zones: tuple[Zone, ...]
    hand: HandBoard | None = None
    dummy_note: str = ""  #: what the dummy positions hold, said beside them


@dataclass(frozen=True)
class PieceNeeds:
    """What a piece's moves name on the board: a variant that inherits the piece without placing it
    must still declare these."""

    vectors: frozenset[Vector]
    zones: Mapping[str, ZoneSpec]
    dummies: tuple[str, ...]


@dataclass(frozen=True)
class PieceContext:
    """One ``(piece ...)``: names, texts, pictures per player, attributes, move and drop calls;
    ``dummy`` for a token that only stands on ``dummy`` positions, declared ``(dummy)`` as real
    files declare theirs."""

    name: str
    help: str
    description: tuple[str, ...]
    images: tuple[tuple[str, str], ...]
    attributes: tuple[tuple[str, str], ...]
    moves: tuple[Call, ...]
    drops: tuple[Call, ...]
    needs: PieceNeeds
    dummy: bool = False
    drop_type: str = ""  #: the move type of the drops ("" for none)


@dataclass(frozen=True)
class SetupEntry:
    """A piece type of one player in ``board-setup``: its positions and how many start off the board."""

    name: str
    positions: tuple[str, ...]
    off: int


@dataclass(frozen=True)
class SideSetup:
    player: str
    entries: tuple[SetupEntry, ...]


@dataclass(frozen=True)
class Condition:
    """A ``win-condition``, ``loss-condition`` or ``draw-condition`` with its comment."""

    kind: str
    players: tuple[str, ...]
    goal: str
    comment: str


@dataclass(frozen=True)
class Sections:
    """The sections a ``(game ...)`` or ``(variant ...)`` writes after its title and description.

    The first game writes them all.  A variant is the first game with its own sections put in
    (see :mod:`generator.zrf.model`), so it writes only those whose text differs from the first
    game's: options and pieces one by one, goals all or none, every other section whole; an empty
    field (``board`` None) is a section it inherits as it is.
    """

    options: tuple[tuple[str, str], ...]
    move_priorities: tuple[str, ...]  #: ``(move-priorities ...)``, empty for none
    players: tuple[str, ...]
    turn_order: tuple[str, ...]
    board: BoardContext | None
    setup: tuple[SideSetup, ...]
    pieces: tuple[PieceContext, ...]
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class GameContext:
    """One ``(game ...)`` (``form`` game) or ``(variant ...)``.

    ``board`` and ``pieces`` are the whole game's, ``sections`` what the file writes of it.
    ``relaxed`` is the variant as written for Zillions, ``limitations`` what was left out, and
    ``zone_ranks`` the relative ranks of each zone the game declares.
    """

    form: str
    title: str
    name: str
    comment: tuple[str, ...]
    description: tuple[str, ...]
    board: BoardContext
    pieces: tuple[PieceContext, ...]
    sections: Sections
    limitations: tuple[Limitation, ...]
    relaxed: Variant
    zone_ranks: Mapping[str, ZoneSpec]


@dataclass(frozen=True)
class FamilyContext:
    """One ``.zrf`` file: its header, the macros it defines, its games, and the pictures it names
    (path from the rules file -> what to draw there); ``folder`` holds it all in the zip."""

    title: str
    folder: str
    file_name: str
    header: tuple[str, ...]
    macros: tuple[MacroContext, ...]
    groups: Mapping[Group, str]
    games: tuple[GameContext, ...]
    images: Mapping[str, Picture]
    attribute: str
    forward: str
    backward: str
    hand_start: str  #: the dummy position the hand's links start from
