"""What Zillions cannot express, by rule: the checks of :func:`generator.emit.fidelity.limitations`
for the Zillions target, each adding its limitations to one :class:`~generator.emit.fidelity.notes.Notes`
and switching off there what it can (counters and castling, regions, draws, captures, flag goals,
counted and forbidden checks, bare kings, hands and swaps, pawns' initial moves, promotion limits);
and what the Zillions emitter shares with them: how many choices of squares a flag goal lists, and
the ranks a piece could never leave."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from generator.betza import BetzaMove, BetzaPiece, Modality
from generator.catalogue.model import Color, PieceType, Promotion, StalemateResult, Variant, WallingRule
from generator.catalogue.rule_kinds import NO_CHECKS, TOGGLES
from generator.emit.fidelity import (
    zillions_blasts,
    zillions_drop_mate,
    zillions_facing,
    zillions_forced,
    zillions_gating,
    zillions_held,
    zillions_quiet,
    zillions_royal,
    zillions_set_up,
    zillions_stone,
)
from generator.emit.fidelity.notes import Notes
from generator.emit.fidelity.zillions_own_promotion import own_promotion
from generator.emit.fidelity.zillions_promotion import promoted_pieces
from generator.emit.fidelity.zillions_walks import immobile_ranks

#: the most choices of ``count`` squares of a flag region a Zillions goal lists, one ``absolute-config`` each
ZRF_MOST_CHOICES = 256


# --- the checks: each reads notes.variant, the variant relaxed by the checks before it ------------------


#: the toggles a download writes where a walk of the board decides them: whether it does, for a variant
WRITTEN: dict[str, Callable[[Variant], bool]] = {NO_CHECKS.key: lambda v: zillions_quiet.plan(v) is not None}


def checks(notes: Notes) -> None:
    """Every Zillions check, in the order of its notes."""
    _counters_and_castling(notes)
    _regions(notes)
    _draws(notes)
    _captures(notes)
    _walls(notes)
    _royal(notes)
    _flag_promoted(notes)
    _flag(notes)
    _checks_and_captures(notes)
    _bare_king(notes)
    _hands(notes)
    _set_up_drops(notes)
    promoted_pieces(notes)
    _swaps(notes)
    _pawn_initial_moves(notes)
    _triple_steps(notes)
    _pawns_by_piece(notes)
    own_promotion(notes)
    _promotion_limits(notes)
    _ranged_hops(notes)
    _drop_mate(notes)
    _held(notes)


def _held(notes: Notes) -> None:
    """A royal piece held in check, tested as the file writes it where :func:`zillions_held.rays` finds the
    walks exact, on the variant as every other check leaves it; else left out."""
    v = notes.variant
    if not v.royal_held_in_check or zillions_held.rays(v) is not None:
        return
    notes.add(
        "royal-held-in-check",
        "The Zillions file tells the piece giving check by walking the board from the royal piece, which is exact "
        "only where every piece takes by leaps and slides along the compass lines and the royal piece moves by "
        "single leaps; "
        "here one of these fails, so a royal piece in check may step out of it.",
    )
    notes.relax(royal_held_in_check=False)


def _drop_mate(notes: Notes) -> None:
    """The drop that may not mate, tested as the file writes it where :func:`zillions_drop_mate.plan` finds
    the test exact, on the variant as every other check leaves it; else left out."""
    v = notes.variant
    drops = v.drops
    if drops is None or drops.no_drop_mate is None or zillions_drop_mate.plan(v) is not None:
        return
    name = v.piece(drops.no_drop_mate).name
    notes.add(
        "drop-mate",
        f"The Zillions file tests a drop for mate by walking the board before it lands, which is exact only "
        f"where every piece takes by leaps and slides (no hop), no defender that slides onto the {name} could be "
        f"pinned from further along its line, the {name} checks by a leap and each side has "
        f"one royal piece and no rule that adds, forbids or forces a move; here one of these fails, so mating by "
        f"a dropped {name} wins.",
    )
    notes.relax(drops=dataclasses.replace(drops, no_drop_mate=None))


def _ranged_hops(notes: Notes) -> None:
    """A hop with a range (``pR2``): the file's cannon hop runs on to the next piece, counting no squares."""
    ranged = [p for p in notes.variant.pieces if any(m.hop and m.range for m in p.movement.moves)]
    if not ranged:
        return
    notes.add(
        "ranged-hop",
        f"The Zillions files hop as their cannons do, over the hurdle and on while the squares are empty, counting "
        f"none, so the {', '.join(p.name for p in ranged)} may land beyond the range of its hops.",
    )
    pieces = []
    for p in notes.variant.pieces:
        moves = BetzaPiece(tuple(dataclasses.replace(m, range=0) if m.hop else m for m in p.movement.moves))
        pieces.append(dataclasses.replace(p, movement=moves, betza=moves.render()) if p in ranged else p)
    notes.relax(pieces=tuple(pieces))


