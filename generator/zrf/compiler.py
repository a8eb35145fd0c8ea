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

:mod:`generator.zrf.reach` tells which squares a block can capture on at all, so that the
check test runs only the blocks that can reach the king.

Piece codes: ``attributes << 16 | type << 4 | owner``; an empty square is -1,
whose owner bits read 15, so ``B[p] & 15 == ME`` is false on empty squares.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.zrf.reader import List, Node, Str, Sym, ZrfError

EMPTY = -1
OWNER = 15
TYPE_MASK = 0xFFF0
KEY_MASK = 0xFFFF
ATTR_SHIFT = 16
LOOP_LIMIT = 4096


class Effect(enum.IntEnum):
    """What an effect does to its square; the compiled moves carry the bare number."""

    OWNER = 0  #: the piece becomes the mover's (``change-owner``)
    FLIP = 1  #: the piece changes sides (``flip``)
    TYPE = 2  #: the piece becomes another type (``change-type``)
    CREATE = 3  #: a piece is put on the square (``create``)


ADD_KINDS = ("add", "add-copy", "add-partial", "add-copy-partial")
ADD_FLAGS = {kind: k for k, kind in enumerate(ADD_KINDS)}  # bit 0: copy, bit 1: partial

# the tests
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


class EndlessLoop(ZrfError):
    """A ``while`` ran :data:`LOOP_LIMIT` times: in Zillions it would never end."""


def endless(path: str, line: int) -> None:
    """What the generated code calls when a ``while`` has run :data:`LOOP_LIMIT` times."""
    raise EndlessLoop(path, line, f"a while loop ran {LOOP_LIMIT} times without ending: the move never ends")


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
    move_types: dict[str, int]


def _err(node: Node, message: str) -> CompileError:
    return CompileError(node.path, node.line, message)


