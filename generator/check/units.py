"""A check cut into units of work that pickle, for a cluster: what a unit names, and what a worker does with one.

A variant's check is three kinds of unit (:func:`units_of`): its perft tree from the start, each of its
random games, and its game-end proofs.  A worker checks one (:func:`work`) with
:func:`~generator.check.compare.check_part` (or, with a native binary,
:func:`~generator.check.perft_compare.count_part`) or :func:`~generator.check.endings.prove_into`; the
check puts each variant's reports together (:func:`assemble`, :func:`assemble_counts`) into the report the
one-process check gives, figure for figure.  The perft tree stays one unit: each of its subtrees skips the
subtrees the ones before it walked (claim questions and all), which subtrees walked apart cannot know.

Nothing a unit carries is a catalogue object (the frozen model holds read-only mappings, which do not
pickle): a unit names its variant and its part, and its :class:`Setup`, sent to each worker once, holds the
catalogue's text, the check's settings and how to open the engine (:data:`Engine`: an ini's text and
manifest, the files a build wrote, a native binary's path).  A worker loads the catalogue and opens the
engine on its first unit of a setup and keeps both for the next ones, one engine per thread (an engine
answers one question at a time); :func:`forget`, run on every worker as the check ends, closes them (a unit
that starts after it opens none), and a thread keeps the engines of at most :data:`KEPT` setups, so that
those of a check whose end never came are closed all the same.  The paths a setup names (the catalogue's,
whose neighbours it may extend or import from, ``--out``, ``--zrf``, ``--uci``) must be the same on every
worker: one machine, or shared files.
"""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from generator.catalogue import load_catalogue_text
from generator.catalogue.model import Catalogue, Variant
from generator.check.compare import PERFT, EngineAdapter, Part, PartReport, VariantReport, check_part, combined
from generator.check.endings import prove_into
from generator.check.fairy_stockfish import FairyStockfish
from generator.check.native import open_native
from generator.check.perft_compare import CountPart, CountReport, Counts, combined_counts, count_part
from generator.check.zillions import Zillions
from generator.check.zillions_source import ZillionsSources
from generator.emit.manifest import Manifest
from generator.emit.target import Target

__all__ = [
    "KEPT",
    "PROOFS",
    "Ended",
    "Engine",
    "NativeBinary",
    "Pyffish",
    "Settings",
    "Setup",
    "Unit",
    "ZrfFiles",
    "ZrfSources",
    "assemble",
    "assemble_counts",
    "forget",
    "setup",
    "units_of",
    "work",
]

#: the unit of a variant's game-end proofs
PROOFS: Literal["proofs"] = "proofs"
#: a unit of one variant's check: a part of its walk (the perft tree, a random game), or its proofs
Unit = Part | Literal["proofs"]
#: what a worker sends back for one unit: a part's report, or the proofs' (a report of nothing else)
Result = PartReport | CountPart | VariantReport
#: what an engine's ``open`` gives a worker: the adapter, and with a native binary each variant's counts
Opened = tuple[EngineAdapter, dict[str, Counts] | None]
#: how many setups' engines a worker's thread keeps open
KEPT = 4

R = TypeVar("R", VariantReport, CountReport)


@dataclass(frozen=True)
class Settings:
    """What each variant's check is asked: ``--depth``, ``--games``, ``--plies``, ``--seed``,
    ``--game-depth`` (with a native binary), and whether the game-end proofs run."""

    depth: int
    games: int
    plies: int
    seed: int
    game_depth: int
    proofs: bool


def units_of(settings: Settings) -> list[Unit]:
    """The units of one variant's check, in the order :func:`assemble` takes their reports.

    >>> units_of(Settings(depth=2, games=3, plies=100, seed=1, game_depth=3, proofs=True))
    ['perft', 0, 1, 2, 'proofs']
    """
    return [PERFT, *range(settings.games), *([PROOFS] if settings.proofs else [])]


