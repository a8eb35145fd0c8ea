"""How a game ended: the winner and the reason, a name the checks compare and a text people read.

>>> end = Outcome(Color.WHITE, Reason.MOVE_RULE, 50)
>>> end.why is Reason.MOVE_RULE, end.reason, str(end)
(True, 'the 50-move rule', '1-0 (white wins by the 50-move rule)')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from generator.catalogue.model import Color


class Reason(enum.Enum):
    """Why a game ended; the value is the text, with ``{}`` where the rule's number or piece goes."""

    CHECKMATE = "checkmate"
    #: a mate by a drop of the piece that may not mate from hand: the dropper loses
    DROP_MATE = "checkmate by a dropped {}"
    #: shatar's mate rule: a mate by pieces that may not mate alone (the mated side wins), and a mate no
    #: decisive check led to (a draw)
    MATE_NOT_ALLOWED = "checkmate by {} alone"
    MATE_WITHOUT_SHAK = "checkmate without a decisive check"
    STALEMATE = "stalemate"
    MOVE_RULE = "the {}-move rule"
    REPETITION = "{}-fold repetition"
    PERPETUAL_CHECK = "perpetual check"
    PERPETUAL_CHECK_BY_BOTH = "perpetual check by both sides"
    #: the rules on chasing (``DrawRules.chasing``): the side that chased with every move of a repetition loses
    PERPETUAL_CHASE = "perpetual chase"
    PERPETUAL_CHASE_BY_BOTH = "perpetual chase by both sides"
    INSUFFICIENT_MATERIAL = "insufficient material"
    #: two passes in a row (``DrawRules.double_pass``)
    DOUBLE_PASS = "both sides passing"
    #: a pass that left the royal pieces facing each other (``DrawRules.bikjang``)
    BIKJANG = "bikjang"
    #: one piece moved back and forth (``DrawRules.move_repetition_loses``): the side that did it loses
    MOVE_REPETITION = "moving one piece back and forth"
    #: a makruk-style counting rule (``DrawRules.counting``)
    COUNTING = "the counting rule"
    #: a side with its king and one pawn whose every move is a promotion of its own (``Promotion.own_move``)
    PROMOTIONS_ONLY = "promotion as the only move"
    BARE_KING = "bare king"
    BARE_KINGS = "bare kings"
    CHECK_COUNT = "check count"
    #: a flag goal whose catalogue entry calls it a race
    RACE = "race"
    FLAG = "flag"
    EXTINCTION = "extinction"
    #: castle chess (``Goals.castling_wins``): castling on a listed side wins, losing every listed right loses
    CASTLED = "castling"
    CASTLING_LOST = "castling rights lost"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is None for a draw; ``why`` is what checks compare, ``detail``
    fills its text."""

    winner: Color | None
    why: Reason
    detail: str | int = ""

    @property
    def reason(self) -> str:
        """The reason as people read it: ``the 50-move rule``."""
        return self.why.value.format(self.detail)

    @property
    def result(self) -> str:
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Color.WHITE else "0-1"

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{self.winner.word} wins"
        return f"{self.result} ({who} by {self.reason})"
