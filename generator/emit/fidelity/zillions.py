"""What Zillions cannot express, by rule: the checks of :func:`generator.emit.fidelity.limitations`
for the Zillions target, each adding its limitations and the changes that switch them off to one
:class:`~generator.emit.fidelity.notes.Notes` (flag goals, counted checks and forced captures in
:mod:`~generator.emit.fidelity.zillions_goals`, hands in :mod:`~generator.emit.fidelity.drops`)."""

from __future__ import annotations

import dataclasses

from generator.catalogue.model import StalemateResult, Variant
from generator.emit.fidelity.drops import zillions_hands
from generator.emit.fidelity.notes import Notes
from generator.emit.fidelity.zillions_goals import zillions_checks_and_captures, zillions_flag


def pawn_initial_moves(v: Variant, notes: Notes) -> None:
    """A pawn's initial moves are multi-steps from the multi-step ranks; the ZRF plays them as a
    piece's first move, with no en passant (its en passant follows straight multi-steps)."""
    pawns = [p for p in v.pieces if p.pawn and any(m.initial for m in p.movement.moves)]
    if not pawns:
        return
    names = ", ".join(f"the {p.name}'s {' '.join(m.render() for m in p.movement.moves if m.initial)}" for p in pawns)
    if v.pawn_rules.en_passant:
        notes.add(
            "pawn-initial-en-passant",
            f"Zillions' en passant follows straight multi-steps only, so en passant is left out ({names}).",
        )
        notes.changes["pawn_rules"] = dataclasses.replace(v.pawn_rules, en_passant=False)
    if any(
        m.vectors() and not m.initial and any(dy <= 0 for _, dy in m.vectors()) for p in pawns for m in p.movement.moves
    ):
        notes.add(
            "pawn-initial-move",
            f"Zillions plays a piece's initial move before its first move only, so {names} is not played again "
            "by a pawn that has moved but stands on a multi-step rank.",
            switchable=False,
        )


def promotion_limits(v: Variant, notes: Notes) -> None:
    """ZRF cannot count a side's pieces when a pawn promotes, so every choice stays open."""
    pr = notes.changes.get("pawn_rules", v.pawn_rules)
    if pr.promotion is None or not pr.promotion.limits:
        return
    limits = ", ".join(f"{v.piece(x).name}: {n}" for x, n in pr.promotion.limits)
    notes.add(
        "promotion-limit",
        f"Zillions cannot count a side's pieces as a pawn promotes, so the promotion limits ({limits}) are left out.",
    )
    notes.changes["pawn_rules"] = dataclasses.replace(pr, promotion=dataclasses.replace(pr.promotion, limits=()))


def goals_and_pieces(v: Variant, notes: Notes) -> None:
    """The rest of what ZRF cannot say (generator/emit/zillions/ writes the other rules)."""
    _zillions_regions(v, notes)
    _zillions_draws(v, notes)
    _zillions_captures(v, notes)
    _zillions_royal(v, notes)
    zillions_flag(v, notes)
    zillions_checks_and_captures(v, notes)
    _zillions_bare_king(v, notes)
    _zillions_hand_and_swaps(v, notes)


def _zillions_regions(v: Variant, notes: Notes) -> None:
    """Regions and advanced moves: the file writes every move of a piece from every square alike."""
    confined = [p.name for p in v.pieces if p.region is not None]
    if confined:
        notes.add(
            "region",
            f"The Zillions file does not confine pieces to regions, so the {', '.join(confined)} may move "
            "anywhere on the board.",
        )
    advanced = [f"the {p.name}'s {p.advanced.betza}" for p in v.pieces if p.advanced is not None]
    if advanced:
        notes.add(
            "advanced-moves",
            f"The Zillions file does not switch moves by rank, so {', '.join(advanced)} from its advanced rank "
            "on is left out.",
        )
    if confined or advanced:
        notes.changes["pieces"] = tuple(dataclasses.replace(p, region=None, advanced=None) for p in v.pieces)


