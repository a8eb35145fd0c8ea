"""Compare the reference engine with another engine, position by position; engine-agnostic.

An engine is reached through an :class:`EngineAdapter`.  For one variant,
:func:`check_variant` walks

* the perft tree from the start position to ``depth`` (every node, the
  leaves included), and
* ``games`` random games of up to ``plies`` plies; game ``g`` draws its moves
  from ``random.Random(f"{seed}:{variant}:{g}")`` among the reference's legal
  moves (sorted), and stops where the reference says the game has ended,

and at every position compares the reference's set of legal moves with the
engine's.  Positions are sent to the adapter in batches (a pyffish call costs
milliseconds, the reference a fraction of one); a position met again by
another path (a transposition, or the same opening in two games) is compared
once, and a perft subtree already walked as deep is not walked again.

Which game ends are compared (the result policy):

* **Forced ends**, where the game is over and nobody may move on: checkmate,
  stalemate, a won race, a bared king.  The engine must agree that there are
  no moves and give the same result, and vice versa (an engine that ends the
  game where the reference plays on is a disagreement).
* **Claimable draws**, threefold repetition and the n-move rule.  Engines
  treat them as optional (Fairy-Stockfish's ``is_optional_game_end``): a
  player may claim them, the move generator ignores them.  They are compared
  one way only: where the reference says the game is drawn by one of them,
  the engine is asked (``Query.claim``) and must report the same draw.  Asking
  at every position would double the engine's cost; an engine that sees a
  repetition the reference does not is not detected.
* **Insufficient material** is not compared (Fairy-Stockfish leaves it to the
  GUI); a game ends there without a question.

Rules the engine cannot express are switched off in the reference first
(:func:`generator.emit.fidelity.relaxed` for ``adapter.name``) and listed in
the report.  The walk stops at the variant's first disagreement.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from generator.catalogue.model import Variant
from generator.emit.fidelity import Limitation, limitations, relaxed
from generator.emit.target import Target
from generator.engine import Move, Outcome, Position, uci
from generator.engine.moved_back import moved_back_and_forth
from generator.engine.own_promotion import lone_pawn

#: ``progress(phase, done, total, positions)``: phase ``"perft"`` (done/total root moves walked)
#: or ``"games"`` (done/total games played); positions compared so far.
Progress = Callable[[str, int, int, int], None]


class EngineError(Exception):
    """The engine cannot be used as asked: a section missing, a start position that differs,
    a worker that died.  The message is one paragraph for the user."""


@dataclass(frozen=True)
class Query:
    """One position, as the moves (our UCI notation) from the variant's start, or from ``fen``
    (Fairy-Stockfish's dialect, without the reference's extension) when it is given.

    With ``claim``, also ask whether a player may claim a draw here (repetition, n-move rule).
    """

    moves: tuple[str, ...]
    claim: bool = False
    fen: str | None = None


@dataclass(frozen=True)
class Answer:
    """The engine's view of one position, in our notation.

    ``result``: when the engine lists no moves, how the game ended (``"1-0"``, ``"0-1"``,
    ``"1/2-1/2"``; None if it cannot say).  ``claim``: asked with ``Query.claim``, the result of
    a draw that may be claimed here, None if there is none.  ``error``: the engine could not
    set up the position (for example a move it does not know); the other fields are empty.
    """

    moves: frozenset[str]
    result: str | None = None
    claim: str | None = None
    error: str | None = None


@runtime_checkable
class EngineAdapter(Protocol):
    """What :func:`check_variant` needs from an engine.

    ``name`` is the :class:`~generator.emit.target.Target` whose rules file it plays.
    ``probe`` answers a batch of positions of one variant, in order; moves in and out use our
    notation (the adapter translates passes, castling and the like).  It raises
    :class:`EngineError` when it cannot answer at all (unknown variant, dead engine); a position
    it cannot set up gets an ``Answer`` with ``error``.  ``batch_size`` (optional attribute) is
    how many positions to send per call; ``exact`` (optional, false if absent) that it plays the
    variant's rules in full, no limitation switched off.
    """

    name: Target

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]: ...


def played_by(variant: Variant, adapter: EngineAdapter) -> Variant:
    """The variant as ``adapter`` plays it: relaxed to what its target can say, or in full where the adapter
    plays the variant's own rules (``exact``: a Fairy-Stockfish built-in the entry reproduces)."""
    return variant if getattr(adapter, "exact", False) else relaxed(variant, adapter.name)


