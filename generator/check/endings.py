"""Game-end proofs: for each rule that ends a game or sets its value, a position where it decides.

Random games seldom reach a stalemate, the fiftieth quiet move or a third repetition, so a check
that only walks them cannot tell ``nMoveRule = 20`` from ``50``.  :func:`endings` builds, from a
variant's rules alone (never its name), an :class:`Ending` per rule: a position in
Fairy-Stockfish's FEN and the moves from it whose last one makes the rule decide.
:func:`prove` asks an engine about the position before that move and the one after it (its legal
moves, its result where the game is over, and the draw a player may claim there) and compares
each answer with the reference engine's.

How each rule's position is found (:data:`BUILDERS`, one builder per rule):

* **n-move rule**: a position with the half-move clock one short of the limit, and a quiet move of
  a piece that is not a pawn; where the pieces whose moves restart the count are not the pawns, also
  a move of one that restarts it where a pawn would not, or of a pawn that does not.
* **repetition**: a real move sequence, two pieces (or two passes) going out and back until the
  reference says the position has occurred n times.  Where an engine ends the game drawn as soon
  as both sides have passed, a cycle of passes ends there, and that draw is the repetition draw
  it plays.
* **perpetual check**: from the positions of checkmate, four moves that bring the position back, the
  mover's two giving check and the other side's (a royal piece may step) not, played until the
  repetition makes the checking side lose.
* **move repetition** (the ban on moving one piece back and forth): the repetition's cycle of four moves,
  played until the side that started it loses by the ban.
* **perpetual chase**, **checks lengthen the move rule** (the rules on chasing): see
  :mod:`generator.check.ending_cycles`, which also plays the cycles of the two above.
* **checkmate**, **stalemate** (drawn, lost, won, or a forced pass), **bare king**, **race**, **flag**,
  **extinction**: small positions drawn at random around one square near the edge (the royal
  pieces of both sides, up to three other pieces of the mover's setup and one of the other
  side's), the same ones on every run, then (checkmate, stalemate, flag, extinction) the positions
  along random games (ten times as many for a stalemate), until one of the mover's moves ends the
  game by that rule.  A race is only looked for along random games.  A side that may pass (``passing``)
  is never stalemated: it passes, unless in check.
* **mate not allowed**, **mate without shak** (shatar's mate rule): as checkmate, a move that mates
  with pieces that may not mate alone (the mated side wins), and one that mates without a decisive
  check (a draw).
* **stalemate piece count**: a few pawns of each side on two files by the edge, drawn at random,
  until a move stalemates a side with more pieces than the other, one with as many, and one with
  fewer (those found).
* **check count**: the positions of checkmate, with one check left for the mover, until one of its
  moves gives that check.
* **flag reply** (a flag goal whose opponent moves once more): a move that reaches the region while
  the game goes on, then the opponent's move after which the first side wins and, for a royal piece,
  one that draws, from one position.
* **flag safe** (a flag goal whose pieces must stand unattacked): as flag, a move into the region
  where the game goes on (the pieces attacked), then a reply after which they are still there,
  safe, and win.
* **counting**: a small position (or one along a random game) without pawns, its count set at the
  limit the material gives, and a quiet move that takes the count over it.
* **promotions only** (promotion as a move of its own): small random positions where the other side
  has only its royal piece, by the edge, and one pawn, until a move of the mover's leaves it able only
  to promote.
* **bikjang**, **points** (:mod:`generator.check.ending_passes`): a move that brings the royal pieces face
  to face and the pass that then ends the game; two passes in a row that the points decide, for each side.
* **castling**: for each castling move, the start position with the squares it needs emptied; where
  castling is gained by drops and its pieces start in hand, the king set on its square and the rook
  dropped onto its own (each side holding one piece), then the castling.

A rule that applies but finds no position is reported (``unbuilt``), never passed over in silence.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> cases, unbuilt = endings(chess)
>>> [c.rule for c in cases], unbuilt
(['n-move rule', 'repetition', 'checkmate', 'stalemate', 'castling', 'castling', 'castling', 'castling'], [])
>>> cases[0].fen, cases[0].moves
('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 1', ('b1a3',))
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from generator.catalogue.model import StalemateResult, Variant
from generator.check.compare import (
    Answer,
    Disagreement,
    EngineAdapter,
    Query,
    VariantReport,
    alike,
    evaluate,
    played_by,
)
from generator.check.ending_cycles import (
    Ending,
    by_counted,
    checks_lengthen,
    cycle_ending,
    four_moves,
    perpetual_chase,
    playable,
    quiet,
    reverse,
    reversible,
    spell,
)
from generator.check.ending_passes import bikjang_endings, points_endings
from generator.check.ending_positions import ATTEMPTS, lone_pawn_positions, reread, small_positions
from generator.check.ending_stalemates import Sieve, sieve
from generator.check.fairy_stockfish_worker import fsf_fen
from generator.check.perft_compare import CountReport
from generator.emit.target import Target
from generator.engine import Move, Position
from generator.engine import moves as mv
from generator.engine.counting import count_limit
from generator.engine.gates import extinction
from generator.engine.geometry import bits
from generator.engine.movegen import free_move, one_wall_each
from generator.engine.outcome import Outcome, Reason
from generator.engine.rules import Castle, Rules
from generator.engine.state import EMPTY

__all__ = ["BUILDERS", "NOT_GAME_ENDS", "Ending", "endings", "prove", "prove_into"]

#: random games, and their longest, along which the n-move and repetition builders look
GAMES, PLIES = 4, 400
# -- the builders -------------------------------------------------------------------------------------


def _move_rule(variant: Variant) -> list[Ending]:
    """A quiet move that takes the count to the limit; where the pieces whose moves restart the count
    are not the pawns, also a move of a piece that restarts it where a pawn would not, or the other way
    round (its count restarted, or at the limit)."""
    limit = variant.draws.move_rule
    d = variant.draws
    out = []
    for rule, find in (("n-move rule", quiet), ("n-move rule pieces", _not_as_pawns)):
        if find is _not_as_pawns and d.move_rule_pieces is None and d.black_move_rule_pieces is None:
            break
        for pos in _positions(variant):
            # a pawn's multi-step first: no pawn could take it back, so it restarts the count where pawns do
            moves = [
                t for _, t in sorted((m[0] == mv.NORMAL, spell(pos, m)) for m in pos.legal_moves() if find(pos, m))
            ]
            if moves:
                fields = fsf_fen(pos.fen()).split()
                fields[-2] = str(2 * limit - 1)  # the half-move clock, before the move number
                out.append(Ending(rule, " ".join(fields), (moves[0],)))
                break
    return out


def _not_as_pawns(pos: Position, m: Move) -> bool:
    """A non-capturing move of a piece, not royal, whose moves restart the count where a pawn's would not,
    or the other way round."""
    kind, frm, to, _ = m
    if kind not in (mv.NORMAL, mv.MULTISTEP) or pos.board[to] != EMPTY:
        return False
    t, rules = pos.board[frm] >> 1, pos.rules
    return rules.resets_move_rule[pos.turn][t] != rules.is_pawn[t] and not rules.is_royal[t]


def _repetition(variant: Variant) -> list[Ending]:
    return cycle_ending(variant, _positions(variant), _cycle, "repetition", _repeated)


def _repeated(end: Outcome, played: list[str]) -> bool:
    return end.why is Reason.REPETITION or _passes_drawn(end, played)


def _perpetual_check(variant: Variant) -> list[Ending]:
    """A cycle in which one side gives check with both its moves, played until the repetition ends the game."""
    positions = _small_then_game_positions(variant, "perpetual check")
    return cycle_ending(variant, positions, _checking_cycle, "perpetual check", _perpetual)


def _perpetual(end: Outcome, _: list[str]) -> bool:
    return end.why is Reason.PERPETUAL_CHECK


def _moved_back(end: Outcome, _: list[str]) -> bool:
    return end.why is Reason.MOVE_REPETITION


def _checking_cycle(pos: Position) -> list[str] | None:
    """Four quiet moves that bring ``pos`` back, the mover's two giving check and the other side's not."""
    return four_moves(pos, _steps_away, lambda pos, a, b, b_move: _unchecking(pos, b_move, a, b), _checking)


def _checking(pos: Position) -> list[tuple[str, Move]]:
    """The moves of :func:`reversible` that give check (the replies to the others are never looked at)."""
    found = []
    for a, m in reversible(pos):
        pos.push(m)
        if pos.in_check():
            found.append((a, m))
        pos.pop()
    return found


def _steps_away(pos: Position) -> list[tuple[str, Move]]:
    """The quiet moves of ``pos`` (:func:`quiet`) and those of its royal pieces to empty squares, by spelling."""
    rules = pos.rules
    return sorted(
        (spell(pos, m), m)
        for m in pos.legal_moves()
        if quiet(pos, m) or (m[0] == mv.NORMAL and pos.board[m[2]] == EMPTY and rules.is_royal[pos.board[m[1]] >> 1])
    )


def _unchecking(pos: Position, b_move: Move, a: str, b: str) -> bool:
    """Whether the reply ``b_move`` (spelled ``b``) gives no check, ``a`` played back then gives check,
    and both moves can be played back."""
    pos.push(b_move)
    ok = not pos.in_check() and _gives_check_back(pos, reverse(a))
    pos.pop()
    return ok and playable(pos, [b_move], [reverse(a), reverse(b)])


def _gives_check_back(pos: Position, text: str) -> bool:
    """Whether the move spelled ``text`` is legal in ``pos`` and gives check."""
    found = next((m for m in pos.legal_moves() if spell(pos, m) == text), None)
    if found is None:
        return False
    pos.push(found)
    check = pos.in_check()
    pos.pop()
    return check


def _passes_drawn(end: Outcome, played: list[str]) -> bool:
    """Whether a cycle of passes ended drawn by the two-passes rule: where an engine ends the game as
    soon as both sides have passed (a reference relaxed so), that draw is its repetition draw."""
    return end.winner is None and end.why is Reason.DOUBLE_PASS and all(m == "0000" for m in played)


def _cycle(pos: Position) -> list[str] | None:
    """Four moves that bring ``pos`` back: one side's piece (or pass) out, the other's, and both back."""
    # two passes undo themselves; whether the game lets them go on is the repetition loop's to see
    # under the ban on moving back and forth, only pieces it does not count (a cycle of those it counts proves it)
    return _cycle_of(pos, by_counted(False) if pos.rules.variant.draws.move_repetition_loses else reversible)


def _cycle_of(pos: Position, moves: Callable[[Position], list[tuple[str, Move]]]) -> list[str] | None:
    return four_moves(
        pos,
        moves,
        lambda pos, a, b, b_move: a == b == "0000" or playable(pos, [b_move], [reverse(a), reverse(b)]),
        moves,
    )


def _counting(variant: Variant) -> list[Ending]:
    """A pawnless position whose count has reached its limit, and a quiet move that takes it over."""
    for pos in _small_then_game_positions(variant, "counting"):
        limit = 2 * (count_limit(pos, pos.turn) or count_limit(pos, 1 - pos.turn))
        if not limit or any(pos.by_type[t] for t in pos.rules.counted[0]):
            continue
        fields = fsf_fen(pos.fen()).split()
        fields[3] = fields[-2] = str(limit)  # the clock's field is the one before the move number, checks or not
        counted = Position.from_fen(variant, " ".join(fields))
        for m in sorted((m for m in counted.legal_moves() if quiet(counted, m)), key=lambda m: spell(counted, m)):
            counted.push(m)
            end = counted.outcome()
            counted.pop()
            if end is not None and end.why is Reason.COUNTING:
                return [Ending("counting", " ".join(fields), (spell(counted, m),))]
    return []


def _castling_starts(variant: Variant) -> Iterator[tuple[Castle, Position]]:
    """Per castling, the start position with the squares between its king and rook emptied, its side to move."""
    for c in Position.start(variant).rules.castles:
        pos = Position.start(variant)
        for s in bits(c.must_be_empty & pos.occupied):
            pos.lift(s)
        pos.turn = c.color
        yield c, pos


def _castling_positions(variant: Variant) -> Iterator[tuple[int, Position]]:
    """Per castling whose king and rook stand at home (its index), that start position, read again."""
    for c, pos in _castling_starts(variant):
        seen = reread(pos) if pos.castling_pieces_home(c) else None
        if seen is not None:
            yield c.index, seen


def _castling(variant: Variant) -> list[Ending]:
    out: list[Ending] = []
    for c, pos in _castling_starts(variant):
        if not pos.castling_pieces_home(c):
            out += _castling_by_drops(pos, c)
    for index, seen in _castling_positions(variant):
        castle = next((m for m in seen.legal_moves() if m[0] == mv.CASTLE and m[3] == index), None)
        if castle is not None:
            out.append(Ending("castling", fsf_fen(seen.fen()), (spell(seen, castle),)))
    return out


def _castling_by_drops(pos: Position, c: Castle) -> list[Ending]:
    """Where castling is gained by drops: its king set on its square, its rook the only piece left in
    hand, and one piece in the other side's hand, so that the hands stay level as a set-up phase keeps
    them (the Zillions files' set-up turns); the rook's drop, the other side's first move, then the
    castling."""
    pocket, other = pos.pockets[c.color], pos.pockets[1 - c.color]
    if pos.board[c.king_from] == EMPTY and pocket[c.king_type]:
        pos.put(c.king_from, c.king_type * 2 + c.color)
    if pos.board[c.rook_from] != EMPTY or not pocket[c.rook_type]:
        return []
    pos.pockets[c.color] = [int(t == c.rook_type) for t in range(len(pocket))]
    kept = next((t for t, n in enumerate(other) if n), -1)
    pos.pockets[1 - c.color] = [int(t == kept) for t in range(len(other))]
    seen = reread(pos)
    drop = (mv.DROP, -1, c.rook_from, c.rook_type)
    if seen is None or drop not in seen.legal_moves():
        return []
    moves = [drop, min(_after(seen, drop), key=lambda m: spell(seen, m), default=None)]
    spelled = []
    for m in moves:
        if m is None:
            return []
        spelled.append(spell(seen, m))
        seen.push(m)
    castle = next((m for m in seen.legal_moves() if m[0] == mv.CASTLE and m[3] == c.index), None)
    return [] if castle is None else [Ending("castling", fsf_fen(pos.fen()), (*spelled, spell(seen, castle)))]


def _after(pos: Position, m: Move) -> list[Move]:
    """The legal moves once ``m`` is played."""
    pos.push(m)
    out = pos.legal_moves()
    pos.pop()
    return out


def _cleared_for_castling(variant: Variant, rule: str) -> Iterator[Position]:
    """The positions of :func:`_castling_positions` (any ``rule``) where the game goes on."""
    return (pos for _, pos in _castling_positions(variant) if pos.outcome() is None)


def _ends_by(reason: Reason) -> Callable[[Position], bool]:
    def decided(pos: Position) -> bool:
        end = pos.outcome()
        return end is not None and end.why is reason

    return decided


def _stalemated(pos: Position) -> bool:
    if pos.rules.stalemate is StalemateResult.PASS:
        if pos.immediate_outcome() is not None or pos.in_check():
            return False
        return pos.legal_moves() == [mv.PASS_MOVE]
    # the cheapest questions first: a move found without playing one, nearly always
    if free_move(pos) or pos.in_check() or pos.immediate_outcome() is not None:
        return False
    return not pos.has_moves()


def _by_search(
    rule: str,
    decided: Callable[[Position], bool],
    where: Callable[[Variant, str], Iterator[Position]],
    sieve: Callable[[Position], Sieve | None] = lambda _: None,
) -> Callable[[Variant], list[Ending]]:
    """A builder: the first move, among the positions ``where`` yields, after which ``decided``; ``sieve``
    passes over the moves it knows cannot decide."""

    def build(variant: Variant) -> list[Ending]:
        for pos in where(variant, rule):
            s = sieve(pos)
            if s is not None and s.hopeless:
                continue
            for m in _candidates(pos, s.may_stalemate if s is not None else None):
                pos.push(m)
                found = decided(pos)
                pos.pop()
                if found:
                    return [Ending(rule, fsf_fen(pos.fen()), (spell(pos, m),))]
        return []

    return build


def _candidates(pos: Position, keep: Callable[[Move], bool] | None = None) -> list[Move]:
    """The legal moves of ``pos`` (those ``keep`` keeps) by spelling; where moves place walls, each move
    with its first wall only (hundreds of walls a move: the search looks at more positions instead)."""
    by_name = pos.rules.geo.name
    listed = one_wall_each(pos, lambda walls: min(bits(walls), key=by_name)) if pos.rules.walling else None
    if listed is None:
        listed = pos.legal_moves()
    moves = sorted(filter(keep, listed) if keep else listed, key=lambda m: spell(pos, m))
    if pos.rules.walling is None:
        return moves
    first: dict[tuple[int, ...], Move] = {}
    for m in moves:
        first.setdefault(tuple(m), m)
    return list(first.values())


# -- positions to search -------------------------------------------------------------------------------


def _positions(variant: Variant) -> Iterator[Position]:
    """Where the n-move and repetition builders look: the start position, the positions along a few
    random games (where both sides may end up able only to pass), then small random ones."""
    start = reread(Position.start(variant))
    if start is not None:  # a variant relaxed for an engine may break the FEN's own sanity rules
        yield start
    yield from _game_positions(variant, "moves")
    yield from small_positions(variant, "moves", attempts=300)


def _game_positions(
    variant: Variant, rule: str, games: range = range(GAMES), worth: Callable[[Position], bool] = lambda _: True
) -> Iterator[Position]:
    """The positions along a few random games (those ``worth`` a look), as an engine reads their FEN: the
    material is always what play can leave (a race counted by pieces in the zone needs that)."""
    for game in games:
        rng = random.Random(f"endings:{variant.name}:{rule}:{game}")
        pos = Position.start(variant)
        for _ in range(PLIES):
            legal = sorted((spell(pos, m), m) for m in pos.legal_moves())
            if not legal or pos.outcome() is not None:
                break
            pos.push(rng.choice(legal)[1])
            if not worth(pos):
                continue
            seen = reread(pos)
            if seen is not None and seen.outcome() is None:
                yield seen


def _small_then_game_positions(variant: Variant, rule: str) -> Iterator[Position]:
    """Small random positions, then, for a side that has no piece a small position may use (horde's
    pawns), the positions along random games."""
    yield from small_positions(variant, rule)
    yield from _game_positions(variant, rule)


def _either_side_then_game_positions(variant: Variant, rule: str) -> Iterator[Position]:
    """Small random positions with the side that moves first to move, then with the other (an extinction
    may come only by the other side's move: horde's pawns, all White has, taken by Black), then the
    positions along random games."""
    yield from small_positions(variant, rule)
    yield from small_positions(variant, rule, mover=variant.setup.to_move.other)
    yield from _game_positions(variant, rule)


def _holding(variant: Variant, rule: str) -> Iterator[Position]:
    """The small random positions with the mover holding one piece of the type that may not mate from hand."""
    drops = variant.drops
    assert drops is not None and drops.no_drop_mate is not None
    kind = Rules.of(variant).type_of[drops.no_drop_mate]
    for pos in small_positions(variant, rule):
        pos.pockets[pos.turn][kind] += 1
        seen = reread(pos)
        if seen is not None and seen.outcome() is None:
            yield seen


def _stalemate_positions(variant: Variant, rule: str) -> Iterator[Position]:
    """Those of :func:`_small_then_game_positions`, then ten times as many random games: where captures
    are forced and a bare king wins (losers), a stalemate needs blocked pawns, which only play leaves."""
    yield from small_positions(variant, rule)
    yield from _game_positions(variant, rule, worth=_may_stalemate)
    if variant.walling is None:  # with walls, hundreds of moves a position: too long a search
        yield from _game_positions(variant, rule, range(GAMES, 10 * GAMES), _may_stalemate)


def _may_stalemate(pos: Position) -> bool:
    found = sieve(pos)
    return found is None or not found.hopeless


def _one_check_left(variant: Variant, rule: str) -> Iterator[Position]:
    """The positions of :func:`_small_then_game_positions` with one check left for the side to move."""
    for pos in _small_then_game_positions(variant, rule):
        checks = list(pos.checks_left)
        checks[pos.turn] = 1
        pos.checks_left = (checks[0], checks[1])
        seen = reread(pos)
        if seen is not None and seen.outcome() is None:
            yield seen


def _stalemates_by_count(variant: Variant) -> list[Ending]:
    """Stalemates where the stalemated side has more pieces than the other, as many, and fewer (those
    found), from positions of pawns blocking each other."""
    found: dict[int, Ending] = {}
    for pos in _pawn_positions(variant, "stalemate piece count"):
        fen = fsf_fen(pos.fen())
        for m in sorted(pos.legal_moves(), key=lambda m: spell(pos, m)):
            text = spell(pos, m)
            pos.push(m)
            if _stalemated(pos):
                more = pos.by_color[pos.turn].bit_count() - pos.by_color[1 - pos.turn].bit_count()
                found.setdefault((more > 0) - (more < 0), Ending("stalemate piece count", fen, (text,)))
            pos.pop()
        if len(found) == 3:
            break
    return [found[k] for k in sorted(found, reverse=True)]


def _pawn_positions(variant: Variant, rule: str, attempts: int = ATTEMPTS) -> Iterator[Position]:
    """Random positions of a few pawns of each side (and the royal pieces) on two files by the edge,
    away from the first and last two ranks: where pawns block each other (the same on every run)."""
    rng = random.Random(f"endings:{variant.name}:{rule}")
    rules = Rules.of(variant)
    pawns = [[code for _, code in rules.setup if code & 1 == side and rules.is_pawn[code >> 1]] for side in (0, 1)]
    if not all(pawns) or rules.geo.ranks < 6:
        return
    for _ in range(attempts):
        pos = _pawn_position(rules, rng, pawns)
        if pos is not None:
            yield pos


def _pawn_position(rules: Rules, rng: random.Random, pawns: list[list[int]]) -> Position | None:
    geo = rules.geo
    files = (0, 1) if rng.random() < 0.5 else (geo.files - 2, geo.files - 1)
    area = [geo.square(f, r) for f in files for r in range(2, geo.ranks - 2) if geo.is_square(geo.square(f, r))]
    pos = Position(rules)
    pos.turn = int(rules.variant.setup.to_move)
    placed = [(rng.choice(pawns[side]), area) for side in (0, 1) for _ in range(rng.randint(1, 3))]
    placed += [(code, list(bits(geo.all))) for _, code in rules.setup if rules.is_royal[code >> 1]]
    for code, pool in placed:
        free = [s for s in pool if pos.board[s] == EMPTY]
        if free:
            pos.put(rng.choice(free), code)
    seen = reread(pos)
    if seen is None or seen.in_check(1 - seen.turn) or seen.outcome() is not None:
        return None
    return seen


def _flag_goal(v: Variant, race: bool) -> bool:
    return v.goals.flag is not None and v.goals.flag.race == race


def _flag_replies(variant: Variant) -> list[Ending]:
    """Where a side reaches its region and the game goes on: the opponent's one more move, after
    which the first side wins (still there) and, with a royal piece, one that draws (there too)."""
    flag = variant.goals.flag
    assert flag is not None
    kinds = 2 if flag.piece is not None and variant.piece(flag.piece).royal else 1
    found: dict[bool, Ending] = {}
    for pos in _small_then_game_positions(variant, "flag"):  # where the flag proof looks
        us = pos.turn
        for first in sorted(pos.legal_moves(), key=lambda m: spell(pos, m)):
            spelled = spell(pos, first)
            pos.push(first)
            if pos.flag_reached(us) and pos.outcome() is None:
                for reply in sorted(pos.legal_moves(), key=lambda m: spell(pos, m)):
                    text = spell(pos, reply)
                    pos.push(reply)
                    end = pos.outcome()
                    pos.pop()
                    if end is not None and end.why is Reason.FLAG:
                        found.setdefault(end.winner is None, Ending("flag reply", "", (spelled, text)))
            pos.pop()
            if len(found) == kinds:
                fen = fsf_fen(pos.fen())
                return [Ending(e.rule, fen, e.moves) for e in found.values()]
        found.clear()
    return []


def _flag_safe(variant: Variant) -> list[Ending]:
    """Where a side's flag pieces arrive in its region attacked and the game goes on, and a reply
    after which they are still there, no longer attacked, and win on their side's turn."""
    for pos in _small_then_game_positions(variant, "flag"):
        us = pos.turn
        assert pos.rules.flag is not None
        piece, regions, count, *_ = pos.rules.flag
        for first in sorted(pos.legal_moves(), key=lambda m: spell(pos, m)):
            spelled = spell(pos, first)
            pos.push(first)
            mine = pos.by_color[us] if piece is None else pos.by_type[piece] & pos.by_color[us]
            if (mine & regions[us]).bit_count() >= (count or 1) and pos.outcome() is None:
                for reply in sorted(pos.legal_moves(), key=lambda m: spell(pos, m)):
                    text = spell(pos, reply)
                    pos.push(reply)
                    end = pos.outcome()
                    pos.pop()
                    if end is not None and end.why is Reason.FLAG and end.winner == us:
                        pos.pop()
                        return [Ending("flag safe", fsf_fen(pos.fen()), (spelled, text))]
            pos.pop()
    return []


def _applies_checkmate(v: Variant) -> bool:
    """Mate needs check, which a variant without checks never gives, given to a royal or a pseudo-royal piece."""
    ext = v.goals.extinction
    royal = any(p.royal for p in v.pieces) or (ext is not None and ext.pseudo_royal)
    return v.goals.checkmate and royal and not v.no_checks


#: the rules of :data:`BUILDERS` proved at positions set up for them that do not end a game: a castling
#: move the engine must have (or must not) where the rights and the squares say so
NOT_GAME_ENDS = frozenset({"castling"})

#: (rule, whether the variant has it, the builder of its positions)
BUILDERS: tuple[tuple[str, Callable[[Variant], bool], Callable[[Variant], Sequence[Ending]]], ...] = (
    ("n-move rule", lambda v: v.draws.move_rule > 0, _move_rule),
    ("repetition", lambda v: v.draws.repetition > 0, _repetition),
    ("perpetual check", lambda v: v.draws.repetition > 0 and v.draws.perpetual_check_loses, _perpetual_check),
    (
        "move repetition",
        lambda v: v.draws.repetition > 0 and v.draws.move_repetition_loses,
        lambda v: cycle_ending(
            v, _positions(v), lambda p: _cycle_of(p, by_counted(True)), "move repetition", _moved_back
        ),
    ),
    (
        "perpetual chase",
        lambda v: v.draws.repetition > 0 and v.draws.chasing is not None,
        lambda v: perpetual_chase(v, _small_then_game_positions(v, "perpetual chase")),
    ),
    (
        "checks lengthen the move rule",
        lambda v: v.draws.move_rule > 0 and v.draws.chasing is not None,
        lambda v: checks_lengthen(v, small_positions(v, "checks")),
    ),
    ("checkmate", _applies_checkmate, _by_search("checkmate", _ends_by(Reason.CHECKMATE), _small_then_game_positions)),
    (
        "drop mate",
        lambda v: bool(v.goals.checkmate and v.drops is not None and v.drops.no_drop_mate),
        _by_search("drop mate", _ends_by(Reason.DROP_MATE), _holding),
    ),
    (
        "mate not allowed",
        lambda v: bool(v.goals.checkmate and v.goals.shatar_mate and v.goals.shatar_mate.not_mating),
        _by_search("mate not allowed", _ends_by(Reason.MATE_NOT_ALLOWED), _small_then_game_positions),
    ),
    (
        "mate without shak",
        lambda v: v.goals.checkmate and v.goals.shatar_mate is not None,
        _by_search("mate without shak", _ends_by(Reason.MATE_WITHOUT_SHAK), _small_then_game_positions),
    ),
    # a side that may pass is never stalemated: it passes, unless in check
    ("stalemate", lambda v: not v.passing, _by_search("stalemate", _stalemated, _stalemate_positions, sieve)),
    ("stalemate piece count", lambda v: v.draws.stalemate_piece_count, _stalemates_by_count),
    (
        "bare king",
        lambda v: v.goals.bare_king is not None,
        _by_search("bare king", _ends_by(Reason.BARE_KING), small_positions),
    ),
    ("race", lambda v: _flag_goal(v, race=True), _by_search("race", _ends_by(Reason.RACE), _game_positions)),
    (
        "flag",
        lambda v: _flag_goal(v, race=False),
        _by_search("flag", _ends_by(Reason.FLAG), _small_then_game_positions),
    ),
    ("flag reply", lambda v: v.goals.flag is not None and v.goals.flag.reply, _flag_replies),
    ("flag safe", lambda v: v.goals.flag is not None and v.goals.flag.safe, _flag_safe),
    (
        "check count",
        lambda v: v.goals.check_count is not None,
        _by_search("check count", _ends_by(Reason.CHECK_COUNT), _one_check_left),
    ),
    (
        "extinction",
        lambda v: extinction(v) is not None,
        _by_search("extinction", _ends_by(Reason.EXTINCTION), _either_side_then_game_positions),
    ),
    ("counting", lambda v: v.draws.counting is not None, _counting),
    (
        "promotions only",
        lambda v: bool(v.pawn_rules.promotion and v.pawn_rules.promotion.own_move),
        _by_search("promotions only", _ends_by(Reason.PROMOTIONS_ONLY), lone_pawn_positions),
    ),
    ("bikjang", lambda v: v.draws.bikjang, lambda v: bikjang_endings(_small_then_game_positions(v, "bikjang"))),
    ("points", lambda v: v.draws.points is not None and v.passing, lambda v: points_endings(_positions(v))),
    ("castling", lambda v: bool(v.castling), _castling),
    (
        "castling wins",
        lambda v: bool(v.goals.castling_wins),
        _by_search("castling wins", _ends_by(Reason.CASTLED), _cleared_for_castling),
    ),
    (
        "castling rights lost",
        lambda v: bool(v.goals.castling_wins),
        _by_search("castling rights lost", _ends_by(Reason.CASTLING_LOST), _cleared_for_castling),
    ),
)


def endings(variant: Variant) -> tuple[list[Ending], list[str]]:
    """The positions of every rule ``variant`` has, and the rules for which none was found."""
    cases: list[Ending] = []
    unbuilt: list[str] = []
    for rule, applies, build in BUILDERS:
        if not applies(variant):
            continue
        found = list(build(variant))
        if found:
            cases += found
        else:
            unbuilt.append(rule)
    return cases, unbuilt


# -- the proof ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Seen:
    """The reference's view of one position of a proof."""

    moves: frozenset[str]
    result: str | None  #: where the game is over
    claim: str | None  #: the draw a player may claim here
    fen: str


def _reference(variant: Variant, fen: str, moves: Sequence[str]) -> _Seen:
    pos = Position.from_fen(variant, fen)
    pos.track_history()
    for text in moves:
        pos.push_uci(text)
    texts, end, claimable = evaluate(pos, {})
    result = end.result if end is not None and not texts else None
    return _Seen(frozenset(texts), result, end.result if end is not None and claimable else None, pos.fen())


def prove_into(report: VariantReport | CountReport, variant: Variant, adapter: EngineAdapter) -> None:
    """Prove ``variant``'s game-end rules with ``adapter`` and record the outcome in ``report``: the
    rules proved, those without a position, and a disagreement if the report has none yet."""
    started = time.perf_counter()
    reference = played_by(variant, adapter)
    cases, unbuilt = endings(reference)
    proved, found = prove(reference, adapter, cases)
    report.proved, report.unbuilt = tuple(proved), tuple(unbuilt)
    if report.disagreement is None:
        report.disagreement = found
    report.seconds += time.perf_counter() - started


def prove(reference: Variant, adapter: EngineAdapter, cases: Sequence[Ending]) -> tuple[list[str], Disagreement | None]:
    """Ask ``adapter`` about each case, the position before its last move and the one after, and
    compare with the reference (``reference``: the variant with the engine's limitations switched
    off).  Returns the rules proved and the first disagreement."""
    queries: list[Query] = []
    where: list[tuple[Ending, int]] = []
    for case in cases:
        for k in (len(case.moves) - 1, len(case.moves)):
            queries.append(Query(case.moves[:k], claim=True, fen=case.fen))
            where.append((case, k))
    answers = adapter.probe(reference.name, queries) if queries else []
    proved: list[str] = []
    for (case, k), answer in zip(where, answers, strict=True):
        seen = _reference(reference, case.fen, case.moves[:k])
        found = _differs(reference, adapter.name, case, k, seen, answer)
        if found is not None:
            return proved, found
        if k == len(case.moves) and case.rule not in proved:
            proved.append(case.rule)
    return proved, None


def _differs(
    reference: Variant, engine: Target, case: Ending, k: int, seen: _Seen, answer: Answer
) -> Disagreement | None:
    theirs_result = answer.result if not answer.moves else None
    theirs_claim = answer.claim if answer.moves else None
    same = seen.moves == answer.moves or alike(engine, Position.from_fen(reference, seen.fen), seen.moves, answer.moves)
    if answer.error is None and same and (seen.result, seen.claim) == (theirs_result, theirs_claim):
        return None
    if answer.error is None and seen.claim is not None and theirs_result == seen.claim:
        return None  # an engine may end the game with the draw the reference lets a player claim, as Zillions does
    label = "the deciding position" if k == len(case.moves) else "one move before the deciding position"
    return Disagreement(
        variant=reference.name,
        engine=engine,
        where=f"proof of the {case.rule}, {label}",
        fen=seen.fen,
        moves=case.moves[:k],
        only_reference=tuple(sorted(seen.moves - answer.moves)),
        only_engine=tuple(sorted(answer.moves - seen.moves)),
        reference_result=seen.result or seen.claim,
        engine_result=theirs_result or theirs_claim,
        note=f"{engine}: {answer.error}" if answer.error else "",
        origin=case.fen,
    )
