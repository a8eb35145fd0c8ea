"""Compare the reference engine with another engine, position by position; engine-agnostic.

An engine is reached through an :class:`EngineAdapter`.  For one variant,
:func:`check_variant` walks

* the perft tree from the start position to ``depth`` (every node, the
  leaves included), and
* ``games`` random games of up to ``plies`` plies; game ``g`` draws its moves
  from ``random.Random(f"{seed}:{variant}:{g}")`` among the reference's legal
  moves (sorted), and stops where the reference says the game has ended,

and at every position compares the reference's set of legal moves with the
engine's (for an engine that lists moves leaving the same position as one,
:func:`alike`, by the positions they leave).  Positions are sent to the adapter in batches (a pyffish call costs
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

The walk also comes in parts, for a check spread over a cluster
(:mod:`generator.check.units`): :func:`check_part` walks the perft tree, or one
random game, on its own, and :func:`combined` makes of the parts' reports, in
the walk's order, the report :func:`check_variant` gives, figure for figure.
A part cannot know which positions the parts before it compared, so each
position it compares carries a digest of its key: :func:`combined` counts a
position where it was first met, as the whole walk does, and nothing after the
first disagreement.  A game therefore walks to its end even past a
disagreement, which may be at a position an earlier part compared first.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable

from generator.catalogue.model import Variant
from generator.emit.fidelity import Limitation, limitations, relaxed
from generator.emit.target import Target
from generator.engine import Move, Outcome, Position, uci
from generator.engine.moved_back import moved_back_and_forth
from generator.engine.own_promotion import lone_pawn

#: ``progress(phase, done, total, positions)``: phase ``"perft"`` (done/total root moves walked)
#: or ``"games"`` (done/total games played); positions compared so far.
Progress = Callable[[str, int, int, int], None]

#: the part of a variant's walk that is its perft tree from the start (:func:`check_part`)
PERFT: Literal["perft"] = "perft"
#: a part of a variant's walk: its perft tree, or the random game of that number
Part = Literal["perft"] | int


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
    key: tuple[object, ...] = ()  #: what the walk knows the position again by (:meth:`_Walk.fresh`)


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
    exact = bool(getattr(adapter, "exact", False))
    report = VariantReport(variant.name, adapter.name, limitations=_switched_off(variant, adapter.name, exact))
    reference = played_by(variant, adapter)

    def compare(node: Node, answer: Answer) -> bool:
        report.disagreement = _compare(reference, adapter.name, node, answer, report)
        return report.disagreement is not None

    def show(last: tuple[str, int, int]) -> None:
        if progress is not None:
            progress(last[0], last[1], last[2], report.positions)

    _put(adapter, variant.name, _walk(reference, depth, games, plies, seed), report, compare, show)
    report.seconds = time.perf_counter() - started
    return report


def _switched_off(variant: Variant, engine: Target, exact: bool) -> tuple[Limitation, ...]:
    """The limitations a report lists: none where the engine plays the variant's own rules in full."""
    return () if exact else tuple(limitations(variant, engine))


class _Timed(Protocol):
    """A report's clocks: the time spent in the reference, and waiting for the engine."""

    reference_seconds: float
    engine_seconds: float


def _put(
    adapter: EngineAdapter,
    variant: str,
    stream: Generator[Node, None, None],
    clocks: _Timed,
    compare: Callable[[Node, Answer], bool],
    after_batch: Callable[[tuple[str, int, int]], None],
) -> None:
    """The positions of ``stream`` put to ``adapter`` in batches, each with its answer handed to ``compare``
    in order until it returns true (the walk stops there); ``after_batch`` hears the last position's progress
    after each batch.  The time of each side goes on ``clocks``."""
    batch = max(1, int(getattr(adapter, "batch_size", 64)))
    pending: list[Node] = []
    last = ("perft", 0, 0)
    stop = False
    while not stop:
        t0 = time.perf_counter()
        node = next(stream, None)
        clocks.reference_seconds += time.perf_counter() - t0
        if node is not None:
            pending.append(node)
            last = node.progress
            if len(pending) < batch:
                continue
        if pending:
            t0 = time.perf_counter()
            answers = adapter.probe(variant, [Query(n.moves, n.claim) for n in pending])
            clocks.engine_seconds += time.perf_counter() - t0
            if len(answers) != len(pending):
                raise EngineError(f"{adapter.name} answered {len(answers)} positions of {len(pending)}")
            stop = any(compare(n, a) for n, a in zip(pending, answers, strict=True))
            pending = []
            after_batch(last)
        stop = stop or node is None
    stream.close()


