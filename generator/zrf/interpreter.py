"""Playing a ZRF game: positions, legal moves, goals and perft, with Zillions' semantics.

>>> from pathlib import Path
>>> from generator.zrf import open_game
>>> chess = Path(__file__).resolve().parents[3] / "shared" / "zillions" / "Chess.zrf"
>>> state = open_game(chess, "Chess") if chess.exists() else None
>>> state is None or (len(state.legal_moves()), perft(state, 2)) == (20, 400)
True

What a move is (Zillions' "internals of movement"):

* a block runs with a cursor on the moving piece's square (for ``drops``, on every
  position in turn) and reads the board as it was before the move;
* ``add`` emits a move: the moving piece goes from ``from`` to the position
  ``to`` set, else to the cursor; a piece standing there is captured if it is an
  enemy's, and the move is dropped if it is a friend's (unless that piece moves
  away in a cascade or is taken with ``capture``); ``(add A B)`` emits one move
  per piece type (promotion; with ``recycle promotions`` only types in the
  side's store); generation goes on after ``add``; moves with the same effect
  count once;
* ``verify`` that fails, or a step off the board, ends the block;
* ``cascade`` ends the current piece's part of the move and makes the piece at
  the cursor (or the one picked up with ``from``) the moving piece;
* ``capture`` removes the piece at the cursor; ``set-attribute``,
  ``change-owner``, ``flip``, ``change-type`` and ``create`` act on whatever
  stands on their position once the pieces have moved (Chess.zrf's castling sets
  ``never-moved?`` on the rook's and then the king's destination);
* ``mark``/``back``: ``back`` with no ``mark`` returns to the start square;
* ``last-from?``/``last-to?`` compare with the previous move's origin and
  destination; ``attacked?`` asks whether an enemy move could capture a piece of
  ours on the cursor (the moving piece is put there for the test; an enemy move
  that itself asks ``attacked?`` is followed one level deeper, no further);
* ``move-priorities``: only the moves of the first type that has any survive, and
  that before the check test; a turn ``(Player type)`` allows only that type;
* a ``checkmated`` goal makes its pieces royal: a move after which the next
  player to move could capture a royal piece of another side is illegal (so in
  ``White White Black Black`` orders a first move may leave one's own king
  attacked but may not attack the enemy king, as Zillions' Double-Move Chess says);
* a side with no move: goals decide (``stalemated``, ``checkmated``...), else it
  is a draw; ``(option "pass turn" true|forced)`` gives a pass move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.zrf import compiler as cc
from generator.zrf.compiler import EMPTY, KEY_MASK, LOOP_LIMIT, BlockCompiler, CompileError, Env, Unknown
from generator.zrf.model import Board, Game, Problems, RulesFile, load
from generator.zrf.reader import List, Node, Sym, ZrfError

NOTHING: tuple = ()
MAX_NESTING = 2  # attacked? inside attacked? inside ...: how deep the tests go


class ZMove:
    """One move: the squares it changes (``changes``: ``(position, new code)``, -1 for empty), the
    store counts it changes, and what notation needs (the first piece's from/to, promotion, drop)."""

    __slots__ = (
        "captured",
        "changes",
        "drop",
        "frm",
        "mtype",
        "partial",
        "parts",
        "piece",
        "placed",
        "promo",
        "stores",
        "to",
    )

    def __init__(
        self,
        changes: tuple,
        frm: int,
        to: int,
        piece: int,
        placed: int,
        promo: int,
        captured: tuple,
        stores: tuple,
        mtype: int,
        parts: tuple | None = None,
        partial: str | None = None,
    ) -> None:
        self.changes = changes
        self.frm = frm  # -1 for a drop or a pass
        self.to = to
        self.piece = piece  # the moving piece's code (before)
        self.placed = placed  # the code it lands as
        self.promo = promo  # the promotion type, or -1
        self.drop = frm < 0 and to >= 0
        self.captured = captured
        self.stores = stores
        self.mtype = mtype
        self.parts = parts  # ((from, to, code before, code after), ...) for multi-piece moves
        self.partial = partial

    @property
    def is_pass(self) -> bool:
        return self.to < 0

    def key(self) -> tuple:
        return self.changes, self.stores, self.partial

    def __repr__(self) -> str:
        return f"ZMove({self.frm}->{self.to}, {self.changes})"


PASS = ZMove(NOTHING, -1, -1, -1, -1, -1, NOTHING, NOTHING, -1)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner``/``loser`` are player names (None for a draw)."""

    winner: str | None
    loser: str | None
    reason: str
    players: tuple[str, ...] = ()

    @property
    def result(self) -> str:
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


@dataclass
class Turn:
    player: int  # who moves
    gen: int  # whose pieces move
    mtype: int  # the only move type allowed, or -1


class Program:
    """A :class:`Game` compiled: link tables, the move functions of each side, goals."""

    def __init__(self, game: Game, problems: Problems | None = None) -> None:
        self.game = game
        # problems raise at once, unless lint collects them (then a bad item is left out)
        self.problem = problems or Problems()
        b = game.board
        self.names = b.positions
        self.index = b.index
        self.npos = len(b.positions)
        self.players = list(game.players)
        if len(self.players) > 14:
            self.problem(game.node, "more than 14 players")
            del self.players[14:]
        self.pindex = {p: i for i, p in enumerate(self.players)}
        self.types = {name: i for i, name in enumerate(game.pieces)}
        self.type_names = list(game.pieces)
        attr_names: list[str] = []
        for p in game.pieces.values():
            for a in p.attributes:
                if a not in attr_names:
                    attr_names.append(a)
        self.attrs = {a: 1 << (cc.ATTR_SHIFT + k) for k, a in enumerate(attr_names)}
        self.default_attrs = []
        for p in game.pieces.values():
            bits = 0
            for a, v in p.attributes.items():
                if v:
                    bits |= self.attrs[a]
            self.default_attrs.append(bits)
        self.live = [i for i in range(self.npos) if i not in b.killed]
        self.drop_positions = [i for i in self.live if i not in b.dummies]
        # turn order
        self.mtypes: dict[str, int] = {}
        for p in game.pieces.values():
            for blk in [*p.moves, *p.drops]:
                if blk.move_type is not None:
                    self.mtypes.setdefault(blk.move_type, len(self.mtypes))
        for name in game.move_priorities:
            self.mtypes.setdefault(name, len(self.mtypes))
        self.turns: list[Turn] = []
        for t in game.turn_order:
            bad = [who for who in (t.player, t.pieces_of) if who not in self.pindex]
            if bad:
                self.problem(t.node or game.node, f"unknown player {bad[0]!r} in turn-order")
                continue
            mt = -1 if t.move_type is None else self.mtypes.setdefault(t.move_type, len(self.mtypes))
            self.turns.append(Turn(self.pindex[t.player], self.pindex[t.pieces_of], mt))
        if not self.turns:
            self.problem(game.node, "the game has no turn order (no players)")
            self.players = self.players or ["?"]
            self.pindex = {p: i for i, p in enumerate(self.players)}
            self.turns = [Turn(0, 0, -1)]
        self.repeat_from = min(game.repeat_from, len(self.turns) - 1)
        self.gens = sorted({t.gen for t in self.turns})
        self.neutral = frozenset(i for i in range(len(self.players)) if i not in self.gens)
        self.enemies = {g: [q for q in self.gens if q != g] for g in range(len(self.players))}
        self.priority = None
        if game.move_priorities:
            rank = {self.mtypes[n]: i for i, n in enumerate(game.move_priorities)}
            self.priority = [rank.get(m, len(rank)) for m in range(len(self.mtypes))] + [len(rank)]
        # options
        opt = game.options
        self.pass_turn = opt.get("pass turn", "false")
        self.pass_partial = opt.get("pass partial", "false") == "true"
        self.recycle_captures = opt.get("recycle captures", "false") == "true"
        self.recycle_promotions = opt.get("recycle promotions", "false") == "true"
        self.include_off = opt.get("include off-pieces", "false") == "true"
        # royal pieces: the types named by checkmated goals, per player
        self.royal_keys: set[int] = set()
        self.royal_types: set[int] = set()
        for c in game.conditions:
            if isinstance(c.goal, List) and c.goal.head == "checkmated":
                types = [t for t in (self._type(n) for n in c.goal.items[1:]) if t is not None]
                owners = [o for o in (self._player(p, c.node) for p in c.players) if o is not None]
                if c.kind == "win-condition":  # a side wins by mating the others' pieces
                    owners = [o for o in range(len(self.players)) if o not in owners] or owners
                for o in owners:
                    for t in types:
                        self.royal_keys.add(t << 4 | o)
                        self.royal_types.add(t)
        self.goal_positions = frozenset(self._goal_positions())
        self.envs = {g: self._env(g) for g in range(len(self.players))}
        self._fn_cache: dict[tuple, Callable] = {}
        self.emit = make_emit(self)
        # move functions, compiled when a type can be on the board for a side:
        # per (side, type): [(fn, attack fn, mtype, stmts)] for moves, [(fn, None, mtype, stmts)] for drops
        self.compile_errors: list[CompileError] | None = None if self.problem.strict else []
        self._blocks: dict[tuple[int, int], list[tuple]] = {}
        self._drop_blocks: dict[tuple[int, int], list[tuple]] = {}
        self.possible = self._possible_types()
        self._by_type: dict[tuple[int, int], tuple] = {}
        self._cands: dict[int, list[list[tuple]]] = {}
        self.goals = []
        for c in game.conditions:
            try:
                fn = self._goal(c.goal)
            except ZrfError as e:
                self.problem(c.goal, e.message)
                continue
            players = [o for o in (self._player(p, c.node) for p in c.players) if o is not None]
            self.goals.append((c.kind, players, fn, c.goal))
        self.cheap_goals = [x for x in self.goals if not _needs_moves(x[3])]
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

    def _goal_type(self, node: Node) -> int:
        t = self._type(node)
        if t is None:
            raise ZrfError(node.path, node.line, f"unknown piece {node!r}")
        return t

    def _env(self, g: int) -> Env:
        b = self.game.board
        who = self.players[g]
        sym = b.symmetry.get(who, {})
        links = {d: b.links[sym.get(d, d) if sym.get(d, d) in b.links else d] for d in b.directions}
        opposite = _opposites(b)
        opp_links = {}
        for d in b.directions:
            raw = sym.get(d, d) if sym.get(d, d) in b.links else d
            if raw in opposite:
                opp_links[d] = b.links[opposite[raw]]
        zones = {}
        for z, per in b.zones.items():
            squares = per.get(who, set())
            zones[z] = [i in squares for i in range(self.npos)]
        return Env(
            me=g,
            links=links,
            opposite_links=opp_links,
            positions=dict(b.index),
            zones=zones,
            zone_names=set(b.zones),
            types=self.types,
            attrs=self.attrs,
            neutral=self.neutral,
            goal_positions=self.goal_positions,
            player_index=self.pindex,
        )

    def _compile(self, env: Env, stmts: list[Node], mode: str, mtype: int, drop: bool = False) -> Callable:
        bc = BlockCompiler(env, stmts, "blk", mode, mtype, drop, self.compile_errors)
        key = (env.me, mode, bc.source, tuple(sorted(bc.const_keys())))
        fn = self._fn_cache.get(key)
        if fn is None:
            ns = {"E": self.emit, "LOOP": range(LOOP_LIMIT), **bc.consts}
            exec(compile(bc.source, f"<zrf {mode} block>", "exec"), ns)
            fn = self._fn_cache[key] = ns["blk"]
            fn.zrf_source = bc.source  # type: ignore[attr-defined]
        return fn

    def _goal_positions(self) -> set[int]:
        out: set[int] = set()
        for c in self.game.conditions:
            _walk_config(c.goal, self.game.board.index, self.game.board.zones, out)
        return out

    def _setup(self) -> tuple[list[int], list[list[int]]]:
        board = [EMPTY] * self.npos
        stores = [[0] * len(self.types) for _ in self.players]
        for pl in self.game.setup:
            who = self._player(pl.player, pl.node)
            t = self._type(pl.node.items[0])
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
        every = set(range(len(self.types)))
        start: dict[int, set[int]] = {g: set() for g in self.gens}
        for pl in self.game.setup:
            who = self.pindex.get(pl.player)
            if who in start and pl.node.items and isinstance(pl.node.items[0], Sym):
                t = self.types.get(pl.node.items[0].name)
                if t is not None:
                    start[who].add(t)
        makes: dict[int, set[int]] = {}
        anyone = False
        for t, piece in enumerate(self.game.pieces.values()):
            found: set[int] = set()
            for blk in [*piece.moves, *piece.drops]:
                for node in blk.stmts:
                    anyone |= _scan_types(node, self.types, found)
            makes[t] = found
        if anyone:
            return {g: set(every) for g in self.gens}
        out = {}
        for g, types in start.items():
            todo = list(types)
            while todo:
                for t in makes[todo.pop()]:
                    if t not in types:
                        types.add(t)
                        todo.append(t)
            out[g] = types
        return out

    def blocks(self, g: int, t: int) -> list[tuple]:
        """The compiled moves of type ``t`` for side ``g``: ``(fn, attack fn, move type, statements)``."""
        got = self._blocks.get((g, t))
        if got is None:
            env = self.envs[g]
            got = []
            for blk in self.game.pieces[self.type_names[t]].moves:
                mt = -1 if blk.move_type is None else self.mtypes[blk.move_type]
                got.append(
                    (
                        self._compile(env, blk.stmts, "move", mt),
                        self._compile(env, blk.stmts, "attack", mt),
                        mt,
                        blk.stmts,
                    )
                )
            self._blocks[(g, t)] = got
        return got

    def drop_blocks(self, g: int, t: int) -> list[tuple]:
        got = self._drop_blocks.get((g, t))
        if got is None:
            env = self.envs[g]
            got = []
            for blk in self.game.pieces[self.type_names[t]].drops:
                mt = -1 if blk.move_type is None else self.mtypes[blk.move_type]
                got.append((self._compile(env, blk.stmts, "move", mt, drop=True), None, mt, blk.stmts))
            self._drop_blocks[(g, t)] = got
        return got

    def check_all(self) -> list[CompileError]:
        """Translate every block for every side without running Python's compiler: the problems
        (one per bad statement), as lint reports them."""
        errors: list[CompileError] = []
        for g in self.gens:
            env = self.envs[g]
            for piece in self.game.pieces.values():
                for blocks, drop in ((piece.moves, False), (piece.drops, True)):
                    for blk in blocks:
                        mt = -1 if blk.move_type is None else self.mtypes[blk.move_type]
                        BlockCompiler(env, blk.stmts, "blk", "move", mt, drop, errors)
        return errors

    def activate(self, g: int, t: int) -> None:
        """A piece of a type thought impossible for side ``g`` is on the board: take it into account."""
        self.possible[g].add(t)
        self._by_type = {k: v for k, v in self._by_type.items() if k[0] != g}
        self._cands.pop(g, None)

    def moves_of(self, g: int, mtype: int) -> tuple[list[list[Callable] | None], list[tuple[int, list[Callable]]]]:
        """Per type, the move functions side ``g`` may use (only ``mtype`` if >= 0; None for a type
        that cannot be on the board), and the drops ``(type, functions)``."""
        key = (g, mtype)
        got = self._by_type.get(key)
        if got is None:
            possible = self.possible[g]
            mv: list[list[Callable] | None] = [
                [fn for fn, _, mt, _ in self.blocks(g, t) if mtype < 0 or mt == mtype] if t in possible else None
                for t in range(len(self.types))
            ]
            dr = [
                (t, [fn for fn, _, mt, _ in self.drop_blocks(g, t) if mtype < 0 or mt == mtype])
                for t in range(len(self.types))
                if self.game.pieces[self.type_names[t]].drops
            ]
            got = self._by_type[key] = (mv, [(t, fns) for t, fns in dr if fns])
        return got

    def candidates(self, q: int) -> list[list[tuple[int, dict[int, tuple[Callable, ...]]]]]:
        """Per target square: ``(from, {piece key: attack functions})``: where a piece of side ``q``
        may stand to capture on the target, and the blocks that may do it."""
        cands = self._cands.get(q)
        if cands is not None:
            return cands
        env = self.envs[q]
        table: list[dict[tuple[int, int], list[Callable]]] = [{} for _ in range(self.npos)]
        memo: dict[tuple[Callable, int], set[int] | None] = {}
        for t in sorted(self.possible.get(q, ())):
            key = t << 4 | q
            for _, afn, _, stmts in self.blocks(q, t):
                for s0 in self.live:
                    mk = (afn, s0)
                    if mk not in memo:
                        try:
                            memo[mk] = cc.reach(env, stmts, s0)
                        except Unknown:
                            memo[mk] = None
                    found = memo[mk]
                    for target in self.live if found is None else found:
                        fns = table[target].setdefault((s0, key), [])
                        if afn not in fns:
                            fns.append(afn)
        cands = []
        for d in table:
            by_square: dict[int, dict[int, tuple[Callable, ...]]] = {}
            for (s0, key), fns in d.items():
                by_square.setdefault(s0, {})[key] = tuple(fns)
            cands.append(sorted(by_square.items()))
        self._cands[q] = cands
        return cands

    # -- goals --------------------------------------------------------------------------------------------

    def _types_of(self, nodes: list[Node]) -> frozenset[int] | None:
        return frozenset(self._goal_type(n) for n in nodes) if nodes else None

    def _goal(self, g: Node) -> Callable[[State, int], bool]:
        if isinstance(g, Sym):
            if g.name == "stalemated":
                return lambda st, pl: st.turn.gen == pl and not st.legal_moves()
            if g.name == "repetition":
                return lambda st, pl: st.repetitions() >= 3
            raise ZrfError(g.path, g.line, f"unknown goal {g.name!r}")
        if not isinstance(g, List) or g.head is None:
            raise ZrfError(g.path, g.line, f"unknown goal {g!r}")
        head, args = g.head, g.items[1:]
        if head in ("and", "or"):
            parts = [self._goal(a) for a in args]
            if head == "and":
                return lambda st, pl: all(f(st, pl) for f in parts)
            return lambda st, pl: any(f(st, pl) for f in parts)
        if head == "not":
            inner = self._goal(args[0])
            return lambda st, pl: not inner(st, pl)
        if head == "checkmated":
            types = self._types_of(args)
            return lambda st, pl: st.turn.gen == pl and not st.legal_moves() and st.in_check(pl, types)
        if head == "captured":
            types = self._types_of(args)
            return lambda st, pl: any(c & 15 == pl and (types is None or c >> 4 & 0xFFF in types) for c in st.captured)
        if head in ("pieces-remaining", "total-piece-count"):
            if not args or not isinstance(args[0], Sym) or not args[0].is_int:
                raise ZrfError(g.path, g.line, f"({head} N [piece...]) needs a number")
            n = int(args[0].name)
            types = self._types_of(args[1:])
            anyone = head == "total-piece-count"
            return lambda st, pl: st.count_pieces(None if anyone else pl, types) == n
        if head == "absolute-config":
            types = frozenset(self._goal_type(a) for a in args if isinstance(a, Sym))
            lists = [a for a in args if isinstance(a, List)]
            if len(lists) != 1 or not types:
                raise ZrfError(
                    g.path, g.line, "(absolute-config piece... (position-or-zone...)) needs pieces and a list"
                )
            b = self.game.board
            singles, zones = [], []
            for x in lists[0].items:
                name = x.name if isinstance(x, Sym) else repr(x)
                if name in b.index:
                    singles.append(b.index[name])
                elif name in b.zones:
                    zones.append(name)
                else:
                    raise ZrfError(x.path, x.line, f"unknown position or zone {name!r}")

            def absolute(st: State, pl: int) -> bool:
                B = st.board
                ok = all(B[p] >= 0 and B[p] & 15 == pl and B[p] >> 4 & 0xFFF in types for p in singles)
                for z in zones:
                    sq = b.zones[z].get(self.players[pl], set())
                    ok = ok and any(B[p] >= 0 and B[p] & 15 == pl and B[p] >> 4 & 0xFFF in types for p in sq)
                return ok

            return absolute
        if head == "relative-config":
            items = list(args)
            pattern_types = [self._goal_type(x) for x in items[0::2]]
            dirs = [x.name for x in items[1::2] if isinstance(x, Sym)]
            if len(pattern_types) != len(dirs) + 1:
                raise ZrfError(g.path, g.line, "(relative-config piece dir piece ...) alternates pieces and directions")

            def relative(st: State, pl: int) -> bool:
                links = self.envs[pl].links
                B = st.board
                for p0 in self.live:
                    p, ok = p0, True
                    for k, t in enumerate(pattern_types):
                        if k:
                            p = links[dirs[k - 1]][p]
                        if p < 0 or B[p] < 0 or B[p] & 15 != pl or B[p] >> 4 & 0xFFF != t:
                            ok = False
                            break
                    if ok:
                        return True
                return False

            return relative
        raise ZrfError(g.path, g.line, f"unknown goal ({head} ...)")


def _scan_types(node: Node, types: dict[str, int], found: set[int]) -> bool:
    """Collect the types a statement can turn a piece into; True if it can change a piece's owner."""
    if isinstance(node, Sym):
        return node.name in ("change-owner", "flip")
    if not isinstance(node, List):
        return False
    head = node.head
    if head in ("change-owner", "flip"):
        return True
    if head in ("add", "add-copy", "add-partial", "add-copy-partial", "change-type", "create"):
        first = node.items[1] if len(node.items) > 2 else None
        if head == "create" and isinstance(first, Sym) and first.name not in types:
            return True  # (create Player Type ...): another side's piece
        for x in node.items[1:]:
            if isinstance(x, Sym) and x.name in types:
                found.add(types[x.name])
    changes = False
    for x in node.items:
        if isinstance(x, List) or (isinstance(x, Sym) and x.name in ("change-owner", "flip")):
            changes |= _scan_types(x, types, found)
    return changes


def _needs_moves(g: Node) -> bool:
    if isinstance(g, Sym):
        return g.name in ("stalemated", "repetition")
    if isinstance(g, List):
        if g.head == "checkmated":
            return True
        return any(_needs_moves(x) for x in g.items[1:])
    return False


def _walk_config(g: Node, index: dict[str, int], zones: dict, out: set[int]) -> None:
    if isinstance(g, List):
        if g.head == "absolute-config":
            for x in g.items[1:]:
                if isinstance(x, List):
                    for y in x.items:
                        if isinstance(y, Sym) and y.name in index:
                            out.add(index[y.name])
                        elif isinstance(y, Sym) and y.name in zones:
                            for sq in zones[y.name].values():
                                out |= sq
        else:
            for x in g.items[1:]:
                _walk_config(x, index, zones, out)


def _opposites(b: Board) -> dict[str, str]:
    """Each direction's reverse: by offsets on a grid, else the direction whose links are the inverse."""
    out = {}
    for d, v in b.vectors.items():
        for e, w in b.vectors.items():
            if all(x == -y for x, y in zip(v, w, strict=True)):
                out[d] = e
    for d in b.directions:
        if d in out:
            continue
        table = b.links[d]
        for e in b.directions:
            t2 = b.links[e]
            pairs = [(p, q) for p, q in enumerate(table) if q >= 0]
            if pairs and all(t2[q] == p for p, q in pairs):
                out[d] = e
                break
    return out


# -- making moves --------------------------------------------------------------------------------------------


def make_emit(prog: Program) -> Callable:
    """The ``E`` of the generated code: what a block did, turned into moves appended to ``out``."""
    recycle_caps = prog.recycle_captures
    recycle_promos = prog.recycle_promotions
    default_attrs = prog.default_attrs
    nplayers = len(prog.players)

    def E(S, B, out, frm, pc, dest, parts, caps, attrs, effs, promos, mtype, flags, partial=None):
        if not parts and not caps and not effs and promos is None and not flags and frm != dest:
            # the common case: one piece moves (or is dropped), perhaps setting attributes where it lands
            if pc < 0:
                return
            old = B[dest]
            if old >= 0 and old & 15 == pc & 15:
                return
            code = pc
            for p, mask, val in attrs:
                if p == dest:
                    code = code | mask if val else code & ~mask
                elif p != frm and B[p] >= 0:
                    break  # an attribute set on a piece that stays: the general case
            else:
                if frm < 0:
                    changes = ((dest, code),)
                    stores = ((pc & 15, pc >> 4 & 0xFFF, -1),)
                else:
                    changes = ((frm, EMPTY), (dest, code)) if frm < dest else ((dest, code), (frm, EMPTY))
                    stores = NOTHING
                if old >= 0:
                    captured = (old,)
                    if recycle_caps:
                        stores = (*stores, (old & 15, old >> 4 & 0xFFF, 1))
                else:
                    captured = NOTHING
                out.append(ZMove(changes, frm, dest, pc, code, -1, captured, stores, mtype))
                return
        for t in promos if promos is not None else (None,):
            m = _general(S, B, frm, pc, dest, parts, caps, attrs, effs, t, mtype, flags, partial)
            if m is not None:
                out.append(m)

    def _general(S, B, frm, pc, dest, parts, caps, attrs, effs, promo, mtype, flags, partial):
        copy = flags & 1
        allparts = [*parts, (frm, dest, pc)]
        new: dict[int, int] = {}
        vacated = set()
        stores: list[tuple[int, int, int]] = []
        if not copy:
            for f, _, c in allparts:
                if c >= 0 and f >= 0:
                    new[f] = EMPTY
                    vacated.add(f)
        for c in caps:
            new[c] = EMPTY
        capset = set(caps)
        landed = []
        for k, (f, t, c) in enumerate(allparts):
            if c < 0:
                continue
            if k == len(allparts) - 1 and promo is not None:
                owner = c & 15
                c = default_attrs[promo] | promo << 4 | owner
                if recycle_promos:
                    if S.stores[owner][promo] <= 0:
                        return None
                    stores.append((owner, promo, -1))
            old = B[t]
            if old >= 0 and t not in vacated and t not in capset and old & 15 == c & 15:
                return None  # a piece may not land on a friend
            new[t] = c
            landed.append(t)
            if f < 0:
                stores.append((c & 15, allparts[k][2] >> 4 & 0xFFF, -1))
        for p, mask, val in attrs:
            c = new.get(p, B[p])
            if c >= 0:
                new[p] = c | mask if val else c & ~mask
        for p, kind, arg in effs:
            c = new.get(p, B[p])
            if kind == 3:
                new[p] = default_attrs[arg >> 4] | arg
            elif c < 0:
                continue
            elif kind == 0:
                new[p] = c & ~15 | arg
            elif kind == 1:
                new[p] = c & ~15 | (c & 15) ^ 1 if nplayers == 2 else c
            elif kind == 2:
                new[p] = c & 15 | default_attrs[arg] | arg << 4  # a new type: its default attributes
        captured = []
        for p in set(landed) | capset:
            old = B[p]
            if old >= 0 and p not in vacated:
                captured.append(old)
                if recycle_caps:
                    stores.append((old & 15, old >> 4 & 0xFFF, 1))
        changes = tuple(sorted((p, c) for p, c in new.items() if B[p] != c))
        if not changes and not stores:
            return None
        final = new.get(dest, B[dest])
        lead = next(((f, t, c) for f, t, c in allparts if c >= 0), None)
        if lead is None:
            return None
        parts_info = None
        if len([p for p in allparts if p[2] >= 0]) > 1:
            parts_info = tuple((f, t, c, new.get(t, B[t])) for f, t, c in allparts if c >= 0)
        f0, t0, c0 = lead
        placed = new.get(t0, B[t0]) if len(allparts) == 1 else (final if t0 == dest else new.get(t0, B[t0]))
        return ZMove(
            changes,
            f0,
            t0,
            c0,
            placed,
            -1 if promo is None else promo,
            tuple(captured),
            tuple(stores),
            mtype,
            parts_info,
            partial if flags & 2 else None,
        )

    return E


# -- the position -------------------------------------------------------------------------------------------


class State:
    """A position of a ZRF game, with ``push``/``pop``; ``legal_moves`` and ``outcome`` as Zillions plays."""

    def __init__(self, prog: Program) -> None:
        self.prog = prog
        board, stores = prog.setup
        self.board: list[int] = board[:]
        self.stores: list[list[int]] = [s[:] for s in stores]
        self.ply = 0
        self.last_from = -1
        self.last_to = -1
        self.captured: tuple = ()
        self.partial: tuple[int, int] | None = None  # (square, move type) while a partial move goes on
        self.stack: list[tuple] = []
        self.history: list[tuple] | None = None
        self._moves_cache: tuple[int, list[ZMove]] | None = None
        self._nesting = 0

    # -- turn ---------------------------------------------------------------------------------------------------

    @property
    def turn(self) -> Turn:
        turns = self.prog.turns
        i = self.ply
        if i >= len(turns):
            r = self.prog.repeat_from
            i = r + (i - r) % (len(turns) - r)
        return turns[i]

    def turn_after(self, ply: int) -> Turn:
        turns = self.prog.turns
        if ply >= len(turns):
            r = self.prog.repeat_from
            ply = r + (ply - r) % (len(turns) - r)
        return turns[ply]

    @property
    def player(self) -> str:
        return self.prog.players[self.turn.player]

    def copy(self) -> State:
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        s.board = self.board[:]
        s.stores = [x[:] for x in self.stores]
        s.stack = self.stack[:]
        s.history = None if self.history is None else self.history[:]
        s._moves_cache = None
        return s

    # -- tests used by the generated code ---------------------------------------------------------------------

    def attacked_by(self, q: int, s: int) -> bool:
        """Whether side ``q`` has a move that captures on ``s`` (on the board as it stands)."""
        B = self.board
        for frm, keys in self.prog.candidates(q)[s]:
            fns = keys.get(B[frm] & KEY_MASK)
            if fns is not None:
                for fn in fns:
                    if fn(self, B, frm, s):
                        return True
        return False

    def attacked(self, B: list[int], p: int, me: int, pc: int) -> bool:
        """``attacked?``: could an enemy capture a piece of ours on ``p`` (the moving piece put there)?

        Inside such a test (an enemy move that itself asks ``attacked?``, as the Emperor of
        fairychess.zrf does) one more level is looked at; deeper, the answer is no."""
        if self._nesting >= MAX_NESTING:
            return False
        old = B[p]
        if old < 0 or old & 15 != me:
            B[p] = pc if pc >= 0 and pc & 15 == me else me
        self._nesting += 1
        try:
            return any(self.attacked_by(q, p) for q in self.prog.enemies[me])
        finally:
            self._nesting -= 1
            B[p] = old

    def defended(self, B: list[int], p: int, me: int) -> bool:
        """``defended?``: could one of our pieces capture an enemy piece on ``p``?"""
        enemy = next(iter(self.prog.enemies[me]), None)
        if enemy is None or self._nesting >= MAX_NESTING:
            return False
        old = B[p]
        if old < 0 or old & 15 == me:
            B[p] = enemy
        self._nesting += 1
        try:
            return self.attacked_by(me, p)
        finally:
            self._nesting -= 1
            B[p] = old

    def adjacent_enemy(self, B: list[int], p: int, me: int) -> bool:
        for table in self.prog.envs[me].links.values():
            q = table[p]
            if q >= 0 and B[q] >= 0 and B[q] & 15 != me:
                return True
        return False

    def in_check(self, pl: int, types: frozenset[int] | None = None) -> bool:
        """Whether a royal piece of ``pl`` (of ``types``, default: all royal types) is attacked."""
        B = self.board
        keys = {k for k in self.prog.royal_keys if k & 15 == pl and (types is None or k >> 4 in types)}
        if types is not None:
            keys |= {t << 4 | pl for t in types}
        for p in self.prog.live:
            if B[p] >= 0 and B[p] & KEY_MASK in keys and any(self.attacked_by(q, p) for q in self.prog.enemies[pl]):
                return True
        return False

    def count_pieces(self, pl: int | None, types: frozenset[int] | None) -> int:
        n = 0
        for c in self.board:
            if c >= 0 and (pl is None or c & 15 == pl) and (types is None or c >> 4 & 0xFFF in types):
                n += 1
        if self.prog.include_off:
            for owner, counts in enumerate(self.stores):
                if pl is None or owner == pl:
                    n += sum(k for t, k in enumerate(counts) if types is None or t in types)
        return n

    # -- moves ---------------------------------------------------------------------------------------------------

    def pseudo_moves(self) -> list[ZMove]:
        """Every move the blocks produce for the side to move, before priorities and the check test."""
        prog = self.prog
        turn = self.turn
        g = turn.gen
        B = self.board
        out: list[ZMove] = []
        if g not in prog.possible:
            return out
        per_type, drops = prog.moves_of(g, turn.mtype)
        if self.partial is not None:
            sq, mt = self.partial
            c = B[sq]
            if c >= 0 and c & 15 == g:
                for fn, _, bmt, _ in prog.blocks(g, c >> 4 & 0xFFF):
                    if mt < 0 or bmt == mt:
                        fn(self, B, sq, out)
            return out
        for p in prog.live:
            c = B[p]
            if c & 15 == g:
                fns = per_type[c >> 4 & 0xFFF]
                if fns is None:
                    prog.activate(g, c >> 4 & 0xFFF)
                    per_type, drops = prog.moves_of(g, turn.mtype)
                    fns = per_type[c >> 4 & 0xFFF]
                for fn in fns:
                    fn(self, B, p, out)
        if drops:
            stores = self.stores[g]
            for t, fns in drops:
                if stores[t] > 0:
                    pc = prog.code(t, g)
                    for p in prog.drop_positions:
                        for fn in fns:
                            fn(self, B, p, out, pc)
        return out

    def legal_moves(self) -> list[ZMove]:
        cache = self._moves_cache
        if cache is not None and cache[0] == len(self.stack):
            return cache[1]
        prog = self.prog
        moves = self.pseudo_moves()
        if prog.priority is not None and moves:
            rank = prog.priority
            best = min(rank[m.mtype] for m in moves)
            moves = [m for m in moves if rank[m.mtype] == best]
        if prog.royal_keys and moves:
            moves = self._without_check(moves)
        if len(moves) > 1:
            seen: dict[tuple, ZMove] = {}
            for m in moves:
                seen.setdefault(m.key(), m)
            if len(seen) < len(moves):
                moves = list(seen.values())
        if self.partial is not None:
            if prog.pass_partial or not moves:
                moves.append(PASS)
        elif prog.pass_turn == "true" or (prog.pass_turn == "forced" and not moves):
            moves.append(PASS)
        self._moves_cache = (len(self.stack), moves)
        return moves

    def _without_check(self, moves: list[ZMove]) -> list[ZMove]:
        """The moves after which the next side to move cannot capture a royal piece of another side."""
        prog = self.prog
        royal = prog.royal_keys
        B = self.board
        q = self.turn_after(self.ply + 1).gen
        cands = prog.candidates(q)
        # the royal squares now, and for each the pieces of q that might capture there: a move that
        # neither moves a royal piece nor puts down a piece of q can only be refuted by one of those
        now = [p for p in prog.live if B[p] & KEY_MASK in royal and B[p] & 15 != q]
        now_set = set(now)
        threats = []
        for r in now:
            here = []
            for frm, keys in cands[r]:
                fns = keys.get(B[frm] & KEY_MASK)
                if fns is not None:
                    here.append((frm, B[frm] & KEY_MASK, fns))
            threats.append((r, here))
        saved = self.last_from, self.last_to
        out = []
        quiet = not any(here for _, here in threats)
        for m in moves:
            ch = m.changes
            general = False
            for p, c in ch:
                if p in now_set or (c >= 0 and (c & 15 == q or c & KEY_MASK in royal)):
                    general = True
                    break
            if quiet and not general:
                out.append(m)  # nothing of q can reach a royal piece, and the move changes that for none
                continue
            olds = [B[p] for p, _ in ch]
            for p, c in ch:
                B[p] = c
            self.last_from, self.last_to = m.frm, m.to
            ok = True
            if not general:
                for r, here in threats:
                    for frm, key, fns in here:
                        if B[frm] & KEY_MASK == key:
                            for fn in fns:
                                if fn(self, B, frm, r):
                                    ok = False
                                    break
                            if not ok:
                                break
                    if not ok:
                        break
            else:
                targets = set(now)
                targets.update(p for p, c in ch if c >= 0 and c & KEY_MASK in royal)
                for r in targets:
                    c = B[r]
                    if c >= 0 and c & KEY_MASK in royal and c & 15 != q and self.attacked_by(q, r):
                        ok = False
                        break
            for (p, _), c in zip(ch, olds, strict=True):
                B[p] = c
            if ok:
                out.append(m)
        self.last_from, self.last_to = saved
        return out

    def push(self, m: ZMove) -> None:
        B = self.board
        undo = [(p, B[p]) for p, _ in m.changes]
        for p, c in m.changes:
            B[p] = c
        for pl, t, d in m.stores:
            self.stores[pl][t] += d
        self.stack.append((m, undo, self.last_from, self.last_to, self.ply, self.partial, self.captured))
        self.captured = m.captured
        self.last_from, self.last_to = m.frm, m.to
        if m.partial is not None and m.to >= 0:
            mt = self.prog.mtypes.get(m.partial, -1) if isinstance(m.partial, str) else -1
            self.partial = (m.to, mt)
            self._moves_cache = None
            if not self.pseudo_moves():  # nothing to continue with: the turn ends
                self.partial = None
                self.ply += 1
        else:
            self.partial = None
            self.ply += 1
        self._moves_cache = None
        if self.history is not None:
            self.history.append(self.key())

    def pop(self) -> ZMove:
        m, undo, self.last_from, self.last_to, self.ply, self.partial, self.captured = self.stack.pop()
        B = self.board
        for p, c in undo:
            B[p] = c
        for pl, t, d in m.stores:
            self.stores[pl][t] -= d
        if self.history is not None:
            self.history.pop()
        self._moves_cache = None
        return m

    # -- results ---------------------------------------------------------------------------------------------------

    def track_history(self) -> None:
        """Record position keys from now on, so that ``repetition`` goals can be seen."""
        self.history = [self.key()]

    def key(self) -> tuple:
        turns = self.prog.turns
        i = self.ply
        if i >= len(turns):
            r = self.prog.repeat_from
            i = r + (i - r) % (len(turns) - r)
        return tuple(self.board), i, tuple(map(tuple, self.stores)), self.partial

    def repetitions(self) -> int:
        if not self.history:
            return 1
        return self.history.count(self.history[-1])

    def outcome(self, cheap_only: bool = False) -> Outcome | None:
        """The result if the game is over (goals in file order; no move and no goal: a draw)."""
        prog = self.prog
        names = tuple(prog.players)
        for kind, players, fn, node in prog.cheap_goals if cheap_only else prog.goals:
            for pl in players:
                if fn(self, pl):
                    reason = _reason(node)
                    who = names[pl]
                    if kind == "win-condition":
                        return Outcome(who, None, reason, names)
                    if kind == "loss-condition":
                        others = [n for n in names if n != who and prog.pindex[n] in prog.gens]
                        return Outcome(others[0] if len(others) == 1 else None, who, reason, names)
                    if kind == "draw-condition":
                        return Outcome(None, None, reason, names)
                    counts = {q: self.count_pieces(prog.pindex[q], None) for q in names if prog.pindex[q] in prog.gens}
                    best = max(counts.values())
                    top = [q for q, n in counts.items() if n == best]
                    return Outcome(top[0] if len(top) == 1 else None, None, f"count after {reason}", names)
        if not cheap_only and not self.legal_moves():
            return Outcome(None, None, "stalemate (no goal applies: a draw)", names)
        return None


def _reason(node: Node) -> str:
    if isinstance(node, Sym):
        return {"stalemated": "stalemate", "repetition": "repetition"}.get(node.name, node.name)
    if isinstance(node, List) and node.head == "checkmated":
        return "checkmate"
    return re.sub(r"\s+", " ", repr(node))


# -- entry points -------------------------------------------------------------------------------------------


def start(game: Game) -> State:
    """The start position of a game."""
    return State(Program(game))


def open_game(path: str | Path, title: str | None = None) -> State:
    """The start position of the game ``title`` (default: the first) of a .zrf file."""
    rf: RulesFile = load(path)
    return start(rf.game(title))


def perft(state: State, depth: int) -> int:
    """Move paths of length ``depth``; a game won or lost by a goal has no moves (repetition is not applied)."""
    if depth <= 0:
        return 1
    if state.prog.cheap_goals and state.outcome(cheap_only=True) is not None:
        return 0
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        state.push(m)
        n += perft(state, depth - 1)
        state.pop()
    return n


def divide(state: State, depth: int, name: Callable[[ZMove], str]) -> list[tuple[str, int]]:
    """Perft per first move: ``(name(move), count)`` pairs sorted by name."""
    out = []
    for m in state.legal_moves():
        state.push(m)
        out.append((name(m), perft(state, depth - 1)))
        state.pop()
    return sorted(out)


__all__ = ["PASS", "CompileError", "Outcome", "Program", "State", "ZMove", "divide", "open_game", "perft", "start"]