class OnePosition:
    """One position at a time, for people and tests, on top of an adapter's ``probe``."""

    name: str

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        raise NotImplementedError

    def _one(self, variant: str, moves: Sequence[str], claim: bool) -> Answer:
        a = self.probe(variant, [Query(tuple(moves), claim=claim)])[0]
        if a.error:
            raise EngineError(f"{self.name}: {a.error}")
        return a

    def legal_moves(self, variant: str, moves: Sequence[str]) -> set[str]:
        return set(self._one(variant, moves, claim=False).moves)

    def result(self, variant: str, moves: Sequence[str]) -> str | None:
        """How the game has ended after ``moves``: a forced end, or a claimable draw; None if it goes on."""
        a = self._one(variant, moves, claim=True)
        return a.result if not a.moves else a.claim


@dataclass(frozen=True)
class Disagreement:
    """The first position where the reference and the engine differ."""

    variant: str
    engine: Target
    where: str  #: ``"perft"`` or ``"game 3, ply 17"``
    fen: str  #: the reference's FEN of the position
    moves: tuple[str, ...]  #: from the start position
    only_reference: tuple[str, ...]
    only_engine: tuple[str, ...]
    reference_result: str | None  #: the reference's result where it says the game has ended
    engine_result: str | None
    note: str = ""
    origin: str = ""  #: the FEN ``moves`` start from, when it is not the start position

    def describe(self) -> str:
        lines = [
            f"DISAGREEMENT in {self.variant} ({self.where}) between the reference and {self.engine}",
            f"  FEN:   {self.fen}",
            f"  moves: {' '.join(self.moves) if self.moves else '(none)' if self.origin else '(the start position)'}"
            + (f", from {self.origin}" if self.origin else ""),
        ]
        if self.only_reference or self.only_engine:
            lines.append(f"  moves only the reference has: {' '.join(self.only_reference) or '-'}")
            lines.append(f"  moves only {self.engine} has: {' '.join(self.only_engine) or '-'}")
        if self.reference_result is not None or self.engine_result is not None:
            lines.append(
                f"  result: reference {self.reference_result or 'game goes on'}; "
                f"{self.engine} {self.engine_result or 'game goes on'}"
            )
        if self.note:
            lines.append(f"  {self.note}")
        return "\n".join(lines)


@dataclass
class VariantReport:
    """What :func:`check_variant` found for one variant: the counts, the time spent, and the first
    disagreement if there is one."""

    variant: str
    engine: Target
    positions: int = 0  #: distinct positions compared
    moves: int = 0  #: legal moves compared, summed over the positions
    ends: Counter[str] = field(default_factory=Counter)  #: game ends whose results were compared, by reason
    seconds: float = 0.0
    reference_seconds: float = 0.0  #: in the reference engine
    engine_seconds: float = 0.0  #: waiting for the adapter
    limitations: tuple[Limitation, ...] = ()  #: the ``Limitation`` values switched off in the reference
    disagreement: Disagreement | None = None
    proved: tuple[str, ...] = ()  #: rules proved at positions built for them (:mod:`generator.check.endings`)
    unbuilt: tuple[str, ...] = ()  #: rules the variant has for which no deciding position was found

    @property
    def ok(self) -> bool:
        """Whether the engine agreed everywhere it was asked."""
        return self.disagreement is None

    @property
    def other_seconds(self) -> float:
        return max(0.0, self.seconds - self.reference_seconds - self.engine_seconds)

    @property
    def nodes(self) -> int:
        """The nodes one ply below the positions compared: each legal move compared leads to one."""
        return self.moves

    def summary(self) -> str:
        """One line: positions, nodes and game ends compared, and where the time went."""
        total = self.seconds or 1.0
        return (
            f"{self.variant}: {compared_text(self.positions, self.nodes)}, "
            f"{ends_summary(self.ends)}, {self.seconds:.1f} s "
            f"(reference {100 * self.reference_seconds / total:.0f}%, "
            f"{self.engine} {100 * self.engine_seconds / total:.0f}%)"
        )


@dataclass
class Node:
    """One position to compare: the reference's view of it, reached by ``moves`` from the start."""

    moves: tuple[str, ...]
    where: str
    expected: frozenset[str]  #: the reference's legal moves; empty when the game is over here
    end: Outcome | None  #: the reference's result when the game has ended here
    claim: bool  #: ``end`` is a claimable draw (repetition, n-move rule), so ask the engine about it
    progress: tuple[str, int, int] = field(default=("perft", 0, 0))


