"""A position of a ZRF game (:class:`State`): the turn, pseudo-legal and legal moves, ``push``/``pop``,
the tests the generated code asks (``attacked?``, ``defended?``...), the check test and the outcome.

>>> from generator.zrf.model import load_text
>>> from generator.zrf.program import Program
>>> st = State(Program(load_text('''(game (title "Tiny") (players White Black) (turn-order White Black)
...   (board (grid (dimensions ("a/b" (1 0)) ("2/1" (0 1))) (directions (n 0 -1) (e 1 0))))
...   (piece (name King) (moves (n add) (e add)))
...   (board-setup (White (King a1)) (Black (King b2)))
...   (loss-condition (White Black) (checkmated King)))''').game()))
>>> st.player, [(m.frm, m.to) for m in st.legal_moves()]
('White', [(1, 0), (1, 3)])
"""

from __future__ import annotations

from generator.zrf.compiler import KEY_MASK
from generator.zrf.goals import Goal, Outcome, reason
from generator.zrf.moves import PASS, ZMove
from generator.zrf.program import AttackFn, CodeTest, DropFn, Program, Turn

MAX_NESTING = 2  # attacked? inside attacked? inside ...: how deep the tests go
MEMO_SIZE = 100_000  # attacked? answers kept (board, square, side...), forgotten all at once beyond

# what push keeps to undo a move: the move, the squares it changed, and the state before it
Undo = tuple[ZMove, list[tuple[int, int]], int, int, int, tuple[int, int] | None, tuple[int, ...], list[int] | None]
Threats = list[tuple[int, list[tuple[int, int, tuple[AttackFn, ...]]]]]  # royal square: (from, key, attacks)


def _may_repeat(moves: list[ZMove], spans: list[tuple[int, int]], counted: set[int]) -> bool:
    """Whether a move of ``spans`` might be one of those counted from ``counted``: only a move that is
    not plain (the others' are made outside the spans) and changes two squares, emptying one of those."""
    return any(
        len(m.changes) == 2 and any(c < 0 and p in counted for p, c in m.changes)
        for k0, k1 in spans
        for m in moves[k0:k1]
    )


class Tally:
    """Moves counted, not made: how many, and the squares of the pieces that make them."""

    __slots__ = ("clash", "n", "squares")

    def __init__(self) -> None:
        self.n = 0
        self.squares: set[int] = set()
        self.clash = False  # a move made may be one of those counted


