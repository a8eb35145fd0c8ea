"""ZRF goals: win-, loss-, draw- and count-conditions compiled to tests of a position, and the :class:`Outcome`.

Each goal becomes a function ``test(state, player) -> bool``; ``checkmated``
also makes its pieces royal (:func:`royal_keys`), which the check test of
:mod:`generator.zrf.state` uses.

>>> str(Outcome("White", None, "checkmate", ("White", "Black")))
'1-0 (White wins by checkmate)'
>>> from generator.zrf.reader import read_text
>>> reason(read_text("(checkmated King)")[0]), needs_moves(read_text("(pieces-remaining 0)")[0])
('checkmate', False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from generator.zrf.board import Board
from generator.zrf.compiler import Env
from generator.zrf.model import Condition
from generator.zrf.problems import Problems
from generator.zrf.reader import List, Node, Sym, ZrfError


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner``/``loser`` are player names (None for a draw)."""

    winner: str | None
    loser: str | None
    reason: str
    players: tuple[str, ...] = ()

    @property
    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``, from the first player's side."""
        if self.winner is None and self.loser is None:
            return "1/2-1/2"
        first = self.players[0] if self.players else None
        if self.winner is not None:
            return "1-0" if self.winner == first else "0-1"
        return "0-1" if self.loser == first else "1-0"

    def __str__(self) -> str:
        who = (
            "draw"
            if self.winner is None and self.loser is None
            else (f"{self.winner} wins" if self.winner else f"{self.loser} loses")
        )
        return f"{self.result} ({who} by {self.reason})"


class Mover(Protocol):
    @property
    def gen(self) -> int: ...


class GoalState(Protocol):
    """What goal tests read of a position."""

    board: list[int]
    captured: tuple[int, ...]

    @property
    def turn(self) -> Mover: ...

    def legal_moves(self) -> Sequence[object]: ...

    def in_check(self, pl: int, types: frozenset[int] | None = None) -> bool: ...

    def count_pieces(self, pl: int | None, types: frozenset[int] | None) -> int: ...

    def repetitions(self) -> int: ...


GoalTest = Callable[[GoalState, int], bool]


class Goal(NamedTuple):
    """One condition of the game: its kind, the players it is for, its test and the goal as written."""

    kind: str
    players: list[int]
    test: GoalTest
    node: Node


def _stalemated(st: GoalState, pl: int) -> bool:
    return st.turn.gen == pl and not st.legal_moves()


def _repetition(st: GoalState, pl: int) -> bool:
    """A third occurrence, for the side about to move only, as for ``stalemated``: Zillions' own Chess.zrf
    states King vs. King's repetition for each side (``(win-condition (Black) repetition)`` and
    ``(loss-condition (White) repetition)``), which only one side tested per position needs, and Polygamo
    (GameModel.cs) and Axiom ("OnIsGameOver is always called from the perspective of the player who is about
    to make the next move") test such goals for that side."""
    return st.turn.gen == pl and st.repetitions() >= 3


SYMBOL_GOALS: dict[str, GoalTest] = {"stalemated": _stalemated, "repetition": _repetition}