def check_variant(
    variant: Variant,
    adapter: EngineAdapter,
    depth: int = 2,
    games: int = 20,
    plies: int = 100,
    seed: int | str = 1,
    progress: Progress | None = None,
) -> VariantReport:
    """Compare the reference with ``adapter`` on ``variant``; see the module docstring."""
    started = time.perf_counter()
    exact = getattr(adapter, "exact", False)
    report = VariantReport(
        variant.name, adapter.name, limitations=() if exact else tuple(limitations(variant, adapter.name))
    )
    reference = played_by(variant, adapter)
    batch = max(1, int(getattr(adapter, "batch_size", 64)))
    stream = _walk(reference, depth, games, plies, seed)
    pending: list[Node] = []
    last = ("perft", 0, 0)
    while True:
        t0 = time.perf_counter()
        node = next(stream, None)
        report.reference_seconds += time.perf_counter() - t0
        if node is not None:
            pending.append(node)
            last = node.progress
            if len(pending) < batch:
                continue
        if pending:
            t0 = time.perf_counter()
            answers = adapter.probe(variant.name, [Query(n.moves, n.claim) for n in pending])
            report.engine_seconds += time.perf_counter() - t0
            if len(answers) != len(pending):
                raise EngineError(f"{adapter.name} answered {len(answers)} positions of {len(pending)}")
            for n, a in zip(pending, answers, strict=True):
                found = _compare(reference, adapter.name, n, a, report)
                if found is not None:
                    report.disagreement = found
                    break
            pending = []
            if progress is not None:
                progress(last[0], last[1], last[2], report.positions)
        if node is None or report.disagreement is not None:
            break
    stream.close()
    report.seconds = time.perf_counter() - started
    return report


def _compare(
    reference: Variant, engine: Target, node: Node, answer: Answer, report: VariantReport
) -> Disagreement | None:
    report.positions += 1
    report.moves += len(node.expected | answer.moves)
    reason, found = judge(reference, engine, node, answer)
    if reason is not None:
        report.ends[reason] += 1
    return found


def judge(reference: Variant, engine: Target, node: Node, answer: Answer) -> tuple[str | None, Disagreement | None]:
    """The engine's ``answer`` at ``node`` judged by the result policy (the module docstring): the
    reason of the game end whose result was compared there (None if none was), and the
    disagreement if the two differ."""
    end = node.end
    ref_result = str(end) if end is not None and (not node.expected or node.claim) else None
    if answer.error is not None:
        return None, _disagreement(reference, engine, node, answer, ref_result, None, f"{engine}: {answer.error}")
    forced = answer.result if not answer.moves else None
    if end is not None and forced is not None:
        # both say the game is over here (an engine may adjudicate a draw the reference lets a player claim)
        if forced == end.result:
            return end.reason, None
        return end.reason, _disagreement(reference, engine, node, answer, str(end), forced)
    if node.expected != answer.moves:
        return None, _disagreement(reference, engine, node, answer, ref_result, forced)
    if not node.expected or node.claim:
        assert end is not None
        got = answer.claim if node.claim else forced
        if got != end.result:
            return end.reason, _disagreement(reference, engine, node, answer, str(end), got)
        return end.reason, None
    return None, None


def compared_text(positions: int, nodes: int) -> str:
    """What a check compared, in the same words whichever engine ran: the positions whose moves
    were compared, and the nodes of the tree the engine and the reference agree on.

    >>> compared_text(20, 400)
    '20 positions, 400 nodes compared'
    """
    return f"{positions} positions, {nodes} nodes compared"


def ends_summary(ends: Counter[str]) -> str:
    """``3 game ends (checkmate 1, the 50-move rule 2)``, or ``0 game ends``."""
    n = sum(ends.values())
    return f"{n} game ends ({ends_text(ends)})" if n else f"{n} game ends"


def ends_text(ends: Counter[str]) -> str:
    """Game ends by reason, for people: ``checkmate 1, the 50-move rule 2``; empty when there are none.

    >>> ends_text(Counter({"the 50-move rule": 2, "checkmate": 1}))
    'checkmate 1, the 50-move rule 2'
    """
    return ", ".join(f"{reason} {n}" for reason, n in sorted(ends.items()))


