"""A check's units of work handed to a Dask distributed scheduler: ``variantgen check --scheduler ADDRESS``.

The units are :mod:`generator.check.units`' (each variant's perft tree, each of its random games, its
proofs); the scheduler places them on its workers, which open engines of their own, and the reports are
shown in the order of the variants, each as soon as its units and those of the variants before it are
done, as the local check shows them.  The scheduler is Dask's (``dask scheduler`` with ``dask worker
ADDRESS`` on each machine, or a ``distributed.LocalCluster``), reached through the optional extra
``variantgen[distributed]``; variantgen runs none of its own.

A worker that dies has its units run again on another (Dask's own retries), and the scheduler drops a
worker that stops answering (its ``worker-ttl``).  The check stops with
:class:`~generator.check.parallel.Unfinished`, naming the variants it did not show, when a unit has killed
every worker that ran it (``distributed.scheduler.allowed-failures`` + 1 of them), when the scheduler goes
away, when the cluster has had no worker for :data:`NO_WORKERS` seconds, or on Ctrl-C; its units are then
cancelled, its engines on the workers closed while the scheduler is there to reach them, and the client
closed.  A report not shown counts as not checked: no partial result passes for agreement.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from generator.check.compare import PartReport, VariantReport
from generator.check.parallel import unfinished
from generator.check.perft_compare import CountPart
from generator.check.units import Result, Setup, forget, units_of, work

if TYPE_CHECKING:
    import distributed

__all__ = ["CONNECT_TIMEOUT", "NO_WORKERS", "Cluster", "connect"]

Report = TypeVar("Report")

#: seconds to reach the scheduler before giving up on it
CONNECT_TIMEOUT = 5.0
#: seconds the cluster may go without a single worker before the check gives up on it
NO_WORKERS = 30.0
#: seconds between two looks at the cluster while no unit ends
_TICK = 1.0
#: seconds between two looks for units that have ended
_POLL = 0.05


class _Lost(Exception):
    """The cluster can no longer finish the check; the message says why."""


class Cluster:
    """One check's connection to a Dask scheduler (:func:`connect`)."""

    def __init__(self, client: distributed.Client, address: str) -> None:
        self._client = client
        self.address = address
        self._alone_since: float | None = None  #: when the cluster was last seen without a worker

    def workers(self) -> int:
        """How many workers the scheduler has now (none when it cannot be asked)."""
        if self._client.status != "running":
            return 0
        return int(self._client.scheduler_info(n_workers=0).get("n_workers", 0))

    def run(
        self,
        unit_setup: Setup,
        names: Sequence[str],
        assemble: Callable[[int, list[Result]], Report],
        show: Callable[[Report], None],
        done: Callable[[int], None],
    ) -> list[Report]:
        """The variants ``names`` checked on the cluster, unit by unit, with ``unit_setup``: ``assemble`` makes
        the report of variant ``i`` of its units' results, ``show`` is called with each report in the order of
        ``names``, ``done`` with how many variants are checked as each one ends.
        :class:`~generator.check.parallel.Unfinished` if the check cannot end (see the module docstring); an
        error a unit raises is raised here."""
        from distributed import as_completed

        client = self._client
        units = units_of(unit_setup.settings)
        where: dict[str, tuple[int, int]] = {}  # a unit's key -> (variant, unit), as numbers
        got: list[dict[int, Result]] = [{} for _ in names]  # by variant: each unit's result, by number
        reports: dict[int, Report] = {}
        shown = 0
        futures: list[distributed.Future[Any]] = []
        try:
            # a task, not data scattered: a worker that dies with it leaves the scheduler what makes it again
            shared = client.submit(_given, unit_setup, key=f"variantgen-check-setup-{unit_setup.key}")
            futures.append(shared)
            for i, name in enumerate(names):
                for j, unit in enumerate(units):
                    key = f"variantgen-check-{name}-{unit}-{unit_setup.key}"
                    where[key] = (i, j)
                    futures.append(client.submit(work, shared, name, unit, key=key))
            # each unit's result fetched as it ends, and fetched again if its worker dies first
            ended = as_completed(futures[1:], loop=client.loop, with_results=True, raise_errors=False)
            while shown < len(names):
                for future, outcome in self._next(ended):
                    i, j = where[future.key]
                    got[i][j] = self._result(outcome, names[i], units[j])
                    if len(got[i]) == len(units):
                        reports[i] = assemble(i, [got[i][k] for k in range(len(units))])
                        done(len(reports))
                while shown in reports:
                    show(reports[shown])
                    shown += 1
        except KeyboardInterrupt:
            raise unfinished("interrupted", names, shown, interrupted=True) from None
        except _Lost as e:
            raise unfinished(str(e), names, shown) from None
        finally:
            self._release(futures, unit_setup.key)
        return [reports[i] for i in range(len(names))]

    def _next(self, ended: distributed.as_completed) -> list[tuple[distributed.Future[Result], object]]:
        """The units that have ended since, with their results; :class:`_Lost` if the scheduler is gone or has
        had no worker for too long."""
        looked = 0.0
        while True:
            if time.monotonic() - looked >= _TICK:
                self._look()
                looked = time.monotonic()
            batch: list[tuple[distributed.Future[Result], object]] = ended.next_batch(block=False)
            if batch:
                return batch
            time.sleep(_POLL)

    def _look(self) -> None:
        """:class:`_Lost` if the scheduler is gone, or has had no worker for :data:`NO_WORKERS` seconds."""
        if self._client.status not in ("running", "connecting"):
            raise _Lost(f"the Dask scheduler at {self.address} went away")
        if self.workers():
            self._alone_since = None
            return
        self._alone_since = self._alone_since or time.monotonic()
        if time.monotonic() - self._alone_since >= NO_WORKERS:
            raise _Lost(f"the Dask scheduler at {self.address} has had no worker for {NO_WORKERS:.0f} s")

    def _result(self, outcome: object, name: str, unit: object) -> Result:
        """A unit's result, from what its future gave: :class:`_Lost` when the cluster could not run it; the
        unit's own error raised as it is."""
        from distributed import KilledWorker
        from distributed.client import FutureCancelledError

        if isinstance(outcome, FutureCancelledError):
            if outcome.reason == "scheduler-connection-lost":
                raise _Lost(f"the Dask scheduler at {self.address} went away")
            raise _Lost(f"{name}'s unit {unit} was cancelled on the cluster ({outcome.reason})")
        if isinstance(outcome, tuple):  # an error, as (type, error, traceback)
            _, error, traceback = outcome
            if isinstance(error, KilledWorker):
                raise _Lost(f"{name}'s unit {unit} killed every Dask worker that ran it")
            raise error.with_traceback(traceback)
        if isinstance(outcome, PartReport | CountPart | VariantReport):
            return outcome
        raise _Lost(f"{name}'s unit {unit} was cancelled on the cluster ({outcome})")

    def _release(self, futures: Sequence[distributed.Future[Any]], key: str) -> None:
        """Cancel what is left of the check on the cluster, and close its engines on the workers."""
        if self._client.status != "running":
            return  # the scheduler is gone, and the units with it
        with contextlib.suppress(Exception):
            self._client.cancel(list(futures))
            self._client.run(forget, key, on_error="ignore")


