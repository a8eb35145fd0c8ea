"""Each section of a ``variants.ini`` resolved to FSF's variant: its parent's, with its own options applied.

A parent is an earlier section of the file or a built-in.  A built-in is taken from the shipped
catalogue entry that reproduces it (``fairy_stockfish_builtin`` in ``catalogues/fairy-stockfish.yaml``,
which ``variantgen check`` holds to pyffish's built-in): that entry's relaxed variant written through
our own option writer (:func:`generator.emit.fairy_stockfish.section_context`) is a section without a
parent, whose options applied to FSF's defaults give the built-in's every option.

A parent FSF does not know when it reads the section (not a built-in, not an earlier section: FSF
skips the section), a chain of parents that comes back to itself, a built-in with no catalogue entry,
a bad value or a start position that does not fit leave that section out, with its line; the other
sections resolve.

>>> from generator.importers.ini import read_ini
>>> [r.name for r in resolve(read_ini("[a:chess]\\nmaxRank = 9\\n[b:a]\\n", "f.ini"), "f.ini")]
['a', 'b']
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.betza import IMMOBILE, BetzaError
from generator.catalogue import load_catalogue
from generator.catalogue.model import Variant
from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
from generator.catalogue.validating import did_you_mean
from generator.emit.fairy_stockfish import BUILTIN_VARIANTS, section_context
from generator.emit.fairy_stockfish.table import CUSTOM_PIECE, PARSER_RELEASE, ROW, Opt, mobility_keys
from generator.emit.fairy_stockfish.values import FILES
from generator.emit.fidelity.fsf_pieces import NAMED_BETZA, PieceKind
from generator.importers.ini import Section
from generator.importers.options import PRIVATE, Held, OptionError, Rules, apply_section
from generator.importers.translate import IGNORED, fen_problem, fsf_reading, refusals

__all__ = ["Resolved", "builtin_entries", "builtin_rules", "resolve"]


@dataclass(frozen=True)
class Resolved:
    """One section: FSF's variant (``rules``, None if left out), why it is left out (``problems``: bad
    input, ``refused``: options the catalogue cannot state), and the options that do not change play."""

    section: Section
    rules: Rules | None
    problems: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    ignored: tuple[str, ...] = field(default=())
    #: an option Fairy-Stockfish does not know, which it ignores: a line each, with the nearest it knows
    unknown: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.section.name


@functools.cache
def builtin_entries() -> dict[str, Variant]:
    """Built-in name -> the shipped catalogue entry that reproduces it."""
    catalogue = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
    return {v.fairy_stockfish_builtin: v for v in catalogue.variants if v.fairy_stockfish_builtin}


#: FSF's pieces a custom piece is not moved to, though it moves alike: their rules are more than their moves
_NOT_CUSTOM = (PieceKind.PAWN, PieceKind.SOLDIER, PieceKind.KING)


@functools.cache
def builtin_rules(name: str) -> Rules:
    context = section_context(builtin_entries()[name])
    options = {key: value for group in context.groups for key, value in group.options}
    # our writer names the kingside rook's file; a built-in keeps FSF's default and finds its rook
    # inwards from the edge, so a child section that widens the board castles with its new corner rook
    row, files = Opt.castlingRookKingsideFile, Opt.maxFile.file(options)
    if options.get(row.key) == FILES[files]:
        options[row.key] = row.default
    return _private_slots(apply_section(Rules.defaults(), options))


def _slots(rules: Rules) -> dict[str, str]:
    """Each custom piece's new type: FSF's piece of the same moves that is free, or a private slot."""
    renamed: dict[str, str] = {}
    for pt, (_, betza) in rules.pieces.items():
        if pt.startswith(CUSTOM_PIECE) and betza is not None:
            free = [k for k in NAMED_BETZA if k not in rules.pieces and k not in renamed.values()]
            named = [k for k in free if k not in _NOT_CUSTOM and NAMED_BETZA[k] == betza]
            renamed[pt] = named[0] if named else f"{PRIVATE}{pt.removeprefix(CUSTOM_PIECE)}"
    return renamed


def _private_slots(rules: Rules) -> Rules:
    """``rules`` with each custom piece moved to FSF's piece of the same moves, or else to a slot of its
    own: FSF's built-ins define their pieces by type, and a section's ``customPiece1`` must not
    replace a built-in's piece that our writer happened to put into that slot."""
    renamed = _slots(rules)
    if not renamed:
        return rules
    pieces = {
        renamed.get(pt, pt): Held(x, None if pt in renamed and not renamed[pt].startswith(PRIVATE) else b)
        for pt, (x, b) in rules.pieces.items()
    }
    sets = {k: frozenset(renamed.get(pt, pt) for pt in v) for k, v in rules.sets.items()}
    values = dict(rules.values)
    for old, new in renamed.items():
        for key, new_key in zip(mobility_keys(old), mobility_keys(new), strict=True):
            if key in values:
                values[new_key] = values.pop(key)
    promoted = {renamed.get(x, x): renamed.get(y, y) for x, y in rules.promoted.items()}
    limits = {renamed.get(x, x): n for x, n in rules.limits.items()}
    return Rules(pieces, sets, values, promoted, limits)


