"""Which moves of a position may stalemate the other side: a sieve for the search of stalemates.

The stalemate proof (:mod:`generator.check.endings`) looks at tens of thousands of positions, most of them
along random games, and plays every move of each to see whether the other side is left without one.  Nearly
always it is not, for a plain reason this module sees without playing: the other side has pieces that can
move, and one move cannot stop them all.

A move touches at most four squares (castling: the king's and the rook's, where they leave and land; en
passant: the pawn taken).  A piece of the other side that is neither royal nor pinned, whose moves need no
test (as :func:`generator.engine.movegen.free_move` knows them), keeps a move after ours unless that move
touches its square or a line from its royal piece through it (a new pin), or every square that ends one of
its moves (a leap's target, the first square of a slide).  A move that leaves one such piece a move does not
stalemate; a position with five such pieces whose squares no one move can share does not lead to one.  The
sieve is sound only where nothing else takes moves away: no hoppers or lame leapers (a piece moving may
open or close their lines), no pieces in the other side's hand, no rule that filters the moves as a whole
(the ban on checks, bikjang), walls or capture effects; elsewhere it is not built and every move is played.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> from generator.engine import Position, uci
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
>>> sieve(Position.from_fen(chess, kiwipete)).hopeless
True
>>> pos = Position.from_fen(chess, "7k/8/5K2/6Q1/8/8/8/6n1 w - - 0 1")
>>> s = sieve(pos)
>>> s.hopeless, sorted(uci(pos.rules, m) for m in pos.legal_moves() if s.may_stalemate(m))
(False, ['g5g1'])
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine import moves as mv
from generator.engine.geometry import Bitboard, squares
from generator.engine.moves import Move
from generator.engine.rules import LEAP, SLIDE, Rules
from generator.engine.state import State
from generator.engine.tables import Slide

__all__ = ["Sieve", "sieve"]

#: the most squares one move touches (castling)
TOUCHED = 4


@dataclass(frozen=True)
class Sieve:
    """Per piece of the other side that can move: the squares a move must touch to pin or take it (its
    own and the lines from its royal piece through it), and the squares that end its moves (a move must
    touch them all to take its moves away)."""

    guards: tuple[tuple[Bitboard, Bitboard], ...]
    rules: Rules
    ep_victim: int

    @property
    def hopeless(self) -> bool:
        """Whether no move can stalemate: more pieces that can move than one move can reach, no two of them
        reached through one square."""
        seen: Bitboard = 0
        apart = 0
        for near, ends in self.guards:
            # a piece with more ends than a move touches keeps one: only its square and lines count
            reach = near | ends if ends.bit_count() <= TOUCHED else near
            if not reach & seen:
                seen |= reach
                apart += 1
                if apart > TOUCHED:
                    return True
        return False

    def may_stalemate(self, m: Move) -> bool:
        """Whether ``m`` reaches every piece that can move (if not, one of them still can after it)."""
        touched = _touched(self.rules, self.ep_victim, m)
        return all(near & touched or not ends & ~touched for near, ends in self.guards)


def _touched(rules: Rules, ep_victim: int, m: Move) -> Bitboard:
    kind, frm, to, extra = m
    bb = (1 << frm if frm >= 0 else 0) | (1 << to if to >= 0 else 0)
    if kind == mv.EN_PASSANT:
        bb |= 1 << extra
    elif kind == mv.EP_PROMO and ep_victim >= 0:
        bb |= 1 << ep_victim
    elif kind == mv.CASTLE:
        c = rules.castles[extra & mv.CASTLE_INDEX]
        bb |= 1 << c.rook_from | 1 << c.rook_to
    return bb


def sieve(pos: State) -> Sieve | None:
    """The sieve of the moves of ``pos`` (the mover to move), or None where it would not be sound."""
    rules = pos.rules
    them = 1 - pos.turn
    if (
        rules.walled
        or rules.special
        or rules.no_checks
        or rules.bikjang
        or rules.hoppers
        or rules.capture_effects
        or rules.variant.flying_general
        or any(pos.pockets[them])
    ):
        return None
    kings = pos.royals(them)
    if kings & (kings - 1):
        return None
    slides: list[Slide] = []
    pinned: Bitboard = 0
    if kings:
        king = kings.bit_length() - 1
        for kind, table, _, _ in rules.attack_groups[pos.turn]:
            if kind == SLIDE:
                slides += [sl for _, _, sl, _ in table[king]]
            elif kind != LEAP:
                return None  # a lame leaper: a piece may stand on its leg
        checked, pinned = pos.check_and_pins(king, them)
        if checked:
            return None
    guards = [(1 << s | _lines(slides, s), ends) for s, ends in _ends(pos, them, kings | pinned) if ends]
    return Sieve(tuple(guards), rules, pos.ep_victim)


def _lines(slides: list[Slide], s: int) -> Bitboard:
    """The lines from the royal piece through ``s`` along which a slider pins: the squares between, and
    those beyond where a slider would stand."""
    found: Bitboard = 0
    for sl in slides:
        if sl.reach >> s & 1:
            for ray in sl.rays:
                if s in ray:
                    found |= sum(1 << x for x in ray)
    return found


def _ends(pos: State, side: int, excluded: Bitboard) -> list[tuple[int, Bitboard]]:
    """Each piece of ``side`` whose moves need no test, not in ``excluded``, with the squares that end them:
    its leaps' targets and its slides' first squares."""
    rules = pos.rules
    own = pos.by_color[side]
    enemy = pos.by_color[1 - side]
    occ = own | enemy
    empty = rules.geo.all & ~occ
    allowed = (0, empty, enemy, empty | enemy)
    found = []
    # a piece's moves from its first square only add to these: whether it has moved does not matter
    for t, tabs, _, pawn, general in rules.plans[side]:
        bb = pos.by_type[t] & own & ~excluded
        if not bb or general or (pawn and tabs.has_slides):
            continue
        # a pawn's step into the promotion zone may have no piece to become: left out
        outside = ~rules.promotion_zone[side] if pawn else -1
        for s in squares(bb):
            ends = (tabs.quiet[s] & empty | tabs.capture[s] & enemy) & outside
            if tabs.has_slides:
                for mask, cache, sl, mod in tabs.slides[s]:
                    reach = cache[occ & mask] & allowed[mod]
                    # a ray whose first square it reaches ends there; one that reaches farther only
                    # (a capture beyond empty squares) is left out: a piece between would end it
                    ends |= sum(1 << ray[0] for ray in sl.rays if ray and reach >> ray[0] & 1)
            found.append((s, ends))
    return found