def _given(unit_setup: Setup) -> Setup:
    return unit_setup


@contextlib.contextmanager
def connect(address: str) -> Iterator[Cluster]:
    """The Dask scheduler at ``address``, for the length of one check; ``ValueError`` (one line) when the
    distributed extra is not installed, or when no scheduler answers there within :data:`CONNECT_TIMEOUT`
    seconds.  Dask's own log is kept quiet meanwhile: what goes wrong is said in one line by the check."""
    try:
        import distributed
    except ImportError:
        raise ValueError("--scheduler needs the distributed extra: pip install 'variantgen[distributed]'") from None
    # Dask's client logs, with tracebacks, what the check says in one line
    quiet = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        _reach(address)
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        try:
            yield Cluster(client, address)
        finally:
            client.close()
    finally:
        logging.disable(quiet)


def _reach(address: str) -> None:
    """``ValueError`` (one line) unless a Dask scheduler answers at ``address``.  Asked before the client
    starts: a client that fails to start lingers, closing, long after."""
    from distributed.comm import connect as comm_connect
    from distributed.security import Security

    async def knock() -> None:
        comm = await comm_connect(address, timeout=CONNECT_TIMEOUT, **Security().get_connection_args("client"))
        await comm.close()

    try:
        asyncio.run(knock())
    except ValueError as e:
        raise ValueError(f"--scheduler {address}: not the address of a Dask scheduler ({e})") from None
    except OSError:
        raise ValueError(
            f"--scheduler {address}: no Dask scheduler answers there within {CONNECT_TIMEOUT:.0f} s"
        ) from None
