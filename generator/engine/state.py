"""The state of a game: pieces, side to move, rights, pockets; make and unmake; attacks.

:class:`State` knows no notation and generates no moves, so that FEN
(:mod:`generator.engine.fen`) and move generation (:mod:`generator.engine.movegen`)
can both work on it; :class:`~generator.engine.position.Position` brings the three together.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> from generator.engine.rules import Rules
>>> chess = Rules.of(load_catalogue(DEFAULT_CATALOGUE).get("chess"))
>>> state = State(chess)
>>> e1, king = chess.geo.square(4, 0), chess.code_of("K")
>>> state.put(e1, king)
>>> state.occupied == 1 << e1, state.in_check(0)
(True, False)
"""

from __future__ import annotations

from generator.catalogue.model import Color, Result
from generator.catalogue.rule_kinds import PETRIFY_BLAST
from generator.engine import moves as mv
from generator.engine.chasing import Chase, ChaseTables, blockers, chased
from generator.engine.counting import advance_count
from generator.engine.facing import passed_end
from generator.engine.geometry import Bitboard, bits
from generator.engine.moves import Move
from generator.engine.origins import EMPTY as EMPTY
from generator.engine.origins import carry_origin, origins_of, to_hand
from generator.engine.outcome import Outcome, Reason
from generator.engine.rules import HOP, LEAP, SHUN_HOP, SLIDE, Castle, Rules
from generator.engine.set_up import castling_by_drop
from generator.engine.tables import lame_check, shunning_attack

Swaps = tuple[tuple[int, ...], tuple[int, ...]]
#: White's and Black's checks left to give (three-check)
Checks = tuple[int, int]
#: what ``push`` keeps for ``pop``: the move, unmoved, ep, ep victim, halfmove clock, swaps left, moved, captured,
#: where promoted pieces are tracked, what the moved and the captured piece were promoted from, and the checks left.
#: A plain tuple, read only by ``pop`` (and the move by :meth:`State.played`): as a NamedTuple, chess perft 4 ran
#: 7% slower (1.73 against 1.86 million nodes a second, best CPU time of 3x7 runs, 2026-11-27)
Undo = tuple[Move, Bitboard, Bitboard, int, int, Swaps, int, int, tuple[int, int] | None, Checks]
#: what makes two positions the same for repetition
Key = tuple[tuple[Bitboard, ...], Bitboard, int, Bitboard, Bitboard, tuple[int, ...], Swaps, Bitboard, Checks, Bitboard]


