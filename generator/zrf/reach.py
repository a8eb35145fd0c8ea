"""Where a move block can possibly capture from a square: an abstract run over positions only.

:func:`reach` runs a block with every board test going either way (tests that depend
only on the cursor, such as zones and links, are decided): the squares it can land or
capture on.  The check test runs only the blocks that can reach the king.

>>> from generator.zrf.compiler import Env
>>> from generator.zrf.reader import read_text
>>> line = [1, 2, 3, -1]  # four squares in a row, direction e
>>> env = Env(0, {"e": line}, {}, {}, {}, set(), {}, {}, frozenset(), frozenset(), {}, {})
>>> reach(env, read_text("(e (while empty? add e) add)")[0].items, [0, 2])
{0: {1, 2, 3}, 2: {3}}

All the start squares are run at once, each cursor carrying the square it started from:
a block costs one run, not one per square (Escalation.zrf's 399 blocks of a thousand
nodes each, on 100 squares).
"""

from __future__ import annotations

from collections.abc import Callable

from generator.zrf.compiler import ADD_KINDS, Env, flatten, split_else
from generator.zrf.reader import List, Node, Sym

Cursor = tuple[int, int, int, int, int]  # (pos, mark, to, frm, the start square)
Cursors = set[Cursor]
Pairs = set[tuple[int, int]]  # (start square, square reached)


#: cursor states one run may look at, per start square; beyond, it gives up (the block is taken
#: to reach anywhere): loops nested in loops cost the power of their depth
BUDGET = 200


class Unknown(Exception):
    """The abstract run lost track of the cursor, or ran out of budget: assume the block reaches everywhere."""


class Found(set[tuple[int, int]]):
    """The ``(start, square)`` pairs found so far, and what is left of the run's budget."""

    budget = BUDGET


def reach(env: Env, stmts: list[Node], starts: list[int]) -> dict[int, set[int]]:
    """Per start square, every square on which ``stmts`` could land or capture, whatever the board."""
    found = Found()
    found.budget = BUDGET * len(starts)
    _run(env, flatten(stmts), {(s, s, -1, s, s) for s in starts}, found)
    out: dict[int, set[int]] = {s: set() for s in starts}
    for s, q in found:
        out[s].add(q)
    return out


def _run(env: Env, stmts: list[Node], states: Cursors, found: Pairs) -> Cursors:
    i = 0
    while i < len(stmts):
        if not states:
            return states
        end = _look_around(stmts, i)
        if end > i:  # the cursor comes back where it was, having landed and taken nothing
            i = end + 1
            continue
        _charge(1, states, found)
        states = _statement(env, stmts[i], states, found)
        i += 1
    return states


#: what a walk between ``mark`` and ``back`` must not do for the run to pass over it: land, take, move the
#: cursor's marks or its destination (a walk that only tests and sets flags, however long)
_EFFECTS = frozenset({*ADD_KINDS, "capture", "cascade", "create", "mark", "back", "from", "to", "go"})


def _look_around(stmts: list[Node], i: int) -> int:
    """Where ``stmts[i]`` begins a walk that only looks (``mark``, statements none of :data:`_EFFECTS`,
    ``back``): the index of its ``back``; else ``i``.  A test in the walk that fails ends the block, which
    lands nowhere more: passing over the walk loses no square the block may reach."""
    first = stmts[i]
    if not (isinstance(first, Sym) and first.name == "mark"):
        return i
    for j in range(i + 1, len(stmts)):
        s = stmts[j]
        if isinstance(s, Sym) and s.name == "back":
            return j
        if _does(s):
            return i
    return i


def _does(node: Node) -> bool:
    """Whether ``node`` holds one of :data:`_EFFECTS`."""
    if isinstance(node, Sym):
        return node.name in _EFFECTS
    return isinstance(node, List) and any(_does(x) for x in node.items)


def _statement(env: Env, s: Node, states: Cursors, found: Pairs) -> Cursors:
    if isinstance(s, Sym):
        return _bare(env, s.name, states, found)
    if not isinstance(s, List) or s.head is None:
        return states
    step = LIST_STEPS.get(s.head)
    return states if step is None else step(env, s.head, s.items[1:], states, found)


# -- tests that depend only on the cursor -------------------------------------------------------------------

STATIC_NAMES: dict[str, Callable[[int, int], bool]] = {
    "true": lambda pos, mark: True,
    "false": lambda pos, mark: False,
    "marked?": lambda pos, mark: pos == mark,
    "not-marked?": lambda pos, mark: pos != mark,
}


def _static(env: Env, c: Node, st: Cursor) -> bool | None:
    """A test's value when it depends only on the cursor (zones, links, positions), else None."""
    if isinstance(c, Sym):
        test = STATIC_NAMES.get(c.name)
        return None if test is None else test(st[0], st[1])
    if not isinstance(c, List) or c.head is None:
        return None
    head, args = c.head, c.items[1:]
    if head == "not" and len(args) == 1:
        v = _static(env, args[0], st)
        return None if v is None else not v
    if head in ("and", "or"):
        return _static_logic(head, [_static(env, a, st) for a in args])
    neg = head.startswith("not-")
    base = head[4:] if neg else head
    if len(args) != 1 or not isinstance(args[0], Sym):
        return None
    v = _static_place(env, base, args[0].name, st[0])
    return None if v is None else v != neg


def _static_logic(head: str, vals: list[bool | None]) -> bool | None:
    if head == "and":
        return False if False in vals else (True if all(v is True for v in vals) else None)
    return True if True in vals else (False if all(v is False for v in vals) else None)


