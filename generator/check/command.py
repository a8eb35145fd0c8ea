"""``variantgen check``: compare an engine's rules file with the reference engine, move by move.

    variantgen check [VARIANT...] --engine fairy-stockfish [--ini FILE] [--jobs J] [--depth D] [--games N]
                     [--plies L] [--seed S]
    variantgen check [VARIANT...] --engine fairy-stockfish --uci PATH [--ini FILE] [--jobs J] [--depth D]
                     [--games N] [--game-depth G] [--plies L] [--seed S]
    variantgen check [VARIANT...] --engine zillions [--zrf FILE] [--jobs J] [--depth D] [--games N] [--plies L]
                     [--seed S]

The variants are checked on ``--jobs`` worker processes (default: one per core), each with its own engine
(:mod:`generator.check.parallel`); ``--jobs 1`` checks them one after another in this process.  With
``--scheduler ADDRESS`` their units of work (each variant's perft tree, each random game, its proofs:
:mod:`generator.check.units`) go to the workers of a Dask scheduler instead (:mod:`generator.check.distributed`).

With ``--uci`` the engine is a native Fairy-Stockfish binary and the check compares perft
counts, bisecting to the first wrong move (:mod:`generator.check.perft_compare`); without it,
pyffish position by position (:mod:`generator.check.compare`).  Without ``--ini`` the
variants.ini under test is the one built from the catalogue; with it, the given file
(hand-edited, or an old build) is checked against the catalogue instead.  Likewise for Zillions: without ``--zrf`` each
variant's family file is rendered from the catalogue and played by the ZRF
interpreter (:mod:`generator.check.zillions`); with it, the given ``.zrf`` (or the
``.zrf`` in a given ``.zip``), and without VARIANT the catalogue variants whose
titles the file has.  Exit status 0 when everything agrees, 1 on a
disagreement (the report shows the variant, the FEN, the moves that led there,
and the moves or results only one side has), and ``ValueError`` for bad input,
an ini that lacks a section or starts elsewhere, or a .zrf without the game, included.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from generator.catalogue.model import Catalogue, Variant
from generator.catalogue.source import describe
from generator.catalogue.validating import did_you_mean
from generator.check.compare import (
    EngineAdapter,
    EngineError,
    VariantReport,
    check_variant,
    compared_text,
    ends_text,
)
from generator.check.distributed import Cluster, connect
from generator.check.endings import NOT_GAME_ENDS, prove_into
from generator.check.native import Native, open_native
from generator.check.parallel import Job, Unfinished, available, cores, run
from generator.check.perft_compare import CountReport, check_counts
from generator.check.progress import LiveBar, Show, table
from generator.check.units import (
    Engine,
    NativeBinary,
    Pyffish,
    Result,
    Settings,
    Setup,
    ZrfFiles,
    ZrfSources,
    assemble,
    assemble_counts,
    setup,
)
from generator.emit.fidelity import limitations, writable
from generator.emit.manifest import Manifest
from generator.emit.output import DEFAULT_OUT, holds_build_of
from generator.emit.target import Target
from generator.words import count

#: the parser class of the command line the sub-command joins
ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)
ReportT = TypeVar("ReportT", VariantReport, CountReport)


def register(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT] = ()) -> ParserT:
    """Add the ``check`` sub-command; it runs :func:`cmd_check` (``args.run``)."""
    p = subparsers.add_parser(
        "check",
        parents=list(parents),
        help="compare an engine's rules file with the reference engine",
        description="Walk the perft tree and random games of each variant and compare, at every position, "
        "the reference engine's legal moves and game results with the engine's.",
    )
    p.add_argument("variants", nargs="*", metavar="VARIANT", help="the variants to check (default: all)")
    p.add_argument("--engine", choices=list(ADAPTERS), default=DEFAULT, help="the engine (default: %(default)s)")
    p.add_argument(
        "--ini",
        metavar="FILE",
        help="fairy-stockfish: check this variants.ini instead of the one built from the catalogue",
    )
    p.add_argument(
        "--zrf",
        metavar="FILE",
        help="zillions: check this .zrf (or the .zrf in this .zip, or ZIP:NAME for one of several) instead of "
        "the files built from the catalogue",
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        help="check the files a build wrote into DIR (default: the repository's out/, for its own catalogue)",
    )
    p.add_argument("--depth", type=int, default=2, metavar="D", help="perft depth (default: %(default)s)")
    p.add_argument("--games", type=int, default=20, metavar="N", help="random games per variant (default: %(default)s)")
    p.add_argument("--plies", type=int, default=100, metavar="L", help="longest random game (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the random games (default: %(default)s)")
    p.add_argument(
        "--uci",
        metavar="PATH",
        help="fairy-stockfish: compare perft counts with this native Fairy-Stockfish binary instead of pyffish, "
        "bisecting to the first wrong move (see scripts/build-fairy-stockfish)",
    )
    p.add_argument(
        "--game-depth",
        type=int,
        default=3,
        metavar="G",
        help="with --uci: perft depth at positions along the random games (default: %(default)s)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="J",
        help="worker processes, each checking whole variants with its own engine (default: one per core)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="hand the check's units of work (each variant's perft tree, random games and proofs) to the workers "
        "of the Dask scheduler at ADDRESS (tcp://HOST:PORT) instead of --jobs worker processes; "
        "needs the distributed extra",
    )
    p.set_defaults(run=cmd_check)
    return p


@dataclass(frozen=True)
class _Request:
    """What ``variantgen check`` was asked, validated: the engine, the variant names as given (no
    duplicates; empty for all), the file under test if any (``--ini`` or ``--zrf``), and the worker count."""

    engine: Target
    names: list[str]
    file: str | None
    jobs: int
    uci: str | None = None
    out: Path | None = None  #: the build folder whose files are checked (None: --ini or --zrf names the file)
    out_note: str | None = None  #: why no build folder is checked, when the files are built in memory
    scheduler: str | None = None  #: the address of the Dask scheduler to hand the units of work to
    cluster: Cluster | None = None  #: the connection to it, for the length of the check


def _engine(args: argparse.Namespace) -> Target:
    """The engine asked for; ``ValueError`` for one with no adapter, or for an option of another engine."""
    name = getattr(args, "engine", DEFAULT)
    if name not in ADAPTERS:
        raise ValueError(f"unknown engine {name!r}; known: {', '.join(ADAPTERS)}")
    engine = Target(name)
    for other in ADAPTERS.values():
        for option, what in other.options.items():
            if other.target != engine and getattr(args, option, None) is not None:
                mine = ADAPTERS[engine]
                raise ValueError(
                    f"--{option} {what}: use it with --engine {other.target}, not {engine}"
                    + (f" ({mine.file_noun} is --{mine.file_option} FILE)" if option == other.file_option else "")
                )
    return engine


def _request(catalogue: Catalogue, args: argparse.Namespace) -> _Request:
    """The arguments, checked; ``ValueError`` (one line) for anything wrong."""
    engine = _engine(args)
    out, out_note = _out_folder(catalogue, args, engine)
    request = _Request(
        engine=engine,
        names=list(dict.fromkeys(getattr(args, "variants", None) or ())),
        file=getattr(args, ADAPTERS[engine].file_option, None),
        jobs=getattr(args, "jobs", None) or cores(),
        uci=getattr(args, "uci", None),
        out=out,
        out_note=out_note,
        scheduler=getattr(args, "scheduler", None),
    )
    unknown = [n for n in request.names if catalogue.get(n) is None]
    if unknown:
        known = catalogue.names()
        raise ValueError(f"unknown variant {unknown[0]!r}{did_you_mean(unknown[0], known)}; known: {', '.join(known)}")
    for option in ("depth", "games", "plies", "game_depth"):
        if getattr(args, option) < 0:
            raise ValueError(f"--{option.replace('_', '-')} {getattr(args, option)} must be 0 or more")
    if getattr(args, "jobs", None) is not None and args.jobs < 1:
        raise ValueError(f"--jobs {args.jobs} must be 1 or more")
    if getattr(args, "jobs", None) is not None and request.scheduler:
        raise ValueError("--jobs and --scheduler: give one or the other (with --scheduler the Dask workers check)")
    return request


def _out_folder(catalogue: Catalogue, args: argparse.Namespace, engine: Target) -> tuple[Path | None, str | None]:
    """The build folder whose files are checked: ``--out``, else ``./out`` when it holds a build of
    this catalogue (its build record names the same file and sha256); None when ``--ini`` or
    ``--zrf`` names the file instead, or when the files are built in memory, with the line that says so."""
    if getattr(args, ADAPTERS[engine].file_option, None):
        return None, None
    out = getattr(args, "out", None)
    if out:
        return Path(out), None
    if holds_build_of(catalogue, DEFAULT_OUT):
        return DEFAULT_OUT, None
    return None, f"{DEFAULT_OUT}/ holds no build of this catalogue: checking the files of a build made in memory"


def _names_in_zrf(catalogue: Catalogue, zrf_path: str) -> list[str]:
    """The catalogue variants the given rules file has a game for."""
    from generator.check.zillions import built_downloads, titles_of
    from generator.zrf.source import open_rules

    zrf = open_rules(zrf_path)
    try:
        titles = set(titles_of(zrf))
    except EngineError as e:
        raise ValueError(str(e)) from None
    written = {g.variant: g.title for z in built_downloads(catalogue, catalogue.variants).manifest.zrf for g in z.games}
    found = [v.name for v in catalogue.variants if written.get(v.name) in titles or v.title in titles]
    if not found:
        raise ValueError(
            f"{zrf.label} has no game titled as a catalogue variant; its titles: "
            + "; ".join(repr(t) for t in sorted(titles))
        )
    return found


def _checkable(catalogue: Catalogue, names: list[str], engine_name: Target) -> list[Variant]:
    """The variants ``engine_name`` gets a rules file for, in the order of ``names``; a line for each other."""
    by_name = {v.name: v for v in catalogue.variants}
    variants = []
    for n in names:
        v = by_name[n]
        if writable(v, engine_name):
            variants.append(v)
        else:
            why = "; ".join(x.text for x in limitations(v, engine_name) if not x.switchable)
            print(f"{n}: not checked, {engine_name} gets no section for it: {why}")
    if not variants:
        raise ValueError(f"none of the variants can be written for {engine_name}")
    return variants


def _print_report(report: VariantReport | CountReport, engine_name: Target) -> None:
    print(report.summary())
    ends = [rule for rule in report.proved if rule not in NOT_GAME_ENDS]
    others = [rule for rule in report.proved if rule in NOT_GAME_ENDS]
    if ends:
        print(f"  game-end rules proved: {', '.join(ends)}")
    if others:
        print(f"  other rules proved at positions set up for them: {', '.join(others)}")
    if report.unbuilt:
        print(f"  no deciding position found, so not proved: {', '.join(report.unbuilt)}")
    for x in report.limitations:
        if x.switchable:
            print(f"  switched off for {engine_name}: {x.text}")
        else:
            print(f"  cannot be switched off, still compared: {x.text}")
    if report.disagreement is not None:
        print(report.disagreement.describe())
    sys.stdout.flush()


def _proved(report: VariantReport | CountReport) -> str:
    """How many of the variant's game-end rules were proved, of how many it has."""
    return f"{len(report.proved)}/{len(report.proved) + len(report.unbuilt)}"