class State:
    """Mutable game state with an undo stack (``push``/``pop``).

    ``unmoved`` is a bitboard of the pieces that have never moved; castling
    rights, initial moves and the bishop swap all read it.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = rules.geo.size
        self.board: list[int] = [EMPTY] * n
        self.by_color: list[Bitboard] = [0, 0]
        self.by_type: list[Bitboard] = [0] * rules.ntypes
        self.turn = 0
        self.unmoved: Bitboard = 0
        self.ep: Bitboard = 0  # squares a pawn may capture en passant on
        self.ep_victim = -1  # the pawn such a capture removes
        self.halfmove = 0
        self.fullmove = 1
        self.pockets: list[list[int]] = [[0] * rules.ntypes, [0] * rules.ntypes]
        #: per square, the type the piece there was promoted from (EMPTY: none, or not tracked)
        self.unpromoted: list[int] = [EMPTY] * n
        #: per colour, per swap rule of the variant: how many swaps are left
        self.swaps_left: Swaps = ((), ())
        #: per colour, the checks it has still to give to win, where the variant counts them
        count = rules.check_count or 0
        self.checks_left: Checks = (count, count)
        self.stack: list[Undo] = []
        #: a counting rule's limit and count, in plies (0: not counting); what they were before each move
        self.count_limit = 0
        self.count_ply = 0
        self.count_stack: list[tuple[int, int]] = []
        self.history: list[Key] = []  # position keys, for repetition
        #: per capture where captures explode or petrify, the pieces removed (square, piece) and the wall made
        self.blasts: list[tuple[list[tuple[int, int]], Bitboard]] = []
        #: the walls: squares no piece may enter, pass or take (pieces turned to stone)
        self.walls: Bitboard = 0
        #: where every move places a wall, the walls before each move
        self.wall_stack: list[Bitboard] = []
        #: beside each key, whether the side to move was in check there (only where perpetual check loses, or
        #: the rules on chasing lengthen the move rule by the checks given)
        self.checked: list[bool] = []
        #: beside each key, what the rules on chasing keep of the position (only where they apply; None until
        #: :meth:`chases_from` works it out: it matters only once a position repeats)
        self.chases: list[Chase | None] = []
        self.chase_tables: ChaseTables | None = None

    # -- construction ---------------------------------------------------------------------------------

    def put(self, s: int, code: int) -> None:
        """Place a piece (for building positions; moves go through ``push``)."""
        self._add(s, code)

    def lift(self, s: int) -> None:
        """Take the piece on ``s`` off the board (for building positions, as ``put``)."""
        self._remove(s)

    # -- queries --------------------------------------------------------------------------------------

    @property
    def occupied(self) -> Bitboard:
        return self.by_color[0] | self.by_color[1]

    def pieces(self, t: int, color: int) -> Bitboard:
        return self.by_type[t] & self.by_color[color]

    def royals(self, color: int) -> Bitboard:
        royal = self.rules.royal_type
        if royal is not None:
            return self.by_type[royal] & self.by_color[color]
        bb = 0
        for t in self.rules.royal_types:
            bb |= self.by_type[t]
        return bb & self.by_color[color]

    def attacked(self, sq: int, by: int, occ: Bitboard) -> bool:
        """Whether side ``by`` captures on ``sq`` with the given occupancy."""
        them = self.by_color[by]
        by_type = self.by_type
        for kind, table, types, initial in self.rules.attack_groups[by]:
            tb = 0
            for t in types:
                tb |= by_type[t]
            tb &= them
            if initial:
                tb &= self.unmoved
            if not tb:
                continue
            if kind == LEAP:
                if table[sq] & tb:
                    return True
            elif kind in (SLIDE, HOP):
                for mask, cache, _, _ in table[sq]:
                    if cache[occ & mask] & tb:
                        return True
            elif kind == SHUN_HOP:
                if shunning_attack(table[sq], occ, occ & ~self.by_type[types[0]], tb):
                    return True
            else:
                for origin, block in table[sq]:
                    if origin & tb and not occ & block:
                        return True
        return False

    def check_and_pins(self, king: int, us: int) -> tuple[bool, Bitboard]:
        """Whether ``us``'s royal piece on ``king`` is attacked and, if it is not, the pieces of ``us``
        pinned to it: those whose removal would expose it to a rider or a lame leaper.  One pass
        over the attackers serves both, since a rider that does not give check may pin."""
        them = self.by_color[1 - us]
        own = self.by_color[us]
        occ = own | them
        by_type = self.by_type
        pinned = 0
        for kind, table, types, initial in self.rules.attack_groups[1 - us]:
            tb = 0
            for t in types:
                tb |= by_type[t]
            tb &= them
            if initial:
                tb &= self.unmoved
            if not tb:
                continue
            if kind == LEAP:
                if table[king] & tb:
                    return True, 0
            elif kind == SHUN_HOP:  # a hopper: no pins (see Rules.hoppers)
                if shunning_attack(table[king], occ, occ & ~self.by_type[types[0]], tb):
                    return True, 0
            elif kind in (SLIDE, HOP):  # a hopper's seeming pins only add tests: see Rules.hoppers
                for mask, cache, sl, _ in table[king]:
                    snipers = sl.reach & tb
                    if not snipers:
                        continue
                    a = cache[occ & mask]
                    if a & tb:
                        return True, 0
                    while snipers:
                        low = snipers & -snipers
                        snipers ^= low
                        b = sl.between[low.bit_length() - 1] & occ
                        if not b & (b - 1) and b & own:
                            pinned |= b
            else:
                checked, more = lame_check(table[king], tb, occ, own)
                if checked:
                    return True, 0
                pinned |= more
        return False, pinned

    def hoppers_aimed(self, king: int, us: int) -> bool:
        """Whether an enemy hopper stands on a line through ``us``'s royal piece on ``king``: a piece leaving
        or entering the line may add or take away a hurdle, so every move is played out (not told by pins)."""
        them = self.by_color[1 - us]
        for kind, table, types, _ in self.rules.attack_groups[1 - us]:
            if kind not in (HOP, SHUN_HOP):
                continue
            tb = 0
            for t in types:
                tb |= self.by_type[t]
            tb &= them
            if tb and any(sl.reach & tb for _, _, sl, _ in table[king]):
                return True
        return False

    def checkers(self, color: int) -> Bitboard:
        """The pieces that give check to ``color``'s royal pieces, each tried on its own."""
        them, occ, out = 1 - color, self.occupied, 0
        everyone, royals = self.by_color[them], list(bits(self.royals(color)))
        for s in bits(everyone):
            self.by_color[them] = 1 << s  # the attack test looks at these attackers, the occupancy stays whole
            if any(self.attacked(r, them, occ) for r in royals):
                out |= 1 << s
        self.by_color[them] = everyone
        return out

    def in_check(self, color: int | None = None) -> bool:
        c = self.turn if color is None else color
        occ = self.occupied
        bb = self.royals(c)
        while bb:
            low = bb & -bb
            bb ^= low
            if self.attacked(low.bit_length() - 1, 1 - c, occ):
                return True
        return False

    def castling_pieces_home(self, c: Castle) -> bool:
        """Whether castling ``c``'s king and rook stand on their squares (moved or not)."""
        board = self.board
        return board[c.king_from] == c.king_type * 2 + c.color and board[c.rook_from] == c.rook_type * 2 + c.color

    def key(self) -> Key:
        """What makes two positions the same for repetition."""
        return (
            tuple(self.by_type),
            self.by_color[0],
            self.turn,
            self.unmoved if self.rules.keys_unmoved else self.unmoved & self.rules.castle_squares,
            self.effective_ep(),
            tuple(self.pockets[0]) + tuple(self.pockets[1]),
            self.swaps_left,
            self.promoted() if self.rules.tracks_promoted else 0,
            self.checks_left,
            self.walls,
        )

    def promoted(self) -> Bitboard:
        """The squares of the pieces that were promoted (where the variant keeps track of them)."""
        out = 0
        for s, t in enumerate(self.unpromoted):
            if t != EMPTY:
                out |= 1 << s
        return out

    def effective_ep(self) -> Bitboard:
        """The en passant squares a pawn of the side to move attacks (what a FEN shows)."""
        if not self.ep:
            return 0
        rules = self.rules
        us = self.turn
        out = 0
        for t in range(rules.ntypes):
            if rules.is_pawn[t] and rules.takes_en_passant[t]:
                bb = self.by_type[t] & self.by_color[us]
                cap = rules.tables[us][t].capture
                while bb:
                    low = bb & -bb
                    bb ^= low
                    out |= cap[low.bit_length() - 1] & self.ep
        return out

    # -- results --------------------------------------------------------------------------------------

    def immediate_outcome(self) -> Outcome | None:
        """A result the position itself decides before anyone moves: a race won, a king bared, the last check given."""
        rules, mover = self.rules, self.turn
        if rules.flag is not None:
            end = self._flag()
            if end is not None:
                return end
        end = passed_end(self)
        if end is not None:
            return end
        if rules.extinction is not None:
            end = self._extinct()
            if end is not None:
                return end
        bare = rules.bare_king
        if bare is not None:
            left = [(self.by_color[c] & ~self.royals(c)).bit_count() for c in (0, 1)]
            if left[0] == 0 and left[1] == 0:
                return Outcome(None, Reason.BARE_KINGS) if bare.both_bare_draw else None
            if left[1 - mover] == 0:
                # the bared side had its one more move and did not take the last piece
                return Outcome(Color(mover), Reason.BARE_KING)
            if left[mover] == 0 and left[1 - mover] >= bare.opponent_minimum:
                return Outcome(Color(1 - mover), Reason.BARE_KING)
        end = self._castling_won() if rules.castling_wins else None
        if end is not None:
            return end
        if rules.check_count is not None and self.checks_left[1 - mover] <= 0:
            return Outcome(Color(1 - mover), Reason.CHECK_COUNT)
        return None

    def _castling_won(self) -> Outcome | None:
        """Castle chess, as Fairy-Stockfish decides it: the last move castled on a listed side, or a side
        has none of its listed rights left (the side that just moved looked at first)."""
        wins = self.rules.castling_wins
        if self.stack and self.played(1)[0] == mv.CASTLE and self.played(1)[3] in wins:
            return Outcome(Color(1 - self.turn), Reason.CASTLED)
        for side in (1 - self.turn, self.turn):
            listed = [c for c in self.rules.castles if c.index in wins and c.color == side]
            if listed and not any(self.unmoved >> c.king_from & self.unmoved >> c.rook_from & 1 for c in listed):
                return Outcome(Color(1 - side), Reason.CASTLING_LOST)
        return None

    def flag_reached(self, side: int) -> bool:
        """Whether ``side`` has reached its flag region (Fairy-Stockfish's ``flag_reached``)."""
        assert self.rules.flag is not None
        piece, regions, count, blocked, reply, _ = self.rules.flag
        mine = self.by_color[side] if piece is None else self.by_type[piece] & self.by_color[side]
        region = regions[side]
        inside = mine & region
        if not inside:
            return False
        if count is None:  # all of them
            return not mine & ~region
        n = inside.bit_count()
        reached = n >= count or (blocked and not region & ~self.occupied)
        if reached and self.rules.flag_safe and n == count and (not reply or side != self.turn):
            # exactly the pieces needed: every one must stand where the opponent does not attack it
            return not any(self.attacked(s, 1 - side, self.occupied) for s in bits(inside))
        return reached

    def _flag(self) -> Outcome | None:
        """The flag goal's result, as Fairy-Stockfish decides it (``Position::is_immediate_game_end``)."""
        assert self.rules.flag is not None
        *_, reply, royal = self.rules.flag
        safe = self.rules.flag_safe
        reason = self.rules.flag_reason
        us = self.turn
        if (reply or safe) and self.flag_reached(us):  # reached before the opponent's one more move, and still there
            if ((us == Color.WHITE and royal) or (safe and not reply)) and self.flag_reached(1 - us):
                return Outcome(None, reason)
            return Outcome(Color(us), reason)
        if (not reply or royal or safe) and self.flag_reached(1 - us):
            # Black's royal piece may still reach its region too, to draw
            if reply and us == Color.BLACK and self.royals(us) and not self.in_check() and self.flag_escape():
                return None
            return Outcome(Color(1 - us), reason)
        return None

    def flag_escape(self) -> bool:
        """Whether the side to move has a legal move of the flag piece into its region, its reply
        to a region reached; the legal moves are :class:`~generator.engine.position.Position`'s."""
        raise NotImplementedError("a State has no legal moves: use a Position")

    def _extinct(self) -> Outcome | None:
        """The extinction rule's result, the side that just moved looked at first (as Fairy-Stockfish)."""
        assert self.rules.extinction is not None
        types, limit, result = self.rules.extinction
        for side in (1 - self.turn, self.turn):
            mine = self.by_color[side]
            counts = (
                [mine.bit_count() + sum(self.pockets[side])]
                if types is None
                else [(self.by_type[t] & mine).bit_count() + self.pockets[side][t] for t in types]
            )
            if min(counts) <= limit:
                if result is Result.DRAW:
                    return Outcome(None, Reason.EXTINCTION)
                return Outcome(Color(side if result is Result.WIN else 1 - side), Reason.EXTINCTION)
        return None

    def insufficient_material(self) -> bool:
        """No side can mate: only minor pieces besides the royals, and at most one of them,
        or only colour-bound ones all on squares of one colour."""
        rules = self.rules
        others = self.occupied & ~(self.royals(0) | self.royals(1))
        minors = 0
        for t in rules.minor_types:
            minors |= self.by_type[t]
        if others & ~minors or any(self.pockets[0]) or any(self.pockets[1]):
            return False
        if others.bit_count() <= 1:
            return True
        bound = 0
        for t in rules.minor_types:
            if rules.colourbound[t]:
                bound |= self.by_type[t]
        return others == bound and (not others & rules.dark_squares or not others & ~rules.dark_squares)

    # -- moves ----------------------------------------------------------------------------------------

    def track_history(self) -> None:
        """Start recording position keys, so that ``outcome`` can see repetitions."""
        self.history = [self.key()]
        rules, d = self.rules, self.rules.variant.draws
        self.checked = [self.in_check()] if d.perpetual_check_loses or rules.chasing or d.move_repetition_loses else []
        if rules.chasing:
            self.chase_tables = ChaseTables.of(rules)
            self.chases = [(0, (blockers(self, 0), blockers(self, 1)), None)]

    def push(self, m: Move) -> None:
        kind, frm, to, extra = m
        rules = self.rules
        us = self.turn
        box = self.board
        moved = box[frm] if frm >= 0 else EMPTY
        taken_at = extra if kind == mv.EN_PASSANT else self.ep_victim if kind == mv.EP_PROMO else to
        # a promotion in place (sittuyin) takes nothing
        captured = box[taken_at] if kind not in (mv.PASS, mv.DROP, mv.CASTLE, mv.SWAP) and taken_at != frm else EMPTY
        origins = origins_of(self.unpromoted, kind, frm, taken_at, captured) if rules.tracks_promoted else None
        self.stack.append(
            (
                m,
                self.unmoved,
                self.ep,
                self.ep_victim,
                self.halfmove,
                self.swaps_left,
                moved,
                captured,
                origins,
                self.checks_left,
            )
        )
        self.ep = 0
        self.ep_victim = -1
        self.halfmove += 1
        if kind == mv.DROP:
            self._push_drop(us, frm, to, extra)
        elif kind == mv.CASTLE or kind == mv.SWAP:
            self._push_two(m, us, moved)
        elif kind != mv.PASS:
            if captured != EMPTY:
                self._take(us, taken_at, captured, origins)
            placed = self._promoted(kind, extra, us) if kind in mv.PROMOTING else moved
            if origins is not None:
                carry_origin(self.unpromoted, origins, frm, to, taken_at, moved, placed, kind == mv.PIECE_DEMO)
            # _remove and _add written out: this is the hot path of perft
            box[frm] = EMPTY
            box[to] = placed
            self.by_color[us] ^= 1 << frm ^ 1 << to
            self.by_type[moved >> 1] ^= 1 << frm
            self.by_type[placed >> 1] |= 1 << to
            if rules.resets_move_rule[us][moved >> 1] and self._irreversible(m, moved >> 1):
                self.halfmove = 0
            self.unmoved &= ~(1 << frm | 1 << taken_at)
            if extra and kind in (mv.MULTISTEP, mv.NORMAL):
                self._passed_or_gated(m, us)
        self.fullmove += us  # a move by Black (1) completes one
        self.turn = 1 - us
        if rules.after_move:
            self._after_move(us, m, moved, captured)
        if self.history:
            self._record()

    def _take(self, us: int, taken_at: int, captured: int, origins: tuple[int, int] | None) -> None:
        """Take the piece on ``taken_at``, to ``us``'s hand where captures go there."""
        self._remove(taken_at)
        self.halfmove = 0
        if self.rules.captures_to_hand:
            self.pockets[us][to_hand(self.rules.demote, captured, origins)] += 1

    def _place_wall(self, m: Move) -> None:
        """The wall ``m`` places, if it places one; a pawn's move past that square leaves no en passant
        there (Fairy-Stockfish)."""
        self.wall_stack.append(self.walls)
        if isinstance(m, mv.Walled):
            self.walls = self.walls_after(m)
            self.ep &= ~(1 << m.wall)

    def walls_after(self, m: Move) -> Bitboard:
        """The walls once ``m`` is played: its own, with the duck's the only one."""
        walling = self.rules.walling
        if walling is None or not isinstance(m, mv.Walled):
            return self.walls
        return (0 if walling.replaces else self.walls) | 1 << m.wall

    def _promoted(self, kind: int, extra: int, us: int) -> int:
        """The piece a promotion or a demotion puts down.  Pawns' promotions aside, promotions by piece
        restart the move rule's count too, unless pieces may demote (Fairy-Stockfish: the promotion is no
        longer irreversible); demotions never do."""
        if kind != mv.PIECE_DEMO and not (kind == mv.PIECE_PROMO and self.rules.demotion):
            self.halfmove = 0
        return extra * 2 + us

    def played(self, back: int) -> Move:
        """The move played ``back`` moves ago (1: the last)."""
        return self.stack[-back][0]

    def _record(self) -> None:
        """Add the position reached to the history (with whether the side to move is in check, where
        perpetual check loses)."""
        self.history.append(self.key())
        if self.checked:
            self.checked.append(self.in_check())
        if self.chase_tables is not None:
            self.chases.append(None)

    def chases_from(self, first: int) -> list[Chase]:
        """What the rules on chasing keep of the positions from ``first`` (an index of ``history``) to this
        one, worked out where it was not yet: the moves are taken back to the first position not worked
        out and played again."""
        tables = self.chase_tables
        assert tables is not None
        todo = [i for i in range(first, len(self.chases)) if self.chases[i] is None]
        if todo:
            moves = [self.pop() for _ in range(len(self.chases) - todo[0])]
            kept = self.chases[-1]
            before = kept[1] if kept is not None else (blockers(self, 0), blockers(self, 1))
            for m in reversed(moves):
                self.push(m)
                now = chased(self, tables, m, self.stack[-1][7] != EMPTY, before)
                self.chases[-1] = now
                before = now[1]
        return [c for c in self.chases[first:] if c is not None]

    def _push_drop(self, us: int, frm: int, to: int, t: int) -> None:
        self.pockets[us][t] -= 1
        if frm == mv.PROMOTED_DROP:  # as the piece it promotes to, which remembers what it was
            self._add(to, self.rules.promotes_to[t] * 2 + us)
            self.unpromoted[to] = t
        else:
            self._add(to, t * 2 + us)
        if self.rules.resets_move_rule[us][t] or self.rules.drops_reset_move_rule:
            self.halfmove = 0
        if self.rules.set_up is not None and self.rules.set_up.castling:
            castles = self.rules.castles_by_color[us]
            self.unmoved = castling_by_drop(castles, self.unmoved, to, self.castling_pieces_home)

    def _push_two(self, m: Move, us: int, moved: int) -> None:
        """Castling or a swap: two pieces move and lose their unmoved status."""
        kind, frm, to, extra = m
        box = self.board
        if kind == mv.CASTLE:
            c = self.rules.castles[extra & mv.CASTLE_INDEX]
            rook = box[c.rook_from]
            self._remove(frm)
            self._remove(c.rook_from)
            self._add(to, moved)
            self._add(c.rook_to, rook)
            self.unmoved &= ~(1 << frm | 1 << c.rook_from)
            if extra > mv.CASTLE_INDEX:
                self._gate(us, c.rook_from if extra & mv.ROOK_GATE else frm, (extra >> mv.TYPE_SHIFT) - 1)
            if self.rules.variant.opposite_castling:  # the opponent's rook of that side loses its castling
                for o in self.rules.castles_by_color[1 - us]:
                    if (o.rook_from > o.king_from) == (c.rook_from > c.king_from):
                        self.unmoved &= ~(1 << o.rook_from)
            return
        partner = box[to]
        self._remove(frm)
        self._remove(to)
        self._add(frm, partner)
        self._add(to, moved)
        self.unmoved &= ~(1 << frm | 1 << to)
        left = [list(self.swaps_left[0]), list(self.swaps_left[1])]
        left[us][extra] -= 1
        self.swaps_left = (tuple(left[0]), tuple(left[1]))

    def _passed_or_gated(self, m: Move, us: int) -> None:
        """A multi-step's extra: the squares passed (en passant); a plain move's: the type gated (+ 1)."""
        kind, frm, to, extra = m
        if kind == mv.MULTISTEP:
            self.ep, self.ep_victim = extra, to
        else:
            self._gate(us, frm, extra - 1)

    def _gate(self, us: int, s: int, t: int) -> None:
        """Gating (:mod:`generator.engine.gating`): ``us``'s piece of type ``t`` from hand onto ``s``."""
        self.pockets[us][t] -= 1
        self._add(s, t * 2 + us)

    def _irreversible(self, m: Move, t: int) -> bool:
        """Whether a move of a piece of type ``t`` (one whose moves restart the move rule's count)
        restarts it: every one but a step that it could step straight back (Fairy-Stockfish's
        reversible moves)."""
        back = self.rules.reversible[self.turn][t]
        return back is None or m[0] != mv.NORMAL or not back[m[2]] >> m[1] & 1

    def _after_move(self, us: int, m: Move, moved: int, captured: int) -> None:
        """After a move by ``us``: the wall it places, a capture's explosion or petrification, the checks
        left (three-check), the counting rule (makruk), and a rook that aims at the other king takes its
        first leap away (Cambodian chess)."""
        rules = self.rules
        if rules.walled:  # first: pop puts the walls back after an explosion's undo
            self._place_wall(m)
        if captured != EMPTY and rules.capture_effects:
            self._explode(m[2], moved)
        if rules.check_count is not None:
            self._count_check(us)
        if rules.counting is not None:
            advance_count(self, m[0], -1 if captured == EMPTY else captured >> 1)
        if rules.first_leaps and moved >> 1 == rules.leap_rook and m[0] != mv.DROP:
            kings = self.by_type[rules.leap_king] & self.by_color[1 - us] & self.unmoved
            if kings & rules.rook_lines[m[2]]:
                self.unmoved &= ~kings

    def _count_check(self, us: int) -> None:
        """One check fewer left for ``us`` if its move has given check (``push``, where checks are counted)."""
        if self.in_check():
            left = self.checks_left
            self.checks_left = (left[0] - 1, left[1]) if us == 0 else (left[0], left[1] - 1)

    def pop(self) -> Move:
        m, unmoved, ep, ep_victim, halfmove, swaps_left, moved, captured, origins, self.checks_left = self.stack.pop()
        kind, frm, to, extra = m
        self.turn = us = 1 - self.turn
        self.fullmove -= us
        if self.history:
            self.history.pop()
            if self.checked:
                self.checked.pop()
            if self.chases:
                self.chases.pop()
        box = self.board
        if kind == mv.DROP:
            self.pockets[us][extra] += 1
            self._remove(to)
            self.unpromoted[to] = EMPTY  # a piece dropped promoted forgets what it was
        elif kind == mv.CASTLE or kind == mv.SWAP:
            self._pop_two(m, us, moved)
        elif kind != mv.PASS:
            if kind == mv.NORMAL and extra:  # the gated piece back to hand
                self.pockets[us][extra - 1] += 1
                self._remove(frm)
            if captured != EMPTY and self.rules.capture_effects:
                self._unblast()
            # _remove and _add written out, as in push
            self.by_type[box[to] >> 1] ^= 1 << to
            self.by_type[moved >> 1] |= 1 << frm
            self.by_color[us] ^= 1 << frm ^ 1 << to
            box[to] = EMPTY
            box[frm] = moved
            taken_at = extra if kind == mv.EN_PASSANT else ep_victim if kind == mv.EP_PROMO else to
            if captured != EMPTY:
                self._add(taken_at, captured)
                if self.rules.captures_to_hand:
                    self.pockets[us][to_hand(self.rules.demote, captured, origins)] -= 1
            if origins is not None:
                up = self.unpromoted
                up[to] = EMPTY
                up[frm] = origins[0]
                if captured != EMPTY:
                    up[taken_at] = origins[1]
        if self.rules.walled:  # after the explosion's undo, which put back a wall it made
            self.walls = self.wall_stack.pop()
        if self.rules.counting is not None:
            self.count_limit, self.count_ply = self.count_stack.pop()
        self.unmoved, self.ep, self.ep_victim = unmoved, ep, ep_victim
        self.halfmove, self.swaps_left = halfmove, swaps_left
        return m

    def _unblast(self) -> None:
        """Put back what the last capture's explosion removed (to its owner's opponent's hand, it came)."""
        removed, wall = self.blasts.pop()
        self.walls ^= wall
        for s, code in removed:
            self._add(s, code)
            if self.rules.captures_to_hand:
                self.pockets[1 - (code & 1)][to_hand(self.rules.demote, code, (EMPTY, self.unpromoted[s]))] -= 1

    def _pop_two(self, m: Move, us: int, moved: int) -> None:
        """Castling or a swap taken back (``pop``)."""
        kind, frm, to, extra = m
        box = self.board
        if kind == mv.SWAP:
            partner = box[frm]
            self._remove(frm)
            self._remove(to)
            self._add(frm, moved)
            self._add(to, partner)
            return
        c = self.rules.castles[extra & mv.CASTLE_INDEX]
        if extra > mv.CASTLE_INDEX:  # the gated piece back to hand
            self.pockets[us][(extra >> mv.TYPE_SHIFT) - 1] += 1
            self._remove(c.rook_from if extra & mv.ROOK_GATE else frm)
        rook = box[c.rook_to]
        self._remove(to)
        self._remove(c.rook_to)
        self._add(frm, moved)
        self._add(c.rook_from, rook)

    def _explode(self, to: int, moved: int) -> None:
        """A capture's explosion: the piece on ``to`` and those around it go, but for the blast-proof
        types; a capturing piece that petrifies turns into a wall.  Without explosions, only a piece
        that moved as a petrifying type goes, and as Fairy-Stockfish, a wall only if it still is one
        (a pawn promoting as it takes goes, and leaves no wall)."""
        rules = self.rules
        stone = rules.petrify[self.board[to] >> 1]
        # walls are no pieces, though the special moves' path counts them among the mover's for a while
        hit = rules.blasted(to, moved, self.occupied & ~self.walls, self.by_type)
        removed = [(s, self.board[s]) for s in bits(hit)]
        for s, code in removed:
            self._remove(s)
            if rules.captures_to_hand:  # to the hand of its owner's opponent, as a capture by that side
                self.pockets[1 - (code & 1)][to_hand(self.rules.demote, code, (EMPTY, self.unpromoted[s]))] += 1
        self.unmoved &= ~hit
        wall = hit & 1 << to if stone else 0
        if PETRIFY_BLAST in rules.toggles:  # the pieces blown up around ``to`` turn to stone
            wall |= hit & ~(1 << to)
        self.walls |= wall
        self.blasts.append((removed, wall))

    def _add(self, s: int, code: int) -> None:
        self.board[s] = code
        bit = 1 << s
        self.by_color[code & 1] |= bit
        self.by_type[code >> 1] |= bit

    def _remove(self, s: int) -> None:
        code = self.board[s]
        self.board[s] = EMPTY
        mask = ~(1 << s)
        self.by_color[code & 1] &= mask
        self.by_type[code >> 1] &= mask
