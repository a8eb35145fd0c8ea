"""The drop that may not mate (``drops.no_drop_mate``), written out: the walks of
:func:`generator.emit.fidelity.zillions_drop_mate.plan` as macros, the marker a mating drop creates, the
holder token that stands on its square otherwise, and the goal that makes the marker lose.

``attacked-here`` asks whether a piece of the player's attacks the cursor's square, every line stopping at
the square the piece is dropped on (position flag ``dropped?``); ``mating-drop`` wraps the drop's landing:
where the dropped piece attacks the enemy royal piece, it looks for a reply (the royal piece takes it or
steps away: ``flee``; another piece takes it unpinned: ``taken``), and finding none, creates the marker
``MatingDrop`` on the dummy position ``drop-mated``, whose ``absolute-config`` loses for its owner before any
other goal is tested.  Every walk comes back to the square it started from, so the drop's own walk over the
board goes on from there.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.catalogue.model import Color, Variant
from generator.emit.fidelity.zillions_drop_mate import DropMate, plan
from generator.emit.fidelity.zillions_walks import Ray
from generator.emit.zillions.context import PLAYERS, Condition, PieceContext, SetupEntry
from generator.emit.zillions.images import Images
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.tokens import token
from generator.emit.zillions.walks import Kinds, attack_lines, back, beyond, step

MARKER = "MatingDrop"  #: the piece type a mating drop creates
#: the piece type that holds the marker's square otherwise: each drop that does not mate creates it there (White's,
#: as it stands from the start), so that an earlier drop's marker does not stay in the moves a drop's walk over the
#: board adds after it (each add keeps the changes made before it in the same block)
HOLDER = "NoMatingDrop"
POSITION = "drop-mated"  #: the dummy position it stands on
ATTACKED = "hit?"  #: the flag attacked-here sets
DROPPED = "dropped?"  #: the position flag on the drop's square


def _pin_test(ray: Ray, p: DropMate, kinds: Kinds) -> str:
    """At a defender's square: it takes the dropped piece (mate? cleared) unless a slide of the player's pins it
    along the line from the royal piece, the squares between them empty."""
    free = "(set-flag mate? false)"
    pinners = p.attack(ray.pin) if ray.pin is not None else None
    if ray.pin is None or pinners is None or not pinners.far:
        return free
    u, b = step(ray.pin), back(ray.pin)
    look = (
        f"(if (on-board? {u}) {u} (while (and empty? (on-board? {u})) {u}) "
        f"(if {kinds.one_of('friend?', pinners.far)} (set-flag pinned? true)))"
    )
    # with squares between it and its royal piece, pinned only while they are empty
    look = f"{b} (if empty? " * ray.gap + f"{u} " * ray.gap + look + ")" * ray.gap
    return f"(set-flag pinned? false) {look} (if (not-flag? pinned?) {free})"


def _defender_ray(ray: Ray, p: DropMate, kinds: Kinds) -> str:
    d = step(ray.vector)
    pinners = p.attack(ray.pin) if ray.pin is not None else None
    pins = pinners is not None and bool(pinners.far)
    if not ray.reach:
        line, by, toward = ("$4", "$5", "$6") if ray.far else ("$3", "$4", "$5")  # the pin's follow the slides'
        gap = ray.gap if pins else 0
        name = kinds.macros.use(
            Group.DROPS,
            "taken",
            "taken",
            slides=bool(ray.far),
            pins=pins,
            pin_line=line,
            pin_by=by,
            gap=gap,
            gap_line=toward if gap else "",
        )
        args = [d, kinds.kind(ray.near)]
        args += [kinds.kind(ray.far)] if ray.far else []
        args += [step(ray.pin), kinds.kind(pinners.far)] if pins and ray.pin is not None and pinners else []
        args += [back(ray.pin)] if gap and ray.pin is not None else []
        return f"({name} {' '.join(args)})"
    walk = beyond(ray, "enemy?", kinds, "(set-flag mate? false)")
    far = f" else{walk}" if walk else ""
    taken = f"(if {kinds.one_of('enemy?', ray.near)} {_pin_test(ray, p, kinds)}{far})"
    return f"mark (if (on-board? {d}) {d} {taken}) back"


def mate_lines(p: DropMate, kinds: Kinds, attacked: str) -> tuple[str, ...]:
    """The body of ``mating-drop`` (``$1`` the landing), ``attacked`` the name of ``attacked-here``."""
    flee = kinds.macros.use(Group.DROPS, "flee", "flee", test=attacked, hit=ATTACKED)
    royal = kinds.names[p.royal]
    lines = [f"(set-position-flag {DROPPED} true)", "(set-flag mate? false)"]
    escaped = f"(if (not-flag? {ATTACKED}) (set-flag mate? false))"
    for check in p.checks:
        f, b = step(check.vector), back(check.vector)
        lines += [
            f"(if (on-board? {f}) {f}      ; the {royal} it would attack",
            f"   (if (and enemy? (piece? {royal})) (set-flag mate? true)",
            f"      {b} ({attacked}) {escaped} {f}      ; the {royal} takes it",
            *(f"      ({flee} {step(kv)} {back(kv)})" for kv in check.steps),
            f"      {b}      ; another piece takes it, unless pinned",
            *(f"      {_defender_ray(r, p, kinds)}" for r in check.defenders),
            f"      {f}",
            "   )",
            f"   {b}",
            ")",
        ]
    return (
        *lines,
        f"(set-position-flag {DROPPED} false)",
        f"(if (flag? mate?) mark {POSITION} (create {MARKER}) back else mark {POSITION} (create White {HOLDER}) back)"
        "      ; the mate loses",
        "$1",
    )


def mating_landing(macros: Macros, v: Variant, names: Mapping[str, str], land: str) -> str:
    """``land`` for the drop of ``v``'s piece that may not mate, tested as the file writes it (``land`` itself
    where the file writes no test)."""
    p = plan(v)
    if p is None:
        return land
    kinds = Kinds(names, macros)
    # the marked square is the empty one the piece is dropped on: no piece there to leave out
    lines = attack_lines(p.attacks, "friend?", kinds, DROPPED, ATTACKED, occupied=False)
    attacked = macros.use(Group.DROPS, "attacked-here", "attacked-here", lines=lines)
    test = macros.use(Group.DROPS, "mating-drop", "mating-drop", lines=mate_lines(p, kinds, attacked))
    return f"({test} {land})"


def markers(images: Images, v: Variant) -> tuple[PieceContext, ...]:
    """The ``(piece ...)`` of the marker a mating drop creates and of the token that holds its square
    otherwise (none where the file writes no test)."""
    p = plan(v)
    if p is None:
        return ()
    name = v.piece(p.piece).name
    return (
        token(
            images,
            MARKER,
            f"A checkmate by a dropped {name} (kept off the board)",
            "Mating drop",
            f"A token kept on an invisible square: a {name} dropped to checkmate creates it, and its owner loses.",
            POSITION,
        ),
        token(
            images,
            HOLDER,
            "The square of a mating drop's marker, held (kept off the board)",
            "No mating drop",
            f"A token kept on an invisible square from the start: every drop of a {name} that does not mate creates "
            "it again, so that no earlier drop's marker stays in the same move.",
            POSITION,
        ),
    )


def held_square(v: Variant) -> SetupEntry | None:
    """White's setup entry of the token that holds the marker's square (None where the file writes no test)."""
    return SetupEntry(HOLDER, (POSITION,), 0) if plan(v) is not None else None


def goal(v: Variant) -> list[Condition]:
    """The goal that makes a mating drop lose, tested before every other (none where the file writes no test)."""
    p = plan(v)
    if p is None:
        return []
    return [
        Condition(
            "loss-condition",
            (PLAYERS[Color.WHITE], PLAYERS[Color.BLACK]),
            f"(absolute-config {MARKER} ({POSITION}))",
            f"a checkmate by a dropped {v.piece(p.piece).name} loses",
        )
    ]
