"""Which of the engine's paths each rule of a variant needs: the one place the fast paths are gated.

Move generation, make and unmake skip whatever the variant's rules do not need (most variants need
none of it).  Every rule of the catalogue model is declared here with the paths it needs, and
:class:`~generator.engine.rules.Rules` switches the paths on from these declarations alone, so a
new rule cannot be left off one path by mistake (tests/test_gates.py fails on a rule field that is
declared nowhere).

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> catalogue = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
>>> print(needed(catalogue.get("chess")), needed(catalogue.get("3check")))
Path.NONE Path.IMMEDIATE_GOALS|AFTER_MOVE
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import reduce

from generator.catalogue.model import DrawRules, Extinction, Goals, StalemateResult, Variant
from generator.catalogue.rule_kinds import TOGGLES, Path

__all__ = ["NEEDS", "Needs", "Path", "extinction", "needed", "rule_fields"]


def extinction(variant: Variant) -> Extinction | None:
    """The extinction goal, if it can end a game: pseudo-royal pieces cannot be taken, unless an
    explosion takes them (Fairy-Stockfish)."""
    goal = variant.goals.extinction
    return None if goal is None or (goal.pseudo_royal and variant.explosions is None) else goal


def _set(value: object) -> bool:
    """Whether a rule's field is switched on: set, true or not empty."""
    return value is not None and value is not False and value != ()


@dataclass(frozen=True)
class Needs:
    """A rule field of the model (dotted below ``Variant``) and the paths it needs where ``when`` holds
    of the variant (None: where the field is set)."""

    field: str
    paths: Path
    when: Callable[[Variant], bool] | None = None

    def on(self, variant: Variant) -> bool:
        if self.when is not None:
            return self.when(variant)
        value: object = variant
        for part in self.field.split("."):
            value = getattr(value, part, None)  # None: the variant lacks the group
        return _set(value)


#: every rule field of the model, with the paths it needs; Path.NONE: compiled into the tables only
NEEDS = (
    Needs("goals.flag", Path.IMMEDIATE_GOALS),
    Needs("goals.bare_king", Path.IMMEDIATE_GOALS),
    Needs("goals.extinction", Path.IMMEDIATE_GOALS, lambda v: extinction(v) is not None),
    Needs("goals.extinction", Path.SPECIAL, lambda v: bool(v.goals.extinction and v.goals.extinction.pseudo_royal)),
    Needs("goals.check_count", Path.IMMEDIATE_GOALS | Path.AFTER_MOVE),
    Needs("goals.castling_wins", Path.IMMEDIATE_GOALS),
    Needs("draws.double_pass", Path.IMMEDIATE_GOALS),
    # the royal pieces facing each other: only moves that part them, or a pass, which then ends the game
    Needs("draws.bikjang", Path.IMMEDIATE_GOALS | Path.FILTERED),
    Needs("draws.counting", Path.AFTER_MOVE),
    Needs("draws.stalemate", Path.MORE_MOVES, lambda v: v.draws.stalemate is StalemateResult.PASS),
    Needs("must_capture", Path.FILTERED),
    Needs("royal_held_in_check", Path.HELD_IN_CHECK),
    Needs("explosions", Path.AFTER_MOVE | Path.CAPTURE_EFFECTS),
    Needs("petrify", Path.SPECIAL | Path.AFTER_MOVE | Path.CAPTURE_EFFECTS | Path.STONE),
    Needs("mutually_immune", Path.SPECIAL),
    Needs("first_leaps", Path.AFTER_MOVE | Path.MORE_MOVES),
    Needs("swaps", Path.MORE_MOVES),
    Needs("gating", Path.MORE_MOVES | Path.GATING),
    Needs("passing", Path.MORE_MOVES),
    Needs("drops", Path.MORE_MOVES),
    # a captured promoted piece goes to hand as what it was promoted from
    Needs(
        "drops",
        Path.TRACKS_PROMOTED,
        lambda v: bool(v.drops and v.drops.captures_to_hand and not v.drops.keep_promoted),
    ),
    Needs("piece_promotion", Path.TRACKS_PROMOTED),
    # a side with pieces in hand must drop while it can: its other moves are filtered out
    Needs("drops", Path.FILTERED, lambda v: bool(v.drops and v.drops.must)),
    Needs("walling", Path.WALLING | Path.AFTER_MOVE),
    # the yes-or-no rule kinds, declared with their paths
    *(Needs(toggle.key, toggle.paths, toggle.on) for toggle in TOGGLES),
    # a pawn's promotion is a move of its own, listed beside the pieces' moves
    Needs(
        "pawn_rules",
        Path.MORE_MOVES,
        lambda v: bool(v.pawn_rules.promotion and v.pawn_rules.promotion.own_move),
    ),
    *(
        Needs(name, Path.NONE)
        for name in (
            "board",
            "pieces",
            "setup",
            "castling",
            "chess960_castling",
            "opposite_castling",
            "pawn_rules",
            "immobility_illegal",
            "flying_general",
            "shuns_own_type",
            "diagonal_lines",
            "goals.checkmate",
            "goals.checkmate_result",
            "goals.shatar_mate",
            "draws.repetition",
            "draws.move_rule",
            "draws.insufficient_material",
            "draws.drops_reset_move_rule",
            "draws.repetition_winner",
            "draws.stalemate_piece_count",
            "draws.draw_odds",
            "draws.points",
            "draws.perpetual_check_loses",
            "draws.chasing",  # read from the history of a game, which perft keeps none of
            "draws.move_repetition_loses",  # so is this
            "draws.move_rule_pieces",
            "draws.repetition_reads_unmoved",
            "draws.black_move_rule_pieces",
        )
    ),
)

#: the model's fields that are no rule of play (names, texts, where a variant comes from)
NOT_RULES = frozenset(
    {
        "name",
        "title",
        "family",
        "family_title",
        "seed",
        "notes",
        "description",
        "fairy_stockfish_builtin",
        "id",
        "source_line",
        "source",
        "piece_index",
        "goals",
        "draws",
    }
)


def rule_fields() -> list[str]:
    """Every field of the model below ``Variant`` that is a rule: what :data:`NEEDS` must declare.

    >>> "goals.flag" in rule_fields(), "name" in rule_fields()
    (True, False)
    """
    nested = [f"goals.{f.name}" for f in fields(Goals)] + [f"draws.{f.name}" for f in fields(DrawRules)]
    flags = [toggle.key for toggle in TOGGLES if toggle.group]
    return [f.name for f in fields(Variant) if f.name not in NOT_RULES] + nested + flags


def needed(variant: Variant) -> Path:
    """The paths ``variant``'s rules need."""
    return reduce(lambda a, b: a | b, (n.paths for n in NEEDS if n.on(variant)), Path.NONE)