@dataclass(frozen=True)
class Compared:
    """One position a part of the walk compared (:func:`check_part`), as the whole walk would count it: the
    digest of its key, whether it was a claim question (asked wherever it is met), the nodes below it, the
    game end whose result was compared there, and the disagreement found there."""

    key: bytes
    claim: bool
    nodes: int
    end: str | None
    disagreement: Disagreement | None


@dataclass
class PartReport:
    """What :func:`check_part` found in one part of a variant's walk, for :func:`combined`."""

    variant: str
    part: Part
    compared: list[Compared] = field(default_factory=list)
    seconds: float = 0.0
    reference_seconds: float = 0.0
    engine_seconds: float = 0.0


def check_part(
    variant: Variant,
    adapter: EngineAdapter,
    part: Part,
    depth: int = 2,
    games: int = 20,
    plies: int = 100,
    seed: int | str = 1,
) -> PartReport:
    """One part of :func:`check_variant`'s walk on its own: the perft tree to ``depth``, which stops at its
    first disagreement as the whole walk does (it comes first), or random game ``part`` of ``games``, played
    to its end (see the module docstring)."""
    started = time.perf_counter()
    report = PartReport(variant.name, part)
    reference = played_by(variant, adapter)
    walk = _Walk(reference)
    stream = walk.game(part, games, plies, seed) if isinstance(part, int) else walk.perft(depth)

    def compare(node: Node, answer: Answer) -> bool:
        end, found = judge(reference, adapter.name, node, answer)
        nodes = len(node.expected | answer.moves)
        report.compared.append(Compared(_digest(node.key), node.claim, nodes, end, found))
        return found is not None and not isinstance(part, int)

    _put(adapter, variant.name, stream, report, compare, lambda _: None)
    report.seconds = time.perf_counter() - started
    return report


def _digest(key: tuple[object, ...]) -> bytes:
    # a key is numbers and flags, whose repr is the same in every process
    return hashlib.blake2b(repr(key).encode(), digest_size=16).digest()


def combined(variant: Variant, engine: Target, exact: bool, parts: Sequence[PartReport]) -> VariantReport:
    """The report :func:`check_variant` gives, made of the reports of its parts in the walk's order (the perft
    tree, then the games in turn); ``exact`` as the adapter's (no limitation listed)."""
    report = VariantReport(variant.name, engine, limitations=_switched_off(variant, engine, exact))
    seen: set[bytes] = set()
    for part in parts:
        report.seconds += part.seconds
        report.reference_seconds += part.reference_seconds
        report.engine_seconds += part.engine_seconds
        for c in part.compared:
            if report.disagreement is not None:
                break
            if not c.claim:  # a claim question is asked wherever it is met
                if c.key in seen:
                    continue
                seen.add(c.key)
            report.positions += 1
            report.moves += c.nodes
            if c.end is not None:
                report.ends[c.end] += 1
            report.disagreement = c.disagreement
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
    if node.expected != answer.moves and not alike(
        engine, _reached(reference, node.moves), node.expected, answer.moves
    ):
        return None, _disagreement(reference, engine, node, answer, ref_result, forced)
    if not node.expected or node.claim:
        assert end is not None
        got = answer.claim if node.claim else forced
        if got != end.result:
            return end.reason, _disagreement(reference, engine, node, answer, str(end), got)
        return end.reason, None
    return None, None