class GoalCompiler:
    """Compiles goals against one game: its pieces, board and sides."""

    def __init__(
        self,
        type_of: Callable[[Node], int | None],
        board: Board,
        players: Sequence[str],
        envs: Mapping[int, Env],
        live: Sequence[int],
    ) -> None:
        self.type_of = type_of
        self.board = board
        self.players = players
        self.envs = envs
        self.live = live
        self.by_head: dict[str, Callable[[List, list[Node]], GoalTest]] = {
            "and": self._and,
            "or": self._or,
            "not": self._not,
            "checkmated": self._checkmated,
            "captured": self._captured,
            "pieces-remaining": self._count,
            "total-piece-count": self._count,
            "absolute-config": self._absolute,
            "relative-config": self._relative,
        }

    def goal(self, g: Node) -> GoalTest:
        """The test of goal ``g``; ZrfError if it is not a goal."""
        if isinstance(g, Sym):
            test = SYMBOL_GOALS.get(g.name)
            if test is None:
                raise ZrfError(g.path, g.line, f"unknown goal {g.name!r}")
            return test
        if not isinstance(g, List) or g.head is None:
            raise ZrfError(g.path, g.line, f"unknown goal {g!r}")
        make = self.by_head.get(g.head)
        if make is None:
            raise ZrfError(g.path, g.line, f"unknown goal ({g.head} ...)")
        return make(g, g.items[1:])

    def _type(self, node: Node) -> int:
        t = self.type_of(node)
        if t is None:
            raise ZrfError(node.path, node.line, f"unknown piece {node!r}")
        return t

    def _types(self, nodes: list[Node]) -> frozenset[int] | None:
        return frozenset(self._type(n) for n in nodes) if nodes else None

    def _and(self, g: List, args: list[Node]) -> GoalTest:
        parts = [self.goal(a) for a in args]
        return lambda st, pl: all(f(st, pl) for f in parts)

    def _or(self, g: List, args: list[Node]) -> GoalTest:
        parts = [self.goal(a) for a in args]
        return lambda st, pl: any(f(st, pl) for f in parts)

    def _not(self, g: List, args: list[Node]) -> GoalTest:
        inner = self.goal(args[0])
        return lambda st, pl: not inner(st, pl)

    def _checkmated(self, g: List, args: list[Node]) -> GoalTest:
        types = self._types(args)
        return lambda st, pl: st.turn.gen == pl and not st.legal_moves() and st.in_check(pl, types)

    def _captured(self, g: List, args: list[Node]) -> GoalTest:
        types = self._types(args)
        return lambda st, pl: any(c & 15 == pl and (types is None or c >> 4 & 0xFFF in types) for c in st.captured)

    def _count(self, g: List, args: list[Node]) -> GoalTest:
        if not args or not isinstance(args[0], Sym) or not args[0].is_int:
            raise ZrfError(g.path, g.line, f"({g.head} N [piece...]) needs a number")
        n = int(args[0].name)
        types = self._types(args[1:])
        anyone = g.head == "total-piece-count"
        return lambda st, pl: st.count_pieces(None if anyone else pl, types) == n

    def _absolute(self, g: List, args: list[Node]) -> GoalTest:
        b = self.board
        # the places are a list, or (Luzhanqi's (absolute-config FieldMarshalFlag b1)) a bare name
        places = [a for a in args if isinstance(a, List) or _is_place(a, b)]
        types = frozenset(self._type(a) for a in args if isinstance(a, Sym) and a not in places)
        if len(places) != 1 or not types:
            raise ZrfError(g.path, g.line, "(absolute-config piece... (position-or-zone...)) needs pieces and a list")
        singles, zones = [], []
        for x in places[0].items if isinstance(places[0], List) else places:
            name = x.name if isinstance(x, Sym) else repr(x)
            if name in b.index:
                singles.append(b.index[name])
            elif name in b.zones:
                zones.append(name)
            else:
                raise ZrfError(x.path, x.line, f"unknown position or zone {name!r}")
        players = self.players

        def absolute(st: GoalState, pl: int) -> bool:
            B = st.board
            ok = all(B[p] >= 0 and B[p] & 15 == pl and B[p] >> 4 & 0xFFF in types for p in singles)
            for z in zones:
                sq = b.zones[z].get(players[pl], set())
                ok = ok and any(B[p] >= 0 and B[p] & 15 == pl and B[p] >> 4 & 0xFFF in types for p in sq)
            return ok

        return absolute

    def _relative(self, g: List, args: list[Node]) -> GoalTest:
        pattern_types = [self._type(x) for x in args[0::2]]
        dirs = [x.name for x in args[1::2] if isinstance(x, Sym)]
        if len(pattern_types) != len(dirs) + 1:
            raise ZrfError(g.path, g.line, "(relative-config piece dir piece ...) alternates pieces and directions")
        envs, live = self.envs, self.live

        def matches(B: list[int], links: Mapping[str, list[int]], p: int, pl: int) -> bool:
            for k, t in enumerate(pattern_types):
                if k:
                    p = links[dirs[k - 1]][p]
                if p < 0 or B[p] < 0 or B[p] & 15 != pl or B[p] >> 4 & 0xFFF != t:
                    return False
            return True

        def relative(st: GoalState, pl: int) -> bool:
            links = envs[pl].links
            return any(matches(st.board, links, p0, pl) for p0 in live)

        return relative


