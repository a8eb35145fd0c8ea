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
>>> [x.rule for x in limitations(cat.get("prime-ministers-chess"), "fairy-stockfish")]
['swap']
>>> relaxed(cat.get("prime-ministers-chess"), "fairy-stockfish").swaps
()
>>> limitations(cat.get("chess"), "fairy-stockfish")
()

pychess-variants (:data:`PYCHESS`) is not a target of its own: its user-defined variants are
Fairy-Stockfish sections, so a variant is uploaded only where Fairy-Stockfish plays every rule of
it, and each rule it does not becomes a reason for no upload (:data:`EXACT_ONLY`).

>>> [x.rule for x in limitations(cat.get("prime-ministers-chess"), PYCHESS)]
['swap']
>>> writable(cat.get("prime-ministers-chess"), PYCHESS), writable(cat.get("chess"), PYCHESS)
(False, True)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from generator.catalogue.model import Variant
from generator.emit.fidelity import fairy_stockfish, zillions
from generator.emit.fidelity.notes import Limitation, Notes

__all__ = [
    "EXACT_ONLY",
    "FAIRY_STOCKFISH",
    "PYCHESS",
    "TARGETS",
    "UNWRITABLE",
    "ZILLIONS",
    "Limitation",
    "check_name",
    "limitations",
    "relaxed",
    "writable",
]

TARGETS = ("fairy-stockfish", "zillions")
FAIRY_STOCKFISH, ZILLIONS = TARGETS

#: pychess-variants' user-defined variants: Fairy-Stockfish sections, uploaded one at a time
PYCHESS = "pychess"

#: Rules whose limitation means the target gets no output at all for the variant.
UNWRITABLE = frozenset({"board-size", "piece-slots", "no-moves"})
#: Targets that get output for a variant only where they play every rule of it.
EXACT_ONLY = frozenset({PYCHESS})

#: each target's checks, in the order they add to its notes
_CHECKS: dict[str, Callable[[Notes], None]] = {
    FAIRY_STOCKFISH: fairy_stockfish.checks,
    ZILLIONS: zillions.checks,
}

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


def limitations(variant: Variant, target: str) -> tuple[Limitation, ...]:
    """The rules of ``variant`` that ``target`` cannot express, in a fixed order."""
    return _analyse(variant, target)[0]


def relaxed(variant: Variant, target: str) -> Variant:
    """``variant`` with the switchable rules of :func:`limitations` switched off (itself if none)."""
    return _analyse(variant, target)[1]


def writable(variant: Variant, target: str) -> bool:
    """Whether ``target`` gets any output for ``variant`` (see :data:`UNWRITABLE` and :data:`EXACT_ONLY`)."""
    found = limitations(variant, target)
    return not found if target in EXACT_ONLY else not any(x.rule in UNWRITABLE for x in found)


@functools.lru_cache(maxsize=512)
def _analyse(variant: Variant, target: str) -> tuple[tuple[Limitation, ...], Variant]:
    if target == PYCHESS:
        return tuple(_pychess(variant)), variant
    if target not in _CHECKS:
        raise ValueError(f"unknown target {target!r}; known: {', '.join((*TARGETS, PYCHESS))}")
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
            Limitation(PYCHESS, x.rule, f"no upload, as pychess-variants plays by Fairy-Stockfish: {x.text}", False)
            for x in _analyse(v, FAIRY_STOCKFISH)[0]
        ]
        + ([Limitation(PYCHESS, "counting", f"no upload: {site}.", False)] if v.draws.counting else [])
        + ([Limitation(PYCHESS, "first-leaps", f"no upload: {leaps}.", False)] if v.first_leaps else [])
        + ([Limitation(PYCHESS, "chasing", f"no upload: {chase}.", False)] if v.draws.chasing else [])
        + ([Limitation(PYCHESS, "walling", f"no upload: {walls}.", False)] if v.walling else [])
    )
