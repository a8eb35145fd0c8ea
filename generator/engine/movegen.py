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

from collections.abc import Callable

from generator.engine.facing import kings_face, parted
from generator.engine.gating import gated, gates
from generator.engine.geometry import Bitboard, squares
from generator.engine.moves import (
    CASTLE,
    DROP,
    EN_PASSANT,
    EP_PROMO,
    MULTISTEP,
    NORMAL,
    PASS,
    PASS_MOVE,
    PIECE_DEMO,
    PIECE_PROMO,
    PROMOTED_DROP,
    PROMOTION,
    Move,
)
from generator.engine.odd_moves import first_leaps, keep_safe, safe, swaps
from generator.engine.own_promotion import own_promotions, promotion_choices
from generator.engine.rules import Rules
from generator.engine.special import keep_legal, legal, quiet_safe
from generator.engine.state import EMPTY, State
from generator.engine.tables import MoveTables, targets
from generator.engine.walled_moves import first_walls, walled


def generate(pos: State, out: list[Move] | None) -> int:
    """Count the legal moves of ``pos``, appending them to ``out`` unless it is None."""
    rules = pos.rules
    if rules.immediate_goals and pos.immediate_outcome() is not None:
        return 0
    if rules.plain_moves:  # the usual case, without a further call
        return _generate(pos, out)
    return generate_on(pos, out)


def has_moves(pos: State) -> bool:
    """Whether the side to move has a legal move: ``generate(pos, None) > 0``, answered by the first piece
    whose moves need no test where it can be (a game's end is asked for after every move played, and
    the counting of every move, the king's steps tested one by one, is most of that cost).

    >>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
    >>> from generator.engine.position import Position
    >>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
    >>> fens = ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    >>> [has_moves(Position.from_fen(chess, fen)) for fen in fens]
    [False, True]
    """
    if free_move(pos):
        return True
    rules = pos.rules
    if rules.special and not rules.walled and not pos.walls:
        if rules.immediate_goals and pos.immediate_outcome() is not None:
            return False
        # the listing path of _special_on, stopped at the first legal move
        moves: list[Move] = []
        _generate(pos, moves)
        return next(legal(pos, moves, quiet_tested=False), None) is not None
    return generate(pos, None) > 0


def free_move(pos: State) -> bool:
    """Whether a legal move is found without playing any: a target of a piece that is neither royal nor
    pinned, nor moves otherwise from where it stands (initial, lame or general moves), the side to move
    not in check, as :func:`_count_free` counts it.  False where it cannot tell.  The filters of
    :func:`_filtered` never empty a list that holds such a move (forced drops and captures leave the
    others when there are none; only drops may not check), but for the ban on checks and bikjang; under
    the rules of captures only a move that takes nothing counts, and none with pseudo-royal pieces."""
    rules = pos.rules
    if rules.walled or pos.walls or rules.no_checks or rules.bikjang:
        return False
    if rules.special and rules.pseudo_royal is not None:
        return False
    if rules.immediate_goals and pos.immediate_outcome() is not None:
        return False
    held = _held(pos)
    return held is not None and _free_target(pos, held)


def _held(pos: State) -> Bitboard | None:
    """The pieces of the side to move whose moves need a test (royal or pinned); None if every one does."""
    us = pos.turn
    kings = pos.royals(us)
    if not kings:
        return 0
    if kings & (kings - 1):
        return None
    king = kings.bit_length() - 1
    checked, pinned = pos.check_and_pins(king, us)
    if checked or (pos.rules.hoppers and pos.hoppers_aimed(king, us)):
        return None
    return kings | pinned