def _disagreement(
    reference: Variant,
    engine: Target,
    node: Node,
    answer: Answer,
    ref_result: str | None,
    eng_result: str | None,
    note: str = "",
) -> Disagreement:
    pos = Position.start(reference)
    pos.track_history()
    for text in node.moves:
        pos.push_uci(text)
    return Disagreement(
        variant=reference.name,
        engine=engine,
        where=node.where,
        fen=pos.fen(),
        moves=node.moves,
        only_reference=tuple(sorted(node.expected - answer.moves)),
        only_engine=tuple(sorted(answer.moves - node.expected)),
        reference_result=ref_result,
        engine_result=eng_result,
        note=note,
    )


def evaluate(pos: Position, spelled: dict[Move, str]) -> tuple[dict[str, Move], Outcome | None, bool]:
    """The reference's legal moves (spelling -> move; none when the game is over), its result if
    the game has ended, and whether that result is a claimable draw.  ``spelled`` caches ``uci``."""
    end = pos.immediate_outcome()
    if end is not None:
        return {}, end, False
    rules = pos.rules
    texts: dict[str, Move] = {}
    for m in pos.legal_moves():
        text = spelled.get(m)
        if text is None:
            text = spelled[m] = uci(rules, m)
        texts[text] = m
    if not texts:
        return texts, pos.outcome(), False
    # cheap filters before the full (move-counting) outcome(); the claimable draws are compared
    draws = rules.variant.draws
    claimable = (
        bool(draws.move_rule and pos.halfmove >= 2 * draws.move_rule)
        or bool(draws.repetition and pos.history and pos.history.count(pos.history[-1]) >= draws.repetition)
        or bool(pos.count_limit and pos.count_ply > pos.count_limit)
        or (rules.own_promotion is not None and lone_pawn(pos))
        or moved_back_and_forth(pos)
    )
    if claimable or (rules.minor_types and pos.insufficient_material()):
        end = pos.outcome()
        return texts, end, claimable and end is not None
    return texts, None, False


def _passes(moves: list[str]) -> tuple[bool, bool]:
    """Whether the last move, and the one before it, was a pass."""
    return (len(moves) >= 1 and moves[-1] == "0000", len(moves) >= 2 and moves[-2] == "0000")


def _walk(variant: Variant, depth: int, games: int, plies: int, seed: int | str) -> Generator[Node, None, None]:
    """The positions to compare, in order: the perft tree (depth first), then the games."""
    # Keys of the positions compared so far (claim questions aside).  A key is the position's own, plus
    # whether each of the last two moves was a pass: Fairy-Stockfish, for one, ends a game after two
    # passes in a row, so the same position may have a different answer there.
    compared: set[tuple[object, ...]] = set()
    walked: dict[tuple[object, ...], int] = {}  # perft: position key -> the greatest depth walked below it
    pos = Position.start(variant)
    pos.track_history()
    path: list[str] = []
    roots = [0, 0]  # perft progress: root moves walked, root moves in all
    spelled: dict[Move, str] = {}  # move -> its UCI spelling

    def fresh(key: tuple[object, ...], claim: bool) -> bool:
        if claim:
            return True
        if key in compared:
            return False
        compared.add(key)
        return True

    def perft(remaining: int) -> Generator[Node, None, None]:
        key = (pos.key(), *_passes(path))
        if walked.get(key, -1) >= remaining:
            return
        walked[key] = remaining
        texts, end, claim = evaluate(pos, spelled)
        if not path:
            roots[1] = len(texts)
        if fresh(key, claim):
            yield Node(tuple(path), "perft", frozenset(texts), end, claim, ("perft", roots[0], roots[1]))
        if remaining == 0:
            return
        for text in sorted(texts):
            pos.push(texts[text])
            path.append(text)
            yield from perft(remaining - 1)
            path.pop()
            pos.pop()
            if not path:
                roots[0] += 1

    yield from perft(depth)
    for game in range(games):
        rng = random.Random(f"{seed}:{variant.name}:{game}")
        pos = Position.start(variant)
        pos.track_history()
        played: list[str] = []
        for ply in range(plies + 1):
            texts, end, claim = evaluate(pos, spelled)
            if fresh((pos.key(), *_passes(played)), claim):
                yield Node(
                    tuple(played), f"game {game}, ply {ply}", frozenset(texts), end, claim, ("games", game, games)
                )
            if end is not None or not texts or ply == plies:
                break
            text = rng.choice(sorted(texts))
            pos.push(texts[text])
            played.append(text)