#: the columns every check's table ends with, whichever engine ran (:func:`_tail`)
#: the summary table's columns, the same whichever engine ran
_COLUMNS = ["variant", "positions", "nodes", "games", "game ends", "rules proved", "seconds"]


def _table(reports: Sequence[VariantReport | CountReport], games: int) -> str:
    rows = [
        [
            r.variant,
            str(r.positions),
            str(r.nodes),
            str(games),
            ends_text(r.ends) or "-",
            _proved(r),
            f"{r.seconds:.1f}",
        ]
        for r in reports
    ]
    return "\n".join(table(_COLUMNS, rows))


def _summary(
    reports: Sequence[VariantReport | CountReport],
    engine_name: Target,
    elapsed: float,
    startup: float,
    restarts: int = 0,
    on: str = "",
) -> str:
    """The last line; the shares are of the time the variants took, summed over the workers; ``on`` says where
    they ran (``" on 4 workers"``), when it was not this process alone."""
    bad = [r.variant for r in reports if not r.ok]
    ref = sum(r.reference_seconds for r in reports)
    eng = sum(r.engine_seconds for r in reports)
    spent = max(elapsed, sum(r.seconds for r in reports)) or 1.0
    compared = compared_text(sum(r.positions for r in reports), sum(r.nodes for r in reports))
    return (
        f"{count(len(reports), 'variant')}, {compared} "
        f"in {elapsed:.1f} s{on}" + f" (reference {100 * ref / spent:.0f}%, {engine_name} {100 * eng / spent:.0f}%, "
        f"rest {100 * max(0.0, spent - ref - eng) / spent:.0f}%, of which {startup:.1f} s starting the engine"
        + (f", {restarts} engine restarts" if restarts else "")
        + "): "
        + (f"{len(bad)} disagree ({', '.join(bad)})" if bad else "all agree")
    )