def _triple_steps(notes: Notes) -> None:
    """Triple steps from fewer ranks than double steps: the file's multi-step starts on one zone."""
    pr = notes.variant.pawn_rules
    if pr.triple_step_ranks is not None:
        notes.add(
            "triple-steps",
            "The Zillions file's pawns multi-step as far from each multi-step rank, so a pawn steps at most two "
            "squares there, and its triple step is left out.",
        )
        notes.relax(pawn_rules=dataclasses.replace(pr, max_steps=2, triple_step_ranks=None))


def _pawns_by_piece(notes: Notes) -> None:
    """A pawn promoted by piece with no pawn promotion: the file's pawns promote by the pawns' rules, to
    the same piece.  Beside pawn promotion, its promoted form is one more of its own type's choices."""
    v = notes.variant
    pp = v.piece_promotion
    pawns = [(x, y) for x, y in pp.pieces if v.piece(x).pawn] if pp else []
    if pp is not None and pawns and v.pawn_rules.promotion is None:
        notes.add(
            "pawn-promotion-by-piece",
            f"The Zillions file's pawns promote by the pawns' rules, so a pawn becomes a {v.piece(pawns[0][1]).name} "
            "that does not remember it was a pawn.",
        )
        kept = tuple(p for p in pp.pieces if p not in pawns)
        notes.relax(
            pawn_rules=dataclasses.replace(v.pawn_rules, promotion=Promotion(pp.ranks, (pawns[0][1],), pp.mandatory)),
            piece_promotion=dataclasses.replace(pp, pieces=kept) if kept else None,
        )


def _counters_and_castling(notes: Notes) -> None:
    """The move counter, a royal piece held in check.  First leaps are
    written: first-move-only leaps (``never-moved?``), the king's while ``not-attacked?``, and a rook's
    landing that clears the enemy king's ``never-moved?`` on its lines."""
    v = notes.variant
    if v.draws.move_rule:
        # ZRF has no numbers; the corpus's one counter, pieces on off-board positions (Checker Games.zrf's
        # count-move), makes every position a new one, which its author says the repetition rule cannot bear
        notes.add("move-rule", f"Zillions has no move counter, so the {v.draws.move_rule}-move rule is left out.")
        draws = notes.variant.draws
        notes.relax(draws=dataclasses.replace(draws, move_rule=0, move_rule_pieces=None, black_move_rule_pieces=None))
    if v.opposite_castling:
        notes.add(
            "opposite-castling",
            "Zillions' castling reads only its own king and rook, so castling takes nothing away from the opponent.",
        )
        notes.relax(opposite_castling=False)
    if v.passing:
        _passing(notes)
    if v.gating:
        zillions_gating.check(notes)


