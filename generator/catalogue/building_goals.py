"""Building an entry's goals and draws: the ways to win (checkmate, races and flags, a bared king,
extinction) and how games are drawn or decided otherwise, with the checks that need the entry as a
whole (a way to win, no side extinct or on its flag at the start, royal pieces where checkmate needs
them)."""

from __future__ import annotations

from typing import Literal

from generator.catalogue.entry import EntryReader
from generator.catalogue.model import (
    BareKing,
    Color,
    Counting,
    DrawRules,
    Extinction,
    Flag,
    Goals,
    Result,
    StalemateResult,
    Variant,
)
from generator.catalogue.reading import Node


class GoalsBuilder(EntryReader):
    """The goals and draws of one entry (see :class:`~generator.catalogue.building.VariantBuilder`)."""

    def build_goals(self, node: Node | None) -> Goals:
        node = node or Node({}, self.node.key_line, self.node.key_line)
        checkmate = self.value(node, "checkmate", True)
        race, flag = node.get("race"), node.get("flag")
        bare, extinction, checks = node.get("bare_king"), node.get("extinction"), node.get("check_count")
        if not (checkmate or race or flag or bare or extinction or checks):
            self.fail(node, "goals", "no way to win: set checkmate, race, flag, bare_king, extinction or check_count")
        self.check_goal_pairs(race, flag, bare, extinction, checks)
        result = node.get("checkmate_result")
        if result is not None and not checkmate:
            self.fail(result, "goals.checkmate_result", "checkmate_result needs checkmate, which is off")
        self.check_royals(node, checkmate, bare is not None, extinction is not None)
        return Goals(
            checkmate,
            self.build_race(race) if race is not None else None if flag is None else self.build_flag(flag),
            None
            if bare is None
            else BareKing(self.value(bare, "opponent_minimum", 2), self.value(bare, "both_bare_draw", True)),
            None if extinction is None else self.build_extinction(extinction),
            None if checks is None else checks.value,
            Result(self.value(node, "checkmate_result", "loss")),
        )

    def check_goal_pairs(
        self, race: Node | None, flag: Node | None, bare: Node | None, extinction: Node | None, checks: Node | None
    ) -> None:
        """Refuse goals that cannot go together, and counted checks without a check to count."""
        if bare is not None and extinction is not None:
            self.fail(extinction, "goals.extinction", "a bare king is itself an extinction rule: set one of the two")
        if race is not None and flag is not None:
            self.fail(flag, "goals.flag", "a race is itself a flag goal (all pieces on the ranks): set one of the two")
        if checks is not None and not any(p.royal for p in self.pieces.values()):
            self.fail(checks, "goals.check_count", "checks are given to a royal piece, and no piece is royal")
        if checks is not None and self.value(self.node, "no_checks", False):
            self.fail(checks, "goals.check_count", "no_checks forbids every check: none could be counted")

    def build_race(self, node: Node) -> Flag:
        regions, ranks = self.side_regions(node, "goals.race")
        return Flag(regions, None, None, ranks=ranks)

    def build_flag(self, node: Node) -> Flag:
        """A flag goal: the region as relative ranks, or as each side's squares."""
        regions, ranks = self.side_regions(node, "goals.flag")
        piece = node.get("piece")
        if piece is not None:
            self.letter(piece.value, piece, "goals.flag.piece")
        count = self.value(node, "count", 1)
        blocked = self.value(node, "blocked_win", False)
        for color in Color:
            if count > len(regions[color]) and not blocked:
                self.fail(
                    node.need("count"),
                    "goals.flag.count",
                    f"{count} pieces cannot stand on the {len(regions[color])} squares of {color.word}'s region",
                )
        return Flag(
            regions,
            None if piece is None else piece.value,
            count,
            blocked,
            self.value(node, "reply", False),
            ranks,
            self.value(node, "safe", False),
        )

    def check_flag(self, variant: Variant) -> None:
        """Refuse a flag goal that a side already reaches in the start position."""
        flag = variant.goals.flag
        if flag is None:
            return
        for color in Color:
            mine = [sq for sq, c, x in variant.setup.placement if c is color and flag.piece in (None, x)]
            inside = [sq for sq in mine if sq in flag.regions[color]]
            full = all(variant.setup.piece_at(sq) is not None for sq in flag.regions[color])
            enough = len(inside) == len(mine) if flag.count is None else len(inside) >= flag.count
            reached = bool(inside) and (enough or (flag.blocked_win and full))
            if reached:
                key = "race" if self.node.need("goals").get("flag") is None else "flag"
                self.fail(
                    self.node.need("goals").need(key),
                    f"goals.{key}",
                    f"{color.word} already reaches its region in the start position "
                    f"({', '.join(sq.name for sq in inside)}): the game would be over before the first move",
                )

    def check_royals(self, node: Node, checkmate: bool, bare: bool, extinction: bool) -> None:
        """Checkmate needs one royal piece per side (none on a side that can lose by extinction), a
        bare king one per side."""
        royals = {
            c: [sq for sq, col, letter in self.setup.placement if col is c and self.pieces[letter].royal] for c in Color
        }
        setup_node = self.node.need("setup")
        for color, squares in royals.items():
            # a side without a royal piece (horde) can lose only by extinction
            if checkmate and (len(squares) > 1 or (not squares and not extinction)):
                culprit = node.get("checkmate") or setup_node
                found = "none" if not squares else f"{len(squares)} ({', '.join(map(str, squares))})"
                self.fail(
                    culprit,
                    "goals.checkmate",
                    f"checkmate needs exactly one {color.word} royal piece in the setup, found {found} "
                    "(none is allowed with goals.extinction)",
                )
            if bare and not squares:
                self.fail(
                    node.need("bare_king"),
                    "goals.bare_king",
                    f"bare king needs a {color.word} royal piece in the setup",
                )

    def build_extinction(self, node: Node) -> Extinction:
        """Extinction; pseudo-royalty needs the types it makes royal, duple check needs pseudo-royalty."""
        pieces = self.letters(node, "pieces", "goals.extinction.pieces")
        pseudo_royal, duple = node.get("pseudo_royal"), node.get("duple_check")
        if pseudo_royal is not None and pseudo_royal.value and not pieces:
            self.fail(
                pseudo_royal,
                "goals.extinction.pseudo_royal",
                "pseudo-royalty needs the piece types it makes royal: list them in goals.extinction.pieces",
            )
        if duple is not None and duple.value and not (pseudo_royal is not None and pseudo_royal.value):
            self.fail(
                duple,
                "goals.extinction.duple_check",
                "duple check is a rule of pseudo-royal pieces: set goals.extinction.pseudo_royal too",
            )
        return Extinction(
            pieces,
            self.value(node, "count", 0),
            Result(self.value(node, "result", "loss")),
            self.value(node, "pseudo_royal", False),
            self.value(node, "duple_check", False),
        )

    def build_draws(self, node: Node | None) -> DrawRules:
        if node is None:
            return DrawRules()
        minors = self.value(node, "insufficient_material", [])
        for i, letter in enumerate(minors):
            self.letter(letter.value, letter, f"draws.insufficient_material[{i}]")
        return DrawRules(
            StalemateResult(self.value(node, "stalemate", "draw")),
            self.value(node, "repetition", 3),
            self.value(node, "move_rule", 50),
            tuple(m.value for m in minors),
            self.value(node, "double_pass", False),
            self.value(node, "drops_reset_move_rule", False),
            self.repetition_winner(node),
            None if node.get("counting") is None else Counting(self.value(node, "counting", "makruk")),
            self.stalemate_piece_count(node),
            self.draw_odds(node),
            self.value(node, "perpetual_check_loses", False),
        )

    def draw_odds(self, node: Node) -> Color | None:
        odds = node.get("draw_odds")
        if odds is None:
            return None
        stalemate = self.value(node, "stalemate", "draw") == "draw" or self.value(node, "stalemate_piece_count", False)
        repeats = self.value(node, "repetition", 3) and node.get("repetition_winner") is None
        if not (stalemate or repeats or self.value(node, "move_rule", 50) or self.value(node, "double_pass", False)):
            reason = "no stalemate, move rule, repetition or double pass draws: no draw to win"
            self.fail(odds, "draws.draw_odds", reason)
        return Color[odds.value.upper()]

    @staticmethod
    def repetition_winner(node: Node) -> Color | Literal["to_move"] | None:
        winner = node.get("repetition_winner")
        if winner is None:
            return None
        return "to_move" if winner.value == "to_move" else Color[winner.value.upper()]

    def stalemate_piece_count(self, node: Node) -> bool:
        count = node.get("stalemate_piece_count")
        if count is not None and count.value and self.value(node, "stalemate", "draw") == "pass":
            self.fail(count, "draws.stalemate_piece_count", "a side that passes is never stalemated: nothing to count")
        return count is not None and bool(count.value)