@dataclass(frozen=True)
class _Spread:
    """How one engine's variants are checked beyond this process, when they are: on ``request.jobs`` forked
    worker processes, each with the engine ``opener`` opens, or on the Dask workers of ``request.cluster``,
    each with ``engine`` (:mod:`generator.check.units`)."""

    catalogue: Catalogue
    request: _Request
    opener: Callable[[], contextlib.AbstractContextManager[EngineAdapter]]
    engine: Engine


def _compare_all(
    engine: EngineAdapter,
    variants: Sequence[Variant],
    args: argparse.Namespace,
    bar: LiveBar | None,
    label: Callable[[Variant], str] | None = None,
    proofs: bool = True,
    spread: _Spread | None = None,
) -> list[VariantReport]:
    """Each variant compared and its report printed as soon as it is done; with ``label`` the engine
    plays another definition of each variant (a built-in, an imported section), which the report names;
    ``proofs``: also prove the game-end rules at positions set up from a FEN.  With ``spread``, the variants
    are compared on worker processes or a Dask cluster when the request asks for them (``engine`` is then
    only the one that verified the files)."""

    def one(adapter: EngineAdapter, v: Variant, progress: Show | None = None) -> VariantReport:
        report = check_variant(
            v, adapter, depth=args.depth, games=args.games, plies=args.plies, seed=args.seed, progress=progress
        )
        if label is not None:
            report.variant = label(v)
        if proofs:
            prove_into(report, v, adapter)
        return report

    def assembled(unit_setup: Setup, v: Variant, results: list[Result]) -> VariantReport:
        report = assemble(unit_setup, v, results)
        if label is not None:
            report.variant = label(v)
        return report

    if spread is not None and spread.request.cluster is not None:
        settings = _settings(args, proofs)
        return _on_cluster(spread.request.cluster, spread.catalogue, variants, spread.engine, settings, assembled, bar)
    if spread is not None and _parallel(spread.request.jobs, variants):
        return _in_parallel(Job(variants, spread.opener, one), spread.request.jobs, bar, engine.name)
    return _in_turn(variants, lambda v, progress: one(engine, v, progress), bar, engine.name)