def _free_target(pos: State, held: Bitboard) -> bool:
    rules = pos.rules
    us = pos.turn
    own = pos.by_color[us]
    occ = own | pos.by_color[1 - us]
    # the rules of captures (mutually immune pieces) may forbid a capture, never a move that takes nothing
    enemy = 0 if rules.special else pos.by_color[1 - us]
    empty = rules.geo.all & ~occ
    allowed = (0, empty, enemy, empty | enemy)
    for t, tabs, init, pawn, general in rules.plans[us]:
        bb = pos.by_type[t] & own & ~held
        if init is not None:
            bb &= ~pos.unmoved
        if not bb or general or (pawn and tabs.has_slides):
            continue
        if pawn:
            # an en passant capture counts among a pawn's moves: under the rules of captures it may be forbidden
            if not (rules.special and pos.ep) and _count_pawns(pos, t, tabs, bb, empty, enemy):
                return True
            continue
        quiet, capture = tabs.quiet, tabs.capture
        slides = tabs.slides if tabs.has_slides else None
        for s in squares(bb):
            if quiet[s] & empty or capture[s] & enemy:
                return True
            if slides and any(cache[occ & mask] & allowed[mod] for mask, cache, _, mod in slides[s]):
                return True
    return False


def one_wall_each(pos: State, first: Callable[[Bitboard], int]) -> list[Move] | None:
    """Where every move places a wall: each legal move with the one of its walls ``first`` chooses; None
    where walls are placed otherwise (instead of a move, or tested by the rules of captures)."""
    walls = pos.rules.walling
    if walls is None or walls.or_move or pos.rules.special:
        return None
    if pos.rules.immediate_goals and pos.immediate_outcome() is not None:
        return []
    return first_walls(pos, _unwalled, first)


def generate_on(pos: State, out: list[Move] | None) -> int:
    """As :func:`generate`, for a game that goes on: the moves as if no goal had ended it."""
    rules = pos.rules
    if rules.walled:  # legal with their walls, as the rules of captures test them
        return walled(pos, out, _generate if rules.special else _unwalled)
    return _unwalled(pos, out)


def _unwalled(pos: State, out: list[Move] | None) -> int:
    rules = pos.rules
    if rules.special:
        return _special(pos, out)
    if rules.filtered:
        return _filtered(pos, out)
    if rules.held_in_check:
        return _held_in_check(pos, out)
    return _generate(pos, out)


def _special(pos: State, out: list[Move] | None) -> int:
    """Every move that the rules of captures and pseudo-royal pieces allow (atomic chess...)."""
    walls = pos.walls
    if not walls:
        return _special_on(pos, out)
    # a wall, counted among the mover's own pieces for the time being, blocks every line and is never
    # a target; it is of no type, so never moves
    pos.by_color[pos.turn] |= walls
    try:
        return _special_on(pos, out)
    finally:
        pos.by_color[pos.turn] &= ~walls


def _special_on(pos: State, out: list[Move] | None) -> int:
    rules = pos.rules
    # the counting path knows the pieces' moves and castling only: drops, swaps, first leaps and a
    # pass when stuck are :func:`_generate`'s
    if out is None and not rules.more_moves:
        safe = quiet_safe(pos)
        if safe is not None:
            return _count_special(pos, safe)
    moves: list[Move] = []
    _generate(pos, moves)
    moves = keep_legal(pos, moves, quiet_tested=False)
    if out is not None:
        out.extend(moves)
    return len(moves)


def _count_special(pos: State, safe: Bitboard) -> int:
    """perft's last ply under the rules of captures: the moves that take nothing of the pieces on
    ``safe`` counted from their targets, every other move (captures, castling, the other pieces'
    moves) played out."""
    rules = pos.rules
    us = pos.turn
    own = pos.by_color[us]
    enemy = pos.by_color[1 - us]
    occ = own | enemy
    empty = rules.geo.all & ~occ
    allowed = (0, empty, enemy, empty | enemy)  # by modality: moves, captures, both
    moves: list[Move] = []
    n = 0
    for t, tabs, init, pawn, general in rules.plans[us]:
        bb = pos.by_type[t] & own
        if not bb:
            continue
        every = general or (pawn and tabs.has_slides)  # moves not counted from targets: all listed
        if every or bb & ~safe:
            (_pawn_moves if pawn else _piece_moves)(pos, t, bb if every else bb & ~safe, occ, -1, False, 0, moves)
            bb = 0 if every else bb & safe
        if not bb:
            continue
        if pawn:
            n += _count_pawn_quiets(pos, t, tabs, bb, empty, moves)
            continue
        n += _count_piece_quiets(pos, tabs, init, bb, allowed, moves)
    if rules.castles_by_color[us]:
        _castles(pos, occ, moves)
    return n + len(keep_legal(pos, moves))


