"""The validated catalogue model: typed, frozen dataclasses.

Everything downstream (the reference engine, the emitters, the checks) reads these objects and nothing
else.  The loader (:mod:`generator.catalogue.loader`) is the only producer; it guarantees the invariants
stated in each docstring, so consumers never re-validate.

Squares are :class:`Square` values (0-based file and rank); ranks that depend on the side (promotion zones,
multi-step ranks, drop regions, race zones) are *relative* ranks, 1-based and counted from each player's own
side, so that one rule serves both colours:

>>> Square.parse("c10")
Square(file=2, rank=9)
>>> Square(2, 9).name
'c10'
>>> absolute_rank(Color.BLACK, 2, ranks=10)
9
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, NamedTuple

from generator.betza import BetzaPiece, Modality

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Color(enum.IntEnum):
    """A side.  White moves towards higher ranks."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Color:
        return Color(1 - self)

    @property
    def word(self) -> str:
        return "white" if self is Color.WHITE else "black"


class Square(NamedTuple):
    """A board square, 0-based; ``name`` is the algebraic name (``a1``, ``j10``)."""

    file: int
    rank: int

    @property
    def name(self) -> str:
        return f"{FILE_LETTERS[self.file]}{self.rank + 1}"

    @staticmethod
    def parse(text: str) -> Square:
        """Parse an algebraic square name; raises ``ValueError`` if it is not one."""
        if len(text) < 2 or text[0] not in FILE_LETTERS or not text[1:].isdigit() or text[1] == "0":
            raise ValueError(f"{text!r} is not a square name (expected a file letter and a rank, e.g. 'e4')")
        return Square(FILE_LETTERS.index(text[0]), int(text[1:]) - 1)

    def __str__(self) -> str:
        return self.name


def absolute_rank(color: Color, relative: int, ranks: int) -> int:
    """The 1-based board rank that is ``relative`` ranks deep for ``color``."""
    return relative if color is Color.WHITE else ranks + 1 - relative


class Role(enum.Enum):
    """What a piece type does beyond its moves."""

    ROYAL = "royal"  #: may not be left in check; checkmating it wins
    PAWN = "pawn"  #: uses the variant's pawn rules (multi-steps, en passant, promotion)


@dataclass(frozen=True)
class Board:
    """A rectangular board of ``files`` x ``ranks`` squares, minus ``holes``.

    A hole is not a square: nothing stands on it, nothing is dropped on it,
    and no slide, pawn step or lame leap passes over it.  True leapers jump
    over it as over any piece.
    """

    files: int
    ranks: int
    holes: frozenset[Square] = frozenset()

    def contains(self, square: Square) -> bool:
        return 0 <= square.file < self.files and 0 <= square.rank < self.ranks and square not in self.holes


@dataclass(frozen=True)
class Advanced:
    """From relative rank ``rank`` on, a piece moves as ``movement`` instead of its own Betza (a
    xiangqi soldier that has crossed the river also steps sideways: Fairy-Stockfish's soldier).
    Both movements are leaps or lame leaps.  Moves and attacks follow the square the piece stands on
    (Fairy-Stockfish judges its soldier's attacks by the square attacked, which for ``fW`` and ``fsW``
    comes to the same)."""

    rank: int
    betza: str
    movement: BetzaPiece


@dataclass(frozen=True)
class PieceType:
    """A piece type: its FEN letter (upper case), name and Betza movement.

    ``region`` holds White's squares and Black's, absolute: the only squares a piece of that colour
    may move, capture or be dropped to, and attack (a xiangqi palace; Fairy-Stockfish's
    ``mobilityRegion``); None: the whole board.
    """

    letter: str
    name: str
    betza: str
    movement: BetzaPiece
    roles: frozenset[Role] = frozenset()
    help: str = ""
    region: tuple[frozenset[Square], frozenset[Square]] | None = None
    advanced: Advanced | None = None
    #: its moves along the variant's diagonal lines (a janggi palace's diagonals): from a square of the
    #: lines to a square of the lines, whatever lies between; None: none
    line_moves: BetzaPiece | None = None

    @property
    def royal(self) -> bool:
        return Role.ROYAL in self.roles

    @property
    def pawn(self) -> bool:
        return Role.PAWN in self.roles

    @property
    def steps_ahead(self) -> bool:
        """Whether the piece steps straight forward without capturing, and so, as a pawn, multi-steps
        straight (a pawn that only captures straight ahead, as the hoplite, has its initial moves only)."""
        return any(not m.initial and m.modality & Modality.MOVE and (0, 1) in m.vectors() for m in self.movement.moves)