def flatten(stmts: Iterable[Node]) -> list[Node]:
    """Statements with nested sequences ``((a b) c)`` spliced in."""
    out: list[Node] = []
    for s in stmts:
        if isinstance(s, List) and s.items and isinstance(s.items[0], List):
            out.extend(flatten(s.items))
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
        inline: bool = True,
    ) -> None:
        self.env = env
        self.errors = errors  # None: raise the first error; a list: collect, one per statement
        self.mode = mode  # "move" or "attack"
        self.drop = drop
        self.mtype = mtype
        self.consts: dict[str, object] = {}
        self._const_ids: dict[tuple[str, object], str] = {}
        self.lines: list[str] = []
        self.flags: dict[str, str] = {}
        self.uses_pflags = False
        self.tmp = 0
        # nothing but the cursor has changed yet (no cascade, capture, attribute...): an add is
        # the common case of E, written inline (see PLAIN_ADD)
        self.plain = inline and mode == "move" and not drop
        stmts = flatten(stmts)
        body: list[str] = []
        self.lines = body
        self.seq(stmts, 1)
        self.source = self._assemble(name, body)

    def _assemble(self, name: str, body: list[str]) -> str:
        """The function: the variables the body reads (a block that never cascades need not set
        ``parts``...) set after the leading steps and tests that read none of them, so that a block
        that ends at once (Chess.zrf's en passant, most of the time) sets nothing."""
        text = "\n".join(body)
        used = [f"{v} = {init}" for v, init in BLOCK_VARS if v in text]  # a name within another: set anyway
        setup = ["    " + "; ".join(used)] if used else []
        setup.append("    frm = -1" if self.drop else "    frm = start; pc = B[start]")
        setup.extend(f"    {var} = False" for var in self.flags.values())
        if self.uses_pflags:
            setup.append("    PF = {}")
        k = 0
        while k < len(body) and LEADING.fullmatch(body[k]) and not SETUP_NAMES.search(body[k]):
            k += 1
        args = f"S, B, start, {'T' if self.mode == 'attack' else 'out'}{', pc' if self.drop else ''}"
        end = "    return None" if self.mode == "attack" else "    return"
        return "\n".join([f"def {name}({args}):", "    pos = start", *body[:k], *setup, *body[k:], end]) + "\n"

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

    def type_const(self, node: Node) -> str:
        """A piece type as a constant name: blocks that differ only in types share compiled code."""
        t = self.piece_type(node)
        return self.const("T", t, t)

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
        if isinstance(node, List) and node.head == "opposite" and len(node.items) == 2:
            # (empty? (opposite n)), Chu Shogi's Lion: the square one step back
            d = node.items[1]
            if isinstance(d, Sym) and d.name in self.env.links:
                self.tmp += 1
                v = f"_q{self.tmp}"
                table = self.const("L", ("opp", d.name), self.opposite_table(d.name, d))
                return f"({v} := {table}[pos]) >= 0 and ", v
        raise _err(node, f"expected a direction or a position, found {node!r}")

    # -- statements -----------------------------------------------------------------------------------

    def seq(self, stmts: list[Node], depth: int) -> None:
        """The statements of a body, at indentation ``depth``."""
        stmts = flatten(stmts)
        if not stmts:
            self.emit(depth, "pass")
        for s in stmts:
            self.stmt(s, depth)

    def step_to(self, expr: str, depth: int) -> None:
        """Move the cursor; off the board, the block ends."""
        self.emit(depth, f"pos = {expr}")
        self.emit(depth, f"if pos < 0: {self.fail()}")

    def stmt(self, s: Node, depth: int) -> None:
        """One statement; a bad one raises, or is reported and compiled as ``pass`` when collecting."""
        if self.plain and changes_move(s):
            self.plain = False
        try:
            self._stmt(s, depth)
        except CompileError as e:
            if self.errors is None:
                raise
            self.errors.append(e)
            self.emit(depth, "pass")

    def _stmt(self, s: Node, depth: int) -> None:
        if isinstance(s, Str):
            raise _err(s, f"unexpected string {s!r} in a move")
        if isinstance(s, Sym):
            self.bare(s, depth)
            return
        assert isinstance(s, List)
        head = s.head
        if head is None:
            raise _err(s, f"unexpected {s!r} in a move")
        handler = LIST_STATEMENTS.get(head)
        if handler is not None:
            handler(self, s, s.items[1:], depth)
        elif head in self.env.positions or head in self.env.links:
            raise _err(s, f"({head} ...): a direction or position is written bare, not as a list")
        else:
            raise _err(s, f"unknown instruction ({head} ...) (an undefined macro?)")

    def bare(self, s: Sym, depth: int) -> None:
        """A statement written as a name: a direction, a position or a keyword."""
        name = s.name
        if name in self.env.links:
            self.step_to(f"{self.link(name, s)}[pos]", depth)
        elif name in self.env.positions:
            self.emit(depth, f"pos = {self.env.positions[name]}")
        elif name in ADD_FLAGS:
            self.add(s, name, [], depth)
        elif name in BARE_STATEMENTS:
            for line in BARE_STATEMENTS[name]:
                self.emit(depth, line)
        elif name in ALL_CONDITIONS:
            raise _err(s, f"{name} is a test: write (verify {name}) or (if {name} ...)")
        else:
            raise _err(s, f"unknown name {name!r} in a move (not a direction, position, macro or keyword)")

    def verify(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) != 1:
            raise _err(s, "(verify test) takes one test")
        self.emit(depth, f"if not ({self.cond(args[0])}): {self.fail()}")

    def if_(self, s: List, args: list[Node], depth: int) -> None:
        if not args:
            raise _err(s, "(if test body... [else body...]) needs a test")
        body, other, elses = split_else(args[1:])
        if len(elses) > 1:
            raise _err(elses[1], "two elses in one if")
        self.emit(depth, f"if {self.cond(args[0])}:")
        self.seq(body, depth + 1)
        if elses:
            self.emit(depth, "else:")
            self.seq(other, depth + 1)

    def while_(self, s: List, args: list[Node], depth: int) -> None:
        if not args:
            raise _err(s, "(while test body...) needs a test")
        if self.plain and any(changes_move(x) for x in args[1:]):
            self.plain = False  # a later statement of the body acts on the next round's add
        self.emit(depth, "for _ in LOOP:")
        self.emit(depth + 1, f"if not ({self.cond(args[0])}): break")
        self.seq(args[1:], depth + 1)
        self.emit(depth, "else:")
        self.emit(depth + 1, f"ENDLESS({s.path!r}, {s.line})")

    def add_list(self, s: List, args: list[Node], depth: int) -> None:
        assert s.head is not None
        self.add(s, s.head, args, depth)

    def capture(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) != 1:
            raise _err(s, "(capture direction-or-position) takes one argument")
        guard, p = self.target(args[0])
        self.emit(depth, f"if {guard}True: {capture_line(p)}")

    def go(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) != 1 or not isinstance(args[0], Sym):
            raise _err(s, "(go from|to|mark|last-from|last-to)")
        where = args[0].name
        if where in GO_LINES:
            self.emit(depth, GO_LINES[where])
        elif where in ("last-from", "last-to"):
            self.step_to(f"S.{where.replace('-', '_')}", depth)
        elif where in self.env.positions:
            self.emit(depth, f"pos = {self.env.positions[where]}")
        else:
            raise _err(s, f"(go {where}): expected from, to, mark, last-from or last-to")

    def opposite(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) != 1 or not isinstance(args[0], Sym):
            raise _err(s, "(opposite direction) takes one direction")
        d = args[0].name
        if d not in self.env.links:
            raise _err(args[0], f"unknown direction {d!r}")
        # the opposite of the direction this side moves in
        self.step_to(f"{self.const('L', ('opp', d), self.opposite_table(d, args[0]))}[pos]", depth)

    def opposite_table(self, d: str, node: Node) -> list[int]:
        table = self.env.opposite_links.get(d)
        if table is None:
            raise _err(node, f"direction {d!r} has no opposite (no direction with the reverse offsets)")
        return table

    def set_attribute(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) != 2 or not isinstance(args[0], Sym):
            raise _err(s, "(set-attribute name value) takes an attribute and a value")
        mask = self.env.attrs.get(args[0].name)
        if mask is None:
            raise _err(args[0], f"unknown attribute {args[0].name!r}")
        # a later value of the attribute on the square replaces the earlier one: a loop keeps one entry
        self.emit(depth, f"_v = bool({self.cond(args[1])})")
        self.emit(
            depth,
            f"attrs = (*[a for a in attrs if a[0] != pos or a[1] != {mask}], (pos, {mask}, _v)) "
            f"if attrs else ((pos, {mask}, _v),)",
        )

    def set_flag(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) != 2:
            raise _err(s, "(set-flag name value) takes a flag and a value")
        self.emit(depth, f"{self.flag(args[0])} = bool({self.cond(args[1])})")

    def set_position_flag(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) not in (2, 3):
            raise _err(s, "(set-position-flag name value [position])")
        self.uses_pflags = True
        guard, p = self.target(args[2] if len(args) == 3 else None)
        name = args[0].name if isinstance(args[0], Sym) else repr(args[0])
        self.emit(depth, f"if {guard}True: PF[({name!r}, {p})] = bool({self.cond(args[1])})")

    def change_type(self, s: List, args: list[Node], depth: int) -> None:
        if len(args) not in (1, 2):
            raise _err(s, "(change-type piece [position])")
        guard, p = self.target(args[1] if len(args) == 2 else None)
        self.emit(depth, f"if {guard}True: {effect_line(p, Effect.TYPE, self.type_const(args[0]))}")

    def change_owner(self, s: List, args: list[Node], depth: int) -> None:
        guard, p = self.target(args[0] if args else None)
        self.emit(depth, f"if {guard}True: {effect_line(p, Effect.OWNER, 'ME')}")

    def flip(self, s: List, args: list[Node], depth: int) -> None:
        guard, p = self.target(args[0] if args else None)
        self.emit(depth, f"if {guard}True: {effect_line(p, Effect.FLIP, 0)}")

    def create(self, s: List, args: list[Node], depth: int) -> None:
        """``(create [player] [piece] [position])``: without a piece, one of the moving piece's type
        (GufuuShogi's ``(create North)``, KoShogi's ``(create pass-flag)`` on a position)."""
        rest = list(args)
        owner = "ME"
        if len(rest) > 0 and isinstance(rest[0], Sym) and rest[0].name in self.env.player_index:
            owner = self.const("W", rest[0].name, self.env.player_index[rest[0].name])
            rest.pop(0)
        if not rest or not (isinstance(rest[0], Sym) and rest[0].name in self.env.types):
            kind = f"pc & {TYPE_MASK}"
        else:
            kind = f"{self.type_const(rest.pop(0))} << 4"
        if len(rest) > 1:
            raise _err(s, "(create [player] [piece] [position])")
        guard, p = self.target(rest[0] if rest else None)
        self.emit(depth, f"if {guard}True: {effect_line(p, Effect.CREATE, f'({kind}) | {owner}')}")

    def set_cursor(self, s: List, args: list[Node], depth: int) -> None:
        """``(from|to|mark|back direction-or-position)``."""
        head = s.head
        if len(args) != 1:
            raise _err(s, f"({head} position-or-direction) takes one argument")
        guard, p = self.target(args[0])
        self.emit(depth, f"if not ({guard}True): {self.fail()}")
        if head == "from":
            self.emit(depth, f"frm = {p}; pc = B[frm]; to = -1")
        else:
            self.emit(depth, f"{CURSOR_VARS[head or '']} = {p}")

    def move_type(self, s: List, args: list[Node], depth: int) -> None:
        """``(move-type name)`` inside a block: the model reads it, nothing to run."""

    def add(self, s: Node, kind: str, args: list[Node], depth: int) -> None:
        flags = ADD_FLAGS[kind]
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
        if self.plain and not promos and not flags:
            for line in PLAIN_ADD:
                self.emit(depth, line)
            return
        pro = self.const("P", tuple(promos), tuple(promos)) if promos else "None"
        extra = f", {partial_type!r}" if partial_type else ""
        # in a plain block the move's parts are still as they began: constants, which the block need not set
        state = "pos, (), (), (), ()" if self.plain else f"{dest}, parts, caps, attrs, effs"
        self.emit(depth, f"E(S, B, out, frm, pc, {state}, {pro}, MT, {flags}{extra})")

    # -- tests ----------------------------------------------------------------------------------------------

    def cond(self, c: Node) -> str:
        """A test as a Python expression."""
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
        if base in SIMPLE_CONDITIONS or base in self.env.attrs:
            if len(args) > 1:
                raise _err(c, f"({head} [direction-or-position]) takes at most one argument")
            expr = self.simple(base, args[0] if args else None, c)
        elif base in ARG_CONDITIONS:
            expr = self.with_arg(base, args, c)
        else:
            raise _err(c, f"unknown test ({head} ...)")
        return f"not ({expr})" if neg else expr

    def simple(self, name: str, arg: Node | None, node: Node) -> str:
        """A test without argument (or with the square it looks at)."""
        env = self.env
        if name in ("true", "false"):
            return name.capitalize()
        if name in ("on-board?", "not-on-board?") and arg is None:
            # the cursor's own square (Thud, Chu Shogi): a step off the board has already ended the block
            return str(name == "on-board?")
        if name.startswith("not-") and name[4:] in SIMPLE_CONDITIONS | set(env.attrs):
            return f"not ({self.simple(name[4:], arg, node)})"
        if name in ("attacked?", "defended?") and isinstance(arg, Sym) and arg.name in env.move_types:
            # (attacked? no-king), RenShogi's drop-mate test: only enemy moves of that type count
            args = "B, pos, ME, pc" if name == "attacked?" else "B, pos, ME"
            return f"S.{name[:-1]}({args}, {self.const('M', arg.name, env.move_types[arg.name])})"
        guard, p = self.target(arg)
        test = SIMPLE_TESTS.get(name)
        if test is not None:
            e = test(self, p)
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
        """A test with an argument, and perhaps the square it looks at."""
        if not args:
            raise _err(node, f"({name} ...) needs an argument")
        guard, p = self.target(args[1] if len(args) > 1 else None)
        if len(args) > 2:
            raise _err(node, f"({name} ...) takes at most two arguments")
        e, guarded = ARG_TESTS[name](self, args, p, node)
        return f"({guard}{e})" if guard and guarded else e

    def piece_test(self, args: list[Node], p: str, node: Node) -> tuple[str, bool]:
        t = self.piece_type(args[0])
        return f"B[{p}] & {TYPE_MASK} == {self.const('K', t, t << 4)}", True

    def zone_test(self, args: list[Node], p: str, node: Node) -> tuple[str, bool]:
        first = args[0]
        zname = first.name if isinstance(first, Sym) else repr(first)
        if zname not in self.env.zone_names:
            raise _err(first, f"unknown zone {zname!r}")
        table = self.env.zones.get(zname) or [False] * len(next(iter(self.env.links.values()), []))
        return f"{self.const('Z', zname, table)}[{p}]", True

    def on_board_test(self, args: list[Node], p: str, node: Node) -> tuple[str, bool]:
        first = args[0]
        if len(args) != 1 or not isinstance(first, Sym):
            raise _err(node, "(on-board? direction-or-position)")
        if first.name in self.env.links:
            return f"{self.link(first.name, first)}[pos] >= 0", False
        if first.name in self.env.positions:
            return "True", False
        raise _err(first, f"unknown direction or position {first.name!r}")

    def position_test(self, args: list[Node], p: str, node: Node) -> tuple[str, bool]:
        first = args[0]
        if len(args) != 1 or not isinstance(first, Sym) or first.name not in self.env.positions:
            raise _err(node, f"(position? NAME) needs a known position, found {first!r}")
        return f"pos == {self.env.positions[first.name]}", False

    def flag_test(self, args: list[Node], p: str, node: Node) -> tuple[str, bool]:
        return self.flag(args[0]), False

    def position_flag_test(self, args: list[Node], p: str, node: Node) -> tuple[str, bool]:
        self.uses_pflags = True
        first = args[0]
        fname = first.name if isinstance(first, Sym) else repr(first)
        return f"PF.get(({fname!r}, {p}), False)", True