def _count_piece_quiets(
    pos: State, tabs: MoveTables, init: MoveTables | None, bb: Bitboard, allowed: tuple[Bitboard, ...], out: list[Move]
) -> int:
    """How many moves that take nothing the pieces (not pawns) on ``bb`` have; their captures are
    appended to ``out``.  ``allowed``: the targets by modality, as in :func:`_count_free`."""
    _, empty, enemy, _ = allowed
    occ = pos.rules.geo.all & ~empty
    quiet, capture = tabs.quiet, tabs.capture
    slides = tabs.slides if tabs.has_slides else None
    n = 0
    while bb:
        low = bb & -bb
        bb ^= low
        s = low.bit_length() - 1
        tgt = quiet[s] & empty | capture[s] & enemy
        if slides:  # written out as in _count_free
            for mask, cache, _, mod in slides[s]:
                tgt |= cache[occ & mask] & allowed[mod]
        if init is not None and pos.unmoved & low:
            tgt |= targets(init, s, occ, empty, enemy)
        n += (tgt & empty).bit_count()
        if tgt & enemy:
            out.extend((NORMAL, s, to, 0) for to in squares(tgt & enemy))
    return n


def _count_pawn_quiets(pos: State, t: int, tabs: MoveTables, pawns: Bitboard, empty: Bitboard, out: list[Move]) -> int:
    """How many moves that take nothing ``pawns`` have (counted as :func:`_count_pawns` counts them);
    their captures, en passant ones included, are appended to ``out``."""
    ep = pos.ep
    pos.ep = 0  # en passant is a capture: listed below
    try:
        n = _count_pawns(pos, t, tabs, pawns, empty, 0)
    finally:
        pos.ep = ep
    rules = pos.rules
    enemy = pos.by_color[1 - pos.turn]
    zone = rules.promotion_zone[pos.turn]
    plain_mask = ~zone if rules.promotion_mandatory or _form_mandatory(rules, t) else -1
    ep &= rules.takes_en_passant[t]
    if not ep and not any(
        (pawns & src) << d & enemy if d > 0 else (pawns & src) >> -d & enemy for d, src in tabs.capture_shifts
    ):
        return n
    for s in squares(pawns):
        caps = tabs.capture[s]
        if caps & enemy:
            out.extend((NORMAL, s, to, 0) for to in squares(caps & enemy & plain_mask))
            out.extend(_promotions(pos, s, caps & enemy & zone, _choices_now(pos), rules.pawn_form[t]))
        if ep and caps & ep:
            _en_passant(pos, s, caps & ep, out)
    return n


def _held_in_check(pos: State, out: list[Move] | None) -> int:
    """Every move, but a royal piece in check moves only to take the one piece that gives check (makpong)."""
    moves: list[Move] = []
    _generate(pos, moves)
    us = pos.turn
    royals = pos.royals(us)
    if pos.in_check(us):
        moves = [m for m in moves if not (m[1] >= 0 and royals >> m[1] & 1) or pos.checkers(us) == 1 << m[2]]
    if out is not None:
        out.extend(moves)
    return len(moves)


def _filtered(pos: State, out: list[Move] | None) -> int:
    """Without the moves that give check (racing kings), then only the captures when there is one
    (antichess), else every move; a side left without a move passes where stalemate passes."""
    moves: list[Move] = []
    _generate(pos, moves)
    rules = pos.rules
    if rules.set_up is not None:
        moves = rules.set_up.forced(moves, pos.pockets[pos.turn], DROP)
    if rules.no_checks or rules.no_drop_checks:
        moves = _without_checks(pos, moves)
    if rules.bikjang and kings_face(pos):
        moves = parted(pos, moves)
    if rules.must_capture:
        board = pos.board
        captures = [
            m
            for m in moves
            if m[0] in (EN_PASSANT, EP_PROMO)
            or (m[0] in (NORMAL, PROMOTION, PIECE_PROMO, PIECE_DEMO) and board[m[2]] != EMPTY)
        ]
        moves = captures or moves
    if out is not None:
        out.extend(moves)
    return len(moves)


