"""Building an entry's promotion by piece: what each piece promotes to, and a pawn's promoted form, by
piece where it has no other promotion (shinobi) or beside its choices (wolf chess)."""

from __future__ import annotations

from generator.catalogue.entry import EntryReader
from generator.catalogue.model import PiecePromotion, PieceType
from generator.catalogue.reading import Node


class PromotionBuilder(EntryReader):
    """Promotion by piece of one entry (see :class:`~generator.catalogue.building.VariantBuilder`)."""

    def build_piece_promotion(self, node: Node | None) -> PiecePromotion | None:
        if node is None:
            return None
        pieces = []
        pawns_become: set[str] = set()
        for letter, target in node.need("pieces").value.items():
            field = f"piece_promotion.pieces.{letter}"
            piece = self.letter(letter, target, field)
            if piece.royal:
                self.fail(target, field, f"the {piece.name} is a royal piece")
            if piece.pawn:
                self._pawn_by_piece(target, field, piece, pawns_become)
            becomes = self.letter(target.value, target, field)
            if becomes.royal or becomes.letter == letter:
                self.fail(target, field, f"the {piece.name} cannot promote to the {becomes.name}")
            pieces.append((letter, target.value))
        return PiecePromotion(
            self.relative_ranks(node.get("ranks"), "piece_promotion.ranks"),
            tuple(pieces),
            self.or_default(node, PiecePromotion, "mandatory"),
            self.or_default(node, PiecePromotion, "demotion"),
            self.or_default(node, PiecePromotion, "on_capture"),
        )

    def _pawn_by_piece(self, target: Node, field: str, piece: PieceType, become: set[str]) -> None:
        """A pawn promoting by piece (shinobi's): not also by 'pawns: promotion', and every such pawn to one piece."""
        pawns = self.node.get("pawns")
        promo = pawns.get("promotion") if pawns is not None else None
        if promo is not None and target.value in self._choices(promo):
            self.fail(target, field, f"the {piece.name} promotes by 'pawns: promotion' already: one of the two")
        if promo is not None:
            self._pawn_form(target, field, piece, promo)
            return
        become.add(target.value)
        if len(become) > 1:
            self.fail(target, field, f"the pawns promote by piece to one piece, not to {', '.join(sorted(become))}")

    @staticmethod
    def _choices(promo: Node) -> set[str]:
        """Every letter a pawn may promote to by ``pawns: promotion``, either side's."""
        return {x.value for key in ("choices", "black_choices") for x in (promo.get(key) or Node([], 0, 0)).value}

    def _pawn_form(self, target: Node, field: str, piece: PieceType, promo: Node) -> None:
        """A pawn's promoted form beside its choices (wolf's elephant): Fairy-Stockfish's pawns promote on
        one zone, so the form's ranks are the pawns'; never by a move of its own."""
        ranks = promo.get("ranks")
        mine = self.relative_ranks(self.node.need("piece_promotion").get("ranks"), "piece_promotion.ranks")
        if ranks is None or sorted(mine) != sorted(self.relative_ranks(ranks, "pawns.promotion.ranks")):
            self.fail(
                target,
                field,
                f"the {piece.name}'s promoted form beside its choices is taken on their zone: "
                "piece_promotion.ranks must be pawns.promotion.ranks (Fairy-Stockfish has one)",
            )
        if self.value(promo, "own_move"):
            self.fail(target, field, f"the {piece.name} promotes by a move of its own: no promoted form beside it")
        for key in ("on_capture", "demotion"):
            if self.value(self.node.need("piece_promotion"), key):
                self.fail(target, field, f"the {piece.name} has a promoted form beside its choices: no '{key}' for it")
