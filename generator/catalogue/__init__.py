"""The variant catalogue: ``variants.yaml`` loaded into frozen, validated model objects."""

from pathlib import Path

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
    Goals,
    PawnRules,
    PieceType,
    Promotion,
    Race,
    Role,
    Setup,
    Square,
    StalemateResult,
    Swap,
    Variant,
    absolute_rank,
)

DEFAULT_CATALOGUE = Path(__file__).resolve().parents[2] / "variants.yaml"
#: Fairy-Stockfish's built-in variants as catalogue entries, each naming the built-in it reproduces
FAIRY_STOCKFISH_CATALOGUE = DEFAULT_CATALOGUE.parent / "catalogues" / "fairy-stockfish.yaml"

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
    "Goals",
    "PawnRules",
    "PieceType",
    "Promotion",
    "Race",
    "Role",
    "Setup",
    "Square",
    "StalemateResult",
    "Swap",
    "Variant",
    "absolute_rank",
    "load_catalogue",
    "load_catalogue_text",
]
