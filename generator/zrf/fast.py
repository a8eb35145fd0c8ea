"""The common move blocks turned into per-square tables: leaps and slides that test only
``empty?``/``not-friend?``/``enemy?`` (and ``not-piece?``), perhaps set a constant attribute on the
moving piece or promote in a zone, and ``add``; and chains of such leaps (a pawn's step, then its
second step from the third rank).  What else the interpreter's fast paths read off a block is here
too: whether its moves are plain (:func:`plain_promotions`), and which last move it needs before it
can do anything (:func:`guard`, en passant).  Perft's last ply counts the moves of tables without
making them (:mod:`generator.zrf.counting`).

Chess.zrf's ``(define slide ($1 (while empty? add $1) (verify not-friend?) add))`` becomes, for
each start square, the squares of the ray; generating its moves walks the ray and stops at the
first piece (taken if it is not a friend).  Such a block makes exactly the moves its compiled
function makes (the compiled function and ``E``'s common case), in the same order; every other
block keeps its compiled function.  A block is left to it when a ray runs off into a loop,
comes back to its start square, or is longer than a ``while`` may run.

>>> from generator.zrf.model import load_text
>>> from generator.zrf.program import Program
>>> prog = Program(load_text('''(game (title "Tiny") (players White Black) (turn-order White Black)
...   (board (grid (dimensions ("a/b/c" (1 0)) ("2/1" (0 1))) (directions (n 0 -1) (e 1 0))))
...   (piece (name Rook) (moves (e (while empty? add e) (verify not-friend?) add)))
...   (board-setup (White (Rook a1)) (Black (Rook c1))))''').game())
>>> env = prog.envs[0]
>>> it = idiom(env, prog.game.pieces["Rook"].moves[0].stmts)
>>> it.pre, it.loop, it.quiet, it.capture
(['e'], ['e'], True, True)
>>> [prog.names[q] for q in table(env, it, -1, prog.npos).squares[prog.index["a1"]]]
['b1', 'c1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from generator.zrf.compiler import ADD_FLAGS, EMPTY, LOOP_LIMIT, MOVE_CHANGES, Env, flatten
from generator.zrf.moves import NOTHING, Emit, ZMove
from generator.zrf.reader import List, Node, Sym

MoveFn = Callable[[object, list[int], int, list[ZMove]], None]
Attr = tuple[int, bool]  # (attribute mask, value) set where the piece lands
Promote = tuple[str, list[bool], tuple[int, ...]]  # the zone's name and squares, the types to choose from

# the tests a block may verify before its add: (quiet moves allowed, captures allowed)
TESTS = {"not-friend?": (True, True), "empty?": (True, False), "enemy?": (False, True)}
#: quiet moves allowed, captures allowed, types that may not be taken, and whether a friend may be: an add with
#: no test of :data:`TESTS` lands on a friend and replaces it, which only the compiled block does
Test = tuple[bool, bool, frozenset[int], bool]
ANY: Test = (True, True, frozenset(), True)


class Idiom(NamedTuple):
    """A leap (``loop`` None: the steps ``pre``, then one square) or a slide (the steps ``pre``,
    then ``loop`` again and again while the squares are empty)."""

    pre: list[str]
    loop: list[str] | None
    quiet: bool  # moves to empty squares
    capture: bool  # moves onto an enemy (or neutral) piece
    keep: frozenset[int]  # types not taken (fairychess.zrf's (not-piece? Block))
    quiet_attr: Attr | None
    capture_attr: Attr | None
    promote: Promote | None = None  # a leap's (if (in-zone? zone) (add types...) else add)


How = tuple[bool, bool, frozenset[int], int, int, int, int, int]  # quiet, capture, keep, masks, mtype


class Table(NamedTuple):
    """A block as a table: per start square, the squares it looks at (a leap's one square, a
    slide's ray), and what it does there."""

    leap: bool
    squares: list[tuple[int, ...]]
    how: How
    promote: Promote | None
    legs: tuple[Leg, ...] | None = None  # a chain's: its squares are those its legs end on

    def promotions(self) -> frozenset[int]:
        """The types its moves may promote to."""
        promotes = [self.promote] if self.legs is None else [leg.promote for leg in self.legs]
        return frozenset(t for p in promotes if p is not None for t in p[2])


class Leg(NamedTuple):
    """One leg of a chain (Chess.zrf's pawn step, then its second step from the third rank): steps
    to a square that must pass a test of :data:`TESTS`, an add there (promoting in a zone), and a
    zone the previous leg's square must (or must not) be in for this one to be tried."""

    steps: list[str]
    quiet: bool
    capture: bool
    promote: Promote | None
    gate: tuple[list[bool], bool] | None


def _name(node: Node, env: Env) -> str | None:
    """The keyword a bare name stands for ("dir:n", "add", or None), as the compiler reads it."""
    if not isinstance(node, Sym):
        return None
    if node.name in env.links:
        return "dir:" + node.name
    if node.name in env.positions:
        return None
    return "add" if node.name == "add" else None


def _verify(node: Node, env: Env) -> Test | None:
    """``(verify test)`` of the tests in :data:`TESTS`, ``(not-piece? type)`` and ``and`` of them."""
    if isinstance(node, List) and node.head == "verify" and len(node.items) == 2:
        return _test(node.items[1], env)
    return None


def _test(node: Node, env: Env) -> Test | None:
    if isinstance(node, Sym) and node.name in TESTS:
        return (*TESTS[node.name], frozenset(), False)
    if not isinstance(node, List) or len(node.items) < 2:
        return None
    if node.head == "and":
        quiet, capture, keep, friend = ANY
        for part in node.items[1:]:
            got = _test(part, env)
            if got is None:
                return None
            quiet, capture, keep, friend = quiet and got[0], capture and got[1], keep | got[2], friend and got[3]
        return quiet, capture, keep, friend
    inner = node.items[1]
    if len(node.items) != 2:
        return None
    if node.head == "not-piece?":
        return _keep(inner, env)
    if node.head == "not" and isinstance(inner, List) and inner.head == "piece?" and len(inner.items) == 2:
        return _keep(inner.items[1], env)
    return None


def _keep(kind: Node, env: Env) -> Test | None:
    """``(not-piece? kind)``: true on an empty square and on any piece of another type."""
    if isinstance(kind, Sym) and kind.name in env.types:
        return True, True, frozenset((env.types[kind.name],)), True
    return None


def _attr(node: Node, env: Env) -> Attr | None:
    """``(set-attribute name true|false)``, as (mask, value)."""
    if not (isinstance(node, List) and node.head == "set-attribute" and len(node.items) == 3):
        return None
    name, value = node.items[1], node.items[2]
    if isinstance(name, Sym) and name.name in env.attrs and isinstance(value, Sym) and value.name in ("true", "false"):
        return env.attrs[name.name], value.name == "true"
    return None


def _promote(node: Node, env: Env) -> Promote | None:
    """``(if (in-zone? zone) (add types...) else add)``: Chess.zrf's Pawn-add."""
    if not (isinstance(node, List) and node.head == "if" and len(node.items) == 5):
        return None
    _, test, choice, other, plain = node.items
    if not (isinstance(other, Sym) and other.name == "else" and _name(plain, env) == "add"):
        return None
    zone = test.items[1] if isinstance(test, List) and test.head == "in-zone?" and len(test.items) == 2 else None
    types = _choice(choice, env)
    if not (isinstance(zone, Sym) and zone.name in env.zone_names and types):
        return None
    squares = env.zones.get(zone.name) or [False] * len(next(iter(env.links.values()), []))
    return zone.name, squares, types


def _choice(node: Node, env: Env) -> tuple[int, ...]:
    """``(add types...)``: the types (none if it is something else)."""
    if not (isinstance(node, List) and node.head == "add"):
        return ()
    types = tuple(env.types[t.name] for t in node.items[1:] if isinstance(t, Sym) and t.name in env.types)
    return types if len(types) == len(node.items) - 1 else ()


def _tail(stmts: list[Node], env: Env) -> tuple[Test | None, Attr | None, Promote | None] | None:
    """``[(verify test)] [(set-attribute a v)] add`` ending a block (or a promoting add without
    attribute): the test, the attribute, the promotion."""
    rest = list(stmts)
    if not rest:
        return None
    last = rest.pop()
    promote = _promote(last, env)
    if promote is None and _name(last, env) != "add":
        return None
    attr = _attr(rest[-1], env) if rest and promote is None else None
    if attr is not None:
        rest.pop()
    test = _verify(rest[-1], env) if rest else None
    if test is not None:
        rest.pop()
    return (test, attr, promote) if not rest else None


def idiom(env: Env, stmts: list[Node]) -> Idiom | None:
    """The leap or slide a block is, if it is one."""
    body = flatten(stmts)
    pre: list[str] = []
    first = body[0] if body else None
    while isinstance(first, Sym) and first.name in env.links:
        pre.append(first.name)
        body.pop(0)
        first = body[0] if body else None
    if not pre:
        return None
    if body and isinstance(first, List) and first.head == "while":
        loop = _loop(first, env)
        body.pop(0)
        if loop is None:
            return None
        if not body:
            return Idiom(pre, loop[0], True, False, frozenset(), loop[1], None)
        tail = _tail(body, env)
        if tail is None or tail[2] is not None:
            return None
        _, capture, keep, friend = tail[0] or ANY  # the square after the ray is not empty: only a capture is left
        if friend:
            return None
        return Idiom(pre, loop[0], True, capture, keep, loop[1], tail[1])
    tail = _tail(body, env)
    if tail is None:
        return None
    quiet, capture, keep, friend = tail[0] or ANY
    if friend:
        return None
    return Idiom(pre, None, quiet, capture, keep, tail[1], tail[1], tail[2])


def chain(env: Env, stmts: list[Node]) -> list[Leg] | None:
    """The legs of a block that adds again and again along a path, if it is one of two legs or more:
    ``n (verify empty?) (Pawn-add) (verify (in-zone? third-rank)) n (verify empty?) add``.
    A friend stops every test of :data:`TESTS`, so the walk ends at the first square that fails.

    >>> from generator.zrf.model import load_text
    >>> from generator.zrf.program import Program
    >>> prog = Program(load_text('''(game (title "Tiny") (players White Black) (turn-order White Black)
    ...   (board (grid (dimensions ("a" (1 0)) ("4/3/2/1" (0 1))) (directions (n 0 -1)))
    ...          (zone (name low) (players White Black) (positions a1 a2)))
    ...   (piece (name P) (moves (n (verify empty?) add (verify (in-zone? low)) n (verify empty?) add)))
    ...   (board-setup (White (P a1)) (Black (P a4))))''').game())
    >>> env = prog.envs[0]
    >>> legs = chain(env, prog.game.pieces["P"].moves[0].stmts)
    >>> [(leg.steps, leg.quiet, leg.capture, leg.gate is None) for leg in legs]
    [(['n'], True, False, True), (['n'], True, False, False)]
    >>> squares = chain_table(env, legs, -1, prog.npos).squares  # from a1 a second step: a2 is low
    >>> {prog.names[s]: [prog.names[q] for q in ends] for s, ends in enumerate(squares)}
    {'a4': [], 'a3': ['a4'], 'a2': ['a3'], 'a1': ['a2', 'a3']}
    """
    body = flatten(stmts)
    legs: list[Leg] = []
    gate: tuple[list[bool], bool] | None = None
    while body:
        steps: list[str] = []
        while body and isinstance(first := body[0], Sym) and first.name in env.links:
            steps.append(first.name)
            body.pop(0)
        test = _verify(body.pop(0), env) if steps and len(body) >= 2 else None
        if test is None or test[2] or test[3]:
            return None
        last = body.pop(0)
        promote = _promote(last, env)
        if promote is None and _name(last, env) != "add":
            return None
        legs.append(Leg(steps, test[0], test[1], promote, gate))
        gate = None
        if body and not (isinstance(body[0], Sym) and body[0].name in env.links):
            gate = _gate(body.pop(0), env)
            if gate is None:
                return None
    return legs if len(legs) > 1 else None


def _gate(node: Node, env: Env) -> tuple[list[bool], bool] | None:
    """``(verify (in-zone? zone))`` or its negation: the zone's squares and whether the cursor must be in it."""
    test = node.items[1] if isinstance(node, List) and node.head == "verify" and len(node.items) == 2 else None
    wanted = True
    if isinstance(test, List) and test.head == "not" and len(test.items) == 2:
        test, wanted = test.items[1], False
    if not (isinstance(test, List) and test.head in ("in-zone?", "not-in-zone?") and len(test.items) == 2):
        return None
    zone = test.items[1]
    if not (isinstance(zone, Sym) and zone.name in env.zone_names):
        return None
    squares = env.zones.get(zone.name) or [False] * len(next(iter(env.links.values()), []))
    return squares, wanted == (test.head == "in-zone?")


def _loop(node: List, env: Env) -> tuple[list[str], Attr | None] | None:
    """``(while empty? [(set-attribute a v)] add d...)``: the directions of a step and the attribute."""
    items = node.items[1:]
    if not items or not (isinstance(items[0], Sym) and items[0].name == "empty?"):
        return None
    body = flatten(items[1:])
    attr = _attr(body[0], env) if body else None
    if attr is not None:
        body.pop(0)
    if not body or _name(body.pop(0), env) != "add" or not body:
        return None
    step = [x.name for x in body if isinstance(x, Sym) and x.name in env.links]
    return (step, attr) if len(step) == len(body) else None


def guard(env: Env, stmts: list[Node]) -> tuple[str, list[list[int]]] | None:
    """What a block that tests the last move before it does anything needs: ``("last-to"|"last-from",
    steps)`` when its leading steps reach a square that must be the last move's destination (origin).
    Chess.zrf's en passant, ``$1 (verify enemy?) (verify last-to?) ...``, can fire only for a pawn
    beside the piece that has just moved: the block need not run for the others.

    >>> from generator.zrf.model import load_text
    >>> from generator.zrf.program import Program
    >>> prog = Program(load_text('''(game (title "Tiny") (players White Black) (turn-order White Black)
    ...   (board (grid (dimensions ("a/b" (1 0)) ("2/1" (0 1))) (directions (n 0 -1) (e 1 0))))
    ...   (piece (name P) (moves (e (verify (and enemy? last-to?)) n add)))
    ...   (board-setup (White (P a1)) (Black (P b2))))''').game())
    >>> kind, steps = guard(prog.envs[0], prog.game.pieces["P"].moves[0].stmts)
    >>> kind, steps == [prog.envs[0].links["e"]]
    ('last-to', True)
    """
    steps: list[list[int]] = []
    for s in flatten(stmts):
        if isinstance(s, Sym) and s.name in env.links:
            steps.append(env.links[s.name])
            continue
        if not (isinstance(s, List) and s.head == "verify" and len(s.items) == 2):
            return None
        test = s.items[1]
        tests = test.items[1:] if isinstance(test, List) and test.head == "and" else [test]
        for t in tests:
            if isinstance(t, Sym) and t.name in ("last-to?", "last-from?"):
                return t.name[:-1], steps
    return None


def plain_promotions(stmts: Iterable[Node], types: dict[str, int]) -> frozenset[int] | None:
    """The types a block may promote to, if every move it makes is plain: the piece on the start
    square goes (as it is, or promoted) to an empty square or onto a piece of another side, and
    nothing else changes; None if a statement may do more (a capture, a cascade, a copy...).

    >>> from generator.zrf.reader import parse
    >>> pawn = parse("(n (verify empty?) (if (in-zone? z) (add Q N) else add))")[0].items
    >>> sorted(plain_promotions(pawn, {"Q": 3, "N": 1})), plain_promotions([*pawn, *parse("capture")], {})
    ([1, 3], None)
    """
    made: set[int] = set()
    for node in stmts:
        if isinstance(node, Sym):
            if node.name in MOVE_CHANGES or (node.name in ADD_FLAGS and node.name != "add"):
                return None
        elif isinstance(node, List):
            if node.head in ADD_FLAGS and node.head != "add":
                return None
            if node.head == "add":
                made.update(types[x.name] for x in node.items[1:] if isinstance(x, Sym) and x.name in types)
            inner = plain_promotions(node.items[1:] if node.head == "add" else node.items, types)
            if inner is None:
                return None
            made |= inner
    return frozenset(made)


def _masks(attr: Attr | None) -> tuple[int, int]:
    """The code a piece lands as, ``pc & and_mask | or_mask``."""
    if attr is None:
        return -1, 0
    mask, value = attr
    return (-1, mask) if value else (~mask, 0)


def _squares(env: Env, it: Idiom, start: int) -> tuple[int, ...] | None:
    """The squares the block looks at from ``start`` (empty: none); None when the table cannot
    stand for the block (a loop, the start square again, a ray longer than a while runs)."""
    p = start
    for d in it.pre:
        p = env.links[d][p]
        if p < 0:
            return ()
    if p == start:
        return None
    if it.loop is None:
        return (p,)
    ray = [p]
    seen = {start, p}
    step = [env.links[d] for d in it.loop]
    while True:
        for link in step:  # a step off the board on the way ends the block, as at its end
            p = link[p]
            if p < 0:
                return tuple(ray)
        if p in seen or len(ray) >= LOOP_LIMIT:
            return None
        seen.add(p)
        ray.append(p)


def table(env: Env, it: Idiom, mtype: int, npos: int) -> Table | None:
    """The block as a table; None if a square cannot be told."""
    squares = []
    for s in range(npos):
        sq = _squares(env, it, s)
        if sq is None:
            return None
        squares.append(sq)
    how = (it.quiet, it.capture, it.keep, *_masks(it.quiet_attr), *_masks(it.capture_attr), mtype)
    return Table(it.loop is None, squares, how, it.promote)


def chain_table(env: Env, legs: list[Leg], mtype: int, npos: int) -> Table:
    """A chain as a table: per start square, the squares its legs end on, as far as the board and the
    zones let it go."""
    squares = []
    for s in range(npos):
        ends: list[int] = []
        p = s
        for leg in legs:
            if leg.gate is not None and leg.gate[0][p] != leg.gate[1]:
                break
            for d in leg.steps:
                p = env.links[d][p]
                if p < 0:
                    break
            if p < 0:
                break
            ends.append(p)
        squares.append(tuple(ends))
    return Table(False, squares, (False, False, frozenset(), -1, 0, -1, 0, mtype), None, tuple(legs))


def as_table(env: Env, stmts: list[Node], mtype: int, npos: int) -> Table | None:
    """The block as a table, if it is a leap, a slide or a chain whose squares can be told."""
    it = idiom(env, stmts)
    if it is not None:
        return table(env, it, mtype, npos)
    legs = chain(env, stmts)
    return None if legs is None else chain_table(env, legs, mtype, npos)


Group = tuple[Table, list[tuple[int, ...]], list[tuple[tuple[int, ...], ...]]]


def groups(tables: Sequence[Table]) -> list[Group]:
    """Consecutive tables that do the same, merged: per start square, a leap group's squares (the
    rays empty), a slide group's rays (the squares empty); a chain stays alone (its legs' squares)."""
    out: list[Group] = []
    k = 0
    while k < len(tables):
        first = tables[k]
        group = [first]
        k += 1
        if first.legs is not None:
            out.append((first, first.squares, []))
            continue
        same = (first.leap, first.how, first.promote)
        while k < len(tables) and tables[k].legs is None and (tables[k].leap, tables[k].how, tables[k].promote) == same:
            group.append(tables[k])
            k += 1
        npos = len(first.squares)
        if first.leap:
            out.append((first, [tuple(d for t in group for d in t.squares[s]) for s in range(npos)], []))
        else:
            out.append((first, [], [tuple(t.squares[s] for t in group if t.squares[s]) for s in range(npos)]))
    return out


def table_moves(tables: Sequence[Table], recycle_captures: bool, emit: Emit) -> MoveFn:
    """The move function of consecutive table blocks: their moves from ``start``, block by block
    (consecutive leaps that do the same share one list of squares, slides one list of rays)."""
    fns: list[MoveFn] = []
    for first, dests, rays in groups(tables):
        if first.legs is not None:
            fns.append(_chain_moves(first, recycle_captures, emit))
        elif not first.leap:
            fns.append(_slides(rays, first.how, recycle_captures))
        elif first.promote is None:
            fns.append(_leaps(dests, first.how, recycle_captures))
        else:
            fns.append(_promoting(dests, first, recycle_captures, emit))
    if len(fns) == 1:
        return fns[0]

    def moves(S: object, B: list[int], start: int, out: list[ZMove]) -> None:
        for fn in fns:
            fn(S, B, start, out)

    return moves


def _leaps(dests: list[tuple[int, ...]], how: How, rc: bool) -> MoveFn:
    quiet, capture, keep, qa, qo, ca, co, mt = how

    def moves(S: object, B: list[int], start: int, out: list[ZMove]) -> None:
        pc = B[start]
        own = pc & 15
        for d in dests[start]:
            old = B[d]
            if old < 0:
                if quiet:
                    code = pc & qa | qo
                    ch = ((start, EMPTY), (d, code)) if start < d else ((d, code), (start, EMPTY))
                    out.append(ZMove(ch, start, d, pc, code, -1, NOTHING, NOTHING, mt))
            elif capture and old & 15 != own and old >> 4 & 0xFFF not in keep:
                code = pc & ca | co
                ch = ((start, EMPTY), (d, code)) if start < d else ((d, code), (start, EMPTY))
                st = ((old & 15, old >> 4 & 0xFFF, 1),) if rc else NOTHING
                out.append(ZMove(ch, start, d, pc, code, -1, (old,), st, mt))

    return moves


def _slides(rays: list[tuple[tuple[int, ...], ...]], how: How, rc: bool) -> MoveFn:
    quiet, capture, keep, qa, qo, ca, co, mt = how

    def moves(S: object, B: list[int], start: int, out: list[ZMove]) -> None:
        pc = B[start]
        own = pc & 15
        code = pc & qa | qo
        for ray in rays[start]:
            for d in ray:
                old = B[d]
                if old < 0:
                    ch = ((start, EMPTY), (d, code)) if start < d else ((d, code), (start, EMPTY))
                    out.append(ZMove(ch, start, d, pc, code, -1, NOTHING, NOTHING, mt))
                    continue
                if capture and old & 15 != own and old >> 4 & 0xFFF not in keep:
                    cc = pc & ca | co
                    ch = ((start, EMPTY), (d, cc)) if start < d else ((d, cc), (start, EMPTY))
                    st = ((old & 15, old >> 4 & 0xFFF, 1),) if rc else NOTHING
                    out.append(ZMove(ch, start, d, pc, cc, -1, (old,), st, mt))
                break

    assert quiet  # a slide moves to the empty squares of its ray
    return moves


def _promoting(dests: list[tuple[int, ...]], table: Table, rc: bool, emit: Emit) -> MoveFn:
    """Leaps that promote in a zone: there ``E`` makes a move per type, elsewhere the plain leap."""
    quiet, capture, keep, *_, mt = table.how
    assert table.promote is not None
    _, zone, promos = table.promote

    def moves(S: object, B: list[int], start: int, out: list[ZMove]) -> None:
        pc = B[start]
        for d in dests[start]:
            old = B[d]
            if not (quiet if old < 0 else capture and old & 15 != pc & 15 and old >> 4 & 0xFFF not in keep):
                continue
            if zone[d]:
                emit(S, B, out, start, pc, d, NOTHING, NOTHING, NOTHING, NOTHING, promos, mt, 0)
            else:
                ch = ((start, EMPTY), (d, pc)) if start < d else ((d, pc), (start, EMPTY))
                st = ((old & 15, old >> 4 & 0xFFF, 1),) if rc and old >= 0 else NOTHING
                out.append(ZMove(ch, start, d, pc, pc, -1, (old,) if old >= 0 else NOTHING, st, mt))

    return moves


def _chain_moves(table: Table, rc: bool, emit: Emit) -> MoveFn:
    """A chain's moves: leg by leg, each square's test passed, until one fails."""
    assert table.legs is not None
    dests = table.squares
    legs = [(leg.quiet, leg.capture, leg.promote) for leg in table.legs]
    mt = table.how[-1]

    def moves(S: object, B: list[int], start: int, out: list[ZMove]) -> None:
        pc = B[start]
        for d, (quiet, capture, promote) in zip(dests[start], legs, strict=False):
            old = B[d]
            if old < 0:
                if not quiet:
                    return
            elif not capture or old & 15 == pc & 15:
                return
            if promote is not None and promote[1][d]:
                emit(S, B, out, start, pc, d, NOTHING, NOTHING, NOTHING, NOTHING, promote[2], mt, 0)
                continue
            ch = ((start, EMPTY), (d, pc)) if start < d else ((d, pc), (start, EMPTY))
            st = ((old & 15, old >> 4 & 0xFFF, 1),) if rc and old >= 0 else NOTHING
            out.append(ZMove(ch, start, d, pc, pc, -1, (old,) if old >= 0 else NOTHING, st, mt))

    return moves
