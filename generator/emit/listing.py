"""What ``variantgen list --json`` says of each variant: where every target puts it, and what it cannot express.

One plain record per variant, for scripts and site maintainers: the names it goes by in each
output (the Fairy-Stockfish section, the Zillions download, file and game title, the
pychess-variants upload), the Fairy-Stockfish built-in it reproduces, and per target the rules
that target cannot play, each with its reason.  Paths are relative to the build folder.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> catalogue = load_catalogue(DEFAULT_CATALOGUE)
>>> record = variant_record(catalogue, catalogue.variants[0])
>>> record["fairy_stockfish_section"], record["zillions"]["game"]
('chess-variantgen', 'Chess (variantgen)')
>>> [x["rule"] for x in record["cannot_express"]["zillions"]]
['move-rule', 'insufficient-material']
"""

from __future__ import annotations

from typing import Any

from generator.catalogue.model import Catalogue, Source, Variant
from generator.emit import fairy_stockfish, pychess, zillions
from generator.emit.fidelity import PLAYING, limitations, writable
from generator.emit.target import Target


def variant_record(catalogue: Catalogue, variant: Variant) -> dict[str, Any]:
    """The JSON-ready record of ``variant`` (see the module docstring)."""
    board = variant.board
    in_ini = writable(variant, Target.FAIRY_STOCKFISH)
    return {
        "name": variant.name,
        "title": variant.title,
        "family": variant.family,
        "board": {"files": board.files, "ranks": board.ranks, "holes": sorted(s.name for s in board.holes)},
        "pieces": [{"letter": p.letter, "name": p.name, "betza": p.betza} for p in variant.pieces],
        "fairy_stockfish_section": fairy_stockfish.section_name(variant) if in_ini else None,
        "fairy_stockfish_builtin": variant.fairy_stockfish_builtin,
        "source": _source(variant.source),
        "zillions": _zillions(catalogue, variant) if writable(variant, Target.ZILLIONS) else None,
        "pychess": f"{pychess.FOLDER}/{pychess.upload_file_name(variant)}" if pychess.uploaded(variant) else None,
        "cannot_express": {
            target: [{"rule": x.rule, "why": x.text} for x in limitations(variant, target)] for target in PLAYING
        },
    }


def _source(source: Source | None) -> dict[str, str] | None:
    if source is None:
        return None
    where = {"section": source.section} if source.section is not None else {"game": source.game or ""}
    return {"file": source.file, **where}


def _zillions(catalogue: Catalogue, variant: Variant) -> dict[str, str]:
    """The download holding ``variant``'s game, the ``.zrf`` in it and the game's title there."""
    d = zillions.download_of(catalogue, variant.name)
    title = d.title
    folder = zillions.download_name(title)
    games = dict(zip((v.name for v in d.variants), zillions.game_titles([v.title for v in d.variants]), strict=True))
    return {
        "download": f"{zillions.FOLDER}/{zillions.zip_file_name(title)}",
        "zrf": f"{folder}/{zillions.zrf_file_name(title)}",
        "game": games[variant.name],
    }