def _passing(notes: Notes) -> None:
    """A pass, written as the royal piece's staying put, ``(add-copy General)`` where it stands (as the
    corpus's lions pass, Tenjiku Shogi's common-nomove), which Zillions' checkmated goal forbids in check
    as any move that leaves the royal piece attacked.  Where the royal piece's copy would lose its
    never-moved? or promoted? mark, or where no royal piece is kept out of check, no pass is written:
    Zillions' own pass turn would let a side in check pass too."""
    v = notes.variant
    royals = [p for p in v.pieces if p.royal]
    promo = v.pawn_rules.promotion
    marked = v.castling or v.swaps or v.first_leaps or any(m.initial for p in royals for m in p.movement.moves)
    if royals and v.goals.checkmate and not (marked or (promo and {p.letter for p in royals} & set(promo.all_choices))):
        return
    notes.add(
        "passing",
        "Zillions' pass turn lets a side in check pass too, and the pass as the royal piece's staying put "
        "(add-copy on its own square) needs a royal piece that checkmate keeps out of check and that has no "
        "first-move or promotion mark to lose, so passing (and the end of the game on two passes in a row) is "
        "left out.",
    )
    notes.relax(passing=False, draws=dataclasses.replace(v.draws, double_pass=False))


def _regions(notes: Notes) -> None:
    """Regions and advanced moves, which the file writes as zones its moves test: a region where
    the piece lands (``(if (in-zone? region) add)``), advanced moves where it starts (``(verify
    (in-zone? advanced-zone))``), as the corpus's xiangqi keeps its general in the fortress and
    lets its soldier step sideways in the enemy half.  Left out where a move of the piece does
    not go through those tests (:func:`_unzoned`)."""
    confined, advanced = _unzoned(notes.variant)
    if confined:
        notes.add(
            "region",
            "The Zillions file keeps a piece in its region where its moves land, which castling, swaps and "
            f"promotion by piece do not go through, so the {', '.join(p.name for p in confined)} may move anywhere "
            "on the board.",
        )
    if advanced:
        moves = ", ".join(f"the {p.name}'s {p.advanced.betza}" for p in advanced if p.advanced is not None)
        notes.add(
            "advanced-moves",
            "The Zillions file switches a piece's moves by the zone they start in, which a pawn's multi-steps and "
            "en passant, promotion by piece and the squares a piece may not stop on do not read, so "
            f"{moves} from its advanced rank on is left out.",
        )
    if confined or advanced:
        off = {p.letter for p in confined}, {p.letter for p in advanced}
        notes.relax(
            pieces=tuple(
                dataclasses.replace(
                    p,
                    region=None if p.letter in off[0] else p.region,
                    advanced=None if p.letter in off[1] else p.advanced,
                )
                for p in notes.variant.pieces
            )
        )


def _unzoned(v: Variant) -> tuple[list[PieceType], list[PieceType]]:
    """The pieces whose region, and those whose advanced moves, the file's zones cannot keep: castling
    and swaps land their pieces themselves, a piece that promotes by piece may leave its region by
    promoting (and its promoted form is another piece type), and a pawn's multi-steps and en passant
    and the squares a piece may not stop on follow its own moves only."""
    pp = v.piece_promotion
    promoting = {x for pair in (pp.pieces if pp else ()) for x in pair}
    castling = {got[1] for cm in v.castling for sq in (cm.king_from, cm.rook_from) if (got := v.setup.piece_at(sq))}
    whole = promoting | castling | ({p.letter for p in v.pieces} if v.swaps else set())
    confined = [p for p in v.pieces if p.region is not None and p.letter in whole]
    switched = promoting | {p.letter for p in v.pieces if p.pawn or v.immobility_illegal}
    return confined, [p for p in v.pieces if p.advanced is not None and p.letter in switched]


