"""``out/index.html``: the catalogue as one static page.

Per family a section, per variant its title and description, the setup diagram and the piece
diagrams of :mod:`generator.emit.diagrams` (with each piece's Betza and its moves in words), the
rules in short (generated here from the model), the catalogue's notes, what each target plays
(:func:`generator.emit.fidelity.limitations`), and links to the Zillions download and to
``variants.ini`` with the section to look for.  A table of contents comes first.

The page is self-contained: inline CSS, no JavaScript, no external URL; every link is relative
to ``out/`` (diagrams under ``diagrams/``, downloads under ``zillions/`` and
``fairy-stockfish/``).  All decisions are made in :func:`page_context`; the Jinja template
(``templates/page/index.html.j2``, autoescaped) only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from urllib.parse import quote

from generator.catalogue.model import Catalogue, Variant
from generator.emit import diagrams, fairy_stockfish, zillions
from generator.emit.fidelity import FAIRY_STOCKFISH, TARGETS, UNWRITABLE, ZILLIONS, limitations, writable
from generator.emit.jinja import render
from generator.emit.manifest import Manifest
from generator.emit.rules_text import ranks_phrase, rules_in_short

__all__ = ["FILE_NAME", "emit", "page_context", "render_page", "rules_in_short"]

FILE_NAME = "index.html"  # at the top of out/
TEMPLATE = "page/index.html.j2"
TARGET_TITLES = {FAIRY_STOCKFISH: "Fairy-Stockfish", ZILLIONS: "Zillions of Games"}


def _href(*parts: str) -> str:
    """A relative URL from path parts, each percent-encoded (spaces become ``%20``)."""
    return "/".join(quote(p, safe="") for p in parts)


def _fidelity(v: Variant) -> list[dict[str, object]]:
    out = []
    for target in TARGETS:
        lims = limitations(v, target)
        title = TARGET_TITLES.get(target, target)
        out.append(
            {
                "target": title,
                "ok": not lims,
                "summary": f"{title} plays every rule." if not lims else f"{title} differs:",
                "texts": [x.text for x in lims],
            }
        )
    return out


def _variant_context(v: Variant) -> dict[str, object]:
    pieces = []
    for p in v.pieces:
        roles = [r for r, on in (("royal", p.royal), ("pawn", p.pawn)) if on]
        words = p.movement.describe()
        pr = v.pawn_rules
        if p.pawn and pr.max_steps > 1 and pr.multi_step_ranks:
            words.append(f"from {ranks_phrase(pr.multi_step_ranks)}: up to {pr.max_steps} squares straight ahead")
        pieces.append(
            {
                "name": p.name,
                "letter": p.letter,
                "betza": p.betza,
                "roles": roles,
                "help": p.help,
                "describe": words,
                "src": _href(diagrams.FOLDER, diagrams.piece_file(v, p)),
                "alt": f"How the {p.name} ({p.betza}) moves",
            }
        )
    fsf_ok = writable(v, FAIRY_STOCKFISH)
    why = "; ".join(x.text for x in limitations(v, FAIRY_STOCKFISH) if x.rule in UNWRITABLE)
    zip_name = zillions.zrf_file_name(v.family_title)[: -len(".zrf")] + ".zip"
    return {
        "name": v.name,
        "title": v.title,
        "description": v.description,
        "setup": {
            "src": _href(diagrams.FOLDER, diagrams.setup_file(v)),
            "alt": f"{v.title}: the start position",
        },
        "pieces": pieces,
        "rules": rules_in_short(v),
        "notes": list(v.notes),
        "fidelity": _fidelity(v),
        "fairy_stockfish": {
            "href": _href(fairy_stockfish.FOLDER, fairy_stockfish.FILE_NAME),
            "file": f"{fairy_stockfish.FOLDER}/{fairy_stockfish.FILE_NAME}",
            "section": fairy_stockfish.section_name(v) if fsf_ok else None,
            "why": why,
        },
        "zillions": {
            "href": _href(zillions.FOLDER, zip_name),
            "file": zip_name,
            "writable": writable(v, ZILLIONS),
        },
    }


def page_context(catalogue: Catalogue, names: Sequence[str] | None = None) -> dict[str, object]:
    """Everything the template needs: ``title``, ``source``, ``count`` and ``families`` (each with
    ``name``, ``title``, ``anchor``, ``variants``)."""
    families: dict[str, dict[str, object]] = {}
    selected = fairy_stockfish.select(catalogue, names)
    for v in selected:
        fam = families.setdefault(
            v.family, {"name": v.family, "title": v.family_title, "anchor": f"family-{v.family}", "variants": []}
        )
        fam["variants"].append(_variant_context(v))  # type: ignore[union-attr]
    return {
        "title": "Chess variants: the variantgen catalogue",
        "source": Path(catalogue.path).name or "the catalogue",
        "count": len(selected),
        "families": list(families.values()),
        "ini_href": _href(fairy_stockfish.FOLDER, fairy_stockfish.FILE_NAME),
    }


def render_page(catalogue: Catalogue, names: Sequence[str] | None = None) -> str:
    """The page's HTML text (deterministic)."""
    return render(TEMPLATE, html=True, **page_context(catalogue, names))


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write ``index.html`` into ``folder``; the files written.  The build swaps it in as
    ``out/index.html`` (see :class:`generator.emit.build.Emitter`, ``file=True``)."""
    path = Path(folder) / FILE_NAME
    path.write_bytes(render_page(catalogue, names).encode("utf-8"))
    return Manifest(target="page", files=(FILE_NAME,))
