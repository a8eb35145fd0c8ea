"""A pawn's promotion as a move of its own (``Promotion.own_move``), written out as
:func:`generator.emit.fidelity.zillions_own_promotion.plan` walks it: for each choice, a move of the pawn in
place (an ``add`` of another type on the piece's own square, as Dagaz's CubicChess.zrf promotes with its
``promote-`` moves) and one onto each empty square the choice takes onto, each an ``own-promotion`` macro that walks the
board first (``promotion-count``: the player's limited pieces, pawns and pieces counted square by square), with
two pieces walks the pawn's own moves and the royal piece's (``promotion-unforced``), from the landing square
walks the choice's leaps (``takes-from-`` its name) and, for a step, the lines the pawn's square opens
(``discovers-check``), and adds the choice only where every test passed."""

from __future__ import annotations

from collections.abc import Mapping

from generator.betza import Modality
from generator.catalogue.model import PieceType, Variant
from generator.emit.fidelity.zillions_own_promotion import OwnPromotion, plan
from generator.emit.zillions.context import Call
from generator.emit.zillions.held import CHECKED, TAKEN
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.quiet import CHECK, LANDED, discovers
from generator.emit.zillions.walks import Kinds, attack_lines, back, step

LAST = "pawns-2?"  #: set where the player has a second pawn: the one promoting is not its last
CROWD = "pieces-3?"  #: set where the player has a third piece: no draw by promotions only
FREE = "free?"  #: set where the player, with two pieces, is in check or has a move but a promotion
TEST = {Modality.MOVE: "empty?", Modality.CAPTURE: "enemy?", Modality.BOTH: "not-friend?"}


def _tally(test: str, base: str, n: int) -> str:
    """One square's count of the pieces passing ``test``: the first of the flags ``base-1?`` to ``base-n?`` not
    yet set, set."""
    raised = "".join(f" (if (flag? {base}-{k - 1}?) (set-flag {base}-{k}? true))" for k in range(n, 1, -1))
    return f"(if {test}{raised} (set-flag {base}-1? true))"


def _count(macros: Macros, v: Variant, q: OwnPromotion, names: Mapping[str, str]) -> str:
    promo = v.pawn_rules.promotion
    assert promo is not None
    counts = [(f"(and friend? (piece? {names[x]}))", names[x], n) for x, n in promo.limits]
    counts += [(f"(and friend? (piece? {names[q.pawn]}))", "pawns", 2), ("friend?", "pieces", 3)]
    tally = macros.use(
        Group.LANDING,
        "promotion-tally",
        "walk-lines",
        note="One square of the walk before a promotion by a move of its own: the player's pieces counted.",
        lines=tuple(_tally(*c) for c in counts),
    )
    walk = macros.use(Group.LANDING, "walk-board", "walk-board")
    clear = " ".join(f"(set-flag {base}-{k}? false)" for _, base, n in counts for k in range(1, n + 1))
    return macros.use(
        Group.LANDING,
        "promotion-count",
        "walk-lines",
        note="The player's limited pieces, pawns and pieces counted, up to what decides a promotion.",
        lines=(clear, f"({walk} {tally})"),
    )


