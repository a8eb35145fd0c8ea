"""What Zillions cannot say of goals and move rules (for :mod:`generator.emit.fidelity`): of a flag
goal, a region filled by both sides, the opponent's reply, pieces that must stand unattacked and too
many choices of squares; counted checks; forbidden checks; captures forced beside a royal piece."""

from __future__ import annotations

import dataclasses
import math

from generator.betza import Modality
from generator.catalogue.model import Color, Variant
from generator.emit.fidelity.notes import Notes

__all__ = ["ZRF_MOST_CHOICES", "zillions_checks_and_captures", "zillions_flag"]

#: the most choices of ``count`` squares of a flag region a Zillions goal lists, one ``absolute-config`` each
ZRF_MOST_CHOICES = 256


def zillions_flag(v: Variant, notes: Notes) -> None:
    """The flag goal (a race): the squares Zillions fills, and the rules it cannot say."""
    flag = v.goals.flag
    if flag is None:
        return
    if flag.count is None:
        zone = {c: flag.regions[c] for c in Color}
        counts = {c: sum(1 for _, col, x in v.setup.placement if col is c and flag.piece in (None, x)) for c in Color}
        captures = any(m.modality & Modality.CAPTURE for p in v.pieces for m in p.movement.moves)
        if captures or v.drops is not None or any(counts[c] != len(zone[c]) for c in Color):
            notes.add(
                "race-squares",
                "Zillions' absolute-config asks for every goal square to be filled, which is the catalogue's "
                "'all pieces on the goal ranks' only while each side has as many pieces as goal squares.",
                switchable=False,
            )
    elif max(math.comb(len(flag.regions[c]), flag.count) for c in Color) > ZRF_MOST_CHOICES:
        notes.add(
            "flag-count",
            f"The goal lists each choice of {flag.count} squares of a region as one absolute-config, and only the "
            f"first {ZRF_MOST_CHOICES} of them, so some ways of reaching the region do not win.",
            switchable=False,
        )
    switches = (
        (
            flag.blocked_win,
            "flag-blocked",
            "Zillions' absolute-config sees only the player's own pieces, so a region filled with pieces of "
            "both sides does not win.",
        ),
        (
            flag.reply,
            "flag-reply",
            "Zillions ends the game as soon as a region is reached, so the opponent gets no further move.",
        ),
        (
            flag.safe,
            "flag-safe",
            "Zillions' goals cannot see whether a piece is attacked, so a piece that reaches its region wins "
            "there and then, attacked or not.",
        ),
    )
    for on, name, why in switches:
        if on:
            notes.add(name, why)
    relaxed_flag = dataclasses.replace(flag, blocked_win=False, reply=False, safe=False)
    if relaxed_flag != flag:
        notes.changes["goals"] = dataclasses.replace(notes.changes.get("goals", v.goals), flag=relaxed_flag)


def _checks(count: int) -> str:
    return "a check" if count == 1 else f"{count} checks"


def zillions_checks_and_captures(v: Variant, notes: Notes) -> None:
    """Counted checks, forbidden checks, and forced captures beside a royal piece."""
    if v.goals.check_count is not None:
        notes.add(
            "check-count",
            f"Zillions cannot count checks, so giving {_checks(v.goals.check_count)} does not win: the game is "
            "played to checkmate.",
        )
        notes.changes["goals"] = dataclasses.replace(notes.changes.get("goals", v.goals), check_count=None)
    if v.no_checks:
        notes.add("no-checks", "Zillions cannot tell whether a move gives check, so moves that give check stay legal.")
        notes.changes["no_checks"] = False
    if v.must_capture and v.goals.checkmate and any(p.royal for p in v.pieces):
        notes.add(
            "must-capture-royal",
            "Zillions ranks the captures first and only then drops the moves that leave the royal piece "
            "attacked, so a side whose captures are all illegal would have no move at all: captures are not "
            "forced.",
        )
        notes.changes["must_capture"] = False