@dataclass(frozen=True)
class Setup:
    """The start position: which piece of which colour stands where, pockets, who moves first."""

    placement: tuple[tuple[Square, Color, str], ...]
    pockets: tuple[tuple[Color, str, int], ...] = ()
    to_move: Color = Color.WHITE
    #: the squares whose piece starts promoted, with the letter it was promoted from (the FEN's ``+N``;
    #: kyoto shogi): it stands as what that piece promotes to
    promoted: tuple[tuple[Square, str], ...] = ()

    def piece_at(self, square: Square) -> tuple[Color, str] | None:
        for sq, color, letter in self.placement:
            if sq == square:
                return color, letter
        return None

    def count(self, color: Color, letter: str) -> int:
        """How many pieces of type ``letter`` side ``color`` starts with on the board."""
        return sum(1 for _, c, x in self.placement if c is color and x == letter)

    def one_each(self, letter: str) -> bool:
        """Whether each side starts with exactly one piece of type ``letter`` on the board."""
        return all(self.count(c, letter) == 1 for c in Color)

    def pocket(self, color: Color) -> dict[str, int]:
        return {letter: count for c, letter, count in self.pockets if c is color}


@dataclass(frozen=True)
class CastlingMove:
    """One way to castle: the king and the rook move together in one turn.

    Legal when both are unmoved, every square the king stands on, passes or
    lands on is unattacked, and every square between king and rook and both
    destinations are empty except for that king and that rook.
    """

    color: Color
    king_from: Square
    king_to: Square
    rook_from: Square
    rook_to: Square

    @property
    def kingside(self) -> bool:
        """True when the rook stands on a higher file than the king (FEN ``K``/``k``)."""
        return self.rook_from.file > self.king_from.file


@dataclass(frozen=True)
class Promotion:
    """Pawn promotion: on entering any of ``ranks`` (relative), become one of ``choices``, or for
    Black one of ``black_choices`` where those are given (chigorin: each side promotes to its own
    pieces).  With ``squares`` (White's and Black's, absolute) the zone is those squares instead, and
    ``ranks`` is empty (legan, troitzky: zones no rank describes)."""

    ranks: tuple[int, ...]
    choices: tuple[str, ...]
    mandatory: bool = True
    black_choices: tuple[str, ...] | None = None
    #: (letter, n): a pawn may promote to that piece only while its side has fewer than n of it on
    #: the board (grand chess)
    limits: tuple[tuple[str, int], ...] = ()
    squares: tuple[frozenset[Square], frozenset[Square]] | None = None
    #: promotion is a move of its own (Fairy-Stockfish's ``sittuyinPromotion``): no pawn promotes by
    #: entering the zone; a pawn on it, or a side's last pawn anywhere, may instead of moving become one
    #: of ``choices`` in place or on an empty square that piece attacks, where it then attacks no enemy
    #: piece, and the move may not give check (``mandatory`` is then false); and a side left with its
    #: king and one pawn, not in check, whose every move is such a promotion, is drawn
    own_move: bool = False

    def choices_of(self, color: Color) -> tuple[str, ...]:
        """What a pawn of ``color`` may promote to."""
        return self.black_choices if color is Color.BLACK and self.black_choices is not None else self.choices

    @property
    def all_choices(self) -> tuple[str, ...]:
        """Every piece some pawn may promote to, White's first."""
        return tuple(dict.fromkeys(self.choices + (self.black_choices or ())))


