"""The ZRF movement language compiled to Python functions, one per move block, side and mode.

A block such as ``($1 (while empty? add $1) (verify not-friend?) add)`` becomes
straight Python source::

    def m12(S, B, start, out):
        pos = start; frm = start; pc = B[start]; to = -1 ...
        pos = L0[pos]
        if pos < 0: return
        for _ in LOOP:
            if not (B[pos] < 0): break
            E(S, B, out, frm, pc, to if to >= 0 else pos, ...)
            pos = L0[pos]
            if pos < 0: return
        ...

``L0`` is the link table of the direction as this side sees it (its symmetry
applied), so each side gets its own functions.  Every test reads the board as it
was before the move; ``E`` turns what the block did (the piece moved, cascades,
captures, attribute changes) into a move.  The *attack* mode of the same block
returns True as soon as the block would capture on the target square ``T``:
that answers ``attacked?`` and the royal-piece (check) test.

:func:`reach` is an abstract run of a block over positions only (every board
test may go either way): the squares a block can possibly capture on from a
given square.  The check test runs only the blocks that can reach the king.

Piece codes: ``attributes << 16 | type << 4 | owner``; an empty square is -1,
whose owner bits read 15, so ``B[p] & 15 == ME`` is false on empty squares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.zrf.reader import List, Node, Str, Sym, ZrfError

EMPTY = -1
OWNER = 15
TYPE_MASK = 0xFFF0
KEY_MASK = 0xFFFF
ATTR_SHIFT = 16
LOOP_LIMIT = 4096

# keyword sets, shared with lint
STATEMENTS = {
    "add",
    "add-copy",
    "add-partial",
    "add-copy-partial",
    "from",
    "to",
    "cascade",
    "capture",
    "mark",
    "back",
    "change-owner",
    "flip",
    "change-type",
    "create",
    "set-attribute",
    "set-flag",
    "set-position-flag",
    "go",
    "opposite",
    "verify",
    "if",
    "while",
    "move-type",
}
SIMPLE_CONDITIONS = {
    "empty?",
    "friend?",
    "enemy?",
    "neutral?",
    "last-from?",
    "last-to?",
    "marked?",
    "attacked?",
    "defended?",
    "adjacent-to-enemy?",
    "goal-position?",
}
ARG_CONDITIONS = {"piece?", "in-zone?", "on-board?", "position?", "flag?", "position-flag?"}
CONDITIONS = SIMPLE_CONDITIONS | ARG_CONDITIONS | {"and", "or", "not", "true", "false"}
ALL_CONDITIONS = CONDITIONS | {"not-" + c for c in SIMPLE_CONDITIONS | ARG_CONDITIONS}


class CompileError(ZrfError):
    """A move block uses something the interpreter does not know."""


@dataclass
class Env:
    """What a block is compiled against: one side's view of the game."""

    me: int  # the side whose pieces move (owner bits)
    links: dict[str, list[int]]  # direction name -> link table, this side's symmetry applied
    opposite_links: dict[str, list[int]]  # direction -> link table of its opposite, as this side sees it
    positions: dict[str, int]
    zones: dict[str, list[bool]]  # zone name -> per position, for this side
    zone_names: set[str]
    types: dict[str, int]
    attrs: dict[str, int]  # attribute name -> bit mask
    neutral: frozenset[int]
    goal_positions: frozenset[int]
    player_index: dict[str, int]


def _err(node: Node, message: str) -> CompileError:
    return CompileError(node.path, node.line, message)


def _flatten(stmts: Iterable[Node]) -> list[Node]:
    """Statements with nested sequences ``((a b) c)`` spliced in."""
    out: list[Node] = []
    for s in stmts:
        if isinstance(s, List) and s.items and isinstance(s.items[0], List):
            out.extend(_flatten(s.items))
        else:
            out.append(s)
    return out


