"""Bikjang and two passes in a row, written out (:func:`generator.emit.fidelity.zillions_facing.plan`).

Every landing of a piece goes through ``parting``: the landing square is made the move's destination
(``to``) and flagged as a piece between (``between?``); each square the player's royal piece may stand on
is visited by name, and from the royal piece ``faces`` walks the four lines to the other one; back at the
destination (``(go to)``, as the corpus's files return there), the piece lands only where none was found:
where the royal pieces face each other, a move must land between them.  A royal piece's own step lands
through ``royal-parting``, which walks from the square it leaves (``(go from)``: facing before the move)
and from the one it reaches (the square left flagged ``vacated?``, passed as empty), and lands where they
did not face before or do not after.  The pass (``pass-facing``) walks from the royal piece and, where the
other royal piece faces it, creates the draw's marker on the dummy position ``drawn`` and stays as its
stand-in, which no goal names (so that it passes in check too); where the other side's last move was its
own pass (``last-from?`` and ``last-to?`` on its royal piece's square), it creates the marker and stays
itself.  The marker's ``absolute-config`` draws, tested before every other goal.
"""

from __future__ import annotations

from generator.catalogue.model import Color, PieceType, Variant
from generator.emit.fidelity.zillions_facing import Facing, plan
from generator.emit.zillions.context import PLAYERS, Condition, PieceContext
from generator.emit.zillions.images import Images
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.names import Names
from generator.emit.zillions.tokens import token

POSITION = "drawn"  #: the dummy position of the draw's marker
MARKER = "Drawn"  #: the marker's piece name
BETWEEN = "between?"  #: position flag: the landing square, a piece between the royal pieces after the move
VACATED = "vacated?"  #: position flag: the square a royal piece leaves, empty after its move
FACED = "faced?"  #: flag: a walk found the other royal piece facing
BEFORE = "faced-before?"  #: flag: the royal piece faced the other before its move
PASSED = "passed?"  #: flag: the other side's last move was its pass


def _along_files(f: Facing, royal: str, step: str, test: str) -> tuple[str, ...]:
    """Along each file the royal pieces may face on, from either side's edge (the one that is the player's own
    where ``step`` is ``n``, the other's where it is ``s``): over any pieces to the first royal piece, there
    ``test``, and back; one line each."""
    royal_first = f"(while (and (not-piece? {royal}) (on-board? {step})) {step})"
    return tuple(f"mark {sq.name} {royal_first} {test} back" for pair in f.anchors for sq in pair)


def _faces(macros: Macros, royal: str) -> str:
    return macros.use(Group.LANDING, "faces", "faces", royal=royal, vacated=VACATED, marked=BETWEEN)


def parting_landing(macros: Macros, v: Variant, names: Names, p: PieceType, land: str) -> str:
    """``land`` for a move of ``p`` where the royal pieces may face each other (``land`` itself elsewhere)."""
    f = plan(v)
    if f is None or not f.bikjang:
        return land
    royal = names.piece[f.royal]
    if p.letter == f.royal:
        faces = _faces(macros, royal)
        name = macros.use(
            Group.LANDING, "royal-parting", "royal-parting", walk=faces, vacated=VACATED, hit=FACED, first_hit=BEFORE
        )
    else:
        open_ahead = f"(and empty? (not-position-flag? {BETWEEN}) (on-board? n))"
        other = f"(if (and enemy? (piece? {royal}) (not-position-flag? {BETWEEN})) (set-flag {FACED} true))"
        on = f"(if (and friend? (piece? {royal})) (if (on-board? n) n (while {open_ahead} n) {other}))"
        lines = _along_files(f, royal, "n", on)
        name = macros.use(Group.LANDING, "parting", "parting", lines=lines, marked=BETWEEN, hit=FACED, royal=royal)
    return f"({name} {land})"


def pass_call(macros: Macros, v: Variant, names: Names, royal: str) -> tuple[str, tuple[str, ...]] | None:
    """The pass of the royal piece ``royal`` (ZRF name) where the file writes bikjang or the double pass: the
    macro and its arguments (the piece and its stand-in); None elsewhere."""
    f = plan(v)
    if f is None:
        return None
    passed = f"(if (and enemy? (piece? {royal}) last-from? last-to?) (set-flag {PASSED} true))"
    lines = _along_files(f, royal, "s", passed)
    name = macros.use(
        Group.MOVES,
        "pass-facing" if f.bikjang else "pass-after-pass",
        "pass-facing",
        walk=_faces(macros, royal) if f.bikjang else "",
        lines=lines if f.double_pass else (),
        hit=FACED,
        first_hit=PASSED,
        zone=POSITION,
        choices=(MARKER,),
    )
    return name, (royal, names.stand_in) if f.bikjang else (royal,)


def goal(v: Variant) -> list[Condition]:
    """The draw the marker makes, tested before every other goal (none where the file writes no marker)."""
    if plan(v) is None:
        return []
    both = (PLAYERS[Color.WHITE], PLAYERS[Color.BLACK])
    return [Condition("draw-condition", both, f"(absolute-config {MARKER} ({POSITION}))", "a pass ends in a draw")]


def marker(images: Images) -> PieceContext:
    """The ``(piece ...)`` of the draw's marker, kept off the board."""
    return token(
        images,
        MARKER,
        "A draw by a pass (kept off the board)",
        "Drawn",
        "A token kept on an invisible square: a pass while the royal pieces face each other, or right after the "
        "other side's pass, creates it, and the game is drawn.",
        POSITION,
    )
