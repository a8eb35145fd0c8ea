"""Building an entry's goals and draws: the ways to win (checkmate, races and flags, a bared king,
extinction) and how games are drawn or decided otherwise, with the checks that need the entry as a
whole (a way to win, no side extinct or on its flag at the start, royal pieces where checkmate needs
them)."""

from __future__ import annotations

from typing import Literal

from generator.catalogue.entry import EntryReader
from generator.catalogue.model import (
    BareKing,
    Chasing,
    Color,
    Counting,
    DrawRules,
    Extinction,
    Flag,
    Goals,
    Points,
    Result,
    ShatarMate,
    StalemateResult,
    Variant,
)
from generator.catalogue.reading import Node

NO_WAY_TO_WIN = (
    "no way to win: set checkmate, race, flag, bare_king, extinction, check_count or castling_wins,"
    " or a draws.stalemate or draws.draw_odds that decides"
)


class GoalsBuilder(EntryReader):
    """The goals and draws of one entry (see :class:`~generator.catalogue.building.VariantBuilder`)."""

    def build_goals(self, node: Node | None) -> Goals:
        node = node or Node({}, self.node.key_line, self.node.key_line)
        checkmate = self.or_default(node, Goals, "checkmate")
        race, flag = node.get("race"), node.get("flag")
        bare, extinction, checks = node.get("bare_king"), node.get("extinction"), node.get("check_count")
        castles = self.castling_wins(node.get("castling_wins"))
        if not (checkmate or race or flag or bare or extinction or checks or castles or self.draws_decide()):
            self.fail(node, "goals", NO_WAY_TO_WIN)
        self.check_goal_pairs(race, flag, bare, extinction, checks)
        result = node.get("checkmate_result")
        if result is not None and not checkmate:
            self.fail(result, "goals.checkmate_result", "checkmate_result needs checkmate, which is off")
        self.check_royals(node, checkmate, bare is not None, extinction is not None)
        return Goals(
            checkmate,
            self.build_race(race) if race is not None else None if flag is None else self.build_flag(flag),
            None if bare is None else self.build_bare_king(bare),
            None if extinction is None else self.build_extinction(extinction),
            None if checks is None else checks.value,
            self.or_default(node, Goals, "checkmate_result", Result),
            self.build_shatar_mate(node.get("shatar_mate"), checkmate),
            castles,
        )

    def castling_wins(self, node: Node | None) -> tuple[str, ...]:
        """Each right a castling of the entry gives (``K``: White's, its rook on a higher file than its king)."""
        if node is None:
            return ()
        castling = self.node.get("castling")
        rights = set()
        for i, move in enumerate(castling.value if castling is not None else ()):
            king, rook = (self.square(move.need(key), f"castling[{i}].{key}") for key in ("king", "rook"))
            right = "K" if rook.file > king.file else "Q"
            rights.add(right if move.need("color").value == "white" else right.lower())
        for i, right in enumerate(node.value):
            if right.value not in rights:
                self.fail(right, f"goals.castling_wins[{i}]", f"no castling gives the right {right.value!r}")
        return tuple(dict.fromkeys(r.value for r in node.value))

    def draws_decide(self) -> bool:
        """Whether a game end of ``draws`` is itself a win for one side: a stalemate that is not drawn
        (nim, where the side left without a move loses), or draw odds (every draw a win for one side)."""
        draws = self.node.get("draws") or Node({}, self.node.key_line, self.node.key_line)
        stalemate = self.or_default(draws, DrawRules, "stalemate", StalemateResult)
        return stalemate in (StalemateResult.LOSS, StalemateResult.WIN) or draws.get("draw_odds") is not None

    def build_shatar_mate(self, node: Node | None, checkmate: bool) -> ShatarMate | None:
        if node is None:
            return None
        if not checkmate:
            self.fail(node, "goals.shatar_mate", "a rule of checkmates needs checkmate, which is off")
        return ShatarMate(
            tuple(sorted(self.letters(node, "decisive", "goals.shatar_mate.decisive"))),
            tuple(sorted(self.letters(node, "not_mating", "goals.shatar_mate.not_mating"))),
        )

    def build_bare_king(self, node: Node) -> BareKing:
        return BareKing(
            self.or_default(node, BareKing, "opponent_minimum"), self.or_default(node, BareKing, "both_bare_draw")
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
        if checks is not None and self.or_default(self.node, Variant, "no_checks"):
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
        if not any(regions):
            self.fail(node, "goals.flag", "a flag goal needs a region for at least one side")
        count = self.or_default(node, Flag, "count")
        blocked = self.or_default(node, Flag, "blocked_win")
        for color in Color:
            if count > len(regions[color]) and not blocked and regions[color]:
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
            self.or_default(node, Flag, "reply"),
            ranks,
            self.or_default(node, Flag, "safe"),
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
        # a royal piece in hand (a set-up phase by drops) is dropped before the game can end
        royals = {
            c: [str(sq) for sq, col, letter in self.setup.placement if col is c and self.pieces[letter].royal]
            + [f"{letter} in hand" for col, letter, n in self.setup.pockets if col is c and self.pieces[letter].royal]
            for c in Color
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
            self.or_default(node, Extinction, "count"),
            self.or_default(node, Extinction, "result", Result),
            self.or_default(node, Extinction, "pseudo_royal"),
            self.or_default(node, Extinction, "duple_check"),
        )

    def build_draws(self, node: Node | None) -> DrawRules:
        if node is None:
            return DrawRules()
        return DrawRules(
            self.or_default(node, DrawRules, "stalemate", StalemateResult),
            self.or_default(node, DrawRules, "repetition"),
            self.or_default(node, DrawRules, "move_rule"),
            self.letters(node, "insufficient_material", "draws.insufficient_material"),
            self.or_default(node, DrawRules, "double_pass"),
            self.or_default(node, DrawRules, "drops_reset_move_rule"),
            self.repetition_winner(node),
            self.or_default(node, DrawRules, "counting", Counting),
            self.stalemate_piece_count(node),
            self.draw_odds(node),
            self.or_default(node, DrawRules, "perpetual_check_loses"),
            self.move_rule_pieces(node, "move_rule_pieces"),
            self.move_rule_pieces(node, "black_move_rule_pieces"),
            self.chasing(node),
            self.bikjang(node),
            self.points(node),
            self.move_repetition_loses(node),
        )

    def move_repetition_loses(self, node: Node) -> bool:
        rule = node.get("move_repetition_loses")
        if rule is not None and rule.value and not self.or_default(node, DrawRules, "repetition"):
            self.fail(rule, "draws.move_repetition_loses", "repetition is 0: the ban is judged with the repetition")
        if rule is not None and rule.value and not any(p.royal for p in self.pieces.values()):
            self.fail(rule, "draws.move_repetition_loses", "the ban knows the pieces by the royal piece's region")
        return bool(self.or_default(node, DrawRules, "move_repetition_loses"))

    def bikjang(self, node: Node) -> bool:
        rule = node.get("bikjang")
        if rule is not None and rule.value and not any(p.royal for p in self.pieces.values()):
            self.fail(rule, "draws.bikjang", "bikjang is the royal pieces facing each other, and no piece is royal")
        return bool(self.or_default(node, DrawRules, "bikjang"))

    def points(self, node: Node) -> Points | None:
        points = node.get("points")
        if points is None:
            return None
        if node.get("draw_odds") is not None:
            self.fail(points, "draws.points", "draw_odds already decides every draw: set draw_odds or points")
        pieces = points.need("pieces").value
        for letter, value in pieces.items():
            self.letter(letter, value, f"draws.points.pieces.{letter}")
        bonus = points.get("bonus")
        sides = (0, 0) if bonus is None else (self.value(bonus, "white", 0), self.value(bonus, "black", 0))
        return Points(tuple(sorted((k, x.value) for k, x in pieces.items())), (float(sides[0]), float(sides[1])))

    def chasing(self, node: Node) -> Chasing | None:
        rule = node.get("chasing")
        if rule is not None and not self.or_default(node, DrawRules, "repetition"):
            self.fail(rule, "draws.chasing", "repetition is 0: there is no repetition in which a chase could lose")
        chasing: Chasing | None = self.or_default(node, DrawRules, "chasing", Chasing)
        return chasing

    def move_rule_pieces(self, node: Node, key: str) -> tuple[str, ...] | None:
        if node.get(key) is None:
            return None
        if not self.or_default(node, DrawRules, "move_rule"):
            self.fail(node.need(key), f"draws.{key}", "move_rule is 0: there is no count to restart")
        return self.letters(node, key, f"draws.{key}")

    def draw_odds(self, node: Node) -> Color | None:
        odds = node.get("draw_odds")
        if odds is None:
            return None
        rules = {key: self.or_default(node, DrawRules, key) for key in ("repetition", "move_rule", "double_pass")}
        stalemate = self.or_default(node, DrawRules, "stalemate", StalemateResult) is StalemateResult.DRAW
        stalemate = stalemate or self.or_default(node, DrawRules, "stalemate_piece_count")
        repeats = rules["repetition"] and node.get("repetition_winner") is None
        if not (stalemate or repeats or rules["move_rule"] or rules["double_pass"]):
            reason = "no stalemate, move rule, repetition or double pass draws: no draw to win"
            self.fail(odds, "draws.draw_odds", reason)
        return Color[odds.value.upper()]

    @staticmethod
    def repetition_winner(node: Node) -> Color | Literal["to_move", "mover"] | None:
        winner = node.get("repetition_winner")
        if winner is None:
            return None
        word = winner.value
        return "to_move" if word == "to_move" else "mover" if word == "mover" else Color[word.upper()]

    def stalemate_piece_count(self, node: Node) -> bool:
        count = bool(self.or_default(node, DrawRules, "stalemate_piece_count"))
        if count and self.or_default(node, DrawRules, "stalemate", StalemateResult) is StalemateResult.PASS:
            self.fail(
                node.need("stalemate_piece_count"),
                "draws.stalemate_piece_count",
                "a side that passes is never stalemated: nothing to count",
            )
        return count