#: the engines that list two moves leaving the same position as one move (Zillions keeps the first it generates)
MERGING = frozenset({Target.ZILLIONS})


def alike(engine: Target, pos: Position, expected: frozenset[str], moves: frozenset[str]) -> bool:
    """Whether ``engine``'s ``moves`` at ``pos`` are the reference's ``expected`` as an engine of :data:`MERGING`
    lists them: each of its moves is one of the reference's, no two leave the same position, and each of the
    reference's leaves a position one of its moves leaves (atomic's promotions as a pawn takes, its new piece
    blown up at once, are one move in Zillions)."""
    if engine not in MERGING or not moves <= expected:
        return False

    def after(m: str) -> str:
        pos.push_uci(m)
        try:
            return pos.fen()
        finally:
            pos.pop()

    reached = {after(m) for m in moves}
    return len(reached) == len(moves) and all(after(m) in reached for m in expected - moves)


def _reached(reference: Variant, moves: Sequence[str]) -> Position:
    pos = Position.start(reference)
    for m in moves:
        pos.push_uci(m)
    return pos


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
    walk = _Walk(variant)
    yield from walk.perft(depth)
    for game in range(games):
        yield from walk.game(game, games, plies, seed)


class _Walk:
    """The positions of one variant's walk, part by part, each compared once."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        # Keys of the positions compared so far (claim questions aside).  A key is the position's own, plus
        # whether each of the last two moves was a pass: Fairy-Stockfish, for one, ends a game after two
        # passes in a row, so the same position may have a different answer there.
        self.compared: set[tuple[object, ...]] = set()
        self.spelled: dict[Move, str] = {}  # move -> its UCI spelling

    def fresh(self, key: tuple[object, ...], claim: bool) -> bool:
        if claim:
            return True
        if key in self.compared:
            return False
        self.compared.add(key)
        return True

    def perft(self, depth: int) -> Generator[Node, None, None]:
        """The perft tree from the start to ``depth``, depth first."""
        walked: dict[tuple[object, ...], int] = {}  # position key -> the greatest depth walked below it
        pos = Position.start(self.variant)
        pos.track_history()
        path: list[str] = []
        roots = [0, 0]  # progress: root moves walked, root moves in all

        def below(remaining: int) -> Generator[Node, None, None]:
            key = (pos.key(), *_passes(path))
            if walked.get(key, -1) >= remaining:
                return
            walked[key] = remaining
            texts, end, claim = evaluate(pos, self.spelled)
            if not path:
                roots[1] = len(texts)
            if self.fresh(key, claim):
                yield Node(tuple(path), "perft", frozenset(texts), end, claim, ("perft", roots[0], roots[1]), key)
            if remaining == 0:
                return
            for text in sorted(texts):
                pos.push(texts[text])
                path.append(text)
                yield from below(remaining - 1)
                path.pop()
                pos.pop()
                if not path:
                    roots[0] += 1

        yield from below(depth)

    def game(self, game: int, games: int, plies: int, seed: int | str) -> Generator[Node, None, None]:
        """Random game ``game`` (of ``games``, for the progress) of up to ``plies`` plies."""
        rng = random.Random(f"{seed}:{self.variant.name}:{game}")
        pos = Position.start(self.variant)
        pos.track_history()
        played: list[str] = []
        for ply in range(plies + 1):
            texts, end, claim = evaluate(pos, self.spelled)
            key = (pos.key(), *_passes(played))
            if self.fresh(key, claim):
                where = f"game {game}, ply {ply}"
                yield Node(tuple(played), where, frozenset(texts), end, claim, ("games", game, games), key)
            if end is not None or not texts or ply == plies:
                break
            text = rng.choice(sorted(texts))
            pos.push(texts[text])
            played.append(text)