@dataclass(frozen=True)
class Pyffish:
    """pyffish on an ini: the one under check, Fairy-Stockfish's built-ins (an empty ini, ``exact``), or the
    original file of imported sections."""

    ini: str
    manifest: Manifest
    exact: bool = False

    target = Target.FAIRY_STOCKFISH

    @contextlib.contextmanager
    def open(self, catalogue: Catalogue, variants: Sequence[Variant]) -> Iterator[Opened]:
        with FairyStockfish(self.ini, variants, workers=1, manifest=self.manifest, exact=self.exact) as fsf:
            yield fsf, None


@dataclass(frozen=True)
class ZrfFiles:
    """The ZRF interpreter on the file ``zrf``, or on the downloads a build wrote into ``out``, or on those
    built from the catalogue."""

    zrf: str | None = None
    out: str | None = None

    exact = False
    target = Target.ZILLIONS

    @contextlib.contextmanager
    def open(self, catalogue: Catalogue, variants: Sequence[Variant]) -> Iterator[Opened]:
        with Zillions(catalogue, variants, self.zrf, Path(self.out) if self.out else None) as engine:
            yield engine, None


@dataclass(frozen=True)
class ZrfSources:
    """The ZRF interpreter on the original games of entries imported from Zillions, beside the catalogue."""

    exact = False
    target = Target.ZILLIONS

    @contextlib.contextmanager
    def open(self, catalogue: Catalogue, variants: Sequence[Variant]) -> Iterator[Opened]:
        with ZillionsSources(catalogue, variants) as engine:
            yield engine, None


@dataclass(frozen=True)
class NativeBinary:
    """The native Fairy-Stockfish at ``uci`` on an ini (``--uci``): perft counts, and the proofs."""

    uci: str
    ini: str
    manifest: Manifest

    exact = False
    target = Target.FAIRY_STOCKFISH

    @contextlib.contextmanager
    def open(self, catalogue: Catalogue, variants: Sequence[Variant]) -> Iterator[Opened]:
        with open_native(self.uci, self.ini, self.manifest, variants) as (_, counts, proofs):
            yield proofs, counts


#: how a worker opens the engine a check runs through
Engine = Pyffish | ZrfFiles | ZrfSources | NativeBinary


@dataclass(frozen=True)
class Setup:
    """What every unit of one engine's check shares: sent to each worker once."""

    key: str  #: this check's and this engine's own: the units of one key share a worker's engine
    catalogue: str  #: the catalogue file's absolute path
    text: str  #: the catalogue's text, as the check read it
    variants: tuple[str, ...]  #: the variants the engine is opened for
    engine: Engine
    settings: Settings


def setup(catalogue: Catalogue, variants: Sequence[Variant], engine: Engine, settings: Settings) -> Setup:
    """The setup of a check of ``variants`` through ``engine``; ``ValueError`` (one line) if the catalogue's
    file cannot be read again."""
    path = Path(catalogue.path).resolve()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{catalogue.path}: cannot read the catalogue for the Dask workers: {e}") from None
    return Setup(uuid.uuid4().hex, str(path), text, tuple(v.name for v in variants), engine, settings)


def work(unit_setup: Setup, name: str, unit: Unit) -> Result:
    """Check ``unit`` of variant ``name`` here, on a worker, with the engine of ``unit_setup``."""
    opened = _opened(unit_setup)
    variant = _variant(unit_setup, opened.catalogue, name)
    s = unit_setup.settings
    part = _part(unit)
    if part is None:
        report = VariantReport(variant.name, opened.adapter.name)
        prove_into(report, variant, opened.adapter)
        return report
    if opened.counts is not None:
        return count_part(variant, opened.adapter, opened.counts[name], part, s.depth, s.game_depth, s.plies, s.seed)
    return check_part(variant, opened.adapter, part, s.depth, s.games, s.plies, s.seed)