def _in_turn(
    variants: Sequence[Variant],
    check: Callable[[Variant, Show | None], ReportT],
    bar: LiveBar | None,
    engine_name: Target,
) -> list[ReportT]:
    """The variants checked one after another in this process, each report printed as soon as it is done."""
    reports = []
    for i, v in enumerate(variants, 1):
        report = check(v, bar.for_variant(f"{v.name} ({i}/{len(variants)})") if bar else None)
        if bar:
            bar.clear()
        reports.append(report)
        _print_report(report, engine_name)
    return reports


def _parallel(jobs: int, variants: Sequence[Variant]) -> bool:
    return jobs > 1 and len(variants) > 1 and available()


def _beyond(request: _Request, variants: Sequence[Variant]) -> bool:
    """Whether the variants are checked beyond this process, whose engine then only verifies the files."""
    return request.cluster is not None or _parallel(request.jobs, variants)


def _on(request: _Request, variants: Sequence[Variant]) -> str:
    """Where the variants were checked, for the summary: nothing when in this process alone."""
    if request.cluster is not None:
        return f" on {count(request.cluster.workers(), 'Dask worker')}"
    return f" on {request.jobs} workers" if _parallel(request.jobs, variants) else ""


def _settings(args: argparse.Namespace, proofs: bool) -> Settings:
    return Settings(args.depth, args.games, args.plies, args.seed, args.game_depth, proofs)


