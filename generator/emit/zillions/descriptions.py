"""A piece's ZRF ``description``: its name, then a line per move and per rule it follows (pawns' rules,
promotion and demotion by piece, the squares it may not stop on, its region and advanced moves)."""

from __future__ import annotations

from generator.catalogue.model import Color, PieceType, Variant
from generator.emit.web.rules_text import ranks_phrase
from generator.emit.zillions.board import stuck_ranks
from generator.emit.zillions.forms import pawn_forms
from generator.emit.zillions.text import zrf_text


def piece_description(v: Variant, p: PieceType) -> str:
    """The piece's ZRF description: its name, then a line per move and per rule it follows."""
    lines = [p.help[:1].upper() + p.help[1:]] if p.help else []
    lines += [f"It {x}." for x in p.movement.describe()]
    if p.royal:
        lines.append("It is royal: it may not be left attacked, and checkmating it wins.")
    if p.pawn:
        pr = v.pawn_rules
        if pr.max_steps > 1 and pr.multi_step_ranks and p.steps_ahead:
            lines.append(f"From its {ranks_phrase(pr.multi_step_ranks)} it may advance up to {pr.max_steps} squares.")
        if pr.en_passant:
            lines.append("It may take en passant a pawn that just passed a square it attacks.")
        if pr.promotion is not None:
            promo = pr.promotion
            choices = {c: ", ".join(v.piece(x).name for x in promo.choices_of(c)) for c in Color}
            to = (
                choices[Color.WHITE]
                if promo.black_choices is None
                else f"{choices[Color.WHITE]} (White), {choices[Color.BLACK]} (Black)"
            )
            zone = ranks_phrase(promo.ranks) if promo.squares is None else "promotion squares"
            if promo.own_move:
                lines.append(
                    f"On its {zone}, or as its side's last pawn, it may instead of moving become {to}, in place or on "
                    "an empty square that piece attacks, where it attacks no enemy piece, and giving no check."
                )
            else:
                lines.append(f"On its {zone} it promotes to {to}.")
    lines += _turning_lines(v, p)
    stuck = stuck_ranks(v, p)
    if stuck:
        lines.append(f"It may not stay itself on {ranks_phrase(stuck)}, where it could never move again.")
    return zrf_text(p.name) + "\\" + "\\".join(zrf_text(x) for x in [*lines, *_zone_lines(p)])


def _turning_lines(v: Variant, p: PieceType) -> list[str]:
    """What promotion by piece does to ``p``: it promotes (a pawn's form: one more choice), or as a promoted
    form, it demotes."""
    pp = v.piece_promotion
    promoted = dict(pp.pieces).get(p.letter) if pp is not None else None
    if pp is None:
        return []
    must = "must" if pp.mandatory else "may"
    where = f"On a move that starts or ends on {ranks_phrase(pp.ranks)}" + (" and captures" if pp.on_capture else "")
    if promoted is not None and p.letter in pawn_forms(v):
        return [f"There it may also become a promoted {p.name}, which moves as the {v.piece(promoted).name} does."]
    if promoted is not None:
        return [f"{where} it {must} promote: it then moves as a {v.piece(promoted).name}."]
    if pp.demotion and p.letter.startswith("+"):
        return [f"{where} it {must} turn back into a {v.piece(p.letter[1:]).name}."]
    return []


def _zone_lines(p: PieceType) -> list[str]:
    """What the zones of ``p``'s moves say: its region, its advanced moves, its moves along the diagonal lines."""
    lines = ["It moves, captures and attacks only within its region."] if p.region is not None else []
    if p.line_moves is not None:
        lines.append(f"From a square of the diagonal lines to another, it also {'; '.join(p.line_moves.describe())}.")
    if p.advanced is not None:
        moves = "; ".join(p.advanced.movement.describe())
        lines.append(f"From its {ranks_phrase((p.advanced.rank,))} on, it moves instead: it {moves}.")
    return lines