@dataclass(frozen=True)
class PawnRules:
    """How pieces with the ``pawn`` role move beyond their Betza.

    From any relative rank in ``multi_step_ranks`` a pawn may step straight
    forward up to ``max_steps`` squares (every square passed must be empty).
    With ``en_passant``, an enemy pawn may capture it on any passed square on
    the very next move.
    """

    max_steps: int = 1
    multi_step_ranks: tuple[int, ...] = ()
    en_passant: bool = False
    promotion: Promotion | None = None
    #: with ``max_steps`` 3, the ranks of ``multi_step_ranks`` from which a pawn may step three squares;
    #: from the others it steps at most two (Fairy-Stockfish's ``tripleStepRegion``: wildebeest). None: all
    triple_step_ranks: tuple[int, ...] | None = None
    #: White's and Black's squares (absolute) of the multi-step ranks that pawns multi-step from, and play
    #: their initial moves from (Fairy-Stockfish's ``doubleStepRegion`` as squares: wolf chess). None: all
    multi_step_squares: tuple[frozenset[Square], frozenset[Square]] | None = None
    #: with ``en_passant``, the pawn-role pieces that may take en passant (Fairy-Stockfish's ``enPassantTypes``:
    #: wolf chess's pawns, not its sergeants); None: every pawn
    en_passant_takers: tuple[str, ...] | None = None
    #: with ``en_passant``, the ranks (relative to the pawn that passed them) of the passed squares it may be
    #: taken on (Fairy-Stockfish's ``enPassantRegion``: horde's pawns that step twice from the first rank
    #: pass the second, where they may not be taken); None: every rank
    en_passant_ranks: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Drops:
    """Pieces in hand may be dropped, as a whole move, on an empty square of ``ranks`` (relative).

    ``piece_ranks`` gives some pieces ranks of their own instead (crazyhouse: pawns not on the first
    or last rank).  With ``captures_to_hand`` a captured piece goes to the captor's hand: a promoted
    one as the piece it was promoted from, unless ``keep_promoted``.  ``one_per_file``: a piece of
    that letter may not be dropped on a file where its side already has ``per_file`` of them (shogi's
    nifu: one; tori shogi: two swallows; none: that piece is never dropped, Fairy-Stockfish's
    ``dropNoDoubledCount = 0``).
    """

    ranks: tuple[int, ...]
    captures_to_hand: bool = False
    keep_promoted: bool = False
    piece_ranks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    one_per_file: str | None = None
    per_file: int = 1
    #: a drop of this piece that checkmates loses the game for the side that dropped it (shogi's
    #: uchifuzume, as Fairy-Stockfish plays it: the mated side wins)
    no_drop_mate: str | None = None
    #: a piece that promotes by piece may also be dropped as the piece it promotes to, remembering what it
    #: was (Fairy-Stockfish's ``dropPromoted``: kyoto shogi)
    promoted: bool = False
    #: a side with pieces in hand must drop one while it can (Fairy-Stockfish's ``mustDrop``: a set-up
    #: phase by drops, placement chess); with ``must_piece`` only while that piece is in hand, and then
    #: only it may be dropped (``mustDropType``)
    must: bool = False
    must_piece: str | None = None
    #: the pieces of this letter must end on squares of both colours: a drop that leaves too few free
    #: squares of one colour for them, or puts more than half of them on one colour, is illegal
    #: (Fairy-Stockfish's ``dropOppositeColoredBishop``)
    opposite_colors: str | None = None
    #: castling is gained by drops (Fairy-Stockfish's ``castlingDroppedPiece``): a castling king or rook
    #: dropped onto its square while the other stands on its own gives that castling; a castling move
    #: whose rook is not set up castles with this piece (its king is the side's royal piece)
    castling: str | None = None
    #: White's and Black's squares (absolute) to drop on, where the sides' are not each other's mirror
    #: (Fairy-Stockfish's ``dropRegionWhite`` and ``dropRegionBlack``): a piece is dropped on those of its
    #: ranks (``ranks`` is then every rank, and ``piece_ranks`` narrow it as ever)
    squares: tuple[frozenset[Square], frozenset[Square]] | None = None
    #: a drop may not give check (Fairy-Stockfish's ``dropChecks = false``: xiangqihouse, atomiczh)
    no_checks: bool = False

    def ranks_of(self, letter: str) -> tuple[int, ...]:
        """The relative ranks the piece ``letter`` may be dropped on."""
        for x, ranks in self.piece_ranks:
            if x == letter:
                return ranks
        return self.ranks