def _variant(unit_setup: Setup, catalogue: Catalogue, name: str) -> Variant:
    variant = catalogue.get(name)
    if variant is None:  # the text is the check's own: only a worker of another variantgen reads it otherwise
        raise ValueError(f"{unit_setup.catalogue}: a Dask worker's variantgen finds no variant {name!r} in it")
    return variant


def _part(unit: Unit) -> Part | None:
    """The part of the walk ``unit`` is; None for the proofs."""
    if isinstance(unit, int):
        return unit
    return PERFT if unit == PERFT else None


def assemble(unit_setup: Setup, variant: Variant, results: Sequence[Result]) -> VariantReport:
    """``variant``'s report, made of what its units sent back, in the order of :func:`units_of`."""
    engine = unit_setup.engine
    parts = [r for r in results if isinstance(r, PartReport)]
    return _with_proofs(combined(variant, engine.target, engine.exact, parts), results)


def assemble_counts(unit_setup: Setup, variant: Variant, results: Sequence[Result]) -> CountReport:
    """:func:`assemble` for a native binary's counts."""
    parts = [r for r in results if isinstance(r, CountPart)]
    return _with_proofs(combined_counts(variant, unit_setup.engine.target, parts), results)


def _with_proofs(report: R, results: Sequence[Result]) -> R:
    """``report`` with the proofs' outcome, as :func:`~generator.check.endings.prove_into` records it."""
    for proofs in (r for r in results if isinstance(r, VariantReport)):
        report.proved, report.unbuilt = proofs.proved, proofs.unbuilt
        if report.disagreement is None:
            report.disagreement = proofs.disagreement
        report.seconds += proofs.seconds
    return report


# -- a worker's open engines ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Open:
    catalogue: Catalogue
    adapter: EngineAdapter
    counts: dict[str, Counts] | None
    stack: contextlib.ExitStack[bool | None]


_LOCK = threading.Lock()
#: (setup key, thread) -> what that thread opened for that setup, the most recently used last
_OPEN: OrderedDict[tuple[str, int], _Open] = OrderedDict()
#: the setups of the checks that have ended here (:func:`forget`), the latest last
_ENDED: OrderedDict[str, None] = OrderedDict()
#: how many ended setups a worker remembers
_REMEMBERED = 64


class Ended(Exception):
    """The unit's check has ended (:func:`forget`): a unit that started just before its cancel reached the
    worker opens no engine for it."""


def _opened(unit_setup: Setup) -> _Open:
    """The catalogue and the engine of ``unit_setup`` on this thread, loaded and opened on first use."""
    slot = (unit_setup.key, threading.get_ident())
    with _LOCK:
        _not_ended(unit_setup.key)
        found = _OPEN.get(slot)
        if found is not None:
            _OPEN.move_to_end(slot)
            return found
    catalogue = load_catalogue_text(unit_setup.text, unit_setup.catalogue)
    variants = [_variant(unit_setup, catalogue, n) for n in unit_setup.variants]
    with contextlib.ExitStack() as stack:
        adapter, counts = stack.enter_context(unit_setup.engine.open(catalogue, variants))
        with _LOCK:
            _not_ended(unit_setup.key)  # the check may have ended while the engine was opening
            opened = _OPEN[slot] = _Open(catalogue, adapter, counts, stack.pop_all())
            mine = [k for k in _OPEN if k[1] == slot[1]]
            stale = [_OPEN.pop(k) for k in mine[:-KEPT]]
    for s in stale:
        s.stack.close()
    return opened


def _not_ended(key: str) -> None:
    if key in _ENDED:
        raise Ended(f"the check of setup {key} has ended")


def forget(key: str) -> None:
    """Close this worker's engines of the setup ``key``, and open no more (run on every worker as its check
    ends)."""
    with _LOCK:
        _ENDED[key] = None
        while len(_ENDED) > _REMEMBERED:
            _ENDED.popitem(last=False)
        gone = [_OPEN.pop(k) for k in [k for k in _OPEN if k[0] == key]]
    for g in gone:
        g.stack.close()