def _in_parallel(job: Job[Any, ReportT], jobs: int, bar: LiveBar | None, engine_name: Target) -> list[ReportT]:
    """``job`` on ``jobs`` worker processes, each report printed in the variants' order."""
    return _shown(
        lambda show, done: run(job, jobs, show, done), len(job.variants), f"on {jobs} workers", bar, engine_name
    )


def _on_cluster(
    cluster: Cluster,
    catalogue: Catalogue,
    variants: Sequence[Variant],
    engine: Engine,
    settings: Settings,
    assemble_one: Callable[[Setup, Variant, list[Result]], ReportT],
    bar: LiveBar | None,
) -> list[ReportT]:
    """The variants checked unit by unit on the Dask workers of ``cluster``, each report printed in the
    variants' order; ``assemble_one`` makes a variant's report of its units' results."""
    unit_setup = setup(catalogue, variants, engine, settings)
    names = [v.name for v in variants]

    def check(show: Callable[[ReportT], None], done: Callable[[int], None]) -> list[ReportT]:
        return cluster.run(
            unit_setup, names, lambda i, results: assemble_one(unit_setup, variants[i], results), show, done
        )

    return _shown(check, len(variants), "on the Dask workers", bar, engine.target)


def _shown(
    check: Callable[[Callable[[ReportT], None], Callable[[int], None]], list[ReportT]],
    total: int,
    on: str,
    bar: LiveBar | None,
    engine_name: Target,
) -> list[ReportT]:
    """``check`` run with what prints each report it shows and counts on the bar the variants it has done."""

    def done(k: int) -> None:
        if bar:
            bar.for_variant(f"{k}/{total} variants checked {on}")("variants", k, total, 0)

    def show(report: ReportT) -> None:
        if bar:
            bar.clear()
        _print_report(report, engine_name)

    try:
        return check(show, done)
    finally:
        if bar:
            bar.clear()


@contextlib.contextmanager
def _engine_of(opened: contextlib.AbstractContextManager[Opened]) -> Iterator[EngineAdapter]:
    """The engine of an adapter's ``open``, for a worker process."""
    with opened as (engine, _, _, _):
        yield engine


def cmd_check(catalogue: Catalogue, args: argparse.Namespace) -> int:
    """Run the check; 0 when the engine agrees on every variant, 1 on a disagreement, ``ValueError``
    for bad input or an engine that cannot be used."""
    request = _request(catalogue, args)
    adapter = ADAPTERS[request.engine]
    names = request.names
    if not names and request.file and adapter.names_in_file:
        names = adapter.names_in_file(catalogue, request.file)
    names = names or catalogue.names()
    with _connected(request) as request:
        variants = _checkable(catalogue, names, request.engine)
        if request.uci:
            return _check_counts(catalogue, variants, names, request, args)
        return _check_files(catalogue, variants, names, request, args)


@contextlib.contextmanager
def _connected(request: _Request) -> Iterator[_Request]:
    """``request``, connected to its Dask scheduler for the length of the check if it names one."""
    if request.scheduler is None:
        yield request
        return
    with connect(request.scheduler) as cluster:
        yield replace(request, cluster=cluster)


def _check_files(
    catalogue: Catalogue, variants: list[Variant], names: list[str], request: _Request, args: argparse.Namespace
) -> int:
    """The engine's rules files compared with the reference, position by position; 0 when all agree."""
    adapter = ADAPTERS[request.engine]
    bar = LiveBar() if sys.stderr.isatty() else None
    reports: list[VariantReport] = []
    startup = 0.0
    started = time.perf_counter()
    # the workers open engines of their own: the one here only verifies the files
    each = replace(request, jobs=1)
    mine = each if _beyond(request, variants) else request
    try:
        with adapter.open(catalogue, variants, names, mine) as (engine, notes, loaded, spec):
            startup = time.perf_counter() - started
            _announce(catalogue, request, notes)
            print(f"{loaded} in {startup:.1f} s")
            proofs = adapter.proves_given_file or not request.file
            spread = _Spread(
                catalogue, request, lambda: _engine_of(adapter.open(catalogue, variants, names, each)), spec
            )
            reports = _compare_all(engine, variants, args, bar, proofs=proofs, spread=spread)
        reports += adapter.others(catalogue, variants, request, args, bar)
    except EngineError as e:
        raise ValueError(str(e)) from None
    except Unfinished as e:
        return _unfinished(e)
    finally:
        if bar:
            bar.clear()
    elapsed = time.perf_counter() - started
    print(_table(reports, args.games))
    print(_summary(reports, request.engine, elapsed, startup, on=_on(request, variants)))
    return 1 if any(not r.ok for r in reports) else 0


