"""The variant catalogue: ``variants.yaml`` loaded into frozen, validated model objects."""

from generator.catalogue.errors import CatalogueError
from generator.catalogue.loader import load_catalogue, load_catalogue_text
from generator.catalogue.model import (
    BareKing,
    Board,
    CastlingMove,
    Catalogue,
    Color,
    DrawRules,
    Drops,
    Flag,
    Goals,
    PawnRules,
    PieceType,
    Promotion,
    Role,
    Setup,
    Square,
    StalemateResult,
    Swap,
    Variant,
    absolute_rank,
)
from generator.catalogue.source import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, find_catalogue

__all__ = [
    "DEFAULT_CATALOGUE",
    "FAIRY_STOCKFISH_CATALOGUE",
    "BareKing",
    "Board",
    "CastlingMove",
    "Catalogue",
    "CatalogueError",
    "Color",
    "DrawRules",
    "Drops",
    "Flag",
    "Goals",
    "PawnRules",
    "PieceType",
    "Promotion",
    "Role",
    "Setup",
    "Square",
    "StalemateResult",
    "Swap",
    "Variant",
    "absolute_rank",
    "find_catalogue",
    "load_catalogue",
    "load_catalogue_text",
]