def _static_place(env: Env, test: str, name: str, pos: int) -> bool | None:
    """``in-zone?``, ``on-board?`` and ``position?`` of one name at ``pos``; None for other tests."""
    if test == "in-zone?":
        table = env.zones.get(name)
        return bool(table[pos]) if table else False
    if test == "on-board?" and name in env.links:
        return env.links[name][pos] >= 0
    if test == "position?" and name in env.positions:
        return pos == env.positions[name]
    return None


def _charge(cost: int, states: Cursors, found: Pairs) -> None:
    """Take ``cost`` per cursor from the budget: a statement costs 1, a test its size (a long
    (and ...) costs as much as many statements)."""
    if isinstance(found, Found):
        found.budget -= len(states) * cost
        if found.budget < 0:
            raise Unknown


def _may_pass(env: Env, test: Node, states: Cursors, found: Pairs) -> Cursors:
    _charge(test.size if isinstance(test, List) else 1, states, found)
    return {st for st in states if _static(env, test, st) is not False}


def _may_fail(env: Env, test: Node, states: Cursors, found: Pairs) -> Cursors:
    _charge(test.size if isinstance(test, List) else 1, states, found)
    return {st for st in states if _static(env, test, st) is not True}


# -- bare names ---------------------------------------------------------------------------------------------


def _land(states: Cursors, found: Pairs) -> Cursors:
    for p, _, t, _, o in states:
        found.add((o, t if t >= 0 else p))
    return states


def _cascade(states: Cursors, found: Pairs) -> Cursors:
    _land(states, found)
    return {(p, m, -1, p, o) for p, m, _, _, o in states}


def _capture_here(states: Cursors, found: Pairs) -> Cursors:
    found.update((st[4], st[0]) for st in states)
    return states


BARE_STEPS: dict[str, Callable[[Cursors, Pairs], Cursors]] = {
    **dict.fromkeys(ADD_KINDS, _land),
    "mark": lambda states, found: {(p, p, t, f, o) for p, _, t, f, o in states},
    "back": lambda states, found: {(m, m, t, f, o) for _, m, t, f, o in states},
    "from": lambda states, found: {(p, m, -1, p, o) for p, m, _, _, o in states},
    "to": lambda states, found: {(p, m, p, f, o) for p, m, _, f, o in states},
    "cascade": _cascade,
    "capture": _capture_here,
}


def _bare(env: Env, name: str, states: Cursors, found: Pairs) -> Cursors:
    if name in env.links:
        table = env.links[name]
        return {(table[p], m, t, f, o) for p, m, t, f, o in states if table[p] >= 0}
    if name in env.positions:
        q = env.positions[name]
        return {(q, m, t, f, o) for _, m, t, f, o in states}
    step = BARE_STEPS.get(name)
    return states if step is None else step(states, found)


# -- instructions with arguments ----------------------------------------------------------------------------

ListStep = Callable[[Env, str, list[Node], Cursors, Pairs], Cursors]


def _verify(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    return _may_pass(env, args[0], states, found)


def _if(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    body, other, _ = split_else(args[1:])
    yes = _run(env, flatten(body), _may_pass(env, args[0], states, found), found)
    return yes | _run(env, flatten(other), _may_fail(env, args[0], states, found), found)


def _while(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    out: Cursors = set()
    seen: Cursors = set()
    frontier = set(states)
    body = flatten(args[1:])
    while frontier:
        seen |= frontier
        out |= _may_fail(env, args[0], frontier, found)
        frontier = _run(env, body, _may_pass(env, args[0], frontier, found), found) - seen
    return out


def _add(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    return _land(states, found)


def _one_name(args: list[Node]) -> str | None:
    return args[0].name if len(args) == 1 and isinstance(args[0], Sym) else None


def _capture(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    a = _one_name(args)
    if a in env.links:
        table = env.links[a]
        found.update((st[4], table[st[0]]) for st in states if table[st[0]] >= 0)
    elif a in env.positions:
        found.update((st[4], env.positions[a]) for st in states)
    return states


def _go(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    w = _one_name(args)
    if w is None:
        return states
    if w == "from":
        return {(f, m, t, f, o) for _, m, t, f, o in states}
    if w == "to":
        return {(t if t >= 0 else p, m, t, f, o) for p, m, t, f, o in states}
    if w == "mark":
        return {(m, m, t, f, o) for _, m, t, f, o in states}
    if w in env.positions:
        q = env.positions[w]
        return {(q, m, t, f, o) for _, m, t, f, o in states}
    raise Unknown


def _opposite(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    if _one_name(args) is None:
        return states
    raise Unknown


MOVED_CURSOR: dict[str, Callable[[Cursor, int], Cursor]] = {
    "from": lambda st, q: (st[0], st[1], -1, q, st[4]),
    "to": lambda st, q: (st[0], st[1], q, st[3], st[4]),
    "mark": lambda st, q: (st[0], q, st[2], st[3], st[4]),
    "back": lambda st, q: (q, st[1], st[2], st[3], st[4]),
}


def _set_cursor(env: Env, head: str, args: list[Node], states: Cursors, found: Pairs) -> Cursors:
    """``(from|to|mark|back direction-or-position)``: the ends that stay on the board."""
    a = _one_name(args)
    if a is None:
        return states
    moved = MOVED_CURSOR[head]
    res = set()
    for st in states:
        q = env.links[a][st[0]] if a in env.links else env.positions.get(a, -1)
        if q >= 0:
            res.add(moved(st, q))
    return res


LIST_STEPS: dict[str, ListStep] = {
    "verify": _verify,
    "if": _if,
    "while": _while,
    **dict.fromkeys(ADD_KINDS, _add),
    "capture": _capture,
    "go": _go,
    "opposite": _opposite,
    **dict.fromkeys(MOVED_CURSOR, _set_cursor),
}