@dataclass(frozen=True)
class PiecePromotion:
    """Promotion by piece (shogi): each piece of ``pieces`` (letter, the letter it becomes) may
    promote on a move that starts or ends on ``ranks`` (relative); with ``mandatory`` it must.  A
    promoted piece remembers what it was: the FEN writes it ``+P``, and a capture puts that in hand."""

    ranks: tuple[int, ...]
    pieces: tuple[tuple[str, str], ...]
    mandatory: bool = False
    #: a promoted piece may instead demote, on the same moves, becoming what it was promoted from
    #: (Fairy-Stockfish's ``pieceDemotion``: kyoto shogi); with ``mandatory`` it must, where it may
    demotion: bool = False
    #: only a capture promotes or demotes (Fairy-Stockfish's ``piecePromotionOnCapture``: micro shogi)
    on_capture: bool = False


@dataclass(frozen=True)
class FirstLeaps:
    """Cambodian first moves (Fairy-Stockfish's ``cambodianMoves``), each onto an empty square while the
    piece has not moved: the royal ``king``, when not in check, leaps as a knight onto the rank ahead
    (``mfsN``), and each ``met`` two squares straight ahead (``mfD``).  The FEN writes the rights in the
    castling field as the file letters of the pieces that still have them (``DEde``).  An opponent's
    ``rook`` that moves onto the king's rank or file, whatever stands between, takes the king's away."""

    king: str
    met: str
    rook: str


@dataclass(frozen=True)
class Swap:
    """A piece may trade places with an adjacent friendly piece as a whole move.

    ``adjacency`` is Betza (``W``: orthogonal neighbours).  Partners with a
    role in ``excluded_roles`` are refused; with ``unmoved_only`` both pieces
    must never have moved; ``per_player`` is how often each side may do it.
    """

    piece: str
    adjacency: str
    adjacency_movement: BetzaPiece
    excluded_roles: frozenset[Role] = frozenset()
    unmoved_only: bool = True
    per_player: int = 1


@dataclass(frozen=True)
class Flag:
    """A side wins when its pieces reach its region (Fairy-Stockfish's flag goal; a race).

    ``regions`` holds White's region and Black's, absolute squares (one may be empty: that side has no flag
    to reach); ``ranks`` the relative ranks they were given as (empty when given as squares).  The pieces
    that count are those of type ``piece`` (None: any piece).  The region is reached when ``count`` of them
    stand in it, or, with ``blocked_win``, when at least one does and every square of the region is occupied;
    a ``count`` of None asks for all of them (at least one): the catalogue's ``race``.  With ``safe``
    (Fairy-Stockfish's ``flagPieceSafe``) a region holding exactly ``count`` of them is reached only while
    the opponent attacks none of them, and both sides' regions reached at once draw.

    Without ``reply`` the side that reaches its region wins at once.  With ``reply`` (Fairy-Stockfish's
    ``flagMove``) the opponent moves once more: a side whose region was reached wins only if it
    still is when that side is to move again; when the piece is royal, Black alone gets that
    move, and only if its royal piece can reach its own region at once (otherwise White wins
    there and then), and doing so draws, while White, reached second, loses at once.  Decided
    before anyone moves.
    """

    regions: tuple[frozenset[Square], frozenset[Square]]
    piece: str | None = None
    count: int | None = 1
    blocked_win: bool = False
    reply: bool = False
    ranks: tuple[int, ...] = ()
    safe: bool = False

    @property
    def race(self) -> bool:
        """The catalogue's ``race``: all of a side's pieces, on relative ranks."""
        return self.count is None and self.piece is None


@dataclass(frozen=True)
class BareKing:
    """A side left with only its royal piece loses (shatranj style).

    If the side that bared it has ``opponent_minimum`` or more other pieces,
    the loss is immediate; with fewer, the bared side plays one more move, and
    capturing the last piece draws (both kings bare).  Without ``both_bare_draw`` (how
    Fairy-Stockfish plays it) the game goes on when both kings are bare.
    """

    opponent_minimum: int = 2
    both_bare_draw: bool = True