def _draws(notes: Notes) -> None:
    v = notes.variant
    draws = v.draws
    if draws.perpetual_check_loses:
        notes.add(
            "perpetual-check",
            "Zillions' repetition goal is a draw whoever gave check, so perpetual check does not lose.",
        )
        draws = dataclasses.replace(draws, perpetual_check_loses=False)
    if draws.chasing is not None:
        notes.add(
            "chasing",
            "Zillions' repetition goal cannot see which pieces each move attacked, so a perpetual chase does not "
            "lose, and without a move count the checks given cannot lengthen the move rule.",
        )
        draws = dataclasses.replace(draws, chasing=None)
    if draws.counting is not None:
        notes.add(
            "counting",
            f"Zillions cannot count moves (no numbers, no move counter), so the {draws.counting.value} counting rule "
            "is left out: a count kept in pieces on off-board positions, as Checker Games.zrf keeps one, would make "
            "every position a new one, so that no repetition could ever be seen.",
        )
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
    if draws.draw_odds is not None and (v.goals.bare_king is not None or draws.stalemate_piece_count):
        # a stalemate and a repetition are written as the side's wins; two bare kings and equal counts draw
        notes.add(
            "draw-odds",
            f"Zillions' draws are draws for both players, so {draws.draw_odds.word.title()}'s draw odds are left out.",
        )
        draws = dataclasses.replace(draws, draw_odds=None)
    if draws.points is not None:
        notes.add(
            "points",
            "Zillions' draws are draws for both players and it counts no points, so a game end that would be a "
            "draw is one here.",
        )
        draws = dataclasses.replace(draws, points=None)
    facing = zillions_facing.plan(v)
    if draws.bikjang and facing is None:
        notes.add(
            "bikjang",
            "Zillions has no rule for royal pieces facing each other (bikjang): they may stay facing, and no pass "
            "ends the game there.",
        )
        draws = dataclasses.replace(draws, bikjang=False)
    if draws.move_repetition_loses:
        notes.add(
            "move-repetition",
            "Zillions cannot see a piece moved back and forth (it judges positions, not the moves between them), "
            "so the ban on it is left out.",
        )
        draws = dataclasses.replace(draws, move_repetition_loses=False)
    if draws.double_pass and (draws.stalemate is StalemateResult.PASS or v.passing) and facing is None:
        notes.add(
            "double-pass",
            "Zillions has no rule that ends the game when both sides have passed in a row (its goals read the "
            "board, which a pass leaves as it was, and its repetition waits for a third time), so the passes go on.",
        )
        draws = dataclasses.replace(draws, double_pass=False)
    if draws.repetition not in (0, 3):
        notes.add(
            "repetition",
            f"Zillions' repetition goal is threefold, so the {draws.repetition}-fold repetition draw is played "
            "as threefold.",
        )
        draws = dataclasses.replace(draws, repetition=3)
    if draws != v.draws:
        notes.relax(draws=draws)


def _captures(notes: Notes) -> None:
    """Explosions, mutually immune and petrifying pieces, pseudo-royal pieces: what the ZRF's captures do."""
    v = notes.variant
    exploding = v.explosions is not None  # as played before this check switches explosions off
    blast = zillions_blasts.plan(v)
    if exploding and blast is None:
        notes.add(
            "explosions",
            "The Zillions file's captures take the pieces around the square ((capture n), as 03.Bombs.zrf does) "
            "and the capturing piece itself (a capture on its own square, as Duke.zrf's strike), but make no "
            "wall and fill no hand: here a blast meets walls, turns pieces to stone or sends them to a hand, so "
            "captures do not explode.",
        )
        notes.relax(explosions=None)
    elif exploding:
        notes.add(
            "explosions-alike",
            "Zillions lists two moves that leave the same position as one, so of captures whose explosions take "
            "the same pieces it plays only one: a pawn's promotions as it captures (the new piece blown up at "
            "once), two capturers side by side taking one piece, one capturer taking either of two pieces side by "
            "side.",
            switchable=False,
        )
    if v.mutually_immune and v.flying_general and any(v.piece(x).royal for x in v.mutually_immune):
        names = ", ".join(v.piece(x).name for x in v.mutually_immune)
        notes.add(
            "mutually-immune",
            f"The Zillions file's royal piece flies onto the other along the open file whatever it is, so a {names} "
            "may take another.",
        )
        notes.relax(mutually_immune=())
    zillions_stone.check(notes, exploding)
    if blast is None or not blast.royal:  # else written royal, and a blast on the other one wins
        zillions_royal.pseudo_royal(notes, exploding)


