"""Perft counts compared with a native Fairy-Stockfish, and bisection to the first wrong move.

For one variant, :func:`check_counts` compares the reference engine's perft with the engine's
``go perft`` (per move) from the start position to ``depth``, then along ``games`` random games
(drawn as in :mod:`generator.check.compare`) at every :data:`GAME_STEP`-th ply to
``game_depth``.  Where two counts differ, :func:`bisect` follows the first move whose counts
differ down, one ply at a time, to the first position where the two move lists differ, and
reports that position's FEN, the moves that lead there and the moves each side has.  Its cost
is one divide per ply of the depth, not the size of the tree.

Counting compares move generation everywhere the walk goes, at native speed; game results
are compared by the position-by-position check (:mod:`generator.check.compare`).  Rules the
engine cannot express are switched off in the reference first, as there.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.catalogue.model import Variant
from generator.check.compare import Disagreement, Progress
from generator.emit.fidelity import Limitation, limitations, relaxed
from generator.engine import Position, uci
from generator.engine.perft import divide

#: a random game is counted at every GAME_STEP-th ply
GAME_STEP = 8

#: ``counts(moves, depth)``: the engine's perft per first move after ``moves`` (the reference's
#: spelling; passes ``0000``), its own spelling of passes turned into ``0000``
Counts = Callable[[Sequence[str], int], dict[str, int]]


@dataclass
class CountReport:
    """What :func:`check_counts` found for one variant."""

    variant: str
    engine: str
    nodes: int = 0  #: leaf nodes counted by both and compared
    counts: int = 0  #: perft runs compared (the start, and the positions along the games)
    seconds: float = 0.0
    reference_seconds: float = 0.0
    engine_seconds: float = 0.0
    limitations: tuple[Limitation, ...] = ()
    disagreement: Disagreement | None = None
    proved: tuple[str, ...] = ()  #: game-end rules proved (:mod:`generator.check.endings`)
    unbuilt: tuple[str, ...] = ()  #: rules the variant has for which no deciding position was found

    @property
    def ok(self) -> bool:
        return self.disagreement is None

    def summary(self) -> str:
        """One line: what was counted, and where the time went."""
        total = self.seconds or 1.0
        return (
            f"{self.variant}: {self.nodes} nodes in {self.counts} perft counts compared, {self.seconds:.1f} s "
            f"(reference {100 * self.reference_seconds / total:.0f}%, {self.engine} "
            f"{100 * self.engine_seconds / total:.0f}%)"
        )


class _Timed:
    """The engine's counts, timed, and the reference's perft, timed, for one report."""

    def __init__(self, counts: Counts, report: CountReport) -> None:
        self._counts = counts
        self.report = report

    def engine(self, moves: Sequence[str], depth: int) -> dict[str, int]:
        t0 = time.perf_counter()
        try:
            return self._counts(moves, depth)
        finally:
            self.report.engine_seconds += time.perf_counter() - t0

    def reference(self, pos: Position, depth: int) -> dict[str, int]:
        t0 = time.perf_counter()
        try:
            return dict(divide(pos, depth))
        finally:
            self.report.reference_seconds += time.perf_counter() - t0


def bisect(pos: Position, path: list[str], depth: int, timed: _Timed, where: str) -> tuple[int, Disagreement | None]:
    """Compare perft ``depth`` at ``pos`` (reached by ``path``); on a difference, follow it down.
    Returns the reference's count and the first position where the move lists differ."""
    ours = timed.reference(pos, depth)
    theirs = timed.engine(path, depth)
    if set(ours) != set(theirs):
        return sum(ours.values()), _moves_differ(pos, path, ours, theirs, timed.report.engine, where)
    wrong = sorted(m for m in ours if ours[m] != theirs[m])
    if not wrong:
        return sum(ours.values()), None
    move = wrong[0]
    pos.push_uci(move)
    path.append(move)
    try:
        _, below = bisect(pos, path, depth - 1, timed, where)
    finally:
        path.pop()
        pos.pop()
    if below is None:  # the counts differ here, yet agree one ply down: the engine is not consistent
        note = (
            f"perft {depth} after {move}: reference {ours[move]}, {timed.report.engine} {theirs[move]}, "
            "but the positions below agree"
        )
        below = _moves_differ(pos, path, ours, theirs, timed.report.engine, where, note)
    return sum(ours.values()), below


def _moves_differ(
    pos: Position,
    path: Sequence[str],
    ours: dict[str, int],
    theirs: dict[str, int],
    engine: str,
    where: str,
    note: str = "",
) -> Disagreement:
    return Disagreement(
        variant=pos.rules.variant.name,
        engine=engine,
        where=where,
        fen=pos.fen(),
        moves=tuple(path),
        only_reference=tuple(sorted(set(ours) - set(theirs))),
        only_engine=tuple(sorted(set(theirs) - set(ours))),
        reference_result=None,
        engine_result=None,
        note=note,
    )


def check_counts(
    variant: Variant,
    engine: str,
    counts: Counts,
    depth: int,
    games: int,
    game_depth: int = 3,
    plies: int = 100,
    seed: int | str = 1,
    progress: Progress | None = None,
) -> CountReport:
    """Compare perft counts of ``variant`` with ``counts``; see the module docstring.  ``progress``
    hears after each count (phase ``"perft"``, counts done, counts in all, nodes so far)."""
    started = time.perf_counter()
    report = CountReport(variant.name, engine, limitations=tuple(limitations(variant, engine)))
    timed = _Timed(counts, report)
    reference = relaxed(variant, engine)
    jobs: list[tuple[list[str], int, str]] = [([], depth, f"perft {depth} from the start")] if depth > 0 else []
    jobs += _game_positions(reference, games, plies, seed, game_depth)
    for path, d, where in jobs:
        pos = Position.start(reference)
        for move in path:
            pos.push_uci(move)
        nodes, found = bisect(pos, list(path), d, timed, where)
        report.nodes += nodes
        report.counts += 1
        if progress is not None:
            progress("perft", report.counts, len(jobs), report.nodes)
        if found is not None:
            report.disagreement = found
            break
    report.seconds = time.perf_counter() - started
    return report


def _game_positions(
    variant: Variant, games: int, plies: int, seed: int | str, depth: int
) -> list[tuple[list[str], int, str]]:
    """Positions along ``games`` random games (every ``GAME_STEP``-th ply, the start left out)."""
    out: list[tuple[list[str], int, str]] = []
    if depth <= 0:
        return out
    for game in range(games):
        rng = random.Random(f"{seed}:{variant.name}:{game}")
        pos = Position.start(variant)
        played: list[str] = []
        for ply in range(1, plies + 1):
            moves = sorted(uci(pos.rules, m) for m in pos.legal_moves())
            if not moves or pos.outcome() is not None:
                break
            move = rng.choice(moves)
            pos.push_uci(move)
            played.append(move)
            if ply % GAME_STEP == 0:
                out.append((list(played), depth, f"game {game}, ply {ply}, perft {depth}"))
    return out


__all__ = ["GAME_STEP", "CountReport", "bisect", "check_counts"]