def split_else(items: list[Node]) -> tuple[list[Node], list[Node], list[Sym]]:
    """The body of an ``if`` before its ``else``, the body after it, and the ``else`` names found."""
    body: list[Node] = []
    other: list[Node] = []
    elses: list[Sym] = []
    for a in items:
        if isinstance(a, Sym) and a.name == "else":
            elses.append(a)
        elif elses:
            other.append(a)
        else:
            body.append(a)
    return body, other, elses


# a line at the block's top level that moves the cursor or ends the block: the setup may follow it
LEADING = re.compile(r"    (pos = [^;:]*|if [^:]*: return( None)?)")
BLOCK_VARS = (("mark", "start"), ("to", "-1"), ("parts", "()"), ("caps", "()"), ("attrs", "()"), ("effs", "()"))
SETUP_NAMES = re.compile(r"\b(mark|to|parts|caps|attrs|effs|frm|pc|PF|f\d+)\b")  # what the setup sets (flags: f0...)

# what a statement may change besides the cursor (its name or any name inside it)
MOVE_CHANGES = frozenset(
    ("cascade", "capture", "from", "to", "set-attribute", "change-owner", "flip", "change-type", "create")
)


def changes_move(node: Node) -> bool:
    """Whether a statement may change the move an add makes, besides the square it lands on."""
    if isinstance(node, Sym):
        return node.name in MOVE_CHANGES
    return isinstance(node, List) and any(changes_move(x) for x in node.items)


