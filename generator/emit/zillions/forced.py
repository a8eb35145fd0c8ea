"""Forced captures beside a royal piece (``must_capture`` with checkmate), written out: every capture lands
through ``safe-capture``, which marks the landing square (position flag ``landed?``) and the squares the
capture empties (``vacated?``: the one the piece leaves, en passant's taken pawn), walks the rays of
:func:`generator.emit.fidelity.zillions_forced.plan` from the player's royal piece (``royal-attacked``; found
by a walk of the board, ``scan-to``, unless it is the piece capturing, which stands on the landing square
once the capture is made), clears the marks and lands only where no enemy piece attacks it.  So only legal
captures outrank the other moves in ``move-priorities``."""

from __future__ import annotations

from collections.abc import Mapping

from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_forced import plan
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.walks import Kinds, attack_lines, back, step

LANDED = "landed?"  #: the position flag on the landing square
VACATED = "vacated?"  #: the position flag on the squares the capture empties
CHECK = "check?"  #: the flag the walks set where the royal piece would be attacked


def safe_landing(
    macros: Macros,
    v: Variant,
    names: Mapping[str, str],
    p: PieceType,
    direction: str,
    land: str,
    passing: tuple[int, str, str] = (0, "", ""),
) -> str:
    """``land`` for ``p``'s capture in ``direction`` (a leap or a slide; en passant ``passing``: the taken
    pawn's steps on from the landing square, its step's direction and the way back, as the en passant macro
    has them), through the test; ``land`` itself where the file writes no test."""
    f = plan(v)
    if f is None:
        return land
    lines = attack_lines(f.rays, "enemy?", Kinds(names, macros), LANDED, CHECK, vacated=VACATED)
    test = macros.use(Group.LANDING, "royal-attacked", "attacked-here", lines=lines)
    scan = "" if p.royal else macros.use(Group.LANDING, "scan-to", "scan")
    after, toward, away = passing
    name = "safe-capture" + ("-royal" if p.royal else "") + ("-en-passant" if after else "")
    safe = macros.use(
        Group.LANDING,
        name,
        "safe-capture",
        royal=names[f.royal],
        test=test,
        scan=scan,
        marked=LANDED,
        vacated=VACATED,
        hit=CHECK,
        after=after,
        toward=toward,
        away=away,
    )
    vectors = {step(w): w for m in p.movement.moves for w in m.vectors()}
    return f"({safe} {back(vectors[direction])} {direction} {land})"