class BlockCompiler:
    """Python source of one block (``source``), with the constants it needs (``consts``)."""

    def __init__(
        self,
        env: Env,
        stmts: list[Node],
        name: str,
        mode: str,
        mtype: int,
        drop: bool = False,
        errors: list[CompileError] | None = None,
    ) -> None:
        self.env = env
        self.errors = errors  # None: raise the first error; a list: collect, one per statement
        self.mode = mode  # "move" or "attack"
        self.drop = drop
        self.mtype = mtype
        self.consts: dict[str, object] = {}
        self._const_ids: dict[tuple, str] = {}
        self.lines: list[str] = []
        self.flags: dict[str, str] = {}
        self.uses_pflags = False
        self.tmp = 0
        stmts = _flatten(stmts)
        body: list[str] = []
        self.lines = body
        self.seq(stmts, 1)
        head = [
            f"def {name}(S, B, start, {'T' if mode == 'attack' else 'out'}{', pc' if drop else ''}):",
            "    pos = start; mark = start; to = -1; parts = (); caps = (); attrs = (); effs = ()",
        ]
        head.append("    frm = -1" if drop else "    frm = start; pc = B[start]")
        for var in self.flags.values():
            head.append(f"    {var} = False")
        if self.uses_pflags:
            head.append("    PF = {}")
        self.source = "\n".join(head + body + ["    return None" if mode == "attack" else "    return"]) + "\n"

    # -- helpers ----------------------------------------------------------------------------------------

    def const(self, kind: str, key: object, value: object) -> str:
        k = (kind, key)
        name = self._const_ids.get(k)
        if name is None:
            name = f"{kind}{len(self._const_ids)}"
            self._const_ids[k] = name
            self.consts[name] = value
        return name

    def const_keys(self) -> list[tuple[str, str]]:
        """What each constant name stands for (two blocks with equal source and keys are the same)."""
        return [(name, repr(k)) for k, name in self._const_ids.items()]

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def fail(self) -> str:
        return "return"

    def link(self, direction: str, node: Node) -> str:
        table = self.env.links.get(direction)
        if table is None:
            raise _err(node, f"unknown direction {direction!r}")
        return self.const("L", direction, table)

    def flag(self, node: Node) -> str:
        name = node.name if isinstance(node, Sym) else repr(node)
        var = self.flags.get(name)
        if var is None:
            var = self.flags[name] = f"f{len(self.flags)}"
        return var

    def piece_type(self, node: Node) -> int:
        name = node.name if isinstance(node, Sym) else repr(node)
        if name not in self.env.types:
            raise _err(node, f"unknown piece {name!r}")
        return self.env.types[name]

    def target(self, node: Node | None) -> tuple[str, str]:
        """(guard, position expression) for an optional direction/position argument of a test."""
        if node is None:
            return "", "pos"
        if isinstance(node, Sym):
            if node.name in self.env.links:
                self.tmp += 1
                v = f"_q{self.tmp}"
                return f"({v} := {self.link(node.name, node)}[pos]) >= 0 and ", v
            if node.name in self.env.positions:
                return "", str(self.env.positions[node.name])
        raise _err(node, f"expected a direction or a position, found {node!r}")

    # -- statements -----------------------------------------------------------------------------------

    def seq(self, stmts: list[Node], depth: int) -> None:
        stmts = _flatten(stmts)
        if not stmts:
            self.emit(depth, "pass")
        for s in stmts:
            self.stmt(s, depth)

    def step_to(self, expr: str, depth: int) -> None:
        self.emit(depth, f"pos = {expr}")
        self.emit(depth, f"if pos < 0: {self.fail()}")

    def stmt(self, s: Node, depth: int) -> None:
        try:
            self._stmt(s, depth)
        except CompileError as e:
            if self.errors is None:
                raise
            self.errors.append(e)
            self.emit(depth, "pass")

    def _stmt(self, s: Node, depth: int) -> None:
        env = self.env
        if isinstance(s, Str):
            raise _err(s, f"unexpected string {s!r} in a move")
        if isinstance(s, Sym):
            name = s.name
            if name in env.links:
                self.step_to(f"{self.link(name, s)}[pos]", depth)
            elif name in env.positions:
                self.emit(depth, f"pos = {env.positions[name]}")
            elif name in ("add", "add-copy", "add-partial", "add-copy-partial"):
                self.add(s, name, [], depth)
            elif name == "mark":
                self.emit(depth, "mark = pos")
            elif name == "back":
                self.emit(depth, "pos = mark")
            elif name == "from":
                self.emit(depth, "frm = pos; pc = B[pos]; to = -1")
            elif name == "to":
                self.emit(depth, "to = pos")
            elif name == "cascade":
                self.emit(depth, "parts = parts + ((frm, to if to >= 0 else pos, pc),)")
                self.emit(depth, "frm = pos; pc = B[pos]; to = -1")
            elif name == "capture":
                self.emit(depth, "caps = caps + (pos,)")
            elif name == "change-owner":
                self.emit(depth, f"effs = effs + ((pos, 0, {env.me}),)")
            elif name == "flip":
                self.emit(depth, "effs = effs + ((pos, 1, 0),)")
            elif name in ALL_CONDITIONS:
                raise _err(s, f"{name} is a test: write (verify {name}) or (if {name} ...)")
            else:
                raise _err(s, f"unknown name {name!r} in a move (not a direction, position, macro or keyword)")
            return
        assert isinstance(s, List)
        head = s.head
        args = s.items[1:]
        if head is None:
            raise _err(s, f"unexpected {s!r} in a move")
        if head == "verify":
            if len(args) != 1:
                raise _err(s, "(verify test) takes one test")
            self.emit(depth, f"if not ({self.cond(args[0])}): {self.fail()}")
        elif head == "if":
            self.if_(s, args, depth)
        elif head == "while":
            if not args:
                raise _err(s, "(while test body...) needs a test")
            self.emit(depth, "for _ in LOOP:")
            self.emit(depth + 1, f"if not ({self.cond(args[0])}): break")
            self.seq(args[1:], depth + 1)
            self.emit(depth, "else:")
            self.emit(depth + 1, self.fail())
        elif head in ("add", "add-copy", "add-partial", "add-copy-partial"):
            self.add(s, head, args, depth)
        elif head == "capture":
            if len(args) != 1:
                raise _err(s, "(capture direction-or-position) takes one argument")
            guard, p = self.target(args[0])
            self.emit(depth, f"if {guard}True: caps = caps + ({p},)")
        elif head == "go":
            if len(args) != 1 or not isinstance(args[0], Sym):
                raise _err(s, "(go from|to|mark|last-from|last-to)")
            where = args[0].name
            if where == "from":
                self.emit(depth, "pos = frm if frm >= 0 else start")
            elif where == "to":
                self.emit(depth, "pos = to if to >= 0 else pos")
            elif where == "mark":
                self.emit(depth, "pos = mark")
            elif where in ("last-from", "last-to"):
                self.step_to(f"S.{where.replace('-', '_')}", depth)
            elif where in env.positions:
                self.emit(depth, f"pos = {env.positions[where]}")
            else:
                raise _err(s, f"(go {where}): expected from, to, mark, last-from or last-to")
        elif head == "opposite":
            if len(args) != 1 or not isinstance(args[0], Sym):
                raise _err(s, "(opposite direction) takes one direction")
            d = args[0].name
            if d not in env.links:
                raise _err(args[0], f"unknown direction {d!r}")
            # the opposite of the direction this side moves in
            self.step_to(f"{self.const('L', ('opp', d), self.opposite_table(d, args[0]))}[pos]", depth)
        elif head == "set-attribute":
            if len(args) != 2 or not isinstance(args[0], Sym):
                raise _err(s, "(set-attribute name value) takes an attribute and a value")
            mask = env.attrs.get(args[0].name)
            if mask is None:
                raise _err(args[0], f"unknown attribute {args[0].name!r}")
            self.emit(depth, f"attrs = attrs + ((pos, {mask}, bool({self.cond(args[1])})),)")
        elif head == "set-flag":
            if len(args) != 2:
                raise _err(s, "(set-flag name value) takes a flag and a value")
            self.emit(depth, f"{self.flag(args[0])} = bool({self.cond(args[1])})")
        elif head == "set-position-flag":
            if len(args) not in (2, 3):
                raise _err(s, "(set-position-flag name value [position])")
            self.uses_pflags = True
            guard, p = self.target(args[2] if len(args) == 3 else None)
            name = args[0].name if isinstance(args[0], Sym) else repr(args[0])
            self.emit(depth, f"if {guard}True: PF[({name!r}, {p})] = bool({self.cond(args[1])})")
        elif head == "change-type":
            if len(args) not in (1, 2):
                raise _err(s, "(change-type piece [position])")
            guard, p = self.target(args[1] if len(args) == 2 else None)
            self.emit(depth, f"if {guard}True: effs = effs + (({p}, 2, {self.piece_type(args[0])}),)")
        elif head == "change-owner":
            guard, p = self.target(args[0] if args else None)
            self.emit(depth, f"if {guard}True: effs = effs + (({p}, 0, {env.me}),)")
        elif head == "flip":
            guard, p = self.target(args[0] if args else None)
            self.emit(depth, f"if {guard}True: effs = effs + (({p}, 1, 0),)")
        elif head == "create":
            self.create(s, args, depth)
        elif head in ("from", "to", "mark", "back"):
            if len(args) != 1:
                raise _err(s, f"({head} position-or-direction) takes one argument")
            guard, p = self.target(args[0])
            var = {"from": "frm", "to": "to", "mark": "mark", "back": "pos"}[head]
            self.emit(depth, f"if not ({guard}True): {self.fail()}")
            if head == "from":
                self.emit(depth, f"frm = {p}; pc = B[frm]; to = -1")
            else:
                self.emit(depth, f"{var} = {p}")
        elif head == "move-type":
            return
        elif head in env.positions or head in env.links:
            raise _err(s, f"({head} ...): a direction or position is written bare, not as a list")
        else:
            raise _err(s, f"unknown instruction ({head} ...) (an undefined macro?)")

    def opposite_table(self, d: str, node: Node) -> list[int]:
        table = self.env.opposite_links.get(d)
        if table is None:
            raise _err(node, f"direction {d!r} has no opposite (no direction with the reverse offsets)")
        return table

    def create(self, s: List, args: list[Node], depth: int) -> None:
        owner = str(self.env.me)
        rest = list(args)
        if (
            rest
            and isinstance(rest[0], Sym)
            and rest[0].name in self.env.player_index
            and (len(rest) > 1 and isinstance(rest[1], Sym) and rest[1].name in self.env.types)
        ):
            owner = str(self.env.player_index[rest.pop(0).name])
        if not rest:
            raise _err(s, "(create [player] piece [position])")
        t = self.piece_type(rest.pop(0))
        guard, p = self.target(rest[0] if rest else None)
        self.emit(depth, f"if {guard}True: effs = effs + (({p}, 3, ({t} << 4) | {owner}),)")

    def if_(self, s: List, args: list[Node], depth: int) -> None:
        if not args:
            raise _err(s, "(if test body... [else body...]) needs a test")
        body, other, seen_else = [], [], False
        for a in args[1:]:
            if isinstance(a, Sym) and a.name == "else":
                if seen_else:
                    raise _err(a, "two elses in one if")
                seen_else = True
            elif seen_else:
                other.append(a)
            else:
                body.append(a)
        self.emit(depth, f"if {self.cond(args[0])}:")
        self.seq(body, depth + 1)
        if seen_else:
            self.emit(depth, "else:")
            self.seq(other, depth + 1)

    def add(self, s: Node, kind: str, args: list[Node], depth: int) -> None:
        flags = {"add": 0, "add-copy": 1, "add-partial": 2, "add-copy-partial": 3}[kind]
        promos: list[int] = []
        partial_type = None
        for a in args:
            if isinstance(a, Sym) and a.name in self.env.types:
                promos.append(self.env.types[a.name])
            elif flags & 2 and isinstance(a, Sym) and partial_type is None:
                partial_type = a.name
            else:
                raise _err(a, f"unknown piece {a!r} in ({kind} ...)")
        dest = "(to if to >= 0 else pos)"
        if self.mode == "attack":
            self.emit(depth, f"if {dest} == T or T in caps or any(p[1] == T for p in parts): return True")
            return
        pro = self.const("P", tuple(promos), tuple(promos)) if promos else "None"
        extra = f", {partial_type!r}" if partial_type else ""
        self.emit(
            depth, f"E(S, B, out, frm, pc, {dest}, parts, caps, attrs, effs, {pro}, {self.mtype}, {flags}{extra})"
        )

    # -- tests ----------------------------------------------------------------------------------------------

    def cond(self, c: Node) -> str:
        env = self.env
        if isinstance(c, Sym):
            return self.simple(c.name, None, c)
        if isinstance(c, Str) or not isinstance(c, List) or c.head is None:
            raise _err(c, f"expected a test, found {c!r}")
        head, args = c.head, c.items[1:]
        if head == "not":
            if len(args) != 1:
                raise _err(c, "(not test) takes one test")
            return f"not ({self.cond(args[0])})"
        if head in ("and", "or"):
            if not args:
                raise _err(c, f"({head} ...) needs tests")
            return "(" + f" {head} ".join(f"({self.cond(a)})" for a in args) + ")"
        neg = head.startswith("not-") and head[4:] in SIMPLE_CONDITIONS | ARG_CONDITIONS
        base = head[4:] if neg else head
        if base in SIMPLE_CONDITIONS or base in env.attrs:
            if len(args) > 1:
                raise _err(c, f"({head} [direction-or-position]) takes at most one argument")
            expr = self.simple(base, args[0] if args else None, c)
            return f"not ({expr})" if neg else expr
        if base in ARG_CONDITIONS:
            expr = self.with_arg(base, args, c)
            return f"not ({expr})" if neg else expr
        raise _err(c, f"unknown test ({head} ...)")

    def simple(self, name: str, arg: Node | None, node: Node) -> str:
        env = self.env
        if name == "true":
            return "True"
        if name == "false":
            return "False"
        neg = name.startswith("not-") and name[4:] in SIMPLE_CONDITIONS | set(env.attrs)
        if neg:
            return f"not ({self.simple(name[4:], arg, node)})"
        guard, p = self.target(arg)
        me = env.me
        if name == "empty?":
            e = f"B[{p}] < 0"
        elif name == "friend?":
            e = f"B[{p}] & 15 == {me}"
        elif name == "enemy?":
            e = f"B[{p}] & 15 not in {self.const('N', 'ne', frozenset({me, OWNER}))}"
        elif name == "neutral?":
            e = f"B[{p}] & 15 in {self.const('N', 'neutral', env.neutral)}"
        elif name == "last-from?":
            e = f"{p} == S.last_from"
        elif name == "last-to?":
            e = f"{p} == S.last_to"
        elif name == "marked?":
            e = f"{p} == mark"
        elif name == "attacked?":
            e = f"S.attacked(B, {p}, {me}, pc)"
        elif name == "defended?":
            e = f"S.defended(B, {p}, {me})"
        elif name == "adjacent-to-enemy?":
            e = f"S.adjacent_enemy(B, {p}, {me})"
        elif name == "goal-position?":
            e = f"{p} in {self.const('N', 'goal', env.goal_positions)}"
        elif name in env.attrs:
            e = f"B[{p}] >= 0 and B[{p}] & {env.attrs[name]} != 0"
        elif name in env.zone_names or name in env.types:
            raise _err(node, f"{name!r} is not a test: write (in-zone? {name}) or (piece? {name})")
        elif name in ARG_CONDITIONS:
            raise _err(node, f"{name} needs an argument: ({name} ...)")
        else:
            raise _err(node, f"unknown test {name!r}")
        return f"({guard}{e})" if guard else e

    def with_arg(self, name: str, args: list[Node], node: Node) -> str:
        env = self.env
        if not args:
            raise _err(node, f"({name} ...) needs an argument")
        first = args[0]
        guard, p = self.target(args[1] if len(args) > 1 else None)
        if len(args) > 2:
            raise _err(node, f"({name} ...) takes at most two arguments")
        if name == "piece?":
            e = f"B[{p}] & {TYPE_MASK} == {self.piece_type(first) << 4}"
        elif name == "in-zone?":
            zname = first.name if isinstance(first, Sym) else repr(first)
            if zname not in env.zone_names:
                raise _err(first, f"unknown zone {zname!r}")
            table = env.zones.get(zname) or [False] * len(next(iter(env.links.values()), []))
            e = f"{self.const('Z', zname, table)}[{p}]"
        elif name == "on-board?":
            if len(args) != 1 or not isinstance(first, Sym):
                raise _err(node, "(on-board? direction-or-position)")
            if first.name in env.links:
                return f"{self.link(first.name, first)}[pos] >= 0"
            if first.name in env.positions:
                return "True"
            raise _err(first, f"unknown direction or position {first.name!r}")
        elif name == "position?":
            if len(args) != 1 or not isinstance(first, Sym) or first.name not in env.positions:
                raise _err(node, f"(position? NAME) needs a known position, found {first!r}")
            return f"pos == {env.positions[first.name]}"
        elif name == "flag?":
            return self.flag(first)
        elif name == "position-flag?":
            self.uses_pflags = True
            fname = first.name if isinstance(first, Sym) else repr(first)
            e = f"PF.get(({fname!r}, {p}), False)"
        else:  # pragma: no cover
            raise _err(node, f"unknown test {name}")
        return f"({guard}{e})" if guard else e