def royal_keys(
    conditions: Sequence[Condition],
    type_of: Callable[[Node], int | None],
    player_of: Callable[[str, Node], int | None],
    nplayers: int,
) -> set[int]:
    """The piece keys (``type << 4 | owner``) that ``checkmated`` goals make royal."""
    keys: set[int] = set()
    for c in conditions:
        if isinstance(c.goal, List) and c.goal.head == "checkmated":
            types = [t for t in (type_of(n) for n in c.goal.items[1:]) if t is not None]
            owners = [o for o in (player_of(p, c.node) for p in c.players) if o is not None]
            if c.kind == "win-condition":  # a side wins by mating the others' pieces
                owners = [o for o in range(nplayers) if o not in owners] or owners
            keys.update(t << 4 | o for o in owners for t in types)
    return keys


def compile_goals(
    conditions: Sequence[Condition],
    compiler: GoalCompiler,
    player_of: Callable[[str, Node], int | None],
    problem: Problems,
) -> list[Goal]:
    """The goals of the game, in file order; a goal that does not compile is reported and left out."""
    goals = []
    for c in conditions:
        try:
            test = compiler.goal(c.goal)
        except ZrfError as e:
            problem(c.goal, e.message)
            continue
        players = [o for o in (player_of(p, c.node) for p in c.players) if o is not None]
        goals.append(Goal(c.kind, players, test, c.goal))
    return goals


def needs_moves(g: Node) -> bool:
    """Whether deciding goal ``g`` needs the legal moves (perft skips the others' cost)."""
    if isinstance(g, Sym):
        return g.name in ("stalemated", "repetition")
    if isinstance(g, List):
        if g.head == "checkmated":
            return True
        return any(needs_moves(x) for x in g.items[1:])
    return False


def reason(node: Node) -> str:
    """How an outcome by goal ``node`` is described."""
    if isinstance(node, Sym):
        return {"stalemated": "stalemate", "repetition": "repetition"}.get(node.name, node.name)
    if isinstance(node, List) and node.head == "checkmated":
        return "checkmate"
    return re.sub(r"\s+", " ", repr(node))


def _is_place(x: Node, board: Board) -> bool:
    return isinstance(x, Sym) and (x.name in board.index or x.name in board.zones)


def goal_positions(conditions: Sequence[Condition], board: Board) -> frozenset[int]:
    """The positions ``absolute-config`` goals name (directly or by zone): ``goal-position?``."""
    out: set[int] = set()
    for c in conditions:
        _walk_config(c.goal, board, out)
    return frozenset(out)


def _walk_config(g: Node, board: Board, out: set[int]) -> None:
    if not isinstance(g, List):
        return
    if g.head != "absolute-config":
        for x in g.items[1:]:
            _walk_config(x, board, out)
        return
    for x in g.items[1:]:
        if isinstance(x, List) or _is_place(x, board):
            for y in x.items if isinstance(x, List) else [x]:
                if isinstance(y, Sym) and y.name in board.index:
                    out.add(board.index[y.name])
                elif isinstance(y, Sym) and y.name in board.zones:
                    for sq in board.zones[y.name].values():
                        out |= sq