def _zillions_draws(v: Variant, notes: Notes) -> None:
    draws = notes.changes.get("draws", v.draws)
    if draws.perpetual_check_loses:
        notes.add(
            "perpetual-check",
            "Zillions' repetition goal is a draw whoever gave check, so perpetual check does not lose.",
        )
        draws = dataclasses.replace(draws, perpetual_check_loses=False)
    if draws.counting is not None:
        notes.add("counting", f"Zillions cannot count moves, so the {draws.counting.value} counting rule is left out.")
        draws = dataclasses.replace(draws, counting=None)
    if draws.stalemate_piece_count and draws.stalemate is StalemateResult.WIN:
        notes.add(
            "stalemate-piece-count",
            "Zillions' count-condition gives a stalemate to the side with more pieces, not fewer, so the "
            "stalemated side wins whatever the count.",
        )
        draws = dataclasses.replace(draws, stalemate_piece_count=False)
    if draws.insufficient_material:
        notes.add(
            "insufficient-material",
            "Zillions has no draw by insufficient mating material, so that draw is left out.",
        )
        draws = dataclasses.replace(draws, insufficient_material=())
    if draws.repetition and draws.repetition_winner is not None:
        notes.add(
            "repetition-winner", "Zillions' repetition goal is a draw, so the repetition does not decide the game."
        )
        draws = dataclasses.replace(draws, repetition_winner=None)
    if draws.draw_odds is not None:
        notes.add(
            "draw-odds",
            f"Zillions' draws are draws for both players, so {draws.draw_odds.word.title()}'s draw odds are left out.",
        )
        draws = dataclasses.replace(draws, draw_odds=None)
    if draws.repetition not in (0, 3):
        notes.add(
            "repetition",
            f"Zillions' repetition goal is threefold, so the {draws.repetition}-fold repetition draw is played "
            "as threefold.",
        )
        draws = dataclasses.replace(draws, repetition=3)
    if draws != v.draws:
        notes.changes["draws"] = draws


def _zillions_captures(v: Variant, notes: Notes) -> None:
    """Explosions, mutually immune and petrifying pieces, pseudo-royal pieces: the ZRF plays plain captures."""
    if v.explosions is not None:
        notes.add("explosions", "Zillions' captures take the captured piece only, so captures do not explode.")
        notes.changes["explosions"] = None
    if v.mutually_immune:
        names = ", ".join(v.piece(x).name for x in v.mutually_immune)
        notes.add("mutually-immune", f"Zillions' moves do not look at what they take, so a {names} may take another.")
        notes.changes["mutually_immune"] = ()
    if v.petrify:
        notes.add("petrify", "Zillions has no walls, so a capturing piece does not turn to stone.")
        notes.changes["petrify"] = ()
    goals = notes.changes.get("goals", v.goals)
    ext = goals.extinction
    if ext is not None and ext.pseudo_royal:
        names = ", ".join(v.piece(x).name for x in ext.pieces)
        # without explosions nothing takes a pseudo-royal piece: the extinction never comes
        kept = dataclasses.replace(ext, pseudo_royal=False, duple_check=False) if v.explosions is not None else None
        notes.add(
            "pseudo-royal",
            f"Zillions' checkmate goal knows no piece that is royal only while its side has few of its kind, so the "
            f"{names} is played as an ordinary piece, "
            + ("which may be left attacked and taken." if kept else "which may be left attacked."),
        )
        if ext.duple_check:
            notes.add(
                "duple-check",
                f"Zillions' checkmate goal cannot hold a side in check only while all its {names}s are attacked, "
                "so duple check is left out: they may all be left attacked.",
            )
        notes.changes["goals"] = dataclasses.replace(goals, extinction=kept)


def _zillions_royal(v: Variant, notes: Notes) -> None:
    royals = [p for p in v.pieces if p.royal]
    if royals and not v.goals.checkmate:
        notes.add(
            "royal",
            "Zillions keeps a piece out of check only through a checkmate goal, which this variant does not "
            f"have, so the {royals[0].name} may be left attacked.",
            switchable=False,
        )


def _zillions_bare_king(v: Variant, notes: Notes) -> None:
    goals = v.goals
    bare = goals.bare_king
    if bare is not None and v.swaps:
        notes.add(
            "bare-king-swap",
            "The swap rights are pieces on invisible squares, which Zillions' piece counts would see, so the "
            "bare-king rule is left out.",
        )
        notes.changes["goals"] = dataclasses.replace(notes.changes.get("goals", goals), bare_king=None)
    elif bare is not None:
        notes.add(
            "bare-king-reply",
            "Zillions' goals cannot tell whether a bared king has had its one more move, so a side bared by an "
            f"opponent with fewer than {bare.opponent_minimum} other pieces is not declared lost after its reply: "
            "the game goes on.",
            switchable=False,
        )


def _zillions_hand_and_swaps(v: Variant, notes: Notes) -> None:
    zillions_hands(v, notes)
    for sw in v.swaps:
        if any(m.range != 1 or m.lame for m in sw.adjacency_movement.moves):
            notes.add(
                "swap-adjacency",
                f"The {v.piece(sw.piece).name}'s swap partner is found one link away only, not along "
                f"the lines of {sw.adjacency}.",
                switchable=False,
            )