class Result(enum.Enum):
    """What a rule (extinction, checkmate) does to the side it befalls."""

    LOSS = "loss"
    WIN = "win"
    #: neither side wins (an extinction's only: shatar's bare king draws)
    DRAW = "draw"


@dataclass(frozen=True)
class Extinction:
    """A side whose pieces of one of the types ``pieces`` (empty: all its pieces, counted
    together) are down to ``count`` or fewer, hand included, ends the game with ``result``:
    extinction chess loses when any one type is gone, antichess wins with no piece left.

    Decided before anyone moves, the side that just moved looked at first.
    """

    pieces: tuple[str, ...] = ()
    count: int = 0
    result: Result = Result.LOSS
    #: the counted pieces are royal while their side has at most ``count + 1`` of a type: a move may not
    #: leave one attacked, none attacked and no move is checkmate (Fairy-Stockfish's
    #: ``extinctionPseudoRoyal``); the extinction itself ends the game only where captures explode
    pseudo_royal: bool = False
    #: with ``pseudo_royal``: a side is in check only while every one of its counted pieces is attacked,
    #: so a move may not leave them all attacked (Fairy-Stockfish's ``dupleCheck``: Spartan's two kings)
    duple_check: bool = False


@dataclass(frozen=True)
class Explosions:
    """A capture explodes (atomic chess): the capturing piece and every piece on the squares around
    the target square are removed with the captured one, except pawns and the ``immune`` types."""

    immune: tuple[str, ...] = ()
    #: each piece the blast removes around the target square turns into a wall (Fairy-Stockfish's
    #: ``petrifyBlastPieces``)
    petrify_blast: bool = False


class WallingRule(enum.Enum):
    """Where the wall a move places may stand (Fairy-Stockfish's ``wallingRule``), besides on an empty
    square of the region: every rule places it on a square empty once the piece has moved."""

    ARROW = "arrow"  #: where the moved piece could move on to from where it lands (Game of the Amazons)
    DUCK = "duck"  #: anywhere: the one wall, the duck, leaves its square for another (duck chess)
    EDGE = "edge"  #: on an edge of the board or beside a wall, the board eaten from its edges (Atlantis)
    PAST = "past"  #: on the square the piece left (Snailtrail)
    STATIC = "static"  #: anywhere (Isolation)


@dataclass(frozen=True)
class Walling:
    """Every move also places a wall (``*`` in a FEN): a square no piece may enter, pass or take, of
    neither side (Fairy-Stockfish's ``wallingRule``); the UCI move names it after a comma
    (``e2e4,e4d5``).  ``region``: where each side may place one (None: anywhere); with ``or_move`` a
    side either moves or places a wall without moving (Fairy-Stockfish's ``wallOrMove``)."""

    rule: WallingRule
    region: tuple[frozenset[Square], frozenset[Square]] | None = None
    or_move: bool = False


@dataclass(frozen=True)
class ShatarMate:
    """Shatar's mate rule (Fairy-Stockfish's ``shatarMateRule``): a checkmate given by ``not_mating`` pieces
    alone loses for the side that gives it; any other wins only if a check of the unbroken series of checks
    that ends in it (the mate included) was given by one of the ``decisive`` pieces (a *shak*), and is
    otherwise a draw.  Both in sorted order."""

    decisive: tuple[str, ...]
    not_mating: tuple[str, ...] = ()


@dataclass(frozen=True)
class Goals:
    """``checkmate_result``: what checkmate does to the mated side (misère chess: it wins);
    ``check_count``: the side that gives this many checks wins (three-check); None: checks are not counted."""

    checkmate: bool = True
    flag: Flag | None = None
    bare_king: BareKing | None = None
    extinction: Extinction | None = None
    check_count: int | None = None
    checkmate_result: Result = Result.LOSS
    #: shatar's mate rule: what decides a checkmate is the checks that led to it
    shatar_mate: ShatarMate | None = None
    #: castle chess (Fairy-Stockfish's ``castlingWins``): castling rights as the FEN writes them (``K``
    #: White's kingside, ``q`` Black's queenside); castling by one of them wins at once, and a side that
    #: has lost every one of its listed rights (its king or that rook moved or taken) loses at once
    castling_wins: tuple[str, ...] = ()