def _parent_problem(s: Section, seen: set[str], names: dict[str, Section], path: str) -> str | None:
    """Why FSF skips ``s``: a parent it does not know when it reads the section (``seen``: the sections
    before it), which may come back to ``s`` in a cycle; None if it knows the parent."""
    if not s.parent or s.parent in seen or s.parent in BUILTIN_VARIANTS:
        return None
    chain = [s.name]
    while chain[-1] in names and names[chain[-1]].parent and names[chain[-1]].parent not in BUILTIN_VARIANTS:
        parent = names[chain[-1]].parent
        if parent in chain:
            cycle = " -> ".join([*chain[chain.index(parent) :], parent])
            return f"{path}:{s.line}: section [{s.name}]: its parents go round in a cycle: {cycle}"
        chain.append(parent)
    later = " (it comes later in the file)" if s.parent in names else ""
    return f"{path}:{s.line}: section [{s.name}]: unknown parent {s.parent!r}{later}"


def _where(path: str, s: Section, key: str | None) -> str:
    line = s.options[key][1] if key in s.options else s.line
    return f"{path}:{line}: section [{s.name}]"


def _unknown(s: Section, path: str) -> tuple[str, ...]:
    """A warning for each option of ``s`` that Fairy-Stockfish does not know."""
    return tuple(
        f"{path}:{line}: section [{s.name}]: {key!r} is no option of Fairy-Stockfish {PARSER_RELEASE}, which ignores it"
        + did_you_mean(key, ROW)
        for key, (_, line) in s.options.items()
        if key not in ROW and key not in IGNORED
    )


def _misread(s: Section, path: str) -> tuple[str, ...]:
    """A warning for each custom piece of ``s`` whose Betza Fairy-Stockfish reads otherwise than written: it is
    imported as Fairy-Stockfish plays it."""
    out = []
    for key, (value, line) in s.options.items():
        row = ROW.get(key)
        if row is None or row.kind != "piece" or ":" not in value:
            continue
        try:
            played, notes = fsf_reading(value.partition(":")[2])
        except BetzaError:
            continue  # refused, and the refusal says why
        if notes:
            out.append(
                f"{path}:{line}: section [{s.name}]: {key} = {value}: Fairy-Stockfish {PARSER_RELEASE} "
                f"{'; '.join(notes)}, so it plays {'no move' if played == IMMOBILE else played}, and so does the entry"
            )
    return tuple(out)


def _one(s: Section, parent: Rules | None, path: str) -> Resolved:
    result = _resolved(s, parent, path)
    return dataclasses.replace(result, unknown=_unknown(s, path) + _misread(s, path))


def _resolved(s: Section, parent: Rules | None, path: str) -> Resolved:
    config = s.values()
    ignored = tuple(f"{k} = {v}" for k, v in config.items() if k in IGNORED or k not in ROW)
    if s.problems:
        return Resolved(s, None, s.problems, ignored=ignored)
    if parent is None and s.parent:
        return Resolved(s, None, refused=(f"parent {s.parent} (a built-in the shipped catalogue does not reproduce)",))
    try:
        rules = apply_section(parent or Rules.defaults(), config)
    except OptionError as e:
        return Resolved(s, None, (f"{_where(path, s, e.key)}: {e}",), ignored=ignored)
    fen = rules.value(Opt.startFen)
    problem = fen_problem(fen, rules)
    if problem:
        return Resolved(s, None, (f"{_where(path, s, Opt.startFen.key)}: {problem}",), ignored=ignored)
    refused = tuple(refusals(rules))
    return Resolved(s, rules, refused=refused, ignored=ignored)


def resolve(sections: Sequence[Section], path: str) -> list[Resolved]:
    """Every section resolved, in file order; one that FSF skips (an unknown parent, a cycle) is left out."""
    names = {s.name: s for s in sections}
    seen: set[str] = set()
    done: dict[str, Resolved] = {}
    out = []
    for s in sections:
        problem = _parent_problem(s, seen, names, path)
        seen.add(s.name)
        if problem is not None:
            out.append(Resolved(s, None, (*s.problems, problem)))
            done.setdefault(s.name, out[-1])
            continue
        if s.name in done or s.name in BUILTIN_VARIANTS:
            first = "a built-in" if s.name in BUILTIN_VARIANTS else "an earlier section"
            why = (
                f"{path}:{s.line}: section [{s.name}]: Fairy-Stockfish keeps {first} of that name and ignores this one"
            )
            out.append(Resolved(s, None, (why,)))
            continue
        parent: Rules | None = None
        if s.parent in done:
            parent = done[s.parent].rules
            if parent is None:
                out.append(Resolved(s, None, refused=(f"parent {s.parent} (left out)",)))
                done[s.name] = out[-1]
                continue
        elif s.parent and s.parent in builtin_entries():
            parent = builtin_rules(s.parent)
        done[s.name] = _one(s, parent, path)
        out.append(done[s.name])
    return out
