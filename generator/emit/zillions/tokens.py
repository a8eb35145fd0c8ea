"""Tokens: pieces kept off the board on a ``dummy`` position, whose presence a goal or a move reads (a
mating drop's marker, a pairing promotion's token, a pass's draw marker), each a coin picture per side."""

from __future__ import annotations

from generator.catalogue.model import Color
from generator.emit.zillions.context import PLAYERS, PieceContext, PieceNeeds
from generator.emit.zillions.images import Images, TokenPicture
from generator.emit.zillions.text import wrap_string, zrf_text


def token(images: Images, name: str, help_text: str, title: str, description: str, position: str) -> PieceContext:
    """The ``(piece ...)`` of the token ``name``, which stands only on the dummy ``position``: its help line, and
    its description's title and text."""
    pictures = tuple(
        (PLAYERS[c], images.path(f"{name}{PLAYERS[c]}", TokenPicture(c.word)).replace("/", "\\")) for c in Color
    )
    return PieceContext(
        name=name,
        help=zrf_text(help_text),
        description=tuple(wrap_string(f"{zrf_text(title)}\\{zrf_text(description)}", "      ")),
        images=pictures,
        attributes=(),
        moves=(),
        drops=(),
        needs=PieceNeeds(frozenset(), {}, (position,)),
        dummy=True,
    )