# E's common case for an add while the block is plain: the piece on ``frm`` goes to ``pos``, taking what
# stands there, a friend too (Zillions' own Beer Square drops a mug on a mug of the same player); a piece
# added on its own square changes nothing
PLAIN_ADD = (
    "_o = B[pos]",
    "if _o < 0:",
    "    if pc >= 0: out.append(ZM(((frm, -1), (pos, pc)) if frm < pos else ((pos, pc), (frm, -1)), "
    "frm, pos, pc, pc, -1, (), (), MT))",
    "elif pc >= 0 and pos != frm:",
    "    out.append(ZM(((frm, -1), (pos, pc)) if frm < pos else ((pos, pc), (frm, -1)), "
    "frm, pos, pc, pc, -1, (_o,), ((_o & 15, _o >> 4 & 4095, 1),) if RC else (), MT))",
)


def capture_line(p: str) -> str:
    """The line that captures on ``p`` (once: a loop that captures again adds nothing)."""
    return f"caps = caps if {p} in caps else caps + ({p},)"


def effect_line(p: str, kind: Effect, arg: object) -> str:
    """The line that adds an effect on ``p``.  Setting an owner, a type or a whole piece again after
    other effects gives what the last setting alone gives, so the earlier copy goes (a loop keeps one);
    a flip undoes a flip, so flips stay."""
    item = f"({p}, {kind.value}, {arg})"
    if kind is Effect.FLIP:
        return f"effs = effs + ({item},)"
    return f"effs = (*[e for e in effs if e != {item}], {item}) if effs else ({item},)"