class State:
    """A position of a ZRF game, with ``push``/``pop``; ``legal_moves`` and ``outcome`` as Zillions plays.

    The board changes by ``push`` and ``pop`` only (a test that puts a piece down for a moment puts
    back what was there): the legal moves and the royal pieces' squares are kept between them."""

    def __init__(self, prog: Program) -> None:
        self.prog = prog
        board, stores = prog.setup
        self.board: list[int] = board[:]
        self.stores: list[list[int]] = [s[:] for s in stores]
        self.ply = 0
        self.last_from = -1
        self.last_to = -1
        self.captured: tuple[int, ...] = ()
        self.partial: tuple[int, int] | None = None  # (square, move type) while a partial move goes on
        self.stack: list[Undo] = []
        self.history: list[tuple[object, ...]] | None = None
        self._moves_cache: tuple[int, list[ZMove]] | None = None
        self._royals: list[int] | None = None  # the squares of the royal pieces, once looked for
        self._nesting = 0
        self._attacked_memo: dict[tuple[object, ...], bool] = {}

    # -- turn ---------------------------------------------------------------------------------------------------

    @property
    def turn(self) -> Turn:
        """The turn-order entry of the side to move."""
        return self.turn_after(self.ply)

    def turn_after(self, ply: int) -> Turn:
        """The turn-order entry of ply ``ply`` (the order repeats from ``repeat_from``)."""
        turns = self.prog.turns
        if ply >= len(turns):
            r = self.prog.repeat_from
            ply = r + (ply - r) % (len(turns) - r)
        return turns[ply]

    @property
    def player(self) -> str:
        """The name of the player to move."""
        return self.prog.players[self.turn.player]

    def copy(self) -> State:
        """An independent copy (board, stores, move stack and history)."""
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        s.board = self.board[:]
        s.stores = [x[:] for x in self.stores]
        s.stack = self.stack[:]
        s.history = None if self.history is None else self.history[:]
        s._moves_cache = None
        s._royals = None
        s._attacked_memo = {}
        return s

    # -- tests used by the generated code ---------------------------------------------------------------------

    def attacked_by(self, q: int, s: int, mtype: int = -1) -> bool:
        """Whether side ``q`` has a move (of type ``mtype`` if >= 0) that captures on ``s`` (the board as it stands)."""
        B = self.board
        for frm, keys in self.prog.candidates(q, mtype)[s]:
            c = B[frm]
            if c >= 0 and (fns := keys.get(c & KEY_MASK)) is not None:
                for fn in fns:
                    if fn(self, B, frm, s):
                        return True
        return False

    def attacked(self, B: list[int], p: int, me: int, pc: int, mtype: int = -1) -> bool:
        """``attacked?``: could an enemy capture a piece of ours on ``p`` (the moving piece put there)?

        Inside such a test (an enemy move that itself asks ``attacked?``, as the Emperor of
        fairychess.zrf does) one more level is looked at; deeper, the answer is no."""
        if self._nesting >= MAX_NESTING:
            return False
        # the answer depends on the board and the last move only; files that ask it from every
        # move block (Chess_mandatory.zrf asks whether its king is attacked) ask it again and again
        memo = self._attacked_memo
        key = (p, me, pc, mtype, self._nesting, self.last_from, self.last_to, *B)
        got = memo.get(key)
        if got is not None:
            return got
        old = B[p]
        if old < 0 or old & 15 != me:
            B[p] = pc if pc >= 0 and pc & 15 == me else me
        self._nesting += 1
        try:
            got = any(self.attacked_by(q, p, mtype) for q in self.prog.enemies[me])
        finally:
            self._nesting -= 1
            B[p] = old
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[key] = got
        return got

    def defended(self, B: list[int], p: int, me: int, mtype: int = -1) -> bool:
        """``defended?``: could one of our pieces capture an enemy piece on ``p``?"""
        enemy = next(iter(self.prog.enemies[me]), None)
        if enemy is None or self._nesting >= MAX_NESTING:
            return False
        old = B[p]
        if old < 0 or old & 15 == me:
            B[p] = enemy
        self._nesting += 1
        try:
            return self.attacked_by(me, p, mtype)
        finally:
            self._nesting -= 1
            B[p] = old

    def adjacent_enemy(self, B: list[int], p: int, me: int) -> bool:
        """``adjacent-to-enemy?``: an enemy piece one step from ``p`` in some direction."""
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
        enemies = self.prog.enemies[pl]
        return any(
            B[p] >= 0 and B[p] & KEY_MASK in keys and any(self.attacked_by(q, p) for q in enemies)
            for p in self.prog.live
        )

    def count_pieces(self, pl: int | None, types: frozenset[int] | None) -> int:
        """The pieces of ``pl`` (None: anyone's) of ``types`` (None: any), in hand too with include off-pieces."""
        n = sum(
            1
            for c in self.board
            if c >= 0 and (pl is None or c & 15 == pl) and (types is None or c >> 4 & 0xFFF in types)
        )
        if self.prog.include_off:
            for owner, counts in enumerate(self.stores):
                if pl is None or owner == pl:
                    n += sum(k for t, k in enumerate(counts) if types is None or t in types)
        return n

    # -- moves ---------------------------------------------------------------------------------------------------

    def pseudo_moves(self) -> list[ZMove]:
        """Every move the blocks produce for the side to move, before priorities and the check test."""
        out: list[ZMove] = []
        self._generate(out, None)
        return out

    def _generate(self, out: list[ZMove], trust: CodeTest | None, tally: Tally | None = None) -> list[tuple[int, int]]:
        """Append the side's moves to ``out``.  With ``trust`` (the check test's codes that may expose a
        royal piece), the moves of a piece whose code is not one of them and whose moves are plain need
        no check test: the spans of ``out`` that do are returned; with ``tally`` too, those of such a
        piece that the tables can count are counted there instead of made."""
        prog = self.prog
        turn = self.turn
        g = turn.gen
        B = self.board
        spans: list[tuple[int, int]] = []
        if g not in prog.possible:
            return spans
        if self.partial is not None:
            self._partial_moves(g, out)
            return [(0, len(out))]
        side = prog.moves_of(g, turn.mtype)
        hot = side.hot(self.last_from, self.last_to)
        hot_plan, cold_plan = side.plan(True, trust, tally is not None), side.plan(False, trust, tally is not None)
        for p in [p for p in prog.live if B[p] & 15 == g]:  # the side's pieces (a comprehension tests faster)
            c = B[p]
            step = (hot_plan if p in hot else cold_plan)[c]
            if step is None:
                prog.activate(g, c >> 4 & 0xFFF)
                step = prog.moves_of(g, turn.mtype).plan(True, trust, False)[c]
                assert step is not None
            fns, counter, check = step
            if counter is not None and tally is not None:
                tally.n += counter(B, p)
                tally.squares.add(p)
                continue
            k = len(out)
            for fn in fns:
                fn(self, B, p, out)
            if check and len(out) > k:
                spans.append((k, len(out)))
        if side.drops:
            k = len(out)
            self._drops(side.drops, out)
            if len(out) > k:
                spans.append((k, len(out)))
        return spans if trust is not None else [(0, len(out))]

    def _drops(self, drops: list[tuple[int, list[DropFn]]], out: list[ZMove]) -> None:
        """Append the side's drops: ``(type, functions)`` pairs of the types it has in store."""
        g = self.turn.gen
        stores = self.stores[g]
        for t, dfns in drops:
            if stores[t] > 0:
                pc = self.prog.code(t, g)
                for p in self.prog.drop_positions:
                    for dfn in dfns:
                        dfn(self, self.board, p, out, pc)

    def _partial_moves(self, g: int, out: list[ZMove]) -> None:
        """The continuations of a partial move: the blocks of the piece that moved, from where it stands."""
        assert self.partial is not None
        sq, mt = self.partial
        c = self.board[sq]
        if c >= 0 and c & 15 == g:
            for fn, bmt, _ in self.prog.blocks(g, c >> 4 & 0xFFF):
                if mt < 0 or bmt == mt:
                    fn(self, self.board, sq, out)

    def legal_moves(self) -> list[ZMove]:
        """The moves of the side to move: priorities, the check test, duplicates counted once, a pass."""
        cache = self._moves_cache
        if cache is not None and cache[0] == len(self.stack):
            return cache[1]
        moves = self._distinct(self.unmerged_moves())
        if self._may_pass(not moves):
            moves.append(PASS)
        self._moves_cache = (len(self.stack), moves)
        return moves

    def unmerged_moves(self) -> list[ZMove]:
        """The legal moves without a pass, before duplicates (moves with the same effect) are counted once."""
        return self._without_check() if self.prog.royal_keys else self._prioritized(self.pseudo_moves())

    def count_moves(self) -> int:
        """``len(self.legal_moves())``, for perft's last ply: the moves that need no check test and
        that tables can count (a rook's, a knight's...) are counted, not made.

        Counted moves are plain moves of pieces on ``tally.squares``, no two alike: a move made
        beside them could repeat one only if it is not plain, empties one of those squares and
        changes one other square, and then every move is made to be sure."""
        cache = self._moves_cache
        if cache is not None and cache[0] == len(self.stack):
            return len(cache[1])
        if not self.prog.royal_keys:
            return len(self.legal_moves())
        tally = Tally()
        moves = self._distinct(self._without_check(tally))
        if tally.clash:
            return len(self.legal_moves())
        n = tally.n + len(moves)
        return n + 1 if self._may_pass(n == 0) else n

    @staticmethod
    def _distinct(moves: list[ZMove]) -> list[ZMove]:
        """The moves, those with the same effect counted once (the first kept)."""
        if len(moves) > 1 and len({m.changes for m in moves}) < len(moves):
            # moves that change different squares differ: only equal changes need the whole key
            seen: dict[tuple[object, ...], ZMove] = {}
            for m in moves:
                seen.setdefault(m.key(), m)
            if len(seen) < len(moves):
                return list(seen.values())
        return moves

    def _prioritized(self, moves: list[ZMove]) -> list[ZMove]:
        """``move-priorities``: the moves of the first type that has any."""
        rank = self.prog.priority
        if rank is None or not moves:
            return moves
        best = min(rank[m.mtype] for m in moves)
        return [m for m in moves if rank[m.mtype] == best]

    def _may_pass(self, no_move: bool) -> bool:
        prog = self.prog
        if self.partial is not None:
            return prog.pass_partial or no_move
        return prog.pass_turn == "true" or (prog.pass_turn == "forced" and no_move)

    # -- the check test ------------------------------------------------------------------------------------------

    def _without_check(self, tally: Tally | None = None) -> list[ZMove]:
        """The moves (priorities applied) after which the next side to move cannot capture a royal
        piece of another side (some counted in ``tally`` instead, if given)."""
        q = self.turn_after(self.ply + 1).gen
        now, threats = self._royal_threats(q)
        saved = self.last_from, self.last_to
        try:
            if any(here for _, here in threats):
                return self._threatened(q, now, threats)
            return self._unthreatened(q, now, tally)
        finally:
            self.last_from, self.last_to = saved

    def _threatened(self, q: int, now: list[int], threats: Threats) -> list[ZMove]:
        """The legal moves while pieces of ``q`` may reach royal squares (``threats``)."""
        now_set = set(now)
        risky = self.prog.risky[q]
        out = []
        for m in self._prioritized(self.pseudo_moves()):
            general = any(p in now_set or risky[c] for p, c in m.changes)
            if self._safe_after(m, q, now, None if general else threats):
                out.append(m)
        return out

    def _unthreatened(self, q: int, now: list[int], tally: Tally | None) -> list[ZMove]:
        """The legal moves while nothing of ``q`` can reach a royal piece: only a move that changes
        that (moves or puts down a royal piece, or puts down a piece of ``q``) is looked at."""
        now_set = set(now)
        risky = self.prog.risky[q]
        moves: list[ZMove] = []
        if self.prog.priority is None and all(self.board[r] & 15 == self.turn.gen for r in now):
            # nor do the plain moves of a piece that is neither royal nor q's need a look
            spans = self._generate(moves, risky, tally)
            if tally is not None and tally.squares:
                tally.clash = _may_repeat(moves, spans, tally.squares)
        else:
            moves = self._prioritized(self.pseudo_moves())
            spans = [(0, len(moves))]
        out: list[ZMove] = []
        done = 0
        for k0, k1 in spans:
            out.extend(moves[done:k0])
            for m in moves[k0:k1]:
                for p, c in m.changes:
                    if p in now_set or risky[c]:
                        if self._safe_after(m, q, now, None):
                            out.append(m)
                        break
                else:
                    out.append(m)
            done = k1
        out.extend(moves[done:])
        return out

    def _royal_threats(self, q: int) -> tuple[list[int], Threats]:
        """The royal squares of the sides other than ``q``, and for each the pieces of ``q`` that might
        capture there: a move that neither moves a royal piece nor puts down a piece of ``q`` can only
        be refuted by one of those."""
        prog = self.prog
        B = self.board
        cands = prog.candidates(q)
        exposed = prog.exposed[q]
        royals = self._royals
        if royals is None:
            royal = prog.royal
            royals = self._royals = [p for p in prog.live if royal[B[p]]]
        now = [p for p in royals if exposed[B[p]]]
        threats: Threats = []
        for r in now:
            here = []
            for frm, keys in cands[r]:
                c = B[frm]
                if c >= 0:
                    fns = keys.get(c & KEY_MASK)
                    if fns is not None:
                        here.append((frm, c & KEY_MASK, fns))
            threats.append((r, here))
        return now, threats

    def _safe_after(self, m: ZMove, q: int, now: list[int], threats: Threats | None) -> bool:
        """Whether no royal piece can be captured by ``q`` once ``m`` is made: only ``threats`` are looked at
        when given, else every royal piece on ``now`` or put down by the move."""
        B = self.board
        ch = m.changes
        olds = [B[p] for p, _ in ch]
        for p, c in ch:
            B[p] = c
        self.last_from, self.last_to = m.frm, m.to
        try:
            if threats is not None:
                return not self._threat_lands(B, threats)
            royal = self.prog.royal_keys
            targets = set(now)
            targets.update(p for p, c in ch if c >= 0 and c & KEY_MASK in royal)
            return not any(
                B[r] >= 0 and B[r] & KEY_MASK in royal and B[r] & 15 != q and self.attacked_by(q, r) for r in targets
            )
        finally:  # also when a block fails (an endless loop): the position stays as it was
            for (p, _), c in zip(ch, olds, strict=True):
                B[p] = c

    def _threat_lands(self, B: list[int], threats: Threats) -> bool:
        """Whether one of the threatening pieces (still on its square) captures its royal square."""
        for r, here in threats:
            for frm, key, fns in here:
                if B[frm] & KEY_MASK == key and any(fn(self, B, frm, r) for fn in fns):
                    return True
        return False

    # -- making and taking back moves ---------------------------------------------------------------------------

    def push(self, m: ZMove) -> None:
        """Make move ``m`` (a partial move keeps the turn while the piece can go on)."""
        B = self.board
        undo = [(p, B[p]) for p, _ in m.changes]
        for p, c in m.changes:
            B[p] = c
        for pl, t, d in m.stores:
            self.stores[pl][t] += d
        self.stack.append((m, undo, self.last_from, self.last_to, self.ply, self.partial, self.captured, self._royals))
        royals = self._royals
        if royals is not None:
            royal = self.prog.royal
            for p, c in m.changes:
                if royal[c] or p in royals:  # a royal piece moves, or is taken or put down
                    self._royals = None
                    break
        self.captured = m.captured
        self.last_from, self.last_to = m.frm, m.to
        if m.partial is not None and m.to >= 0:
            self.partial = (m.to, self.prog.mtypes.get(m.partial, -1))
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
        """Take back the last move; it is returned."""
        m, undo, self.last_from, self.last_to, self.ply, self.partial, self.captured, self._royals = self.stack.pop()
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

    def key(self) -> tuple[object, ...]:
        """The position as a hashable key: board, place in the turn order, stores, partial move."""
        turns = self.prog.turns
        i = self.ply
        if i >= len(turns):
            r = self.prog.repeat_from
            i = r + (i - r) % (len(turns) - r)
        return tuple(self.board), i, tuple(map(tuple, self.stores)), self.partial

    def repetitions(self) -> int:
        """How many times the current position has been seen (with :meth:`track_history`)."""
        if not self.history:
            return 1
        return self.history.count(self.history[-1])

    def outcome(self, cheap_only: bool = False) -> Outcome | None:
        """The result if the game is over (goals in file order; no move and no goal: a draw)."""
        prog = self.prog
        for goal in prog.cheap_goals if cheap_only else prog.goals:
            for pl in goal.players:
                if goal.test(self, pl):
                    return self._ended(goal, pl)
        if not cheap_only and not self.legal_moves():
            return Outcome(None, None, "stalemate (no goal applies: a draw)", tuple(prog.players))
        return None

    def _ended(self, goal: Goal, pl: int) -> Outcome:
        """The outcome when ``goal`` holds for player ``pl``."""
        prog = self.prog
        names = tuple(prog.players)
        why = reason(goal.node)
        who = names[pl]
        if goal.kind == "win-condition":
            return Outcome(who, None, why, names)
        if goal.kind == "loss-condition":
            others = [n for n in names if n != who and prog.pindex[n] in prog.gens]
            return Outcome(others[0] if len(others) == 1 else None, who, why, names)
        if goal.kind == "draw-condition":
            return Outcome(None, None, why, names)
        counts = {q: self.count_pieces(prog.pindex[q], None) for q in names if prog.pindex[q] in prog.gens}
        best = max(counts.values())
        top = [q for q, n in counts.items() if n == best]
        return Outcome(top[0] if len(top) == 1 else None, None, f"count after {why}", names)
