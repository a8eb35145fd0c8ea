"""Chasing (``draws.chasing``): the pieces a move chased, and the side that kept chasing in a repetition.

Fairy-Stockfish's ``axf`` rule knows the pieces by type; here they are known by their moves (:data:`ROLES`),
so any variant whose pieces move so plays it.  After each move :func:`chased` finds, as
``Position::chased`` does, the pieces of the side to move that the move newly attacked and that nothing
truly protects (a protector pinned to its king protects nothing, nor a piece outside its region):
attacks of the moved piece and the ones it uncovered, pieces left unprotected by a new pin, and pieces
a new discovered check lets be taken.  A
chariot is chased by a horse or a cannon, a chariot, horse or cannon by an elephant or an advisor, even
when protected; kings and soldiers that have not crossed are never chased; two pieces of one kind
attacking each other chase nothing (unless one is pinned, or a horse's leg is blocked one way only).
:func:`kept_chasing` then follows each chased piece back through the repetition (Fairy-Stockfish's
``is_optional_game_end``).

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> from generator.engine.position import Position
>>> xiangqi = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("xiangqi")
>>> pos = Position.from_fen(xiangqi, "5k3/2N6/r8/9/9/9/9/9/9/4K4 b - - 0 1")
>>> pos.track_history()
>>> for text in ["a8a5", "c9b7"]:
...     pos.push_uci(text)
>>> [pos.rules.geo.name(s) for s in bits(pos.chases_from(2)[-1][0])]
['a5']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from generator.betza import parse_betza
from generator.catalogue.model import Color
from generator.engine.geometry import Bitboard, bits
from generator.engine.moves import Move
from generator.engine.rules import Rules

ROOK, HORSE, CANNON, ELEPHANT, FERS, SOLDIER, KING, OTHER = range(8)

#: the pieces the rule knows, by their moves (Fairy-Stockfish's chariot, horse, cannon, elephant, advisor)
ROLES = {
    parse_betza("R"): ROOK,
    parse_betza("nN"): HORSE,
    parse_betza("mRcpR"): CANNON,
    parse_betza("nA"): ELEPHANT,
    parse_betza("F"): FERS,
}
SOLDIER_MOVES = (parse_betza("fW"), parse_betza("fsW"))

#: what one position of a game keeps for the rule: the pieces of the side to move its last move chased; per
#: colour, the pieces that stand alone between that colour's king and an attack on it; the move that reached it
Chase = tuple[Bitboard, tuple[Bitboard, Bitboard], Move | None]


class Board(Protocol):
    """What the rule reads of a position."""

    rules: Rules
    board: list[int]
    by_color: list[Bitboard]
    by_type: list[Bitboard]
    turn: int

    @property
    def occupied(self) -> Bitboard: ...

    def royals(self, color: int) -> Bitboard: ...


@dataclass(frozen=True)
class ChaseTables:
    """The rule's tables for one variant: each type's role, and the squares near each square."""

    roles: tuple[int, ...]
    #: per colour, the squares where its soldiers have not crossed (they are never chased there)
    uncrossed: tuple[Bitboard, Bitboard]
    wazir: tuple[Bitboard, ...]  #: per square, its orthogonal neighbours
    fers: tuple[Bitboard, ...]  #: per square, its diagonal neighbours
    ranks: tuple[Bitboard, ...]  #: per square, its rank
    files: tuple[Bitboard, ...]  #: per square, its file

    @classmethod
    def of(cls, rules: Rules) -> ChaseTables:
        geo = rules.geo
        roles = []
        uncrossed = [0, 0]
        for t, p in enumerate(rules.variant.pieces):
            adv = p.advanced
            if rules.is_royal[t]:
                roles.append(KING)
            elif adv is not None and (p.movement, adv.movement) == SOLDIER_MOVES:
                roles.append(SOLDIER)
                for c in Color:
                    uncrossed[c] = geo.all & ~geo.rank_mask(c, tuple(range(adv.rank, geo.ranks + 1)))
            else:
                roles.append(ROLES.get(p.movement, OTHER))

        def near(vectors: Sequence[tuple[int, int]]) -> tuple[Bitboard, ...]:
            return tuple(sum(1 << t for v in vectors if (t := geo.leap(s, v)) is not None) for s in range(geo.size))

        rank = [sum(1 << geo.square(f, r) for f in range(geo.files)) for r in range(geo.ranks)]
        file = [sum(1 << geo.square(f, r) for r in range(geo.ranks)) for f in range(geo.files)]
        return cls(
            tuple(roles),
            (uncrossed[0], uncrossed[1]),
            near(((0, 1), (1, 0), (0, -1), (-1, 0))),
            near(((1, 1), (1, -1), (-1, 1), (-1, -1))),
            tuple(rank[geo.rank_of(s)] & geo.all for s in range(geo.size)),
            tuple(file[geo.file_of(s)] & geo.all for s in range(geo.size)),
        )


def attacks(pos: Board, color: int, t: int, s: int, occ: Bitboard) -> Bitboard:
    """The squares a piece of type ``t`` and ``color`` on ``s`` attacks with the occupancy ``occ``, its region
    aside (Fairy-Stockfish's ``attacks_bb``)."""
    tabs = pos.rules.tables[color][t]
    out = tabs.capture[s]
    for mask, cache, _, mod in tabs.slides[s]:
        if mod & 2:
            out |= cache[occ & mask]
    for tb, block, mod in tabs.lame[s]:
        if mod & 2 and not occ & block:
            out |= tb
    return out


def attacks_in_region(pos: Board, color: int, t: int, s: int, occ: Bitboard) -> Bitboard:
    """:func:`attacks` on the squares of the piece's region only (Fairy-Stockfish's ``attacks_from``)."""
    return attacks(pos, color, t, s, occ) & ~pos.rules.outside[color][t]


def attackers(pos: Board, s: int, occ: Bitboard, color: int) -> Bitboard:
    """The pieces of ``color`` that attack ``s`` with the occupancy ``occ``, ``s`` in their region (Fairy-Stockfish's
    ``attackers_to``: an advisor protects nothing outside its palace)."""
    out = 0
    outside = pos.rules.outside[color]
    for p in bits(pos.by_color[color]):
        t = pos.board[p] >> 1
        if not outside[t] >> s & 1 and attacks(pos, color, t, p, occ) >> s & 1:
            out |= 1 << p
    return out


def blockers(pos: Board, color: int) -> Bitboard:
    """The pieces, of either side, whose removal alone would let a piece of the other side attack
    ``color``'s king (Fairy-Stockfish's ``blockers_for_king``); none without exactly one king."""
    kings = pos.royals(color)
    if kings.bit_count() != 1:
        return 0
    king = kings.bit_length() - 1
    occ, them, out = pos.occupied, 1 - color, 0
    for p in bits(pos.by_color[them]):
        t = pos.board[p] >> 1
        if attacks(pos, them, t, p, occ) & kings:
            continue
        tabs = pos.rules.tables[them][t]
        near = 0
        for _, _, slide, mod in tabs.slides[p]:
            if mod & 2 and slide.reach & kings:
                near |= slide.between[king] & occ
        for tb, block, mod in tabs.lame[p]:
            if mod & 2 and tb & kings:
                near |= block & occ
        for q in bits(near):
            if attacks(pos, them, t, p, occ ^ 1 << q) & kings:
                out |= 1 << q
    return out


class _Finder:
    """One call of :func:`chased`: the side chased, its pins, and the pieces found so far."""

    def __init__(self, pos: Board, tables: ChaseTables, pins: Bitboard) -> None:
        self.pos, self.tables, self.pins = pos, tables, pins
        self.us = pos.turn
        self.found: Bitboard = 0
        #: the kings and the soldiers that have not crossed, never chased
        self.never = self._of(SOLDIER) & tables.uncrossed[self.us] | self._of(KING)

    def _of(self, *roles: int) -> Bitboard:
        """The pieces of the chased side with these roles."""
        out = 0
        for t, role in enumerate(self.tables.roles):
            if role in roles:
                out |= self.pos.by_type[t]
        return out & self.pos.by_color[self.us]

    def add(self, at: int, t: int, hit: Bitboard) -> None:
        """Add what the piece of type ``t`` on ``at`` attacks of ``hit`` and chases."""
        pos, us, role = self.pos, self.us, self.tables.roles[t]
        if not hit & ~self.found:
            return
        hit &= ~self.never
        if role in (HORSE, CANNON):
            self.found |= hit & self._of(ROOK)
        if role in (ELEPHANT, FERS):
            self.found |= hit & self._of(ROOK, CANNON, HORSE)
        occ = pos.occupied
        if role == HORSE and self.tables.fers[at] & occ:
            # a horse whose leg is blocked one way only chases the horse it attacks
            for s in bits(hit & pos.by_type[t] & pos.by_color[us]):
                if attacks(pos, us, t, s, occ) >> at & 1:
                    hit ^= 1 << s
        else:
            hit &= ~(pos.by_type[t] & pos.by_color[us]) | self.pins
        kings = self._of(KING)
        for s in bits(hit):
            roots = attackers(pos, s, occ ^ 1 << at, us) & ~self.pins
            if not roots or (roots == kings and self._faces_king(s, occ ^ 1 << at)):
                self.found |= 1 << s

    def _faces_king(self, s: int, occ: Bitboard) -> bool:
        """Whether only the chased side's king protects ``s``, and the chaser's king sees ``s`` on an open line
        (flying general): the king could not take back."""
        pos = self.pos
        if not pos.rules.variant.flying_general:
            return False
        theirs = pos.royals(1 - self.us)
        if theirs.bit_count() != 1:
            return False
        k = theirs.bit_length() - 1
        return _open_line(self.tables, k, s, occ)


def _open_line(tables: ChaseTables, a: int, b: int, occ: Bitboard) -> bool:
    """Whether ``a`` and ``b`` share a rank or file with nothing between them."""
    for line in (tables.ranks[a], tables.files[a]):
        if line >> b & 1:
            lo, hi = min(a, b), max(a, b)
            between = line & ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
            return not occ & between
    return False


def chased(pos: Board, tables: ChaseTables, m: Move, captured: bool, before: tuple[Bitboard, Bitboard]) -> Chase:
    """What the position reached by ``m`` keeps for the rule (:data:`Chase`); ``before``: the blockers of the
    position before it."""
    now = (blockers(pos, 0), blockers(pos, 1))
    us = pos.turn
    finder = _Finder(pos, tables, now[us] | _flying_pins(pos, tables))
    _, frm, to, _ = m
    if frm >= 0:
        _direct(finder, frm, to)
        _uncovered(finder, frm, to, captured)
    _new_pins(finder, now, before[us])
    return finder.found, now, m


def _flying_pins(pos: Board, tables: ChaseTables) -> Bitboard:
    """The chased side's one piece on the file of the other king with its own king (flying general)."""
    us = pos.turn
    theirs = pos.royals(1 - us)
    if not pos.rules.variant.flying_general or theirs.bit_count() != 1:
        return 0
    on_file = tables.files[theirs.bit_length() - 1] & pos.by_color[us]
    kings = pos.royals(us)
    others = on_file & ~kings
    return others if on_file & kings and others.bit_count() <= 1 else 0


def _direct(finder: _Finder, frm: int, to: int) -> None:
    """The new attacks of the moved piece (a chariot's or cannon's along its own line are not new)."""
    pos, tables = finder.pos, finder.tables
    t = pos.board[to] >> 1
    role = tables.roles[t]
    if role in (KING, SOLDIER):
        return
    hit = attacks_in_region(pos, 1 - pos.turn, t, to, pos.occupied) & pos.by_color[pos.turn]
    if role in (ROOK, CANNON):
        for line in (tables.ranks[to], tables.files[to]):
            if line >> frm & 1:
                hit &= ~line
    finder.add(to, t, hit)


def _uncovered(finder: _Finder, frm: int, to: int, captured: bool) -> None:
    """The attacks the move uncovered: of a horse beside ``frm``, an elephant diagonally beside it, a chariot or
    cannon on its lines, a cannon on the lines of ``to`` (a new hurdle)."""
    pos, tables = finder.pos, finder.tables
    them, occ = 1 - pos.turn, pos.occupied
    mine = pos.by_color[them]

    def of(*roles: int) -> Bitboard:
        return sum((pos.by_type[t] for t, r in enumerate(tables.roles) if r in roles), 0) & mine

    lines_from = (tables.ranks[frm] | tables.files[frm]) & ~(1 << frm)
    lines_to = (tables.ranks[to] | tables.files[to]) & ~(1 << to)
    candidates = (
        tables.wazir[frm] & of(HORSE)
        | tables.fers[frm] & of(ELEPHANT)
        | lines_from & of(CANNON, ROOK)
        | lines_to & of(CANNON)
    )
    before = (occ if captured else occ ^ 1 << to) ^ 1 << frm
    for s in bits(candidates):
        t = pos.board[s] >> 1
        new = pos.by_color[pos.turn] & attacks(pos, them, t, s, occ) & ~attacks(pos, them, t, s, before)
        finder.add(s, t, new)


def _new_pins(finder: _Finder, now: tuple[Bitboard, Bitboard], before: Bitboard) -> None:
    """Pieces whose protector the move pinned (a false root), and pieces a new discovered check lets be taken."""
    pos, us = finder.pos, finder.pos.turn
    them, occ = 1 - us, pos.occupied
    new = now[us] & ~before
    tables = finder.tables
    for s in bits(new & pos.by_color[us]):
        t = pos.board[s] >> 1
        guarded = attacks(pos, us, t, s, occ)
        if tables.roles[t] == SOLDIER:  # its sideways steps count before it has crossed too
            guarded |= tables.wazir[s] & tables.ranks[s]
        guarded &= pos.by_color[us] & ~finder.never
        for s2 in bits(guarded):
            if attackers(pos, s2, occ, them) & ~now[them]:
                finder.found |= 1 << s2
    kings = pos.royals(us)
    if kings.bit_count() != 1:
        return
    king = kings.bit_length() - 1
    reach = attacks_in_region(pos, us, pos.board[king] >> 1, king, occ)
    for s in bits(new & pos.by_color[them]):
        hit = attacks_in_region(pos, them, pos.board[s] >> 1, s, occ) & pos.by_color[us]
        finder.found |= hit & ~reach
        for s2 in bits(hit & reach):
            if attackers(pos, s2, occ ^ 1 << s ^ kings, them) & ~(1 << s):
                finder.found |= 1 << s2


def back(bb: Bitboard, m: Move | None) -> Bitboard:
    """``bb`` as it was before ``m``: the moved piece back on its square (Fairy-Stockfish's ``undo_move_board``)."""
    if m is None:
        return bb
    _, frm, to, _ = m
    return bb ^ (1 << to) | (1 << frm) if frm >= 0 and bb >> to & 1 else bb


def kept_chasing(chases: Sequence[Chase], first: int) -> tuple[bool, bool]:
    """Whether the side that moved last, and the side to move, chased one same piece with every move of the
    repetition that began at ``chases[first]`` (``chases[0]``: the first position kept, which no move
    reached).  As Fairy-Stockfish, the side that moved last is followed back to the move that reached the
    first position, the other side from its first move in the cycle."""
    last = len(chases) - 1
    them = back(chases[last][0], chases[last - 1][2]) & chases[last - 2][0]
    us = back(chases[last - 1][0], chases[last - 2][2]) & chases[last - 3][0]
    for i in range(4, last - first + 1, 2):
        if i != last:  # the first position kept has no chase to intersect with
            them = back(them, chases[last - i + 1][2]) & chases[last - i][0]
        if i == last - first:
            break
        us = back(us, chases[last - i][2]) & chases[last - i - 1][0]
    return bool(them), bool(us)