class StalemateResult(enum.Enum):
    DRAW = "draw"
    LOSS = "loss"  #: the stalemated side loses
    WIN = "win"  #: the stalemated side wins (antichess)
    PASS = "pass"  #: the stalemated side must pass (``0000``)


class Counting(enum.Enum):
    """A counting rule of the makruk kind: once no pawn is left, the stronger side must mate within a
    number of moves that depends on the material (see ``docs/catalogue.md``), else the game is drawn."""

    MAKRUK = "makruk"  #: the board's honour (64 moves) from the last pawn, then the pieces' honour for a bare king
    ASEAN = "asean"  #: only the pieces' honour, counted from 0 once a king is bare
    #: the board's honour (63 moves) for a side down to three pieces or fewer, pawns or not, then the
    #: pieces' honour for a bare king, one move shorter than makruk's (Cambodian rules)
    CAMBODIAN = "cambodian"


class Chasing(enum.Enum):
    """A rule on perpetual chasing in a repetition."""

    #: the Asian rules (Fairy-Stockfish's ``axf``): the side that attacked with every move of the cycle a piece
    #: left unprotected (or, with a horse or cannon, a chariot; with an elephant or advisor, a chariot, horse or
    #: cannon) loses, both sides chasing draw; and the move rule waits two more plies for each check beyond ten
    #: that one side gave since the count began
    AXF = "axf"


@dataclass(frozen=True)
class Points:
    """Point counting: a game end that would be a draw goes to the side with more points, each piece on the
    board counting its letter's points (pieces not listed count nothing) and each side its ``bonus``; equal
    points draw (janggi: Black's 1.5 points, so that no game ends drawn)."""

    pieces: tuple[tuple[str, int], ...]  #: each counted letter and its points, in letter order
    bonus: tuple[float, float] = (0.0, 0.0)  #: White's and Black's

    def of(self, letter: str) -> int:
        """The points of a piece of ``letter`` (0 for a piece not counted)."""
        return dict(self.pieces).get(letter, 0)


