"""Checks spread over worker processes, one engine each, a whole variant the unit of work.

``variantgen check`` hands its variants to ``--jobs`` worker processes (default: one per core).  Each worker
opens the engine once (its own pyffish, native Fairy-Stockfish or ZRF interpreter, through the same opener
the one-process check uses), checks the variants it is given, reference and proofs included, and sends each
report back; the reports are shown in the order of the variants, each as soon as those before it are done.
The workers are forked, so they share the catalogue already loaded: its frozen model objects never cross a
pipe, only variant numbers and reports do.

An interrupted run (Ctrl-C) or a worker that dies ends the pool: the workers are stopped, their engines
end with them (a pyffish worker or a native engine reads its orders from its parent and stops when that
pipe closes), and :class:`Unfinished` names the variants that were not checked, so that partial results are
never reported as agreement.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import multiprocessing.util
import os
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from generator.catalogue.model import Variant

__all__ = ["Job", "Unfinished", "available", "cores", "run", "unfinished"]

Engine = TypeVar("Engine")
Report = TypeVar("Report")


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def available() -> bool:
    """Whether this system forks processes (Windows does not: there the check runs in one process)."""
    return "fork" in multiprocessing.get_all_start_methods()


class Unfinished(Exception):
    """The check stopped before every variant was checked; the message names those that were not."""

    def __init__(self, message: str, interrupted: bool) -> None:
        super().__init__(message)
        self.interrupted = interrupted


def unfinished(why: str, names: Sequence[str], shown: int, interrupted: bool = False) -> Unfinished:
    """The end of a check cut short for ``why``, naming the variants of ``names`` from the ``shown``-th on: a
    report not shown counts as not checked, so that no partial result passes for agreement.

    >>> str(unfinished("interrupted", ["chess", "ajax-chess", "shogi"], 1, interrupted=True))
    'interrupted: 2 of 3 variants not checked (ajax-chess, shogi)'
    """
    left = names[shown:]
    return Unfinished(f"{why}: {len(left)} of {len(names)} variants not checked ({', '.join(left)})", interrupted)


@dataclass(frozen=True)
class Job(Generic[Engine, Report]):
    """The variants to check, how a worker opens its engine, and how it checks one variant with it."""

    variants: Sequence[Variant]
    open: Callable[[], contextlib.AbstractContextManager[Engine]]
    check: Callable[[Engine, Variant], Report]


#: in a worker: the job and its open engine
_WORKER: dict[str, Any] = {}


def _start(job: Job[Any, Any]) -> None:
    """A worker's start: Ctrl-C is the parent's to handle; the engine opened once, closed at the worker's end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stack = contextlib.ExitStack()
    _WORKER["engine"] = stack.enter_context(job.open())
    _WORKER["job"] = job
    multiprocessing.util.Finalize(None, stack.close, exitpriority=10)


def _check(index: int) -> Any:
    job: Job[Any, Any] = _WORKER["job"]
    return job.check(_WORKER["engine"], job.variants[index])


def run(job: Job[Any, Report], jobs: int, show: Callable[[Report], None], done: Callable[[int], None]) -> list[Report]:
    """Every variant of ``job`` checked on ``jobs`` worker processes; ``show`` is called with each report in
    the order of the variants, ``done`` with how many are checked as each one ends.  :class:`Unfinished` if
    the run is interrupted or a worker dies; an error a worker raises is raised here."""
    names = [v.name for v in job.variants]
    reports: dict[int, Report] = {}
    shown = 0
    pool = cf.ProcessPoolExecutor(
        max_workers=min(jobs, len(names)),
        mp_context=multiprocessing.get_context("fork"),
        initializer=_start,
        initargs=(job,),
    )
    try:
        futures = {pool.submit(_check, i): i for i in range(len(names))}
        for future in cf.as_completed(futures):
            reports[futures[future]] = future.result()
            done(len(reports))
            while shown in reports:
                show(reports[shown])
                shown += 1
    except (KeyboardInterrupt, cf.process.BrokenProcessPool) as e:
        _stop(pool)
        interrupted = isinstance(e, KeyboardInterrupt)
        why = "interrupted" if interrupted else "a worker process died"
        raise unfinished(why, names, shown, interrupted) from None
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return [reports[i] for i in range(len(names))]


def _stop(pool: cf.ProcessPoolExecutor) -> None:
    """End the workers now, running or not (their engines end with them)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for p in processes:
        p.terminate()
    # the pool's own thread sees them gone and joins them: waiting for it leaves no process behind
    pool.shutdown(wait=True, cancel_futures=True)
    for p in processes:
        p.join(5)
