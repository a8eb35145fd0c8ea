"""``check --scheduler``: the units of work on a Dask cluster give the figures of a local check, and a check the
cluster cannot finish (workers killed, the scheduler gone, Ctrl-C, no scheduler at all) ends in one line naming
what was not checked, never in agreement, with no process left behind.

The clusters are ``distributed.LocalCluster``s of two worker processes, started and closed here."""

from __future__ import annotations

import contextlib
import re
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import psutil
import pytest
from distributed import Client, LocalCluster
from distributed.core import Status

import generator.check.command as command
import generator.check.distributed as dask_check
from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.check.compare import PERFT, Answer, Query, VariantReport, check_part, check_variant, combined
from generator.check.endings import prove_into
from generator.check.perft_compare import CountReport
from generator.check.units import Result, Settings, ZrfFiles, assemble, forget, setup, units_of, work
from generator.check.zillions import Zillions
from generator.cli import main
from generator.emit.target import Target

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
#: small variants with a pass, drops, a swap and a race among them
NAMES = ["chess", "ajax-bigamous", "bipartite-stage-one", "prime-ministers-chess-4"]
SMALL = ["--depth", "1", "--games", "2", "--plies", "40"]


@contextlib.contextmanager
def _cluster() -> Iterator[LocalCluster]:
    """Two worker processes of one thread each; closed, and no process of theirs left (their engines
    included), on leaving."""
    before = _processes()
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0") as cluster:
        yield cluster
    deadline = time.monotonic() + 10
    while _processes() - before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes() - before == set()


def _processes() -> set[int]:
    """This process's children and theirs, but Python's resource tracker, which lives as long as this one."""
    return {
        p.pid
        for p in psutil.Process().children(recursive=True)
        if not any("resource_tracker" in word for word in _cmdline(p))
    }


def _cmdline(p: psutil.Process) -> list[str]:
    with contextlib.suppress(psutil.Error):
        return p.cmdline()
    return []


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with _cluster() as c:
        yield c


def _rows(out: str) -> list[list[str]]:
    """The summary table's rows, without the seconds."""
    table = out[out.index("variant  ") :].splitlines()[1:]
    return [line.split()[:-1] for line in table if line and not line[0].isdigit()]


def _order(out: str) -> list[str]:
    """The variants in the order their reports came."""
    return [line.split(":")[0] for line in out.splitlines() if re.match(r"^[^ ].*: \d+ positions, ", line)]