def _walls(notes: Notes) -> None:
    """Walls placed by every move: the ZRF's moves move pieces only."""
    walling = notes.variant.walling
    if walling is not None:
        what = "the duck is left out" if walling.rule is WallingRule.DUCK else "no move places one"
        notes.add("walling", f"Zillions' moves place no wall besides the piece they move, so {what}.")
        notes.relax(walling=None)


def _royal(notes: Notes) -> None:
    v = notes.variant
    royals = [p for p in v.pieces if p.royal]
    if royals and not v.goals.checkmate:
        notes.add(
            "royal",
            "Zillions keeps a piece out of check only through a checkmate goal, which this variant does not "
            f"have, so the {royals[0].name} may be left attacked.",
            switchable=False,
        )
    if v.goals.shatar_mate is not None:
        notes.add(
            "shatar-mate",
            "Zillions' checkmate goal cannot see which pieces gave the checks that led to the mate, so shatar's "
            "mate rule is left out: every checkmate wins.",
        )
        notes.relax(goals=dataclasses.replace(v.goals, shatar_mate=None))


def _bare_king(notes: Notes) -> None:
    v = notes.variant
    goals = v.goals
    bare = goals.bare_king
    if bare is not None and v.swaps:
        notes.add(
            "bare-king-swap",
            "The swap rights are pieces on invisible squares, which Zillions' piece counts would see, so the "
            "bare-king rule is left out.",
        )
        notes.relax(goals=dataclasses.replace(notes.variant.goals, bare_king=None))
    elif bare is not None:
        notes.add(
            "bare-king-reply",
            "Zillions' goals cannot tell whether a bared king has had its one more move, so a side bared by an "
            f"opponent with fewer than {bare.opponent_minimum} other pieces is not declared lost after its reply: "
            "the game goes on.",
            switchable=False,
        )


def _flag_promoted(notes: Notes) -> None:
    """A flag piece some piece promotes to: the file's promoted form is a piece of its own."""
    v = notes.variant
    flag, pp = v.goals.flag, v.piece_promotion
    if flag is not None and pp is not None and flag.piece is not None and any(y == flag.piece for _, y in pp.pieces):
        notes.add(
            "flag-promoted",
            f"Zillions writes a promoted piece as a piece of its own, which its flag goal would not count, so the "
            f"goal of bringing a {v.piece(flag.piece).name} to its region is left out.",
        )
        notes.relax(goals=dataclasses.replace(v.goals, flag=None))


def _flag(notes: Notes) -> None:
    """The flag goal (a race): the squares Zillions fills, and the rules it cannot say."""
    v = notes.variant
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
        notes.relax(goals=dataclasses.replace(notes.variant.goals, flag=relaxed_flag))


def _checks(count: int) -> str:
    return "a check" if count == 1 else f"{count} checks"


def _checks_and_captures(notes: Notes) -> None:
    """Counted checks, castling that wins, the yes-or-no rule kinds a download cannot play (forbidden
    checks among them), and forced captures beside a royal piece."""
    v = notes.variant
    if v.goals.check_count is not None:
        notes.add(
            "check-count",
            f"Zillions cannot count checks (no numbers, and its tests read the board before the move, so none "
            f"sees a check given), so giving {_checks(v.goals.check_count)} does not win: the game is played to "
            "checkmate.",
        )
        notes.relax(goals=dataclasses.replace(notes.variant.goals, check_count=None))
    if v.goals.castling_wins:
        notes.add(
            "castling-wins",
            "The Zillions file's goals do not look at castling, so castling wins nothing and losing the right to "
            "castle loses nothing there.",
        )
        notes.relax(goals=dataclasses.replace(notes.variant.goals, castling_wins=()))
    for toggle in TOGGLES:  # the yes-or-no rule kinds a download cannot play
        written = WRITTEN.get(toggle.key)
        if toggle.zillions is not None and toggle.on(notes.variant) and not (written and written(notes.variant)):
            notes.add(*toggle.zillions)
            notes.switch_off(toggle)
    if v.must_capture and v.goals.checkmate and any(p.royal for p in v.pieces) and zillions_forced.plan(v) is None:
        notes.add(
            "must-capture-royal",
            "Zillions ranks the captures first and only then drops the moves that leave the royal piece "
            "attacked, and here no walk of the board can test each capture first, so a side whose captures are "
            "all illegal would have no move at all: captures are not forced.",
        )
        notes.relax(must_capture=False)