def _unfinished(e: Unfinished) -> int:
    """A check that stopped before its end: one line saying what was not checked; 130 if interrupted, else 1."""
    print(f"variantgen check: {e}", file=sys.stderr)
    return 130 if e.interrupted else 1


def _compare_originals(
    catalogue: Catalogue, variants: Sequence[Variant], request: _Request, args: argparse.Namespace, bar: LiveBar | None
) -> list[VariantReport]:
    """Fairy-Stockfish's other definitions of the variants: its built-ins, and the sections entries were
    imported from."""
    return _compare_builtins(catalogue, variants, request, args, bar) + _compare_sources(
        catalogue, variants, request, args, bar
    )


def _compare_builtins(
    catalogue: Catalogue, variants: Sequence[Variant], request: _Request, args: argparse.Namespace, bar: LiveBar | None
) -> list[VariantReport]:
    """The variants that name a Fairy-Stockfish built-in, compared with the built-in itself."""
    from generator.check.fairy_stockfish import FairyStockfish, builtin_manifest

    named = [v for v in variants if v.fairy_stockfish_builtin]
    if not named:
        return []
    started = time.perf_counter()

    def opener(workers: int) -> FairyStockfish:
        return FairyStockfish("", named, workers=workers, manifest=builtin_manifest(named), exact=True)

    with opener(1 if _beyond(request, named) else request.jobs) as fsf:
        print(
            f"fairy-stockfish (pyffish {fsf.version}): {count(len(named), 'built-in variant')} verified "
            f"(registered, same start position) in {time.perf_counter() - started:.1f} s"
        )
        return _compare_all(
            fsf,
            named,
            args,
            bar,
            lambda v: f"{v.name} = built-in {v.fairy_stockfish_builtin}",
            spread=_Spread(catalogue, request, lambda: opener(1), Pyffish("", builtin_manifest(named), exact=True)),
        )


def _compare_sources(
    catalogue: Catalogue, variants: Sequence[Variant], request: _Request, args: argparse.Namespace, bar: LiveBar | None
) -> list[VariantReport]:
    """The imported variants (``source``) compared with their original sections, loaded from the
    original file beside the catalogue."""
    from generator.check.fairy_stockfish import FairyStockfish, source_manifest

    by_file: dict[str, list[Variant]] = {}
    for v in variants:
        if v.source is not None and v.source.section is not None:
            by_file.setdefault(v.source.file, []).append(v)
    reports = []
    for file, named in by_file.items():
        path = Path(catalogue.path).parent / file
        if not path.is_file():
            print(f"{path}: not found; the {len(named)} entries imported from it are not compared with it")
            continue
        started = time.perf_counter()
        text = path.read_text(encoding="utf-8")
        with FairyStockfish(
            text, named, workers=1 if _beyond(request, named) else request.jobs, manifest=source_manifest(named)
        ) as fsf:
            print(
                f"fairy-stockfish (pyffish {fsf.version}): {count(len(named), 'section')} of {file} verified "
                f"(registered, same start position) in {time.perf_counter() - started:.1f} s"
            )
            reports += _compare_all(
                fsf,
                named,
                args,
                bar,
                lambda v: f"{v.name} = [{v.source.section if v.source else ''}] of {v.source.file if v.source else ''}",
                spread=_Spread(
                    catalogue,
                    request,
                    functools.partial(FairyStockfish, text, named, workers=1, manifest=source_manifest(named)),
                    Pyffish(text, source_manifest(named)),
                ),
            )
    return reports