# statements written as a bare name: the lines they compile to
BARE_STATEMENTS: dict[str, tuple[str, ...]] = {
    "mark": ("mark = pos",),
    "back": ("pos = mark",),
    "from": ("frm = pos; pc = B[pos]; to = -1",),
    "to": ("to = pos",),
    "cascade": ("parts = parts + ((frm, to if to >= 0 else pos, pc),)", "frm = pos; pc = B[pos]; to = -1"),
    "capture": (capture_line("pos"),),
    "change-owner": (effect_line("pos", Effect.OWNER, "ME"),),
    "flip": (effect_line("pos", Effect.FLIP, 0),),
}

GO_LINES = {"from": "pos = frm if frm >= 0 else start", "to": "pos = to if to >= 0 else pos", "mark": "pos = mark"}
CURSOR_VARS = {"to": "to", "mark": "mark", "back": "pos"}

LIST_STATEMENTS: dict[str, Callable[[BlockCompiler, List, list[Node], int], None]] = {
    "verify": BlockCompiler.verify,
    "if": BlockCompiler.if_,
    "while": BlockCompiler.while_,
    **dict.fromkeys(ADD_KINDS, BlockCompiler.add_list),
    "capture": BlockCompiler.capture,
    "go": BlockCompiler.go,
    "opposite": BlockCompiler.opposite,
    "set-attribute": BlockCompiler.set_attribute,
    "set-flag": BlockCompiler.set_flag,
    "set-position-flag": BlockCompiler.set_position_flag,
    "change-type": BlockCompiler.change_type,
    "change-owner": BlockCompiler.change_owner,
    "flip": BlockCompiler.flip,
    "create": BlockCompiler.create,
    **dict.fromkeys(("from", "to", "mark", "back"), BlockCompiler.set_cursor),
    "move-type": BlockCompiler.move_type,
}

