"""``check`` on several worker processes: the same figures as one process, and an end that says what was not
checked when it is cut short (a worker that dies, Ctrl-C), with no worker process left behind."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import re
from collections.abc import Iterator

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.parallel import Job, Unfinished, run
from generator.cli import main

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
NAMES = ["chess", "ajax-chess", "bipartite-stage-one", "prime-ministers-chess-4"]


def _rows(out: str) -> dict[str, list[str]]:
    """The summary table's rows, by variant, without the seconds."""
    table = out[out.index("variant  ") :].splitlines()[1:]
    return {line.split()[0]: line.split()[:-1] for line in table if line and not line[0].isdigit()}


@pytest.mark.parametrize("engine", ["zillions", "fairy-stockfish"])
def test_two_workers_compare_what_one_process_compares(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for jobs in ("1", "2"):
        assert main(["check", *NAMES, "--engine", engine, "--depth", "2", "--games", "2", "--jobs", jobs]) == 0
        outs.append(capsys.readouterr().out)
    one, two = outs
    assert _rows(one) == _rows(two)
    assert re.search(r"in [\d.]+ s on 2 workers \(", two)
    # the reports come in the catalogue's order, as with one process
    order = [line.split(":")[0] for line in two.splitlines() if re.match(r"^[\w-]+: \d+ positions", line)]
    assert order == NAMES


@contextlib.contextmanager
def _nothing() -> Iterator[None]:
    yield None


def _dies_on_ajax(_: None, v: Variant) -> str:
    if v.name == "ajax-chess":
        os._exit(3)
    return v.name


def test_a_worker_that_dies_ends_the_check_naming_what_was_not_checked() -> None:
    variants = [v for v in CATALOGUE.variants if v.name in NAMES]
    shown: list[str] = []
    with pytest.raises(Unfinished, match=r"a worker process died: \d of 4 variants not checked \(.*ajax-chess") as e:
        run(Job(variants, _nothing, _dies_on_ajax), 2, shown.append, lambda _: None)
    assert not e.value.interrupted
    assert "ajax-chess" not in shown
    assert shown == NAMES[: len(shown)]
    assert multiprocessing.active_children() == []


def test_an_interrupted_check_stops_its_workers() -> None:
    variants = [v for v in CATALOGUE.variants if v.name in NAMES]

    def interrupt(_: str) -> None:
        raise KeyboardInterrupt

    with pytest.raises(Unfinished, match=r"interrupted: 4 of 4 variants not checked \(chess, ajax-chess, ") as e:
        run(Job(variants, _nothing, lambda _, v: v.name), 2, interrupt, lambda _: None)
    assert e.value.interrupted
    assert multiprocessing.active_children() == []


def test_without_fork_the_check_runs_in_one_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert main(["check", "chess", "ajax-chess", "--engine", "zillions", "--depth", "1", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert " workers (" not in out and out.rstrip().endswith("all agree")
