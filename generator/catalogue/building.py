"""Building: one merged, schema-checked entry into a :class:`~generator.catalogue.model.Variant`.

The schema (:mod:`generator.catalogue.validating`) checked each value on its own; the builder
checks what needs the entry as a whole (squares on the board, letters defined, castling pieces in
place, a way to win, pawn ranks some pawn can use, no side extinct at the start, short ids) and
raises one :class:`~generator.catalogue.errors.CatalogueError` naming the line, the variant and
the field.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from generator.betza import BetzaPiece, Modality, parse_betza
from generator.catalogue.building_goals import GoalsBuilder
from generator.catalogue.building_promotion import PromotionBuilder
from generator.catalogue.entry import expand
from generator.catalogue.model import (
    Advanced,
    Board,
    CastlingMove,
    Color,
    Drops,
    Explosions,
    FirstLeaps,
    PawnRules,
    PieceType,
    Promotion,
    Role,
    Setup,
    Source,
    Square,
    Swap,
    Variant,
    Walling,
    WallingRule,
    absolute_rank,
)
from generator.catalogue.pawn_ranks import pawn_ranks
from generator.catalogue.reading import Node, Where

#: An ``id``: pychess-variants' rule for a variant's name (3-32 characters, starting with a letter),
#: within the catalogue's own alphabet for names (no ``_``, which the site would also take).
ID_RE = re.compile(r"[a-z][a-z0-9-]{2,31}")


def _span(ranks: frozenset[int]) -> str:
    """Relative ranks in words, runs joined: ``relative ranks 2-7``.

    >>> _span(frozenset({1, 2, 3, 5})), _span(frozenset())
    ('relative ranks 1-3, 5', 'no rank')
    """
    runs: list[list[int]] = []
    for rank in sorted(ranks):
        if runs and runs[-1][-1] == rank - 1:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    words = ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
    return f"relative ranks {words}" if runs else "no rank"


def _roles(nodes: Sequence[Node]) -> frozenset[Role]:
    return frozenset(Role(r.value) for r in nodes)


class VariantBuilder(GoalsBuilder, PromotionBuilder):
    """Builds one concrete, merged entry into a :class:`Variant`, checking what the schema cannot."""

    def build(self) -> Variant:
        node = self.node
        family = node.need("family")
        if family.value not in self.families:
            declared = ", ".join(self.families) or "none"
            self.fail(family, "family", f"family {family.value!r} is not declared under 'families:' ({declared})")
        self.board = self.build_board(node.need("board"))
        self.lines = self.build_diagonal_lines(node.get("diagonal_lines"))
        self.pieces = self.build_pieces(node.need("pieces"))
        drops = self.build_drops(node.get("drops"))
        gating = self.or_default(node, Variant, "gating")
        self.setup = self.build_setup(node.need("setup"), drops is not None or gating)
        family_node = self.families[family.value]
        variant = Variant(
            name=self.name,
            title=self.value(node, "title").strip(),
            family=family.value,
            family_title=self.value(family_node, "title").strip(),
            seed=self.value(family_node, "seed") or "",
            board=self.board,
            pieces=tuple(self.pieces.values()),
            setup=self.setup,
            castling=self.or_default(node, Variant, "castling", self.build_castlings),
            chess960_castling=self.build_chess960(node, "chess960_castling", "to write as in Chess960"),
            opposite_castling=self.build_chess960(node, "opposite_castling", "to take away"),
            pawn_rules=self.build_pawns(node.get("pawns")),
            drops=drops,
            piece_promotion=self.build_piece_promotion(node.get("piece_promotion")),
            immobility_illegal=self.or_default(node, Variant, "immobility_illegal"),
            swaps=self.or_default(
                node, Variant, "swaps", lambda ss: tuple(self.build_swap(s, f"swaps[{i}]") for i, s in enumerate(ss))
            ),
            goals=self.build_goals(node.get("goals")),
            draws=self.build_draws(node.get("draws")),
            must_capture=self.or_default(node, Variant, "must_capture"),
            royal_held_in_check=self.or_default(node, Variant, "royal_held_in_check"),
            explosions=self.build_explosions(node.get("explosions")),
            mutually_immune=self.letters(node, "mutually_immune"),
            petrify=self.letters(node, "petrify"),
            shuns_own_type=self.build_shuns_own_type(node),
            diagonal_lines=self.lines,
            flying_general=self.or_default(node, Variant, "flying_general"),
            passing=self.or_default(node, Variant, "passing"),
            first_leaps=self.build_first_leaps(node.get("first_leaps"), bool(self.value(node, "castling"))),
            gating=gating,
            walling=self.build_walling(node.get("walling"), drops),
            notes=self.or_default(node, Variant, "notes", lambda ns: tuple(n.value.strip() for n in ns)),
            description=self.or_default(node, Variant, "description", str.strip),
            fairy_stockfish_builtin=self.or_default(node, Variant, "fairy_stockfish_builtin"),
            id=self.build_id(node.get("id")),
            source=self.build_source(node.get("source")),
            source_line=node.key_line,
            **self.toggles(node, ""),
        )
        self.check_pawn_ranks(variant)
        self.check_extinction(variant)
        self.check_flag(variant)
        self.check_gating(variant)
        return variant

    def build_explosions(self, node: Node | None) -> Explosions | None:
        """Explosions, refused beside a royal piece (only pseudo-royalty guards against them)."""
        if node is None:
            return None
        royal = next((p for p in self.pieces.values() if p.royal), None)
        if royal is not None:
            self.fail(
                node,
                "explosions",
                f"an explosion could blow up the royal {royal.name}, which only a pseudo-royal piece guards "
                "against: give it no role and list it under goals.extinction with pseudo_royal",
            )
        return Explosions(self.letters(node, "immune", "explosions.immune"), **self.toggles(node, "explosions"))

    def build_shuns_own_type(self, node: Node) -> tuple[str, ...]:
        """The hoppers that shun their own type: each a piece that hops and is not royal."""
        letters = self.letters(node, "shuns_own_type")
        items = self.value(node, "shuns_own_type", [])
        for i, x in enumerate(letters):
            p = self.pieces[x]
            if p.royal or not any(m.hop for m in p.movement.moves):
                why = "is royal" if p.royal else f"does not hop ({p.movement.render()})"
                self.fail(
                    items[i],
                    f"shuns_own_type[{i}]",
                    f"the {p.name} {why}: only a hopping piece that is not royal may shun its own type",
                )
        return letters

    def build_chess960(self, node: Node, key: str, what: str) -> bool:
        """A rule of castling (``chess960_castling``, ``opposite_castling``): there must be castling."""
        on = bool(self.or_default(node, Variant, key))
        if on and not self.value(node, "castling"):
            self.fail(node.need(key), key, f"there is no castling {what}: 'castling' is empty")
        return on

    def build_source(self, node: Node | None) -> Source | None:
        """The imported section or game: exactly one of them; a section's name must be one an ini
        header can hold."""
        if node is None:
            return None
        file = node.need("file").value.strip()
        given = [k for k in ("section", "game") if node.get(k) is not None]
        if len(given) != 1:
            self.fail(node, "source", "give exactly one of 'section' (an ini section) and 'game' (a Zillions game)")
        if given == ["game"]:
            return Source(file, game=node.need("game").value.strip())
        section = node.need("section").value.strip()
        if re.search(r"[\]:\[]", section):
            self.fail(
                node.need("section"),
                "source.section",
                f"{section!r} cannot be an ini section name (no '[', ']' or ':')",
            )
        return Source(file, section)

    def build_id(self, node: Node | None) -> str | None:
        if node is None:
            return None
        if not ID_RE.fullmatch(node.value):
            self.fail(
                node,
                "id",
                f"{node.value!r} is not a valid id: use 3-32 characters from a-z, 0-9 and '-', starting with "
                "a letter (pychess-variants' rule for a variant's name)",
            )
        return str(node.value)

    # -- board and squares

    def build_board(self, node: Node) -> Board:
        files, ranks = self.value(node, "files"), self.value(node, "ranks")
        self.board = Board(files, ranks)  # the bare rectangle, which the holes are checked against
        holes = self.or_default(
            node, Board, "holes", lambda hs: frozenset(self.square(h, f"board.holes[{i}]") for i, h in enumerate(hs))
        )
        return Board(files, ranks, holes)

    # -- pieces

    def build_pieces(self, node: Node) -> dict[str, PieceType]:
        pieces: dict[str, PieceType] = {}
        names: dict[str, str] = {}
        for letter, spec in node.value.items():
            field = f"pieces.{letter}"
            betza = spec.need("betza")
            movement = self.betza(betza, f"{field}.betza")
            name = self.value(spec, "name").strip()
            if name in names:
                self.fail(
                    spec.need("name"),
                    f"{field}.name",
                    f"piece name {name!r} is already used by {names[name]!r}",
                )
            names[name] = letter
            roles = self.or_default(spec, PieceType, "roles", _roles)
            if Role.PAWN in roles and any(m.initial and m.modality is not Modality.MOVE for m in movement.moves):
                why = "a pawn's initial moves are its multi-steps, which may not capture: write 'im...'"
                self.fail(betza, f"{field}.betza", f"betza {betza.value!r}: {why}")
            help_text = self.or_default(spec, PieceType, "help", str.strip)
            region = spec.get("region")
            pieces[letter] = PieceType(
                letter,
                name,
                betza.value,
                movement,
                roles,
                help_text,
                None if region is None else self.side_regions(region, f"{field}.region")[0],
                self.build_advanced(spec.get("advanced"), movement, field),
                self.build_line_moves(spec.get("line_moves"), field),
            )
        if not pieces:
            self.fail(node, "pieces", "no pieces are defined")
        return pieces

    def build_diagonal_lines(self, node: Node | None) -> frozenset[Square]:
        """The squares of the diagonal lines, each on the board."""
        if node is None:
            return frozenset()
        return frozenset(
            self.square(item, f"diagonal_lines[{i}]", sq.name)
            for i, item in enumerate(node.value)
            for sq in expand(item.value)
        )

    def build_line_moves(self, node: Node | None, piece_field: str) -> BetzaPiece | None:
        """A piece's moves along the diagonal lines, which the variant must have."""
        if node is None:
            return None
        field = f"{piece_field}.line_moves"
        if not self.lines:
            self.fail(node, field, "there are no diagonal lines to move along: give the variant 'diagonal_lines'")
        return self.betza(node, field)

    def build_advanced(self, node: Node | None, own: BetzaPiece, piece_field: str) -> Advanced | None:
        """The moves a piece has from a relative rank on: leaps or lame leaps, as its own moves."""
        if node is None:
            return None
        field, betza = f"{piece_field}.advanced", node.need("betza")
        rank = self.relative_rank(node.need("rank"), f"{field}.rank")
        movement = self.betza(betza, f"{field}.betza")
        for moves, at, where in ((movement, betza, f"{field}.betza"), (own, node, f"{piece_field}.betza")):
            if any(m.range != 1 or m.hop or m.initial for m in moves.moves):
                self.fail(
                    at,
                    where,
                    "a piece with advanced moves may only leap or lame-leap, without initial moves, in both "
                    "its movements (the moves are switched square by square)",
                )
        return Advanced(rank, betza.value, movement)

    # -- setup

    def check_gating(self, v: Variant) -> None:
        """Something to gate, and castling on the first rank, where Fairy-Stockfish keeps its gates."""
        if not v.gating:
            return
        at = self.node.need("gating")
        if not v.setup.pockets and not (v.drops and v.drops.captures_to_hand):
            self.fail(at, "gating", "no piece is ever in hand to gate: give setup.pockets or drops.captures_to_hand")
        for c in v.castling:
            if absolute_rank(c.color, 1, v.board.ranks) != c.king_from.rank + 1:
                self.fail(
                    at, "gating", f"gates are on the first rank, but the {c.color.word} king castles from {c.king_from}"
                )

    def build_setup(self, node: Node, drops: bool) -> Setup:
        placement: list[tuple[Square, Color, str]] = []
        promoted: list[tuple[Square, str]] = []
        used: dict[Square, str] = {}
        for color in Color:
            for key, squares in node.need(color.word).value.items():
                field = f"setup.{color.word}.{key}"
                letter = self.promoted_to(key, squares, field) if key.startswith("+") else key
                piece = self.letter(letter, squares.key_line, field)
                for i, item in enumerate(squares.value):
                    for square in expand(item.value):
                        self.square(item, f"{field}[{i}]", square.name)
                        if square in used:
                            self.fail(item, f"{field}[{i}]", f"{square} is already taken by {used[square]}")
                        used[square] = f"the {color.word} {piece.name}"
                        placement.append((square, color, letter))
                        promoted += [(square, key[1:])] if key.startswith("+") else []
        pockets: list[tuple[Color, str, int]] = []
        pockets_node = node.get("pockets")
        if pockets_node is not None and not drops:
            self.fail(
                pockets_node,
                "setup.pockets",
                "pockets need 'drops:' or 'gating:' (nothing in hand could ever be played)",
            )
        for color in Color:
            side = None if pockets_node is None else pockets_node.get(color.word)
            for letter, count in ({} if side is None else side.value).items():
                field = f"setup.pockets.{color.word}.{letter}"
                if self.letter(letter, count.key_line, field).royal and not self._set_up_by_drops():
                    self.fail(count, field, f"a royal piece ({letter}) cannot start in hand")
                pockets.append((color, letter, count.value))
        to_move = self.or_default(node, Setup, "to_move", lambda word: Color[word.upper()])
        return Setup(tuple(placement), tuple(pockets), to_move, tuple(promoted))

    def _set_up_by_drops(self) -> bool:
        """Whether pieces in hand must be dropped while they can: a royal piece may then start in hand."""
        drops = self.node.get("drops")
        must = drops.get("must") if drops is not None else None
        return must is not None and bool(must.value)

    def promoted_to(self, key: str, squares: Node, field: str) -> str:
        """What the piece of ``+X`` stands as: what ``X`` promotes to by ``piece_promotion``."""
        origin = key[1:]
        self.letter(origin, squares.key_line, field)
        promotion = self.node.get("piece_promotion")
        pieces = None if promotion is None else promotion.get("pieces")
        target = None if pieces is None else pieces.value.get(origin)
        if target is None:
            self.fail(
                squares.key_line, field, f"the {self.pieces[origin].name} does not promote (piece_promotion.pieces)"
            )
        return str(target.value)

    def build_castling(self, node: Node, field: str) -> CastlingMove:
        color = Color[node.need("color").value.upper()]
        squares = {key: self.square(node.need(key), f"{field}.{key}") for key in ("king", "king_to", "rook", "rook_to")}
        king, rook = squares["king"], squares["rook"]
        found = self.setup.piece_at(king)
        # the king is the royal piece; a side without one castles with a piece that is not a pawn
        royal_side = any(c is color and self.pieces[x].royal for _, c, x in self.setup.placement)
        dropped = self._dropped_castling(color)
        if found is None and dropped is not None:  # castling gained by drops: the king comes from hand
            found = (color, dropped[0]) if dropped[0] else None
            royal_side = True
        if found is None or found[0] is not color or not self._castling_king(self.pieces[found[1]], royal_side):
            self.fail(
                node.need("king"),
                f"{field}.king",
                f"{king} holds no {color.word} {'royal piece' if royal_side else 'piece to castle as the king'} "
                f"({self.describe(king)})",
            )
        found = self.setup.piece_at(rook)
        if found is None and dropped is not None and dropped[1]:
            found = (color, dropped[1])
        if found is None or found[0] is not color or self.pieces[found[1]].royal or self.pieces[found[1]].pawn:
            self.fail(
                node.need("rook"),
                f"{field}.rook",
                f"{rook} holds no {color.word} piece to castle with ({self.describe(rook)})",
            )
        return CastlingMove(color, king, squares["king_to"], rook, squares["rook_to"])

    def build_castlings(self, nodes: Sequence[Node]) -> tuple[CastlingMove, ...]:
        return tuple(self.build_castling(c, f"castling[{i}]") for i, c in enumerate(nodes))

    def _dropped_castling(self, color: Color) -> tuple[str, str] | None:
        """Where castling is gained by drops: the royal piece and the castling rook in ``color``'s hand
        ("" for one it lacks); None where it is not."""
        drops = self.node.get("drops")
        rook = drops.get("castling") if drops is not None else None
        if rook is None:
            return None
        pocket = self.setup.pocket(color)
        royal = next((x for x in pocket if x in self.pieces and self.pieces[x].royal), "")
        return royal, rook.value if rook.value in pocket else ""

    @staticmethod
    def _castling_king(piece: PieceType, royal_side: bool) -> bool:
        return piece.royal if royal_side else not piece.pawn

    # -- rules

    def build_first_leaps(self, node: Node | None, castling: bool) -> FirstLeaps | None:
        """The pieces must be Fairy-Stockfish's king, met (fers) and rook, the rights file letters of the
        first rank, where castling's would clash."""
        if node is None:
            return None
        if castling:
            self.fail(node, "first_leaps", "the first leaps' rights take the FEN's castling field: no castling")
        for key, betza, role in (("king", "K", "the royal king"), ("met", "F", "a met"), ("rook", "R", "a rook")):
            at = node.need(key)
            piece = self.letter(at.value, at, f"first_leaps.{key}")
            if piece.movement != parse_betza(betza) or piece.royal != (key == "king"):
                self.fail(at, f"first_leaps.{key}", f"the {piece.name} is not {role} (Betza {betza})")
            if key == "rook":
                continue
            for square, color, letter in self.setup.placement:
                if letter == at.value and absolute_rank(color, 1, self.board.ranks) != square.rank + 1:
                    self.fail(
                        at, f"first_leaps.{key}", f"the {color.word} {piece.name} on {square} is not on its first rank"
                    )
        return FirstLeaps(*(self.value(node, key) for key in ("king", "met", "rook")))

    def build_walling(self, node: Node | None, drops: Drops | None) -> Walling | None:
        """Walls, refused beside a hand (Fairy-Stockfish: "pieceDrops and any walling are incompatible")
        and the duck beside a royal piece (Fairy-Stockfish: "Can not use kings with wallingRule = duck")."""
        if node is None:
            return None
        rule = WallingRule(self.value(node, "rule"))
        if drops is not None:
            self.fail(node, "walling", "Fairy-Stockfish plays no drops beside walls")
        royal = next((p for p in self.pieces.values() if p.royal), None)
        if rule is WallingRule.DUCK and royal is not None:
            self.fail(
                node,
                "walling.rule",
                f"the duck cannot go with the royal {royal.name} (Fairy-Stockfish refuses kings with the duck): "
                "give it no role and list it under goals.extinction",
            )
        region = node.get("region")
        return Walling(
            rule,
            None if region is None else self.side_regions(region, "walling.region")[0],
            bool(self.or_default(node, Walling, "or_move")),
        )

    def build_pawns(self, node: Node | None) -> PawnRules:
        if node is None:
            self._check_no_initial_pawn_moves(self.node, "pawns")
            return PawnRules()
        max_steps = self.or_default(node, PawnRules, "max_steps")
        multi = self.relative_ranks(node.get("multi_step_ranks"), "pawns.multi_step_ranks")
        if max_steps > 1 and not multi:
            self.fail(node.need("max_steps"), "pawns.max_steps", "max_steps above 1 needs 'multi_step_ranks'")
        if not multi:
            self._check_no_initial_pawn_moves(node, "pawns.multi_step_ranks")
        promotion = None
        promo = node.get("promotion")
        if promo is not None:
            if not any(p.pawn for p in self.pieces.values()):
                self.fail(promo, "pawns.promotion", "promotion needs a piece with the 'pawn' role")
            black = promo.get("black_choices")
            choices = self._promotion_choices(promo.need("choices"), "choices")
            black_choices = None if black is None else self._promotion_choices(black, "black_choices")
            regions, ranks = self.side_regions(promo, "pawns.promotion")
            own_move = bool(self.or_default(promo, Promotion, "own_move"))
            promotion = Promotion(
                ranks,
                choices,
                self._promotion_mandatory(promo, own_move),
                black_choices,
                self._promotion_limits(promo, choices + (black_choices or ())),
                None if ranks else regions,
                own_move,
            )
        en_passant = self.or_default(node, PawnRules, "en_passant")
        triple = self._triple_step_ranks(node, max_steps, multi)
        squares = self._multi_step_squares(node, multi)
        return PawnRules(
            max_steps,
            multi,
            en_passant,
            promotion,
            triple,
            squares,
            self._en_passant_takers(node),
            self._en_passant_ranks(node),
        )

    def _en_passant_ranks(self, node: Node) -> tuple[int, ...] | None:
        """``en_passant_ranks``: the ranks of passed squares, of a variant with en passant."""
        at = self._with_en_passant(node, "en_passant_ranks", "where en passant is taken")
        return None if at is None else self.relative_ranks(at, "pawns.en_passant_ranks")

    def _with_en_passant(self, node: Node, key: str, what: str) -> Node | None:
        """The key ``key`` of the pawn rules, which says ``what`` and so needs ``en_passant: true``."""
        at = node.get(key)
        if at is not None and not self.or_default(node, PawnRules, "en_passant"):
            self.fail(at, f"pawns.{key}", f"{what} needs 'en_passant: true'")
        return at

    def _en_passant_takers(self, node: Node) -> tuple[str, ...] | None:
        """``en_passant_takers``: pawns, of a variant with en passant."""
        at = self._with_en_passant(node, "en_passant_takers", "who takes en passant")
        if at is None:
            return None
        for i, item in enumerate(at.value):
            field = f"pawns.en_passant_takers[{i}]"
            if not self.letter(item.value, item, field).pawn:
                self.fail(item, field, f"the {self.pieces[item.value].name} is not a pawn: only pawns take en passant")
        return tuple(item.value for item in at.value)

    def _multi_step_squares(
        self, node: Node, multi: tuple[int, ...]
    ) -> tuple[frozenset[Square], frozenset[Square]] | None:
        """``multi_step_squares``: each side's squares of its multi-step ranks that pawns multi-step from."""
        at = node.get("multi_step_squares")
        if at is None:
            return None
        regions = self.side_regions(at, "pawns.multi_step_squares")[0]
        for color in Color:
            off = sorted(regions[color] - self.rank_region(color, multi), key=lambda sq: (sq.rank, sq.file))
            if off:
                field = f"pawns.multi_step_squares.{color.word}"
                self.fail(
                    at.need(color.word), field, f"{off[0].name} is not on {color.word}'s multi-step ranks {list(multi)}"
                )
        return regions

    def _triple_step_ranks(self, node: Node, max_steps: int, multi: tuple[int, ...]) -> tuple[int, ...] | None:
        """``triple_step_ranks``: with three steps, some of the multi-step ranks."""
        at = node.get("triple_step_ranks")
        if at is None:
            return None
        if max_steps != 3:
            self.fail(at, "pawns.triple_step_ranks", f"triple steps need 'max_steps: 3', not {max_steps}")
        ranks = self.relative_ranks(at, "pawns.triple_step_ranks")
        for i, rank in enumerate(ranks):
            if rank not in multi:
                where, field = at.value[i], f"pawns.triple_step_ranks[{i}]"
                self.fail(where, field, f"rank {rank} is not one of 'multi_step_ranks', where pawns multi-step")
        return ranks

    def _promotion_mandatory(self, promo: Node, own_move: bool) -> bool:
        """``mandatory``: never where promotion is a move of its own, which a pawn is never made to play."""
        mandatory = bool(self.or_default(promo, Promotion, "mandatory"))
        if own_move and mandatory and promo.get("mandatory") is not None:
            self.fail(
                promo.need("mandatory"),
                "pawns.promotion.mandatory",
                "a pawn that promotes by a move of its own ('own_move') is never made to promote",
            )
        return mandatory and not own_move

    def _promotion_limits(self, promo: Node, choices: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        """``limits``: each a piece some pawn may promote to."""
        table = promo.get("limits")
        limits = table.value if table is not None else {}
        for letter, count in limits.items():
            field = f"pawns.promotion.limits.{letter}"
            self.letter(letter, count, field)
            if letter not in choices:
                self.fail(count, field, f"no pawn promotes to {letter}: it is not among the promotion choices")
        return tuple((letter, count.value) for letter, count in limits.items())

    def _promotion_choices(self, choices: Node, key: str) -> tuple[str, ...]:
        for i, choice in enumerate(choices.value):
            field = f"pawns.promotion.{key}[{i}]"
            piece = self.letter(choice.value, choice, field)
            if piece.pawn or piece.royal:
                role = "pawn" if piece.pawn else "royal"
                self.fail(choice, field, f"cannot promote to the {piece.name} ({piece.letter}), a {role} piece")
        return tuple(c.value for c in choices.value)

    def _check_no_initial_pawn_moves(self, at: Node, field: str) -> None:
        """Without multi-step ranks, a pawn's initial moves (its multi-steps) could never be played."""
        if any(p.pawn and any(m.initial for m in p.movement.moves) for p in self.pieces.values()):
            self.fail(at, field, "a pawn with initial moves (Betza 'i') needs 'pawns.multi_step_ranks'")

    def check_pawn_ranks(self, variant: Variant) -> None:
        """Refuse multi-step and promotion ranks that no pawn can ever use (:mod:`~generator.catalogue.pawn_ranks`)."""
        reach = [pawn_ranks(variant, c) for c in Color]
        stands = frozenset().union(*(r.stands for r in reach))
        if not stands:  # no pawn is ever on the board: pawn rules are moot, as without a pawn-role piece
            return
        pawns = self.node.get("pawns")
        if pawns is None:  # the defaults: no multi-step, no promotion
            return
        enters = frozenset().union(*(r.enters for r in reach))
        rules, ranks = variant.pawn_rules, variant.board.ranks
        for i, rank in enumerate(rules.multi_step_ranks if rules.max_steps > 1 else ()):
            at, field = pawns.need("multi_step_ranks").value[i], f"pawns.multi_step_ranks[{i}]"
            if rank not in stands:
                self.fail(at, field, f"no pawn can multi-step from rank {rank}: pawns stand only on {_span(stands)}")
            if rank + 2 > ranks:
                reason = "a step of two squares leaves the board"
                self.fail(at, field, f"no pawn can multi-step from rank {rank} of {ranks}: {reason}")
        for i, rank in enumerate(rules.promotion.ranks if rules.promotion else ()):
            if rank not in enters:
                self.fail(
                    pawns.need("promotion").need("ranks").value[i],
                    f"pawns.promotion.ranks[{i}]",
                    f"no pawn can ever enter rank {rank}: pawns move only onto {_span(enters)}",
                )

    def check_extinction(self, variant: Variant) -> None:
        """Refuse an extinction rule that a side already meets in the start position."""
        rule = variant.goals.extinction
        if rule is None or (rule.pseudo_royal and variant.explosions is None):
            return  # pseudo-royal pieces that no explosion takes never go extinct
        for color in Color:
            have = Counter(x for _, c, x in variant.setup.placement if c is color)
            have.update({x: n for c, x, n in variant.setup.pockets if c is color})
            for letter in rule.pieces or (None,):
                count = have.total() if letter is None else have[letter]
                if count <= rule.count:
                    what = "" if letter is None else f" of type {variant.piece(letter).name} ({letter})"
                    self.fail(
                        self.node.need("goals").need("extinction"),
                        "goals.extinction",
                        f"{color.word} starts with only {count} pieces{what}, and {rule.count} or fewer ends the "
                        "game: it would be over before the first move",
                    )

    def build_drops(self, node: Node | None) -> Drops | None:
        if node is None:
            return None
        piece_ranks = []
        table = node.get("piece_ranks")
        for letter, ranks in (table.value if table is not None else {}).items():
            field = f"drops.piece_ranks.{letter}"
            if self.letter(letter, ranks, field).royal:
                self.fail(ranks, field, f"the {self.pieces[letter].name} is royal and never in hand")
            piece_ranks.append((letter, self.relative_ranks(ranks, field)))
        for key in ("one_per_file", "no_drop_mate"):
            single = node.get(key)
            if single is not None:
                self.letter(single.value, single, f"drops.{key}")
        per_file = node.get("per_file")
        if per_file is not None and node.get("one_per_file") is None:
            self.fail(per_file, "drops.per_file", "per_file counts the pieces of 'one_per_file', which is not set")
        captures = self.or_default(node, Drops, "captures_to_hand")
        keep = node.get("keep_promoted")
        if keep is not None and not captures:
            self.fail(keep, "drops.keep_promoted", "keep_promoted needs 'captures_to_hand: true'")
        promoted = node.get("promoted")
        if promoted is not None and promoted.value and self.node.get("piece_promotion") is None:
            self.fail(promoted, "drops.promoted", "promoted drops need piece_promotion: no piece promotes")
        self.check_set_up_drops(node)
        regions, ranks = self.side_regions(node, "drops")
        return Drops(
            ranks or tuple(range(1, self.board.ranks + 1)),
            captures,
            self.or_default(node, Drops, "keep_promoted"),
            tuple(piece_ranks),
            self.or_default(node, Drops, "one_per_file"),
            self.or_default(node, Drops, "per_file"),
            self.or_default(node, Drops, "no_drop_mate"),
            self.or_default(node, Drops, "promoted"),
            self.or_default(node, Drops, "must"),
            self.or_default(node, Drops, "must_piece"),
            self.or_default(node, Drops, "opposite_colors"),
            self.or_default(node, Drops, "castling"),
            None if node.get("ranks") is not None else regions,
            **self.toggles(node, "drops"),
        )

    def check_set_up_drops(self, node: Node) -> None:
        """The rules of a set-up phase by drops: the pieces they name, and what each needs."""
        for key in ("must_piece", "opposite_colors", "castling"):
            single = node.get(key)
            if single is not None:
                self.letter(single.value, single, f"drops.{key}")
        must_piece = node.get("must_piece")
        if must_piece is not None and not self.or_default(node, Drops, "must"):
            self.fail(must_piece, "drops.must_piece", "must_piece names what must be dropped: it needs 'must: true'")
        castling = node.get("castling")
        if castling is not None and (self.pieces[castling.value].royal or self.pieces[castling.value].pawn):
            what = "royal" if self.pieces[castling.value].royal else "a pawn"
            self.fail(castling, "drops.castling", f"the {self.pieces[castling.value].name} is {what}: no castling rook")
        if castling is not None and not self.value(self.node, "castling"):
            self.fail(castling, "drops.castling", "castling by drops needs castling moves: 'castling' is empty")

    def build_swap(self, node: Node, field: str) -> Swap:
        piece = self.letter(node.need("piece").value, node.need("piece"), f"{field}.piece")
        adjacency = node.need("adjacency")
        movement = self.betza(adjacency, f"{field}.adjacency")
        hop = next((m.hop for m in movement.moves if m.hop), "")
        if hop:
            self.fail(adjacency, f"{field}.adjacency", f"betza {adjacency.value!r}: a hop ({hop!r}) names no neighbour")
        return Swap(
            piece.letter,
            adjacency.value,
            movement,
            self.or_default(node, Swap, "excluded_roles", _roles),
            self.or_default(node, Swap, "unmoved_only"),
            self.or_default(node, Swap, "per_player"),
        )


def check_short_names(built: Sequence[tuple[Variant, Node]], path: str) -> None:
    """No two variants share a :attr:`~generator.catalogue.model.Variant.short_name` (an ``id``, or
    the name of a variant without one); ``built`` pairs each variant with its merged entry."""
    seen: dict[str, str] = {}
    for v, node in built:
        if v.short_name in seen:
            other = seen[v.short_name]
            id_node = node.get("id")
            what = "id" if id_node is not None else "name"
            line = node.key_line if id_node is None else id_node.line
            raise Where(path, v.name).error(
                line,
                "id" if id_node is not None else None,
                f"{what} {v.short_name!r} is already the short name of variant {other!r} (its id, or its name "
                "if it has none): ids must be unique",
            )
        seen[v.short_name] = v.name