# -- reach: where a block can possibly capture from a square ---------------------------------------------


class Unknown(Exception):
    """The abstract run lost track of the cursor: assume the block reaches everywhere."""


def reach(env: Env, stmts: list[Node], start: int) -> set[int]:
    """Every square on which ``stmts`` run from ``start`` could land or capture, whatever the board."""
    found: set[int] = set()
    states = {(start, start, -1, start)}  # (pos, mark, to, frm)
    _areach(env, _flatten(stmts), states, found)
    return found


def _areach(env: Env, stmts: list[Node], states: set[tuple], found: set[int]) -> set[tuple]:
    for s in stmts:
        if not states:
            return states
        states = _astmt(env, s, states, found)
    return states


def _static(env: Env, c: Node, st: tuple) -> bool | None:
    """A test's value when it depends only on the cursor (zones, links, positions), else None."""
    pos, mark = st[0], st[1]
    if isinstance(c, Sym):
        if c.name == "true":
            return True
        if c.name == "false":
            return False
        if c.name == "marked?":
            return pos == mark
        if c.name == "not-marked?":
            return pos != mark
        return None
    if not isinstance(c, List) or c.head is None:
        return None
    head, args = c.head, c.items[1:]
    if head == "not" and len(args) == 1:
        v = _static(env, args[0], st)
        return None if v is None else not v
    if head in ("and", "or"):
        vals = [_static(env, a, st) for a in args]
        if head == "and":
            return False if False in vals else (True if all(v is True for v in vals) else None)
        return True if True in vals else (False if all(v is False for v in vals) else None)
    neg = head.startswith("not-")
    base = head[4:] if neg else head
    v: bool | None = None
    if base == "in-zone?" and len(args) == 1 and isinstance(args[0], Sym):
        table = env.zones.get(args[0].name)
        v = bool(table[pos]) if table else False
    elif base == "on-board?" and len(args) == 1 and isinstance(args[0], Sym) and args[0].name in env.links:
        v = env.links[args[0].name][pos] >= 0
    elif base == "position?" and len(args) == 1 and isinstance(args[0], Sym) and args[0].name in env.positions:
        v = pos == env.positions[args[0].name]
    if v is None:
        return None
    return not v if neg else v


