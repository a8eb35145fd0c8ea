"""A position of one variant: the game state with its notation, its legal moves and its result.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> pos = Position.start(chess)
>>> len(pos.legal_moves())
20
>>> pos.push_uci("e2e4"); pos.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
"""

from __future__ import annotations

from generator.catalogue.model import Color, StalemateResult, Variant
from generator.engine import moves as mv
from generator.engine.chasing import kept_chasing
from generator.engine.facing import drawn_for
from generator.engine.fen import format_fen, read_fen, set_start
from generator.engine.geometry import Bitboard
from generator.engine.moved_back import moved_back_and_forth
from generator.engine.movegen import generate, generate_on, has_moves
from generator.engine.moves import Move
from generator.engine.outcome import Outcome, Reason
from generator.engine.own_promotion import lone_pawn
from generator.engine.rules import Rules
from generator.engine.special import pseudo_royal_attacked
from generator.engine.state import State

__all__ = ["Outcome", "Position"]


class Position(State):
    """A :class:`~generator.engine.state.State` read from and written as FEN, with legal moves and results."""

    @classmethod
    def start(cls, variant: Variant) -> Position:
        pos = cls(Rules.of(variant))
        set_start(pos)
        return pos

    @classmethod
    def from_fen(cls, variant: Variant, fen: str) -> Position:
        """Parse a FEN (Fairy-Stockfish dialect, plus this project's extension); ``FenError`` if bad."""
        pos = cls(Rules.of(variant))
        read_fen(pos, fen)
        return pos

    def fen(self) -> str:
        return format_fen(self)

    def legal_moves(self) -> list[Move]:
        out: list[Move] = []
        generate(self, out)
        return out

    def count_moves(self) -> int:
        return generate(self, None)

    def has_moves(self) -> bool:
        return has_moves(self)

    def _stalemate(self) -> Outcome:
        """The stalemated side (to move) loses, wins or draws; with the piece count, that result befalls the
        side with fewer pieces on the board, and equal numbers draw (Fairy-Stockfish's ``stalemate_value``)."""
        rules = self.rules
        side = self.turn  # the side the result befalls
        if rules.variant.draws.stalemate_piece_count:
            more = self.by_color[side].bit_count() - self.by_color[1 - side].bit_count()
            if more == 0:
                return Outcome(drawn_for(self), Reason.STALEMATE)
            side = side if more < 0 else 1 - side
        if rules.stalemate is StalemateResult.LOSS:
            return Outcome(Color(1 - side), Reason.STALEMATE)
        if rules.stalemate is StalemateResult.WIN:
            return Outcome(Color(side), Reason.STALEMATE)
        return Outcome(drawn_for(self), Reason.STALEMATE)

    def flag_escape(self) -> bool:
        """Whether the side to move has a legal move of the flag piece into its region (for castling,
        Fairy-Stockfish looks at the rook's square)."""
        rules = self.rules
        assert rules.flag is not None
        piece, regions, _, _, _, _ = rules.flag
        region = regions[self.turn]
        moves: list[Move] = []
        generate_on(self, moves)
        for kind, frm, to, extra in moves:
            if kind == mv.PASS or kind == mv.DROP or self.board[frm] >> 1 != piece:
                continue
            if region >> (rules.castles[extra & mv.CASTLE_INDEX].rook_from if kind == mv.CASTLE else to) & 1:
                return True
        return False

    def parse_uci(self, text: str) -> Move:
        """The legal move written ``text``; ``ValueError`` naming the move if there is none."""
        for m in self.legal_moves():
            if mv.uci(self.rules, m) == text:
                return m
        raise ValueError(f"{text!r} is not a legal move in {self.fen()}")

    def push_uci(self, text: str) -> None:
        self.push(self.parse_uci(text))

    def _mated_by_forbidden_drop(self) -> bool:
        """Whether the last move dropped the piece that may not mate from hand (the mate then loses)."""
        kind = self.rules.no_drop_mate
        last = self.played(1) if self.stack else None
        return kind >= 0 and last is not None and last[:2] == (mv.DROP, -1) and last[3] == kind

    def _perpetual_check(self) -> Outcome | None:
        """Where perpetual check loses: the side that gave check in every position of the repetition,
        from the earliest of its n occurrences to now, loses (both sides: a draw); None if neither did
        (Fairy-Stockfish's ``perpetualCheckIllegal``)."""
        if not self.checked:
            return None
        key, n = self.history[-1], self.rules.variant.draws.repetition
        first = [i for i, k in enumerate(self.history) if k == key][-n]
        last = len(self.history) - 1
        by_them = all(self.checked[last - i] for i in range(0, last - first + 1, 2))
        by_us = all(self.checked[last - i] for i in range(1, last - first, 2))
        if by_them == by_us:
            return Outcome(None, Reason.PERPETUAL_CHECK_BY_BOTH) if by_them else None
        return Outcome(Color(self.turn if by_them else 1 - self.turn), Reason.PERPETUAL_CHECK)

    def _repetition(self) -> Outcome:
        """The n-fold repetition's result: perpetual check, then perpetual chase, decide it first."""
        draws = self.rules.variant.draws
        winner = draws.repetition_winner
        if winner == "to_move" or winner == "mover":
            winner = Color(self.turn if winner == "to_move" else 1 - self.turn)
        end = self._perpetual_check() or self._perpetual_chase() or Outcome(winner, Reason.REPETITION, draws.repetition)
        # a drawn repetition, perpetual check or chase by both sides included, goes as every draw goes
        return end if end.winner is not None else Outcome(drawn_for(self), end.why, end.detail)

    def _perpetual_chase(self) -> Outcome | None:
        """Under the rules on chasing: the side that chased one same piece with every move of the repetition
        loses (both sides: a draw); None if neither did."""
        if not self.chases:
            return None
        key, n = self.history[-1], self.rules.variant.draws.repetition
        first = [i for i, k in enumerate(self.history) if k == key][-n]
        # from the position before the first, where there is one: kept_chasing reads its first entry as the
        # position no move reached
        them, us = kept_chasing(self.chases_from(first - 1 if first else 0), 1 if first else 0)
        if them == us:
            return Outcome(None, Reason.PERPETUAL_CHASE_BY_BOTH) if them else None
        return Outcome(Color(self.turn if them else 1 - self.turn), Reason.PERPETUAL_CHASE)

    def _checks_allowance(self) -> int:
        """The plies the rules on chasing add to the move rule: two for each check beyond ten that one side
        gave since the count began (or the game, if later), once twenty plies have been played."""
        plies = len(self.history) - 1
        if not self.chases or plies < 20:
            return 0
        end = min(self.halfmove, plies)
        last = end if end % 2 else end - 1  # the farthest position looked at, in plies back
        checked = self.checked[::-1]
        given = max(sum(checked[0 : last + 1 : 2]), sum(checked[1 : last + 1 : 2]))
        return 2 * max(given - 10, 0)

    def _kinds(self, types: tuple[int, ...]) -> Bitboard:
        return sum((self.by_type[t] for t in types), 0)

    def _shatar_mate(self, rule: tuple[tuple[int, ...], tuple[int, ...]]) -> Outcome:
        """The checkmate of the side to move under shatar's mate rule: given by pieces that may not mate
        alone, the mated side wins; else the mate wins if a check of the series of checks ending in it
        was decisive, looked for back two plies at a time while the mated side was in check and two
        plies are left to take back (Fairy-Stockfish's ``pliesFromNull``), and draws if none was."""
        decisive, not_mating = rule
        checkers = self.checkers(self.turn)
        if not checkers & ~self._kinds(not_mating):
            names = {self.rules.variant.pieces[t].name.lower() for t in not_mating if self.by_type[t] & checkers}
            return Outcome(Color(self.turn), Reason.MATE_NOT_ALLOWED, " and ".join(sorted(names)))
        taken: list[Move] = []
        while checkers and not checkers & self._kinds(decisive) and len(self.stack) >= 2:
            taken += [self.pop(), self.pop()]
            checkers = self.checkers(self.turn)
        shak = bool(checkers & self._kinds(decisive))
        for m in reversed(taken):
            self.push(m)
        return Outcome(Color(1 - self.turn), Reason.CHECKMATE) if shak else Outcome(None, Reason.MATE_WITHOUT_SHAK)

    def outcome(self) -> Outcome | None:
        """The result if the game has ended, draws by rule included; None while it goes on."""
        end = self.immediate_outcome()
        if end is not None:
            return end
        rules = self.rules
        draws = rules.variant.draws
        if not has_moves(self):
            return self._without_moves()
        if self.count_limit and self.count_ply > self.count_limit:
            return Outcome(None, Reason.COUNTING)
        limit = 2 * draws.move_rule
        if limit and self.halfmove >= limit and self.halfmove - self._checks_allowance() >= limit:
            return Outcome(drawn_for(self), Reason.MOVE_RULE, draws.move_rule)
        if moved_back_and_forth(self):
            return Outcome(Color(self.turn), Reason.MOVE_REPETITION)
        if draws.repetition and self.history and self.history.count(self.history[-1]) >= draws.repetition:
            return self._repetition()
        if rules.minor_types and self.insufficient_material():
            return Outcome(None, Reason.INSUFFICIENT_MATERIAL)
        if rules.own_promotion is not None and self._promotions_only():
            return Outcome(None, Reason.PROMOTIONS_ONLY)
        return None

    def _without_moves(self) -> Outcome:
        """The side to move has no move: mated (by a forbidden drop, without shak) or stalemated."""
        rules = self.rules
        if not (self.in_check() or pseudo_royal_attacked(self)):
            return self._stalemate()
        if self._mated_by_forbidden_drop():
            return Outcome(Color(self.turn), Reason.DROP_MATE, rules.variant.pieces[rules.no_drop_mate].name.lower())
        if rules.shatar_mate is not None:
            return self._shatar_mate(rules.shatar_mate)
        return Outcome(Color(self.turn if rules.mated_wins else 1 - self.turn), Reason.CHECKMATE)

    def _promotions_only(self) -> bool:
        """A king and one pawn that may only promote: drawn, as a pawn is never made to promote."""
        return lone_pawn(self) and all(m[0] == mv.PROMOTION for m in self.legal_moves())
