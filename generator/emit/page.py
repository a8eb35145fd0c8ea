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

from generator.catalogue.model import CastlingMove, Catalogue, Color, StalemateResult, Variant
from generator.emit import diagrams, fairy_stockfish, zillions
from generator.emit.fidelity import FAIRY_STOCKFISH, TARGETS, UNWRITABLE, ZILLIONS, limitations, writable
from generator.emit.jinja import render

__all__ = ["FILE_NAME", "emit", "page_context", "render_page", "rules_in_short"]

FILE_NAME = "index.html"  # at the top of out/
TEMPLATE = "page/index.html.j2"
TARGET_TITLES = {FAIRY_STOCKFISH: "Fairy-Stockfish", ZILLIONS: "Zillions of Games"}


def _href(*parts: str) -> str:
    """A relative URL from path parts, each percent-encoded (spaces become ``%20``)."""
    return "/".join(quote(p, safe="") for p in parts)


def _words(items: Sequence[str], conjunction: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def _sentence(parts: Sequence[str]) -> str:
    text = "; ".join(parts) or "none"
    return text[:1].upper() + text[1:] + "."


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _ranks(ranks: Sequence[int]) -> str:
    return f"rank{'s' if len(ranks) > 1 else ''} {_words([str(r) for r in ranks])}"


def _castling(moves: Sequence[CastlingMove]) -> str:
    per = []
    for c in Color:
        mine = [f"king {m.king_from}→{m.king_to} with rook {m.rook_from}→{m.rook_to}" for m in moves if m.color is c]
        if mine:
            per.append(f"{c.word.capitalize()}: {'; or '.join(mine)}.")
    return " ".join(per) + " King and rook unmoved, the squares between empty, the king's squares not attacked."


def rules_in_short(v: Variant) -> list[tuple[str, str]]:
    """The rules of ``v`` as (topic, one or two sentences), from the model; ranks are counted
    from each player's own side."""
    out: list[tuple[str, str]] = []
    b = v.board
    board = f"{b.files} files × {b.ranks} ranks"
    if b.holes:
        holes = ", ".join(s.name for s in sorted(b.holes, key=lambda s: (s.rank, s.file)))
        board += f", without {holes}: holes, where nothing stands and only true leaps cross"
    out.append(("Board", board + "."))
    out.append(("First move", f"{'Black' if v.setup.to_move is Color.BLACK else 'White'} moves first."))
    out.append(("Castling", _castling(v.castling) if v.castling else "None."))
    pawns = [p for p in v.pieces if p.pawn]
    pr = v.pawn_rules
    if pawns:
        names = _words([p.name for p in pawns])
        if pr.max_steps > 1 and pr.multi_step_ranks:
            text = (
                f"{names}: from {_ranks(pr.multi_step_ranks)} up to {pr.max_steps} squares straight ahead, "
                "every square passed empty; "
                + ("en passant on any square passed, on the next move only." if pr.en_passant else "no en passant.")
            )
        else:
            text = f"{names}: no multi-step advance, no en passant."
        out.append(("Pawns", text))
        if pr.promotion is not None:
            must = "must" if pr.promotion.mandatory else "may"
            choices = _words([v.piece(x).name for x in pr.promotion.choices], "or")
            out.append(("Promotion", f"On {_ranks(pr.promotion.ranks)} a pawn {must} promote to {choices}."))
        else:
            out.append(("Promotion", "None."))
    if v.drops is not None:
        hand = {c: _words([f"{n} × {v.piece(x).name}" for c2, x, n in v.setup.pockets if c2 is c and n]) for c in Color}
        held = (
            f"each side holds {hand[Color.WHITE] or 'nothing'}" if hand[Color.WHITE] == hand[Color.BLACK]
            else f"White holds {hand[Color.WHITE] or 'nothing'}, Black {hand[Color.BLACK] or 'nothing'}"
        )  # fmt: skip
        where = f"on an empty square of the player's {_ranks(v.drops.ranks)}"
        captured = "captured pieces go to the captor's hand" if v.drops.captures_to_hand else "captures stay off"
        out.append(("Drops", f"In hand, {held}; a drop is a whole move, {where}; {captured}."))
    for sw in v.swaps:
        times = "Once" if sw.per_player == 1 else f"{sw.per_player} times"
        unmoved = "unmoved " if sw.unmoved_only else ""
        excluded = " or ".join(r.value for r in sorted(sw.excluded_roles, key=lambda r: r.value))
        partner = f"{_a(unmoved + 'friendly')} piece next to it (where {sw.adjacency} reaches)"
        partner += f", not a {excluded} piece" if excluded else ""
        mover = _a(unmoved + v.piece(sw.piece).name)
        out.append(("Swap", f"{times} per player, as a move, {mover} may swap places with {partner}."))
    goals = []
    g = v.goals
    royal = next((p for p in v.pieces if p.royal), None)
    if g.checkmate and royal is not None:
        goals.append(f"checkmating the {royal.name} wins")
    if g.race is not None:
        goals.append(f"a side wins when all its pieces stand on its {_ranks(g.race.ranks)}")
    if g.bare_king is not None:
        goals.append(
            f"a bare {royal.name if royal else 'king'} loses at once against {g.bare_king.opponent_minimum} or more "
            "other pieces, else it has one more move and taking the last piece draws"
        )
    out.append(("Goal", _sentence(goals)))
    d = v.draws
    draws = [
        {
            StalemateResult.DRAW: "stalemate draws",
            StalemateResult.LOSS: "the stalemated side loses",
            StalemateResult.PASS: "a side without a legal move passes",
        }[d.stalemate]
    ]
    if d.repetition:
        draws.append(f"{d.repetition}-fold repetition draws")
    if d.move_rule:
        draws.append(f"{d.move_rule} moves each without a capture or a pawn move draw")
    if d.insufficient_material:
        lone = _words([v.piece(x).name for x in d.insufficient_material], "or")
        draws.append(f"too little material to mate draws (a single {lone} cannot mate)")
    out.append(("Draws", _sentence(draws)))
    return out


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
            words.append(f"from {_ranks(pr.multi_step_ranks)}: up to {pr.max_steps} squares straight ahead")
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


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write ``index.html`` into ``folder``; the files written.  The build swaps it in as
    ``out/index.html`` (see :class:`generator.emit.build.Emitter`, ``file=True``)."""
    path = Path(folder) / FILE_NAME
    path.write_bytes(render_page(catalogue, names).encode("utf-8"))
    return [path]