def _compare_games(
    catalogue: Catalogue, variants: Sequence[Variant], request: _Request, args: argparse.Namespace, bar: LiveBar | None
) -> list[VariantReport]:
    """The variants imported from Zillions games (``source: {file, game}``) compared with those games (not
    when a file is given: its games are not the catalogue's)."""
    from generator.check.zillions_source import ZillionsSources, imported_from_zillions, on_disk, source_path

    if request.file:
        return []

    named = []
    for v in imported_from_zillions(variants):
        if on_disk(source_path(catalogue, v)):
            named.append(v)
        else:
            print(f"{source_path(catalogue, v)}: not found; {v.name} is not compared with its game")
    if not named:
        return []
    started = time.perf_counter()
    with ZillionsSources(catalogue, named) as engine:
        print(
            f"zillions (the ZRF interpreter): {count(len(named), 'original game')} of {', '.join(engine.sources)} "
            f"loaded and verified (start positions) in {time.perf_counter() - started:.1f} s"
        )
        return _compare_all(
            engine,
            named,
            args,
            bar,
            lambda v: f"{v.name} = {v.source.game if v.source else ''!r} of {v.source.file if v.source else ''}",
            # the proofs set positions up on the emitter's own files; an original game is compared by moves
            proofs=False,
            spread=_Spread(catalogue, request, lambda: ZillionsSources(catalogue, named), ZrfSources()),
        )


def _announce(catalogue: Catalogue, request: _Request, notes: Sequence[str]) -> None:
    """The catalogue read and the notes on the files checked, once the engine has taken them: input
    refused before that leaves standard output empty."""
    print(describe(catalogue))
    for line in (request.out_note, *notes):
        if line:
            print(line)


def _check_counts(
    catalogue: Catalogue, variants: list[Variant], names: list[str], request: _Request, args: argparse.Namespace
) -> int:
    """``--uci``: perft counts through the native engine, variant by variant; 0 when all agree."""
    assert request.uci is not None
    uci = request.uci
    ini, manifest, source, notes = _ini(catalogue, names, request.file, request.out)
    reports: list[CountReport] = []
    started = time.perf_counter()
    bar = LiveBar() if sys.stderr.isatty() else None

    def one(opened: Native, v: Variant, progress: Show | None = None) -> CountReport:
        _, counts, proofs = opened
        report = check_counts(
            v, proofs, counts[v.name], args.depth, args.games, args.game_depth, args.plies, args.seed, progress=progress
        )
        prove_into(report, v, proofs)
        return report

    def opener() -> contextlib.AbstractContextManager[Native]:
        return open_native(uci, ini, manifest, variants, on_restart=_restarted)

    try:
        with opener() as opened:
            engine = opened[0]
            startup = time.perf_counter() - started
            loaded = f"{count(len(variants), 'section')} of {source} loaded and verified"
            _announce(catalogue, request, notes)
            print(f"{engine.name} ({uci}): {loaded} in {startup:.1f} s")
            if request.cluster is not None:
                native = NativeBinary(_command(uci), ini, manifest)
                settings = _settings(args, proofs=True)
                reports = _on_cluster(request.cluster, catalogue, variants, native, settings, assemble_counts, bar)
            elif _parallel(request.jobs, variants):
                reports = _in_parallel(Job(variants, opener, one), request.jobs, bar, request.engine)
            else:
                reports = _in_turn(variants, lambda v, show: one(opened, v, show), bar, request.engine)
            restarts = engine.restarts
    except EngineError as e:
        raise ValueError(str(e)) from None
    except Unfinished as e:
        return _unfinished(e)
    elapsed = time.perf_counter() - started
    print(_table(reports, args.games))
    print(
        _summary(
            reports,
            request.engine,
            elapsed,
            startup,
            restarts,
            _on(request, variants),
        )
    )
    return 1 if any(not r.ok for r in reports) else 0


def _restarted(message: str) -> None:
    print(f"engine restarted: {message}")


def _ini(
    catalogue: Catalogue, names: list[str], ini_path: str | None, out: Path | None
) -> tuple[str, Manifest, str, tuple[str, ...]]:
    """The ini under test (the given file, or the one in the build folder), the manifest it is
    checked against, a label, and a line to print if the file differs from a fresh build."""
    from generator.check.fairy_stockfish import ini_on_disk, ini_under_test

    if ini_path or out is None:
        return (*ini_under_test(catalogue, names, ini_path), ())
    text, manifest, source, note = ini_on_disk(catalogue, out)
    return text, manifest, source, (note,) if note else ()