def _astmt(env: Env, s: Node, states: set[tuple], found: set[int]) -> set[tuple]:
    out: set[tuple] = set()
    if isinstance(s, Sym):
        name = s.name
        if name in env.links:
            table = env.links[name]
            return {(table[p], m, t, f) for p, m, t, f in states if table[p] >= 0}
        if name in env.positions:
            q = env.positions[name]
            return {(q, m, t, f) for _, m, t, f in states}
        if name in ("add", "add-copy", "add-partial", "add-copy-partial"):
            for p, _, t, _ in states:
                found.add(t if t >= 0 else p)
            return states
        if name == "mark":
            return {(p, p, t, f) for p, _, t, f in states}
        if name == "back":
            return {(m, m, t, f) for _, m, t, f in states}
        if name == "from":
            return {(p, m, -1, p) for p, m, _, _ in states}
        if name == "to":
            return {(p, m, p, f) for p, m, _, f in states}
        if name == "cascade":
            for p, _, t, _ in states:
                found.add(t if t >= 0 else p)
            return {(p, m, -1, p) for p, m, _, _ in states}
        if name == "capture":
            found.update(p for p, *_ in states)
            return states
        return states
    if not isinstance(s, List) or s.head is None:
        return states
    head, args = s.head, s.items[1:]
    if head == "verify":
        return {st for st in states if _static(env, args[0], st) is not False}
    if head == "if":
        body, other, seen = [], [], False
        for a in args[1:]:
            if isinstance(a, Sym) and a.name == "else":
                seen = True
            elif seen:
                other.append(a)
            else:
                body.append(a)
        yes = {st for st in states if _static(env, args[0], st) is not False}
        no = {st for st in states if _static(env, args[0], st) is not True}
        return _areach(env, _flatten(body), yes, found) | _areach(env, _flatten(other), no, found)
    if head == "while":
        seen_states: set[tuple] = set()
        frontier = set(states)
        body = _flatten(args[1:])
        while frontier:
            seen_states |= frontier
            out |= {st for st in frontier if _static(env, args[0], st) is not True}
            go = {st for st in frontier if _static(env, args[0], st) is not False}
            frontier = _areach(env, body, go, found) - seen_states
        return out
    if head in ("add", "add-copy", "add-partial", "add-copy-partial"):
        for p, _, t, _ in states:
            found.add(t if t >= 0 else p)
        return states
    if head == "capture" and len(args) == 1 and isinstance(args[0], Sym):
        a = args[0].name
        if a in env.links:
            found.update(env.links[a][p] for p, *_ in states if env.links[a][p] >= 0)
        elif a in env.positions:
            found.add(env.positions[a])
        return states
    if head == "go" and len(args) == 1 and isinstance(args[0], Sym):
        w = args[0].name
        if w == "from":
            return {(f, m, t, f) for _, m, t, f in states}
        if w == "to":
            return {(t if t >= 0 else p, m, t, f) for p, m, t, f in states}
        if w == "mark":
            return {(m, m, t, f) for _, m, t, f in states}
        if w in env.positions:
            q = env.positions[w]
            return {(q, m, t, f) for _, m, t, f in states}
        raise Unknown
    if head == "opposite" and len(args) == 1 and isinstance(args[0], Sym):
        raise Unknown
    if head in ("from", "to", "mark", "back") and len(args) == 1 and isinstance(args[0], Sym):
        a = args[0].name
        res = set()
        for p, m, t, f in states:
            q = env.links[a][p] if a in env.links else env.positions.get(a, -1)
            if q < 0:
                continue
            res.add({"from": (p, m, -1, q), "to": (p, m, q, f), "mark": (p, q, t, f), "back": (q, m, t, f)}[head])
        return res
    return states