@dataclass(frozen=True)
class DrawRules:
    """``repetition``: n-fold repetition draws (0: never); ``move_rule``: n moves each without
    a capture or pawn move draw (0: never); ``insufficient_material``: the minor piece letters
    that cannot mate on their own (empty: the rule is off); ``double_pass``: two passes in a
    row draw at once."""

    stalemate: StalemateResult = StalemateResult.DRAW
    repetition: int = 3
    move_rule: int = 50
    insufficient_material: tuple[str, ...] = ()
    double_pass: bool = False  #: a draw as soon as both sides have passed in a row
    drops_reset_move_rule: bool = False  #: every drop restarts the move rule's count, as a pawn move does
    #: the side that wins by the n-fold repetition, otherwise a draw (minishogi: Black, the second player, as
    #: Fairy-Stockfish plays it); ``to_move``: the side to move once the position is back (tori shogi);
    #: ``mover``: the side that brought it back (Fairy-Stockfish's ``nFoldValue = loss``: empire, mansindam)
    repetition_winner: Color | Literal["to_move", "mover"] | None = None
    counting: Counting | None = None  #: a makruk-style counting rule
    #: on stalemate ``stalemate`` befalls the side with fewer pieces on the board (suicide chess), the other
    #: side gets the opposite, and equal numbers draw
    stalemate_piece_count: bool = False
    #: every game end that would be a draw is a win for this side instead (armageddon: Black)
    draw_odds: Color | None = None
    #: a repetition in which one side gave check with every move of the cycle loses for that side (both
    #: sides checking: a draw); Fairy-Stockfish's ``perpetualCheckIllegal``
    perpetual_check_loses: bool = False
    #: the pieces whose moves, where no ordinary move could take them back, restart the move rule's
    #: count (Fairy-Stockfish's ``nMoveRuleTypes``; None: the pawns); ``black_move_rule_pieces``: Black's,
    #: where they differ
    move_rule_pieces: tuple[str, ...] | None = None
    black_move_rule_pieces: tuple[str, ...] | None = None
    #: the rules on chasing (:class:`Chasing`), which know the pieces by their moves: the chariot ``R``, the
    #: horse ``nN``, the cannon ``mRcpR``, the elephant ``nA``, the advisor ``F``, and the soldier (``fW``,
    #: ``fsW`` once advanced) and the royal piece, never chased (the soldier until it is advanced)
    chasing: Chasing | None = None
    #: bikjang: while the royal pieces face each other on a file or rank with nothing between, the side to
    #: move must part them or pass (passing then allowed even in check), and a pass that leaves them facing
    #: ends the game as a draw (Fairy-Stockfish's ``bikjangRule``)
    bikjang: bool = False
    #: every game end that would be a draw is decided by counting points instead (:class:`Points`;
    #: Fairy-Stockfish's ``materialCounting = janggi``)
    points: Points | None = None
    #: the side that moves one piece back and forth between two squares five times in a row (or four, a pass
    #: among them), never in check, loses (Fairy-Stockfish's ``moveRepetitionIllegal``; see ``docs/catalogue.md``)
    move_repetition_loses: bool = False
    #: a repetition compares which pieces have never moved as well (a position is the same only with the same
    #: pieces still unmoved), as the Zillions files' positions compare their pieces' ``never-moved?`` marks;
    #: Fairy-Stockfish's key reads only the castling pieces'.  No catalogue key: a Zillions download with
    #: gating plays it (:mod:`generator.emit.fidelity.zillions_gating`)
    repetition_reads_unmoved: bool = False

    def move_rule_pieces_of(self, color: Color) -> tuple[str, ...] | None:
        """The letters whose moves restart ``color``'s count (None: its pawns)."""
        if color is Color.BLACK and self.black_move_rule_pieces is not None:
            return self.black_move_rule_pieces
        return self.move_rule_pieces