def _without_checks(pos: State, moves: list[Move]) -> list[Move]:
    """Without the moves that give check (racing kings), or the drops that do (``drops.no_checks``)."""
    rules = pos.rules
    if rules.no_drop_checks:
        moves = [m for m in moves if m[0] != DROP or not _gives_check(pos, m)]
    if rules.no_checks:
        moves = [m for m in moves if m[0] == PASS or not _gives_check(pos, m)]
        if not moves and rules.pass_when_stuck and not pos.in_check():
            moves = [PASS_MOVE]
    return moves


def _gives_check(pos: State, m: Move) -> bool:
    """Play ``m`` and see whether it leaves a royal piece of the other side attacked."""
    pos.push(m)
    check = pos.in_check()
    pos.pop()
    return check


def _generate(pos: State, out: list[Move] | None) -> int:
    rules = pos.rules
    us = pos.turn
    own = pos.by_color[us]
    occ = own | pos.by_color[1 - us]
    kings = pos.royals(us)
    if kings and not kings & (kings - 1):  # the usual single royal piece, without a further call
        king = kings.bit_length() - 1
        checked, pinned = pos.check_and_pins(king, us)
        test_all = checked or (rules.hoppers and pos.hoppers_aimed(king, us))
    else:
        king, checked, test_all, pinned = _check_state(pos, kings)
    if out is None and not test_all:
        n = _count_free(pos, own, occ, king, pinned)
    else:
        n = 0
        for t, _, _, pawn, _ in rules.plans[us]:
            bb = pos.by_type[t] & own
            if bb:
                piece_moves = _pawn_moves if pawn else _piece_moves
                n += piece_moves(pos, t, bb, occ, king, test_all, pinned, out)
    if rules.castles_by_color[us] and not checked:
        n += _castles(pos, occ, out)
    n += _other_moves(pos, occ, kings != 0, (king, checked, test_all, pinned), out)
    if (rules.passing or (n == 0 and rules.pass_when_stuck)) and (not checked or (rules.bikjang and kings_face(pos))):
        n += 1
        if out is not None:
            out.append(PASS_MOVE)
    return n


def _other_moves(
    pos: State, occ: Bitboard, guarded: bool, check: tuple[int, bool, bool, Bitboard], out: list[Move] | None
) -> int:
    """Drops, swaps, first leaps, gating and promotions by a move of their own (``check``: the royal
    square, whether in check, whether to test every move, the pinned pieces)."""
    rules = pos.rules
    n = 0
    if rules.drops:
        n += _drops(pos, occ, check[2], out)
    if rules.swaps:
        n += swaps(pos, guarded, out)
    if rules.first_leaps:
        n += first_leaps(pos, occ, check[1], out)
    if rules.gating:
        n += _gating(pos, occ, check, out)
    if rules.own_promotion is not None:
        n += own_promotions(pos, out)
    return n


def _gating(pos: State, occ: Bitboard, check: tuple[int, bool, bool, Bitboard], out: list[Move] | None) -> int:
    """The gating moves: the legal moves from the gates and castling, listed again, each with a piece
    from hand behind it (``check``: the royal square, whether in check, whether to test every move, the
    pinned pieces)."""
    king, checked, test_all, pinned = check
    if not gates(pos):
        return 0
    base: list[Move] = []
    for t, _, _, pawn, _ in pos.rules.plans[pos.turn]:
        bb = pos.by_type[t] & gates(pos)
        if bb:
            (_pawn_moves if pawn else _piece_moves)(pos, t, bb, occ, king, test_all, pinned, base)
    if not checked:
        _castles(pos, occ, base)
    return _listed(gated(pos, base), out)


