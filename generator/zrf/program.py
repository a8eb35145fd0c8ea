"""A ZRF :class:`Game` compiled: :class:`Program` holds the tables, turn order and goals, and compiles each
side's move blocks (see :mod:`generator.zrf.compiler`) when a piece type can be on the board for it.

>>> from generator.zrf.model import load_text
>>> prog = Program(load_text('''(game (title "Tiny") (players White Black) (turn-order White Black)
...   (board (grid (dimensions ("a/b" (1 0)) ("2/1" (0 1))) (directions (n 0 -1) (e 1 0))))
...   (piece (name King) (moves (n add)))
...   (board-setup (White (King a1)) (Black (King b2)))
...   (loss-condition (White Black) (checkmated King)))''').game())
>>> prog.players, sorted(prog.royal_keys), prog.setup[0]
(['White', 'Black'], [0, 1], [-1, 0, 1, -1])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from dataclasses import dataclass
from types import CodeType
from typing import Any, NamedTuple

from generator.zrf.board import Board
from generator.zrf.compiler import ATTR_SHIFT, EMPTY, KEY_MASK, LOOP_LIMIT, BlockCompiler, CompileError, Env, endless
from generator.zrf.counting import CountFn, table_count
from generator.zrf.fast import Table, as_table, guard, plain_promotions, table_moves
from generator.zrf.goals import GoalCompiler, compile_goals, goal_positions, needs_moves, royal_keys
from generator.zrf.model import Game, PieceDef
from generator.zrf.moves import MoveMaker, ZMove, make_emit
from generator.zrf.problems import Problems
from generator.zrf.reach import Unknown, reach
from generator.zrf.reader import List, Node, Sym

MAX_PLAYERS = 15  # owner bits 0..14; 15 reads as "empty"

# the generated functions; their first argument is the position (generator.zrf.state.State)
MoveFn = Callable[[object, list[int], int, list[ZMove]], None]
DropFn = Callable[[object, list[int], int, list[ZMove], int], None]
AttackFn = Callable[[object, list[int], int, int], bool | None]
Candidates = list[list[tuple[int, dict[int, tuple[AttackFn, ...]]]]]
AttackTable = dict[tuple[int, int], list[AttackFn]]  # (from, piece key) -> attack functions


NO_SQUARES: frozenset[int] = frozenset()


class TypeMoves(NamedTuple):
    """A piece type's move functions for one side, and whether every move they make is plain (see
    :func:`~generator.zrf.fast.plain_promotions`) and promotes to no royal type: such a move
    cannot expose a royal piece while nothing of the enemy can reach one."""

    fns: list[MoveFn]
    plain: bool
    counter: CountFn | None  # how many moves they make, when they are tables that cannot repeat a move


Step = tuple[list[MoveFn], CountFn | None, bool]  # a piece's functions, what counts its moves instead, check them?


class Plan(dict[int, Step | None]):
    """Per piece code, what generating a side's moves does with such a piece: run its functions, and
    whether the check test must look at what they make; or, when ``counting`` (perft's last ply) and
    neither is needed, count its moves with a table.  ``trust`` (the codes that may expose a royal
    piece, see :class:`CodeTest`) None: no check test at all.  None for a type that cannot be there."""

    def __init__(self, kinds: list[TypeMoves | None], trust: CodeTest | None, counting: bool) -> None:
        super().__init__()
        self.kinds = kinds
        self.trust = trust
        self.counting = counting

    def __missing__(self, c: int) -> Step | None:
        kind = self.kinds[c >> 4 & 0xFFF]
        if kind is None:
            return None
        sure = self.trust is not None and kind.plain and not self.trust[c]
        got = self[c] = (
            kind.fns,
            kind.counter if sure and self.counting else None,
            self.trust is not None and not sure,
        )
        return got


class SideMoves(NamedTuple):
    """What a side may move: per type (None: a type that cannot be on the board) its functions, all
    of them (``full``) and those that need no last move of a kind (``cold``: without the blocks that
    :func:`~generator.zrf.fast.guard` finds), its drops, and per square where the guarded blocks may fire."""

    full: list[TypeMoves | None]
    cold: list[TypeMoves | None]
    drops: list[tuple[int, list[DropFn]]]
    by_to: list[frozenset[int]] | None  # per last-to square, the start squares of guarded blocks
    by_from: list[frozenset[int]] | None  # the same for last-from
    plans: dict[tuple[bool, int, bool], Plan]

    def plan(self, full: bool, trust: CodeTest | None, counting: bool) -> Plan:
        """The :class:`Plan` of the ``full`` functions (else ``cold``) for the check test ``trust``."""
        key = (full, -2 if trust is None else trust.q, counting)
        got = self.plans.get(key)
        if got is None:
            got = self.plans[key] = Plan(self.full if full else self.cold, trust, counting)
        return got

    def hot(self, last_from: int, last_to: int) -> frozenset[int]:
        """The squares whose pieces run their ``full`` functions after a move from ``last_from`` to ``last_to``."""
        got = NO_SQUARES
        if self.by_to is not None and last_to >= 0:
            got = self.by_to[last_to]
        if self.by_from is not None and last_from >= 0:
            got = got | self.by_from[last_from]
        return got


class MoveBlock(NamedTuple):
    """A move block compiled for one side: its move function (the attack function is compiled
    when a test first needs it: many games never ask)."""

    move: MoveFn
    mtype: int
    stmts: list[Node]


class DropBlock(NamedTuple):
    """A drop block compiled for one side."""

    drop: DropFn
    mtype: int
    stmts: list[Node]


@dataclass
class Turn:
    """One entry of the turn order."""

    player: int  # who moves
    gen: int  # whose pieces move
    mtype: int  # the only move type allowed, or -1


class Program:
    """A :class:`Game` compiled: link tables, the move functions of each side, goals."""

    def __init__(self, game: Game, problems: Problems | None = None, fast: bool = True) -> None:
        self.game = game
        # the fast paths: leaps and slides as per-square tables (generator.zrf.fast), E's common
        # case written inline in the compiled code; off, every block runs its compiled code through E
        self.fast = fast
        # problems raise at once, unless lint collects them (then a bad item is left out)
        self.problem = problems or Problems()
        b = game.board
        self.names = b.positions
        self.index = b.index
        self.npos = len(b.positions)
        self.players = list(game.players)
        if len(self.players) > MAX_PLAYERS:
            self.problem(game.node, f"more than {MAX_PLAYERS} players")
            del self.players[MAX_PLAYERS:]
        self.pindex = {p: i for i, p in enumerate(self.players)}
        self.types = {name: i for i, name in enumerate(game.pieces)}
        self.type_names = list(game.pieces)
        self.attrs, self.default_attrs = _attributes(game.pieces.values())
        self.live = [i for i in range(self.npos) if i not in b.killed]
        self.drop_positions = [i for i in self.live if i not in b.dummies]
        self.mtypes = _move_types(game)
        self.turns = self._turn_order()
        self.repeat_from = min(game.repeat_from, len(self.turns) - 1)
        self.gens = sorted({t.gen for t in self.turns})  # the sides whose pieces move
        self.neutral, self.enemies = _sides(len(self.players), self.gens)
        self.priority = self._priority()
        opt = game.options
        self.pass_turn = opt.get("pass turn", "false")
        self.pass_partial = opt.get("pass partial", "false") == "true"
        self.recycle_captures = opt.get("recycle captures", "false") == "true"
        self.recycle_promotions = opt.get("recycle promotions", "false") == "true"
        self.include_off = opt.get("include off-pieces", "false") == "true"
        self.royal_keys = royal_keys(game.conditions, self._type, self._player, len(self.players))
        self.royal_types = {k >> 4 for k in self.royal_keys}
        self.risky = [CodeTest(q, self.royal_keys, True) for q in range(len(self.players))]
        self.royal = CodeTest(-1, self.royal_keys, True)  # risky for no side: whether a code is a royal piece
        self.exposed = [CodeTest(q, self.royal_keys, False) for q in range(len(self.players))]
        self.goal_positions = goal_positions(game.conditions, b)
        self.envs = {g: self._env(g) for g in range(len(self.players))}
        self._fn_cache: dict[tuple[object, ...], Callable[..., Any]] = {}
        maker = MoveMaker(self.recycle_captures, self.recycle_promotions, self.default_attrs, len(self.players))
        self.emit = make_emit(maker)
        # move functions are compiled when a type can be on the board for a side
        self.compile_errors: list[CompileError] | None = None if self.problem.strict else []
        self._blocks: dict[tuple[int, int], list[MoveBlock]] = {}
        self._drop_blocks: dict[tuple[int, int], list[DropBlock]] = {}
        self.possible = self._possible_types()
        self._by_type: dict[tuple[int, int], SideMoves] = {}
        self._cands: dict[tuple[int, int], Candidates] = {}
        self._plain: dict[int, frozenset[int] | None] = {}  # per block's statements (their id)
        goals = GoalCompiler(self._type, b, self.players, self.envs, self.live)
        self.goals = compile_goals(game.conditions, goals, self._player, self.problem)
        self.cheap_goals = [x for x in self.goals if not needs_moves(x.node)]
        self.setup = self._setup()

    # -- building helpers ------------------------------------------------------------------------------

    def _type(self, node: Node) -> int | None:
        name = node.name if isinstance(node, Sym) else repr(node)
        if name not in self.types:
            self.problem(node, f"unknown piece {name!r}")
            return None
        return self.types[name]

    def _player(self, name: str, node: Node) -> int | None:
        if name not in self.pindex:
            self.problem(node, f"unknown player {name!r}")
            return None
        return self.pindex[name]

    def _turn_order(self) -> list[Turn]:
        game = self.game
        turns: list[Turn] = []
        for t in game.turn_order:
            bad = [who for who in (t.player, t.pieces_of) if who not in self.pindex]
            if bad:
                self.problem(t.node or game.node, f"unknown player {bad[0]!r} in turn-order")
                continue
            mt = -1 if t.move_type is None else self.mtypes.setdefault(t.move_type, len(self.mtypes))
            turns.append(Turn(self.pindex[t.player], self.pindex[t.pieces_of], mt))
        if not turns:
            self.problem(game.node, "the game has no turn order (no players)")
            self.players = self.players or ["?"]
            self.pindex = {p: i for i, p in enumerate(self.players)}
            turns = [Turn(0, 0, -1)]
        return turns

    def _priority(self) -> list[int] | None:
        """Per move type, its rank in ``move-priorities`` (unlisted types last); None without priorities."""
        names = self.game.move_priorities
        if not names:
            return None
        rank = {self.mtypes[n]: i for i, n in enumerate(names)}
        return [rank.get(m, len(rank)) for m in range(len(self.mtypes))] + [len(rank)]

    def _env(self, g: int) -> Env:
        b = self.game.board
        sym = b.symmetry.get(self.players[g], {})
        # a symmetry naming a direction the board lacks leaves the direction as it is
        raw = {d: sym.get(d, d) if sym.get(d, d) in b.links else d for d in b.directions}
        opposite = _opposites(b)
        return Env(
            me=g,
            links={d: b.links[raw[d]] for d in b.directions},
            opposite_links={d: b.links[opposite[raw[d]]] for d in b.directions if raw[d] in opposite},
            positions=dict(b.index),
            zones={z: _zone_table(per.get(self.players[g], set()), self.npos) for z, per in b.zones.items()},
            zone_names=set(b.zones),
            types=self.types,
            attrs=self.attrs,
            neutral=self.neutral,
            goal_positions=self.goal_positions,
            player_index=self.pindex,
            move_types=self.mtypes,
        )

    def _compile(self, env: Env, stmts: list[Node], mode: str, mtype: int, drop: bool = False) -> Callable[..., Any]:
        """The function of a block; Python's types of it are given where it is stored."""
        bc = BlockCompiler(env, stmts, "blk", mode, mtype, drop, self.compile_errors, self.fast)
        key = (env.me, mode, mtype, bc.source, tuple(sorted(bc.const_keys())))
        fn = self._fn_cache.get(key)
        if fn is None:
            ns = {
                "E": self.emit,
                "ZM": ZMove,
                "RC": self.recycle_captures,
                "LOOP": range(LOOP_LIMIT),
                "ENDLESS": endless,
                "ME": env.me,
                "MT": mtype,
                **bc.consts,
            }
            try:
                code = _python_code(bc.source)
            except (SyntaxError, RecursionError, MemoryError):  # Python's limits: 100 levels of indentation...
                first = stmts[0] if stmts else self.game.node
                raise CompileError(first.path, first.line, "a move block nested too deep to run") from None
            exec(code, ns)
            made = ns["blk"]
            assert callable(made)
            fn = self._fn_cache[key] = made
        return fn

    def _setup(self) -> tuple[list[int], list[list[int]]]:
        board = [EMPTY] * self.npos
        stores = [[0] * len(self.types) for _ in self.players]
        for pl in self.game.setup:
            who = self._player(pl.player, pl.node)
            t = self._type(pl.node.items[0]) if isinstance(pl.node, List) else None
            if who is None or t is None:
                continue
            code = self.code(t, who)
            for name in pl.positions:
                if name not in self.index:
                    self.problem(pl.node, f"unknown position {name!r} in board-setup")
                    continue
                board[self.index[name]] = code
            stores[who][t] += pl.off
        return board, stores

    def code(self, t: int, owner: int) -> int:
        """The code of a new piece of type ``t`` (default attributes)."""
        return self.default_attrs[t] | t << 4 | owner

    def _possible_types(self) -> dict[int, set[int]]:
        """Per side, the types its pieces can have: those of the setup, and what they can become
        (``add`` choices, ``change-type``, ``create``); any type if pieces can change sides."""
        start: dict[int, set[int]] = {g: set() for g in self.gens}
        for pl in self.game.setup:
            who = self.pindex.get(pl.player)
            first = pl.node.items[0] if isinstance(pl.node, List) and pl.node.items else None
            if who in start and isinstance(first, Sym) and first.name in self.types:
                start[who].add(self.types[first.name])
        makes: dict[int, set[int]] = {}
        for t, piece in enumerate(self.game.pieces.values()):
            found: set[int] = set()
            for blk in [*piece.moves, *piece.drops]:
                if any(_scan_types(node, self.types, found) for node in blk.stmts):
                    return {g: set(range(len(self.types))) for g in self.gens}
            makes[t] = found
        for types in start.values():
            todo = list(types)
            while todo:
                for t in makes[todo.pop()]:
                    if t not in types:
                        types.add(t)
                        todo.append(t)
        return start

    # -- compiled blocks -------------------------------------------------------------------------------

    def blocks(self, g: int, t: int) -> list[MoveBlock]:
        """The compiled moves of type ``t`` for side ``g``."""
        got = self._blocks.get((g, t))
        if got is None:
            env = self.envs[g]
            got = []
            for blk in self.game.pieces[self.type_names[t]].moves:
                mt = self._mtype(blk.move_type)
                move = self._compile(env, blk.stmts, "move", mt)
                got.append(MoveBlock(move, mt, blk.stmts))
            self._blocks[(g, t)] = got
        return got

    def drop_blocks(self, g: int, t: int) -> list[DropBlock]:
        """The compiled drops of type ``t`` for side ``g``."""
        got = self._drop_blocks.get((g, t))
        if got is None:
            env = self.envs[g]
            got = []
            for blk in self.game.pieces[self.type_names[t]].drops:
                mt = self._mtype(blk.move_type)
                got.append(DropBlock(self._compile(env, blk.stmts, "move", mt, drop=True), mt, blk.stmts))
            self._drop_blocks[(g, t)] = got
        return got

    def _mtype(self, name: str | None) -> int:
        return -1 if name is None else self.mtypes[name]

    def check_all(self) -> list[CompileError]:
        """Translate every block for every side without running Python's compiler: the problems
        (one per bad statement), as lint reports them."""
        errors: list[CompileError] = []
        for g in self.gens:
            env = self.envs[g]
            for piece in self.game.pieces.values():
                for blocks, drop in ((piece.moves, False), (piece.drops, True)):
                    for blk in blocks:
                        BlockCompiler(env, blk.stmts, "blk", "move", self._mtype(blk.move_type), drop, errors)
        return errors

    def activate(self, g: int, t: int) -> None:
        """A piece of a type thought impossible for side ``g`` is on the board: take it into account."""
        self.possible[g].add(t)
        self._by_type = {k: v for k, v in self._by_type.items() if k[0] != g}
        self._cands = {k: v for k, v in self._cands.items() if k[0] != g}

    def moves_of(self, g: int, mtype: int) -> SideMoves:
        """The move functions side ``g`` may use (only ``mtype`` if >= 0) per type, and its drops."""
        key = (g, mtype)
        got = self._by_type.get(key)
        if got is None:
            possible = self.possible[g]
            full: list[TypeMoves | None] = [None] * len(self.types)
            cold: list[TypeMoves | None] = [None] * len(self.types)
            guarded: list[tuple[str, list[list[int]]]] = []
            for t in sorted(possible):
                full[t], cold[t] = self._type_moves(g, t, mtype, guarded)
            dr = [
                (t, [b.drop for b in self.drop_blocks(g, t) if mtype < 0 or b.mtype == mtype])
                for t in range(len(self.types))
                if self.game.pieces[self.type_names[t]].drops
            ]
            by_to, by_from = self._hot_squares(guarded)
            drops = [(t, fns) for t, fns in dr if fns]
            got = self._by_type[key] = SideMoves(full, cold, drops, by_to, by_from, {})
        return got

    def _type_moves(
        self, g: int, t: int, mtype: int, guarded: list[tuple[str, list[list[int]]]]
    ) -> tuple[TypeMoves, TypeMoves]:
        """The move functions of type ``t`` (blocks of ``mtype`` if >= 0), all of them and those that
        need no last move of a kind (``guarded`` gets the others' guards): consecutive leaps and slides
        share one table function, the other blocks keep their compiled code."""
        env = self.envs[g]
        items: list[tuple[Table | MoveFn, bool, bool]] = []  # a table or a compiled block, plain?, guarded?
        for b in self.blocks(g, t):
            if mtype >= 0 and b.mtype != mtype:
                continue
            tab = as_table(env, b.stmts, b.mtype, self.npos) if self.fast else None
            made = self._promotions(b.stmts) if tab is None else tab.promotions()
            plain = made is not None and not any(x << 4 | g in self.royal_keys for x in made)
            guard_of = guard(env, b.stmts) if self.fast and tab is None else None
            if guard_of is not None:
                guarded.append(guard_of)
            items.append((b.move if tab is None else tab, plain, guard_of is not None))
        return self._kind([(x, p) for x, p, _ in items]), self._kind([(x, p) for x, p, gd in items if not gd])

    def _promotions(self, stmts: list[Node]) -> frozenset[int] | None:
        """:func:`~generator.zrf.fast.plain_promotions` of a block, looked at once for all sides."""
        key = id(stmts)
        if key not in self._plain:
            self._plain[key] = plain_promotions(stmts, self.types)
        return self._plain[key]

    def _kind(self, items: list[tuple[Table | MoveFn, bool]]) -> TypeMoves:
        """The functions of a type's blocks (tables or compiled), whether they are plain, and what
        counts their moves if they are all tables."""
        fns: list[MoveFn] = []
        run: list[Table] = []
        for x, _ in items:
            if isinstance(x, Table):
                run.append(x)
                continue
            if run:
                fns.append(table_moves(run, self.recycle_captures, self.emit))
                run = []
            fns.append(x)
        counter = None
        if run:
            fns.append(table_moves(run, self.recycle_captures, self.emit))
            if len(run) == len(items):
                counter = table_count(run, self.recycle_promotions)
        return TypeMoves(fns, all(plain for _, plain in items), counter)

    def _hot_squares(
        self, guarded: list[tuple[str, list[list[int]]]]
    ) -> tuple[list[frozenset[int]] | None, list[frozenset[int]] | None]:
        """Per square, the start squares from which a guarded block reaches it: where the last move
        must have ended (``last-to``) or begun (``last-from``) for the block to fire there."""
        found: dict[str, list[set[int]]] = {}
        for kind, steps in guarded:
            per = found.setdefault(kind, [set() for _ in range(self.npos)])
            for s0 in self.live:
                p = s0
                for link in steps:
                    p = link[p]
                    if p < 0:
                        break
                else:
                    per[p].add(s0)
        to, frm = (found.get(k) for k in ("last-to", "last-from"))
        return (
            None if to is None else [frozenset(x) for x in to],
            None if frm is None else [frozenset(x) for x in frm],
        )

    def candidates(self, q: int, mtype: int = -1) -> Candidates:
        """Per target square: ``(from, {piece key: attack functions})``: where a piece of side ``q``
        may stand to capture on the target, and the blocks (of move type ``mtype`` if >= 0) that may do it."""
        cands = self._cands.get((q, mtype))
        if cands is None:
            table, anywhere = self._attacks(q, mtype)
            # the blocks that may capture anywhere are listed once and shared by every target
            shared = _by_target([anywhere])[0]
            cands = self._cands[(q, mtype)] = [own + shared for own in _by_target(table)]
        return cands

    def _attacks(self, q: int, mtype: int) -> tuple[list[AttackTable], AttackTable]:
        """Per target square, ``{(from, piece key): attack functions}`` of side ``q`` (move type ``mtype``),
        and the same for the blocks whose reach cannot be told (they may capture on any target)."""
        env = self.envs[q]
        table: list[AttackTable] = [{} for _ in range(self.npos)]
        anywhere: AttackTable = {}
        memo: dict[AttackFn, dict[int, set[int]] | None] = {}
        for t in sorted(self.possible.get(q, ())):
            key = t << 4 | q
            for _, mt, stmts in self.blocks(q, t):
                if mtype >= 0 and mt != mtype:
                    continue
                afn = self._compile(env, stmts, "attack", mt)
                if afn not in memo:
                    memo[afn] = _reach_or_none(env, stmts, self.live)
                reached = memo[afn]
                for s0 in self.live:
                    for where in [anywhere] if reached is None else [table[x] for x in reached[s0]]:
                        fns = where.setdefault((s0, key), [])
                        if afn not in fns:
                            fns.append(afn)
        return table, anywhere


@functools.lru_cache(maxsize=4096)
def _python_code(source: str) -> CodeType:
    """Python's compilation of a block's source, some milliseconds for a big block: the sides, the
    directions, the piece types and the games of a file are constants apart from it, so blocks
    that differ only in those share it (Escalation.zrf: 46 compilations for 399 blocks)."""
    return compile(source, "<zrf block>", "exec")


class CodeTest(dict[int, bool]):
    """Per piece code (-1: empty), for the check test against side ``q``: with ``risky``, whether
    putting it down may expose a royal piece (a piece of ``q`` or a royal piece: such moves are
    looked at in full), else whether it is a royal piece ``q`` may capture (not one of ``q``'s)."""

    def __init__(self, q: int, royal: Collection[int], risky: bool) -> None:
        super().__init__()
        self.q = q
        self.royal = royal
        self.risky = risky

    def __missing__(self, c: int) -> bool:
        if c < 0:
            got = False
        elif self.risky:
            got = c & 15 == self.q or c & KEY_MASK in self.royal
        else:
            got = c & 15 != self.q and c & KEY_MASK in self.royal
        self[c] = got
        return got


def _sides(nplayers: int, gens: list[int]) -> tuple[frozenset[int], dict[int, list[int]]]:
    """The players whose pieces never move (neutral), and each player's enemies (the sides that move)."""
    neutral = frozenset(i for i in range(nplayers) if i not in gens)
    return neutral, {g: [q for q in gens if q != g] for g in range(nplayers)}


def _by_target(table: list[AttackTable]) -> Candidates:
    cands = []
    for d in table:
        by_square: dict[int, dict[int, tuple[AttackFn, ...]]] = {}
        for (s0, key), fns in d.items():
            by_square.setdefault(s0, {})[key] = tuple(fns)
        cands.append(sorted(by_square.items()))
    return cands


def _reach_or_none(env: Env, stmts: list[Node], starts: list[int]) -> dict[int, set[int]] | None:
    """Per start square, where a block can capture; None when it cannot be told (anywhere)."""
    try:
        return reach(env, stmts, starts)
    except Unknown:
        return None


def _attributes(pieces: Collection[PieceDef]) -> tuple[dict[str, int], list[int]]:
    """Each attribute's bit, and each piece type's default attribute bits."""
    names: list[str] = []
    for p in pieces:
        names.extend(a for a in p.attributes if a not in names)
    attrs = {a: 1 << (ATTR_SHIFT + k) for k, a in enumerate(names)}
    defaults = []
    for p in pieces:
        bits = 0
        for a, v in p.attributes.items():
            if v:
                bits |= attrs[a]
        defaults.append(bits)
    return attrs, defaults


def _move_types(game: Game) -> dict[str, int]:
    """A number per move type: those of the pieces' blocks, then those of move-priorities."""
    mtypes: dict[str, int] = {}
    for p in game.pieces.values():
        for blk in [*p.moves, *p.drops]:
            if blk.move_type is not None:
                mtypes.setdefault(blk.move_type, len(mtypes))
    for name in game.move_priorities:
        mtypes.setdefault(name, len(mtypes))
    return mtypes


def _zone_table(squares: set[int], npos: int) -> list[bool]:
    return [i in squares for i in range(npos)]


OWNER_CHANGES = ("change-owner", "flip")
TYPE_CHANGES = ("add", "add-copy", "add-partial", "add-copy-partial", "change-type", "create")


def _scan_types(node: Node, types: dict[str, int], found: set[int]) -> bool:
    """Collect the types a statement can turn a piece into; True if it can change a piece's owner."""
    if isinstance(node, Sym):
        return node.name in OWNER_CHANGES
    if not isinstance(node, List):
        return False
    head = node.head
    if head in OWNER_CHANGES:
        return True
    if head in TYPE_CHANGES:
        first = node.items[1] if len(node.items) > 2 else None
        if head == "create" and isinstance(first, Sym) and first.name not in types:
            return True  # (create Player Type ...): another side's piece
        found.update(types[x.name] for x in node.items[1:] if isinstance(x, Sym) and x.name in types)
    changes = False
    for x in node.items:
        if isinstance(x, List) or (isinstance(x, Sym) and x.name in OWNER_CHANGES):
            changes |= _scan_types(x, types, found)
    return changes


def _opposites(b: Board) -> dict[str, str]:
    """Each direction's reverse: by offsets on a grid, else the direction whose links are the inverse."""
    out = {}
    for d, v in b.vectors.items():
        for e, w in b.vectors.items():
            if all(x == -y for x, y in zip(v, w, strict=True)):
                out[d] = e
    for d in b.directions:
        if d not in out:
            inverse = _inverse_of(b, b.links[d])
            if inverse is not None:
                out[d] = inverse
    return out


def _inverse_of(b: Board, table: list[int]) -> str | None:
    pairs = [(p, q) for p, q in enumerate(table) if q >= 0]
    for e in b.directions:
        t2 = b.links[e]
        if pairs and all(t2[q] == p for p, q in pairs):
            return e
    return None
