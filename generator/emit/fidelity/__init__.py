"""What each target cannot express, derived from the catalogue's features, never from names.

:func:`limitations` lists, for one variant and one target, the rules of the variant that the
target's output cannot carry, each as a :class:`Limitation` with a short id and one plain
sentence.  :func:`relaxed` returns the variant with exactly those rules switched off, so that the
reference engine plays what the target plays: the emitters write the relaxed variant, and the
checks compare the target with the reference engine on it.

A few limitations cannot be switched off in the model (``switchable=False``): Fairy-Stockfish
counts pieces for a race, for instance, and the model has no such rule.  They are reported all
the same; the relaxed variant keeps the catalogue's rule there, so a check may still see the
difference.  Two make a section impossible to write at all (:data:`UNWRITABLE`), such as a board
larger than Fairy-Stockfish's 12x10.

One module per target holds its checks (:mod:`.fairy_stockfish`, :mod:`.zillions`); each check
adds to one :class:`~.notes.Notes`, which holds the variant relaxed so far.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> cat = load_catalogue(DEFAULT_CATALOGUE)
>>> [x.rule for x in limitations(cat.get("prime-ministers-chess"), Target.FAIRY_STOCKFISH)]
['swap']
>>> relaxed(cat.get("prime-ministers-chess"), Target.FAIRY_STOCKFISH).swaps
()
>>> limitations(cat.get("chess"), Target.FAIRY_STOCKFISH)
()

pychess-variants (``Target.PYCHESS``) has no checks of its own: its user-defined variants are
Fairy-Stockfish sections, so a variant is uploaded only where Fairy-Stockfish plays every rule of
it, and each rule it does not becomes a reason for no upload (:data:`EXACT_ONLY`).

>>> [x.rule for x in limitations(cat.get("prime-ministers-chess"), Target.PYCHESS)]
['swap']
>>> writable(cat.get("prime-ministers-chess"), Target.PYCHESS), writable(cat.get("chess"), Target.PYCHESS)
(False, True)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from generator.catalogue.model import Variant
from generator.emit.fidelity import fairy_stockfish, zillions
from generator.emit.fidelity.notes import Limitation, Notes
from generator.emit.target import Target

__all__ = [
    "ANALYSED",
    "EXACT_ONLY",
    "PLAYING",
    "UNWRITABLE",
    "Limitation",
    "check_name",
    "limitations",
    "relaxed",
    "writable",
]

#: Rules whose limitation means the target gets no output at all for the variant.
UNWRITABLE = frozenset({"board-size", "piece-slots", "no-moves"})
#: Targets that get output for a variant only where they play every rule of it.
EXACT_ONLY = frozenset({Target.PYCHESS})

#: The targets with checks of their own (called in order on one :class:`Notes`): the engines a variant is
#: checked through.
_CHECKS: dict[Target, Callable[[Notes], None]] = {
    Target.FAIRY_STOCKFISH: fairy_stockfish.checks,
    Target.ZILLIONS: zillions.checks,
}
ANALYSED: tuple[Target, ...] = tuple(_CHECKS)

_NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def check_name(name: object, what: str = "name") -> str:
    """``name`` if it is safe as a file name and an ini section header, else ``ValueError``.

    >>> check_name("ajax-chess")
    'ajax-chess'
    >>> check_name("x]\\n[chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: name 'x]\\n[chess' is not allowed: use a-z, 0-9 and '-', ...
    """
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        raise ValueError(
            f"{what} {name!r} is not allowed: use a-z, 0-9 and '-', starting with a letter or digit"
            " (at most 64 characters)"
        )
    return name


def limitations(variant: Variant, target: Target) -> tuple[Limitation, ...]:
    """The rules of ``variant`` that ``target`` cannot express, in a fixed order."""
    return _analyse(variant, target)[0]


def relaxed(variant: Variant, target: Target) -> Variant:
    """``variant`` with the switchable rules of :func:`limitations` switched off (itself if none)."""
    return _analyse(variant, target)[1]


def writable(variant: Variant, target: Target) -> bool:
    """Whether ``target`` gets any output for ``variant`` (see :data:`UNWRITABLE` and :data:`EXACT_ONLY`)."""
    found = limitations(variant, target)
    return not found if target in EXACT_ONLY else not any(x.rule in UNWRITABLE for x in found)


@functools.lru_cache(maxsize=512)
def _analyse(variant: Variant, target: Target) -> tuple[tuple[Limitation, ...], Variant]:
    if target in _DERIVED:
        return tuple(_DERIVED[target](variant)), variant
    if target not in _CHECKS:
        raise ValueError(f"target '{target}' plays no rules; those that do: {', '.join(PLAYING)}")
    notes = Notes(target, variant)
    _CHECKS[target](notes)
    return tuple(notes.found), notes.variant


def _pychess(v: Variant) -> list[Limitation]:
    """Every rule Fairy-Stockfish does not play exactly, as a reason for no upload."""
    site = "pychess-variants refuses the countingRule option Fairy-Stockfish needs for the counting rule"
    leaps = "pychess-variants refuses the cambodianMoves option Fairy-Stockfish needs for the first leaps"
    chase = "pychess-variants refuses the chasingRule option Fairy-Stockfish needs for the rules on chasing"
    walls = "pychess-variants refuses the wallingRule option Fairy-Stockfish needs for the walls"
    return (
        [
            Limitation(
                Target.PYCHESS,
                x.rule,
                f"no upload, as pychess-variants plays by Fairy-Stockfish: {x.text}",
                False,
                x.keys,
            )
            for x in _analyse(v, Target.FAIRY_STOCKFISH)[0]
        ]
        + ([Limitation(Target.PYCHESS, "counting", f"no upload: {site}.", False)] if v.draws.counting else [])
        + ([Limitation(Target.PYCHESS, "first-leaps", f"no upload: {leaps}.", False)] if v.first_leaps else [])
        + ([Limitation(Target.PYCHESS, "chasing", f"no upload: {chase}.", False)] if v.draws.chasing else [])
        + ([Limitation(Target.PYCHESS, "walling", f"no upload: {walls}.", False)] if v.walling else [])
    )


#: The targets whose limitations derive from another's.
_DERIVED: dict[Target, Callable[[Variant], list[Limitation]]] = {Target.PYCHESS: _pychess}
#: The targets that play a variant's rules: those with checks of their own, then those derived.
PLAYING: tuple[Target, ...] = (*ANALYSED, *_DERIVED)