def _count_free(pos: State, own: Bitboard, occ: Bitboard, king: int, pinned: Bitboard) -> int:
    """How many moves the pieces have when the side to move is not in check (perft's last ply):
    pieces no check test concerns are counted straight from their targets, pawns all at once, the
    king's steps tested one by one; pinned pieces and pieces with initial or lame moves go through
    the general routines."""
    rules = pos.rules
    enemy = pos.by_color[1 - pos.turn]
    empty = rules.geo.all & ~occ
    allowed = (0, empty, enemy, empty | enemy)  # by modality: moves, captures, both
    by_type = pos.by_type
    king_bit = 1 << king if king >= 0 else 0
    n = 0
    for t, tabs, init, pawn, general in rules.plans[pos.turn]:
        bb = by_type[t] & own
        if not bb:
            continue
        if general:
            odd = bb
        elif init is not None:
            odd = bb & (pinned | king_bit | pos.unmoved)
        else:
            odd = bb & (pinned | king_bit) if pawn else bb & pinned
        if odd:
            n += (_pawn_moves if pawn else _piece_moves)(pos, t, odd, occ, king, False, pinned, None)
            bb ^= odd
            if not bb:
                continue
        if pawn:
            n += (
                _count_pawns(pos, t, tabs, bb, empty, enemy)
                if not tabs.has_slides
                else _pawn_moves(pos, t, bb, occ, king, False, pinned, None)
            )
            continue
        quiet, capture = tabs.quiet, tabs.capture
        slides = tabs.slides if tabs.has_slides else None
        either, both = allowed[3], tabs.leaps_both
        while bb:
            low = bb & -bb
            bb ^= low
            s = low.bit_length() - 1
            tgt = quiet[s] & either if both else quiet[s] & empty | capture[s] & enemy
            if slides:
                for mask, cache, _, mod in slides[s]:
                    tgt |= cache[occ & mask] & allowed[mod]
            if s != king:
                n += tgt.bit_count()
            elif tgt:
                n += _king_moves(pos, s, tgt, occ ^ low, None)
    return n


def _check_state(pos: State, kings: Bitboard) -> tuple[int, bool, bool, Bitboard]:
    """For a side with several royal pieces or none: no single royal square (-1), whether in check,
    whether every move must be played out to test it, and no pinned pieces.  Without a royal piece
    no move is illegal for check."""
    if kings:
        return -1, pos.in_check(pos.turn), True, 0
    return -1, False, False, 0


def _piece_moves(
    pos: State, t: int, bb: Bitboard, occ: Bitboard, king: int, test_all: bool, pinned: Bitboard, out: list[Move] | None
) -> int:
    """The moves of the pieces of type ``t`` on ``bb`` that are not pawns."""
    rules = pos.rules
    us = pos.turn
    enemy = pos.by_color[1 - us]
    empty = rules.geo.all & ~occ
    tabs = rules.tables[us][t]
    init = rules.initial_tables[us][t]
    leaps_only = not tabs.has_slides and not tabs.has_lame
    quiet, capture = tabs.quiet, tabs.capture
    expand = rules.expands[us][t]
    shuns, everywhere = rules.shuns[t], rules.geo.all
    n = 0
    while bb:
        low = bb & -bb
        bb ^= low
        s = low.bit_length() - 1
        tgt = quiet[s] & empty | capture[s] & enemy if leaps_only else targets(tabs, s, occ, empty, enemy)
        if init is not None and pos.unmoved & low:
            tgt |= targets(init, s, occ, empty, enemy)
        if shuns:  # what it reaches with its own type off the board too, but no piece of that type
            kin = pos.by_type[t]
            tgt &= ~kin & targets(tabs, s, occ & ~kin, everywhere, everywhere)
        if s == king:
            n += _king_moves(pos, s, tgt & ~rules.dead[us][t] if expand else tgt, occ ^ low, out)
        elif expand:
            moves = _promoting(pos, t, s, tgt)
            n += keep_safe(pos, moves, out) if test_all or low & pinned else _listed(moves, out)
        elif test_all or low & pinned:
            n += keep_safe(pos, [(NORMAL, s, to, 0) for to in squares(tgt)], out)
        elif out is None:
            n += tgt.bit_count()
        else:
            moves = [(NORMAL, s, to, 0) for to in squares(tgt)]
            n += len(moves)
            out.extend(moves)
    return n