@dataclass(frozen=True)
class Variant:
    """One playable catalogue entry."""

    name: str
    title: str
    family: str
    family_title: str
    seed: str
    board: Board
    pieces: tuple[PieceType, ...]
    setup: Setup
    castling: tuple[CastlingMove, ...] = ()
    #: castling is written as in Chess960 (Fairy-Stockfish's ``chess960``): the king's move onto its own
    #: rook (``e1h1``); castling rights stay ``KQkq``, and Fairy-Stockfish's file letters are read too
    chess960_castling: bool = False
    #: castling on one side takes away the opponent's castling on that side, the kingside (rook on a
    #: higher file than the king) or the queenside (Fairy-Stockfish's ``oppositeCastling``)
    opposite_castling: bool = False
    pawn_rules: PawnRules = PawnRules()
    drops: Drops | None = None
    piece_promotion: PiecePromotion | None = None
    #: a piece may not move (without promoting) or be dropped onto a square from which it could never
    #: move again (a shogi pawn or lance on the last rank)
    immobility_illegal: bool = False
    swaps: tuple[Swap, ...] = ()
    goals: Goals = Goals()
    draws: DrawRules = DrawRules()
    #: a side that can capture must (antichess); en passant counts as a capture
    must_capture: bool = False
    #: a move that gives check is illegal (racing kings; Fairy-Stockfish's ``checking = false``)
    no_checks: bool = False
    #: a royal piece in check may not move, unless it takes the one piece giving check (makpong)
    royal_held_in_check: bool = False
    #: captures explode (atomic chess); None: they do not
    explosions: Explosions | None = None
    #: the piece types that may not capture a piece of their own type (atomar's kings)
    mutually_immune: tuple[str, ...] = ()
    #: the piece types that turn into an immobile wall (``*`` in a FEN) where they capture (petrified)
    petrify: tuple[str, ...] = ()
    #: the squares of the diagonal lines (a janggi palace's), along which the pieces with ``line_moves``
    #: also move (Fairy-Stockfish's ``diagonalLines``)
    diagonal_lines: frozenset[Square] = frozenset()
    #: the hopping pieces that may neither hop over nor take a piece of their own type, of either side
    #: (the janggi cannon; Fairy-Stockfish's ``janggiCannon``)
    shuns_own_type: tuple[str, ...] = ()
    #: the royal pieces may not face each other on an open rank or file (xiangqi's flying general): a
    #: move that leaves them so is illegal, as if each attacked the other along rook lines
    flying_general: bool = False
    #: either side may pass (``0000``) instead of moving, unless its royal piece is in check
    #: (Fairy-Stockfish's ``pass``, which also ends the game as soon as both sides have passed in a row)
    passing: bool = False
    first_leaps: FirstLeaps | None = None
    #: gating (Fairy-Stockfish's ``seirawanGating``, S-Chess): a piece that leaves its first-rank square for
    #: the first time may bring a piece from hand onto that square in the same move, and so may castling,
    #: onto the king's square or the rook's; the FEN's castling field names the unmoved first-rank pieces
    #: (``KQBCDFGkqbcdfg``).  A piece is gated where it could be dropped (without drops: any but a pawn).
    gating: bool = False
    #: every move also places a wall (duck chess); None: no move does
    walling: Walling | None = None
    notes: tuple[str, ...] = ()
    description: str = ""
    #: the Fairy-Stockfish built-in variant this entry reproduces; ``variantgen check`` compares the
    #: two, as well as the entry's own ini section
    fairy_stockfish_builtin: str | None = None
    #: a short name (3-32 characters) where the name is too long for a target: pychess-variants'
    #: upload names; None where the name serves (:attr:`short_name`)
    id: str | None = None
    #: the ``variants.ini`` section the entry was imported from (``variantgen import``); not inherited
    source: Source | None = None
    source_line: int = 0
    #: the pieces by letter: derived from ``pieces``, read-only, and built afresh for every copy
    #: (``dataclasses.replace`` included), so no two variants share it
    piece_index: Mapping[str, PieceType] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # a frozen dataclass sets its derived fields through object.__setattr__
        object.__setattr__(self, "piece_index", MappingProxyType({p.letter: p for p in self.pieces}))

    def piece(self, letter: str) -> PieceType:
        return self.piece_index[letter.upper()]

    def castling_pieces(self, cm: CastlingMove) -> tuple[str, str]:
        """The letters of castling ``cm``'s king and rook: those set up on its squares, else (castling
        gained by drops) the side's royal piece and the piece ``drops.castling``."""
        king = self.setup.piece_at(cm.king_from)
        rook = self.setup.piece_at(cm.rook_from)
        royal = next((p.letter for p in self.pieces if p.royal), "K")
        dropped = self.drops.castling if self.drops and self.drops.castling else "R"
        return king[1] if king else royal, rook[1] if rook else dropped

    def move_rule_letters(self, color: Color) -> tuple[str, ...]:
        """The letters whose moves restart ``color``'s move rule count (by default its pawns)."""
        own = self.draws.move_rule_pieces_of(color)
        return tuple(p.letter for p in self.pieces if p.pawn) if own is None else own

    @property
    def short_name(self) -> str:
        """The catalogue's ``id``, else the name; unique in the catalogue."""
        return self.id or self.name


@dataclass(frozen=True)
class Source:
    """Where an imported entry comes from: the file (as the import named it), and either the
    ``variants.ini`` section (the entry's ini section keeps the section's name where Fairy-Stockfish has
    no built-in of that name) or the Zillions game (its title or number, as ``--game`` takes it)."""

    file: str
    section: str | None = None
    game: str | None = None


@dataclass(frozen=True)
class Catalogue:
    """The variants of one catalogue file, and its ``title``: the ``title:`` key, else the file's name made
    readable, else its variants' titles (:func:`~generator.catalogue.loader.catalogue_title`); its page, its
    play page and its downloads are named after it."""

    path: str
    variants: tuple[Variant, ...]
    title: str

    def names(self) -> list[str]:
        return [v.name for v in self.variants]

    def get(self, name: str) -> Variant | None:
        for v in self.variants:
            if v.name == name:
                return v
        return None
