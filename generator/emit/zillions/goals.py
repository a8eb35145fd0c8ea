"""How a game ends in ZRF: ``checkmated``; a flag goal (a race) as ``absolute-config`` over the goal squares;
the bare king with ``pieces-remaining`` and ``total-piece-count``; extinction with
``pieces-remaining``; ``stalemated``; ``repetition``."""

from __future__ import annotations

import itertools

from generator.catalogue.model import BareKing, Color, Extinction, Result, StalemateResult, Variant
from generator.emit.fidelity.zillions import ZRF_MOST_CHOICES
from generator.emit.fidelity.zillions_blasts import plan as blast_plan
from generator.emit.fidelity.zillions_royal import royal_letters
from generator.emit.zillions.context import PLAYERS, Condition
from generator.emit.zillions.drop_mate import goal as drop_mate_goal
from generator.emit.zillions.facing import goal as facing_goal
from generator.emit.zillions.names import Names

BOTH = (PLAYERS[Color.WHITE], PLAYERS[Color.BLACK])

_STALEMATE = {
    StalemateResult.DRAW: Condition(
        "draw-condition", BOTH, "stalemated", "a side without a legal move is stalemated: a draw"
    ),
    StalemateResult.LOSS: Condition("loss-condition", BOTH, "stalemated", "a side without a legal move loses"),
    StalemateResult.WIN: Condition("win-condition", BOTH, "stalemated", "a side without a legal move wins"),
}


def _mated(v: Variant) -> tuple[str, ...]:
    """The players that can be checkmated: a side without a royal piece (horde) cannot; one whose royal
    piece is in hand (a set-up phase by drops) can, once it stands."""
    held = [(c, x) for _, c, x in v.setup.placement] + [(c, x) for c, x, _ in v.setup.pockets]
    royal = royal_letters(v)
    return tuple(PLAYERS[c] for c in Color if any(col is c and x in royal for col, x in held))


def conditions(v: Variant, names: Names, tokens: bool) -> list[Condition]:
    """The win, loss and draw conditions of ``v``, in file order."""
    out: list[Condition] = drop_mate_goal(v) + facing_goal(v)
    royals = [names.letters()[x] for x in royal_letters(v)]
    mated = _mated(v)
    if v.goals.checkmate and royals and v.goals.checkmate_result is Result.WIN:
        out.append(
            Condition(
                "win-condition",
                mated,
                f"(checkmated {' '.join(royals)})",
                "the checkmated side wins; no move may leave the royal piece attacked",
            )
        )
    elif v.goals.checkmate and royals:
        out.append(
            Condition(
                "loss-condition",
                mated,
                f"(checkmated {' '.join(royals)})",
                "checkmate wins; no move may leave the royal piece attacked",
            )
        )
    ext = v.goals.extinction
    if ext is not None and not (ext.pseudo_royal and v.explosions is None):  # else only checkmate ends it
        blast = blast_plan(v)
        out.append(_extinction(ext, names, blast.royal if blast is not None and names.victor else ""))
    out += _flag(v, names)
    if v.goals.bare_king is not None and not tokens:
        out += _bare_king(v.goals.bare_king)
    if v.draws.stalemate_piece_count and v.draws.stalemate is StalemateResult.LOSS:
        out.append(
            Condition(
                "count-condition", BOTH, "stalemated", "stalemate: the side with more pieces wins, equal numbers draw"
            )
        )
    elif v.draws.draw_odds is not None and v.draws.stalemate is StalemateResult.DRAW:
        out += _decided(v.draws.draw_odds, "stalemated", "a stalemate")
    elif v.draws.stalemate in _STALEMATE:
        out.append(_STALEMATE[v.draws.stalemate])
    return out + _repetition(v)


def _decided(winner: Color, goal: str, what: str) -> list[Condition]:
    """A goal that one side wins whoever it befalls: that side's win and the other's loss, each tested for the
    side about to move, as the original Chess.zrf's King vs. King writes its repetition."""
    loser = PLAYERS[winner.other]
    return [
        Condition("win-condition", (PLAYERS[winner],), goal, f"{what} wins for {PLAYERS[winner]}"),
        Condition("loss-condition", (loser,), goal, f"{what} loses for {loser}"),
    ]