def _pawn_moves(
    pos: State, t: int, bb: Bitboard, occ: Bitboard, king: int, test_all: bool, pinned: Bitboard, out: list[Move] | None
) -> int:
    """The moves of the pawns of type ``t`` on ``bb``: steps, multi-steps, en passant, promotions."""
    rules = pos.rules
    us = pos.turn
    enemy = pos.by_color[1 - us]
    empty = rules.geo.all & ~occ
    tabs = rules.tables[us][t]
    n = 0
    zone = rules.promotion_zone[us]
    choices = promotion_choices(pos, us) if rules.promotion_limited else rules.promotion_choices[us]
    # where a pawn may not move without promoting: its zone, or where promotion is optional, the
    # squares it could never leave (with immobility_illegal)
    form = rules.pawn_form[t]
    stays = zone if rules.promotion_mandatory or _form_mandatory(rules, t) else rules.dead[us][t]
    multistep = rules.multistep[us][t]
    leaps_only = not tabs.has_slides and not tabs.has_lame
    quiet, capture = tabs.quiet, tabs.capture
    ep = pos.ep & rules.takes_en_passant[t]
    stop = ~rules.outside[us][t]  # a pawn never enters the squares outside its region, promoting or not
    k = len(choices) + (form >= 0)
    while bb:
        low = bb & -bb
        bb ^= low
        s = low.bit_length() - 1
        # most pawns only step and capture: their targets without the general routine
        tgt = quiet[s] & empty | capture[s] & enemy if leaps_only else targets(tabs, s, occ, empty, enemy)
        tgt &= stop
        if s == king:
            n += _king_moves(pos, s, tgt, occ ^ low, out)
            continue
        steps = multistep[s]
        if ep and capture[s] & ep:
            n += _en_passant(pos, s, capture[s] & ep, out)
        promo = tgt & zone
        plain = tgt & ~stays
        tested = test_all or low & pinned
        if not tested and out is None:
            n += plain.bit_count() + promo.bit_count() * k
            if steps:
                n += _count_multisteps(occ, steps, zone, k)
            continue
        moves: list[Move] = [(NORMAL, s, to, 0) for to in squares(plain)]
        moves.extend(_promotions(pos, s, promo, choices, form))
        if steps:
            moves.extend(_multisteps(pos, s, occ, steps, form))
        n += keep_safe(pos, moves, out) if tested else _listed(moves, out)
    return n


def _promotions(pos: State, s: int, promo: Bitboard, choices: tuple[int, ...], form: int) -> list[Move]:
    """A pawn's promotions from ``s`` onto ``promo``: to each choice, and to its promoted ``form`` if it has one."""
    moves: list[Move] = [(_promotion(pos), s, to, c) for to in squares(promo) for c in choices]
    if form >= 0:
        moves.extend((PIECE_PROMO, s, to, form) for to in squares(promo))
    return moves


def _form_mandatory(rules: Rules, t: int) -> bool:
    """Whether a pawn of type ``t`` must promote where it could become its promoted form: Fairy-Stockfish's
    mandatory piece promotion takes the pawn's other moves into the zone away too."""
    return rules.pawn_form[t] >= 0 and rules.piece_promotion_mandatory


def _promotion(pos: State) -> int:
    """The kind of a pawn's promotion: by piece (remembered, as shinobi's) or a pawn's choice."""
    return PIECE_PROMO if pos.rules.pawns_promote_by_piece else PROMOTION


def _choices_now(pos: State) -> tuple[int, ...]:
    """What a pawn of the side to move may promote to (off the counting paths, which test the limits once)."""
    rules = pos.rules
    return promotion_choices(pos, pos.turn) if rules.promotion_limited else rules.promotion_choices[pos.turn]