def promoted_drops_written(v: Variant) -> bool:
    """Whether the Zillions file drops a piece in hand as its promoted form too: a second drop from the
    hand position landing as that form (``(add PromotedLance)``, as a pawn's landing adds its promotion),
    written where pieces in hand stand on hand positions (captures to hand, promoted pieces going back as
    what they were), no promoting piece is a pawn (whose promotion the file may write by the pawns' rules,
    with no promoted form) and, where immobility is illegal, no promoted form has squares it could never
    leave (the drop would have to keep off them)."""
    drops, pp = v.drops, v.piece_promotion
    if drops is None or pp is None or not drops.captures_to_hand or drops.keep_promoted:
        return False
    if any(v.piece(x).pawn for x, _ in pp.pieces):
        return False
    return not v.immobility_illegal or all(immobile_ranks(v, v.piece(y)) == () for _, y in pp.pieces)


def _set_up_drops(notes: Notes) -> None:
    """A set-up phase by drops: forced drops, pieces kept on both colours, castling gained by drops, each
    written where :func:`zillions_set_up.plan` finds the set-up turns exact."""
    v = notes.variant
    drops = v.drops
    turns = zillions_set_up.plan(v)
    if drops is not None and drops.must and turns is None:
        notes.add(
            "must-drop",
            "The Zillions files give a side set-up turns, drops only, where both hands hold as many pieces, none "
            "comes back to a hand and no drop of the set-up can give check; here one does not hold: drops are not "
            "forced.",
        )
        drops = dataclasses.replace(drops, must=False, must_piece=None)
    if drops is not None and drops.opposite_colors and (turns is None or turns.paired is None):
        notes.add(
            "drop-colors",
            f"The Zillions files keep the {v.piece(drops.opposite_colors).name}s on both colours only where two of "
            "them in each hand are dropped in set-up turns onto one rank, so here they may end on squares of one "
            "colour.",
        )
        drops = dataclasses.replace(drops, opposite_colors=None)
    if drops is not None and drops.castling and (turns is None or not turns.castling):
        notes.add(
            "castling-by-drops",
            "The Zillions files castle with a dropped king and rook only where both start in hand and are dropped "
            "in set-up turns, before any piece moves; here a dropped king or rook never castles.",
        )
        drops = dataclasses.replace(drops, castling=None)
        set_up = tuple(cm for cm in v.castling if v.setup.piece_at(cm.king_from) and v.setup.piece_at(cm.rook_from))
        if set_up != v.castling:
            notes.relax(castling=set_up)
    if drops != v.drops:
        notes.relax(drops=drops)