def _repetition(v: Variant) -> list[Condition]:
    """The repetition: a draw; the side to move's win or loss (``to_move``, ``mover``); or where one side wins
    it, that side's win and the other's loss, as the
    original Chess.zrf's King vs. King writes it: ``(win-condition (Black) repetition)`` and
    ``(loss-condition (White) repetition)``.  Zillions seems to test a repetition goal for one side only,
    the one about to move (Chess.zrf states both lines; Polygamo and Axiom test it so): both lines end the
    game whoever that is."""
    winner = v.draws.repetition_winner or v.draws.draw_odds  # draw odds: the drawn repetition goes to that side
    if not v.draws.repetition:
        return []
    if isinstance(winner, Color):
        return _decided(winner, "repetition", "threefold repetition")
    if winner in ("to_move", "mover"):
        # for both players, tested for the side about to move: Dagaz's chess games' (loss-condition ... repetition)
        kind, why = ("win-condition", "wins") if winner == "to_move" else ("loss-condition", "loses")
        return [Condition(kind, BOTH, "repetition", f"threefold repetition {why} for the side to move")]
    return [Condition("draw-condition", BOTH, "repetition", "threefold repetition draws")]


def _extinction(ext: Extinction, names: Names, crowned: str) -> Condition:
    """The extinction goal; the type ``crowned`` (a royal piece's letter) counts its victorious form too."""
    # pieces-remaining counts exactly: "at most n" is one test per count from 0 to n
    types = [names.piece[x] for x in ext.pieces] or [""]
    tests = [f"(pieces-remaining {n}{' ' + t if t else ''})" for t in types for n in range(ext.count + 1)]
    if crowned:  # a king crowned as it wins is still there
        king = f" {names.piece[crowned]})"
        tests = [f"(and {t} (pieces-remaining 0 {names.victor}))" if t.endswith(king) else t for t in tests]
    what = " or ".join(ext.pieces) if ext.pieces else "pieces"
    return Condition(
        f"{_CONDITION[ext.result]}-condition",
        BOTH,
        tests[0] if len(tests) == 1 else f"(or {' '.join(tests)})",
        f"a side with {ext.count} or fewer {what} {_VERB[ext.result]}",
    )


#: the Zillions goal of an extinction's result, and the verb that says it
_CONDITION = {Result.WIN: "win", Result.LOSS: "loss", Result.DRAW: "draw"}
_VERB = {Result.WIN: "wins", Result.LOSS: "loses", Result.DRAW: "draws"}


def _flag(v: Variant, names: Names) -> list[Condition]:
    """The flag goal: a race as its pieces on every goal square; ``count`` pieces in the region as the
    pieces on any ``count`` of its squares, one ``absolute-config`` each."""
    flag = v.goals.flag
    if flag is None:
        return []
    types = " ".join(names.piece[p.letter] for p in v.pieces if flag.piece in (None, p.letter))
    out = []
    for color in (c for c in Color if flag.regions[c]):
        squares = [sq.name for sq in sorted(flag.regions[color], key=lambda sq: (sq.rank, sq.file))]
        if flag.count is None:
            goal = f"(absolute-config {types} ({' '.join(squares)}))"
            comment = f"{PLAYERS[color]} wins with its pieces on every square of its goal ranks"
        else:
            configs = [f"(absolute-config {types} ({' '.join(c)}))" for c in _choices(squares, flag.count)]
            goal = configs[0] if len(configs) == 1 else f"(or {' '.join(configs)})"
            what = "piece" if flag.piece is None else names.piece[flag.piece]
            many = f"a {what} on any square" if flag.count == 1 else f"{flag.count} of type {what} on squares"
            comment = f"{PLAYERS[color]} wins with {many} of its region"
        out.append(Condition("win-condition", (PLAYERS[color],), goal, comment))
    return out


def _choices(squares: list[str], count: int) -> list[tuple[str, ...]]:
    """Every choice of ``count`` of ``squares``, the first :data:`~generator.emit.fidelity.zillions.ZRF_MOST_CHOICES`
    of them at most."""
    return list(itertools.islice(itertools.combinations(squares, count), ZRF_MOST_CHOICES))


def _bare_king(bare: BareKing) -> list[Condition]:
    out = []
    if bare.both_bare_draw:
        out.append(Condition("draw-condition", BOTH, "(total-piece-count 2)", "both kings bare: a draw"))
    # a side with its king alone loses at once when the other side keeps at least opponent_minimum
    # pieces besides its king, that is when the board holds at least opponent_minimum + 2 pieces
    excluded = range(2, max(2, bare.opponent_minimum + 1) + 1)
    parts = ["(pieces-remaining 1)"] + [f"(not (total-piece-count {n}))" for n in excluded]
    out.append(
        Condition(
            "loss-condition",
            BOTH,
            f"(and {' '.join(parts)})",
            f"a bare king loses against {bare.opponent_minimum} or more other pieces",
        )
    )
    return out