def _promoting(pos: State, t: int, s: int, tgt: Bitboard) -> list[Move]:
    """The moves of a piece of type ``t`` on ``s`` to ``tgt`` where it may promote by piece, or demote
    (on a move that starts or ends in the zone), or may not stop (a square it could never leave)."""
    rules = pos.rules
    us = pos.turn
    plain = tgt & ~rules.dead[us][t]
    moves: list[Move] = []
    promoted = rules.promotes_to[t]
    zone = rules.piece_promotion_zone[us]
    may = tgt if zone >> s & 1 else tgt & zone
    if rules.promotes_on_capture:
        may &= pos.by_color[1 - us]
    if promoted >= 0:
        moves = [(PIECE_PROMO, s, to, promoted) for to in squares(may)]
    origin = pos.unpromoted[s] if rules.demotion else EMPTY
    if origin != EMPTY:  # Fairy-Stockfish lets a demotion stop where the piece could never move again
        moves += [(PIECE_DEMO, s, to, origin) for to in squares(may)]
    if rules.piece_promotion_mandatory and (promoted >= 0 or origin != EMPTY):
        plain &= ~may
    moves.extend((NORMAL, s, to, 0) for to in squares(plain))
    return moves


def _count_pawns(pos: State, t: int, tabs: MoveTables, pawns: Bitboard, empty: Bitboard, enemy: Bitboard) -> int:
    """How many moves ``pawns`` have, their steps, captures, promotions and multi-steps counted by
    shifting them all at once (none of them may be pinned or royal)."""
    rules = pos.rules
    us = pos.turn
    zone = rules.promotion_zone[us]
    k = len(promotion_choices(pos, us) if rules.promotion_limited else rules.promotion_choices[us])
    k += rules.pawn_form[t] >= 0
    # pawns with dead squares are never counted here
    plain = ~zone if rules.promotion_mandatory or _form_mandatory(rules, t) else -1
    n = 0
    for d, sources in tabs.quiet_shifts:
        x = pawns & sources
        if x:
            x = (x << d if d > 0 else x >> -d) & empty
            n += (x & plain).bit_count() + (x & zone).bit_count() * k
    for d, sources in tabs.capture_shifts:
        x = pawns & sources
        if x:
            x = (x << d if d > 0 else x >> -d) & enemy
            n += (x & plain).bit_count() + (x & zone).bit_count() * k
    ep = pos.ep & rules.takes_en_passant[t]
    if ep:
        for s in squares(pawns):
            if tabs.capture[s] & ep:
                n += _en_passant(pos, s, tabs.capture[s] & ep, None)
    bulk = rules.multistep_bulk[us][t]
    if bulk is None:
        steps, occ = rules.multistep[us][t], rules.geo.all & ~empty
        return n + sum(_count_multisteps(occ, steps[s], zone, k) for s in squares(pawns))
    start, d, most = bulk
    x = pawns & start
    for i in range(1, most + 1):
        if not x:
            break
        x = (x << d if d > 0 else x >> -d) & empty
        if i >= 2:
            n += (x & ~zone).bit_count() + (x & zone).bit_count() * k
    return n


def _count_multisteps(
    occ: Bitboard, steps: tuple[tuple[int, Bitboard, Bitboard], ...], zone: Bitboard, promos: int
) -> int:
    """How many of a pawn's multi-steps are unblocked, a promotion counting once per choice."""
    n = 0
    for to, path, _ in steps:
        if not occ & path:
            n += promos if zone >> to & 1 else 1
    return n


def _listed(moves: list[Move], out: list[Move] | None) -> int:
    if out is not None:
        out.extend(moves)
    return len(moves)