def _hands(notes: Notes) -> None:
    """What the Zillions files cannot say of hands and promotion by piece, switched off."""
    v = notes.variant
    drops = v.drops
    if drops is not None and not drops.captures_to_hand and drops.one_per_file:
        notes.add(
            "drop-rules",
            "Where captures leave the board, the Zillions files keep the pieces in hand in Zillions' own store, "
            "with no file to walk for the pieces of one type, so one piece per file is left out.",
        )
        drops = dataclasses.replace(drops, one_per_file=None)
    if drops is not None and drops.promoted and not promoted_drops_written(v):
        notes.add(
            "drop-promoted",
            "The Zillions files drop a piece as its promoted form ((add PromotedLance) on a drop from a hand "
            "position) only where captured pieces go to the captor's hand, each promoting piece has a promoted "
            "form of its own (no pawn's promotion written by the pawns' rules, no promoted piece kept in hand) "
            "and that form may stand on every square of the drop zone; here one of these fails, so a drop as "
            "the piece it promotes to is left out.",
        )
        drops = dataclasses.replace(drops, promoted=False)
    if drops != v.drops:
        notes.relax(drops=drops)
    stuck = [p.name for p in v.pieces if immobile_ranks(v, p) is None] if v.immobility_illegal else []
    if stuck:
        notes.add(
            "immobility",
            f"The Zillions files keep a piece off the squares it could never leave by ranks (a zone), and the "
            f"{', '.join(stuck)} would be stuck on squares that are not whole ranks, so the rule is left out.",
        )
        notes.relax(immobility_illegal=False)


def _swaps(notes: Notes) -> None:
    v = notes.variant
    for sw in v.swaps:
        if any(m.range != 1 or m.lame for m in sw.adjacency_movement.moves):
            notes.add(
                "swap-adjacency",
                f"The {v.piece(sw.piece).name}'s swap partner is found one link away only, not along "
                f"the lines of {sw.adjacency}.",
                switchable=False,
            )


def _along_a_line(m: BetzaMove) -> bool:
    """A first-move leap whose passed squares lie on a line: the ZRF's en passant walks that line from
    the passed square to where the pawn stopped and back to where it started (``last-to?``, ``last-from?``)."""
    return m.range == 1 and not m.hop and all(dx == 0 or dy == 0 or abs(dx) == abs(dy) for dx, dy in m.vectors())


def _pawn_initial_moves(notes: Notes) -> None:
    """A pawn's initial moves are multi-steps from the multi-step ranks; the ZRF plays them as a
    piece's first move, with en passant where they leap along a line (Berolina's diagonal one)."""
    v = notes.variant
    pawns = [p for p in v.pieces if p.pawn and any(m.initial for m in p.movement.moves)]
    if not pawns:
        return
    names = ", ".join(f"the {p.name}'s {' '.join(m.render() for m in p.movement.moves if m.initial)}" for p in pawns)
    if v.pawn_rules.en_passant and not all(_along_a_line(m) for p in pawns for m in p.movement.moves if m.initial):
        notes.add(
            "pawn-initial-en-passant",
            "Zillions' en passant walks a line from the passed square to the pawn, which a slide or a leap off "
            f"the lines does not pass along, so en passant is left out ({names}).",
        )
        notes.relax(pawn_rules=dataclasses.replace(notes.variant.pawn_rules, en_passant=False))
    if any(
        m.vectors() and not m.initial and any(dy <= 0 for _, dy in m.vectors()) for p in pawns for m in p.movement.moves
    ):
        notes.add(
            "pawn-initial-move",
            f"Zillions plays a piece's initial move before its first move only, so {names} is not played again "
            "by a pawn that has moved but stands on a multi-step rank.",
            switchable=False,
        )


def _promotion_limits(notes: Notes) -> None:
    """The ZRF counts a side's pieces as a pawn promotes by walking the board row by row, which a
    board with holes breaks; Black's own choices and pawns marked promoted (for hands) it does not
    combine with the count: there every choice stays open."""
    v = notes.variant
    pr = v.pawn_rules
    if pr.promotion is None or not pr.promotion.limits:
        return
    hands = v.drops is not None and v.drops.captures_to_hand
    if not (v.board.holes or pr.promotion.black_choices or hands):
        return
    limits = ", ".join(f"{v.piece(x).name}: {n}" for x, n in pr.promotion.limits)
    notes.add(
        "promotion-limit",
        "The Zillions file counts a side's pieces as a pawn promotes by walking the board row by row, which "
        "holes on the board, Black's own choices or captures to hand do not go with, so the promotion limits "
        f"({limits}) are left out.",
    )
    notes.relax(pawn_rules=dataclasses.replace(pr, promotion=dataclasses.replace(pr.promotion, limits=())))