def _unforced(macros: Macros, q: OwnPromotion, kinds: Kinds) -> str:
    """The walk from the pawn's square that sets ``free?`` where the player is in check or has a move other
    than a promotion: a pin flag for each line along which an enemy slide holds the pawn to its royal piece,
    each step of the pawn off every line that pins it, then each leap of the royal piece."""
    royal = f"(and friend? {kinds.kind([q.royal])})"
    lines = [f"(set-flag {FREE} false)"]
    pins = [r for r in q.enemy if r.far]
    for r in pins:
        d, b = step(r.vector), back(r.vector)
        lines += [
            f"(set-flag pin-{d}? false) (set-flag king? false)",
            f"mark (if (on-board? {b}) {b} (while (and empty? (on-board? {b})) {b}) "
            f"(if {royal} (set-flag king? true))) back",
            f"(if (flag? king?) mark (if (on-board? {d}) {d} (while (and empty? (on-board? {d})) {d}) "
            f"(if {kinds.one_of('enemy?', r.far)} (set-flag pin-{d}? true))) back)",
        ]
    for w, modality in q.pawn_moves:
        held = [f"(not-flag? pin-{step(r.vector)}?)" for r in pins if r.vector not in (w, (-w[0], -w[1]))]
        free = f"mark (if (on-board? {step(w)}) {step(w)} (if {TEST[modality]} (set-flag {FREE} true))) back"
        pinned = held[0] if len(held) == 1 else f"(and {' '.join(held)})"
        lines.append(f"(if {pinned} {free})" if held else free)
    checked = macros.use(
        Group.LANDING, "checked-here", "attacked-here", lines=attack_lines(q.enemy, "enemy?", kinds, TAKEN, CHECKED)
    )
    # not in check, no slide attacks a square the royal piece leaves along its line: the square it left is
    # no gap in a line to walk through.  The leap goes back by its own reverse, not by mark and back: the
    # walks of checked-here mark squares of their own
    leaps = [
        f"(if (on-board? {step(w)}) {step(w)} (if not-friend? ({checked}) "
        f"(if (not-flag? {CHECKED}) (set-flag {FREE} true))) {back(w)})"
        for w in q.royal_moves
    ]
    royal_here = macros.use(
        Group.LANDING,
        "royal-unforced",
        "walk-lines",
        note="On the player's royal piece: free? set where it is in check, or may leap onto a square not attacked.",
        lines=(f"(if {royal} ({checked}) (if (flag? {CHECKED}) (set-flag {FREE} true)) {' '.join(leaps)})",),
    )
    walk = macros.use(Group.LANDING, "walk-board", "walk-board")
    return macros.use(
        Group.LANDING,
        "promotion-unforced",
        "walk-lines",
        note="From a pawn: free? set where the player is in check or has another move than a promotion.",
        lines=(*lines, f"({walk} {royal_here})"),
    )


def own_promotions(macros: Macros, v: Variant, names: Mapping[str, str], p: PieceType) -> list[Call]:
    """The pawn ``p``'s promotions by a move of its own: one call in place, then one a step in each direction
    the choice takes in, for each choice; none where the file does not write them."""
    q = plan(v)
    promo = v.pawn_rules.promotion
    if q is None or promo is None or p.letter != q.pawn:
        return []
    kinds = Kinds(names, macros)
    count, unforced = _count(macros, v, q, names), _unforced(macros, q, kinds)
    test = macros.use(Group.LANDING, "discovers-check", "attacked-here", lines=discovers(q.royal, q.lines, kinds))
    limits = dict(promo.limits)
    out: list[Call] = []
    for x, leaps in q.choices:
        takes = macros.use(
            Group.LANDING,
            f"takes-from-{names[x]}",
            "walk-lines",
            note=f"Whether a {names[x]} here would attack an enemy piece: {CHECK} set where it would.",
            lines=tuple(
                f"mark (if (on-board? {step(w)}) {step(w)} (if enemy? (set-flag {CHECK} true))) back" for w in leaps
            ),
        )
        flags = (f"{names[x]}-{limits[x]}?" if x in limits else "", LAST, CROWD, FREE)
        here, there = (
            macros.use(
                Group.PAWNS,
                f"promote-{where}-{names[x]}",
                "own-promotion",
                choices=(names[x],),
                count=count,
                walk=unforced,
                flags=flags,
                attacks=takes,
                hit=CHECK,
                test=walk,
                marked=LANDED if walk else "",
            )
            for where, walk in (("here", ""), ("to", test))
        )
        out.append(Call(here, ()))
        out += [Call(there, (step(w), back(w))) for w in leaps]
    return out
