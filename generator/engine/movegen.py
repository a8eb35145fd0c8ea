"""Legal move generation: one routine that lists the moves or only counts them.

Counting is what perft does at its last ply, so it avoids building moves it
can prove legal without playing them: when the side to move is not in check,
a move of a piece that shields its king from no rider or lame leaper (not
"pinned") cannot expose the king, so its targets are counted with one
``bit_count``.  King moves test the target square with the king lifted off the
board.  Everything else (moves in check, pinned pieces, en passant, castling,
swaps, several royal pieces) is played, tested and taken back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.geometry import Bitboard
from generator.engine.moves import (
    CASTLE,
    DROP,
    EN_PASSANT,
    EP_PROMO,
    MULTISTEP,
    NORMAL,
    PASS_MOVE,
    PROMOTION,
    SWAP,
    Move,
)
from generator.engine.tables import MoveTables

if TYPE_CHECKING:
    from generator.engine.position import Position


def targets(tabs: MoveTables, s: int, occ: Bitboard, empty: Bitboard, enemy: Bitboard) -> Bitboard:
    """Squares a piece with these tables reaches from ``s``: empty ones it may move to, enemy ones it may take."""
    t = tabs.quiet[s] & empty | tabs.capture[s] & enemy
    if tabs.has_slides:
        for mask, cache, sl, mod in tabs.slides[s]:
            a = cache.get(occ & mask)
            if a is None:
                a = sl.targets(occ)
            t |= a & (empty | enemy if mod == 3 else empty if mod == 1 else enemy)
    if tabs.has_lame:
        for tb, block, mod in tabs.lame[s]:
            if not occ & block:
                t |= tb & (empty | enemy if mod == 3 else empty if mod == 1 else enemy)
    return t


def _safe(pos: Position, m: Move, us: int) -> bool:
    """Play ``m`` and see whether it leaves a royal piece of ``us`` attacked."""
    pos.push(m)
    ok = not pos.in_check(us)
    pos.pop()
    return ok


def generate(pos: Position, out: list[Move] | None) -> int:
    """Count the legal moves of ``pos``, appending them to ``out`` unless it is None."""
    rules = pos.rules
    if rules.immediate_goals and pos.immediate_outcome() is not None:
        return 0
    us = pos.turn
    them = 1 - us
    by_type = pos.by_type
    own = pos.by_color[us]
    enemy = pos.by_color[them]
    occ = own | enemy
    empty = rules.geo.all & ~occ
    kings = pos.royals(us)
    guarded = kings != 0  # without a royal piece no move is illegal for check
    king = -1
    checked = False
    test_all = False
    pinned = 0
    if kings & (kings - 1):
        checked = pos.in_check(us)
        test_all = True
    elif kings:
        king = kings.bit_length() - 1
        checked = pos.attacked(king, them, occ)
        test_all = checked
        if not checked:
            pinned = pos.pinned(king, us)

    n = 0
    zone = rules.promotion_zone[us]
    choices = rules.promotion_choices
    keep_plain = not rules.promotion_mandatory
    for t in range(rules.ntypes):
        bb = by_type[t] & own
        if not bb:
            continue
        tabs = rules.tables[t][us]
        init = rules.initial_tables[t][us]
        pawn = rules.is_pawn[t]
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            tgt = targets(tabs, s, occ, empty, enemy)
            if init is not None and pos.unmoved & low:
                tgt |= targets(init, s, occ, empty, enemy)
            if s == king:
                lifted = occ ^ low
                while tgt:
                    tl = tgt & -tgt
                    tgt ^= tl
                    to = tl.bit_length() - 1
                    if not pos.attacked(to, them, lifted):
                        n += 1
                        if out is not None:
                            out.append((NORMAL, s, to, 0))
                continue
            moves: list[Move] | None = None
            if pawn:
                special: list[Move] = []
                for to, path, passed in rules.multistep[us][s]:
                    if not occ & path:
                        if zone >> to & 1:
                            special.extend((PROMOTION, s, to, c) for c in choices)
                        else:
                            special.append((MULTISTEP, s, to, passed))
                ep_targets = tabs.capture[s] & pos.ep
                promo = tgt & zone
                plain = tgt if keep_plain else tgt & ~zone
                if ep_targets:
                    # taking en passant empties a second square: always played out
                    for to in _squares(ep_targets):
                        takes: list[Move] = [(EP_PROMO, s, to, c) for c in choices] if zone >> to & 1 else []
                        if not takes or keep_plain:
                            takes.append((EN_PASSANT, s, to, pos.ep_victim))
                        for m in takes:
                            if not guarded or _safe(pos, m, us):
                                n += 1
                                if out is not None:
                                    out.append(m)
                if test_all or low & pinned or out is not None:
                    moves = [(NORMAL, s, to, 0) for to in _squares(plain)]
                    moves.extend((PROMOTION, s, to, c) for to in _squares(promo) for c in choices)
                    moves.extend(special)
                else:
                    n += plain.bit_count() + promo.bit_count() * len(choices) + len(special)
                    continue
            elif test_all or low & pinned:
                moves = [(NORMAL, s, to, 0) for to in _squares(tgt)]
            elif out is None:
                n += tgt.bit_count()
                continue
            else:
                moves = [(NORMAL, s, to, 0) for to in _squares(tgt)]
                n += len(moves)
                out.extend(moves)
                continue
            if guarded and (test_all or low & pinned):
                moves = [m for m in moves if _safe(pos, m, us)]
            n += len(moves)
            if out is not None:
                out.extend(moves)

    if rules.castles_by_color[us] and not checked:
        for c in rules.castles_by_color[us]:
            m = (CASTLE, c.king_from, c.king_to, c.index)
            if (
                pos.unmoved >> c.king_from & 1
                and pos.unmoved >> c.rook_from & 1
                and kings >> c.king_from & 1
                and pos.board[c.rook_from] == c.rook_type * 2 + us
                and not occ & c.must_be_empty
                and not any(pos.attacked(sq, them, occ) for sq in c.king_path)
                and _safe(pos, m, us)
            ):
                n += 1
                if out is not None:
                    out.append(m)

    if rules.drops:
        region = rules.drop_region[us] & empty
        pocket = pos.pockets[us]
        for t in range(rules.ntypes):
            if pocket[t] and region:
                if test_all or out is not None:
                    drops = [(DROP, -1, to, t) for to in _squares(region)]
                    if test_all:
                        drops = [m for m in drops if _safe(pos, m, us)]
                    n += len(drops)
                    if out is not None:
                        out.extend(drops)
                else:
                    n += region.bit_count()

    for i, sw in enumerate(rules.swaps):
        if pos.swaps_left[us][i] <= 0:
            continue
        movers = by_type[sw.piece_type] & own
        partners = 0
        for pt in sw.partner_types:
            partners |= by_type[pt]
        partners &= own
        if sw.unmoved_only:
            movers &= pos.unmoved
            partners &= pos.unmoved
        for s in _squares(movers):
            for p in _squares(sw.adjacency[us][s] & partners):
                m = (SWAP, s, p, i)
                if not guarded or _safe(pos, m, us):
                    n += 1
                    if out is not None:
                        out.append(m)

    if n == 0 and rules.pass_when_stuck and not checked:
        n = 1
        if out is not None:
            out.append(PASS_MOVE)
    return n


def _squares(bb: Bitboard) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        bb ^= low
        out.append(low.bit_length() - 1)
    return out
