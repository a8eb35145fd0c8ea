"""A catalogue variant compiled for play: piece tables, zones and special-move tables.

:class:`Rules` is built once per variant (``Rules.of(variant)``, cached) and shared by every
:class:`~generator.engine.position.Position` of that variant.  Piece types are numbered in catalogue
order; a piece on the board is coded ``type * 2 + colour``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from generator.betza import BetzaMove, Modality, parse_betza
from generator.catalogue.model import (
    CastlingMove,
    Color,
    Counting,
    PieceType,
    Promotion,
    Result,
    Square,
    StalemateResult,
    Swap,
    Variant,
)
from generator.catalogue.rule_kinds import NO_DROP_CHECKS, TOGGLES
from generator.engine.gates import Path, extinction, needed
from generator.engine.geometry import Bitboard, Geometry, bits
from generator.engine.kinds import counted_types, has_hoppers, initial_moves
from generator.engine.outcome import Reason
from generator.engine.set_up import SetUp
from generator.engine.tables import (
    MoveTables,
    compile_inverse,
    compile_moves,
    compile_piece,
    confine,
    dead_squares,
    oriented,
    switched,
    with_lines,
)
from generator.engine.walls import Walls

#: SHUN_HOP: the hops of a piece that shuns its own type (the group's one type), over other types only
LEAP, SLIDE, LAME, HOP, SHUN_HOP = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class Castle:
    """One castling move, with the squares its conditions look at."""

    index: int
    color: int
    king_from: int
    king_to: int
    rook_from: int
    rook_to: int
    rook_type: int
    king_type: int
    must_be_empty: Bitboard  # besides the king and the rook themselves
    #: every square the king stands on, passes or lands on, which must not be attacked; none for a
    #: king that is not royal (Fairy-Stockfish: "non-royal pieces can not be impeded from castling")
    king_path: tuple[int, ...]
    fen_char: str  # 'K', 'Q', 'k' or 'q'


@dataclass(frozen=True)
class SwapTable:
    piece_type: int
    adjacency: tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]  # [colour][square] -> partner squares
    partner_types: tuple[int, ...]
    unmoved_only: bool
    per_player: int


# (kind, inverse table per square, piece types, initial-only); the table's entries depend on the kind
# (LEAP: a bitboard, SLIDE, HOP and SHUN_HOP: slide entries, LAME: (origin, block) pairs), which the attack test
# dispatches on
AttackGroup = tuple[int, list[Any], tuple[int, ...], bool]

GroupKey = tuple[int, bool, object]


class Rules:
    """Everything the move generator needs to know about one variant, precomputed."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        #: the yes-or-no rule kinds the variant has (:data:`~generator.catalogue.rule_kinds.TOGGLES`)
        self.toggles = frozenset(toggle for toggle in TOGGLES if toggle.on(variant))
        self.geo = Geometry.of(variant.board)
        self._gates(needed(variant))
        self.walling = Walls.of(variant, self.geo)  #: the walls every move places (duck chess); None: none
        self._compile_pieces(variant)
        self._pawns(variant)
        self._castling(variant)
        self._first_leaps(variant)
        self._piece_promotion(variant)
        self._drops(variant)
        #: per colour, each piece type with what move generation looks up first: its tables, its
        #: initial-move tables, whether it is a pawn, and whether its moves are more than its targets
        #: (lame leaps, promotion by piece, squares it may not stop on)
        self.plans: list[tuple[tuple[int, MoveTables, MoveTables | None, bool, bool], ...]] = [
            tuple(
                (
                    t,
                    self.tables[c][t],
                    self.initial_tables[c][t],
                    self.is_pawn[t],
                    self.tables[c][t].has_lame or self.expands[c][t] or self.shuns[t],
                )
                for t in range(self.ntypes)
            )
            for c in Color
        ]
        self.swaps = [self._swap(s) for s in variant.swaps]
        self._game_ends(variant)
        geo = self.geo
        self.setup = [
            (geo.square(sq.file, sq.rank), self.type_of[letter] * 2 + color)
            for sq, color, letter in variant.setup.placement
        ]

    def _compile_pieces(self, variant: Variant) -> None:
        """Letters, kinds and move tables of the pieces (per colour), and the inverse tables for attacks."""
        pieces = variant.pieces
        self.letters = [p.letter for p in pieces]
        self.type_of = {p.letter: i for i, p in enumerate(pieces)}
        self.ntypes = len(pieces)
        self.royal_types = tuple(i for i, p in enumerate(pieces) if p.royal)
        #: the one royal type, where there is exactly one (most variants): found without a loop
        self.royal_type = self.royal_types[0] if len(self.royal_types) == 1 else None
        self.is_pawn = [p.pawn for p in pieces]
        self.is_royal = [p.royal for p in pieces]
        #: per type: whether it may neither hop over nor take a piece of its own type (the janggi cannon)
        self.shuns = [p.letter in variant.shuns_own_type for p in pieces]
        #: per colour, per type: the squares it may move to and attack (its region), or None: all
        self.regions = [[None if p.region is None else self._squares(p.region[c]) for p in pieces] for c in Color]
        self._move_tables(pieces)
        self.attack_groups: list[list[AttackGroup]] = [self._attack_groups(c) for c in Color]
        #: whether a piece hops: then a move may put a hurdle before a hopper or take one away, so where
        #: an enemy hopper stands on a line through the royal piece, move generation plays every move out
        #: instead of relying on pins (State.hoppers_aimed)
        self.hoppers = has_hoppers(pieces)
        self.colourbound = [all((v[0] + v[1]) % 2 == 0 for m in p.movement.moves for v in m.vectors()) for p in pieces]

    def _move_tables(self, pieces: tuple[PieceType, ...]) -> None:
        per_color = [[self._piece_tables(p, c) for p in pieces] for c in Color]
        #: per colour, per type (the order of every per-colour, per-type table): the move tables
        self.tables: list[list[MoveTables]] = [[pt[0] for pt in row] for row in per_color]
        #: per colour, per type: the initial moves' tables; a pawn's initial moves are multi-steps, from
        #: the multi-step ranks (see _multisteps)
        self.initial_tables: list[list[MoveTables | None]] = [
            [None if p.pawn else pt[1] for p, pt in zip(pieces, row, strict=True)] for row in per_color
        ]

    def _piece_tables(self, p: PieceType, color: Color) -> tuple[MoveTables, MoveTables | None]:
        """A piece's tables for ``color``: ordinary and initial moves, or its advanced moves switched in
        from their rank on (such a piece has no initial moves)."""
        tables = compile_piece(self.geo, p.movement, color)
        adv = p.advanced
        if adv is not None:
            advanced = compile_piece(self.geo, adv.movement, color)[0]
            tables = switched(tables[0], advanced, self._from_rank(color, adv.rank)), None
        if p.line_moves is None:
            return tables
        line = compile_moves(self.geo, list(p.line_moves.moves), color)
        return with_lines(self.geo, tables[0], line, self._squares(self.variant.diagonal_lines)), tables[1]

    def _pawns(self, variant: Variant) -> None:
        """Promotion zone and choices, en passant, multi-steps."""
        pr = variant.pawn_rules
        promo, pp = pr.promotion, variant.piece_promotion
        by_piece = [(x, y) for x, y in pp.pieces if variant.piece(x).pawn] if pp else []
        #: pawns promote by piece, as a piece does (remembered: shinobi), to their one type
        self.pawns_promote_by_piece = bool(by_piece) and promo is None
        #: per type: the promoted form (remembered) a pawn may become beside its choices (wolf's elephant); -1: none
        forms = dict(by_piece) if promo else {}
        self.pawn_form = [self.type_of.get(forms.get(p.letter, ""), -1) for p in variant.pieces]
        if pp is not None and by_piece and promo is None:
            promo = Promotion(pp.ranks, (by_piece[0][1],), pp.mandatory)
        self._promotion(promo)
        #: per type, how many of it a side may have on the board for a pawn to still promote to it (0: any)
        self.promotion_limit = [0] * self.ntypes
        for letter, most in promo.limits if promo else ():
            self.promotion_limit[self.type_of[letter]] = most
        self.promotion_limited = any(self.promotion_limit)
        self.en_passant = pr.en_passant
        self._multistep_tables(variant)
        #: per colour and piece type: whether its moves (the irreversible ones) restart the move rule's count
        self.resets_move_rule = [[p.letter in variant.move_rule_letters(c) for p in variant.pieces] for c in Color]
        reversible = [self._reversible(t) for t in range(self.ntypes)]
        #: per colour and piece type, per square: where a step onto that square of a piece whose moves
        #: restart the count may come back from with an ordinary non-capturing move (a pawn's sideways
        #: step); such a step is reversible and, as in Fairy-Stockfish, does not restart it.  None where
        #: no step is.
        self.reversible = [[None if back is None else back[c] for back in reversible] for c in Color]

    def _multistep_tables(self, variant: Variant) -> None:
        geo, pr = self.geo, variant.pawn_rules
        straight = [self._multisteps(c, ()) for c in Color]
        #: per type: -1 where its pieces may take en passant, else 0 (enPassantTypes: wolf's sergeant may not)
        self.takes_en_passant = [-1 if p.letter in (pr.en_passant_takers or p.letter) else 0 for p in variant.pieces]
        #: per colour and piece type, per square: the multi-steps of a pawn (straight ones, and the
        #: pawn's initial Betza moves), each (target, squares that must be empty, passed squares)
        self.multistep = [
            [
                self._multisteps(c, initial_moves(p), p.steps_ahead)
                if initial_moves(p) or not p.steps_ahead
                else straight[c]
                for p in variant.pieces
            ]
            for c in Color
        ]
        #: per colour and piece type, the straight multi-steps of all its pawns at once: the squares
        #: they start from, the offset of one step forward, and the most steps; None (counted one pawn at a
        #: time) for a pawn with initial moves, without a straight step or triple-stepping from fewer ranks
        self.multistep_bulk = [
            [
                None
                if initial_moves(p) or not p.steps_ahead or pr.triple_step_ranks is not None
                else (sum(1 << s for s, st in enumerate(straight[c]) if st), geo.files * (1 - 2 * c), pr.max_steps)
                for p in variant.pieces
            ]
            for c in Color
        ]

    def _castling(self, variant: Variant) -> None:
        self.chess960 = variant.chess960_castling
        self.castles = [self._castle(i, cm) for i, cm in enumerate(variant.castling)]
        self.castles_by_color = [[c for c in self.castles if c.color == col] for col in Color]
        self.castle_squares: Bitboard = 0
        for c in self.castles:
            self.castle_squares |= 1 << c.king_from | 1 << c.rook_from

    def _first_leaps(self, variant: Variant) -> None:
        """Cambodian first moves: per colour and square, where an unmoved king leaps (the knight's squares
        on the rank ahead) and where an unmoved met leaps (two squares ahead, None: off the board); per square, the
        rank and file a rook aims along."""
        leaps = variant.first_leaps
        self.first_leaps = leaps is not None
        if leaps is None:
            return
        geo = self.geo
        self.leap_king, self.leap_met, self.leap_rook = (self.type_of[x] for x in (leaps.king, leaps.met, leaps.rook))
        #: the first rank's squares, per file and colour, where the FEN's letters put the rights
        self.leap_rank = [
            [geo.square(f, 0 if c is Color.WHITE else geo.ranks - 1) for f in range(geo.files)] for c in Color
        ]
        squares = range(geo.size)
        self.king_leaps = [
            [sum(1 << t for v in ((2, 1), (-2, 1)) if (t := geo.leap(s, oriented(v, c))) is not None) for s in squares]
            for c in Color
        ]
        self.met_leaps = [[geo.leap(s, oriented((0, 2), c)) for s in squares] for c in Color]
        self.rook_lines = [
            sum(1 << t for t in squares if geo.file_of(t) == geo.file_of(s) or geo.rank_of(t) == geo.rank_of(s))
            for s in squares
        ]

    def _piece_promotion(self, variant: Variant) -> None:
        """Promotion by piece, and the squares where a piece could never move again."""
        geo = self.geo
        pp = variant.piece_promotion
        #: per type, the type it promotes to (-1: none)
        self.promotes_to = [-1] * self.ntypes
        for letter, target in pp.pieces if pp else ():
            self.promotes_to[self.type_of[letter]] = self.type_of[target]
        self.piece_promotion_zone = [geo.rank_mask(c, pp.ranks) for c in Color] if pp else [0, 0]
        self.piece_promotion_mandatory = bool(pp and pp.mandatory)
        #: a promoted piece may demote (its moves then expand like a promoting piece's)
        self.demotion = bool(pp and pp.demotion)
        self.promotes_on_capture = bool(pp and pp.on_capture)  #: only captures promote or demote
        #: per colour, per type: the squares outside its region (none without one), which it never enters
        self.outside = [[self._outside(c, t) for t in range(self.ntypes)] for c in Color]
        #: per colour, per type: the squares where the piece would have no move on an empty board,
        #: which it may not enter without promoting nor be dropped on (empty without the rule), and
        #: those outside its region
        self.dead = [
            [
                (dead_squares(self.geo, self.tables[c][t]) if variant.immobility_illegal else 0) | self.outside[c][t]
                for t in range(self.ntypes)
            ]
            for c in Color
        ]
        more = {t for t in range(self.ntypes) if self.promotes_to[t] >= 0 or (self.demotion and t in self.promotes_to)}
        #: per colour, the types whose moves need more than their targets: promotions, demotions, dead
        #: squares or squares outside their region
        self.expands = [tuple(t in more or self.dead[c][t] != 0 for t in range(self.ntypes)) for c in Color]

    def _promotion(self, promo: Promotion | None) -> None:
        #: per colour, the zone a pawn promotes on by a move of its own (:mod:`.own_promotion`; None:
        #: pawns promote by entering the zone, ``promotion_zone``, which is then empty)
        self.own_promotion: list[Bitboard] | None = None
        #: per colour, the types a pawn may promote to
        self.promotion_choices: list[tuple[int, ...]] = [(), ()]
        self.promotion_zone, self.promotion_mandatory = [0, 0], True
        if promo is not None:
            geo = self.geo
            zone = [
                geo.rank_mask(c, promo.ranks) if promo.squares is None else self._squares(promo.squares[c])
                for c in Color
            ]
            self.own_promotion = zone if promo.own_move else None
            self.promotion_zone = [0, 0] if promo.own_move else zone
            self.promotion_choices = [tuple(self.type_of[x] for x in promo.choices_of(c)) for c in Color]
            self.promotion_mandatory = promo.mandatory

    def _outside(self, color: Color, t: int) -> Bitboard:
        """The squares outside the region of type ``t`` (none without one)."""
        region = self.regions[color][t]
        return 0 if region is None else self.geo.all & ~region

    def _drops(self, variant: Variant) -> None:
        """Where each piece type may be dropped, per colour; what a capture puts in hand; which
        pieces remember what they were promoted from."""
        drops = variant.drops
        geo = self.geo
        self.drops = drops is not None
        ranks = geo.drop_masks(drops, [p.letter for p in variant.pieces])
        #: per colour, per piece type: the squares it may be dropped on (when empty)
        self.drop_regions = [[r & ~self.dead[c][t] for t, r in enumerate(ranks[c])] for c in Color]
        #: per colour, per type: where it may be dropped as the piece it promotes to (none without the rule)
        self.promoted_drop_regions = (
            self._promoted_drops(ranks) if drops and drops.promoted else [[0] * self.ntypes] * 2
        )
        self.captures_to_hand = bool(drops and drops.captures_to_hand)
        #: a captured promoted piece goes to hand as the piece it was promoted from
        self.demote = self.captures_to_hand and not (drops and drops.keep_promoted)
        #: the type that may not be dropped on a file its side already holds one of (-1: none)
        self.one_per_file = self.type_of[drops.one_per_file] if drops and drops.one_per_file else -1
        self.per_file = drops.per_file if drops else 1
        self.file_masks = [sum(1 << geo.square(f, r) for r in range(geo.ranks)) & geo.all for f in range(geo.files)]
        #: the first pawn type: what a piece read as promoted (``Q~``) was promoted from
        self.pawn_type = next((t for t in range(self.ntypes) if self.is_pawn[t]), -1)
        #: the type whose dropping mate loses for the dropper (-1: none)
        self.no_drop_mate = self.type_of[drops.no_drop_mate] if drops and drops.no_drop_mate else -1
        self.set_up = SetUp.of(variant, geo, self.type_of)

    def _flag_goal(self, variant: Variant) -> None:
        flag = variant.goals.flag
        #: the flag goal: the piece type that counts (None: any), each side's region, how many pieces
        #: (None: all), whether a full region wins, whether the opponent replies, whether the piece is royal
        self.flag: tuple[int | None, tuple[Bitboard, Bitboard], int | None, bool, bool, bool] | None = (
            None
            if flag is None
            else (
                None if flag.piece is None else self.type_of[flag.piece],
                (self._squares(flag.regions[0]), self._squares(flag.regions[1])),
                flag.count,
                flag.blocked_win,
                flag.reply,
                flag.piece is not None and variant.piece(flag.piece).royal,
            )
        )
        #: the flag's pieces count only where the opponent attacks none of them (Fairy-Stockfish's flagPieceSafe)
        self.flag_safe = flag is not None and flag.safe
        #: the reason a flag goal gives: the catalogue's race, or any other flag
        self.flag_reason = Reason.RACE if flag is not None and flag.race else Reason.FLAG

    def _game_ends(self, variant: Variant) -> None:
        """Goals that end the game before anyone moves, stalemate, and the draws the position decides."""
        geo = self.geo
        self._flag_goal(variant)
        self.no_checks = variant.no_checks
        self.no_drop_checks = NO_DROP_CHECKS.on(variant)
        #: the checks each side must give to win (three-check); None: checks are not counted
        self.check_count = variant.goals.check_count
        #: castle chess: the castlings (indices) that win, by the rights they take
        self.castling_wins = tuple(c.index for c in self.castles if c.fen_char in variant.goals.castling_wins)
        #: the checkmated side wins (misère chess)
        self.mated_wins = variant.goals.checkmate_result is Result.WIN
        mate = variant.goals.shatar_mate
        #: shatar's mate rule: the types whose checks decide a mate, and those that may not mate alone
        self.shatar_mate: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        if mate is not None:
            self.shatar_mate = (self._types(mate.decisive), self._types(mate.not_mating))
        self.bare_king = variant.goals.bare_king
        self.extinction = self._extinction(variant)
        draws = variant.draws
        self.double_pass = draws.double_pass
        self.perpetual_check = draws.perpetual_check_loses
        self.chasing = draws.chasing
        self.drops_reset_move_rule = draws.drops_reset_move_rule
        #: a repetition reads every piece's unmoved mark (swaps read them too, a swap needs its pieces unmoved)
        self.keys_unmoved = draws.repetition_reads_unmoved or bool(variant.swaps)
        self.must_capture = variant.must_capture
        self._captures(variant)
        #: the counting rule, and the piece types it weighs: pawns, rooks, khons and knights
        self.counting: Counting | None = draws.counting
        self.counted = counted_types(variant.pieces)
        self.stalemate = draws.stalemate
        #: the side a drawn game end is a win for, if any; with point counting, each type's points and the bonuses
        self.draw_odds, pts, self.bikjang = draws.draw_odds, draws.points, draws.bikjang
        self.points = None if pts is None else (tuple(pts.of(x) for x in self.letters), pts.bonus)
        self.pass_when_stuck = draws.stalemate is StalemateResult.PASS
        self.passing = variant.passing
        self.minor_types = tuple(self.type_of[x] for x in draws.insufficient_material)
        self.dark_squares: Bitboard = 0
        for s in range(geo.size):
            if (geo.file_of(s) + geo.rank_of(s)) % 2 == 0:
                self.dark_squares |= 1 << s

    def _types(self, letters: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(self.type_of[x] for x in letters)

    def _promoted_drops(self, ranks: list[list[Bitboard]]) -> list[list[Bitboard]]:
        up = self.promotes_to
        return [[r & ~self.dead[c][up[t]] if up[t] >= 0 else 0 for t, r in enumerate(ranks[c])] for c in Color]

    def _extinction(self, variant: Variant) -> tuple[tuple[int, ...] | None, int, Result] | None:
        """The extinction rule, where it can end a game: the piece types counted one by one (None: all
        pieces together), the count at or below which a side is extinct, and what that does to it."""
        goal = extinction(variant)
        if goal is None:
            return None
        return (tuple(self.type_of[x] for x in goal.pieces) or None, goal.count, goal.result)

    def _captures(self, variant: Variant) -> None:
        """Explosions, mutually immune and petrifying pieces, and pseudo-royal extinction pieces."""
        ntypes, geo = self.ntypes, self.geo
        blast = variant.explosions
        #: per square, the squares around it (what an explosion reaches, where pseudo-royals touch); or None
        self.around: list[Bitboard] | None = None
        #: the piece types an explosion leaves standing around the target square (pawns and immune
        #: types) and on it (the immune types: a capturing pawn explodes)
        self.blast_proof: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        if blast is not None:
            self.around = [self._around(s) for s in range(geo.size)]
            immune = tuple(t for t in range(ntypes) if self.letters[t] in blast.immune)
            self.blast_proof = (tuple(t for t in range(ntypes) if self.is_pawn[t]) + immune, immune)
        self.mutually_immune = tuple(x in variant.mutually_immune for x in self.letters)
        self.petrify = tuple(x in variant.petrify for x in self.letters)
        extinction = variant.goals.extinction
        #: the pseudo-royal piece types and the most of one type a side may have while they are royal
        self.pseudo_royal: tuple[tuple[int, ...], int] | None = (
            (tuple(self.type_of[x] for x in extinction.pieces), extinction.count + 1)
            if extinction is not None and extinction.pseudo_royal
            else None
        )
        #: whether a side is in check only while all its pieces of the pseudo-royal types are attacked
        self.duple_check = extinction is not None and extinction.duple_check

    def _gates(self, paths: Path) -> None:
        """The paths the rules need (:mod:`generator.engine.gates`), as plain attributes for the hot loops."""
        self.paths = paths
        self.immediate_goals = Path.IMMEDIATE_GOALS in paths
        #: no rule filters the generated moves or tests them further
        self.plain_moves = not paths & (Path.FILTERED | Path.HELD_IN_CHECK | Path.SPECIAL | Path.WALLING)
        self.filtered = Path.FILTERED in paths
        self.held_in_check = Path.HELD_IN_CHECK in paths
        self.special = Path.SPECIAL in paths
        self.after_move = Path.AFTER_MOVE in paths
        self.capture_effects = Path.CAPTURE_EFFECTS in paths
        self.more_moves = Path.MORE_MOVES in paths
        self.tracks_promoted = Path.TRACKS_PROMOTED in paths
        self.gating = Path.GATING in paths
        self.walled = Path.WALLING in paths
        self.stone = Path.STONE in paths

    def _around(self, s: int) -> Bitboard:
        """The squares a king's step away from ``s``."""
        if not self.geo.is_square(s):
            return 0
        steps = ((x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y)
        return sum(1 << t for v in steps if (t := self.geo.leap(s, v)) is not None)

    @staticmethod
    @cache
    def of(variant: Variant) -> Rules:
        return Rules(variant)

    # -- construction helpers -------------------------------------------------------------------------

    def _from_rank(self, color: Color, rank: int) -> Bitboard:
        """The squares of the relative ranks ``rank`` and beyond, for ``color``."""
        return self.geo.rank_mask(color, tuple(range(rank, self.geo.ranks + 1)))

    def _squares(self, squares: frozenset[Square]) -> Bitboard:
        bb = 0
        for sq in squares:
            bb |= 1 << self.geo.square(sq.file, sq.rank)
        return bb

    def _attack_groups(self, color: Color) -> list[AttackGroup]:
        """Inverse tables of every capturing move of ``color``, identical tables merged across types."""
        groups: dict[GroupKey, tuple[int, list[Any], list[int], bool]] = {}
        pieces = self.variant.pieces
        for t in range(self.ntypes):
            for initial, fwd in ((False, self.tables[color][t]), (True, self.initial_tables[color][t])):
                if fwd is None:
                    continue
                inv = compile_inverse(self.geo, fwd)
                region = self.regions[color][t]
                if region is not None:
                    confine(inv, region)
                # a piece whose attacks depend on the square, or on its own type, is grouped with no other
                square_bound = region is not None or pieces[t].advanced is not None or pieces[t].line_moves
                own = (t,) if square_bound or self.shuns[t] else ()
                self._add_group(groups, LEAP, inv.leap, any(inv.leap), t, initial, (tuple(inv.leap), own))
                self._add_group(
                    groups,
                    SLIDE,
                    inv.slides,
                    any(inv.slides),
                    t,
                    initial,
                    (tuple(sorted((v, lim) for v, lim, mod in fwd.ride_specs if mod & 2)), own),
                )
                self._add_group(
                    groups,
                    LAME,
                    inv.lame,
                    any(inv.lame),
                    t,
                    initial,
                    (tuple(sorted((v,) for v, mod in fwd.lame_specs if mod & 2)), own),
                )
                self._add_group(
                    groups,
                    SHUN_HOP if self.shuns[t] else HOP,
                    inv.hops,
                    any(inv.hops),
                    t,
                    initial,
                    (tuple(sorted((v, kind) for v, kind, mod in fwd.hop_specs if mod & 2)), own),
                )
        if self.variant.flying_general:
            # a royal piece attacks the other side's along rook lines, so that they never face each other
            inv = compile_inverse(self.geo, compile_moves(self.geo, list(parse_betza("cR").moves), color))
            for t in self.royal_types:
                self._add_group(groups, SLIDE, inv.slides, True, t, False, "flying general")
        return [(kind, table, tuple(types), initial) for kind, table, types, initial in groups.values()]

    @staticmethod
    def _add_group(
        groups: dict[GroupKey, tuple[int, list[Any], list[int], bool]],
        kind: int,
        table: list[Any],
        present: bool,
        t: int,
        initial: bool,
        signature: object,
    ) -> None:
        if not present:
            return
        key = (kind, initial, signature)
        if key in groups:
            groups[key][2].append(t)
        else:
            groups[key] = (kind, table, [t], initial)

    def _multisteps(
        self, color: Color, initial: tuple[BetzaMove, ...], ahead: bool = True
    ) -> list[tuple[tuple[int, Bitboard, Bitboard], ...]]:
        """Per square: (target, squares that must be empty, passed squares) of each pawn multi-step:
        the straight ones of the pawn rules, then the pawn's initial Betza moves (all move-only)."""
        pr = self.variant.pawn_rules
        geo = self.geo
        start = geo.rank_mask(color, pr.multi_step_ranks)
        if pr.multi_step_squares is not None:
            start &= self._squares(pr.multi_step_squares[color])
        triple = geo.rank_mask(color, pr.multi_step_ranks if pr.triple_step_ranks is None else pr.triple_step_ranks)
        forward = 1 if color is Color.WHITE else -1
        taken = self._en_passant_mask(color)
        out: list[tuple[tuple[int, Bitboard, Bitboard], ...]] = []
        for s in range(geo.size):
            steps: list[tuple[int, Bitboard, Bitboard]] = []
            if ahead and start >> s & 1 and pr.max_steps > 1:
                path = geo.ray_squares(s, (0, forward), pr.max_steps if triple >> s & 1 else min(pr.max_steps, 2))
                passed = 0
                for i, t in enumerate(path):
                    if i >= 1:
                        steps.append((t, passed | 1 << t, passed & taken))
                    passed |= 1 << t
            if start >> s & 1:
                straight = {x[0] for x in steps}
                steps += [x for m in initial for x in self._initial_steps(s, m, color) if x[0] not in straight]
            out.append(tuple(steps))
        return out

    def _en_passant_mask(self, color: Color) -> Bitboard:
        """The squares a ``color`` pawn may be taken on en passant when it passes them."""
        pr = self.variant.pawn_rules
        if not pr.en_passant:
            return 0
        return self.geo.all if pr.en_passant_ranks is None else self.geo.rank_mask(color, pr.en_passant_ranks)

    def _initial_steps(self, s: int, m: BetzaMove, color: Color) -> list[tuple[int, Bitboard, Bitboard]]:
        """A pawn's initial move from ``s``: (target, squares that must be empty, passed squares).
        The passed squares are those on the line between (Fairy-Stockfish's en passant squares)."""
        geo, taken = self.geo, self._en_passant_mask(color)
        out: list[tuple[int, Bitboard, Bitboard]] = []
        for v in m.vectors():
            v = oriented(v, color)
            if m.range != 1:
                ray, passed = geo.ray_squares(s, v, m.range), 0
                for t in ray:
                    out.append((t, passed | 1 << t, passed & taken))
                    passed |= 1 << t
                continue
            target = geo.leap(s, v)
            block = geo.lame_block(s, v) if m.lame else 0
            if target is None or block is None:
                continue
            between, span = 0, max(abs(v[0]), abs(v[1]))
            if v[0] == 0 or v[1] == 0 or abs(v[0]) == abs(v[1]):
                unit = (v[0] // span, v[1] // span)
                between = sum(1 << x for x in geo.ray_squares(s, unit, span - 1))
            out.append((target, block | 1 << target, between & taken))
        return out

    def _reversible(self, t: int) -> list[list[Bitboard]] | None:
        """Per colour and target square, the squares a piece of type ``t`` whose moves restart the move
        rule's count reaches it from and could come straight back to by an ordinary non-capturing move
        (None if there are none)."""
        if not (self.resets_move_rule[0][t] or self.resets_move_rule[1][t]):
            return None
        out = []
        for c in Color:
            reach = [self._quiet_reach(t, c, s) for s in range(self.geo.size)]
            back = [0] * self.geo.size
            for frm, targets in enumerate(reach):
                for to in bits(targets):
                    if reach[to] >> frm & 1:
                        back[to] |= 1 << frm
            out.append(back)
        return out if any(any(b) for b in out) else None

    def _quiet_reach(self, t: int, color: Color, s: int) -> Bitboard:
        """Where a piece of type ``t`` moves without capturing from ``s`` on an empty board."""
        geo, reach = self.geo, 0
        if not geo.is_square(s):
            return 0
        for m in self.variant.pieces[t].movement.moves:
            if m.initial or not m.modality & Modality.MOVE:
                continue
            for v in m.vectors() if not m.hop else ():  # a hop back needs a hurdle: never sure
                v = oriented(v, color)
                if m.range != 1:
                    reach |= sum(1 << x for x in geo.ray_squares(s, v, m.range))
                elif (to := geo.leap(s, v)) is not None:
                    reach |= 1 << to
        return reach

    def _castle(self, index: int, cm: CastlingMove) -> Castle:
        geo = self.geo
        kf = geo.square(cm.king_from.file, cm.king_from.rank)
        kt = geo.square(cm.king_to.file, cm.king_to.rank)
        rf = geo.square(cm.rook_from.file, cm.rook_from.rank)
        rt = geo.square(cm.rook_to.file, cm.rook_to.rank)
        king, rook = self.variant.castling_pieces(cm)
        rank = cm.king_from.rank
        files = [cm.king_from.file, cm.king_to.file, cm.rook_from.file, cm.rook_to.file]
        span = 0
        for f in range(min(files), max(files) + 1):
            span |= 1 << geo.square(f, rank)
        step = 1 if cm.king_to.file > cm.king_from.file else -1
        path = tuple(geo.square(f, rank) for f in range(cm.king_from.file, cm.king_to.file + step, step))
        char = "K" if cm.kingside else "Q"
        return Castle(
            index,
            int(cm.color),
            kf,
            kt,
            rf,
            rt,
            self.type_of[rook],
            self.type_of[king],
            span & ~(1 << kf | 1 << rf),
            path if self.variant.piece(king).royal else (),
            char if cm.color is Color.WHITE else char.lower(),
        )

    def _swap(self, swap: Swap) -> SwapTable:
        excluded = swap.excluded_roles
        partners = tuple(
            i for i, p in enumerate(self.variant.pieces) if not (p.roles & excluded) and p.letter != swap.piece
        )
        adjacency = []
        for c in Color:
            fwd = compile_moves(self.geo, list(swap.adjacency_movement.moves), c)
            adjacency.append(tuple(q | k for q, k in zip(fwd.quiet, fwd.capture, strict=True)))
        return SwapTable(
            self.type_of[swap.piece], (adjacency[0], adjacency[1]), partners, swap.unmoved_only, swap.per_player
        )

    # -- queries --------------------------------------------------------------------------------------

    def letter(self, code: int) -> str:
        """FEN letter of a piece code."""
        ch = self.letters[code >> 1]
        return ch if code & 1 == 0 else ch.lower()

    def blasted(self, to: int, moved: int, occupied: Bitboard, by_type: list[Bitboard]) -> Bitboard:
        """The squares a capture on ``to`` by a ``moved`` piece empties: with explosions, ``to`` and the
        pieces around it but the blast-proof types; without, ``to`` if the piece moved as a petrifying type."""
        if self.around is None:
            return 1 << to if self.petrify[moved >> 1] else 0
        around_proof, proof = self.blast_proof
        hit = self.around[to] & occupied
        for t in around_proof:
            hit &= ~by_type[t]
        hit |= 1 << to
        for t in proof:
            hit &= ~by_type[t]
        return hit

    def code_of(self, ch: str) -> int | None:
        t = self.type_of.get(ch.upper())
        if t is None:
            return None
        return t * 2 + (0 if ch.isupper() else 1)
