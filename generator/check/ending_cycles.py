"""Game-end proofs played as sequences of moves: the cycles of a repetition (:func:`cycle_ending`), the
rules on chasing's perpetual chase, and the move rule lengthened by checks (``draws.chasing``).

* **perpetual chase**: small positions, then positions along random games, until four quiet moves that
  bring the position back, one of them or the reply chasing a piece (:mod:`generator.engine.chasing`),
  played over and over make the side that chased with every move lose by the repetition.
* **checks lengthen the move rule**: from a small position whose half-move clock is 30 plies short of
  the limit, a search for 44 quiet plies without a third repetition in which the side to move gives check
  with 14 of its moves, then quiet moves until the move rule draws, later than it would without those
  checks.

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> from generator.check.ending_positions import small_positions
>>> xiangqi = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("xiangqi")
>>> [case] = perpetual_chase(xiangqi, small_positions(xiangqi, "perpetual chase"))
>>> len(case.moves)
8
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.catalogue.model import Variant
from generator.check.fairy_stockfish_worker import fsf_fen
from generator.engine import Move, Position, uci
from generator.engine import moves as mv
from generator.engine.moved_back import counted
from generator.engine.outcome import Outcome, Reason
from generator.engine.rules import Rules
from generator.engine.state import EMPTY

__all__ = [
    "Ending",
    "by_counted",
    "checks_lengthen",
    "cycle_ending",
    "four_moves",
    "perpetual_chase",
    "playable",
    "quiet",
    "reverse",
    "reversible",
    "spell",
]

#: the checks-lengthen search: plies, checks the side to move gives in them, nodes per position
CHECKING_PLIES, CHECKS, NODES = 44, 14, 3000
_SQUARE_PAIR = re.compile(r"([a-z]\d+)([a-z]\d+)")


@dataclass(frozen=True)
class Ending:
    """A position (``fen``, Fairy-Stockfish's fields) and the moves from it; the last move makes ``rule`` decide."""

    rule: str
    fen: str
    moves: tuple[str, ...]


def spell(pos: Position, m: Move) -> str:
    return _spelled(pos.rules, m)


@functools.lru_cache(maxsize=1 << 16)
def _spelled(rules: Rules, m: Move) -> str:
    """A move's spelling, kept: the searches spell every move of every position they look at, to take
    them in one order on every run, and the same moves come back again and again."""
    return uci(rules, m)


def quiet(pos: Position, m: Move) -> bool:
    """A move that resets no counter and changes no right: no capture, no pawn, no royal piece."""
    kind, frm, to, _ = m
    if kind != mv.NORMAL or pos.board[to] != EMPTY:
        return False
    t = pos.board[frm] >> 1
    return not pos.rules.is_pawn[t] and not pos.rules.is_royal[t]


def reverse(text: str) -> str:
    """The move back; a wall the move placed (``g1f3,f3e4``) is placed there again (``f3g1,g1e4``), so
    that two moves and their two moves back leave every wall as after the two."""
    if text == "0000":
        return text
    move, comma, wall = text.partition(",")
    m = _SQUARE_PAIR.fullmatch(move)
    if m is None:
        return ""
    return f"{m[2]}{m[1]},{m[1]}{wall[len(m[2]) :]}" if comma else f"{m[2]}{m[1]}"


def cycle_ending(
    variant: Variant,
    positions: Iterable[Position],
    find: Callable[[Position], list[str] | None],
    rule: str,
    ends: Callable[[Outcome, list[str]], bool],
) -> list[Ending]:
    """The first of ``positions`` where ``find`` finds a cycle of four moves that, played over and over
    until the game ends, ends it as ``ends`` says ``rule`` does: that ending, or none."""
    for pos in positions:
        cycle = find(pos)
        if cycle is None:
            continue
        fen = fsf_fen(pos.fen())
        replay = Position.from_fen(variant, fen)
        replay.track_history()
        played: list[str] = []
        for i in range(4 * (variant.draws.repetition + 1)):
            played.append(cycle[i % 4])
            replay.push_uci(played[-1])
            end = replay.outcome()
            if end is not None:
                if ends(end, played):
                    return [Ending(rule, fen, tuple(played))]
                break
    return []


def four_moves(
    pos: Position,
    replies: Callable[[Position], list[tuple[str, Move]]],
    fits: Callable[[Position, str, str, Move], bool],
    firsts: Callable[[Position], list[tuple[str, Move]]] | None = None,
) -> list[str] | None:
    """A move ``a`` of ``firsts`` (:func:`reversible`), the first reply ``b`` of ``replies`` that ``fits``
    (called after ``a``, with both spellings and ``b``'s move), and both played back; None if there is none."""
    for a, a_move in (firsts or reversible)(pos):
        pos.push(a_move)
        b = next((b for b, b_move in replies(pos) if fits(pos, a, b, b_move)), None)
        pos.pop()
        if b is not None:
            return [a, b, reverse(a), reverse(b)]
    return None


def by_counted(banned: bool) -> Callable[[Position], list[tuple[str, Move]]]:
    """The moves of :func:`reversible`, passes aside, by pieces the ban on moving back and forth counts (or
    does not)."""

    def moves(pos: Position) -> list[tuple[str, Move]]:
        board, rules = pos.board, pos.rules
        return [
            (t, m)
            for t, m in reversible(pos)
            if m[0] != mv.PASS and counted(rules, pos.turn, board[m[1]] >> 1) == banned
        ]

    return moves


def reversible(pos: Position) -> list[tuple[str, Move]]:
    """The moves of ``pos`` that a move back may undo, quiet ones (:func:`quiet`) and passes, by spelling."""
    return sorted((spell(pos, m), m) for m in pos.legal_moves() if quiet(pos, m) or m[0] == mv.PASS)


def playable(pos: Position, first: list[Move], then: list[str]) -> bool:
    """Whether, after ``first`` (legal), the moves spelled ``then`` are legal in turn from ``pos``
    (which is left as it was)."""
    played = 0
    for m in first:
        pos.push(m)
        played += 1
    ok = True
    for text in then:
        found = next((m for m in pos.legal_moves() if spell(pos, m) == text), None)
        if found is None:
            ok = False
            break
        pos.push(found)
        played += 1
    for _ in range(played):
        pos.pop()
    return ok


def perpetual_chase(variant: Variant, positions: Iterable[Position]) -> list[Ending]:
    """A cycle in which one side chases with both its moves, played until the repetition makes it lose."""
    return cycle_ending(variant, positions, _chasing_cycle, "perpetual chase", _chase_lost)


def _chase_lost(end: Outcome, _: list[str]) -> bool:
    return end.why is Reason.PERPETUAL_CHASE


def _chasing_cycle(pos: Position) -> list[str] | None:
    """Four quiet moves that bring ``pos`` back, the first or the reply chasing, after which the
    repetition makes a side lose by perpetual chase (the cycle played twice)."""
    pos.track_history()
    return four_moves(pos, reversible, _keeps_chasing)


def _keeps_chasing(pos: Position, a: str, b: str, b_move: Move) -> bool:
    pos.push(b_move)
    last_two = pos.chases_from(len(pos.chases) - 2)
    chasing = bool(last_two[-1][0] or last_two[-2][0])
    pos.pop()
    if not chasing:
        return False
    end = _played_out(pos, [b_move], [reverse(a), reverse(b), a, b, reverse(a), reverse(b)])
    return end is not None and end.why is Reason.PERPETUAL_CHASE


def _played_out(pos: Position, first: list[Move], then: list[str]) -> Outcome | None:
    """The result after ``first`` and the moves spelled ``then`` (None if one is illegal or the game
    ends before); ``pos`` is left as it was."""
    for m in first:
        pos.push(m)
    played, end = len(first), None
    for text in then:
        found = next((m for m in pos.legal_moves() if spell(pos, m) == text), None)
        if found is None:
            break
        pos.push(found)
        played += 1
        end = pos.outcome()
        if end is not None:
            break
    complete = played == len(first) + len(then)
    for _ in range(played):
        pos.pop()
    return end if complete else None


def checks_lengthen(variant: Variant, positions: Iterable[Position]) -> list[Ending]:
    """Quiet moves from a half-move clock 30 plies short of the limit, the side to move checking often
    (:data:`CHECKS` in :data:`CHECKING_PLIES`), until the move rule draws beyond its limit."""
    limit = 2 * variant.draws.move_rule
    for pos in positions:
        fields = fsf_fen(pos.fen()).split()
        fields[-2] = str(limit - 30)
        fen = " ".join(fields)
        replay = Position.from_fen(variant, fen)
        replay.track_history()
        found = _checking(replay, replay.turn, 0, [NODES])
        if found is None:
            continue
        played = [*found, *_to_the_draw(replay)]
        if replay.halfmove > limit and (end := replay.outcome()) is not None and end.why is Reason.MOVE_RULE:
            return [Ending("checks lengthen the move rule", fen, tuple(played))]
    return []


def _steps(pos: Position) -> list[tuple[bool, str, Move]]:
    """The moves that neither take nor restart the count, into a position seen at most once before and
    not ended, each with whether it gives check (checks first)."""
    out = []
    for m in pos.legal_moves():
        if pos.board[m[2]] != EMPTY or m[0] != mv.NORMAL:
            continue
        clock = pos.halfmove
        pos.push(m)
        if pos.halfmove > clock and pos.history.count(pos.history[-1]) < 2 and pos.outcome() is None:
            out.append((not pos.in_check(), spell(pos, m), m))
        pos.pop()
    return sorted(out)


def _checking(pos: Position, checker: int, checks: int, budget: list[int]) -> list[str] | None:
    """A depth-first search for the rest of the checking plies (played on ``pos``); None if it fails."""
    budget[0] -= 1
    ply = len(pos.history) - 1
    if ply == CHECKING_PLIES:
        return [] if checks >= CHECKS else None
    mine = pos.turn == checker
    if budget[0] < 0 or checks + (CHECKING_PLIES - ply + mine) // 2 < CHECKS:
        return None
    for quiet_step, text, m in _steps(pos):
        pos.push(m)
        rest = _checking(pos, checker, checks + (mine and not quiet_step), budget)
        if rest is not None:
            return [text, *rest]
        pos.pop()
    return None


def _to_the_draw(pos: Position) -> list[str]:
    """Quiet moves played on ``pos`` until the game ends (or no such move is left)."""
    played: list[str] = []
    while pos.outcome() is None:
        steps = _steps(pos) or [
            (True, spell(pos, m), m) for m in pos.legal_moves() if pos.board[m[2]] == EMPTY and m[0] == mv.NORMAL
        ]
        if not steps:
            break
        pos.push(steps[0][2])
        played.append(steps[0][1])
    return played
