"""Perft counts compared with a native Fairy-Stockfish, and bisection to the first wrong move.

For one variant, :func:`check_counts` compares the reference engine's perft with the engine's
``go perft`` (per move) from the start position to ``depth``, then along ``games`` random games
(drawn as in :mod:`generator.check.compare`) at every :data:`GAME_STEP`-th ply to
``game_depth``.  Where two counts differ, :func:`bisect` follows the first move whose counts
differ down, one ply at a time, to the first position where the two move lists differ, and
reports that position's FEN, the moves that lead there and the moves each side has.  Its cost
is one divide per ply of the depth, not the size of the tree.

Counting compares move generation everywhere the walk goes, at native speed.  Counts cannot
say how a game ended, so where a random game ends in the reference, the final position is put
to the engine's adapter (:class:`~generator.check.native.NativeProofs` with a native binary)
and its legal moves and result are judged as the position-by-position check judges them
(:func:`generator.check.compare.judge`, the same result policy); the report counts those game
ends by reason.  Rules the engine cannot express are switched off in the reference first, as
there.

For a check spread over a cluster (:mod:`generator.check.units`), :func:`count_part` counts one part on
its own, the perft from the start or one random game (its counts, then its end), and
:func:`combined_counts` makes of the parts' reports the report :func:`check_counts` gives: the counts in
order to the first disagreement, then, if there is none, the games' ends in order to the first.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.catalogue.model import Variant
from generator.check.compare import (
    Disagreement,
    EngineAdapter,
    EngineError,
    Node,
    Part,
    Progress,
    Query,
    compared_text,
    ends_summary,
    evaluate,
    judge,
)
from generator.emit.fidelity import Limitation, limitations, relaxed
from generator.emit.target import Target
from generator.engine import Move, Position
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
    engine: Target
    nodes: int = 0  #: leaf nodes counted by both and compared
    counts: int = 0  #: perft runs compared (the start, and the positions along the games)
    ends: Counter[str] = field(default_factory=Counter)  #: game ends whose results were compared, by reason
    seconds: float = 0.0
    reference_seconds: float = 0.0
    engine_seconds: float = 0.0
    limitations: tuple[Limitation, ...] = ()
    disagreement: Disagreement | None = None
    proved: tuple[str, ...] = ()  #: rules proved at positions built for them (:mod:`generator.check.endings`)
    unbuilt: tuple[str, ...] = ()  #: rules the variant has for which no deciding position was found

    @property
    def ok(self) -> bool:
        return self.disagreement is None

    @property
    def positions(self) -> int:
        """The positions whose moves were compared, each with its count: one per perft run."""
        return self.counts

    def summary(self) -> str:
        """One line: what was counted, and where the time went."""
        total = self.seconds or 1.0
        return (
            f"{self.variant}: {compared_text(self.positions, self.nodes)}, {ends_summary(self.ends)}, "
            f"{self.seconds:.1f} s "
            f"(reference {100 * self.reference_seconds / total:.0f}%, {self.engine} "
            f"{100 * self.engine_seconds / total:.0f}%)"
        )


#: the positions to count: the moves that lead there, the depth, and where it is, for a disagreement
Jobs = list[tuple[list[str], int, str]]
#: a game end judged: the reason of the end whose result was compared (None if none was), and the disagreement
Judged = tuple[str | None, Disagreement | None]


@dataclass
class CountPart:
    """What :func:`count_part` found in one part of a variant's counts, for :func:`combined_counts`: the
    reference's count and the disagreement of each perft run, to the first disagreement, and, for a game that
    ended with its counts all agreeing, its end judged."""

    variant: str
    engine: Target
    part: Part
    counts: list[tuple[int, Disagreement | None]] = field(default_factory=list)
    end: Judged | None = None
    seconds: float = 0.0
    reference_seconds: float = 0.0
    engine_seconds: float = 0.0


class _Timed:
    """The engine's counts, timed, and the reference's perft, timed, for one report."""

    def __init__(self, counts: Counts, report: CountReport | CountPart) -> None:
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
    engine: Target,
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
    adapter: EngineAdapter,
    counts: Counts,
    depth: int,
    games: int,
    game_depth: int = 3,
    plies: int = 100,
    seed: int | str = 1,
    progress: Progress | None = None,
) -> CountReport:
    """Compare perft counts of ``variant`` with ``counts``, and the ends of its random games with
    ``adapter`` (whose name names the engine); see the module docstring.  ``progress`` hears after
    each count (phase ``"perft"``, counts done, counts in all, nodes so far)."""
    started = time.perf_counter()
    engine = adapter.name
    report = CountReport(variant.name, engine, limitations=tuple(limitations(variant, engine)))
    timed = _Timed(counts, report)
    reference = relaxed(variant, engine)
    jobs = _from_start(depth)
    t0 = time.perf_counter()
    along, ends = _games(reference, games, plies, seed, game_depth)
    report.reference_seconds += time.perf_counter() - t0
    jobs += along
    for path, d, where in jobs:
        nodes, found = _count(reference, path, d, timed, where)
        report.nodes += nodes
        report.counts += 1
        if progress is not None:
            progress("perft", report.counts, len(jobs), report.nodes)
        if found is not None:
            report.disagreement = found
            break
    if report.disagreement is None:
        report.disagreement = _judge_ends(reference, adapter, ends, report)
    report.seconds = time.perf_counter() - started
    return report


def count_part(
    variant: Variant,
    adapter: EngineAdapter,
    counts: Counts,
    part: Part,
    depth: int,
    game_depth: int = 3,
    plies: int = 100,
    seed: int | str = 1,
) -> CountPart:
    """One part of :func:`check_counts` on its own: perft ``depth`` from the start, or random game ``part``
    (its counts to the first disagreement, then its end)."""
    started = time.perf_counter()
    engine = adapter.name
    report = CountPart(variant.name, engine, part)
    timed = _Timed(counts, report)
    reference = relaxed(variant, engine)
    jobs = _from_start(depth)
    ends: list[Node] = []
    if isinstance(part, int):
        t0 = time.perf_counter()
        jobs, ends = _game(reference, part, plies, seed, game_depth, {})
        report.reference_seconds += time.perf_counter() - t0
    for path, d, where in jobs:
        nodes, found = _count(reference, path, d, timed, where)
        report.counts.append((nodes, found))
        if found is not None:
            break
    if ends and all(found is None for _, found in report.counts):  # the whole check judges the ends only then
        [report.end] = _judged(reference, adapter, ends, report)
    report.seconds = time.perf_counter() - started
    return report


def combined_counts(variant: Variant, engine: Target, parts: Sequence[CountPart]) -> CountReport:
    """The report :func:`check_counts` gives, made of the reports of its parts in order (the perft from the
    start, then the games in turn)."""
    report = CountReport(variant.name, engine, limitations=tuple(limitations(variant, engine)))
    for part in parts:
        report.seconds += part.seconds
        report.reference_seconds += part.reference_seconds
        report.engine_seconds += part.engine_seconds
    for nodes, found in (c for part in parts for c in part.counts):
        report.nodes += nodes
        report.counts += 1
        if found is not None:
            report.disagreement = found
            return report
    report.disagreement = _first_wrong([part.end for part in parts if part.end is not None], report)
    return report


def _from_start(depth: int) -> Jobs:
    return [([], depth, f"perft {depth} from the start")] if depth > 0 else []


def _count(
    reference: Variant, path: list[str], depth: int, timed: _Timed, where: str
) -> tuple[int, Disagreement | None]:
    """Perft ``depth`` after ``path`` compared, bisected to the first position that differs."""
    pos = Position.start(reference)
    for move in path:
        pos.push_uci(move)
    return bisect(pos, list(path), depth, timed, where)


def _games(variant: Variant, games: int, plies: int, seed: int | str, depth: int) -> tuple[Jobs, list[Node]]:
    """The ``games`` random games, drawn as in :mod:`generator.check.compare`: the positions to
    count along them (every ``GAME_STEP``-th ply, to ``depth``; none when it is 0), and the
    positions where they end."""
    counted: Jobs = []
    ends: list[Node] = []
    spelled: dict[Move, str] = {}
    for game in range(games):
        along, end = _game(variant, game, plies, seed, depth, spelled)
        counted += along
        ends += end
    return counted, ends


def _game(
    variant: Variant, game: int, plies: int, seed: int | str, depth: int, spelled: dict[Move, str]
) -> tuple[Jobs, list[Node]]:
    """Random game ``game``: the positions to count along it, and the position where it ends (if it does)."""
    counted: Jobs = []
    rng = random.Random(f"{seed}:{variant.name}:{game}")
    pos = Position.start(variant)
    pos.track_history()
    played: list[str] = []
    for ply in range(plies + 1):
        texts, end, claim = evaluate(pos, spelled)
        if end is not None:
            return counted, [Node(tuple(played), f"game {game}, ply {ply}", frozenset(texts), end, claim)]
        if not texts or ply == plies:
            break
        text = rng.choice(sorted(texts))
        pos.push(texts[text])
        played.append(text)
        if depth > 0 and len(played) % GAME_STEP == 0:
            counted.append((list(played), depth, f"game {game}, ply {len(played)}, perft {depth}"))
    return counted, []


def _judge_ends(
    reference: Variant, adapter: EngineAdapter, ends: list[Node], report: CountReport
) -> Disagreement | None:
    """Ask ``adapter`` about the games' final positions, in one batch; count each game end compared
    in ``report`` and return the first disagreement."""
    return _first_wrong(_judged(reference, adapter, ends, report), report)


def _judged(
    reference: Variant, adapter: EngineAdapter, ends: list[Node], clocks: CountReport | CountPart
) -> list[Judged]:
    """``adapter``'s answers at the games' final positions, asked in one batch, each judged."""
    if not ends:
        return []
    t0 = time.perf_counter()
    answers = adapter.probe(reference.name, [Query(n.moves, n.claim) for n in ends])
    clocks.engine_seconds += time.perf_counter() - t0
    if len(answers) != len(ends):
        raise EngineError(f"{adapter.name} answered {len(answers)} positions of {len(ends)}")
    return [judge(reference, adapter.name, node, answer) for node, answer in zip(ends, answers, strict=True)]


def _first_wrong(judged: Sequence[Judged], report: CountReport) -> Disagreement | None:
    """Each game end compared counted in ``report``, in order, to the first disagreement, which is returned."""
    for reason, found in judged:
        if reason is not None:
            report.ends[reason] += 1
        if found is not None:
            return found
    return None


__all__ = ["GAME_STEP", "CountPart", "CountReport", "bisect", "check_counts", "combined_counts", "count_part"]