# tests without argument: the expression on square ``p``
SIMPLE_TESTS: dict[str, Callable[[BlockCompiler, str], str]] = {
    "empty?": lambda bc, p: f"B[{p}] < 0",
    "friend?": lambda bc, p: f"B[{p}] & 15 == ME",
    "enemy?": lambda bc, p: f"B[{p}] & 15 not in {bc.const('N', 'ne', frozenset({bc.env.me, OWNER}))}",
    "neutral?": lambda bc, p: f"B[{p}] & 15 in {bc.const('N', 'neutral', bc.env.neutral)}",
    "last-from?": lambda bc, p: f"{p} == S.last_from",
    "last-to?": lambda bc, p: f"{p} == S.last_to",
    "marked?": lambda bc, p: f"{p} == mark",
    "attacked?": lambda bc, p: f"S.attacked(B, {p}, ME, pc)",
    "defended?": lambda bc, p: f"S.defended(B, {p}, ME)",
    "adjacent-to-enemy?": lambda bc, p: f"S.adjacent_enemy(B, {p}, ME)",
    "goal-position?": lambda bc, p: f"{p} in {bc.const('N', 'goal', bc.env.goal_positions)}",
}

# tests with an argument: (expression, whether the square's guard applies)
ARG_TESTS: dict[str, Callable[[BlockCompiler, list[Node], str, Node], tuple[str, bool]]] = {
    "piece?": BlockCompiler.piece_test,
    "in-zone?": BlockCompiler.zone_test,
    "on-board?": BlockCompiler.on_board_test,
    "position?": BlockCompiler.position_test,
    "flag?": BlockCompiler.flag_test,
    "position-flag?": BlockCompiler.position_flag_test,
}