#: what an adapter's ``open`` yields: the adapter, lines naming files on disk that differ from a fresh build,
#: a line saying what it loaded and verified, and how a Dask worker opens the same engine
Opened = tuple[EngineAdapter, tuple[str, ...], str, Engine]


def _absolute(path: str | Path | None) -> str | None:
    """``path`` from the root, for a Dask worker whose folder is another (``FILE.zip:NAME`` stays whole)."""
    return os.path.abspath(path) if path else None


def _command(path: str) -> str:
    """A native binary's path from the root, for a Dask worker; a bare name is looked up on its ``PATH``."""
    return os.path.abspath(path) if os.sep in path else path


@contextlib.contextmanager
def _open_zillions(
    catalogue: Catalogue, variants: list[Variant], names: list[str], request: _Request
) -> Iterator[Opened]:
    from generator.check.zillions import Zillions

    engine = Zillions(catalogue, variants, request.file, request.out)
    built = f"{count(len(engine.sources), '.zrf file')} " + (
        f"in {request.out}" if request.out else "built from the catalogue"
    )
    source = request.file or built
    with engine:
        loaded = f"{engine.name} (the ZRF interpreter): {count(len(variants), 'game')} of {source} loaded and verified"
        yield (
            engine,
            engine.notes,
            f"{loaded} (start positions)",
            ZrfFiles(_absolute(request.file), _absolute(request.out)),
        )


@contextlib.contextmanager
def _open_fairy_stockfish(
    catalogue: Catalogue, variants: list[Variant], names: list[str], request: _Request
) -> Iterator[Opened]:
    from generator.check.fairy_stockfish import FairyStockfish

    ini, manifest, source, notes = _ini(catalogue, names, request.file, request.out)
    with FairyStockfish(ini, variants, workers=request.jobs, manifest=manifest) as fsf:
        yield (
            fsf,
            notes,
            (
                f"{fsf.name} (pyffish {fsf.version}, {fsf.workers} worker processes): "
                f"{count(len(variants), 'section')} of {source} loaded and verified"
            ),
            Pyffish(ini, manifest),
        )


@dataclass(frozen=True)
class Adapter:
    """How ``check`` runs through one :class:`~generator.emit.target.Target`'s engine.

    ``file_option`` names a file of the target to check instead of the build's (``file_noun`` is what it is);
    ``options`` are the options only this engine takes, each with what it is, for the line that refuses
    them with another engine; ``open`` loads the rules files and verifies them; ``names_in_file`` picks the
    variants a given file holds when none are named; ``proves_given_file``: whether the game-end proofs run
    on a given file too (a Zillions file given is another's: its game ends are its own, compared by moves);
    ``others`` compares the variants with the engine's other definitions of them."""

    target: Target
    file_option: str
    file_noun: str
    options: dict[str, str]
    open: Callable[[Catalogue, list[Variant], list[str], _Request], contextlib.AbstractContextManager[Opened]]
    others: Callable[[Catalogue, Sequence[Variant], _Request, argparse.Namespace, LiveBar | None], list[VariantReport]]
    names_in_file: Callable[[Catalogue, str], list[str]] | None = None
    proves_given_file: bool = True


#: The engines ``check`` runs, one per target with fidelity checks (``tests/test_targets.py``).
ADAPTERS: dict[Target, Adapter] = {
    a.target: a
    for a in (
        Adapter(
            Target.FAIRY_STOCKFISH,
            "ini",
            "a Fairy-Stockfish file",
            {"ini": "is a Fairy-Stockfish file", "uci": "is a Fairy-Stockfish binary"},
            _open_fairy_stockfish,
            _compare_originals,
        ),
        Adapter(
            Target.ZILLIONS,
            "zrf",
            "a Zillions file",
            {"zrf": "is a Zillions file"},
            _open_zillions,
            _compare_games,
            names_in_file=_names_in_zrf,
            proves_given_file=False,
        ),
    )
}
DEFAULT = Target.FAIRY_STOCKFISH