def _same_as_local(argv: Sequence[str], address: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The check run here and on the cluster: the same table, the reports in the same order; the cluster's output."""
    assert main(["check", *argv, "--jobs", "1"]) == 0
    here = capsys.readouterr().out
    assert main(["check", *argv, "--scheduler", address]) == 0
    there = capsys.readouterr().out
    assert _rows(there) == _rows(here)
    assert _order(there) == _order(here)
    assert re.search(r"in [\d.]+ s on 2 Dask workers \(.*\): all agree$", there.rstrip())
    return there


@pytest.mark.parametrize("engine", ["zillions", pytest.param("fairy-stockfish", marks=pytest.mark.slow)])
def test_a_dask_cluster_gives_the_figures_of_a_local_check(
    engine: str, cluster: LocalCluster, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    there = _same_as_local([*NAMES, "--engine", engine, *SMALL], cluster.scheduler_address, capsys)
    assert _order(there) == NAMES


@pytest.mark.slow
def test_a_dask_cluster_counts_what_a_native_engine_counts_here(
    engine_path: str, cluster: LocalCluster, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    argv = ["chess", "bipartite-stage-one", "--uci", engine_path, *SMALL]
    there = _same_as_local(argv, cluster.scheduler_address, capsys)
    assert _order(there) == ["chess", "bipartite-stage-one"]


@pytest.mark.slow
def test_the_originals_of_imported_entries_are_compared_on_the_cluster_too(
    cluster: LocalCluster, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the Fairy-Stockfish catalogue: each entry is compared with its section, then with the built-in it names
    monkeypatch.chdir(ROOT)
    argv = ["--catalogue", "fairy-stockfish", "racingkings", "--engine", "fairy-stockfish", *SMALL]
    there = _same_as_local(argv, cluster.scheduler_address, capsys)
    assert _order(there) == ["racingkings", "racingkings = built-in racingkings"]


class _Liar:
    """Zillions, but one move short at some positions ``plies`` plies deep."""

    def __init__(self, inner: Zillions, plies: int) -> None:
        self.inner = inner
        self.name = inner.name
        self.plies = plies

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        return [
            Answer(a.moves - {min(a.moves)}, a.result, a.claim, a.error)
            if len(q.moves) == self.plies and a.moves and sum(map(ord, "".join(q.moves))) % 3 == 0
            else a
            for q, a in zip(queries, self.inner.probe(variant, queries), strict=True)
        ]


@pytest.mark.parametrize(("name", "lies_at"), [("chess", 5), ("ajax-chess", 2)])
def test_the_units_of_a_variant_make_its_whole_check(name: str, lies_at: int) -> None:
    # what a worker does, done here: a position a game meets again counts once, where it was first met, and
    # nothing counts after the first disagreement (in a game at ply 5, or in the perft tree at ply 2)
    settings = Settings(depth=2, games=6, plies=40, seed=3, game_depth=3, proofs=True)
    figures = {"depth": 2, "games": 6, "plies": 40, "seed": 3}
    v = CATALOGUE.get(name)
    assert v is not None
    s = setup(CATALOGUE, [v], ZrfFiles(), settings)
    try:
        report = assemble(s, v, [work(s, name, unit) for unit in units_of(settings)])
    finally:
        forget(s.key)
    with Zillions(CATALOGUE, [v]) as engine:
        whole = check_variant(v, engine, **figures)  # type: ignore[arg-type]
        prove_into(whole, v, engine)
        liar = _Liar(engine, lies_at)
        told = check_variant(v, liar, **figures)  # type: ignore[arg-type]
        parts = [check_part(v, liar, part, **figures) for part in (PERFT, *range(6))]  # type: ignore[arg-type]
    assert _figures(report) == _figures(whole)
    assert told.disagreement is not None
    assert _figures(combined(v, liar.name, False, parts)) == _figures(told)


def _figures(r: VariantReport) -> tuple[object, ...]:
    return (r.positions, r.nodes, dict(r.ends), r.disagreement, r.limitations, r.proved, r.unbuilt)


def test_an_unreachable_scheduler_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    assert main(["check", "chess", "--engine", "zillions", "--scheduler", f"tcp://127.0.0.1:{port}"]) == 2
    assert time.monotonic() - started < dask_check.CONNECT_TIMEOUT + 5
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"variantgen: --scheduler tcp://127.0.0.1:{port}: no Dask scheduler answers there within 5 s\n"


def test_without_the_distributed_extra_scheduler_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert main(["check", "chess", "--engine", "zillions", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert capsys.readouterr() == (
        "",
        "variantgen: --scheduler needs the distributed extra: pip install 'variantgen[distributed]'\n",
    )


def _after_the_first_report(monkeypatch: pytest.MonkeyPatch, then: Callable[[], None]) -> None:
    """Call ``then`` once the check has printed its first report."""
    shown = command._print_report
    calls = []

    def print_report(report: VariantReport | CountReport, engine: Target) -> None:
        shown(report, engine)
        calls.append(report)
        if len(calls) == 1:
            then()

    monkeypatch.setattr(command, "_print_report", print_report)


def _after_the_first_unit(monkeypatch: pytest.MonkeyPatch, then: Callable[[], None]) -> None:
    """Call ``then`` once the first unit of work is back from the cluster (most are still to do)."""
    result = dask_check.Cluster._result
    calls = []

    def first(cluster: dask_check.Cluster, outcome: object, name: str, unit: object) -> Result:
        calls.append(unit)
        if len(calls) == 1:
            then()
        return result(cluster, outcome, name, unit)

    monkeypatch.setattr(dask_check.Cluster, "_result", first)


def _unchecked(err: str) -> list[str]:
    """The variants the line on standard error names as not checked: the last ones, the last at least."""
    found = re.fullmatch(r"variantgen check: .*: (\d) of 4 variants not checked \((.*)\)\n", err)
    assert found is not None, err
    names = found[2].split(", ")
    assert len(names) == int(found[1]) and names == NAMES[-len(names) :]
    return names


def test_a_worker_killed_mid_check_has_its_units_run_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # its nanny starts it again; the units it had, and the results it held, are made again
    monkeypatch.chdir(ROOT)
    argv = ["check", *NAMES, "--engine", "zillions", *SMALL]
    assert main([*argv, "--jobs", "1"]) == 0
    here = capsys.readouterr().out
    with _cluster() as cluster:

        def kill() -> None:
            psutil.Process(next(iter(cluster.workers.values())).process.pid).send_signal(signal.SIGKILL)

        _after_the_first_unit(monkeypatch, kill)
        assert main([*argv, "--scheduler", cluster.scheduler_address]) == 0
    there = capsys.readouterr().out
    assert _rows(there) == _rows(here) and _order(there) == NAMES


def test_workers_killed_mid_check_end_it_naming_what_was_not_checked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(dask_check, "NO_WORKERS", 2.0)
    with _cluster() as cluster:

        def kill() -> None:
            for nanny in cluster.workers.values():
                nanny.status = Status.closing_gracefully  # its worker is not started again
                psutil.Process(nanny.process.pid).send_signal(signal.SIGKILL)

        _after_the_first_unit(monkeypatch, kill)
        argv = ["check", *NAMES, "--engine", "zillions", *SMALL, "--scheduler", cluster.scheduler_address]
        assert main(argv) == 1
        out, err = capsys.readouterr()
    assert f"the Dask scheduler at {cluster.scheduler_address} has had no worker for 2 s: " in err
    assert _unchecked(err)
    assert "all agree" not in out and "variant  " not in out


def test_a_scheduler_that_goes_away_ends_the_check_naming_what_was_not_checked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    with _cluster() as cluster:
        _after_the_first_unit(monkeypatch, cluster.close)
        argv = ["check", *NAMES, "--engine", "fairy-stockfish", *SMALL, "--scheduler", cluster.scheduler_address]
        assert main(argv) == 1
        out, err = capsys.readouterr()
    assert f"the Dask scheduler at {cluster.scheduler_address} went away: " in err
    assert _unchecked(err)
    assert "all agree" not in out and "variant  " not in out


def test_an_interrupted_check_cancels_its_units_and_closes_its_engines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)

    def interrupt() -> None:
        raise KeyboardInterrupt

    with _cluster() as cluster:
        _after_the_first_report(monkeypatch, interrupt)
        argv = ["check", *NAMES, "--engine", "fairy-stockfish", *SMALL, "--scheduler", cluster.scheduler_address]
        assert main(argv) == 130
        out, err = capsys.readouterr()
        assert err == "variantgen check: interrupted: 4 of 4 variants not checked (" + ", ".join(NAMES) + ")\n"
        with Client(cluster.scheduler_address, set_as_default=False) as client:
            deadline = time.monotonic() + 30
            while client.run_on_scheduler(_tasks) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert client.run_on_scheduler(_tasks) == 0
            assert set(client.run(_engines_open).values()) == {0}
    assert "all agree" not in out


def _tasks(dask_scheduler: object) -> int:
    return len(dask_scheduler.tasks)  # type: ignore[attr-defined]


def _engines_open() -> int:
    from generator.check import units

    return len(units._OPEN)