def _multisteps(
    pos: State, s: int, occ: Bitboard, steps: tuple[tuple[int, Bitboard, Bitboard], ...], form: int
) -> list[Move]:
    """A pawn's unblocked multi-steps from ``s`` (promoting where they end in the zone, also to its
    promoted ``form`` if it has one)."""
    rules = pos.rules
    zone = rules.promotion_zone[pos.turn]
    special: list[Move] = []
    for to, path, passed in steps:
        if not occ & path:
            if zone >> to & 1:
                special.extend((_promotion(pos), s, to, c) for c in _choices_now(pos))
                special.extend([(PIECE_PROMO, s, to, form)] if form >= 0 else [])
            else:
                special.append((MULTISTEP, s, to, passed))
    return special


def _en_passant(pos: State, s: int, ep_targets: Bitboard, out: list[Move] | None) -> int:
    """En passant captures from ``s``: always played out, since they empty a second square."""
    rules = pos.rules
    us = pos.turn
    zone = rules.promotion_zone[us]
    guarded = pos.royals(us) != 0
    n = 0
    for to in squares(ep_targets):
        takes: list[Move] = [(EP_PROMO, s, to, c) for c in _choices_now(pos)] if zone >> to & 1 else []
        if not takes or not rules.promotion_mandatory:
            takes.append((EN_PASSANT, s, to, pos.ep_victim))
        for m in takes:
            if not guarded or safe(pos, m, us):
                n += 1
                if out is not None:
                    out.append(m)
    return n


def _king_moves(pos: State, s: int, tgt: Bitboard, lifted: Bitboard, out: list[Move] | None) -> int:
    """The single royal's steps: each target is tested with the king lifted off the board."""
    them = 1 - pos.turn
    n = 0
    while tgt:
        tl = tgt & -tgt
        tgt ^= tl
        to = tl.bit_length() - 1
        if not pos.attacked(to, them, lifted):
            n += 1
            if out is not None:
                out.append((NORMAL, s, to, 0))
    return n


def _castles(pos: State, occ: Bitboard, out: list[Move] | None) -> int:
    """Castling moves (the side to move is not in check)."""
    us = pos.turn
    them = 1 - us
    n = 0
    unmoved = pos.unmoved
    for c in pos.rules.castles_by_color[us]:
        # the cheapest tests first: most positions fail on the squares between
        if (
            not occ & c.must_be_empty
            and unmoved >> c.king_from & 1
            and unmoved >> c.rook_from & 1
            and pos.castling_pieces_home(c)
            and not any(pos.attacked(sq, them, occ) for sq in c.king_path)
        ):
            m = (CASTLE, c.king_from, c.king_to, c.index)
            if safe(pos, m, us):
                n += 1
                if out is not None:
                    out.append(m)
    return n


def _drops(pos: State, occ: Bitboard, test_all: bool, out: list[Move] | None) -> int:
    """Drops from the pocket onto the empty squares of the drop region, and as the piece it promotes to
    where the variant allows (``PROMOTED_DROP``)."""
    rules = pos.rules
    us = pos.turn
    free = ~occ
    regions = rules.drop_regions[us]
    promoted = rules.promoted_drop_regions[us]
    pocket = pos.pockets[us]
    paired = rules.set_up if rules.set_up is not None and rules.set_up.paired >= 0 else None
    n = 0
    for t in range(rules.ntypes):
        if not pocket[t]:
            continue
        region, raised = regions[t] & free, promoted[t] & free
        if paired is not None:  # pieces that must stand on both colours
            mine = pos.by_type[paired.paired] & pos.by_color[us]
            region = paired.paired_targets(t, region, mine, pocket[paired.paired], regions[paired.paired] & free)
        if t == rules.one_per_file:
            mine = pos.by_type[t] & pos.by_color[us]
            for mask in rules.file_masks:
                if (mine & mask).bit_count() >= rules.per_file:
                    region &= ~mask
                    raised &= ~mask
        for frm, where in ((-1, region), (PROMOTED_DROP, raised)):
            if not where:
                continue
            if test_all or rules.is_royal[t]:  # a royal piece may not be dropped into check
                n += keep_safe(pos, [(DROP, frm, to, t) for to in squares(where)], out)
            elif out is None:
                n += where.bit_count()
            else:
                out.extend((DROP, frm, to, t) for to in squares(where))
                n += where.bit_count()
    return n
